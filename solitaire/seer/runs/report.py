"""A self-contained HTML page of analysed games: where each game lost the maximum it could reach.

Contract. :func:`render_report` takes rows of :meth:`~solitaire.seer.runs.analysis.GameAnalysis.to_json`
(as ``hanabi-solitaire analyze`` writes them) and returns one HTML page that needs nothing else:
inline CSS and inline SVG, no script, no font, image or style sheet from elsewhere; the only
addresses in it are the hanab.live replay links of the drops, which open in a new tab. Every
text of a row is escaped. The page shows, for each game:

* a heading with the game id, its source, the number of players, the score and how it ended;
* a chart of the maximum still reachable before each turn (a step line; where the proven upper
  bound ``max_high`` is above it, a shaded band between the two) beside the score so far (the
  cards on the stacks, ``played``, when the rows give it). The point at ``x = t`` is the position
  before turn ``t`` and the last point the end of the game, so the action of turn ``t`` (and a
  drop at turn ``t``) shows between ``t`` and ``t + 1``: the maximum before turn ``t + 1`` is the
  lower one, as in the drop table;
* numbered markers over the drops, placed by :func:`spread_markers` so that they never overlap,
  and a table of the drops with the same numbers: the turn, the action taken, the better action
  (``instead``), the maximum before and after, the kind, the phase, and a replay link (or why
  there is none, ``link_note``).

Games the analysis refused (rows ``{"id", "source", "refused"}``) are listed with their reason.
For more than one game the page starts with the summary of
:func:`~solitaire.seer.runs.analysis.summarize_analyses` (given, or computed from the rows): counts,
and bar charts of the points lost by kind and by phase and of the phase of each game's first drop.

Keys of a row the page reads besides ``id``, ``turns`` and ``drops``, each optional: ``source``,
``players``, ``score`` (``None``: unknown), ``played`` (the cards on the stacks at the end),
``max_score`` (25 when absent), ``final_max``, ``end``; per turn ``max_high`` and ``played``; per
drop ``instead``, ``link`` and ``link_note``; in the summary ``refused`` (a count per reason).

Running time: linear in the number of turns and drops of the rows.
"""

from __future__ import annotations

import html
import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from solitaire.io.atomic import write_text_atomic

if TYPE_CHECKING:
    from solitaire.seer.runs.analysis import AnalysisRow
    from solitaire.seer.sources.history import RefusedRow

__all__ = ["render_report", "write_report", "spread_markers", "DEFAULT_TITLE"]

#: A row as the page reads it: any of its keys but ``id``, ``turns`` and ``drops`` may be missing (module docstring).
_Row = Mapping[str, Any]

#: The page title when the caller gives none.
DEFAULT_TITLE = "Where the games were lost"

# The per-game chart, in SVG user units: the size, the plot area and the lane of drop markers above it.
_WIDTH, _HEIGHT = 760, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 44, 20, 44, 56
_MARKER_RADIUS, _MARKER_LANE = 9, 18
_MAX_COLOUR, _PLAYED_COLOUR, _DROP_COLOUR = "#1f5fa8", "#c4610a", "#b3261e"

_CSS = """
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1b1b1b;
       background: #fff; max-width: 980px; margin: 0 auto; padding: 1rem 1.25rem 3rem; line-height: 1.4; }
h1 { font-size: 1.6rem; margin-bottom: .25rem; }
h2 { font-size: 1.25rem; margin: 2.2rem 0 .2rem; border-top: 1px solid #ccc; padding-top: 1rem; }
h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
.meta { margin: 0 0 .5rem; color: #444; }
.meta span + span::before { content: " \\00b7  "; color: #888; }
figure { margin: .5rem 0; }
figcaption { font-size: .85rem; color: #555; }
svg { max-width: 100%; height: auto; display: block; }
svg text { font-family: inherit; }
table { border-collapse: collapse; font-size: .9rem; margin: .5rem 0 1rem; }
th, td { border-bottom: 1px solid #ddd; padding: .25rem .6rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
table.drops td { white-space: nowrap; }
table.drops td:last-child { white-space: normal; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.badge { display: inline-block; min-width: 1.3em; border-radius: 1em; background: #b3261e; color: #fff;
         text-align: center; font-weight: 600; font-size: .8rem; }
.note { color: #666; font-style: italic; }
.charts { display: flex; flex-wrap: wrap; gap: 0 1.2rem; }
svg.chart { width: 100%; }
.charts figcaption { font-weight: 600; color: #333; margin-bottom: .2rem; }
@media print {
  body { max-width: none; padding: 0; }
  section.game { break-inside: avoid; }
  h2 { break-after: avoid; }
  .badge { border: 1px solid #b3261e; color: #b3261e; background: none; }
  a { color: inherit; }
}
"""


