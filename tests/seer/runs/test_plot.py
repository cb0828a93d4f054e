"""The PNG picture of an analysed game: steps where the text puts the drops, markers that do not collide."""

import json
import sys

import pytest

pytest.importorskip("matplotlib")

from helpers import REAL_GAMES  # noqa: E402
from solitaire.io.errors import InputError  # noqa: E402
from solitaire.seer.runs.analysis import analyze_game  # noqa: E402
from solitaire.seer.game.deals import parse_hanablive  # noqa: E402
from solitaire.seer.runs.plot import draw_analysis, plot_analysis, require_matplotlib  # noqa: E402

GAMES = REAL_GAMES / "hanablive_games.jsonl"


def analysed(number):
    """The analysis of the game on line ``number`` of GAMES."""
    deal = parse_hanablive(json.loads(GAMES.read_text().splitlines()[number - 1]), GAMES.name, number)
    return analyze_game(deal, timeout=10)


def test_drops_show_between_their_turn_and_the_next_without_collisions():
    import matplotlib.pyplot as plt

    analysis = analysed(19)  # six drops, four of them on consecutive turns
    figure = draw_analysis(analysis)
    axes = figure.axes[0]
    assert axes.lines[0].get_drawstyle() == "steps-mid"  # a step half-way between two turns
    assert list(axes.lines[0].get_xdata()) == list(range(1, len(analysis.turns) + 2))
    markers = [a for a in axes.texts if (a.get_gid() or "").startswith("drop-") and a.get_gid() != "drop-list"]
    assert [m.xy for m in markers] == [(d.turn + 0.5, d.before) for d in analysis.drops]
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    boxes = [m.get_bbox_patch().get_window_extent(renderer) for m in markers]
    title = axes.title.get_window_extent(renderer)
    assert not any(box.overlaps(title) for box in boxes)
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    plt.close(figure)


def test_an_unproven_maximum_is_a_band(tmp_path):
    analysis = analysed(5)
    analysis.turns[3].high += 1
    figure = draw_analysis(analysis)
    assert figure.axes[0].collections
    path = plot_analysis(analysis, tmp_path / "game.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_without_matplotlib_one_line_says_how_to_install_it(monkeypatch, tmp_path):
    analysis = analysed(5)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(InputError) as caught:
        require_matplotlib()
    assert str(caught.value) == "matplotlib is needed: pip install 'hanabi-solitaire[plot]'"
    with pytest.raises(InputError) as caught:
        require_matplotlib("plot_dir")
    assert str(caught.value) == "`plot_dir`: matplotlib is needed: pip install 'hanabi-solitaire[plot]'"
    with pytest.raises(InputError):
        plot_analysis(analysis, tmp_path / "game.png")
    assert not (tmp_path / "game.png").exists()
