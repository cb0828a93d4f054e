"""table-summary streams its row files: the summary of the rows kept compact, one record per deal,
is the summary of every row read whole (newest row of a deal winning, deals in the order of their
first rows), whichever way each line is read and however often the records are merged."""

import json
import math
import tempfile
from collections import Counter
from pathlib import Path
from unittest import mock

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from helpers import one_line_error
from solitaire.io.errors import InputError
from solitaire.seer.runs import tabledeals
from solitaire.seer.runs.evaluation import wilson
from solitaire.seer.runs.exactrun import TABLE_KEYS, latest_rows, table_summary
from solitaire.seer.runs.rowfile import read_rows
from solitaire.seer.runs.tabledeals import DealRow, TableDeals, read_table_deals


def summary_of_rows(rows, slowest=5):
    """The summary straight from row dicts (the newest row of each deal, in first-row order)."""
    out = {}
    rows = latest_rows(rows)
    for p in sorted({r["players"] for r in rows}):
        mine = [r for r in rows if r["players"] == p]
        n, times = len(mine), sorted(r["seconds"] for r in mine)
        wins = sum(r["exact"] and r["U3"] == 25 for r in mine)
        maybe = sum(r["U3_high"] == 25 for r in mine)
        out[str(p)] = {
            "deals": n, "share_U3_25": wins / n, "share_U3_25_ci95": list(wilson(wins, n)),
            "share_may_be_25": maybe / n, "share_may_be_25_ci95": list(wilson(maybe, n)),
            "U3_distribution": {str(k): v for k, v in sorted(Counter(r["U3"] for r in mine if r["exact"]).items())},
            "share_U2_exact": sum(r["exact"] and r["U3"] == r["U2"] for r in mine) / n,
            "share_L_optimal": sum(r["exact"] and r["U3"] == r["L"] for r in mine) / n,
            "closed_by": dict(sorted(Counter(r["method"] or ("unrecorded" if r["exact"] else "open")
                                             for r in mine).items())),
            "unresolved": sum(not r["exact"] for r in mine),
            "seconds_median": times[n // 2], "seconds_p99": times[min(n - 1, 99 * n // 100)], "seconds_max": times[-1],
            "slowest": [{k: r[k] for k in ("seed", "seconds", "exact", "U3", "U3_high")}
                        for r in sorted(mine, key=lambda r: -r["seconds"])[:slowest]]}
    return out


@st.composite
def table_rows(draw, players=st.integers(2, 3), seeds=st.integers(0, 6)):
    """A row of ``table`` (a few deals, so that deals repeat), with the variations a file may hold."""
    p, seed = draw(players), draw(seeds)
    L, U2 = sorted(draw(st.lists(st.integers(0, 25), min_size=2, max_size=2)))
    U3 = draw(st.integers(L, U2))
    exact = draw(st.booleans())
    row = {"id": f"P{p}{draw(st.sampled_from([':seed:', '-seed-']))}{seed}", "players": p, "seed": seed, "L": L,
           "U2": U2, "U3": U3, "U3_high": U3 if exact else draw(st.integers(U3, U2)), "exact": exact,
           "method": draw(st.sampled_from(["bot", "search", "peer", None])), "nodes": draw(st.integers(0, 10**6)),
           "seconds": draw(st.sampled_from([0, 1, 2, 0.5, 1.0, 0.25, 1e-05, 3e20, 7.0004]))}
    if not exact and draw(st.booleans()):
        row.update(timeout=10.0, peer_timeout=0, peer_solver="cadical195", peer_encoding="removal")
    return row


def write_lines(folder, name, lines):
    path = Path(folder) / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


@settings(max_examples=150, deadline=None)
@given(files=st.lists(st.lists(table_rows(), min_size=1, max_size=30), min_size=1, max_size=3),
       block=st.integers(1, 5), merge_at=st.integers(1, 20), players=st.sampled_from([None, (2,), (3,), (2, 3)]))
def test_the_streamed_summary_is_the_summary_of_every_row_read_whole(files, block, merge_at, players):
    with tempfile.TemporaryDirectory() as folder:
        paths = [write_lines(folder, f"t{i}.jsonl", map(json.dumps, rows)) for i, rows in enumerate(files)]
        with mock.patch.object(tabledeals, "_BLOCK", block), mock.patch.object(tabledeals, "_MERGE_AT", merge_at):
            streamed = table_summary(read_table_deals(paths, players))
    rows = [r for rows in files for r in rows if players is None or r["players"] in players]
    assert json.dumps(streamed) == json.dumps(summary_of_rows(rows))  # the same text, whole numbers and all
    assert table_summary(rows) == streamed


def one_row_read_whole(path):
    """The row of a one-line table file as :func:`read_rows` checks it, or the error it names."""
    try:
        (row,) = read_rows(path, required=TABLE_KEYS)
    except InputError as err:
        return str(err)
    return row if row["seed"] < 2 ** 64 else "seed beyond 2^64"


@settings(max_examples=400, deadline=None)
@given(row=table_rows(players=st.integers(1, 6), seeds=st.sampled_from([0, 7, 10**17, 10**18 - 1, 10**18, 2**64])),
       change=st.sampled_from([None, ("U3", 26), ("U2", -1), ("players", 3), ("seed", 8), ("seconds", math.inf),
                               ("seconds", -0.5), ("exact", 1), ("method", "guess"), ("nodes", -1), ("max_score", 30),
                               ("max_score", 20), ("L", True), ("note", "\u2028\x85\x0c")]),
       spaced=st.booleans())
def test_every_line_is_read_as_the_json_reader_reads_it(row, change, spaced):
    if change:
        row[change[0]] = change[1]
    line = json.dumps(row, ensure_ascii=False, separators=(",", ":") if spaced else None)
    with tempfile.TemporaryDirectory() as folder:
        path = write_lines(folder, "t.jsonl", [line])
        whole = one_row_read_whole(path)
        try:
            table = read_table_deals([path]).table()
        except InputError as err:
            assert isinstance(whole, str) and (str(err) == whole or "2^64" in whole), (str(err), whole)
            return
    assert isinstance(whole, dict), whole
    (deal,) = table
    assert {k: deal[k].item() for k in ("players", "seed", "L", "U2", "U3", "U3_high", "exact")} == \
        {k: whole[k] for k in ("players", "seed", "L", "U2", "U3", "U3_high", "exact")}
    assert tabledeals.METHODS[deal["method"]] == whole["method"]
    assert repr(TableDeals.seconds(deal)) == repr(whole["seconds"])


def test_the_records_stay_within_a_small_multiple_of_the_deals():
    deals, held = TableDeals(), []
    with mock.patch.object(tabledeals, "_BLOCK", 10), mock.patch.object(tabledeals, "_MERGE_AT", 50):
        for again in range(30):  # every deal retried 30 times
            for seed in range(100):
                deals.add(DealRow(2, seed, 20, 25, 20 + again % 6, 25, False, None, 0.5 + again))
                held.append(len(deals._deals) + sum(map(len, deals._waiting)) + len(deals._rows))
        table = deals.table()
    assert max(held) <= 2 * 100 + 10
    assert table["seed"].tolist() == list(range(100)) and set(table["U3"].tolist()) == {20 + 29 % 6}


def test_table_summary_names_the_line_of_a_bad_row_after_line_separators(tmp_path):
    good = {"id": "P2-seed-0", "players": 2, "seed": 0, "L": 25, "U2": 25, "U3": 25, "U3_high": 25, "exact": True,
            "method": "bot", "nodes": 0, "seconds": 0.5}
    lines = [json.dumps(dict(good, note="a\x0cb\u2028c\x85d\u2029e"), ensure_ascii=False),
             json.dumps(dict(good, seed=1, id="P2-seed-1")),
             json.dumps(dict(good, seed=2, id="P2-seed-2", U3=26))]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines[:2]) + "\n" + '{"id": "P2-se', encoding="utf-8")  # a last line cut short
    out = CliRunner().invoke(main, ["table-summary", str(path), "--json"])
    assert out.exit_code == 0 and json.loads(out.output)["2"]["deals"] == 2, out.output
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    one_line_error(CliRunner().invoke(main, ["table-summary", str(path)]), f"{path}:3:", "'U3'")