def _e(value: object) -> str:
    """``value`` as text escaped for HTML (also inside attribute values)."""
    return html.escape(str(value), quote=True)


def _n(value: float) -> str:
    """A coordinate: at most one decimal."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def spread_markers(centres: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions for markers wanted at ``centres``: at least ``gap`` apart, within ``[low, high]``, in
    the order of their centres, each group of markers that would touch centred on its own centres.

    When ``(len(centres) - 1) * gap <= high - low`` no two positions are closer than ``gap``; the
    positions keep the order of the centres (ties in input order), so that straight leader lines
    from the markers to their centres do not cross.

    Examples
    --------
    >>> spread_markers([10, 11, 50], 8, 0, 100)
    [6.5, 14.5, 50.0]
    >>> spread_markers([98, 99], 8, 0, 100)
    [92.0, 100.0]
    """
    order = sorted(range(len(centres)), key=lambda i: centres[i])
    groups: list[list] = []  # [first position, count, sum of centre - k * gap]
    for i in order:
        groups.append([0.0, 1, centres[i]])
        _place(groups[-1], gap, low, high)
        while len(groups) > 1 and groups[-2][0] + groups[-2][1] * gap > groups[-1][0]:
            last = groups.pop()
            groups[-1][2] += last[2] - groups[-1][1] * gap * last[1]
            groups[-1][1] += last[1]
            _place(groups[-1], gap, low, high)
    positions = [0.0] * len(centres)
    placed = iter(g[0] + k * gap for g in groups for k in range(g[1]))
    for i in order:
        positions[i] = next(placed)
    return positions


def _place(group: list, gap: float, low: float, high: float) -> None:
    """Put ``group`` (see :func:`spread_markers`) where its markers are nearest their centres, inside
    ``[low, high]``."""
    _, count, total = group
    group[0] = float(max(low, min(total / count, high - (count - 1) * gap)))


def _x(turn: float, turns: int) -> float:
    """The chart's x for ``turn`` (1 to ``turns``, the last point being the end of the game)."""
    return _LEFT + (turn - 1) / max(turns - 1, 1) * (_WIDTH - _LEFT - _RIGHT)


def _y(value: float, top: int) -> float:
    """The chart's y for a score ``value`` in ``0..top``."""
    return _HEIGHT - _BOTTOM - value / top * (_HEIGHT - _TOP - _BOTTOM)


def _steps(values: Sequence[int]) -> list[tuple[float, int]]:
    """The corners of a step line through ``values`` at turns 1, 2, ..., changing half-way between turns."""
    corners = [(1.0, values[0])]
    for t in range(1, len(values)):
        if values[t] != values[t - 1]:
            corners += [(t + 0.5, values[t - 1]), (t + 0.5, values[t])]
    return corners + [(float(len(values)), values[-1])]


def _points(corners: Iterable[tuple[float, int]], turns: int, top: int) -> str:
    """SVG ``points`` of ``corners`` (turn, score)."""
    return " ".join(f"{_n(_x(t, turns))},{_n(_y(v, top))}" for t, v in corners)


def _maxima(row: _Row) -> tuple[list[int], list[int]]:
    """The maximum before each turn and at the end, and its proven upper bound."""
    final = row.get("final_max", row["turns"][-1]["max"] if row["turns"] else row.get("start_max", 0))
    low = [t["max"] for t in row["turns"]] + [final]
    high = [max(t.get("max_high", t["max"]), t["max"]) for t in row["turns"]] + [final]
    return low, high


