"""Rows of ``bound`` for a game whose deck is known only in part (a
:class:`~solitaire.seer.sources.openspiel.PartialDeal`): what holds for every completion of its deck, and U3 over
seeded completions.

OpenSpiel deals each card when it is drawn, so a game that ended before the last draw leaves the
cards it never drew unknown: the *completions* of its deck are the known prefix ``k_1 … k_N``
followed by any order of the cards not seen (the standard deck's multiset minus the prefix). Such a
deck has no single optimum; a row of it (:func:`partial_row`) gives what is true of all of them, and
never the keys ``U3`` or ``exact`` of a whole deal:

``L_all`` (every completion's optimum is at least this): the cards ``played`` in the real game.
Its actions touch only the known cards (the hands hold only cards dealt), and whether an action is
legal depends only on the hands, the tokens and the stacks, so they are legal in every completion.
Drop the third strike if the game struck out: what is left is a legal game with at most two strikes
and ``played`` cards on the stacks. Until the game ends a move that is not a play always exists (a
clue at 8 tokens, another player holding a card; else a discard), and stacks never fall, so the game
ends with at least ``played`` on the stacks, which is its score. A game won before the last draw
(``played`` = 25) thus has the optimum 25 on every completion, exactly: ``L_all = U_all = 25``.

``U_all`` (every completion's optimum is at most this): the pace solitaire of
:mod:`solitaire.seer.bounds.pace` on the deck ``unknown + known`` (the unknown cards in any order)
with the pooled hand ``n0' = 50 - s`` and ``final' = P + (50 - n0 - s)`` plays after the last draw,
where ``n0 = P * hand`` and ``s = max(0, N - n0)`` is the number of draws the prefix names. Every
completion ``C`` has U3(C) <= U2(C), the pace solitaire of ``C`` (``n0``, ``final = P``;
:mod:`solitaire.seer.bounds.relaxations`). A line on ``C`` maps to a line of the relaxed problem
with the same plays in the same order: the relaxed hand is the line's hand plus every unknown card
the line has not drawn yet (``n0 + u`` cards, ``u = 50 - N``, when ``N >= n0``; the whole deck
otherwise). Its first ``s`` steps draw the same known cards as the line's and remove the same card;
after them the line has ``50 - n0 - s`` steps drawing unknown cards, each with at most one play, and
``P`` final turns, each at most one play: at most ``final'`` plays, of cards the relaxed hand
already holds, playable in the same order. So no completion's U2, hence no completion's optimum,
exceeds the relaxed maximum. With the whole deck known (``N = 50``) the relaxed problem is the
deal's own U2 problem. It is below 25 only when the known draws themselves force a loss (the end of
the deck close to the prefix's end, or a hand too small for what the prefix brings early); a game that
stopped early has ``U_all = 25``. When the completions searched are every distinct order of the
unknown cards (``completions_all``) and each search proved its upper end, ``U_all`` is also at most
the largest ``U3_high`` of them, and ``L_all`` at least the smallest ``U3``.

U3 over completions (with U3 limits, :class:`~solitaire.seer.bounds.limits.SearchLimits`): ``count``
completions — every distinct order of the unknown cards when there are at most ``count`` of them,
else the unknown cards (in canonical order, :meth:`~solitaire.seer.sources.openspiel.PartialDeal.missing`)
shuffled by ``numpy.random.default_rng(seed).permutation`` for ``seed = 0 … count - 1`` — each solved
as a whole deal under the limits: ``U3_completions_mean``, ``_min`` and ``_max`` of their U3 (a proven
optimum, or the best line found when a search stays open), ``completions_exact`` how many are proven.
A sample, not the deal's U3: each completion's U3 lies in ``L_all .. U_all``. Where ``L_all = U_all``
(a game won before the last draw) no search runs: every completion's optimum is that value.

Row keys (``docs/formats.md``): ``id`` (the ``deck`` id of the known prefix), ``players``, ``deck``
(``"partial"``), ``known_cards`` (N), ``known_deck`` (the prefix in text form), the real game's
``real_score``, ``end`` and ``played``, ``L_all``, ``U_all``, and with U3 limits ``completions``,
``completions_all``, ``completions_exact``, ``U3_completions_mean``/``_min``/``_max`` (none when
``completions`` is 0) and, when a completion stays open, the limits
(:meth:`~solitaire.seer.bounds.limits.SearchLimits.to_row`), then ``source``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, TypedDict

import numpy as np

from solitaire.seer.bounds.limits import COMPLETIONS, SearchLimits
from solitaire.seer.bounds.pace import PaceProblem, pace_max
from solitaire.seer.game.deals import DECK_SIZE, MAX_SCORE, RANKS, Deal, hand_size
from solitaire.seer.sources.openspiel import PartialDeal

__all__ = ["PARTIAL_KEYS", "PartialRow", "Solved", "every_completion_high", "completion_decks",
           "partial_row", "partial_summary"]



class Solved(NamedTuple):
    """What a U3 search of one completion gave: ``score`` (a line reaches it), ``high`` (proven upper end),
    ``exact`` (they meet)."""

    score: int
    high: int
    exact: bool


class _PartialFields(TypedDict):
    id: str
    players: int
    deck: str
    known_cards: int
    known_deck: str
    L_all: int
    U_all: int


class PartialRow(_PartialFields, total=False):
    """The row of a partial deck (module docstring): the keys of :data:`PARTIAL_KEYS`, and the others where they
    apply."""

    real_score: int
    end: str
    played: int
    completions: int
    completions_all: bool
    completions_exact: int
    U3_completions_mean: float
    U3_completions_min: int
    U3_completions_max: int
    timeout: float | None
    peer_timeout: float
    peer_solver: str
    peer_encoding: str
    source: str


#: What every row of a partial deck has.
PARTIAL_KEYS = tuple(_PartialFields.__annotations__)


def every_completion_high(item: PartialDeal) -> int:
    """``U_all``: an upper bound on the optimum of every completion of ``item``'s deck (module docstring: the
    pace solitaire with the unknown cards held from the start)."""
    n0 = item.players * hand_size(item.players)
    drawn = max(0, len(item.known) - n0)
    problem = PaceProblem(item.missing() + list(item.known), RANKS, MAX_SCORE // RANKS, DECK_SIZE - drawn,
                          item.players + DECK_SIZE - n0 - drawn)
    return pace_max(problem).score


def _orders(cards: Sequence[int]) -> Iterator[list[int]]:
    """Every distinct order of ``cards``, in lexicographic order."""
    order = sorted(cards)
    while True:
        yield list(order)
        i = len(order) - 2
        while i >= 0 and order[i] >= order[i + 1]:
            i -= 1
        if i < 0:
            return
        j = len(order) - 1
        while order[j] <= order[i]:
            j -= 1
        order[i], order[j] = order[j], order[i]
        order[i + 1:] = reversed(order[i + 1:])


def _distinct(cards: Sequence[int]) -> int:
    """How many distinct orders ``cards`` has."""
    return math.factorial(len(cards)) // math.prod(math.factorial(n) for n in Counter(cards).values())


def completion_decks(item: PartialDeal, count: int = COMPLETIONS) -> tuple[list[Deal], bool]:
    """``count`` judged completions of ``item`` and whether they are all of its completions: every distinct
    order of the unknown cards when there are at most ``count``, else ``count`` seeded shuffles (seeds
    ``0 .. count - 1``; module docstring)."""
    missing = item.missing()
    if _distinct(missing) <= count:
        return [item.complete(rest) for rest in _orders(missing)], True
    return [item.complete(np.random.default_rng(seed).permutation(missing).tolist()) for seed in range(count)], False


def partial_row(item: PartialDeal, real: Mapping[str, Any], limits: SearchLimits | None = None,
                solve: Callable[[Deal], Solved] | None = None, count: int = COMPLETIONS) -> PartialRow:
    """The row of ``item`` (module docstring); ``real``: the real game's ``real_score``, ``end``, ``played``
    (what a completion's judged meta says). With ``limits``, ``count`` completions are solved by ``solve``."""
    low, high = item.played, every_completion_high(item)
    row: dict[str, Any] = {"id": item.ident, "players": item.players, "deck": "partial",
                           "known_cards": len(item.known), "known_deck": item.known_text(), **real}
    found: dict[str, Any] = {}
    if limits is not None and solve is not None:
        if low == high:  # every completion's optimum is known: nothing to search
            every, results = False, [Solved(low, high, True)] * count
        else:
            decks, every = completion_decks(item, count)
            results = [solve(deal) for deal in decks]
            if every and results and all(r.exact for r in results):
                low, high = max(low, min(r.score for r in results)), min(high, max(r.high for r in results))
        found = _completion_fields(results, every)
        if found["completions_exact"] < found["completions"]:
            found.update(limits.to_row())
    row.update(L_all=low, U_all=high, **found)
    row["source"] = item.source
    return row  # type: ignore[return-value]  # the keys of PartialRow


def _completion_fields(results: Sequence[Solved], every: bool) -> dict[str, Any]:
    fields: dict[str, Any] = {"completions": len(results), "completions_all": every,
                              "completions_exact": sum(r.exact for r in results)}
    scores = [r.score for r in results]
    if scores:
        fields.update(U3_completions_mean=sum(scores) / len(scores), U3_completions_min=min(scores),
                      U3_completions_max=max(scores))
    return fields


def partial_summary(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The summary of partial rows, apart from the whole deals': how many, the means of ``played``,
    ``L_all`` and ``U_all``, and where U3 was searched the completions (how many, how many proven) and the
    mean over deals of ``U3_completions_mean``."""
    out: dict[str, Any] = {"deals": len(rows)}
    for key in ("played", "L_all", "U_all"):
        values = [r[key] for r in rows if r.get(key) is not None]
        if values:
            out[f"mean_{key}"] = sum(values) / len(values)
    searched = [r for r in rows if "completions" in r]
    if searched:
        out["completions"] = sum(r["completions"] for r in searched)
        out["completions_exact"] = sum(r["completions_exact"] for r in searched)
        means = [r["U3_completions_mean"] for r in searched if "U3_completions_mean" in r]
        if means:
            out["mean_U3_completions"] = sum(means) / len(means)
    return out
