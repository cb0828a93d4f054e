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

from solitaire.compiled import ensure_cache_folder
from solitaire.model import Instance
from solitaire.sequence import DISCARD, PLAY, STORE, PlaySequence

ensure_cache_folder()  # before the kernels: numba makes no cached kernel without a folder for it

__all__ = ["asap_sequence"]


#: A bucket of :func:`_chosen_positions` spans ``2**16`` consecutive types: a slice of the position
#: table (256 KiB as int32) that stays in the second-level cache while it is written.
_BUCKET_BITS = 16
#: Position tables of more types than this are filled bucket by bucket (4 MiB as int32).
_CACHED_TYPES = 1 << 20


@numba.njit(cache=True, nogil=True)
def _chosen_positions(values, colors, chosen, n, pos, kept, part):
    """Fill ``pos`` (by type) with the last chosen position of every type (``-1`` if none) and
    clear ``kept[s]`` where a later chosen copy of the type of ``s`` counts instead; returns the
    number of types with a chosen copy.

    With an empty ``part``, ``pos`` is written in the order of the deck. That misses the cache on
    every card once the table outgrows it; so for a large table ``part`` has room for every chosen
    card, and the chosen cards are first listed there by bucket of ``2**_BUCKET_BITS``
    consecutive types (one pass counting, one writing; each entry the position ``s`` and the type
    ``x`` as ``s << 32 | x``, in the order of the deck within its bucket), then written into
    ``pos`` in that order: every bucket writes only its own slice.
    """
    bucketed = part.size > 0
    if bucketed:
        fill = np.zeros((pos.size >> _BUCKET_BITS) + 2, np.int64)
        for s in range(values.size):
            if chosen[s]:
                fill[np.uintp((((colors[s] - 1) * n + values[s] - 1) >> _BUCKET_BITS) + 1)] += 1
        for j in range(1, fill.size):  # fill[j]: where the entries of bucket j go
            fill[j] += fill[j - 1]
        for s in range(values.size):
            if chosen[s]:
                x = (colors[s] - 1) * n + values[s] - 1
                j = np.uintp(x >> _BUCKET_BITS)
                part[np.uintp(fill[j])] = (s << 32) | x
                fill[j] += 1
    pos[:] = -1
    low = (1 << 32) - 1
    placed = 0
    for e in range(part.size if bucketed else values.size):
        if bucketed:
            s, x = part[e] >> 32, np.uintp(part[e] & low)
        elif chosen[e]:
            s, x = e, np.uintp((colors[e] - 1) * n + values[e] - 1)
        else:
            continue
        if pos[x] >= 0:
            kept[np.uintp(pos[x])] = False
        else:
            placed += 1
        pos[x] = s
    return placed


@numba.njit(cache=True, nogil=True)
def _asap(values, colors, kept, n, pos, gaps, codes, idx):
    """Fill ``codes``/``idx`` with the ASAP sequence's events; (their number, the most cards held).

    ``pos`` (length ``n * c``, by type) holds the chosen copy of every type (``-1`` if none) and
    ``kept`` marks those copies (with ``gaps``, some type has none: ``kept`` is cleared first
    where a lower value has no copy). A kept copy of ``(a, k)`` is played when scanned iff the values
    ``1..a-1`` of color ``k`` are played by then (``g[k] = a - 1``, the values played so far),
    else stored, or discarded when a lower value has no chosen copy at all; after a play, the next
    values of its color follow while their copies came before. The deck is read in order and
    ``pos`` along runs of consecutive types, with no table read per card. Indices are cast to
    unsigned where they cannot be negative (no wraparound code in the loop, whose variables then
    stay in registers). ``codes``/``idx`` have room for ``N`` scan events plus one play per kept
    card stored.
    """
    c = pos.size // n
    if gaps:  # the copies above the lowest value of their color without one can never be played
        blocked = np.empty(c, np.int64)
        for k in range(c):
            blocked[k] = n
            for a in range(n):
                if pos[k * n + a] < 0:
                    blocked[k] = a
                    break
        for s in range(values.size):
            if values[s] - 1 > blocked[colors[s] - 1]:
                kept[s] = False
    g = np.zeros(c, np.int64)
    m = 0
    held = 0
    most = 0  # the most held before the last play (held only grows between plays)
    for s in range(values.size):
        k = colors[s] - 1
        a = values[s] - 1
        idx[np.uintp(m)] = s + 1
        if not kept[s]:
            codes[np.uintp(m)] = DISCARD
        elif a > g[np.uintp(k)]:
            codes[np.uintp(m)] = STORE
            held += 1
        else:
            most = max(most, held)
            codes[np.uintp(m)] = PLAY
            a += 1
            base = k * n
            while a < n and 0 <= pos[np.uintp(base + a)] < s:
                m += 1
                codes[np.uintp(m)] = PLAY
                idx[np.uintp(m)] = pos[np.uintp(base + a)] + 1
                held -= 1
                a += 1
            g[np.uintp(k)] = a
        m += 1
    return m, max(most, held)


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
    ``O(N + n c)`` time, positions as int32 where they fit. The time goes to memory: the deck
    is read in order twice, the table of chosen positions (``n c`` entries) written once per
    chosen card and read along runs of consecutive types. A table larger than the cache is
    written bucket by bucket (one more pass over the deck, the list of chosen cards kept in the
    output's memory meanwhile), not one cache miss per card. It writes about ``11 N + 4 n c``
    bytes (fresh memory costs page faults).

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
    count = int(np.count_nonzero(chosen))
    pos, kept = np.empty(instance.n * instance.c, dtype), chosen.copy()
    codes, idx = np.empty(instance.N + count, np.int8), np.empty(instance.N + count, dtype)
    # the list of chosen cards of a large table lives in ``idx`` until the sequence is written there
    bucketed = _CACHED_TYPES < pos.size <= 2**32 and instance.N < 2**31
    part = idx[: count * 8 // idx.itemsize if bucketed else 0].view(np.int64)
    placed = _chosen_positions(instance.values, instance.colors, chosen, instance.n, pos, kept, part)
    m, most = _asap(instance.values, instance.colors, kept, instance.n, pos, placed < pos.size, codes, idx)
    return PlaySequence(codes[:m], idx[:m]), int(most)
