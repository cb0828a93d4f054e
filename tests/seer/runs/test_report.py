"""The HTML report of analysed games: one self-contained page, every game and drop in it, all text escaped."""

import copy
import json
import re
from html.parser import HTMLParser

import pytest

from helpers import REAL_GAMES
from solitaire.seer.runs.analysis import analyze_game, summarize_analyses
from solitaire.seer.game.deals import parse_hanablive
from solitaire.seer.runs.report import render_report, spread_markers, write_report

GAMES = REAL_GAMES / "hanablive_games.jsonl"
#: Lines of GAMES with drops: six drops (four on consecutive turns), a strikeout, a 5-player game.
LINES = (19, 5, 81)
VOID = {"meta", "br", "img", "input", "link", "hr", "area", "base", "col", "source", "wbr"}


def analysed_row(number):
    """The row of :meth:`GameAnalysis.to_json` of the game on line ``number`` of GAMES."""
    record = json.loads(GAMES.read_text().splitlines()[number - 1])
    return analyze_game(parse_hanablive(record, GAMES.name, number), timeout=10).to_json()


@pytest.fixture(scope="module")
def rows():
    return [analysed_row(number) for number in LINES]


class _Tags(HTMLParser):
    """The tags of a page, checked to nest properly; the attributes of every start tag."""

    def __init__(self):
        super().__init__()
        self.open, self.starts, self.errors = [], [], []

    def handle_starttag(self, tag, attrs):
        self.starts.append((tag, dict(attrs)))
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.starts.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()


def parsed(page):
    """The page's tags, after checking that they nest and close."""
    assert page.startswith("<!DOCTYPE html>")
    tags = _Tags()
    tags.feed(page)
    tags.close()
    assert not tags.errors and not tags.open, (tags.errors, tags.open)
    return tags


def test_every_game_and_drop_is_shown(rows):
    assert all(row["drops"] for row in rows)
    page = render_report(rows, summarize_analyses(rows), title="Three games")
    tags = parsed(page)
    assert "<title>Three games</title>" in page
    for number, row in enumerate(rows, start=1):
        section = page.split(f'<section class="game" id="game-{number}"')[1].split("</section>")[0]
        assert f">{row['id']}</h2>" in section and row["source"] in section and f"ended: {row['end']}" in section
        assert section.count("<svg") == 1 and section.count('class="drop"') == len(row["drops"])
        for index, drop in enumerate(row["drops"], start=1):
            cells = section.split(f'id="game-{number}-drop-{index}"')[1].split("</tr>")[0]
            assert f">{drop['turn']}</td>" in cells and drop["text"] in cells and drop["instead"] in cells
            assert f"{drop['from']} &rarr; {drop['to']}" in cells and drop["kind"] in cells and drop["phase"] in cells
    links = [a["href"] for tag, a in tags.starts if tag == "a" and a.get("href", "").startswith("http")]
    wanted = [d["link"] for row in rows for d in row["drops"] if d["link"]]
    assert wanted and links == wanted
    assert all(a.get("target") == "_blank" for tag, a in tags.starts if tag == "a" and a.get("href") in wanted)
    assert all(d["link_note"] in page for row in rows for d in row["drops"] if not d["link"])


def test_the_page_loads_nothing(rows):
    page = render_report(rows)
    tags = parsed(page)
    assert not [a for tag, a in tags.starts if "src" in a or tag in ("script", "link", "iframe", "object")]
    assert "url(" not in page and "@import" not in page
    replays = {d["link"] for row in rows for d in row["drops"] if d["link"]}
    assert set(re.findall(r"https?://[^\s\"'<>]+", page)) == replays


def test_the_step_of_a_drop_is_between_its_turn_and_the_next(rows):
    """The maximum's line changes half-way between turn t and t + 1, where the drop at turn t is."""
    page = render_report(rows[:1])
    row = rows[0]
    turns, top = len(row["turns"]) + 1, row["max_score"]
    line = re.search(r'<polyline points="([^"]+)" fill="none" stroke="#1f5fa8"', page).group(1)
    corners = [tuple(map(float, p.split(","))) for p in line.split()]
    steps = [(a[0], a[1], b[1]) for a, b in zip(corners, corners[1:]) if a[0] == b[0]]
    x = lambda t: 44 + (t - 1) / (turns - 1) * (760 - 44 - 20)  # noqa: E731 (the chart's plot area)
    y = lambda v: 300 - 56 - v / top * (300 - 44 - 56)  # noqa: E731
    assert len(steps) == len(row["drops"])
    for (sx, before, after), drop in zip(steps, row["drops"]):
        assert abs(sx - x(drop["turn"] + 0.5)) < 0.1
        assert abs(before - y(drop["from"])) < 0.1 and abs(after - y(drop["to"])) < 0.1


