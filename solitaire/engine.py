"""The fast exact engine: forward search over ``(played, hand)`` states with dominance.

This explores the state space of the paper's dynamic program (Lemma 5, §4) forward, scan
by scan, instead of filling the table: after scanning ``s`` cards a state is the pair

* ``P``: the set of played card types (per color a prefix ``1..p_k``: the ``p_1..p_c`` of
  the paper), and
* ``H``: the set of stored card types,

both as 64-bit masks over the ``c * n <= 64`` card types (type ``(a, k)`` is bit
``(k - 1) * n + (a - 1)``). It computes the **maximum score**, not only win/lose, and a
play sequence reaching it.

Transitions for the scanned card ``x``:

* ``x`` already played: discard it.
* ``x`` playable: play it, then play every stored card that becomes playable (cascade).
  Playing is never worse than storing or discarding a playable card (the played state
  dominates both), so it is the only successor.
* otherwise: discard it, or store it when no copy of its type is held already (a second
  copy can never be played): beside the held cards when fewer than ``h`` are held, else in
  place of any one of them, which is dropped (see below why dropping is allowed).

Dominance. ``A`` dominates ``B`` when ``P_B ⊆ P_A`` and every card of ``H_B``
that ``A`` still needs is in ``H_A``: ``H_B \\ P_A ⊆ H_A``. Then ``A`` can follow every
continuation of ``B`` with at least the same score: ``A`` plays what ``B`` plays unless it
has played it already, and when ``B`` stores a card while ``A``'s hand is full, ``A`` drops
one of its extra cards. Dropping a held card is not a move of the paper's model, but it is
harmless: a history that stores a card and never plays it can be rewritten to discard the
card at its scan, holding fewer cards at every time (the copy-selection lemma,
:mod:`solitaire.selection`). So the engine's store move may replace a held card, and the
reconstructed sequence simply discards the dropped card. Dominated states are removed at
every scan; in the order (score, hand size) descending a state can only be dominated by
one that comes before it.

Pruning, target first. The search is run with a target score ``T``, first ``n * c``
("is it a win?"): a state whose optimistic score (per color, the longest run of values
from 1 that are played, held or still to come) is below ``T`` or below the best score
already reached is dropped. If the run reaches ``T``, its best is the maximum (every
dropped state had less hope). Otherwise the largest hope of a dropped state bounds the
maximum from above; if it does not exceed the best found, that best is the maximum, else
the search runs again with that hope as the new target. Deciding a win first keeps the
frontier small on the decks that are won.

Reconstruction. Every layer keeps, per state, its parent and whether the scanned card was
kept (played or stored). For every type the best final state played, the last kept copy
on its history is the played one (an earlier kept copy was dropped: after a type is
played its copies are discarded); these are its chosen copies, and
:func:`~solitaire.selection.asap_sequence` turns them into the play sequence (never
holding more than the search did).

Running time: ``O(N * F^2)`` word operations for the largest frontier ``F`` (the number
of non-dominated states); ``F`` is at most the DP's ``n^c * C(nc, h)`` but in practice
tens to hundreds on the standard deck (measured in ``benchmarks/bench_engine.py``).
"""

import numba
import numpy as np

from solitaire.bits import copy_into, order_by_counts, popcount
from solitaire.compiled import ensure_cache_folder
from solitaire.model import Instance
from solitaire.result import SolveResult
from solitaire.selection import asap_sequence

ensure_cache_folder()  # before the kernels: numba makes no cached kernel without a folder for it

__all__ = ["solve_engine", "engine_refuses", "EngineBudgetExceeded", "ENGINE_MAX_TYPES"]

#: The engine stores a set of card types in one 64-bit word.
ENGINE_MAX_TYPES = 64

#: No bound on the work (the largest int64).
_NO_BUDGET = 2**63 - 1


@numba.njit(cache=True)
def _optimistic(played, held, avail, n, c):
    """Upper bound on the final score: per color, the run of types played, held or still to come."""
    total = 0
    one = np.uint64(1)
    have = played | held | avail
    for k in range(c):
        for a in range(n):
            if (have >> np.uint64(k * n + a)) & one:
                total += 1
            else:
                break
    return total


