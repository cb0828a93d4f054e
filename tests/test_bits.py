"""The numba helpers of :mod:`solitaire.bits` against numpy and plain Python."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.bits import copy_into, order_by_counts, popcount

counts = st.lists(st.tuples(st.integers(0, 64), st.integers(0, 64)), max_size=60)


@settings(max_examples=300)
@given(counts)
def test_order_by_counts_is_the_stable_sort_of_the_pairs(pairs):
    major = np.array([a for a, _ in pairs], dtype=np.int64)
    minor = np.array([b for _, b in pairs], dtype=np.int64)
    expected = sorted(range(len(pairs)), key=lambda i: (-major[i], -minor[i], i))
    assert order_by_counts(major, minor).tolist() == expected
    assert expected == np.argsort(-(major * 128 + minor), kind="mergesort").tolist()  # what it replaces


@given(st.integers(0, 2**64 - 1))
def test_popcount(x):
    assert popcount(np.uint64(x)) == bin(x).count("1")


@given(st.lists(st.integers(-5, 5), min_size=1, max_size=20), st.data())
def test_copy_into_copies_the_destination_s_length(values, data):
    src = np.array(values, dtype=np.int64)
    k = data.draw(st.integers(0, src.size))
    dst = np.full(k, 99, dtype=np.int64)
    copy_into(dst, src)
    assert dst.tolist() == values[:k]
