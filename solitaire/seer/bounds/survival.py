"""Whether a game can keep every card its maximum needs until the last draw: a bound of 0 for the games that end with 0
as soon as such a card is lost (the option ``speedrun``, All or Nothing).

A card the maximum needs is one above its stack; it is *lost* when every copy of it in the deck is discarded or
misplayed (:func:`~solitaire.seer.game.position.needed_lost`, on stacks built from 1 up). A speedrun game (and one of
All or Nothing) ends with 0 at that moment, and a third strike scores 0 too. So a line scores above 0 only if it loses
no needed card until the game ends: at the maximum, or past the last draw.

The relaxation (the pooled hand of :mod:`~solitaire.seer.bounds.relaxations`). Pool the hands and forget clue
tokens, strikes and who holds which card. While the deck lasts the hands hold the same cards before every play or
discard, and each play, misplay or discard removes one held card and draws the next one; a clue removes none. So a
real line that keeps every needed card until the last draw gives a *run* of the pooled hand: from the cards held and
the stacks, one step per card left to draw, each removing a held card — a play of a card next on its stack, or a
discard (a misplay counts as one) that loses no needed card — then drawing. (Under ``deckPlays`` the last card may be
played from the deck without a removal: the run ends one draw earlier.) If no run exists, every line scores 0.

The search of runs. Three rules leave one choice per step, the discard of a card with another copy held or still to
draw, and a depth-first search over those choices, each state (cards drawn, stacks, cards held) visited once, decides
whether a run exists. (1) *A play first*: if some run removes another card where a card ``X`` plays, then the state
after playing ``X`` has a run too. Its hand is the other state's with ``Y`` (the card removed there) for ``X``, its
stack of ``X``'s suit one higher. Copy the other run step by step, except: where it removes ``X``, remove ``Y``
(``Y``'s type is below its stack, or it has a copy held or to draw, for the other run lost nothing when it removed
``Y``; that copy is not ``X`` unless ``Y`` is of ``X``'s type, played here); where it plays another copy of ``X``'s
type, discard it (it is below its stack here). Every play copied still plays (the stacks differ only in ``X``'s suit,
whose next card the other run plays only as a copy of ``X``), every discard copied loses nothing (a card below its stack
there is below it here; a copy held or to draw there is one here, or ``X``, whose type is played here), and the stacks
stay at least as high, so a card needed here is needed there, with at least as many copies kept. Once ``X`` is gone
from the other run, the hands are equal, and higher stacks with the same cards keep every run (a play there is a play
or a discard of a card below its stack here). So the order of two plays does not matter either. (2) *A card below its
stack next*, when none plays: the same copy, with that card for ``X`` and no stack raised. (3) *Else* a card may go
only where it has another copy held or to draw, or none of its type is needed; otherwise that step loses a needed card.
Every stack finished, the rest of the deck runs through the discards of rule (2).

:func:`keeps_needed` answers for a position of stacks built from 1 up (Up or Down and Sudoku are bounded on their
direction assignments, :mod:`~solitaire.seer.bounds.orders`, whose games are of that kind) within a budget of
``states``; ``None`` when the budget runs out (no bound). :func:`~solitaire.seer.bounds.relaxations.u2` is 0 where
it answers ``False``.
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire.seer.game.deals import RANKS
from solitaire.seer.game.position import Position

__all__ = ["STATES", "keeps_needed", "run_exists"]

#: The states :func:`keeps_needed` visits at most (each a few tens of microseconds).
STATES = 20_000


def keeps_needed(position: Position, states: int = STATES) -> bool | None:
    """Whether some run of the pooled hand keeps every card the maximum needs from ``position`` until the last draw
    (module docstring): ``False`` proves that every line scores 0 in a game that ends with 0 when such a card is
    lost; ``None`` when ``states`` ran out."""
    deal = position.deal
    if position.ways is not None:
        raise ValueError(f"{deal.variant.name}: runs take stacks built from 1 up (solitaire.seer.bounds.orders)")
    rest = deal.types[position.next_card:].tolist()
    if deal.rules.deck_plays and rest:
        rest = rest[:-1]  # the last card may be played from the deck: no removal before it
    return run_exists(position.held_types, rest, position.stacks, deal.n_types, states)


def run_exists(held: Sequence[int], rest: Sequence[int], stacks: Sequence[int], n_types: int,
               states: int = STATES) -> bool | None:
    """Whether a run exists (module docstring) for the cards ``held`` (types ``suit * 5 + rank - 1``), the types
    ``rest`` still to draw, in order, and the cards played per suit ``stacks``; ``None`` when more than ``states``
    states would be visited."""
    last = [-1] * n_types  # the index in ``rest`` of each type's last copy
    for i, t in enumerate(rest):
        last[t] = i
    hand = [0] * n_types
    for t in held:
        hand[t] += 1
    seen: set[tuple] = set()

    def run(i: int, stacks: list[int], hand: list[int]) -> bool | None:
        i = _forced(i, stacks, hand, rest)
        if i == len(rest):
            return True
        key = (i, tuple(stacks), tuple(hand))
        if key in seen:
            return False
        if len(seen) >= states:
            return None
        seen.add(key)
        answer: bool | None = False
        for t in _spares(hand, last, i):
            child = hand.copy()
            child[t] -= 1
            child[rest[i]] += 1
            found = run(i + 1, stacks.copy(), child)
            if found:
                return True
            if found is None:
                answer = None
        return answer

    return run(0, list(stacks), hand)


def _forced(i: int, stacks: list[int], hand: list[int], rest: Sequence[int]) -> int:
    """Apply rules (1) and (2) of the module docstring in place from the ``i``-th card to draw: while a held card plays
    or lies below its stack, remove it and draw; the index of the next card to draw when neither applies (or the
    deck is drawn)."""
    while i < len(rest):
        t = _removable(stacks, hand)
        if t < 0:
            break
        suit, rank = divmod(t, RANKS)
        if stacks[suit] == rank:
            stacks[suit] += 1
        hand[t] -= 1
        hand[rest[i]] += 1
        i += 1
    return i


def _removable(stacks: list[int], hand: list[int]) -> int:
    """A held type that plays (first) or lies below its stack, or -1."""
    for suit, top in enumerate(stacks):
        if top < RANKS and hand[suit * RANKS + top]:
            return suit * RANKS + top
    for t, held in enumerate(hand):
        if held and t % RANKS < stacks[t // RANKS]:
            return t
    return -1


def _spares(hand: list[int], last: list[int], i: int) -> list[int]:
    """The held types one copy of which may go without losing a needed card (rule (3)): two held, or another copy to
    draw (from the ``i``-th card on), those held twice first, then by the place of their type's last copy."""
    twice = [t for t, held in enumerate(hand) if held >= 2]
    later = sorted((t for t, held in enumerate(hand) if held == 1 and last[t] >= i), key=lambda t: last[t])
    return twice + later
