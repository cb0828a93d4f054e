"""Bit tricks shared by the numba searches over 64-bit sets of card types: counting bits, ordering states by
their counts, copying an array."""

import numba
import numpy as np

from solitaire.compiled import ensure_cache_folder

ensure_cache_folder()  # before the kernels: numba makes no cached kernel without a folder for it

__all__ = ["popcount", "order_by_counts", "copy_into"]


@numba.njit(cache=True, inline="always")
def popcount(x):
    """Number of set bits of a ``uint64`` (Kernighan's loop: one step per set bit)."""
    count = 0
    while x:
        x &= x - np.uint64(1)
        count += 1
    return count


#: The largest count :func:`order_by_counts` takes: the bits of a ``uint64``.
MAX_COUNT = 64


@numba.njit(cache=True)
def order_by_counts(major, minor):
    """The indices ``0..m-1`` of the count arrays ``major`` and ``minor`` (``m`` entries of ``0..64``, such as
    popcounts) by decreasing ``(major, minor)``, equal pairs in index order: what
    ``np.argsort(-(major * 128 + minor), kind="mergesort")`` gives, by two stable passes of a counting
    sort (minor first), ``O(m)``. (Numba's merge sort takes about a second to compile.)"""
    m = major.size
    by_minor, order = np.empty(m, np.int64), np.empty(m, np.int64)
    for i in range(m):
        order[i] = i
    _by_count(minor, order, by_minor)
    _by_count(major, by_minor, order)
    return order


@numba.njit(cache=True, inline="always")
def _by_count(counts, items, out):
    """``out``: the ``items`` by decreasing ``counts[item]``, equal counts in their order in ``items``."""
    start = np.zeros(MAX_COUNT + 2, np.int64)  # start[MAX_COUNT - k + 1]: the items of count above k
    for i in items:
        start[MAX_COUNT - counts[i] + 1] += 1
    for b in range(MAX_COUNT + 1):
        start[b + 1] += start[b]
    for i in items:
        b = MAX_COUNT - counts[i]
        out[start[b]] = i
        start[b] += 1


@numba.njit(cache=True, inline="always")
def copy_into(dst, src):
    """``dst[i] = src[i]`` for every index of ``dst`` (``src`` at least as long), one entry at a time.

    The kernels copy arrays this way, not by slice assignment (``dst[:] = src``): that one checks the
    shapes at run time, and its error message alone takes numba over a second to compile on a cold
    start; it may also allocate a temporary copy, which needs numba's runtime (the U3 search runs
    without it)."""
    for i in range(dst.size):
        dst[i] = src[i]
