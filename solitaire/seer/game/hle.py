"""The deal of the Hanabi Learning Environment (HLE, ``hanabi-learning-environment`` 0.0.4) for a seed.

``HanabiEnv(config={"players": P, "seed": S, …})`` seeds one ``std::mt19937`` with ``S`` and
draws every card, at deal time and at every later draw, as a chance move: the outcomes are
the card types still in the deck, in the order ``color * 5 + rank - 1`` (HLE colors
``R Y G W B``), each with probability ``count / cards left``, picked by libstdc++'s
``std::discrete_distribution``. Nothing else consumes the generator, and the multiset of
cards left before the ``i``-th draw is the deck minus the ``i - 1`` cards drawn, so the
deck order depends on the seed only: not on ``P`` nor on the agents' actions. Cards are
dealt in blocks (player 0 first), as in :mod:`solitaire.seer.game.deals`.

What is reproduced here, operation by operation in IEEE double arithmetic:

* ``std::mt19937(seed)``: the standard Mersenne Twister, ``seed mod 2**32``.
* ``discrete_distribution(w)``: ``s`` = left-to-right sum of the weights, ``p_i = w_i / s``,
  partial sums ``c_i`` with the last forced to ``1.0``; a draw takes a uniform double
  ``u = (x1 + x2 * 2**32) / 2**64`` from two 32-bit outputs (``generate_canonical<double, 53>``,
  ``u`` set to the double just below 1 if it rounds to 1) and returns the first ``i`` with
  ``c_i >= u`` (``lower_bound``).

HLE's colors ``R Y G W B`` are mapped to our suits ``r y g w b`` (HLE color 3 is our suit 4,
HLE color 4 our suit 3), so the text form shows the colors HLE shows.

The random starting player (``"random_start_player": True``): the state draws it before the
first card, ``std::uniform_int_distribution(0, P - 1)`` on the same generator. libstdc++ 11 and
later (GCC >= 11; the PyPI package built with them) take Lemire's method: ``x`` one 32-bit output,
``m = x * P``; while ``m mod 2**32 < (2**32 - P) mod P``, draw again; the player is
``m >> 32`` (:func:`uniform_int`). Older libstdc++ and libc++ draw differently, so their HLE
builds deal other games for the same seed. The deal then follows from the generator as
above, so the deck differs from the plain one.

Seeds. HLE reads the seed as a C ``int`` (``stoi``): a seed of ``2**31`` or more aborts the
engine, so :func:`hle_deal` refuses it; ``-1`` means a random seed, not reproducible.

Players. HLE deals 2 to 5 players (``MaxPlayers()``: its hands hold 5 cards for 2 or 3 players and 4 for 4 or 5, as
ours), so :func:`hle_deal` refuses 6 players, whom hanab.live alone deals (3 cards each).

Several games of one environment. ``rl_env`` builds one game object and every ``reset()``
makes a new state from it: the generator is not seeded again, so game ``k`` starts where game
``k - 1`` stopped drawing. Each drawn card takes two outputs, none when one card type only is
left (libstdc++ does not draw for a distribution of one outcome), and the start player its
own. So game ``k`` is reproduced from the seed and the number of cards each earlier game drew
(``earlier_draws``); the cards drawn depend on the earlier games' actions only through that
number.

Running time: 100 generator outputs and ``O(25)`` work per card, a few milliseconds per deal.
"""

from collections.abc import Sequence

import numpy as np

from solitaire.seer.game.deals import DECK_SIZE, RANKS, STANDARD_COUNTS, Deal, hand_size, whole_number
from solitaire.seer.game.ids import game_id

__all__ = ["MT19937", "DiscreteDistribution", "uniform_int", "hle_deck", "hle_game", "hle_deal", "HLE_TO_SUIT",
           "HLE_MAX_SEED", "HLE_MAX_PLAYERS"]

#: Our suit index for each HLE color index (HLE: R Y G W B; ours: r y g b w).
HLE_TO_SUIT = (0, 1, 2, 4, 3)
_M32 = 0xFFFFFFFF
#: The largest seed HLE accepts (a C ``int``).
HLE_MAX_SEED = 2**31 - 1
#: The most players HLE deals (its ``MaxPlayers()``).
HLE_MAX_PLAYERS = 5


class MT19937:
    """``std::mt19937``: the 32-bit Mersenne Twister of C++11 with ``seed(value)``.

    Examples
    --------
    >>> MT19937(5489).next()   # the first output of a default-seeded std::mt19937
    3499211612
    """

    def __init__(self, seed: int) -> None:
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

    def next(self) -> int:
        """The next 32-bit output."""
        if self._index >= 624:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def canonical(self) -> float:
        """``std::generate_canonical<double, 53>``: a double in ``[0, 1)`` from two outputs."""
        low = float(self.next())
        value = (low + float(self.next()) * 4294967296.0) / 18446744073709551616.0
        return value if value < 1.0 else float(np.nextafter(1.0, 0.0))


