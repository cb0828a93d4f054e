"""One color (``c = 1``): the useless-card filter (Lemma 3) and the lazy strategy (Theorem 4).

With a single color a card is just its value ``a`` in ``1..n``; multiplicity and hand size are
arbitrary. The card at position ``i`` is **useless** (§3) if there are ``h + 1`` values
``a_i < w_1 < ... < w_{h+1} <= n`` none of which occurs after position ``i``. A winning
sequence never plays a useless card (Observation 2: when it is scanned, nothing of value
``>= a_i`` has been played, and the ``h + 1`` witnesses would all have to be in hand already).
Removing useless cards can make further cards useless; the filter removes them all.

Filter (Lemma 3), ``O(N + n log h)``. ``P[i]`` is the previous position holding the value
``a_i`` (``-1`` if none) and ``L[v]`` the last not-yet-removed position of value ``v``
(``-1`` if none). A max-heap ``HP`` of ``h + 1`` positions holds the ``h + 1`` smallest
``L[w]`` over the values ``w`` already processed. For ``v = n - h - 1`` down to ``1``: every
copy of ``v`` after the top of ``HP`` is useless (the ``h + 1`` values in ``HP`` are witnesses),
so walk ``L[v], P[L[v]], ...`` removing copies until one lies before the top; that copy is the
new ``L[v]``; then replace the top of ``HP`` by ``L[v]``. Copies before the top are not
useless: fewer than ``h + 1`` higher values have their last copy before them. Removing copies
of ``v`` never affects a higher value (witnesses are higher), so one downward sweep reaches the
fixpoint. Values ``>= n - h`` are never useless (there are not ``h + 1`` higher values), so
nothing is removed when ``n <= h + 1``.

Lazy strategy (Theorem 4). If a value has no copy left after filtering, the instance is lost
(no copy of it can be played). Otherwise keep only the last surviving copy ``L[v]`` of each
value, discard every other card, play a kept card when it is playable (then every stored card
that becomes playable) and store it otherwise. This is exactly the as-soon-as-possible
sequence of the copy-selection lemma for the chosen copies ``{L[v]}``
(:func:`~solitaire.selection.asap_sequence`). With one color it is built in one scan of the
deck (:func:`_lazy_sequence`, the kept copies marked first) without the lemma's release times:
the value ``v`` at ``L[v]`` is playable exactly when it is the next value to play, since the
ASAP sequence plays a value as soon as every lower chosen copy is scanned (induction on the
value), so by then every lower value is played; after a play, the next values follow while
their copies ``L[w]`` came before. Theorem 4: it never holds more than ``h`` cards, else the last surviving copy of the
next value to play would be useless, with the ``h + 1`` stored values as witnesses.

:func:`solve_lazy` stops at the first value left without copies, as §3 does. For the whole
fixpoint (:func:`useless_mask`) the sweep goes on past such a value, treating it as a witness
whose last copy is at position ``-1`` (before every card), which is what "no copy after position
``i``" means.

Certificates of a loss:

* ``{"reason", "missing": [v, 1]}``: the value ``v`` (the smallest such) never occurs;
* ``{"reason", "value": v, "witnesses": [[w, i_w], ...]}`` for the highest value ``v`` with no
  surviving copy: ``h + 1`` values ``w > v`` with ``i_w`` the (1-based) last surviving position of
  ``w``; every copy of ``v`` comes after every ``i_w``, so each copy of ``v`` is useless once the
  useless copies of the witnesses after ``i_w`` are gone.

Notes
-----
Running time ``O(N + n log h)``: the vectors ``P`` and ``L`` in one scan, the sweep touches
each removed card once and does one heap replacement per value; the heap is an array-based
binary max-heap of ``h + 1`` positions; the sequence is one more scan; all in numba.

References
----------
J.-F. Baffier et al., "Hanabi is NP-complete, Even for Cheaters who Look at Their Cards",
FUN 2016, §3, Observation 2, Lemma 3 and Theorem 4.
"""

import numba
import numpy as np

from solitaire.compiled import ensure_cache_folder
from solitaire.model import Instance
from solitaire.result import SolveResult
from solitaire.sequence import DISCARD, PLAY, STORE, PlaySequence

