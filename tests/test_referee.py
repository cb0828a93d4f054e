"""The referee: legal sequences score, every kind of illegal event is named."""

import pytest

from solitaire.model import Instance
from solitaire.referee import IllegalEvent, replay

INST = Instance.from_cards(2, 2, 1, [(2, 1), (1, 1), (1, 2), (2, 2)])


def test_win():
    assert replay(INST, [("store", 1), ("play", 2), ("play", 1), ("play", 3), ("play", 4)]) == 4


def test_partial_score_with_discards():
    assert replay(INST, [("discard", 1), ("play", 2), ("discard", 3), ("discard", 4)]) == 1


@pytest.mark.parametrize("events, number, words", [
    ([("play", 1)], 1, "needs value 1"),
    ([("store", 2)], 1, "not the next card"),
    ([("store", 1), ("store", 2)], 2, "> h = 1"),
    ([("discard", 1), ("discard", 1)], 2, "already scanned"),
    ([("discard", 1), ("play", 2), ("play", 2)], 3, "card 2 is not held (already played at event 2)"),
    ([("discard", 1), ("play", 2), ("discard", 3), ("play", 1)], 4, "card 1 is not held (it was discarded at event 1)"),
    ([("store", 1), ("store", 1)], 2, "already scanned"),
    ([("discard", 9)], 1, "outside"),
    ([("hold", 1)], 1, "unknown event"),
    ([("store", 1), ("play", 1)], 2, "needs value 1"),
])
def test_illegal(events, number, words):
    with pytest.raises(IllegalEvent) as info:
        replay(INST, events)
    assert info.value.number == number
    assert words in str(info.value)


def test_unscanned_cards_are_illegal():
    with pytest.raises(IllegalEvent, match="ends before card 3"):
        replay(INST, [("discard", 1), ("play", 2)])


def test_hand_zero_allows_no_store():
    inst = INST.with_hand(0)
    with pytest.raises(IllegalEvent, match="> h = 0"):
        replay(inst, [("store", 1)])
