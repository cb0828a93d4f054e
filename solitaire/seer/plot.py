"""A picture of one analysed game: the maximum still reachable before each turn beside the score.

Needs matplotlib (the ``plot`` extra: ``pip install 'hanabi-solitaire[plot]'``); without it
:func:`plot_analysis` raises :class:`~solitaire.io.errors.InputError` saying so.
"""

from __future__ import annotations

from pathlib import Path

from solitaire.io.errors import InputError
from solitaire.seer.analysis import GameAnalysis
from solitaire.seer.deals import Deal
from solitaire.seer.game import Game

__all__ = ["plot_analysis"]


def _scores(analysis: GameAnalysis, deal: Deal) -> list[int]:
    """The cards played before each turn of the real game, and after its last one."""
    game, scores = Game(deal), []
    for turn in analysis.turns:
        scores.append(game.played)
        game.apply(turn.action)
    return scores + [game.played]


def plot_analysis(analysis: GameAnalysis, deal: Deal, path: str | Path) -> Path:
    """Draw ``analysis`` of the game on ``deal`` into ``path`` (PNG or SVG, by its suffix)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InputError("drawing needs matplotlib: pip install 'hanabi-solitaire[plot]'", str(path)) from None
    turns = list(range(1, len(analysis.turns) + 2))
    low = [t.low for t in analysis.turns] + [analysis.final.low]
    high = [t.high for t in analysis.turns] + [analysis.final.high]
    figure, axes = plt.subplots(figsize=(8, 3.5))
    axes.step(turns, low, where="post", label="maximum still reachable", color="tab:blue")
    if high != low:
        axes.fill_between(turns, low, high, step="post", alpha=0.25, color="tab:blue", label="not yet proven")
    axes.step(turns, _scores(analysis, deal), where="post", label="score so far", color="tab:orange")
    for drop in analysis.drops:
        axes.annotate(drop.text, (drop.turn, drop.before), fontsize=7, rotation=30, xytext=(3, 4),
                      textcoords="offset points")
    axes.set_xlabel("turn")
    axes.set_ylabel("score")
    axes.set_title(f"{analysis.ident}: {analysis.players} players, final score {analysis.score}")
    axes.legend(loc="lower right", fontsize=8)
    path = Path(path)
    figure.savefig(path, bbox_inches="tight")
    plt.close(figure)
    return path