@numba.njit(cache=True)
def _prune(cand_p, cand_h, m, keep_p, keep_h, keep_idx):
    """Keep the non-dominated candidates among the first ``m``; returns how many were kept."""
    played, held = np.empty(m, np.int64), np.empty(m, np.int64)
    for i in range(m):
        played[i], held[i] = popcount(cand_p[i]), popcount(cand_h[i])
    order = order_by_counts(played, held)
    kept = 0
    for oi in range(m):
        i = order[oi]
        pb = cand_p[i]
        hb = cand_h[i]
        dominated = False
        for j in range(kept):
            pa = keep_p[j]
            if (pb & ~pa) == 0 and (hb & ~(pa | keep_h[j])) == 0:
                dominated = True
                break
        if not dominated:
            keep_p[kept] = pb
            keep_h[kept] = hb
            keep_idx[kept] = i
            kept += 1
    return kept


@numba.njit(cache=True, nogil=True)
def _search(types, n, c, h, target, budget):
    """Forward search that drops states whose optimistic score is below ``target``.

    Returns (best score found, or -1 when every state was dropped, or -2 when the work went
    over ``budget``; chosen mask; largest frontier; states kept in all; the largest
    optimistic score of a dropped state, or -1; the work done). The work counts, per scan,
    the candidate states times one more than the states kept: a bound on the dominance tests.
    """
    N = types.size
    one = np.uint64(1)
    # avail[s] = types occurring at positions >= s
    avail = np.zeros(N + 1, np.uint64)
    for s in range(N - 1, -1, -1):
        avail[s] = avail[s + 1] | (one << np.uint64(types[s]))
    front_p = np.zeros(1, np.uint64)
    front_h = np.zeros(1, np.uint64)
    size = 1
    # history: per layer, parent index and kept flag of every state
    offsets = np.zeros(N + 1, np.int64)
    hist_parent = np.empty(1024, np.int64)
    hist_kept = np.empty(1024, np.bool_)
    used = 0
    best = 0
    largest = 1
    dropped = -1
    work = 0
    for s in range(N):
        t = types[s]
        bit = one << np.uint64(t)
        k = t // n
        a = t % n
        width = 2 + h
        cand_p = np.empty(width * size, np.uint64)
        cand_h = np.empty(width * size, np.uint64)
        cand_parent = np.empty(width * size, np.int64)
        cand_kept = np.empty(width * size, np.bool_)
        m = 0
        for i in range(size):
            pl = front_p[i]
            hd = front_h[i]
            if pl & bit:
                cand_p[m], cand_h[m], cand_parent[m], cand_kept[m] = pl, hd, i, False
                m += 1
            elif a == 0 or (pl >> np.uint64(t - 1)) & one:
                pl |= bit
                nxt = t + 1
                while nxt < (k + 1) * n and (hd >> np.uint64(nxt)) & one:
                    b = one << np.uint64(nxt)
                    hd &= ~b
                    pl |= b
                    nxt += 1
                cand_p[m], cand_h[m], cand_parent[m], cand_kept[m] = pl, hd, i, True
                m += 1
            else:
                cand_p[m], cand_h[m], cand_parent[m], cand_kept[m] = pl, hd, i, False
                m += 1
                if h > 0 and not (hd & bit):
                    if popcount(hd) < h:
                        cand_p[m], cand_h[m], cand_parent[m], cand_kept[m] = pl, hd | bit, i, True
                        m += 1
                    else:
                        # a full hand: store in place of a held card (that card is dropped)
                        rest = hd
                        while rest:
                            low = rest & (~rest + one)
                            rest ^= low
                            cand_p[m], cand_h[m], cand_parent[m], cand_kept[m] = pl, (hd ^ low) | bit, i, True
                            m += 1
        for i in range(m):
            score = popcount(cand_p[i])
            if score > best:
                best = score
        # drop candidates that cannot reach the target or the best score already reached
        w = np.int64(0)  # not a literal: one compiled signature of _prune
        for i in range(m):
            hope = _optimistic(cand_p[i], cand_h[i], avail[s + 1], n, c)
            if hope >= max(best, target):
                cand_p[w], cand_h[w], cand_parent[w], cand_kept[w] = cand_p[i], cand_h[i], cand_parent[i], cand_kept[i]
                w += 1
            elif hope > dropped:
                dropped = hope
        m = w
        keep_p = np.empty(m, np.uint64)
        keep_h = np.empty(m, np.uint64)
        keep_idx = np.empty(m, np.int64)
        size = _prune(cand_p, cand_h, m, keep_p, keep_h, keep_idx)
        work += m * (size + 1)
        if size == 0:
            return -1, np.zeros(N, np.bool_), largest, used, dropped, work
        largest = max(largest, size)
        if work > budget:
            return -2, np.zeros(N, np.bool_), largest, used, dropped, work
        if used + size > hist_parent.size:
            grow = max(2 * hist_parent.size, used + size)
            hp = np.empty(grow, np.int64)
            hk = np.empty(grow, np.bool_)
            copy_into(hp[:used], hist_parent)
            copy_into(hk[:used], hist_kept)
            hist_parent, hist_kept = hp, hk
        offsets[s] = used
        for j in range(size):
            hist_parent[used + j] = cand_parent[keep_idx[j]]
            hist_kept[used + j] = cand_kept[keep_idx[j]]
        used += size
        front_p = keep_p
        front_h = keep_h
    chosen = np.zeros(N, np.bool_)
    if N == 0:
        return 0, chosen, largest, used, dropped, work
    # best final state and its history
    top = 0
    for i in range(size):
        if popcount(front_p[i]) > popcount(front_p[top]):
            top = i
    final = front_p[top]
    todo = final  # played types whose copy is not found yet: the last kept copy is the played one
    j = top
    for s in range(N - 1, -1, -1):
        b = one << np.uint64(types[s])
        if hist_kept[offsets[s] + j] and todo & b:
            chosen[s] = True
            todo &= ~b
        j = hist_parent[offsets[s] + j]
    return popcount(final), chosen, largest, used, dropped, work


