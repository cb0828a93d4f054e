"""max_score: the deck forms it takes, the starting player (seats renamed) against the search from that first
position, positions, its JSON form."""

import numpy as np
import pytest

from solitaire.io.errors import InputError
from solitaire.seer import MaxScore, bounds_of, max_score
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.deals import Deal, format_deal_text, seeded_deal
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import seer_line, simulate

#: Deals where the bot's line is short of U2 (the search runs) and some where it is not.
DEALS = [(2, 12), (2, 0), (2, 6126), (2, 27898), (3, 565), (3, 83), (4, 24), (5, 24), (5, 129)]


def _forms(deal):
    types = deal.types.tolist()
    return {"deal": (deal, None), "text": (format_deal_text(deal), deal.players),
            "types": (types, deal.players), "pairs": ([[t // 5, t % 5 + 1] for t in types], deal.players),
            "objects": ([{"suitIndex": t // 5, "rank": t % 5 + 1} for t in types], deal.players)}


@pytest.mark.parametrize("players, seed", DEALS[:5])
def test_every_form_of_the_deck_gives_bounds_u3(players, seed):
    deal = seeded_deal(players, seed)
    expected = exact(deal, SearchLimits(10))
    for name, (deck, p) in _forms(deal).items():
        result = max_score(deck, p)
        assert (result.score, result.high, result.exact) == (expected.score, expected.high, expected.exact), name
        assert simulate(result.start, result.actions).score == result.score


@pytest.mark.parametrize("players, seed", DEALS)
def test_another_starting_player_gives_the_answer_of_the_search_from_that_position(players, seed):
    """max_score renames the seats of a first turn where player ``s != 0`` moves first; the search from the
    position itself (no renaming) finds the same optimum."""
    deal = seeded_deal(players, seed)
    for start in range(1, players):
        first = deal.starting(start)
        direct = exact(first, SearchLimits(10), start=Position.initial(first))
        for deck, p in (_forms(deal)["pairs"], (deal, None)):
            result = max_score(deck, p, start_player=start)
            assert result.exact and direct.exact
            assert result.score == direct.score, (players, seed, start)
            assert result.start.to_move == start
            assert simulate(result.start, result.actions).score == result.score
        assert max_score(deal.starting(start)).score == direct.score  # the deal's own starting player


def test_from_positions_of_a_game_the_maximum_never_rises():
    deal = seeded_deal(2, 12).starting(1)
    actions, score = seer_line(deal)
    maxima = []
    for t in range(0, len(actions) + 1, 7):
        position = simulate(deal, actions[:t]).position()
        result = max_score(position)
        assert result.exact and result.start is position
        assert simulate(position, result.actions).score == result.score
        maxima.append(result.score)
    assert maxima == sorted(maxima, reverse=True) and maxima[-1] >= score
    assert max_score(Position.initial(deal)).score == maxima[0]


def test_the_result_is_a_small_readable_record():
    result = max_score(seeded_deal(3, 0))
    assert isinstance(result, MaxScore) and repr(result) == "MaxScore(score=25, high=25, exact=True)"


def test_a_timeout_leaves_proven_bounds():
    result = max_score(seeded_deal(2, 12), timeout=0)
    assert result.score <= 23 <= result.high
    assert result.exact == (result.score == result.high)


def test_max_score_says_exact_as_the_search_and_the_rows_do():
    """One word for "the bounds meet": ``exact``, as in :class:`ExactResult` and the rows' key."""
    from dataclasses import fields

    from solitaire.seer.bounds.u3 import ExactResult

    assert [f.name for f in fields(MaxScore)] == ["score", "high", "exact", "start", "actions"]
    assert "exact" in {f.name for f in fields(ExactResult)} and not hasattr(max_score(seeded_deal(2, 12)), "proven")


def test_what_max_score_refuses():
    deal = seeded_deal(2, 0)
    types = deal.types.tolist()
    with pytest.raises(ValueError, match="players is needed"):
        max_score(types)
    with pytest.raises(ValueError, match="of 2 players, not 3"):
        max_score(deal, 3)
    with pytest.raises(ValueError, match="start_player must be in 0..1"):
        max_score(deal, start_player=2)
    with pytest.raises(ValueError, match="no players or start_player"):
        max_score(Position.initial(deal), start_player=1)
    with pytest.raises(InputError):  # (rank, suit) pairs are not hanab.live's (suitIndex, rank)
        max_score([list(card) for card in deal.cards], 2)
    with pytest.raises(InputError, match="expected 50 cards"):
        max_score(types[:-1], 2)
    with pytest.raises(InputError, match="more copies"):
        max_score([0] + types[1:], 2)


def test_a_deal_built_by_hand_with_a_card_too_often_is_refused_not_solved():
    """A :class:`Deal` checks the range of its types only; ``max_score``, ``bounds_of`` and ``analyze_game`` refuse
    one that holds a card more often than the deck (a type mapped wrong), and take a short deck."""
    from solitaire.seer import analyze_game

    wrong = Deal([0] * 50, 2)  # every card r1: a mapping bug, not a deck
    for call in (lambda: max_score(wrong), lambda: bounds_of(Position.initial(wrong), exact=False),
                 lambda: analyze_game(wrong)):
        with pytest.raises(InputError, match="^`(deck|deal)`: the deck holds r1 50 times, more than the 3 of"):
            call()
    short = Deal([0, 1, 2, 3, 4, 0, 1, 2, 3, 5, 0, 6], 2, options=Options(one_less_card=True))
    assert max_score(short).exact


def test_numpy_card_types_are_card_types():
    deal = seeded_deal(2, 12)
    expected = max_score(deal)
    pairs = np.array([[t // 5, t % 5 + 1] for t in deal.types.tolist()])
    for deck in (deal.types, tuple(deal.types), list(deal.types.astype(np.int32)), pairs):
        result = max_score(deck, players=np.int64(2))
        assert (result.score, result.high, result.exact) == (expected.score, expected.high, expected.exact)
    with pytest.raises(InputError, match="more copies"):
        max_score(np.zeros(50, dtype=int), 2)


@pytest.mark.parametrize("timeout", [-1, 10**7 + 1, "x", float("nan"), float("inf"), True])
def test_a_timeout_the_command_line_refuses_is_refused_naming_it(timeout):
    deal = seeded_deal(2, 12)
    for call in (lambda: max_score(deal, timeout=timeout), lambda: bounds_of(deal, timeout=timeout),
                 lambda: bounds_of(deal, exact=False, timeout=timeout)):
        with pytest.raises(InputError, match="^`timeout`: expected a number of seconds in 0..10000000 or None"):
            call()


def test_players_must_be_a_whole_number():
    types = seeded_deal(2, 12).types.tolist()
    for players in (2.0, "2", 7):
        with pytest.raises(InputError, match="^`players`: expected a whole number in 2..6"):
            bounds_of(types, players=players, exact=False)


def test_the_json_form_leaves_out_the_position_and_replays():
    import json

    result = max_score(seeded_deal(2, 12), start_player=1)
    out = json.loads(json.dumps(result.to_json()))
    assert {key: out[key] for key in ("score", "high", "exact")} == {"score": 23, "high": 23, "exact": True}
    assert set(out) == {"score", "high", "exact", "actions"}
    assert simulate(result.start, out["actions"]).score == 23
