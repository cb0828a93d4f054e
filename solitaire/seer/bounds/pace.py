"""U2, the pace solitaire: an exact search over pooled-hand states (docs/architecture.md, the real game).

The relaxation. A deck ``d_1 … d_N`` of card types (``c`` colors, values ``1..n``); the team
starts with the first ``n0`` cards in one pooled hand and then takes ``T = N - n0`` *steps*:
each step plays one playable card of the hand or discards one card, then draws the next
card. After the last draw it may take ``final`` more actions (plays). The score is the
number of cards played. For a Hanabi deal ``n0 = P * hand``, ``final = P``; see
:mod:`solitaire.seer.bounds.relaxations` for why no real team can beat this score.

A *capacity* ``cap`` generalises it for the hardness figures: at most ``cap`` cards the team
intends to play may be kept. ``cap = n0`` is U2 itself (the hand holds ``n0`` cards before
every step, so it keeps at most ``n0``, and at most ``n0 - 1`` after the step's play or
discard); a smaller ``cap`` forces a kept card out whenever a ``cap``-th would be added,
a larger one gives room the real hand does not have.

States. After ``t`` steps a state is ``(p, H)``: ``p_k`` cards of color ``k`` played, and
``H`` the set of *useful* kept types (value ``> p_k``; a second copy of a kept type or a card
already played is junk, held only to be discarded). Both are bit words: ``p`` in 4-bit
fields, ``H`` a mask over the ``n * c <= 64`` types. The rest of the hand is junk.

Moves that suffice (each dominates the moves it replaces, see below): if ``H`` holds a
playable card, play one (one successor per playable color); else, if fewer than ``cap``
useful cards are kept, discard a junk card (``H`` unchanged); else discard one of ``H``. The
drawn card joins ``H`` when it is useful and its type not yet kept.

Dominance. ``A`` dominates ``B`` (same ``t``) when ``p_A >= p_B`` in every color and every
card of ``H_B`` that ``A`` still needs is in ``H_A``. ``A`` can then mirror each move of
``B`` keeping the invariant: when ``B`` plays a card that ``A`` still needs, ``A`` holds it
and it is playable for ``A`` too (``p_A = p_B`` in that color); otherwise ``A`` discards a
card that ``B`` does not keep (one exists: ``B``'s hand just lost a card that ``A`` does
not count). So ``A`` ends with at least ``B``'s score. Playing a playable card ``x``
dominates every discard: the state after the play has ``p`` larger in ``x``'s color and
keeps everything else. Discarding junk dominates discarding a useful card. Dominated
states are removed at every step; ordered by (score, kept cards) descending, a state can
only be dominated by one that comes before it.

Pruning, target first. With a target score, a state whose optimistic score —
``p`` plus, per color, the run of values kept or still in the deck, capped by the actions
left ``T - t + final`` — is below the target is dropped (this drops every state that lost
all copies of a card it still needs when the target is a win). A *pace floor* ``s``
additionally drops states that have not reached the target yet and have
``score + (T - t) + final - target < s``: hanab.live's pace measured against the target
(a game that has reached the target needs no more pace). The maximum is found by deciding the best hope first and
lowering the target to the best hope among dropped states until the best reached meets
it. A greedy line (:func:`pace_greedy`) is tried before any search: when it reaches the
initial hope, it is optimal and no search runs (most standard deals).

Running time: ``O(T * F * (F + cap + c))`` word operations for the largest frontier ``F``;
``F`` is usually below a hundred on standard deals (measured in ``benchmarks/bench_bounds.py``).
"""

from collections.abc import Sequence

import numba
import numpy as np

from solitaire.bits import copy_into, order_by_counts, popcount
from solitaire.compiled import ensure_cache_folder

ensure_cache_folder()  # before the kernels: numba makes no cached kernel without a folder for it

__all__ = ["PaceProblem", "PaceResult", "pace_search", "pace_greedy", "pace_max", "pace_reaches", "line_pace", "MAX_N",
           "MAX_C"]

