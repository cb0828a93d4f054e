"""A picture of one analysed game: the maximum still reachable before each turn beside the score.

The point at ``x = t`` is the position before turn ``t`` and the last point the end of the game,
so the action of turn ``t`` (and a drop at turn ``t``) shows between ``t`` and ``t + 1``: the
maximum before turn ``t + 1`` is the lower one, as in the text of ``analyze`` and in the HTML
report (:mod:`solitaire.seer.runs.report`). Each drop is a numbered marker in a lane above the plot,
placed by :func:`~solitaire.seer.runs.report.spread_markers` so that no two overlap, with a leader line
to its step; the drops are listed with the same numbers under the plot.

Needs matplotlib (the ``plot`` extra: ``pip install 'hanabi-solitaire[plot]'``);
:func:`require_matplotlib` says so in one line before any work.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from solitaire.io.errors import InputError
from solitaire.seer.runs.analysis import Drop, GameAnalysis
from solitaire.seer.runs.report import spread_markers

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["plot_analysis", "draw_analysis", "require_matplotlib"]

_MAX_COLOUR, _PLAYED_COLOUR, _DROP_COLOUR = "#1f5fa8", "#c4610a", "#b3261e"
_MARKER_GAP = 14  # points between the centres of two drop markers


def require_matplotlib(parameter: str | None = None) -> None:
    """Check that matplotlib can be imported.

    Raises
    ------
    InputError
        ``matplotlib is needed: pip install 'hanabi-solitaire[plot]'``, after the ``parameter`` that asked for
        a plot where one did.
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError("matplotlib is needed: pip install 'hanabi-solitaire[plot]'",
                         f"`{parameter}`" if parameter else None) from None


def _mark_drops(axes: Axes, drops: list[Drop], last: int, top: int) -> None:
    """Numbered markers over the drops in a lane above ``top``, and the list of the drops under the plot."""
    points = axes.get_window_extent().width / axes.figure.dpi * 72
    gap = _MARKER_GAP / points * (last - 1)
    centres = [drop.turn + 0.5 for drop in drops]
    places = spread_markers(centres, gap, 1 + gap / 2, last - gap / 2)
    for number, (drop, centre, place) in enumerate(zip(drops, centres, places, strict=True), start=1):
        axes.annotate(str(number), (centre, drop.before), xytext=(place, top + 2.2), ha="center", va="center",
                      fontsize=7, fontweight="bold", color="white", gid=f"drop-{number}",
                      bbox={"boxstyle": "circle,pad=0.2", "facecolor": _DROP_COLOUR, "edgecolor": "none"},
                      arrowprops={"arrowstyle": "-", "color": _DROP_COLOUR, "linewidth": 0.8, "linestyle": ":",
                                  "shrinkA": 0, "shrinkB": 0})
    listing = "\n".join(f"{number:>2}  turn {drop.turn}: {drop.text}, maximum {drop.before} \u2192 {drop.after}"
                        for number, drop in enumerate(drops, start=1))
    axes.annotate(listing, (0, 0), xycoords="axes fraction", xytext=(0, -50), textcoords="offset points",
                  va="top", fontsize=8, gid="drop-list")


def draw_analysis(analysis: GameAnalysis) -> Figure:
    """The figure of ``analysis`` (see the module docstring); needs matplotlib."""
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MultipleLocator
    from matplotlib.transforms import offset_copy

    turns = list(range(1, len(analysis.turns) + 2))
    low = [t.low for t in analysis.turns] + [analysis.final.low]
    high = [t.high for t in analysis.turns] + [analysis.final.high]
    top = analysis.max_score
    figure, axes = plt.subplots(figsize=(8, 3.5))
    axes.step(turns, low, where="mid", label="maximum still reachable", color=_MAX_COLOUR, linewidth=2)
    if high != low:
        axes.fill_between(turns, low, high, step="mid", alpha=0.18, color=_MAX_COLOUR, label="not yet proven below")
    axes.step(turns, [t.played for t in analysis.turns] + [analysis.played], where="mid", label="score so far",
              color=_PLAYED_COLOUR, linestyle="--")
    axes.set_xlim(1, max(turns[-1], 2))
    axes.xaxis.set_minor_locator(MultipleLocator(1))
    axes.set_ylim(0, top + 3.5)
    axes.set_yticks(range(0, top + 1, 5))
    axes.grid(axis="y", color="#e3e3e3")
    axes.set_xlabel("turn (the last point: the end of the game)")
    axes.set_ylabel("score")
    score = "unknown" if analysis.score is None else analysis.score
    axes.set_title(f"{analysis.ident}: {analysis.players} players, score {score} ({analysis.played} played)")
    below = offset_copy(axes.transAxes, figure, y=-30, units="points")
    axes.legend(loc="upper left", bbox_to_anchor=(0, 0), bbox_transform=below, ncol=3, fontsize=8, frameon=False,
                borderaxespad=0)
    if analysis.drops:
        _mark_drops(axes, analysis.drops, turns[-1], top)
    return figure


def plot_analysis(analysis: GameAnalysis, path: str | Path) -> Path:
    """Draw ``analysis`` (:func:`draw_analysis`) into ``path`` (PNG or SVG, by its suffix)."""
    figure = draw_analysis(analysis)
    import matplotlib.pyplot as plt

    path = Path(path)
    figure.savefig(path, bbox_inches="tight", dpi=150)
    plt.close(figure)
    return path