def _played(row: _Row) -> list[int] | None:
    """The cards played before each turn and at the end, or ``None`` when a turn lacks them. The end is
    the row's ``played``; a row without it has the score there, or the cards played before the last
    turn when the score counts less (a strikeout's 0) or is unknown."""
    turns = row["turns"]
    if not turns or any(not isinstance(t.get("played"), int) for t in turns):
        return None
    before = [t["played"] for t in turns]
    final = row.get("played")
    return before + [final if isinstance(final, int) else max(before[-1], row.get("score") or 0)]


def _score(row: _Row) -> str:
    """The game's score as text: ``unknown`` when the row has none."""
    return "unknown" if row.get("score") is None else str(row["score"])


def _tick_step(turns: int) -> int:
    """A step between labelled turns that gives at most about 15 labels."""
    return next((s for s in (1, 2, 5, 10, 20, 50, 100) if turns / s <= 15), 200)


def _axes(turns: int, top: int) -> list[str]:
    """Grid lines, ticks and axis labels of a chart over ``turns`` points and scores ``0..top``."""
    left, right, bottom = _LEFT, _WIDTH - _RIGHT, _HEIGHT - _BOTTOM
    parts = ['<g class="axes" font-size="11" fill="#333">']
    for value in range(0, top + 1, 5 if top >= 10 else 1):
        y = _n(_y(value, top))
        parts.append(f'<line x1="{left}" x2="{right}" y1="{y}" y2="{y}" stroke="#e3e3e3"/>'
                     f'<text x="{left - 6}" y="{y}" text-anchor="end" dominant-baseline="middle">{value}</text>')
    step = _tick_step(turns)
    for turn in range(1, turns + 1):
        x = _n(_x(turn, turns))
        size = 6 if turn % step == 0 or turn == 1 else 3
        parts.append(f'<line x1="{x}" x2="{x}" y1="{bottom}" y2="{bottom + size}" stroke="#555"/>')
        if size == 6:
            parts.append(f'<text x="{x}" y="{bottom + 18}" text-anchor="middle">{turn}</text>')
    parts.append(f'<line x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}" stroke="#555"/>'
                 f'<line x1="{left}" x2="{left}" y1="{_TOP}" y2="{bottom}" stroke="#555"/>'
                 f'<text x="{(left + right) / 2}" y="{bottom + 34}" text-anchor="middle">turn</text>'
                 f'<text transform="translate(12 {(_TOP + bottom) / 2}) rotate(-90)" '
                 f'text-anchor="middle">score</text></g>')
    return parts


def _legend(band: bool, played: bool) -> str:
    """The chart's legend, in its bottom margin."""
    items = [(f'<line x1="0" x2="22" y1="0" y2="0" stroke="{_MAX_COLOUR}" stroke-width="2.5"/>',
              "maximum still reachable")]
    if band:
        items.append((f'<rect x="0" y="-6" width="22" height="12" fill="{_MAX_COLOUR}" fill-opacity="0.18"/>',
                      "not yet proven below"))
    if played:
        items.append((f'<line x1="0" x2="22" y1="0" y2="0" stroke="{_PLAYED_COLOUR}" stroke-width="2" '
                      f'stroke-dasharray="6 3"/>', "score so far"))
    items.append((f'<circle cx="11" cy="0" r="6" fill="{_DROP_COLOUR}"/>', "drop (numbered as in the table)"))
    parts = ['<g class="legend" font-size="11" fill="#333">']
    x: float = _LEFT  # the next item's left edge
    for swatch, label in items:
        parts.append(f'<g transform="translate({x} {_HEIGHT - 8})">{swatch}<text x="28" y="4">{label}</text></g>')
        x += 40 + 6.2 * len(label)
    return "".join(parts) + "</g>"


def _markers(row: _Row, prefix: str, turns: int, top: int) -> list[str]:
    """The numbered drop markers in the lane above the plot, each with a leader line to its step."""
    drops = row["drops"]
    centres = [_x(d["turn"] + 0.5, turns) for d in drops]
    lane = _MARKER_RADIUS + 1
    places = spread_markers(centres, 2 * _MARKER_RADIUS + 2, lane, _WIDTH - lane)
    parts = []
    for number, (drop, centre, place) in enumerate(zip(drops, centres, places, strict=True), start=1):
        label = f"Drop {number}, turn {drop['turn']}: {drop.get('text', '')}, maximum {drop['from']} to {drop['to']}"
        parts.append(
            f'<a href="#{prefix}-drop-{number}" aria-label="{_e(label)}"><g class="drop"><title>{_e(label)}</title>'
            f'<line x1="{_n(place)}" y1="{_MARKER_LANE + _MARKER_RADIUS}" x2="{_n(centre)}" '
            f'y2="{_n(_y(drop["from"], top))}" stroke="{_DROP_COLOUR}" stroke-width="1" stroke-dasharray="2 2"/>'
            f'<circle cx="{_n(place)}" cy="{_MARKER_LANE}" r="{_MARKER_RADIUS}" fill="{_DROP_COLOUR}"/>'
            f'<text x="{_n(place)}" y="{_MARKER_LANE}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="10" font-weight="bold" fill="#fff">{number}</text></g></a>')
    return parts


