"""The solitaire Hanabi model of Baffier et al. (2016), §1.3.

A card is a pair ``(a, k)``: value ``a`` in ``1..n`` and color ``k`` in ``1..c`` (1-based,
as in the paper). An instance is a card sequence ``sigma`` of ``N`` cards together with the
declared ``n``, ``c`` and the hand size ``h``. ``N`` and the multiplicity ``r`` (the most
times any card occurs) are derived. ``n`` and ``c`` are declared, never guessed: a value
that never occurs makes the instance unwinnable, it does not shrink ``n``.

The player scans ``sigma`` in order and plays, discards or stores each card, holding at
most ``h`` stored cards after each scan; stored cards may be played any time later. A win
plays all ``n * c`` cards.

References
----------
J.-F. Baffier, M.-K. Chiu, Y. Diez, M. Korman, V. Mitsou, A. van Renssen, M. Roeloffzen,
Y. Uno. "Hanabi is NP-complete, Even for Cheaters who Look at Their Cards". FUN 2016.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["Instance", "params_text"]


@dataclass(frozen=True, eq=False)
class Instance:
    """A solitaire Hanabi instance.

    Parameters
    ----------
    n : int
        Number of values (``>= 1``).
    c : int
        Number of colors (``>= 1``).
    h : int
        Hand size (``>= 0``): at most ``h`` cards stored after each scan.
    values, colors : array-like of int
        The card sequence, 1-based; ``values[i], colors[i]`` is the card at position ``i + 1``.

    Raises
    ------
    ValueError
        When a parameter or a card is out of range (parsers catch these earlier with a
        file position; this is the library's own guard).

    Examples
    --------
    >>> inst = Instance.from_cards(2, 1, 1, [(2, 1), (1, 1)])
    >>> inst.N, inst.r, inst.cards
    (2, 1, [(2, 1), (1, 1)])
    """

    n: int
    c: int
    h: int
    values: np.ndarray = field(repr=False)
    colors: np.ndarray = field(repr=False)

    if TYPE_CHECKING:  # the generated __init__, which takes any array-like ``values`` and ``colors``
        def __init__(self, n: int, c: int, h: int, values: ArrayLike, colors: ArrayLike) -> None: ...

    def __post_init__(self) -> None:
        values = np.ascontiguousarray(self.values, dtype=np.int64).reshape(-1)
        colors = np.ascontiguousarray(self.colors, dtype=np.int64).reshape(-1)
        if values.shape != colors.shape:
            raise ValueError("values and colors must have the same length")
        if self.n < 1 or self.c < 1:
            raise ValueError(f"n and c must be >= 1, got n={self.n}, c={self.c}")
        if self.h < 0:
            raise ValueError(f"hand size h must be >= 0, got {self.h}")
        if values.size and (values.min() < 1 or values.max() > self.n):
            raise ValueError(f"card values must lie in 1..{self.n}")
        if colors.size and (colors.min() < 1 or colors.max() > self.c):
            raise ValueError(f"card colors must lie in 1..{self.c}")
        values.setflags(write=False)
        colors.setflags(write=False)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "colors", colors)

    @classmethod
    def from_cards(cls, n: int, c: int, h: int, cards: Iterable[Sequence[int]]) -> Instance:
        """Build an instance from a list of ``(value, color)`` pairs."""
        arr = np.asarray(list(cards), dtype=np.int64).reshape(-1, 2)
        return cls(n, c, h, arr[:, 0], arr[:, 1])

    @property
    def N(self) -> int:
        """Number of cards in the sequence."""
        return int(self.values.size)

    @property
    def cards(self) -> list[tuple[int, int]]:
        """The sequence as a list of ``(value, color)`` tuples."""
        return list(zip(self.values.tolist(), self.colors.tolist(), strict=True))

    @property
    def max_score(self) -> int:
        """``n * c``: the score of a win."""
        return self.n * self.c

    @property
    def type_ids(self) -> np.ndarray:
        """0-based card type of every position: ``(k - 1) * n + (a - 1)``."""
        return (self.colors - 1) * self.n + (self.values - 1)

    @property
    def counts(self) -> np.ndarray:
        """Copies of every card type, indexed by :attr:`type_ids` (length ``n * c``)."""
        return np.bincount(self.type_ids, minlength=self.n * self.c)

    @property
    def r(self) -> int:
        """Multiplicity: the most times any card occurs (0 for an empty sequence)."""
        return int(self.counts.max()) if self.N else 0

    def with_hand(self, h: int) -> Instance:
        """The same card sequence with another hand size."""
        return Instance(self.n, self.c, h, self.values, self.colors)

    def params(self) -> dict[str, int]:
        """The parameters as a dict ``{"N", "n", "c", "r", "h"}``."""
        return {"N": self.N, "n": self.n, "c": self.c, "r": self.r, "h": self.h}

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Instance)
            and (self.n, self.c, self.h) == (other.n, other.c, other.h)
            and np.array_equal(self.values, other.values)
            and np.array_equal(self.colors, other.colors)
        )

    def __hash__(self) -> int:
        return hash((self.n, self.c, self.h, self.values.tobytes(), self.colors.tobytes()))

    def __repr__(self) -> str:
        return f"Instance(n={self.n}, c={self.c}, h={self.h}, N={self.N})"


def params_text(params: Mapping[str, int]) -> str:
    """The parameters of an instance (:meth:`Instance.params`) as the command line prints them.

    Examples
    --------
    >>> params_text(Instance.from_cards(2, 1, 1, [(2, 1), (1, 1)]).params())
    'N=2 n=2 c=1 r=1 h=1'
    """
    return " ".join(f"{name}={params[name]}" for name in ("N", "n", "c", "r", "h"))
