"""Perfect-information upper bounds U1 >= U2 on the score of a Hanabi deal (DESIGN §6).

Both bound the score of ANY team on the deal, even one that sees every hand and the deck
order (a "seer" team in the sense of Bouzy, §4.1): real score <= U3 (the perfect-information
optimum under the real rules) <= U2 <= U1.

Why no real team beats U2 (:func:`u2`). Take any legal real game and pool the hands. While
the deck lasts the hands hold ``P * hand`` cards together before every play or discard
(a clue changes no card). Every play, misplay or discard removes one card and draws the
next one, so the game's plays, misplays and discards form exactly ``T = 50 - P * hand``
steps "remove one card, draw one" before the last draw; a misplay counts as a discard.
After the last draw every player has exactly one more turn: at most ``P`` further plays.
Clue tokens, strikes, who holds which card and turn order only forbid moves; forgetting
them gives the pace solitaire of :mod:`solitaire.seer.pace` with ``n0 = P * hand``, ``final = P``,
whose maximum therefore is at least the real game's number of played cards. (A third
strike scores 0, below every bound.)

Why U2 <= U1 (:func:`u1`: the paper's solitaire on the deck with ``h = P * hand - 1`` and
free cascades, solved exactly by :mod:`solitaire.engine`). Map a U2 line to a solitaire
sequence: a card the line discards is discarded at its scan; a card it plays is stored at
its scan (or played then, if playable) and played at the same step as in the line. Step
1 happens at the scan of card ``P * hand`` and step ``t + 1`` at the scan of card
``P * hand + t``; after a scan, the cards the sequence holds are cards of the line's hand
that the line will play, minus the one it plays or discards at that step (a card played
at step 1 is a 1, played at its own scan) — at most ``P * hand - 1``. The same argument
maps a line keeping at most ``m`` cards to a solitaire play with ``h = m - 1``. The at most ``P`` final plays are a free cascade in the solitaire, which
has no limit at all. So every U2 line is a legal solitaire play with the same score.

Hardness figures (:func:`hardness`): ``min_hand``, the smallest pooled hand (kept cards, see
``cap`` in :mod:`solitaire.seer.pace`) with which U2 still reaches its value under the same draw
schedule; ``pace_slack``, the largest ``s`` such that some line reaching U2 keeps the
hanab.live pace ``score + cards left + P - U2`` at least ``s`` after every draw until it
reaches U2: the actions the team can spare (0: every line reaching U2 is tight at some
point).

Reasons (:func:`u2_reason`) where U2 < 25: either the end of the deck — some cards can
only be played after one of the last ``j`` draws and only ``j - 1 + P`` actions follow —
or the hand size: a higher score needs a larger pooled hand (the smallest is named).

Running time: U2 is a greedy line and, when it falls short of the hope, a few searches of
:mod:`solitaire.seer.pace` (typically well below a millisecond); the hardness figures add up to
``min_hand`` capacity probes and ``O(log T)`` pace decisions (a few milliseconds on average).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solitaire.seer.deals import MAX_SCORE, RANKS, Deal, card_name
from solitaire.engine import solve_engine
from solitaire.seer.pace import PaceProblem, pace_max, pace_reaches

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


def pace_problem(deal: Deal, pooled: int | None = None) -> PaceProblem:
    """The pace solitaire of a deal (``n0 = P * hand``, ``final = P``)."""
    return PaceProblem(deal.types, RANKS, MAX_SCORE // RANKS, deal.pooled if pooled is None else pooled,
                       deal.players)


def u1(deal: Deal) -> Bound:
    """U1: the paper's solitaire with ``h = P * hand - 1`` (see the module docstring).

    Parameters
    ----------
    deal : Deal
        A deal of the real game (:func:`~solitaire.seer.deals.seeded_deal`, a file, a hanab.live game).

    Returns
    -------
    Bound
        ``score``, at least the best score of any line under the real rules, and a line of the
        solitaire reaching it (``plays``: ``(position scanned, card)``).

    Examples
    --------
    >>> from solitaire.seer.deals import seeded_deal
    >>> u1(seeded_deal(2, 0)).score
    25
    """
    result = solve_engine(deal.to_instance())
    scanned, plays = 0, []
    for event, index in result.sequence.events():
        scanned = max(scanned, index)
        if event == "play":
            plays.append((scanned, card_name(int(deal.types[index - 1]))))
    return Bound("U1", result.score, plays)


def u2(deal: Deal) -> Bound:
    """U2: the pace solitaire's maximum and a line reaching it (see the module docstring).

    Parameters
    ----------
    deal : Deal
        A deal of the real game.

    Returns
    -------
    Bound
        ``score``, with ``U3 <= score <= U1``, and a line of the pace solitaire reaching it
        (``plays``: ``(action number, card)``).

    Examples
    --------
    >>> from solitaire.seer.deals import seeded_deal
    >>> b = u2(seeded_deal(2, 0))
    >>> b.score, len(b.plays), b.plays[0]
    (25, 25, (1, 'r1'))

    A deal the bot does not win, bounded from both sides (the bot's score ``L`` is a real line):

    >>> from solitaire.seer.game import seer_score
    >>> deal = seeded_deal(2, 12)
    >>> seer_score(deal), u2(deal).score, u1(deal).score
    (17, 23, 25)
    """
    result = pace_max(pace_problem(deal))
    return Bound("U2", result.score, [(when, card_name(t)) for when, t in result.plays])


def u2_value(deal: Deal) -> int:
    """Only U2's value."""
    return pace_max(pace_problem(deal)).score


def _release(deal):
    """Per type, the earliest deck position by which it and all lower cards of its suit appeared."""
    first = np.full(MAX_SCORE, len(deal.types), dtype=np.int64)
    for q in range(len(deal.types) - 1, -1, -1):
        first[deal.types[q]] = q
    release = first.reshape(-1, RANKS)
    return np.maximum.accumulate(release, axis=1).reshape(-1)


def tail_bound(deal: Deal) -> tuple[int, int, list[int]]:
    """The end-of-deck bound and its witness ``(bound, j, late_types)``.

    A card whose suit's cards up to it are not all seen before the last ``j`` cards can
    only be played after one of the last ``j`` draws; ``j - 1 + P`` actions follow the
    first of those draws (``j - 1`` steps and ``P`` final turns). So at least
    ``late - (j - 1 + P)`` of the ``late`` such cards are lost, whatever the hand size.
    """
    release = _release(deal)
    n_cards, n0, P = len(deal.types), deal.pooled, deal.players
    best = (MAX_SCORE, 0, [])
    for j in range(1, n_cards - n0 + 1):
        late = [t for t in range(MAX_SCORE) if release[t] >= n_cards - j]
        lost = len(late) - (j - 1 + P)
        if MAX_SCORE - lost < best[0]:
            best = (MAX_SCORE - lost, j, late)
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


def _min_hand(deal, prob, value):
    """Smallest ``cap`` reaching ``value``, probing up from 1.

    A probe's frontier starts with the ``cap``-subsets of the first hand, so probes are
    cheap at both ends and costly in the middle; failures below the answer come from the
    cheap end, and the first success is the answer (monotone in ``cap``).
    """
    if value == 0:
        return 0
    m = 1
    while m < deal.pooled and not pace_reaches(prob, value, cap=m, floor=-(1 << 30)):
        m += 1
    return m


def hardness(deal: Deal, value: int) -> dict[str, int]:
    """``{"min_hand", "pace_slack"}`` for a deal whose U2 is ``value`` (module docstring)."""
    prob = pace_problem(deal)
    min_hand = _min_hand(deal, prob, value)
    top = prob.steps + prob.final - value
    slack = _smallest(0, top + 1, lambda s: s > top or not pace_reaches(prob, value, floor=s)) - 1
    return {"min_hand": min_hand, "pace_slack": slack}


def _names(types):
    names = [card_name(t) for t in types]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def u2_reason(deal: Deal, value: int) -> str | None:
    """A short human-readable reason why U2 is ``value < 25`` (``None`` for 25)."""
    if value >= MAX_SCORE:
        return None
    prob = pace_problem(deal)
    tail, j, late = tail_bound(deal)
    if tail <= value:
        slots = j - 1 + deal.players
        cards = "the last card" if j == 1 else f"the last {j} cards"
        steps = f"{j - 1} step" + ("" if j == 2 else "s")
        return (f"{_names(late)} cannot be played before one of {cards} is drawn: then at most {slots} "
                f"actions remain ({steps} + {deal.players} final turns) for {len(late)} plays")
    unlimited = len(deal.types)
    if pace_reaches(prob, value + 1, cap=unlimited, floor=-(1 << 30)):
        need = _smallest(deal.pooled + 1, unlimited,
                         lambda m: pace_reaches(prob, value + 1, cap=m, floor=-(1 << 30)))
        return (f"the pooled hand of {deal.pooled} cards is too small: {value + 1} points need "
                f"{need} cards held at once")
    return (f"the order of the deck: even with an unlimited hand at most {value} cards can be played in the "
            f"{prob.steps + prob.final} actions")
