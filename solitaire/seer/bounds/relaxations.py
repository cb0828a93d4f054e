"""Perfect-information upper bounds U1 >= U2 on the score of a Hanabi deal (docs/architecture.md, the real game).

Both bound the score of ANY team on the deal, even one that sees every hand and the deck
order (a "seer" team in the sense of Bouzy, §4.1): real score <= U3 (the perfect-information
optimum under the real rules) <= U2 <= U1.

Why no real team beats U2 (:func:`u2`). Take any legal real game and pool the hands. While
the deck lasts the hands hold ``P * hand`` cards together before every play or discard
(a clue changes no card). Every play, misplay or discard removes one card and draws the
next one, so the game's plays, misplays and discards form exactly ``T = N - P * hand``
(``N`` cards in the deck: 50 in the standard game)
steps "remove one card, draw one" before the last draw; a misplay counts as a discard.
After the last draw every player has exactly one more turn: at most ``P`` further plays.
Clue tokens, strikes, who holds which card and turn order only forbid moves; forgetting
them gives the pace solitaire of :mod:`solitaire.seer.bounds.pace` with ``n0 = P * hand``, ``final = P``,
whose maximum therefore is at least the real game's number of played cards. (A third
strike scores 0, below every bound.) Detrimental characters keep the argument
(:mod:`~solitaire.seer.game.characters`): a second action in a turn is a clue (Genius) or a discard (Panicky), a
step while the deck lasts and no play after it; Follower's misplay is a step; Contrarian's final round is 2 turns,
at most 2 plays (``final = 2``); the others only forbid moves.

A game that ends with 0 as soon as a card its maximum needs is lost (the option ``speedrun``, All or Nothing) has
U2 = 0 where no line of the same pooled hand keeps every such card until the last draw
(:mod:`solitaire.seer.bounds.survival`, which decides it). In a speedrun that is asked only where the pace
solitaire's maximum is below the game's: a line reaching the maximum loses no card it needs. All or Nothing has no
final round, which the pace solitaire counts: its U2 is otherwise the maximum.

Why U2 <= U1 (:func:`u1`: the paper's solitaire on the deck with ``h = P * hand - 1`` and
free cascades, solved exactly by :mod:`solitaire.engine`). Map a U2 line to a solitaire
sequence: a card the line discards is discarded at its scan; a card it plays is stored at its
scan (or played then, if playable) and played at the same step as in the line. Step 1 happens at
the scan of card ``P * hand`` and step ``t + 1`` at the scan of card ``P * hand + t``; after a
scan, the cards the sequence holds are cards of the line's hand that the line will play, minus
the one it plays or discards at that step (a card played at step 1 is a 1, played at its own
scan) — at most ``P * hand - 1``. The same argument maps a line keeping at most ``m`` cards to a
solitaire play with ``h = m - 1``. The at most ``P`` final plays are a free cascade in the
solitaire, which has no limit at all. So every U2 line is a legal solitaire play with the same
score. :func:`u1` builds that play from U2's line where the line plays every card the position can
still score (U1 is then the maximum, with no search of the paper's solitaire), storing each card the
line plays at its scan, or playing it there when the line plays it at that step (its last copy in
the hand at that step; a play that would hold more than ``h`` cards is left to the engine).

With the option ``deckPlays`` (the player to move may play the deck's last card from the deck, its
hand unchanged) the last step need not remove a card of the pooled hand, and the last card can be
played at its own draw: a line can play ``P + 1`` cards from the hand it holds before its last step
plus the last card, one more than the pace solitaire above allows (the last card a 3, the 4 and 5 of
its suit held: three plays by two players). The bounds of such a deal are those of the same deck with
the pooled hand one larger and one more final action (``n0 = P * hand + 1``, ``final = P + 1``;
``h = P * hand`` for U1), in which every card is drawn one step earlier. Any real line, deck plays or
not, maps to it: its first ``T - 1`` steps are copied as they are, the relaxed hand holding the real one
plus the next card to draw (so the relaxed hand after ``T - 1`` steps is the real hand plus the last card),
and its last step (a removal, or the play from the deck) and its ``P`` final turns are at most ``P + 1``
plays from those cards, in the same order: the relaxed game's final actions.

From a position (:class:`~solitaire.seer.game.position.Position`; :func:`u1`, :func:`u2` and
:func:`u2_value` take one as well as a deal, a deal meaning its initial position). The same
argument with the pooled hand = the cards held now, the deck = the cards still to draw, and the
stacks as they are: while the deck lasts the hands are full (``P * hand`` cards), and once it is
empty only the ``turns_left`` turns remain, each at most one play (so ``final = turns_left``
and no step). Stacks are honoured by renaming the card types: a card of a suit whose stack
is at ``s`` and of rank ``r > s`` becomes rank ``r - s`` of a suit of 6 ranks, a card at or
below the stack becomes rank 6, which can never be played (rank 5 of a renamed suit never
occurs when ``s > 0``); the bound is the cards played plus the renamed game's maximum. A
position whose game is over has its own score. From an initial position no renaming happens:
the problems are the deal's.

Hardness figures (:func:`hardness`): ``min_hand``, the smallest pooled hand (kept cards, see
``cap`` in :mod:`solitaire.seer.bounds.pace`) with which U2 still reaches its value under the same draw
schedule; ``pace_slack``, the largest ``s`` such that some line reaching U2 keeps the
hanab.live pace ``score + cards left + P - U2`` at least ``s`` after every draw until it
reaches U2: the actions the team can spare (0: every line reaching U2 is tight at some
point).

Reasons (:func:`u2_reason`) where U2 is below the maximum score (25 in the standard game,
5 per suit in a variant): either the end of the deck — some cards can
only be played after one of the last ``j`` draws and only ``j - 1 + P`` actions follow —
or the hand size: a higher score needs a larger pooled hand (the smallest is named).

Running time: U2 is a greedy line and, when it falls short of the hope, a few searches of
:mod:`solitaire.seer.bounds.pace` (typically well below a millisecond); the hardness figures add up to
``min_hand`` capacity probes and ``O(log T)`` pace decisions (a few milliseconds on average).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from solitaire.engine import solve_engine
from solitaire.model import Instance
from solitaire.seer.bounds.orders import fixed_name, fixed_positions, pace_deal, real_value
from solitaire.seer.bounds.pace import PaceProblem, pace_max, pace_reaches
from solitaire.seer.bounds.survival import keeps_needed
from solitaire.seer.game.characters import final_turns
from solitaire.seer.game.deals import RANKS, Deal, card_name
from solitaire.seer.game.position import Position, position_of
from solitaire.sequence import PlaySequence

__all__ = ["Bound", "pace_problem", "u1", "u2", "u2_value", "tail_bound", "hardness", "u2_reason"]


@dataclass
class Bound:
    """A bound's value and an optimal line: ``plays`` lists ``(when, card)``.

    For U2, ``when`` is the action number (steps ``1..T``, then the final turns
    ``T+1..T+P``); for U1 it is the 1-based position of the card scanned when it is played.
    """

    name: str
    score: int
    plays: list

    def to_json(self) -> dict:
        """The bound as a JSON object."""
        return {"name": self.name, "score": self.score, "plays": [[w, card] for w, card in self.plays]}


def _deck_step(deal, deck_left):
    """1 when the relaxation of ``deckPlays`` applies (the option on, a card left to draw), else 0 (module
    docstring): the pooled hand and the final actions are then one larger."""
    return int(deal.rules.deck_plays and deck_left > 0)


def pace_problem(deal: Deal) -> PaceProblem:
    """The pace solitaire of a deal (``n0 = P * hand``, ``final = P``; one more of each under ``deckPlays``)."""
    if deal.variant.orders is not None:
        raise ValueError(f"{deal.variant.name}: the pace solitaire takes one build order per suit (Up or Down, "
                         f"Sudoku: solitaire.seer.bounds.orders)")
    extra = _deck_step(deal, len(deal.types) - deal.pooled)
    return PaceProblem(deal.types, RANKS, deal.n_types // RANKS, deal.pooled + extra, deal.players + extra)


class _Relaxed:
    """The cards of a position as one sequence (held cards, then the deck left) of renamed types.

    ``types`` are the renamed types in ranks of ``n`` (module docstring), ``n0`` the held cards,
    ``final`` the plays after the last draw (each one more under ``deckPlays`` while a card is left to
    draw), ``played`` the cards on the stacks, and
    :meth:`name` the card name of a renamed type.
    """

    def __init__(self, position):
        self.stacks = position.stacks
        self.variant = position.deal.variant
        raw = position.held_types + position.deal.types[position.next_card:].tolist()
        self.n = RANKS if not any(self.stacks) else RANKS + 1
        self.types = [self._rename(t) for t in raw]
        extra = _deck_step(position.deal, position.deck_left)
        self.n0 = len(raw) - position.deck_left + extra
        final = final_turns(position.deal.rules.characters, position.deal.players)  # 2 with Contrarian
        self.final = (final if position.turns_left is None else position.turns_left) + extra
        self.played = position.played

    def _rename(self, t):
        suit, rank = divmod(t, RANKS)
        if self.n == RANKS:
            return t
        return suit * self.n + (rank - self.stacks[suit] if rank >= self.stacks[suit] else RANKS)

    def name(self, renamed):
        suit, rank = divmod(renamed, self.n)
        return card_name(suit * RANKS + rank + self.stacks[suit], self.variant)

    def pace(self):
        return PaceProblem(self.types, self.n, len(self.stacks), self.n0, self.final)

    def instance(self):
        types = np.asarray(self.types, dtype=np.int64)
        return Instance(self.n, len(self.stacks), max(self.n0 - 1, 0), types % self.n + 1, types // self.n + 1)


def u1(source: Deal | Position) -> Bound:
    """U1: the paper's solitaire with ``h = P * hand - 1`` (see the module docstring), from a
    deal or a position (``h`` = the cards held - 1).

    Parameters
    ----------
    source : Deal or Position
        A deal of the real game (:func:`~solitaire.seer.game.deals.seeded_deal`, a file, a hanab.live
        game), from its first turn, or a position of one.

    Returns
    -------
    Bound
        ``score``, at least the best score of any line under the real rules, and a line of the
        solitaire reaching it (``plays``: ``(position scanned, card)``).

    Examples
    --------
    >>> from solitaire.seer.game.deals import seeded_deal
    >>> u1(seeded_deal(2, 0)).score
    25
    """
    position = position_of(source)
    if position.over or position.deal.rules.endless:
        return _ended_or_endless("U1", position)
    if position.ways is not None:
        return _best_fixed(position, u1)
    relaxed = _Relaxed(position)
    sequence = _sequence_of_best(relaxed, position.deal.max_score)
    if sequence is None:
        sequence = solve_engine(relaxed.instance()).sequence
    assert sequence is not None  # the engine always gives a line
    scanned, plays = 0, []
    for event, index in sequence.events():
        scanned = max(scanned, index)
        if event == "play":
            plays.append((scanned, relaxed.name(relaxed.types[index - 1])))
    return Bound("U1", relaxed.played + len(plays), plays)


def _sequence_of_best(relaxed: _Relaxed, max_score: int) -> PlaySequence | None:
    """The solitaire play of U2's line (module docstring, why U2 <= U1) where that line reaches ``max_score``, so
    that no solitaire play scores more; ``None`` where it does not, or where the play would hold more than ``h``
    cards (:func:`_scan`)."""
    line = pace_max(relaxed.pace()).plays
    if relaxed.played + len(line) < max_score or relaxed.n0 == 0:
        return None
    played = _copies_played(relaxed, line)
    return None if played is None else _scan(relaxed, played)


def _copies_played(relaxed: _Relaxed, line: list[tuple[int, int]]) -> dict[int, int] | None:
    """For each action of a U2 line ``(action number, type)``, the 1-based index of the last copy of its type in the
    hand at that action (``n0 + t - 1`` cards drawn by action ``t``), or ``None`` if there is none."""
    cards, n0 = len(relaxed.types), relaxed.n0
    copies: dict[int, list[int]] = {}
    for index, t in enumerate(relaxed.types, start=1):
        copies.setdefault(t, []).append(index)
    played = {}
    for when, t in line:
        reach = min(n0 + when - 1, cards)  # the last card in the hand at that action
        index = max((i for i in copies[t] if i <= reach), default=0)
        if index == 0:
            return None
        played[when] = index
    return played


def _scan(relaxed: _Relaxed, played: dict[int, int]) -> PlaySequence | None:
    """The solitaire events of the plays ``played`` (action number -> card index): each card scanned in order, the
    play of action ``t <= T`` made before the scan of card ``n0 + t - 1``, a card played later stored, the others
    discarded, the final actions after the last scan; ``None`` where more than ``h = n0 - 1`` cards would be held."""
    cards, n0 = len(relaxed.types), relaxed.n0
    steps, h = cards - n0, n0 - 1
    chosen = set(played.values())
    events, held = [], 0
    for index in range(1, cards + 1):
        when = index - n0 + 1
        step = played.get(when, 0) if 1 <= when <= steps else 0
        if step and step != index:
            events.append(("play", step))
            held -= 1
        if step == index:
            events.append(("play", index))
        elif index in chosen:
            events.append(("store", index))
            held += 1
            if held > h:
                return None
        else:
            events.append(("discard", index))
    events.extend(("play", played[when]) for when in sorted(played) if when > steps)
    return PlaySequence.from_events(events)


def u2(source: Deal | Position) -> Bound:
    """U2: the pace solitaire's maximum and a line reaching it (see the module docstring), from a
    deal or a position.

    Parameters
    ----------
    source : Deal or Position
        A deal of the real game, from its first turn, or a position of one.

    Returns
    -------
    Bound
        ``score``, with ``U3 <= score <= U1``, and a line of the pace solitaire reaching it
        (``plays``: ``(action number, card)``).

    Examples
    --------
    >>> from solitaire.seer.game.deals import seeded_deal
    >>> b = u2(seeded_deal(2, 0))
    >>> b.score, len(b.plays), b.plays[0]
    (25, 25, (1, 'r1'))

    A deal the bot does not win, bounded from both sides (the bot's score ``L`` is a real line):

    >>> from solitaire.seer.game.simulator import seer_score
    >>> deal = seeded_deal(2, 12)
    >>> seer_score(deal), u2(deal).score, u1(deal).score
    (17, 23, 25)
    """
    position = position_of(source)
    rules = position.deal.rules
    if position.over or rules.endless and position.ways is not None:
        return _ended_or_endless("U2", position)
    if position.ways is not None:
        return _best_fixed(position, u2)
    if rules.endless:
        return _ended_or_endless("U2", position) if keeps_needed(position) is not False else _none_kept()
    relaxed = _Relaxed(position)
    result = pace_max(relaxed.pace())
    score = relaxed.played + result.score
    if rules.speedrun and score < position.deal.max_score and keeps_needed(position) is False:
        return _none_kept()  # a line reaching the maximum loses no card it needs: the runs are asked only below it
    return Bound("U2", score, [(when, relaxed.name(t)) for when, t in result.plays])


def _none_kept() -> Bound:
    """U2 of a game that ends with 0 when a card its maximum needs is lost, where no run of the pooled hand keeps
    every such card (:mod:`solitaire.seer.bounds.survival`)."""
    return Bound("U2", 0, [])


def _ended_or_endless(name: str, position: Position) -> Bound:
    """The bound ``name`` of a position whose game is over (its score), or of a game without a final round (All or
    Nothing: :attr:`~solitaire.seer.game.options.Rules.endless`), which scores the maximum or 0, the latter as soon
    as a card the maximum needs is lost: the maximum, a line of no plays."""
    return Bound(name, position.score if position.over else position.deal.max_score, [])


def _best_fixed(position: Position, bound: Callable[[Position], Bound]) -> Bound:
    """The largest of ``bound`` over the direction assignments of an Up or Down or Sudoku position (every real line
    is a line of one of them, :mod:`solitaire.seer.bounds.orders`; the first that reaches the maximum ends the
    scan), its line's cards named in the real variant."""
    d, fixed, best = _first_best(position, bound, position.deal.max_score)
    names = {card_name(t, fixed.deal.variant): fixed_name(position.deal, d, t) for t in range(fixed.deal.n_types)}
    return Bound(best.name, best.score, [(when, names[name]) for when, name in best.plays])


def _first_best(position: Position, bound: Callable[[Position], Bound],
                enough: int) -> tuple[tuple[int, ...], Position, Bound]:
    """``(D, fixed(D), bound(fixed(D)))`` of the first direction assignment of the position with the largest
    ``bound``, the scan stopping at the first whose bound is at least ``enough``; the bound's score is read in the
    real game (:func:`~solitaire.seer.bounds.orders.real_value`)."""
    found: tuple[tuple[int, ...], Position, Bound] | None = None
    for d, fixed in fixed_positions(position):
        value = bound(fixed)
        value.score = real_value(position.deal, value.score)
        if found is None or value.score > found[2].score:
            found = d, fixed, value
        if value.score >= enough:
            break
    assert found is not None, "a position has a direction assignment: its own stacks'"
    return found


def u2_value(source: Deal | Position) -> int:
    """Only U2's value (from a deal or a position)."""
    return u2(source).score


def _release(deal):
    """Per type, the earliest deck position by which it and all lower cards of its suit appeared."""
    first = np.full(deal.n_types, len(deal.types), dtype=np.int64)
    for q in range(len(deal.types) - 1, -1, -1):
        first[deal.types[q]] = q
    release = first.reshape(-1, RANKS)
    return np.maximum.accumulate(release, axis=1).reshape(-1)


def _tail_actions(deal, j):
    """The actions that follow the first of the last ``j`` draws and can play a card drawn there: ``j - 1``
    steps and ``P`` final turns, and under ``deckPlays`` for ``j = 1`` the draw itself (a play from the deck)."""
    return j - 1 + deal.players + (j == 1 and deal.rules.deck_plays)


def tail_bound(deal: Deal) -> tuple[int, int, list[int]]:
    """The end-of-deck bound and its witness ``(bound, j, late_types)``.

    A card whose suit's cards up to it are not all seen before the last ``j`` cards can
    only be played after one of the last ``j`` draws (or at the last draw itself, a play from the deck
    under ``deckPlays``); :func:`_tail_actions` follow the first of those draws. So at least
    ``late - actions`` of the ``late`` such cards the deck holds are lost, whatever the hand size, besides
    the types it does not hold (of a short deck; slot 4 of the pace deal of Sudoku of 4 suits,
    :func:`~solitaire.seer.bounds.orders.pace_deal`), which never score.
    """
    release = _release(deal)
    n_cards, n0 = len(deal.types), deal.pooled
    dealt = np.bincount(deal.types, minlength=deal.n_types) > 0
    top = deal.max_score - int(np.count_nonzero(~dealt))
    best: tuple[int, int, list[int]] = (top, 0, [])
    for j in range(1, n_cards - n0 + 1):
        late = [t for t in range(deal.n_types) if dealt[t] and release[t] >= n_cards - j]
        lost = len(late) - _tail_actions(deal, j)
        if top - lost < best[0]:
            best = (top - lost, j, late)
    return best


def _smallest(low, high, ok):
    """Smallest ``x`` in ``low..high`` with ``ok(x)`` (``ok`` monotone, ``ok(high)`` true)."""
    while low < high:
        mid = (low + high) // 2
        if ok(mid):
            high = mid
        else:
            low = mid + 1
    return low


def _min_hand(prob, value):
    """Smallest ``cap`` reaching ``value``, probing up from 1.

    A probe's frontier starts with the ``cap``-subsets of the first hand, so probes are
    cheap at both ends and costly in the middle; failures below the answer come from the
    cheap end, and the first success is the answer (monotone in ``cap``).
    """
    if value == 0:
        return 0
    m = 1
    while m < prob.n0 and not pace_reaches(prob, value, cap=m, floor=-(1 << 30)):
        m += 1
    return m


def hardness(deal: Deal, value: int) -> dict[str, int]:
    """``{"min_hand", "pace_slack"}`` for a deal whose U2 is ``value`` (module docstring; of Up or Down and Sudoku,
    those of its direction assignment of the largest U2, :mod:`~solitaire.seer.bounds.orders`)."""
    prob = pace_problem(_width_five(deal, value)[0])
    min_hand = _min_hand(prob, value)
    top = prob.steps + prob.final - value
    slack = _smallest(0, top + 1, lambda s: s > top or not pace_reaches(prob, value, floor=s)) - 1
    return {"min_hand": min_hand, "pace_slack": slack}


def _width_five(deal, value):
    """``deal``, or of Up or Down and Sudoku the deal of the pace solitaire of its first direction assignment of the
    largest U2 (:func:`~solitaire.seer.bounds.orders.pace_deal`; the scan stops at one whose U2 is ``value``, the
    deal's U2), with the name of each type in the real variant."""
    if deal.variant.orders is not None:
        d, _, _ = _first_best(Position.initial(deal), u2, value)
        return pace_deal(deal, d), functools.partial(fixed_name, deal, d, lead=0)
    return deal, functools.partial(card_name, variant=deal.variant)


def _names(types, name):
    names = [name(t) for t in types]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def u2_reason(deal: Deal, value: int) -> str | None:
    """A short human-readable reason why U2 is ``value`` below the maximum score (``None`` at it)."""
    if value >= deal.max_score:
        return None
    if value == 0 and u2(deal).score == 0 and (deal.rules.speedrun or deal.rules.endless):
        return ("no line keeps every card the maximum needs until the last draw, and losing one ends the game "
                "with 0")
    deal, name = _width_five(deal, value)
    prob = pace_problem(deal)
    tail, j, late = tail_bound(deal)
    if tail <= value:
        slots = _tail_actions(deal, j)
        cards = "the last card" if j == 1 else f"the last {j} cards"
        steps = f"{j - 1} step" + ("" if j == 2 else "s") if slots < j + deal.players else "the play from the deck"
        return (f"{_names(late, name)} cannot be played before one of {cards} is drawn: then at most {slots} "
                f"actions remain ({steps} + {deal.players} final turns) for {len(late)} plays")
    unlimited = len(deal.types)
    if pace_reaches(prob, value + 1, cap=unlimited, floor=-(1 << 30)):
        need = _smallest(prob.n0 + 1, unlimited,
                         lambda m: pace_reaches(prob, value + 1, cap=m, floor=-(1 << 30)))
        return (f"the pooled hand of {prob.n0} cards is too small: {value + 1} points need "
                f"{need} cards held at once")
    return (f"the order of the deck: even with an unlimited hand at most {value} cards can be played in the "
            f"{prob.steps + prob.final} actions")
