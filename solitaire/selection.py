"""The copy-selection lemma: from a choice of copies to an as-soon-as-possible sequence.

Lemma (DESIGN §3). If some legal sequence plays a set ``S`` of cards (one copy per played
card type), then the sequence that plays every chosen copy as early as possible and
discards every other card is also legal, plays the same cards, and never holds more
cards at any time.

Proof sketch (exchange argument). Let ``T(x)`` be the latest position among the chosen
copies of ``(b, k)``, ``b <= a``, for the chosen copy ``x`` of ``(a, k)``. No sequence
can play ``x`` before scanning position ``T(x)``, since a lower card of its color, or
``x`` itself, is not scanned yet; the ASAP sequence plays ``x`` exactly when position
``T(x)`` is scanned (all lower chosen cards are then scanned, and by induction on the
value they are played by then). So in the ASAP sequence ``x`` is held exactly on
``[pos(x), T(x))``, while in any sequence playing ``S`` it is held at least there.
Cards outside ``S`` are discarded at scan, so they are never held. Hence, after every
scan, the ASAP hand is a subset of the other sequence's hand restricted to ``S``.

Consequently an instance is winnable iff one copy of every type can be chosen so that
at most ``h`` of the intervals ``[pos(x), T(x))`` contain any scan time. Every solver
returns its play sequence through :func:`asap_sequence`, and the SAT encoding is built on
the same intervals.
"""

import numba
import numpy as np

from solitaire.sequence import PlaySequence

__all__ = ["asap_sequence", "release_times"]


@numba.njit(cache=True)
def _release_times(values, colors, chosen, n, c):
    """Release time ``T`` (0-based) of every chosen copy; -1 where it can never be played."""
    N = values.size
    pos = np.full(n * c, -1, np.int64)
    for s in range(N):
        if chosen[s]:
            pos[(colors[s] - 1) * n + values[s] - 1] = s
    release = np.full(N, -1, np.int64)
    for k in range(c):
        t = -1
        for a in range(n):
            p = pos[k * n + a]
            if p < 0:
                break
            t = max(t, p)
            release[p] = t
    return release


@numba.njit(cache=True)
def _asap(values, colors, release, n, c):
    """Event arrays of the ASAP sequence, and the most cards held after a scan."""
    N = values.size
    # at_time[k*n + a] = position of the chosen copy of (a+1, k+1), to find held cards by type
    pos = np.full(n * c, -1, np.int64)
    for s in range(N):
        if release[s] >= 0:
            pos[(colors[s] - 1) * n + values[s] - 1] = s
    codes = np.empty(2 * N, np.int8)
    idx = np.empty(2 * N, np.int64)
    m = 0
    held = 0
    most = 0
    for s in range(N):
        if release[s] < 0:
            codes[m] = 0
            idx[m] = s + 1
            m += 1
        elif release[s] > s:
            codes[m] = 1
            idx[m] = s + 1
            m += 1
            held += 1
            most = max(most, held)
        else:
            codes[m] = 2
            idx[m] = s + 1
            m += 1
            k = colors[s] - 1
            a = values[s]            # next value of color k, 0-based index a
            while a < n:
                p = pos[k * n + a]
                if p < 0 or release[p] != s:
                    break
                codes[m] = 2
                idx[m] = p + 1
                m += 1
                held -= 1
                a += 1
    return codes[:m], idx[:m], most


def release_times(instance, chosen):
    """0-based release time of each chosen position (``-1`` for unchosen or unplayable).

    ``chosen`` is a boolean mask over positions with at most one chosen copy per type.
    """
    chosen = np.asarray(chosen, dtype=np.bool_)
    return _release_times(instance.values, instance.colors, chosen, instance.n, instance.c)


def asap_sequence(instance, chosen):
    """The ASAP play sequence for the chosen copies, and the most cards it holds.

    Parameters
    ----------
    instance : Instance
    chosen : array of bool, length ``N``
        At most one ``True`` per card type. A chosen card that can never be played (a
        lower card of its color is not chosen) is discarded.

    Returns
    -------
    (PlaySequence, int)
        The sequence (it scans every card) and the maximum number of cards held after a
        scan. It respects hand size ``h`` iff that maximum is at most ``h``.

    Examples
    --------
    >>> from solitaire.model import Instance
    >>> inst = Instance.from_cards(2, 1, 1, [(2, 1), (1, 1), (1, 1)])
    >>> seq, most = asap_sequence(inst, [True, True, False])
    >>> seq.events(), most
    ([('store', 1), ('play', 2), ('play', 1), ('discard', 3)], 1)
    """
    release = release_times(instance, chosen)
    codes, idx, most = _asap(instance.values, instance.colors, release, instance.n, instance.c)
    return PlaySequence(codes, idx), int(most)