def _description(row: _Row, low: list[int]) -> str:
    """The chart in words, for its ``<desc>``."""
    drops = "; ".join(f"turn {d['turn']}, {d['from']} to {d['to']}" for d in row["drops"]) or "none"
    return (f"The maximum still reachable is {low[0]} before the first turn and {low[-1]} at the end; "
            f"the score is {_score(row)} of {row.get('max_score', 25)}. Drops: {drops}.")


def _chart(row: _Row, prefix: str) -> str:
    """The SVG chart of one game (see the module docstring)."""
    top = row.get("max_score", 25)
    low, high = _maxima(row)
    played = _played(row)
    turns = len(low)
    band = any(h > v for h, v in zip(high, low, strict=True))
    parts = [f'<svg class="chart" viewBox="0 0 {_WIDTH} {_HEIGHT}" width="{_WIDTH}" '
             f'height="{_HEIGHT}" role="img" aria-labelledby="{prefix}-title {prefix}-desc">',
             f'<title id="{prefix}-title">{_e(row["id"])}: the maximum still reachable before each turn'
             f'{" and the score so far" if played else ""}</title>',
             f'<desc id="{prefix}-desc">{_e(_description(row, low))}</desc>']
    parts += _axes(turns, top)
    if band:
        outline = _steps(high) + _steps(low)[::-1]
        parts.append(f'<polygon points="{_points(outline, turns, top)}" fill="{_MAX_COLOUR}" fill-opacity="0.18"/>')
    if played:
        parts.append(f'<polyline points="{_points(_steps(played), turns, top)}" fill="none" '
                     f'stroke="{_PLAYED_COLOUR}" stroke-width="2" stroke-dasharray="6 3"/>')
    parts.append(f'<polyline points="{_points(_steps(low), turns, top)}" fill="none" stroke="{_MAX_COLOUR}" '
                 f'stroke-width="2.5"/>')
    parts += _markers(row, prefix, turns, top)
    parts.append(_legend(band, played is not None))
    return "".join(parts) + "</svg>"


def _link_cell(drop: _Row) -> str:
    """The replay link of a drop (an http(s) address, opened in a new tab), or why there is none."""
    link = drop.get("link")
    if isinstance(link, str) and link.startswith(("https://", "http://")):
        return (f'<a href="{_e(link)}" target="_blank" rel="noopener noreferrer">'
                f'replay from turn {_e(drop["turn"])}</a>')
    return f'<span class="note">{_e(drop.get("link_note") or "no replay link")}</span>'


def _drop_cells(number: int, drop: _Row, instead: bool, links: bool) -> str:
    """The cells of one drop's row: the better action's and the replay's when the table has them."""
    cells = [f'<td class="num"><span class="badge">{number}</span></td>',
             f'<td class="num">{_e(drop["turn"])}</td>', f'<td>{_e(drop.get("text", ""))}</td>']
    if instead:
        cells.append(f'<td>{_e(drop.get("instead") or "")}</td>')
    cells += [f'<td class="num">{_e(drop["from"])} &rarr; {_e(drop["to"])}</td>',
              f'<td>{_e(drop.get("kind", ""))}</td>', f'<td>{_e(drop.get("phase", ""))}</td>']
    if links:
        cells.append(f"<td>{_link_cell(drop)}</td>")
    return "".join(cells)


