"""The copy-selection lemma: from a choice of copies to an as-soon-as-possible sequence.

Lemma. If some legal sequence plays a set ``S`` of cards (one copy per played
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
from numpy.typing import ArrayLike

from solitaire.model import Instance
from solitaire.sequence import PlaySequence

__all__ = ["asap_sequence"]


@numba.njit(cache=True, nogil=True)
def _asap(values, colors, chosen, n, c, pos, release, codes, idx):
    """Fill ``codes``/``idx`` with the ASAP sequence's events; (their number, the most cards held).

    ``pos`` and ``release`` (length ``n * c``, by type) come allocated: ``pos`` gets the chosen
    copy of every type (``-1`` if none), ``release`` its release time ``T`` (0-based; ``-1``
    where it can never be played). ``codes``/``idx`` have room for ``N`` scan events plus one
    play per chosen card stored.
    """
    N = values.size
    pos[:] = -1
    for s in range(N):
        if chosen[s]:
            pos[(colors[s] - 1) * n + values[s] - 1] = s
    release[:] = -1
    for k in range(c):
        t = -1
        for a in range(n):
            p = pos[k * n + a]
            if p < 0:
                break
            t = max(t, p)
            release[k * n + a] = t
    m = 0
    held = 0
    most = 0
    for s in range(N):
        k = colors[s] - 1
        kind = k * n + values[s] - 1
        idx[m] = s + 1
        if not chosen[s] or pos[kind] != s or release[kind] < 0:
            codes[m] = 0
        elif release[kind] > s:
            codes[m] = 1
            held += 1
            most = max(most, held)
        else:
            codes[m] = 2
            a = values[s]            # the next value of color k, 0-based index a
            while a < n and release[k * n + a] == s:
                m += 1
                codes[m] = 2
                idx[m] = pos[k * n + a] + 1
                held -= 1
                a += 1
        m += 1
    return m, most


def asap_sequence(instance: Instance, chosen: ArrayLike) -> tuple[PlaySequence, int]:
    """The ASAP play sequence for the chosen copies, and the most cards it holds.

    Parameters
    ----------
    instance : Instance
    chosen : array of bool, length ``N``
        At most one ``True`` per card type (of several, the last counts). A chosen card that
        can never be played (a lower card of its color is not chosen) is discarded.

    Returns
    -------
    (PlaySequence, int)
        The sequence (it scans every card) and the maximum number of cards held after a
        scan. It respects hand size ``h`` iff that maximum is at most ``h``.

    Notes
    -----
    One kernel, positions as int32 where they fit: the arrays it writes are what its time
    goes to (fresh memory costs page faults), about ``7.5 N + 8 n c`` bytes.

    Examples
    --------
    >>> from solitaire.model import Instance
    >>> inst = Instance.from_cards(2, 1, 1, [(2, 1), (1, 1), (1, 1)])
    >>> seq, most = asap_sequence(inst, [True, True, False])
    >>> seq.events(), most
    ([('store', 1), ('play', 2), ('play', 1), ('discard', 3)], 1)
    """
    chosen = np.asarray(chosen, dtype=np.bool_)
    dtype = np.int32 if instance.N < 2**31 - 1 else np.int64
    types = instance.n * instance.c
    room = instance.N + int(np.count_nonzero(chosen))
    codes, idx = np.empty(room, np.int8), np.empty(room, dtype)
    m, most = _asap(instance.values, instance.colors, chosen, instance.n, instance.c,
                    np.empty(types, dtype), np.empty(types, dtype), codes, idx)
    return PlaySequence(codes[:m], idx[:m]), int(most)
