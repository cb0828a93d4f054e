"""The referee: replays a play sequence against an instance (docs/architecture.md, the solitaire model).

This is the one piece of code every solver is judged by. It is deliberately small and
shares nothing with the solvers: it walks the events one by one and applies the rules of
§1.3 of the paper literally.

Rules enforced
--------------
* Cards are scanned in order. ``store i``, ``discard i`` and ``play i`` of a card not yet
  scanned must name the next card of the sequence: no card may be skipped.
* ``play i`` of a stored card is allowed at any time after its scan; of a card discarded or
  played before, it is illegal (the card is not held).
* A card ``(a, k)`` is playable when ``a - 1`` cards of color ``k`` have been played.
* After every ``store`` at most ``h`` cards are held.
* When the events end, every card must have been scanned.

Examples
--------
>>> from solitaire.model import Instance
>>> inst = Instance.from_cards(2, 1, 1, [(2, 1), (1, 1)])
>>> replay(inst, [("store", 1), ("play", 2), ("play", 1)])
2
>>> replay(inst, [("play", 1)])
Traceback (most recent call last):
...
solitaire.referee.IllegalEvent: event 1 ('play', 1): card 1 is (2, 1) but color 1 needs value 1 next
"""

from collections.abc import Iterable

from solitaire.model import Instance

__all__ = ["IllegalEvent", "replay"]


class IllegalEvent(ValueError):
    """An event that breaks the rules; ``number`` is its 1-based place in the sequence."""

    def __init__(self, number: int, event: tuple[str, int] | None, reason: str) -> None:
        super().__init__(f"event {number} {event!r}: {reason}" if number else reason)
        self.number = number
        self.event = event
        self.reason = reason


def replay(instance: Instance, events: Iterable[tuple[str, int]]) -> int:
    """Replay ``events`` (pairs ``(name, index)``) and return the score.

    Raises
    ------
    IllegalEvent
        At the first event that breaks a rule, or when cards are left unscanned.
    """
    cards = instance.cards
    next_card = 1                     # 1-based index of the next card to scan
    held = set()                      # indices of stored cards
    gone: dict[int, str] = {}         # index of a card discarded or played: what became of it, and when
    top = [0] * (instance.c + 1)      # top[k] = number of cards of color k played
    score = 0
    for number, event in enumerate(events, start=1):
        name, i = event
        if name not in ("store", "discard", "play"):
            raise IllegalEvent(number, event, f"unknown event {name!r}")
        if not 1 <= i <= len(cards):
            raise IllegalEvent(number, event, f"index {i} outside 1..{len(cards)}")
        from_hand = name == "play" and i in held
        if not from_hand:
            if name == "play" and i in gone:
                raise IllegalEvent(number, event, f"card {i} is not held ({gone[i]})")
            if i != next_card:
                what = "was already scanned" if i < next_card else "is not the next card"
                raise IllegalEvent(number, event, f"card {i} {what} (next card to scan is {next_card})")
            next_card += 1
        a, k = cards[i - 1]
        if name == "store":
            held.add(i)
            if len(held) > instance.h:
                raise IllegalEvent(number, event, f"storing card {i} makes {len(held)} held cards > h = {instance.h}")
        elif name == "play":
            if a != top[k] + 1:
                raise IllegalEvent(number, event, f"card {i} is {(a, k)} but color {k} needs value {top[k] + 1} next")
            top[k] = a
            score += 1
            held.discard(i)
            gone[i] = f"already played at event {number}"
        else:
            gone[i] = f"it was discarded at event {number}"
    if next_card <= len(cards):
        raise IllegalEvent(0, None, f"the sequence ends before card {next_card} of {len(cards)} is scanned")
    return score