def _drops_table(row: _Row, prefix: str) -> str:
    """The table of a game's drops, numbered as the chart's markers; the better action and replay columns
    when a drop has them."""
    drops = row["drops"]
    if not drops:
        return "<p>The maximum never dropped.</p>"
    instead = any("instead" in d for d in drops)
    links = any("link" in d or "link_note" in d for d in drops)
    head = ['<th class="num">#</th>', '<th class="num">turn</th>', "<th>action taken</th>"]
    head += ["<th>better action</th>"] if instead else []
    head += ['<th class="num">maximum</th>', "<th>kind</th>", "<th>phase</th>"]
    head += ["<th>replay</th>"] if links else []
    body = "".join(f'<tr id="{prefix}-drop-{number}">{_drop_cells(number, drop, instead, links)}</tr>'
                   for number, drop in enumerate(drops, start=1))
    return (f'<table class="drops"><caption class="note">Drops of {_e(row["id"])}</caption>'
            f'<thead><tr>{"".join(head)}</tr></thead><tbody>{body}</tbody></table>')


def _meta(row: _Row) -> str:
    """The line under a game's heading: source, players, score, how it ended, the maximum."""
    items = []
    if row.get("source"):
        items.append(f"source {_e(row['source'])}")
    if "players" in row:
        items.append(f"{_e(row['players'])} players")
    if row.get("variant"):
        items.append(_e(row["variant"]))
    items.append(f"score {_e(_score(row))} of {_e(row.get('max_score', 25))}")
    if row.get("end"):
        items.append(f"ended: {_e(row['end'])}")
    low = _maxima(row)[0]
    items.append(f"maximum {_e(low[0])} at the start, {_e(low[-1])} at the end")
    return '<p class="meta">' + "".join(f"<span>{item}</span>" for item in items) + "</p>"


def _game_section(row: _Row, prefix: str) -> str:
    """One analysed game: heading, chart and drop table."""
    caption = ("Each point is the position before that turn, the last one the end of the game: "
               "a drop at turn t shows between t and t + 1.")
    return (f'<section class="game" id="{prefix}" aria-labelledby="{prefix}-h"><h2 id="{prefix}-h">{_e(row["id"])}'
            f'</h2>{_meta(row)}<figure>{_chart(row, prefix)}<figcaption>{caption}</figcaption></figure>'
            f"{_drops_table(row, prefix)}</section>")