MAX_N = 7   # values fit a 4-bit field with a guard bit
MAX_C = 16  # 16 fields of 4 bits


@numba.njit(cache=True)
def _score(p, c):
    total = np.uint64(0)
    for k in range(c):
        total += (p >> np.uint64(4 * k)) & np.uint64(15)
    return np.int64(total)


@numba.njit(cache=True)
def _run(p, mask, n, c):
    """Per color, the run of values after ``p_k`` present in ``mask``; summed."""
    total = 0
    for k in range(c):
        r = np.int64((p >> np.uint64(4 * k)) & np.uint64(15))
        start = r
        while r < n and (mask >> np.uint64(k * n + r)) & np.uint64(1):
            r += 1
        total += r - start
    return total


@numba.njit(cache=True)
def _need(p, n, c):
    """Mask of the types not yet played under ``p``."""
    need = np.uint64(0)
    full = (np.uint64(1) << np.uint64(n)) - np.uint64(1)
    for k in range(c):
        r = (p >> np.uint64(4 * k)) & np.uint64(15)
        low = (np.uint64(1) << r) - np.uint64(1)
        need |= (full ^ low) << np.uint64(k * n)
    return need


@numba.njit(cache=True)
def _filter(cp, ch, m, n, c, guard):
    """Remove dominated candidates; returns the index array of the survivors (sorted)."""
    score, held = np.empty(m, dtype=np.int64), np.empty(m, dtype=np.int64)
    for i in range(m):
        score[i], held[i] = _score(cp[i], c), popcount(ch[i])
    order = order_by_counts(score, held)
    keep = np.empty(m, dtype=np.int64)
    need = np.empty(m, dtype=np.uint64)
    kept = 0
    for idx in range(m):
        i = order[idx]
        pb, hb = cp[i], ch[i]
        dominated = False
        for j in range(kept):
            a = keep[j]
            if (((cp[a] | guard) - pb) & guard) == guard and (hb & need[j] & ~ch[a]) == 0:
                dominated = True
                break
        if not dominated:
            keep[kept] = i
            need[kept] = _need(cp[i], n, c)
            kept += 1
    return keep[:kept]


@numba.njit(cache=True)
def _grow(arr, size):
    if size <= arr.size:
        return arr
    out = np.empty(max(size, 2 * arr.size), dtype=arr.dtype)
    copy_into(out[:arr.size], arr)
    return out


@numba.njit(cache=True)
def _initial(types, n, c, n0, cap, target, actions):
    """Frontier after the first ``n0`` cards enter the hand (kept cards capped at ``cap``).

    A hand whose hope (runs of kept or later cards, at most ``actions`` plays) is below
    ``target`` is dropped as it forms; returns the hands and the largest dropped hope.
    """
    N = types.size
    later = np.zeros(N + 1, dtype=np.uint64)
    for q in range(N - 1, -1, -1):
        later[q] = later[q + 1] | (np.uint64(1) << np.uint64(types[q]))
    hs = np.zeros(1, dtype=np.uint64)
    hope = -1
    guard = np.uint64(0)
    for k in range(c):
        guard |= np.uint64(8) << np.uint64(4 * k)
    for s in range(n0):
        bit = np.uint64(1) << np.uint64(types[s])
        cand = np.empty(hs.size * (cap + 2), dtype=np.uint64)
        m = 0
        for i in range(hs.size):
            h = hs[i]
            if h & bit or popcount(h) < cap:
                cand[m] = h | bit if cap > 0 else h
                m += 1
                continue
            cand[m] = h
            m += 1
            rest = h
            while rest:
                low = rest & (~rest + np.uint64(1))
                rest ^= low
                cand[m] = (h ^ low) | bit
                m += 1
        good = np.int64(0)  # not a literal: one compiled signature of _filter
        for j in range(m):
            opt = min(_run(np.uint64(0), cand[j] | later[s + 1], n, c), actions)
            if opt >= target:
                cand[good] = cand[j]
                good += 1
            else:
                hope = max(hope, opt)
        ps = np.zeros(good, dtype=np.uint64)
        keep = _filter(ps, cand[:good], good, n, c, guard)
        hs = cand[keep]
    return hs, hope


