"""The deal of the Hanabi Learning Environment (HLE, ``hanabi-learning-environment`` 0.0.4) for a seed.

``HanabiEnv(config={"players": P, "seed": S, …})`` seeds one ``std::mt19937`` with ``S`` and
draws every card, at deal time and at every later draw, as a chance move: the outcomes are
the card types still in the deck, in the order ``color * 5 + rank - 1`` (HLE colors
``R Y G W B``), each with probability ``count / cards left``, picked by libstdc++'s
``std::discrete_distribution``. Nothing else consumes the generator, and the multiset of
cards left before the ``i``-th draw is the deck minus the ``i - 1`` cards drawn, so the
deck order depends on the seed only: not on ``P`` nor on the agents' actions. Cards are
dealt in blocks (player 0 first), as in :mod:`solitaire.seer.deals`.

What is reproduced here, operation by operation in IEEE double arithmetic:

* ``std::mt19937(seed)``: the standard Mersenne Twister, ``seed mod 2**32``.
* ``discrete_distribution(w)``: ``s`` = left-to-right sum of the weights, ``p_i = w_i / s``,
  partial sums ``c_i`` with the last forced to ``1.0``; a draw takes a uniform double
  ``u = (x1 + x2 * 2**32) / 2**64`` from two 32-bit outputs (``generate_canonical<double, 53>``,
  ``u`` set to the double just below 1 if it rounds to 1) and returns the first ``i`` with
  ``c_i >= u`` (``lower_bound``).

HLE's colors ``R Y G W B`` are mapped to our suits ``r y g w b`` (HLE color 3 is our suit 4,
HLE color 4 our suit 3), so the text form shows the colors HLE shows.

Running time: 100 generator outputs and ``O(25)`` work per card, a few milliseconds per deal.
"""

import numpy as np

from solitaire.seer.deals import DECK_SIZE, RANKS, STANDARD_COUNTS, Deal
from solitaire.seer.ids import game_id

__all__ = ["MT19937", "DiscreteDistribution", "hle_deck", "hle_deal", "HLE_TO_SUIT"]

#: Our suit index for each HLE color index (HLE: R Y G W B; ours: r y g b w).
HLE_TO_SUIT = (0, 1, 2, 4, 3)
_M32 = 0xFFFFFFFF


class MT19937:
    """``std::mt19937``: the 32-bit Mersenne Twister of C++11 with ``seed(value)``.

    Examples
    --------
    >>> MT19937(5489).next()   # the first output of a default-seeded std::mt19937
    3499211612
    """

    def __init__(self, seed):
        mt = [seed & _M32]
        for i in range(1, 624):
            mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & _M32)
        self._mt = mt
        self._index = 624

    def _twist(self):
        mt = self._mt
        for i in range(624):
            y = (mt[i] & 0x80000000) | (mt[(i + 1) % 624] & 0x7FFFFFFF)
            mt[i] = mt[(i + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self._index = 0

    def next(self):
        """The next 32-bit output."""
        if self._index >= 624:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def canonical(self):
        """``std::generate_canonical<double, 53>``: a double in ``[0, 1)`` from two outputs."""
        low = float(self.next())
        value = (low + float(self.next()) * 4294967296.0) / 18446744073709551616.0
        return value if value < 1.0 else float(np.nextafter(1.0, 0.0))


class DiscreteDistribution:
    """libstdc++'s ``std::discrete_distribution`` over the given weights."""

    def __init__(self, weights):
        total = 0.0
        for w in weights:
            total += float(w)
        cumulative, running = [], 0.0
        for w in weights:
            running += float(w) / total
            cumulative.append(running)
        cumulative[-1] = 1.0
        self._cumulative = cumulative

    def sample(self, rng):
        """Draw an index with ``rng`` (an :class:`MT19937`)."""
        u = rng.canonical()
        lo, hi = 0, len(self._cumulative)
        while lo < hi:  # lower_bound: first cumulative >= u
            mid = (lo + hi) // 2
            if self._cumulative[mid] < u:
                lo = mid + 1
            else:
                hi = mid
        return lo


def hle_deck(seed):
    """The HLE deck order for ``seed`` as HLE card indices ``color * 5 + rank - 1`` (HLE colors)."""
    rng = MT19937(seed)
    counts = STANDARD_COUNTS.tolist()
    order = []
    for left in range(DECK_SIZE, 0, -1):
        present = [t for t in range(len(counts)) if counts[t] > 0]
        weights = [counts[t] / left for t in present]
        t = present[DiscreteDistribution(weights).sample(rng)]
        counts[t] -= 1
        order.append(t)
    return order


def hle_deal(players, seed):
    """The deal of ``HanabiEnv(config={"players": players, "seed": seed})``, in our suits.

    Examples
    --------
    >>> hle_deal(2, 1).ident
    'P2-hle-1'
    """
    types = [HLE_TO_SUIT[t // RANKS] * RANKS + t % RANKS for t in hle_deck(seed)]
    return Deal(types, players, game_id(players, "hle", seed))