def _index(games: Sequence[_Row]) -> str:
    """A table of the analysed games, each linked to its section."""
    rows = []
    for number, row in enumerate(games, start=1):
        low = _maxima(row)[0]
        rows.append(f'<tr><td><a href="#game-{number}">{_e(row["id"])}</a></td>'
                    f'<td class="num">{_e(row.get("players", ""))}</td><td class="num">{_e(_score(row))}</td>'
                    f'<td class="num">{_e(low[0])} &rarr; {_e(low[-1])}</td><td class="num">{len(row["drops"])}</td>'
                    f'<td>{_e(row.get("end", ""))}</td></tr>')
    return ('<h2>Games</h2><table class="index"><thead><tr><th>game</th><th class="num">players</th>'
            '<th class="num">score</th><th class="num">maximum</th><th class="num">drops</th><th>ended</th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _bar_chart(title: str, counts: dict, ident: str) -> str:
    """A horizontal bar chart of ``counts`` (label: number) with its title."""
    label_width, bar_width, row_height = 164, 100, 22
    height = row_height * max(len(counts), 1) + 8
    width = label_width + bar_width + 36
    most = max(list(counts.values()) + [1])
    parts = [f'<figure><figcaption>{_e(title)}</figcaption><svg viewBox="0 0 {width} {height}" width="{width}" '
             f'height="{height}" role="img" aria-labelledby="{ident}-title"><title id="{ident}-title">{_e(title)}: '
             + _e(", ".join(f"{k} {v}" for k, v in counts.items())) + "</title>"]
    for i, (label, value) in enumerate(counts.items()):
        y = 4 + i * row_height
        length = value / most * bar_width
        parts.append(f'<text x="{label_width - 8}" y="{y + 11}" text-anchor="end" dominant-baseline="middle" '
                     f'font-size="12">{_e(label)}</text><rect x="{label_width}" y="{y + 2}" width="{_n(length)}" '
                     f'height="{row_height - 6}" fill="{_MAX_COLOUR}"/><text x="{_n(label_width + length + 6)}" '
                     f'y="{y + 11}" dominant-baseline="middle" font-size="12">{_e(value)}</text>')
    return "".join(parts) + "</svg></figure>"


def _summary_section(summary: dict, refused: dict) -> str:
    """The batch summary: counts, refused games by reason, and the bar charts."""
    counts = [("games analysed", summary.get("games")),
              ("could reach the maximum at the start", summary.get("winnable_at_start")),
              ("of these, lost points before the end", summary.get("lost_after_start")),
              ("turns whose maximum is not proven", summary.get("open_turns")),
              ("games refused", sum(refused.values()))]
    table = "".join(f'<tr><th>{_e(name)}</th><td class="num">{_e(value)}</td></tr>' for name, value in counts
                    if value is not None)
    parts = [f'<section class="summary" aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2>'
             f'<table class="counts"><tbody>{table}</tbody></table>']
    if refused:
        parts.append('<h3>Refused, by reason</h3><table class="refused-reasons"><thead><tr><th>reason</th>'
                     '<th class="num">games</th></tr></thead><tbody>'
                     + "".join(f'<tr><td>{_e(k)}</td><td class="num">{_e(v)}</td></tr>' for k, v in refused.items())
                     + "</tbody></table>")
    charts = [("points lost by kind of action", "points_lost_by_kind"),
              ("points lost by phase", "points_lost_by_phase"),
              ("games by the phase of their first drop", "first_drop_phase")]
    parts.append('<div class="charts">' + "".join(_bar_chart(title, summary[key], f"summary-{key}")
                                                  for title, key in charts if summary.get(key)) + "</div>")
    return "".join(parts) + "</section>"


def _refused_section(rows: Sequence[_Row]) -> str:
    """The games the analysis refused, each with its reason."""
    body = "".join(f'<tr><td>{_e(r.get("id") or "-")}</td><td>{_e(r.get("source", ""))}</td>'
                   f'<td>{_e(r["refused"])}</td></tr>' for r in rows)  # no id (not JSON): "-", as in the text
    return ('<section class="refused" aria-labelledby="refused-h"><h2 id="refused-h">Refused games</h2>'
            '<table><thead><tr><th>game</th><th>source</th><th>reason</th></tr></thead>'
            f"<tbody>{body}</tbody></table></section>")


def render_report(rows: Sequence[AnalysisRow | RefusedRow], summary: dict | None = None,
                  title: str = DEFAULT_TITLE) -> str:
    """The HTML page of ``rows`` (see the module docstring).

    Parameters
    ----------
    rows : sequence of dict
        Rows of :meth:`~solitaire.seer.runs.analysis.GameAnalysis.to_json`, and refused games
        (``{"id", "source", "refused"}``), in the order to show them.
    summary : dict, optional
        :func:`~solitaire.seer.runs.analysis.summarize_analyses` of the rows; computed from them when
        ``None`` and more than one game was analysed.
    title : str
        The page's title and top heading.

    Returns
    -------
    str
        One self-contained HTML document.
    """
    games = [row for row in rows if "refused" not in row]
    refused = [row for row in rows if "refused" in row]
    if summary is None and len(games) > 1:
        from solitaire.seer.runs.analysis import summarize_analyses

        summary = summarize_analyses(games)
    reasons = dict(summary.get("refused") or {}) if summary else {}
    if not reasons:
        reasons = dict(Counter(str(row["refused"]) for row in refused))
    body = [f"<h1>{_e(title)}</h1>",
            f'<p class="meta"><span>{len(games)} game{"" if len(games) == 1 else "s"} analysed</span>'
            f'<span>{len(refused)} refused</span></p>']
    if not rows:
        body.append("<p>No games.</p>")
    if summary:
        body.append(_summary_section(summary, reasons))
    if len(games) > 1:
        body.append(_index(games))
    body += [_game_section(row, f"game-{number}") for number, row in enumerate(games, start=1)]
    if refused:
        body.append(_refused_section(refused))
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{_e(title)}</title>'
            f"<style>{_CSS}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def write_report(path: str | os.PathLike[str], rows: Sequence[AnalysisRow | RefusedRow],
                 summary: dict | None = None, title: str = DEFAULT_TITLE) -> None:
    """Write :func:`render_report` of ``rows`` to ``path``, whole or not at all."""
    write_text_atomic(path, render_report(rows, summary, title))
