"""Unique cards (``r = 1``): the greedy algorithm of Lemma 1, in ``O(N)`` time.

With every card type present exactly once, nothing may be discarded and the natural greedy
strategy (play a card as soon as it is playable, store it until then) is optimal. For the
card at position ``i`` let

    f_i = max { j : k_j = k_i and a_j <= a_i }

be the last position of a card of its color with a value at most ``a_i``. Card ``i`` cannot
be played before position ``f_i`` is scanned, and the greedy strategy plays it exactly then,
so it is held on the half-open interval ``[i, f_i)`` of scan times (empty when ``f_i = i``).

**Lemma 1.** An instance with ``r = 1`` is winnable iff every card type is present and at
most ``h`` of the intervals ``[i, f_i)`` contain any scan time ``t``.

Erratum-style remark: the paper writes the intervals closed, ``[i, f_i]``, and counts "the
nonempty ones". Read literally (``[i, i]`` is nonempty), ``(1, 1) (2, 1)`` with ``h = 0``
would be declared lost while it is won by playing both cards as they come. The half-open
intervals used here are what the proof means (a card leaves the hand when ``f_i`` is scanned);
with ``f_i > i`` only, the closed count is the same as the half-open one (the card scanned at
``f_i`` releases but is never itself stored). ``tests/test_greedy.py`` keeps that instance.

Computation. When every type is present (checked first), the number of intervals containing
scan time ``t`` (1-based) is the number of cards held after scanning ``t``: with ``g_k(t)`` the largest ``g``
such that values ``1..g`` of color ``k`` are all among the first ``t`` cards, a scanned card ``(a, k)`` has
``f_i > t`` iff ``a > g_k(t)``, and the scanned cards with ``a <= g_k(t)`` are exactly
``g_k(t)`` (one per type), so

    |{i : i <= t < f_i}| = t - sum_k g_k(t).

One scan keeps ``g_k`` up to date (each ``g_k`` only grows, so the total work is
``O(N + n c)``); the ``f_i`` themselves are built only for the certificate of a loss, for the
``h + 1`` held cards, by one backward scan (``O(N + h log h)``).

Certificates of a loss, both checkable from the definitions alone:

* ``{"reason", "missing": [a, k]}``: the card type ``(a, k)`` never occurs;
* ``{"reason", "time": t, "intervals": [[i, f_i], ...]}``: right after scanning ``t`` the
  ``h + 1`` listed cards have been scanned (``i <= t``) and each still waits for a lower card
  of its color that comes after ``t`` (``f_i > t``), so a win would hold ``h + 1`` cards.
  ``t`` is the first such time, where exactly ``h + 1`` intervals are alive.

A win returns the greedy sequence itself: :func:`~solitaire.selection.asap_sequence` with
every position chosen. The algorithm decides; it does not compute the maximum score of a
lost instance (``score`` is ``None`` then).

Notes
-----
Running time ``O(N + n c)`` (``O(N)`` when every type is present): one pass over the cards
with an ``n c`` bit table, in numba. The paper suggests a hash table or a ``c x n`` bit matrix
for the hand; the bit table of scanned types plays that role here.

References
----------
J.-F. Baffier et al., "Hanabi is NP-complete, Even for Cheaters who Look at Their Cards",
FUN 2016, §2, Lemma 1.
"""

import numba
import numpy as np

from solitaire.compiled import ensure_cache_folder
from solitaire.model import Instance
from solitaire.result import SolveResult
from solitaire.selection import asap_sequence

ensure_cache_folder()  # before the kernels: numba makes no cached kernel without a folder for it

__all__ = ["solve_greedy", "greedy_refuses"]


def greedy_refuses(instance: Instance) -> str | None:
    """Why Lemma 1 does not apply (``None`` when ``r <= 1``)."""
    r = instance.r
    if r > 1:
        return f"greedy (Lemma 1) needs every card at most once (r = 1), this instance has r = {r}"
    return None


@numba.njit(cache=True, nogil=True)
def _greedy_scan(values, colors, n, c, h):
    """One pass: ``(duplicate, missing, w, t_over, g_over)``.

    ``duplicate``: 0-based position of a second copy of a type (-1 if none, i.e. ``r <= 1``).
    ``missing``: 0-based smallest type id that never occurs (-1 if none).
    ``w``: the most cards held after a scan (the maximum overlap, when nothing is missing).
    ``t_over``: 0-based first scan after which more than ``h`` cards are held (-1 if none),
    and ``g_over`` the ``g_k`` right after it. Scanned types are kept in a bit table
    (``n c / 8`` bytes: it stays in cache where a byte table would not). The cards held grow by
    one a scan between two scans that play, so ``w`` and ``t_over`` are settled at those scans
    and at the end only; indices are cast to unsigned (no wraparound code in the loop).
    """
    seen = np.zeros((n * c + 63) >> 6, np.uint64)
    g = np.zeros(c, np.int64)        # g[k]: values 1..g[k] of color k+1 all scanned
    g_over = np.zeros(c, np.int64)
    released = 0                     # sum of g
    w = 0
    t_over = -1
    last = -1                        # the last scan that played, and the cards held after it
    held_last = 0
    one, six, low = np.uint64(1), np.uint64(6), np.uint64(63)
    N = values.size
    s = 0
    while True:
        while s < N:  # mark the cards up to the next one that plays
            k, a = colors[np.uintp(s)] - 1, values[np.uintp(s)] - 1
            x = np.uint64(k * n + a)
            bit = one << (x & low)
            if seen[x >> six] & bit:
                return s, -1, 0, -1, g_over
            seen[x >> six] |= bit
            if g[np.uintp(k)] == a:
                break
            s += 1
        held = held_last + s - 1 - last  # after the scan s - 1
        w = max(w, held)
        if held > h and t_over < 0:
            t_over = last + h + 1 - held_last
            g_over[:] = g
        if s == N:
            break
        base = k * n
        a += 1
        while a < n and (seen[np.uint64(base + a) >> six] >> (np.uint64(base + a) & low)) & one:
            a += 1
        released += a - g[np.uintp(k)]
        g[np.uintp(k)] = a
        last, held_last = s, s + 1 - released
        s += 1
    missing = -1
    if released < n * c:
        for x in range(n * c):
            if not (seen[x >> 6] >> np.uint64(x & 63)) & one:
                missing = x
                break
    return -1, missing, w, t_over, g_over


