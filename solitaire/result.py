"""The answer every solver returns: its fields, its JSON object and its text (``hanabi-solitaire solve``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from solitaire.model import params_text

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

    def text(self, deck: str, sequence_out: str | None = None) -> str:
        """The lines of ``hanabi-solitaire solve`` for the deck named ``deck``: the verdict, the score, the
        algorithm (and why ``"auto"``'s first choice did not answer), the instance, the length of the sequence
        (written to ``sequence_out``), the certificate's reason and the seconds (``extra["load_seconds"]``
        as :func:`~solitaire.solve.solve` sets it)."""
        unknown = "not computed (the reason below)" if self.algorithm == "sat" else "not computed by this algorithm"
        score = unknown if self.score is None else f"{self.score} / {self.max_score}"
        lines = [f"{deck}: {'WINNABLE' if self.winnable else 'NOT WINNABLE'}", f"  score      {score}",
                 f"  algorithm  {self.algorithm}"]
        if self.extra.get("auto", {}).get("fallback"):
            lines.append(f"  auto       {self.extra['auto']['why']}")
        lines.append(f"  instance   {params_text(self.instance)}")
        if self.sequence is not None:
            lines.append(f"  sequence   {len(self.sequence)} events" + (f" -> {sequence_out}" if sequence_out else ""))
        if isinstance(self.certificate, dict):
            lines.append(f"  reason     {self.certificate.get('reason', json.dumps(self.certificate))}")
        loading = self.extra["load_seconds"]
        lines.append(f"  time       {self.seconds:.6f} s  (+{loading:.3f} s to load the solver, or compile it once)")
        return "\n".join(lines)
