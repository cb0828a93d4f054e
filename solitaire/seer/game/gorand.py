"""Go's legacy ``math/rand`` generator, bit for bit, for hanab.live's shuffles.

Contract: ``GoRand(seed)`` yields the same numbers as Go's ``rand.New(rand.NewSource(seed))``
(the "legacy" source ``rngSource`` that ``rand.Seed`` installs, Go 1.0 to 1.19 and later with
``rand.Seed`` still honoured): :meth:`GoRand.uint64`, :meth:`GoRand.int63`,
:meth:`GoRand.int31` and :meth:`GoRand.intn` (``Intn`` through ``Int31n`` by rejection, not the
multiply-shift ``int31n`` that only ``Shuffle`` and ``Perm`` use).

The generator is an additive lagged Fibonacci generator, x[n] = x[n-607] + x[n-273] mod 2^64
(Mitchell and Reeds). Seeding runs the Park-Miller "minimal standard" congruence
x <- 48271 x mod (2^31 - 1) from the seed reduced modulo 2^31 - 1 (0 becomes 89482311): 20
steps are skipped, then each of the 607 state words is ``x1 << 40 ^ x2 << 20 ^ x3`` of three
further steps, XORed with the word of the same index of Go's table ``rngCooked``. Since the
congruence is multiplication by a constant, step k is ``48271^k x0 mod (2^31 - 1)``; the 1841
steps are computed at once from the precomputed powers.

The 607 ``rngCooked`` words are data taken from Go's source tree (``data/go_rng_cooked.txt``
names the file, version and licence).

The first 273 outputs read only the seeded state: output k (1-based) is word 334 - k plus word
607 - k, and no word written before it is read. :func:`int31_prefix` computes these outputs
for many seeds at once, seeding only the words they read.

Examples
--------
Go's own first numbers for seed 1 (``rand.Seed(1)``; ``rand.Int63()``, ``rand.Intn(100)``):

>>> r = GoRand(1)
>>> r.int63(), r.int63()
(5577006791947779410, 8674665223082153551)
>>> r = GoRand(1)
>>> [r.intn(100) for _ in range(5)]
[81, 87, 47, 59, 81]
"""

from importlib import resources

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["GoRand", "PREFIX_LEN", "int31_prefix"]

_LEN = 607                  # rngLen
_TAP = 273                  # rngTap
_M31 = (1 << 31) - 1        # int32max, the modulus of the seeding congruence
_A = 48271                  # its multiplier
_SKIP = 20                  # congruence steps discarded before the first state word
_MASK64 = (1 << 64) - 1
_MASK63 = (1 << 63) - 1
_ZERO_SEED = 89482311       # what a seed of 0 (mod 2^31 - 1) is replaced with


def _read_cooked() -> np.ndarray:
    text = resources.files("solitaire.seer.game").joinpath("data/go_rng_cooked.txt").read_text()
    words = [int(line) for line in text.splitlines() if line and not line.startswith("#")]
    assert len(words) == _LEN, "go_rng_cooked.txt must hold 607 words"
    return np.array(words, dtype=np.int64).view(np.uint64)


def _powers(count: int) -> np.ndarray:
    """``48271^k mod (2^31 - 1)`` for ``k = 1..count``."""
    out = np.empty(count, dtype=np.uint64)
    p = 1
    for k in range(count):
        p = p * _A % _M31
        out[k] = p
    return out


PREFIX_LEN = _TAP          # outputs that read only seeded words (see int31_prefix)
_COOKED = _read_cooked()
_POWERS = _powers(_SKIP + 3 * _LEN)
_FIRST = np.arange(_LEN) * 3 + _SKIP     # index into _POWERS of each word's first step


class GoRand:
    """Go's ``rngSource`` with the ``Rand`` methods hanab.live's shuffle uses."""

    __slots__ = ("_vec", "_tap", "_feed")

    def __init__(self, seed: int) -> None:
        self.seed(seed)

    def seed(self, seed: int) -> None:
        """``rngSource.Seed``: ``seed`` is any int64 (negative values included)."""
        x0 = seed % _M31 or _ZERO_SEED
        steps = _POWERS * np.uint64(x0) % np.uint64(_M31)
        words = ((steps[_FIRST] << np.uint64(40)) ^ (steps[_FIRST + 1] << np.uint64(20))
                 ^ steps[_FIRST + 2] ^ _COOKED)
        self._vec = words.tolist()
        self._tap = 0
        self._feed = _LEN - _TAP

    def uint64(self) -> int:
        """The next 64-bit word: ``x[feed] += x[tap]``, both indices stepping down."""
        self._tap = (self._tap - 1) % _LEN
        self._feed = (self._feed - 1) % _LEN
        x = (self._vec[self._feed] + self._vec[self._tap]) & _MASK64
        self._vec[self._feed] = x
        return x

    def int63(self) -> int:
        """``Int63``: the word's low 63 bits."""
        return self.uint64() & _MASK63

    def int31(self) -> int:
        """``Int31``: the top 31 bits of ``Int63``."""
        return self.int63() >> 32

    def intn(self, n: int) -> int:
        """``Intn(n)`` for ``1 <= n < 2^31``: a mask for powers of two, else rejection."""
        if not 0 < n <= _M31:
            raise ValueError(f"intn needs 1 <= n <= 2^31 - 1, got {n}")
        if n & (n - 1) == 0:
            return self.int31() & (n - 1)
        limit = _M31 - (1 << 31) % n
        v = self.int31()
        while v > limit:
            v = self.int31()
        return v % n


def int31_prefix(seeds: ArrayLike, count: int) -> np.ndarray:
    """The first ``count <= 273`` ``Int31`` outputs of ``GoRand(seed)`` for each int64 seed:
    an array of shape ``(len(seeds), count)``."""
    if not 0 <= count <= PREFIX_LEN:
        raise ValueError(f"int31_prefix gives at most {PREFIX_LEN} outputs, asked {count}")
    k = np.arange(1, count + 1)
    words = np.concatenate([_LEN - _TAP - k, _LEN - k])         # feed, then tap, of each output
    x0 = np.asarray(seeds, dtype=object) % _M31
    x0 = np.where(x0 == 0, _ZERO_SEED, x0).astype(np.uint64)[:, None]
    first = _FIRST[words]
    steps = [_POWERS[first + d][None, :] * x0 % np.uint64(_M31) for d in range(3)]
    state = ((steps[0] << np.uint64(40)) ^ (steps[1] << np.uint64(20)) ^ steps[2]
             ^ _COOKED[words])
    out = state[:, :count] + state[:, count:]                  # wraps modulo 2^64
    return ((out & np.uint64(_MASK63)) >> np.uint64(32)).astype(np.int64)