@numba.njit(cache=True, nogil=True)
def _last_lower(values, colors, held, start):
    """``f_i`` (0-based) of the positions ``held``, grouped by color and by decreasing value.

    ``held[start[k]:start[k + 1]]`` are the positions of color ``k + 1``, highest value first.
    One backward scan: ``f_i`` is the first position from the end with the color of ``i`` and
    a value ``<= a_i``; within a color the higher values are reached first from the end.
    """
    nxt = start[:-1].copy()
    f = np.full(held.size, -1, np.int64)
    todo = held.size
    for j in range(values.size - 1, -1, -1):
        if todo == 0:
            break
        k = colors[j] - 1
        while nxt[k] < start[k + 1] and values[held[nxt[k]]] >= values[j]:
            f[nxt[k]] = j
            nxt[k] += 1
            todo -= 1
    return f


def _alive_intervals(instance, t, g):
    """Positions ``i <= t`` held after the 0-based scan ``t`` (``a_i > g_k``) and their ``f_i``."""
    values, colors = instance.values[: t + 1], instance.colors[: t + 1]
    held = np.flatnonzero(values > g[colors - 1])
    held = held[np.lexsort((-values[held], colors[held]))]       # by color, highest value first
    start = np.searchsorted(colors[held], np.arange(1, instance.c + 2))
    f = _last_lower(instance.values, instance.colors, held, start)
    order = np.argsort(held)
    return held[order], f[order]


def _params(instance, r):
    return {"N": instance.N, "n": instance.n, "c": instance.c, "r": r, "h": instance.h}


def solve_greedy(instance: Instance) -> SolveResult:
    """Decide an ``r = 1`` instance by Lemma 1; a greedy winning sequence or a certificate.

    Parameters
    ----------
    instance : Instance
        With every card type at most once.

    Returns
    -------
    SolveResult
        ``winnable``; ``score = n * c`` on a win, ``None`` on a loss; ``sequence``: the greedy
        (as-soon-as-possible) sequence on a win; ``certificate`` on a loss (see the module
        docstring); ``extra["max_overlap"]``: the most intervals alive at once, i.e. the
        smallest hand size that wins, when every type is present.

    Raises
    ------
    ValueError
        When some card occurs twice (``r > 1``).

    Notes
    -----
    ``O(N + n c)`` time.

    Examples
    --------
    >>> from solitaire.model import Instance
    >>> inst = Instance.from_cards(2, 2, 1, [(2, 1), (1, 1), (2, 2), (1, 2)])
    >>> res = solve_greedy(inst)
    >>> res.winnable, res.score, res.sequence.to_json()[:3]
    (True, 4, [['store', 1], ['play', 2], ['play', 1]])
    >>> solve_greedy(inst.with_hand(0)).certificate  # doctest: +NORMALIZE_WHITESPACE
    {'reason': 'after scanning card 1, 1 cards must be held (hand size 0):
     each waits for a lower card of its color scanned later', 'time': 1, 'intervals': [[1, 2]]}
    """
    n, c, h = instance.n, instance.c, instance.h
    duplicate, missing, w, t_over, g_over = _greedy_scan(instance.values, instance.colors, n, c, h)
    if duplicate >= 0:
        card = (int(instance.values[duplicate]), int(instance.colors[duplicate]))
        raise ValueError(f"greedy (Lemma 1) needs every card at most once (r = 1); card {duplicate + 1} "
                         f"{card} occurs again")
    result = SolveResult(winnable=False, score=None, max_score=n * c, algorithm="greedy",
                         instance=_params(instance, 1 if instance.N else 0))
    if missing >= 0:
        a, k = missing % n + 1, missing // n + 1
        result.certificate = {"reason": f"the card ({a}, {k}) does not occur", "missing": [a, k]}
        return result
    result.extra["max_overlap"] = int(w)
    if t_over >= 0:
        result.certificate = _overflow_certificate(instance, t_over, g_over)
        return result
    result.winnable, result.score = True, n * c
    result.sequence, _ = asap_sequence(instance, np.ones(instance.N, np.bool_))
    return result


def _overflow_certificate(instance, t, g):
    """The intervals ``[i, f_i]`` (1-based) alive right after the 0-based scan ``t``."""
    held, f = _alive_intervals(instance, t, g)
    intervals = [[i + 1, j + 1] for i, j in zip(held.tolist(), f.tolist(), strict=True)]
    return {
        "reason": (f"after scanning card {t + 1}, {len(intervals)} cards must be held (hand size "
                   f"{instance.h}): each waits for a lower card of its color scanned later"),
        "time": t + 1,
        "intervals": intervals,
    }
