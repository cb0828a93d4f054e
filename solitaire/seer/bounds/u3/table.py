"""The transposition table of the U3 search: per canonical state, the least upper bound proven so far.

Contract: the table only ever holds proven upper bounds on a state's value (an entry may be
overwritten or lost, never trusted beyond what was proven), so it changes how soon the search
answers, never what it answers. A table is a pair ``(keys, values)``: ``2**b`` rows of three
key words (all ones: empty) and one ``int8`` bound each, open addressing with 8 probes, the
home slot overwritten when they are all taken.
"""

import numba
import numpy as np

from solitaire.compiled import ensure_cache_folder

ensure_cache_folder()  # before the kernels: numba makes no cached kernel without a folder for it

__all__ = ["tt_table", "tt_get", "tt_put", "tt_slot", "NO_BOUND", "TT_BITS", "TT_FIRST_BITS"]

#: log2 of the table's entries (25 bytes each) at most, and at the first search of a deal. At most 2^22
#: (100 MB, reached only by deals that search millions of nodes; ``docs/u3-search.md``).
TT_BITS, TT_FIRST_BITS = 22, 16
EMPTY_KEY = np.uint64(0xFFFFFFFFFFFFFFFF)
#: What :func:`tt_get` returns for a state without an entry: above every score.
NO_BOUND = 127


@numba.njit(cache=True)
def tt_slot(key, mask):
    """The home slot of ``key`` (three words) in a table of ``mask + 1`` entries."""
    h = key[0] * np.uint64(0x9E3779B97F4A7C15) ^ key[1] * np.uint64(0xBF58476D1CE4E5B9)
    h ^= key[2] * np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(mask))


@numba.njit(cache=True, inline='always')
def tt_get(words, tt_keys, tt_vals, mask):
    """The stored upper bound of a state (its three ``words``: a tuple or an array), or ``NO_BOUND``."""
    i = tt_slot(words, mask)
    for probe in range(8):
        j = (i + probe) & mask
        if tt_keys[j, 0] == EMPTY_KEY:
            return NO_BOUND
        if tt_keys[j, 0] == words[0] and tt_keys[j, 1] == words[1] and tt_keys[j, 2] == words[2]:
            return tt_vals[j]
    return NO_BOUND


@numba.njit(cache=True, inline='always')
def tt_put(words, value, tt_keys, tt_vals, mask):
    """Store a proven upper bound (keeping the smaller one); overwrite the home slot if full."""
    i = tt_slot(words, mask)
    for probe in range(8):
        j = (i + probe) & mask
        if tt_keys[j, 0] == EMPTY_KEY:
            tt_keys[j, 0], tt_keys[j, 1], tt_keys[j, 2] = words[0], words[1], words[2]
            tt_vals[j] = value
            return
        if tt_keys[j, 0] == words[0] and tt_keys[j, 1] == words[1] and tt_keys[j, 2] == words[2]:
            tt_vals[j] = min(tt_vals[j], value)
            return
    tt_keys[i, 0], tt_keys[i, 1], tt_keys[i, 2] = words[0], words[1], words[2]
    tt_vals[i] = value


@numba.njit(cache=True)
def _tt_copy(tt_keys, tt_vals, new_keys, new_vals):
    """Store every entry of one table in another (of any size)."""
    for j in range(tt_vals.size):
        if tt_keys[j, 0] != EMPTY_KEY:
            key = (tt_keys[j, 0], tt_keys[j, 1], tt_keys[j, 2])  # a tuple, as the search passes it: one tt_slot
            tt_put(key, tt_vals[j], new_keys, new_vals, new_vals.size - 1)


def tt_table(bits: int, old: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A transposition table of ``2**bits`` entries, ``(keys, values)``, holding the entries of ``old``.

    A search stores at most one entry per node, so :func:`solitaire.seer.bounds.u3.search.exact` starts
    each deal with a table of ``2**TT_FIRST_BITS`` entries and, before a search, grows it to the
    least power of two that the nodes spent plus the next budget fill at most half: filling a
    table of ``2**20`` entries costs about a millisecond, as much as the typical searched deal
    takes in all.
    """
    keys, values = np.full((1 << bits, 3), EMPTY_KEY, dtype=np.uint64), np.zeros(1 << bits, dtype=np.int8)
    if old is not None:
        _tt_copy(old[0], old[1], keys, values)
    return keys, values
