"""Bit tricks shared by the numba searches over 64-bit sets of card types, and their one array copy."""

import numba
import numpy as np

__all__ = ["popcount", "copy_into"]


@numba.njit(cache=True, inline="always")
def popcount(x):
    """Number of set bits of a ``uint64`` (Kernighan's loop: one step per set bit)."""
    count = 0
    while x:
        x &= x - np.uint64(1)
        count += 1
    return count


@numba.njit(cache=True, inline="always")
def copy_into(dst, src):
    """``dst[i] = src[i]`` for every index of ``dst`` (``src`` at least as long), one entry at a time.

    The kernels copy arrays this way, not by slice assignment (``dst[:] = src``): that one checks the
    shapes at run time, and its error message alone takes numba over a second to compile on a cold
    start; it may also allocate a temporary copy, which needs numba's runtime (the U3 search runs
    without it)."""
    for i in range(dst.size):
        dst[i] = src[i]