class DiscreteDistribution:
    """libstdc++'s ``std::discrete_distribution`` over the given weights."""

    def __init__(self, weights: Sequence[float]) -> None:
        total = 0.0
        for w in weights:
            total += float(w)
        cumulative, running = [], 0.0
        for w in weights:
            running += float(w) / total
            cumulative.append(running)
        cumulative[-1] = 1.0
        self._cumulative = cumulative

    def sample(self, rng: MT19937) -> int:
        """Draw an index with ``rng`` (an :class:`MT19937`); one outcome draws nothing."""
        if len(self._cumulative) == 1:
            return 0
        u = rng.canonical()
        lo, hi = 0, len(self._cumulative)
        while lo < hi:  # lower_bound: first cumulative >= u
            mid = (lo + hi) // 2
            if self._cumulative[mid] < u:
                lo = mid + 1
            else:
                hi = mid
        return lo


def uniform_int(rng: MT19937, n: int) -> int:
    """``std::uniform_int_distribution(0, n - 1)(rng)`` of libstdc++ >= 11 (Lemire's method).

    Examples
    --------
    >>> uniform_int(MT19937(5489), 3)   # 3499211612 * 3 >> 32
    2
    """
    product = rng.next() * n
    if product & _M32 < n:
        threshold = (2**32 - n) % n
        while product & _M32 < threshold:
            product = rng.next() * n
    return product >> 32


def _draw(rng, count):
    """The first ``count`` cards HLE draws from a full deck (HLE card indices)."""
    counts = STANDARD_COUNTS.tolist()
    order = []
    for left in range(DECK_SIZE, DECK_SIZE - count, -1):
        present = [t for t in range(len(counts)) if counts[t] > 0]
        weights = [counts[t] / left for t in present]
        t = present[DiscreteDistribution(weights).sample(rng)]
        counts[t] -= 1
        order.append(t)
    return order


def _check_seed(seed):
    """``seed`` as an ``int``, or an :class:`~solitaire.io.errors.InputError` naming ``seed`` (HLE's seeds: module
    docstring)."""
    return whole_number(seed, "seed", 0, HLE_MAX_SEED, "0..2^31-1 (HLE reads a C int; a larger seed aborts it)")


def hle_deck(seed: int) -> list[int]:
    """The HLE deck order for ``seed`` as HLE card indices ``color * 5 + rank - 1`` (HLE colors)."""
    return _draw(MT19937(_check_seed(seed)), DECK_SIZE)


def hle_game(players: int, seed: int, random_start: bool = False,
             earlier_draws: Sequence[int] = ()) -> tuple[int, list[int]]:
    """``(start player, deck)`` of HLE's game, the deck as HLE card indices (see :func:`hle_deal`); an
    :class:`~solitaire.io.errors.InputError` names ``players`` not in ``2..5`` or a ``seed`` HLE does not take
    (module docstring)."""
    seed = _check_seed(seed)
    most = HLE_MAX_PLAYERS
    players = whole_number(players, "players", 2, most, f"2..{most} (HLE deals at most {most} players)")
    first = players * hand_size(players)
    for drawn in earlier_draws:
        if not first <= drawn <= DECK_SIZE:
            raise ValueError(f"a game of {players} players draws {first}..{DECK_SIZE} cards, got {drawn}")
    rng = MT19937(seed)
    for drawn in earlier_draws:
        if random_start:
            uniform_int(rng, players)
        _draw(rng, drawn)
    start = uniform_int(rng, players) if random_start else 0
    return start, _draw(rng, DECK_SIZE)


def hle_deal(players: int, seed: int, random_start: bool = False, earlier_draws: Sequence[int] = ()) -> Deal:
    """The deal of ``HanabiEnv(config={"players": players, "seed": seed})``, in our suits.

    ``random_start``: with ``"random_start_player": True`` (the deal's ``start_player`` is HLE's
    draw). ``earlier_draws``: the number of cards each earlier game of the same environment
    drew (module docstring); the deal is then that of the next game. The ident names all three:
    ``hle:S``, ``hle:S:random-start``, ``…:game3``.

    Examples
    --------
    >>> hle_deal(2, 1).ident
    'P2-hle-1'
    >>> hle_deal(3, 42, random_start=True).start_player
    1
    """
    start, deck = hle_game(players, seed, random_start, earlier_draws)
    types = [HLE_TO_SUIT[t // RANKS] * RANKS + t % RANKS for t in deck]
    key = f"{seed}g{len(earlier_draws) + 1}" if earlier_draws else seed
    return Deal(types, players, game_id(players, "hlerandom" if random_start else "hle", key), start_player=start)
