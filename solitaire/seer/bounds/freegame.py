"""A second, independent solver of the token-free game: "can this deal reach score t?".

Why it exists. On some deals only :func:`solitaire.seer.bounds.u3.search.exact` proves ``U3 < U2``, and it
does so through its search of the token-free game (the ``exact`` module docstring), which
the SAT peers cannot follow: their refutations of such questions run out of time (``instances/deals/README.md``).
This module decides the same relaxation with nothing of :mod:`solitaire.seer.bounds.u3`: plain
Python, its own model of the game, its own pruning (each rule proved below). A "no" here is
a second proof that the deal cannot reach ``t`` under the real rules.

The model (slots), on the deck of the deal's variant (``S`` suits, types ``5 suit + rank - 1`` below
``5 S``, any copies of each card, the hands of the position whatever their size). Drop clue tokens and
strikes. While the deck lasts, a clue only passes
the turn, so any player can be the next to act; every other action removes one card from
the actor's hand (a play if it is playable, else a discard: a misplay is one too) and the
actor draws the next card of the deck. After the last draw, by player ``d``, players
``d + 1 .. d + P`` have one turn each, in that order: a play of a card of their own hand, or
nothing. The state is the number ``k`` of removals made, the stacks and the hands.

Why it bounds U3 from above. A real game is such a sequence: its clues become passes, its
removals are removals of the actor's card with the actor drawing, its final round is the
same. Tokens, strikes, the fixed turn order and which clues the variant allows only forbid moves,
and a third strike scores 0. So this game's best score is at least U3; if it cannot reach ``t``,
neither can the deal. The argument needs only that every turn of a real game is a clue, or a play or
discard of the actor's card that draws for the actor, true of every rule the simulator models but the
option ``deckPlays`` (a play of the deck's last card from the deck), whose deals are refused.

Detrimental characters (:mod:`~solitaire.seer.game.characters`). Those that refuse moves only forbid moves. The
others change the game, and the model still holds every line of it:

* Genius's second action in a turn is a clue, a pass; Panicky's is a discard, a removal by the actor drawing the
  next card while the deck lasts (any player may act next), and after the last draw a removal that plays nothing,
  which scores at most what doing nothing scores.
* Follower's misplay of a card that would score removes it, the actor drawing, as the model's removal does, but the
  model plays it. Higher stacks never score less: a state with the same hands and every stack at least as high
  copies each later move of the other, a play of a card already below its stack becoming a removal of it (junk),
  so its stacks stay at least as high and its score at least as large.
* Contrarian reverses the order of play after each of its turns and ends the game two turns after the last draw.
  While the deck lasts the order does not matter (any player may act next); the final round is then relaxed to
  ``F = 2`` turns of two different players in either order (two consecutive seats differ), a choice the model makes.
  From a position whose deck is empty the turns left are the exact seats of the order of play
  (:meth:`~solitaire.seer.game.characters.Traits.seats`).

Pruning (``target`` fixed, so a state that fails fails for good and is remembered):

* *Junk.* A card whose type is played, or above a type of its suit with no copy left in the
  hands or the deck, can never be played; all such cards are one symbol.
* *Bound.* Each suit reaches at most the first rank, from its stack up, with no copy left;
  and each remaining removal or final turn plays at most one card. A state whose smaller
  bound is below ``target`` is cut.
* *Rotation.* Renaming the players ``p -> p + r (mod P)`` maps lines to lines with the same
  score (nothing before the final round depends on names, and its order rotates along), so
  the hands are stored in their least rotation.
* *A playable card is played.* A player ``p`` holding a playable card ``x`` never needs to
  discard a card ``w``: after playing ``x`` instead, the hands differ only in ``p`` holding
  ``w`` rather than ``x`` and the stacks are higher by ``x``. That state copies every later
  move of the other: a play or discard of ``x`` by ``p`` becomes a discard of ``w`` (same
  draw, same drawer), a play of another copy of ``x`` (junk now) a discard of it, and every
  other play stays legal, as its stacks are never lower. So it scores at least as much.
* *Junk goes first.* A player holding a junk card ``j`` and no playable card sheds ``j``
  rather than a useful card ``u``: that state holds ``u`` where the other holds ``j`` and
  copies it, turning its later shedding of ``j`` into the same of ``u``.

From a position (:class:`~solitaire.seer.game.position.Position`): the same game from its hands,
stacks and deck left (``k`` counts the removals from there); once its deck is empty only its
final round remains: ``turns_left`` turns, from the player to move on. A position whose game is
over reaches exactly its own score.

Tested against the exhaustive search of the same game on tiny decks (``tests/seer/bounds/test_exact.py``; of
variant decks, ``tests/seer/bounds/test_variant_peers.py``) and against the search's token-free game on full deals.
"""

import itertools
import time

from solitaire.seer.game.deals import RANKS, Deal
from solitaire.seer.game.position import Position, position_of
from solitaire.seer.game.simulator import Game
from solitaire.seer.game.variants import UnsupportedVariant

__all__ = ["free_reaches"]

JUNK = -1  #: the one symbol of every junk card


class _OutOfTime(Exception):
    pass