def test_text_is_escaped(rows):
    row = copy.deepcopy(rows[0])
    row["id"] = "<script>alert('id')</script>"
    row["source"] = 'a"b.jsonl:1'
    row["drops"][0]["text"] = "<script>alert(1)</script> discards b5"
    row["drops"][0]["instead"] = "Bob & <b>Alice</b>"
    row["drops"][0]["link"] = "javascript:alert(1)"
    row["drops"][0]["link_note"] = "<i>none</i>"
    refused = {"id": "<img src=x>", "source": "g.jsonl:2", "refused": "option <x> is not supported"}
    page = render_report([row, refused])
    parsed(page)
    assert "<script" not in page and "<img" not in page and "<b>" not in page and "<i>" not in page
    assert "javascript:" not in page
    for text in ("&lt;script&gt;alert(&#x27;id&#x27;)&lt;/script&gt;", "a&quot;b.jsonl:1", "Bob &amp; &lt;b&gt;",
                 "&lt;img src=x&gt;", "option &lt;x&gt; is not supported", "&lt;i&gt;none&lt;/i&gt;"):
        assert text in page, text


def test_refused_games_and_summary(rows):
    refused = [{"id": "P3-game-9", "source": "g.jsonl:7", "refused": "option detrimentalCharacters is not supported"},
               {"id": "P3-game-10", "source": "g.jsonl:8", "refused": "option detrimentalCharacters is not supported"}]
    summary = dict(summarize_analyses(rows), refused={"option detrimentalCharacters is not supported": 2})
    page = render_report(rows + refused, summary)
    parsed(page)
    refused_part = page.split('<section class="refused"')[1]
    assert "P3-game-9" in refused_part and "g.jsonl:8" in refused_part
    no_id = render_report(rows + [{"id": None, "source": "g.jsonl:9", "refused": "expected JSON"}], summary)
    assert "<tr><td>-</td><td>g.jsonl:9</td>" in no_id and "None" not in no_id
    summary_part = page.split('<section class="summary"')[1].split("</section>")[0]
    assert summary_part.count("<svg") == 3 and '<th>games refused</th><td class="num">2</td>' in summary_part
    lost = summary["points_lost_by_kind"]["misplay"]
    assert lost and f"misplay {lost}" in summary_part
    assert page.count('<section class="game"') == len(rows)


def test_old_rows_and_empty_batches(rows, tmp_path):
    old = copy.deepcopy(rows[1])
    for key in ("source", "end", "played"):
        del old[key]
    for turn in old["turns"]:
        del turn["played"]
    for drop in old["drops"]:
        for key in ("instead", "link", "link_note"):
            drop.pop(key, None)
    page = render_report([old])
    parsed(page)
    assert "better action" not in page and "replay" not in page and 'stroke-dasharray="6 3"' not in page
    assert old["id"] in page and "Summary" not in page
    assert "No games." in render_report([])
    parsed(render_report([]))
    path = tmp_path / "report.html"
    write_report(path, rows, title="T")
    assert path.read_text() == render_report(rows, title="T")


def test_an_unproven_maximum_is_a_band(rows):
    row = copy.deepcopy(rows[0])
    row["turns"][3]["max_high"] = row["turns"][3]["max"] + 1
    page = render_report([row])
    assert "<polygon" in page and "not yet proven below" in page
    assert "<polygon" not in render_report(rows[:1])


def test_markers_never_overlap():
    centres = [100.0, 101, 101, 102, 700, 699.5, 5]
    places = spread_markers(centres, 20, 10, 710)
    ordered = sorted(zip(centres, range(len(centres)), places))
    assert all(b[2] - a[2] >= 20 - 1e-9 for a, b in zip(ordered, ordered[1:]))
    assert min(places) >= 10 and max(places) <= 710
    assert spread_markers([], 20, 0, 10) == []
