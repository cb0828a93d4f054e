"""Bit tricks shared by the numba searches over 64-bit sets of card types."""

import numba
import numpy as np

__all__ = ["popcount"]


@numba.njit(cache=True, inline="always")
def popcount(x):
    """Number of set bits of a ``uint64`` (Kernighan's loop: one step per set bit)."""
    count = 0
    while x:
        x &= x - np.uint64(1)
        count += 1
    return count
