"""The answer every solver returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solitaire.sequence import PlaySequence

__all__ = ["SolveResult"]


@dataclass
class SolveResult:
    """What a solver found.

    Attributes
    ----------
    winnable : bool
        Whether all ``n * c`` cards can be played.
    score : int or None
        The maximum score, where the algorithm computes it (``None`` otherwise).
    max_score : int
        ``n * c``.
    algorithm : str
        The solver's name.
    instance : dict
        ``{"N", "n", "c", "r", "h"}``.
    sequence : PlaySequence or None
        A play sequence reaching ``score`` (a winning one when ``winnable``).
    certificate : dict or None
        For a loss, a reason that can be checked independently (where the paper gives one).
    seconds : float
        Time spent solving.
    """

    winnable: bool
    score: object
    max_score: int
    algorithm: str
    instance: dict
    sequence: PlaySequence | None = None
    certificate: object = None
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``hanabi-solitaire solve --json``."""
        out = {
            "winnable": self.winnable,
            "score": self.score,
            "max_score": self.max_score,
            "algorithm": self.algorithm,
            "instance": self.instance,
            "sequence": None if self.sequence is None else self.sequence.to_json(),
            "certificate": self.certificate,
            "seconds": self.seconds,
        }
        out.update(self.extra)
        return out