@numba.njit(cache=True)
def pace_search(types, n, c, n0, final, cap, target, floor):
    """One target-first search; see the module docstring.

    Returns ``(best, hope, line_step, line_type, widest)``: the best score reached by a
    state that was never dropped, the largest optimistic score of a dropped state (``-1``
    if none), the plays of a line reaching ``best`` (1-based action number, type), and the
    largest frontier.
    """
    N = types.size
    T = N - n0
    avail = np.zeros(T + 1, dtype=np.uint64)
    for t in range(T - 1, -1, -1):
        avail[t] = avail[t + 1] | (np.uint64(1) << np.uint64(types[n0 + t]))
    guard = np.uint64(0)
    for k in range(c):
        guard |= np.uint64(8) << np.uint64(4 * k)
    hs, hope = _initial(types, n, c, n0, cap, target, T + final)
    ps = np.zeros(hs.size, dtype=np.uint64)
    # records for the line: per layer, parent index and played type (-1: a discard)
    rec_parent = np.empty(1024, dtype=np.int64)
    rec_move = np.empty(1024, dtype=np.int64)
    start = np.zeros(T + 2, dtype=np.int64)
    start[1] = hs.size
    rec_parent = _grow(rec_parent, hs.size)
    rec_move = _grow(rec_move, hs.size)
    for i in range(hs.size):
        rec_parent[i] = -1
        rec_move[i] = -1
    widest = hs.size
    for t in range(T):
        size = ps.size * (cap + c + 1)
        cp = np.empty(size, dtype=np.uint64)
        ch = np.empty(size, dtype=np.uint64)
        cparent = np.empty(size, dtype=np.int64)
        cmove = np.empty(size, dtype=np.int64)
        m = 0
        for i in range(ps.size):
            p, h = ps[i], hs[i]
            played_any = False
            for k in range(c):
                r = (p >> np.uint64(4 * k)) & np.uint64(15)
                if r < n:
                    x = k * n + np.int64(r)
                    bit = np.uint64(1) << np.uint64(x)
                    if h & bit:
                        cp[m] = p + (np.uint64(1) << np.uint64(4 * k))
                        ch[m] = h ^ bit
                        cparent[m] = i
                        cmove[m] = x
                        m += 1
                        played_any = True
            if played_any:
                continue
            if popcount(h) < cap or h == 0:
                cp[m] = p
                ch[m] = h
                cparent[m] = i
                cmove[m] = -1
                m += 1
                continue
            rest = h
            while rest:
                low = rest & (~rest + np.uint64(1))
                rest ^= low
                cp[m] = p
                ch[m] = h ^ low
                cparent[m] = i
                cmove[m] = -1
                m += 1
        # draw, then prune by hope and pace
        d = types[n0 + t]
        dk, dr = d // n, d % n
        dbit = np.uint64(1) << np.uint64(d)
        left = T - t - 1 + final
        good = np.int64(0)
        for j in range(m):
            p, h = cp[j], ch[j]
            if np.int64((p >> np.uint64(4 * dk)) & np.uint64(15)) <= dr and popcount(h) < cap:
                h |= dbit
            sc = _score(p, c)
            opt = sc + min(_run(p, h | avail[t + 1], n, c), left)
            if opt < target or (sc < target and sc + left - target < floor):
                hope = max(hope, opt)
                continue
            cp[good] = p
            ch[good] = h
            cparent[good] = cparent[j]
            cmove[good] = cmove[j]
            good += 1
        keep = _filter(cp, ch, good, n, c, guard)
        ps = cp[keep]
        hs = ch[keep]
        widest = max(widest, ps.size)
        base = start[t + 1]
        start[t + 2] = base + ps.size
        rec_parent = _grow(rec_parent, base + ps.size)
        rec_move = _grow(rec_move, base + ps.size)
        for q in range(ps.size):
            rec_parent[base + q] = cparent[keep[q]]
            rec_move[base + q] = cmove[keep[q]]
        if ps.size == 0:
            break
    best, at = -1, -1
    if ps.size:
        for i in range(ps.size):
            value = _score(ps[i], c) + min(final, _run(ps[i], hs[i], n, c))
            if value > best:
                best, at = value, i
    if best < 0:
        return best, hope, np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64), widest
    # final actions: play the runs color by color
    p, h = ps[at], hs[at]
    tail_types = np.empty(final, dtype=np.int64)
    nt = 0
    for k in range(c):
        r = np.int64((p >> np.uint64(4 * k)) & np.uint64(15))
        while r < n and (h >> np.uint64(k * n + r)) & np.uint64(1) and nt < final:
            tail_types[nt] = k * n + r
            nt += 1
            r += 1
    moves = np.empty(T, dtype=np.int64)
    idx = at
    for layer in range(T, 0, -1):
        g = start[layer] + idx
        moves[layer - 1] = rec_move[g]
        idx = rec_parent[g]
    count = 0
    for t in range(T):
        if moves[t] >= 0:
            count += 1
    line_step = np.empty(count + nt, dtype=np.int64)
    line_type = np.empty(count + nt, dtype=np.int64)
    q = 0
    for t in range(T):
        if moves[t] >= 0:
            line_step[q] = t + 1
            line_type[q] = moves[t]
            q += 1
    for j in range(nt):
        line_step[q] = T + 1 + j
        line_type[q] = tail_types[j]
        q += 1
    return best, hope, line_step, line_type, widest