def test_table_summary_accepts_a_byte_order_mark(tmp_path):
    rows = [json.dumps({"id": f"P2-seed-{s}", "players": 2, "seed": s, "L": 25, "U2": 25, "U3": 25, "U3_high": 25,
                        "exact": True, "method": "bot", "nodes": 0, "seconds": 0.01}) for s in range(3)]
    plain, marked = tmp_path / "plain.jsonl", tmp_path / "marked.jsonl"
    plain.write_text("\n".join(rows) + "\n")
    marked.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    out = [CliRunner().invoke(main, ["table-summary", str(path), "--json"]) for path in (plain, marked)]
    assert out[0].exit_code == out[1].exit_code == 0, out[1].output
    assert json.loads(out[0].output) == json.loads(out[1].output)
    assert read_rows(marked) == read_rows(plain)


def test_row_files_past_their_limits_are_refused_as_soon_as_read(tmp_path, monkeypatch):
    from solitaire.seer.runs import rowfile

    one_line_error(CliRunner().invoke(main, ["table-summary", "/dev/zero"]), "/dev/zero:1:", "16 MiB", "limits.md")
    row = json.dumps({"id": "P2-seed-0", "players": 2, "seed": 0, "L": 25, "U2": 25, "U3": 25, "U3_high": 25,
                      "exact": True, "method": "bot", "nodes": 0, "seconds": 0.01})
    path = tmp_path / "t.jsonl"
    path.write_text((row + "\n") * 3)
    monkeypatch.setattr(rowfile, "ROW_FILE_LIMIT", 2 * len(row) + 3)
    one_line_error(CliRunner().invoke(main, ["table-summary", str(path)]), f"{path}:3:", "row file of at most")
    monkeypatch.setattr(rowfile, "ROW_LINE_LIMIT", len(row))
    one_line_error(CliRunner().invoke(main, ["table-summary", str(path)]), f"{path}:1:", "line of at most")