def engine_refuses(instance: Instance) -> str | None:
    """Why the engine cannot take ``instance`` (``None`` when it can)."""
    types = instance.n * instance.c
    if types > ENGINE_MAX_TYPES:
        return (f"the engine handles c * n <= {ENGINE_MAX_TYPES} card types, this instance has "
                f"c * n = {types}; use --algorithm sat")
    return None


class EngineBudgetExceeded(Exception):
    """The search went over its work budget; ``work`` and ``frontier`` say how far it got."""

    def __init__(self, work: int, frontier: int) -> None:
        super().__init__(f"the engine went over its budget of work ({work:,} dominance tests, "
                         f"frontier {frontier:,} states)")
        self.work, self.frontier = work, frontier


def solve_engine(instance: Instance, budget: int | None = None) -> SolveResult:
    """Maximum score, winnability and an optimal play sequence (any ``c * n <= 64``).

    ``budget``: the most work (dominance tests, see :func:`_search`) over all runs; ``None``
    for no bound. Over it, :class:`EngineBudgetExceeded` is raised.

    Examples
    --------
    >>> from solitaire.model import Instance
    >>> r = solve_engine(Instance.from_cards(2, 2, 1, [(2, 1), (2, 2), (1, 1), (1, 2)]))
    >>> r.winnable, r.score
    (False, 3)
    """
    reason = engine_refuses(instance)
    if reason:
        raise ValueError(reason)
    types = instance.type_ids.astype(np.int64)
    target, runs, largest, states, work = instance.max_score, 0, 0, 0, 0
    left = _NO_BUDGET if budget is None else budget
    while True:
        score, chosen, front, kept, dropped, spent = _search(types, instance.n, instance.c, instance.h, target, left)
        runs, largest, states, work, left = runs + 1, max(largest, front), states + kept, work + spent, left - spent
        if score == -2:
            raise EngineBudgetExceeded(work, largest)
        if score >= target or dropped <= score:
            break
        target = dropped
    sequence, held = asap_sequence(instance, chosen)
    assert held <= instance.h, "engine history exceeds the hand size"
    return SolveResult(
        winnable=int(score) == instance.max_score,
        score=int(score),
        max_score=instance.max_score,
        algorithm="engine",
        instance=instance.params(),
        sequence=sequence,
        extra={"frontier": int(largest), "states": int(states), "runs": runs, "work": int(work)},
    )