ensure_cache_folder()  # before the kernels: numba makes no cached kernel without a folder for it

__all__ = ["solve_lazy", "lazy_refuses", "useless_mask"]


def lazy_refuses(instance: Instance) -> str | None:
    """Why Theorem 4 does not apply (``None`` when ``c = 1``)."""
    if instance.c > 1:
        return f"lazy (Theorem 4) needs one color (c = 1), this instance has c = {instance.c}"
    return None


@numba.njit(cache=True, nogil=True)
def _sift_down(heap, j):
    """Restore the max-heap property below ``heap[j]``."""
    m = heap.size
    x = heap[j]
    while True:
        child = 2 * j + 1
        if child >= m:
            break
        if child + 1 < m and heap[child + 1] > heap[child]:
            child += 1
        if heap[child] <= x:
            break
        heap[j] = heap[child]
        j = child
    heap[j] = x


@numba.njit(cache=True, nogil=True)
def _filter(values, n, h, stop, prev, last):
    """The filter of Lemma 3, filling ``prev`` (``P``) and ``last``; ``(r, missing, failed, witnesses)``.

    ``prev`` (length ``N``) and ``last`` (shape ``(n + 1, 2)``) come allocated, int32 when
    positions fit (half the memory traffic of the random accesses that dominate the time).
    On return ``last[v, 0]`` is ``L[v]``, the last surviving copy of ``v`` (0-based, ``-1`` if
    none), and ``last[v, 1]`` the number of copies of ``v`` (kept beside ``L[v]``: one cache
    line per card). ``r``: the multiplicity. ``missing``: the smallest value with no copy (0
    if none). ``failed``: the highest value with copies but none surviving (0 if none), and
    ``witnesses`` the heap at that moment (``h + 1`` positions). With ``stop``, the sweep ends
    at the first failure or missing value (§3); ``L`` is then final only above it.
    """
    last[:, 0] = -1
    last[:, 1] = 0
    for s in range(values.size):
        v = np.uintp(values[s])  # unsigned: no wraparound code in the loop
        prev[s] = last[v, 0]
        last[v, 0] = s
        last[v, 1] += 1
    r = 0
    missing = 0
    for v in range(n, 0, -1):
        r = max(r, last[v, 1])
        if last[v, 1] == 0:
            missing = v
    m = h + 1
    failed = 0
    witnesses = np.full(m, -1, np.int64)
    if n <= m or (stop and missing):
        return r, missing, failed, witnesses
    heap = last[n - h:, 0].copy()
    for j in range(m // 2 - 1, -1, -1):
        _sift_down(heap, j)
    for v in range(n - m, 0, -1):
        top = heap[0]
        p = last[v, 0]
        while p > top:
            p = prev[p]
        last[v, 0] = p
        if p < 0 and last[v, 1] > 0 and failed == 0 and missing == 0:
            failed = v
            witnesses[:] = heap
            if stop:
                break
        heap[0] = p
        _sift_down(heap, 0)
    return r, missing, failed, witnesses


@numba.njit(cache=True, nogil=True)
def _lazy_sequence(values, L, kept, codes, idx):
    """Fill ``codes``/``idx`` with the lazy sequence of the copies ``L[v]`` (module docstring; every value
    ``1..n`` has one, ``L[0]`` unused); returns (its number of events, the most cards held). ``kept`` is
    scratch space (``N`` bools, all false); ``codes`` and ``idx`` have room for ``N + n`` events: each
    card's, and one play per stored card. The deck is read in order, the copies marked first: no random
    access per card."""
    n = L.size - 1
    for v in range(1, n + 1):
        kept[np.uintp(L[v])] = True
    m, held, most, nxt = 0, 0, 0, 1  # nxt: the next value to play
    for s in range(values.size):  # no branch on the kind of card, which follows the deck's random order
        play = kept[s] & (values[s] == nxt)  # a kept copy of another value waits for a lower one: stored
        slot = np.uintp(m)  # unsigned indices: no wraparound code in the loop
        codes[slot], idx[slot] = PLAY if play else STORE if kept[s] else DISCARD, s + 1
        m += 1
        held += kept[s] & ~play
        if play:
            most = max(most, held)  # held only grows between plays
            nxt += 1
            while nxt <= n and L[np.uintp(nxt)] < s:  # the stored copies of the next values
                codes[np.uintp(m)], idx[np.uintp(m)] = PLAY, L[np.uintp(nxt)] + 1
                m += 1
                held -= 1
                nxt += 1
    return m, max(most, held)


def _run_filter(instance, stop):
    """``(L, r, missing, failed, witnesses)`` of :func:`_filter`."""
    if instance.c > 1:
        raise ValueError(lazy_refuses(instance))
    dtype = np.int32 if instance.N < 2**31 - 1 else np.int64
    prev = np.empty(instance.N, dtype)
    last = np.empty((instance.n + 1, 2), dtype)
    r, missing, failed, witnesses = _filter(instance.values, instance.n, instance.h, stop, prev, last)
    return last[:, 0], r, missing, failed, witnesses


def useless_mask(instance: Instance) -> np.ndarray:
    """Which cards the filter of Lemma 3 removes (the fixpoint of "remove useless cards").

    Returns
    -------
    numpy.ndarray of bool, length ``N``
        ``True`` at every position that is useless in the end (a copy of ``v`` survives iff it
        comes no later than the last surviving copy ``L[v]``).

    Examples
    --------
    >>> from solitaire.model import Instance
    >>> useless_mask(Instance.from_cards(3, 1, 0, [(1, 1), (3, 1), (2, 1), (1, 1)])).tolist()
    [True, False, True, True]

    With ``h = 0`` the 2 is useless (no 3 after it), the last 1 too (nothing after it); once
    the 2 is gone, the first 1 has no 2 after it and is useless as well.
    """
    L = _run_filter(instance, stop=False)[0]
    return np.arange(instance.N) > L[instance.values]


def solve_lazy(instance: Instance) -> SolveResult:
    """Decide a one-color instance by Theorem 4: the lazy winning sequence or a certificate.

    Parameters
    ----------
    instance : Instance
        With ``c = 1``.

    Returns
    -------
    SolveResult
        ``winnable``; ``score = n`` on a win, ``None`` on a loss (the algorithm decides, it does
        not compute the maximum score of a lost instance); ``sequence``: the lazy sequence
        (the ASAP sequence of the last surviving copy of every value) on a win; ``certificate``
        on a loss (see the module docstring).

    Raises
    ------
    ValueError
        When ``c > 1``.

    Notes
    -----
    ``O(N + n log h)`` time.

    Examples
    --------
    >>> from solitaire.model import Instance
    >>> inst = Instance.from_cards(3, 1, 1, [(3, 1), (2, 1), (1, 1), (3, 1)])
    >>> res = solve_lazy(inst)
    >>> res.winnable, res.sequence.to_json()
    (True, [['discard', 1], ['store', 2], ['play', 3], ['play', 2], ['play', 4]])
    >>> cert = solve_lazy(inst.with_hand(0)).certificate
    >>> cert["value"], cert["witnesses"]
    (1, [[2, 2]])
    """
    n, h = instance.n, instance.h
    L, r, missing, failed, witnesses = _run_filter(instance, stop=True)
    result = SolveResult(winnable=False, score=None, max_score=n, algorithm="lazy",
                         instance={"N": instance.N, "n": n, "c": 1, "r": int(r), "h": h})
    if missing:
        result.certificate = {"reason": f"the value {missing} does not occur", "missing": [int(missing), 1]}
        return result
    if failed:
        pairs = sorted([int(instance.values[i]), int(i) + 1] for i in witnesses)
        result.certificate = {
            "reason": (f"every copy of the value {failed} is useless: it comes after the last surviving "
                       f"copy of each of the {h + 1} higher values {', '.join(str(w) for w, _ in pairs)}"),
            "value": int(failed),
            "witnesses": pairs,
        }
        return result
    codes, idx = np.empty(instance.N + n, np.int8), np.empty(instance.N + n, L.dtype)
    m, most = _lazy_sequence(instance.values, L, np.zeros(instance.N, np.bool_), codes, idx)
    sequence = PlaySequence(codes[:m], idx[:m])
    if most > h:
        raise AssertionError(f"Theorem 4 violated: the lazy sequence holds {most} > h = {h} cards")
    result.winnable, result.score, result.sequence = True, n, sequence
    return result