def free_reaches(source: Deal | Position, target: int, timeout: float | None = None) -> tuple[bool | None, int]:
    """``(answer, nodes)``: can the token-free game of ``source`` (a deal or a position) reach
    ``target`` points?

    ``answer`` is True or False, or None when ``timeout`` seconds ran out. Every False is a
    proof that ``U3 < target`` (module docstring); a True says nothing about U3. A deal with the option
    ``deckPlays`` (module docstring) raises :class:`~solitaire.seer.game.variants.UnsupportedVariant`.
    """
    position = position_of(source)
    deal = position.deal
    if deal.rules.deck_plays:
        raise UnsupportedVariant("option deckPlays is not modelled: a play from the deck removes no card of the "
                                 "actor's hand", "token-free solver")
    P, n_types = deal.players, deal.n_types
    deck = [int(t) for t in deal.types]
    start, R = position.next_card, len(deck) - position.next_card
    if position.over:
        return position.score >= target, 0
    contrarian = any(c.name == "Contrarian" for c in deal.rules.characters)
    F = 2 if contrarian else P  # the turns of the final round
    left = [[0] * n_types for _ in range(R + 1)]  # left[k][x]: copies of x still to draw after k removals
    for k in range(R - 1, -1, -1):
        left[k] = left[k + 1][:]
        left[k][deck[start + k]] += 1
    deadline = None if timeout is None else time.monotonic() + timeout
    failed, nodes = set(), 0

    def tops(stacks, hands, k):
        """Per suit, the first rank from its stack up with no copy left (the suit's best)."""
        have = left[k][:]
        for hand in hands:
            for x in hand:
                if x != JUNK:
                    have[x] += 1
        best = []
        for s in range(n_types // RANKS):
            r = stacks[s]
            while r < RANKS and have[s * RANKS + r]:
                r += 1
            best.append(r)
        return best

    def marked(stacks, top, hands):
        """The hands with every junk card as ``JUNK``."""
        return tuple(tuple(x if x != JUNK and stacks[x // RANKS] <= x % RANKS < top[x // RANKS] else JUNK
                           for x in hand) for hand in hands)

    def final(stacks, hands, seats):
        """The best score of a final round of one turn for each of ``seats``, in that order."""
        def go(i, stacks):
            best = sum(stacks)
            if i < len(seats) and best < target:
                hand = hands[seats[i]]
                best = max([go(i + 1, stacks)] + [go(i + 1, _played(stacks, x)) for x in set(hand)
                                                  if x != JUNK and x % RANKS == stacks[x // RANKS]])
            return best
        return go(0, stacks)

    def final_after(stacks, hands, drawer):
        """The best final round after the last draw by ``drawer``: players ``drawer + 1 .. drawer + P`` in that
        order; with Contrarian, any two players in either order."""
        if contrarian:
            return max(final(stacks, hands, seats) for seats in itertools.permutations(range(P), F))
        return final(stacks, hands, [(drawer + i) % P for i in range(1, P + 1)])

    def moves(hand, stacks):
        plays = {x for x in hand if x != JUNK and x % RANKS == stacks[x // RANKS]}
        if plays:
            return [(x, True) for x in sorted(plays)]
        return [(JUNK, False)] if JUNK in hand else [(x, False) for x in sorted(set(hand))]

    def reaches(k, stacks, hands):
        nonlocal nodes
        nodes += 1
        if deadline is not None and nodes % 1024 == 0 and time.monotonic() > deadline:
            raise _OutOfTime
        if (k, stacks, hands) in failed:
            return False
        card = deck[start + k]
        for p in range(P):
            for x, play in moves(hands[p], stacks):
                after = _played(stacks, x) if play else stacks
                rest = list(hands[p])
                rest.remove(x)
                new = hands[:p] + (tuple(rest) + (card,),) + hands[p + 1:]
                top = tops(after, new, k + 1)
                if min(sum(top), sum(after) + R - k - 1 + F) < target:
                    continue
                new = marked(after, top, new)
                if k + 1 == R:
                    if final_after(after, new, p) >= target:
                        return True
                elif reaches(k + 1, after, _least_rotation(new)):
                    return True
        failed.add((k, stacks, hands))
        return False

    stacks = position.stacks
    hands = tuple(tuple(deck[o] for o in hand) for hand in position.hands)
    hands = marked(stacks, tops(stacks, hands, 0), hands)
    if R == 0:
        turns, first = position.turns_left or 0, position.to_move
        traits = Game.from_position(position).traits
        seats = [(first + i) % P for i in range(turns)] if traits is None else traits.seats(first, turns)
        return final(stacks, hands, seats) >= target, 1
    try:
        return reaches(0, stacks, _least_rotation(hands)), nodes
    except _OutOfTime:
        return None, nodes


def _played(stacks, x):
    s = x // RANKS
    return stacks[:s] + (stacks[s] + 1,) + stacks[s + 1:]


def _least_rotation(hands):
    """The hands, each sorted, in the least of their ``P`` rotations (module docstring)."""
    hands = [tuple(sorted(hand)) for hand in hands]
    return min(tuple(hands[r:] + hands[:r]) for r in range(len(hands)))