@numba.njit(cache=True)
def pace_greedy(types, n, c, n0, final, cap):
    """One line of the pace solitaire, chosen greedily: a quick lower bound with its plays.

    It plays the lowest playable kept card; with nothing to play it discards junk while
    fewer than ``cap`` cards are kept, else the kept card of highest value that still has
    a copy in the deck (else of highest value). Returns ``(score, line_step, line_type)``.
    """
    N = types.size
    T = N - n0
    remaining = np.zeros(n * c, dtype=np.int64)
    for q in range(n0, N):
        remaining[types[q]] += 1
    p = np.zeros(c, dtype=np.int64)
    kept = np.zeros(n * c, dtype=np.bool_)
    count = 0
    for q in range(n0):
        x = types[q]
        if not kept[x] and count < cap:
            kept[x] = True
            count += 1
    steps = np.empty(T + final, dtype=np.int64)
    kinds = np.empty(T + final, dtype=np.int64)
    plays = 0
    for t in range(T + final):
        best = -1
        for k in range(c):
            if p[k] < n and kept[k * n + p[k]] and (best < 0 or p[k] < p[best // n]):
                best = k * n + p[k]
        if best >= 0:
            kept[best] = False
            count -= 1
            p[best // n] += 1
            steps[plays] = t + 1
            kinds[plays] = best
            plays += 1
        elif t >= T:
            break
        elif count >= cap and count > 0:
            drop, drop_key = -1, -1
            for x in range(n * c):
                if kept[x]:
                    key = (x % n) + (n if remaining[x] > 0 else 0)
                    if key > drop_key:
                        drop, drop_key = x, key
            kept[drop] = False
            count -= 1
        if t < T:
            d = types[n0 + t]
            remaining[d] -= 1
            if d % n >= p[d // n] and not kept[d] and count < cap:
                kept[d] = True
                count += 1
    return plays, steps[:plays], kinds[:plays]


class PaceProblem:
    """A pace-solitaire instance: deck types, ``n``, ``c``, initial hand ``n0``, ``final`` actions.

    Examples
    --------
    >>> prob = PaceProblem([0, 1], n=2, c=1, n0=1, final=1)   # 1 then 2 of one color
    >>> pace_max(prob).score
    2
    >>> pace_max(PaceProblem([1, 0], n=2, c=1, n0=1, final=0)).score  # the 1 comes last
    0
    """

    def __init__(self, types: Sequence[int] | np.ndarray, n: int, c: int, n0: int, final: int) -> None:
        self.types = np.array(types, dtype=np.int64)  # a writable copy: the kernels' one compiled signature
        if not (1 <= n <= MAX_N and 1 <= c <= MAX_C and n * c <= 64):
            raise ValueError(f"need 1 <= n <= {MAX_N}, 1 <= c <= {MAX_C}, n*c <= 64; got n={n}, c={c}")
        if not 0 <= n0 <= self.types.size or final < 0:
            raise ValueError("need 0 <= n0 <= N and final >= 0")
        if self.types.size and (self.types.min() < 0 or self.types.max() >= n * c):
            raise ValueError("card types must lie in 0..n*c-1")
        self.n, self.c, self.n0, self.final = n, c, n0, final

    @property
    def steps(self) -> int:
        """``T``: steps that end with a draw."""
        return int(self.types.size) - self.n0

    @property
    def max_score(self) -> int:
        return self.n * self.c

    def optimistic(self, cap: int) -> int:
        """The hope of the initial state(s): an upper bound on the score."""
        counts = np.bincount(self.types, minlength=self.max_score)
        total = 0
        for k in range(self.c):
            r = 0
            while r < self.n and counts[k * self.n + r]:
                r += 1
            total += r
        return min(total, self.steps + self.final) if cap > 0 else 0


class PaceResult:
    """Score and line of a pace search: ``plays`` lists ``(action number, type)``."""

    __slots__ = ("score", "plays", "widest", "searches")

    def __init__(self, score: int, plays: list[tuple[int, int]], widest: int, searches: int) -> None:
        self.score, self.plays, self.widest, self.searches = score, plays, widest, searches

    def __repr__(self) -> str:
        return f"PaceResult(score={self.score}, plays={len(self.plays)})"


def _run_search(prob, cap, target, floor):
    best, hope, steps, kinds, widest = pace_search(prob.types, prob.n, prob.c, prob.n0, prob.final,
                                                   cap, target, floor)
    return best, hope, list(zip(steps.tolist(), kinds.tolist(), strict=True)), widest


def pace_max(prob: PaceProblem, cap: int | None = None) -> PaceResult:
    """The maximum score of the pace solitaire (kept cards at most ``cap``, default ``n0``)."""
    cap = prob.n0 if cap is None else cap
    target = prob.optimistic(cap)
    score, steps, kinds = pace_greedy(prob.types, prob.n, prob.c, prob.n0, prob.final, cap)
    line = list(zip(steps.tolist(), kinds.tolist(), strict=True))
    if score >= target:
        return PaceResult(score, line, 0, 0)
    widest, searches = 0, 0
    while True:
        best, hope, plays, wide = _run_search(prob, cap, target, -(1 << 30))
        widest, searches = max(widest, wide), searches + 1
        if best > score:
            score, line = best, plays
        if best >= target or hope <= score:
            return PaceResult(score, line, widest, searches)
        target = hope


def line_pace(prob: PaceProblem, plays: Sequence[tuple[int, int]], target: int) -> int | None:
    """The least pace ``plays so far + cards left + final - target`` after the draws of a line
    that come before it reaches ``target`` (``None`` if there are none)."""
    done, least, steps = 0, None, [when for when, _ in plays]
    for t in range(1, prob.steps + 1):
        while done < len(steps) and steps[done] <= t:
            done += 1
        if done >= target:
            break
        pace = done + (prob.steps - t) + prob.final - target
        least = pace if least is None else min(least, pace)
    return least


def pace_reaches(prob: PaceProblem, target: int, cap: int | None = None, floor: int = 0) -> bool:
    """Whether some line scores ``>= target`` with pace ``>= floor`` after every draw.

    The greedy line answers "yes" when it suffices; the search decides the rest.
    """
    cap = prob.n0 if cap is None else cap
    score, steps, kinds = pace_greedy(prob.types, prob.n, prob.c, prob.n0, prob.final, cap)
    if score >= target:
        least = line_pace(prob, list(zip(steps.tolist(), kinds.tolist(), strict=True)), target)
        if least is None or least >= floor:
            return True
    return _run_search(prob, cap, target, floor)[0] >= target
