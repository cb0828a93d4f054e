"""Agent evaluation against U3: the scores file, the join by id, the summary and its intervals."""

import random
import statistics
from collections import Counter

import pytest

from solitaire.io.errors import InputError
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.runs.evaluation import evaluate, join_scores, mean_ci, ratio_ci, read_scores


def test_scores_are_read_from_csv_and_json_lines(tmp_path):
    csv_file = tmp_path / "s.csv"
    csv_file.write_text("score,id\n24,P2-seed-0\n25,P2-seed-1\n")
    jsonl = tmp_path / "s.jsonl"
    jsonl.write_text('{"id": "P2-seed-0", "score": 24}\n\n{"id": "P2-seed-1", "score": 25, "agent": "x"}\n')
    assert read_scores(csv_file) == read_scores(jsonl) == {"P2-seed-0": 24, "P2-seed-1": 25}
    array = tmp_path / "s.json"  # a JSON array of the records, the colon form of an id
    array.write_text('[{"id": "P2:seed:0", "score": 24},\n {"id": "P2-seed-1", "score": 25}]')
    assert read_scores(array) == read_scores(csv_file)
    assert read_scores(array).places == {"P2-seed-0": (str(array), 1), "P2-seed-1": (str(array), 2)}
    array.write_text('[{"id": "P2-seed-0", "score": 24}, {"id": "P2-seed-1", "score": 26}]')  # one line: by column
    assert read_scores(array).places == {"P2-seed-0": (f"{array}:1:2", None), "P2-seed-1": (f"{array}:1:36", None)}
    with pytest.raises(InputError, match=r"s.json:1:36: the score 26 of P2-seed-1 is above its maximum 25"):
        join_scores([{"id": f"P2-seed-{i}", "U3": 25, "exact": True} for i in (0, 1)], read_scores(array))
    twice = tmp_path / "twice.csv"
    twice.write_text("id,score\nP2:seed:0,3\nP2-seed-0,4\n")
    with pytest.raises(InputError, match="twice.csv:3: id 'P2-seed-0' is given twice"):
        read_scores(twice)


@pytest.mark.parametrize("text, line, what", [
    ("id,points\nx,3\n", 1, "header"),
    ("id,score\nx,31\n", 2, "0..30"),
    ("id,score\nx,2.5\n", 2, "0..30"),
    ("id,score\nx,3\nx,4\n", 3, "twice"),
    ('{"id": "x", "score": 3}\n{"id": "y"}\n', 2, '"score"'),
    ('{"id": "x", "score": true}\n', 1, "0..30"),
    ('{"id": "x", "score": 3}\n{"id": "y", "score": "24"}\n', 2, 'a JSON integer, 0..30'),
    ('[{"id": "x", "score": 3},\n {"id": "y", "score": 31}]\n', 2, "0..30, the largest maximum of a variant"),
    ('\n{"id": "x",\n "score": 3.5}\n', 2, "0..30"),
    ('{"id": "x", "score": 3}\n[1, 2]\n', 2, 'expected an object with "id" and "score", got [1, 2]'),
    ('{"id": "x", "score": 21.0}\n', 1, "0..30"),
    ('{"id": "x", "score": -1}\n', 1, "0..30"),
    ('{"id": 7, "score": 3}\n', 1, "id"),
])
def test_a_bad_scores_file_names_its_line(tmp_path, text, line, what):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(InputError) as err:
        read_scores(path)
    assert err.value.line == line and what in str(err.value)


def test_a_score_above_its_deals_maximum_is_refused():
    rows = [{"id": "a", "U3": 25, "exact": True}, {"id": "b", "variant": "6 Suits", "max_score": 30, "U3": 30,
                                                     "exact": True}]
    assert join_scores(rows, {"b": 28})[0][1]["gap_U3"] == 2
    with pytest.raises(InputError, match="above its maximum 25"):
        join_scores(rows, {"a": 26})


def test_join_reports_the_ids_on_one_side_only():
    rows = [{"id": "a", "U3": 25, "exact": True}, {"id": "b", "U3": 24, "U3_high": 25, "exact": False},
            {"id": "c", "U3": 23, "exact": True}]
    joined, unscored, unknown = join_scores(rows, {"a": 20, "b": 21, "z": 3})
    assert unscored == ["c"] and unknown == ["z"]
    assert joined[0]["gap_U3"] == 5 and "gap_U3" not in joined[1] and "real_score" not in joined[2]


def test_the_summary_matches_its_definitions():
    rng = random.Random(5)
    rows = []
    for i in range(200):
        u3 = rng.choice([25, 25, 25, 24, 23])
        rows.append({"id": str(i), "U3": u3, "exact": i % 17 != 0, "real_score": rng.randint(max(0, u3 - 6), u3)})
    out = evaluate(rows)
    proven = [r for r in rows if r["exact"]]
    assert out["scored"] == 200 and out["scored_open"] == 200 - len(proven)
    assert out["mean_U3"] == pytest.approx(statistics.mean(r["U3"] for r in proven))
    gaps = [r["U3"] - r["real_score"] for r in proven]
    half = 1.959963984540054 * statistics.stdev(gaps) / len(gaps) ** 0.5
    assert out["mean_gap_U3_ci95"] == pytest.approx([statistics.mean(gaps) - half, statistics.mean(gaps) + half])
    ratio = sum(r["real_score"] for r in proven) / sum(r["U3"] for r in proven)
    assert out["score_over_U3"] == pytest.approx(ratio)
    low, high = out["score_over_U3_ci95"]
    assert low < ratio < high
    winnable = [r for r in proven if r["U3"] == 25]
    assert out["winnable"] == len(winnable)
    assert out["win_rate_winnable"] == pytest.approx(sum(r["real_score"] == 25 for r in winnable) / len(winnable))
    assert sum(out["gap_U3_histogram"].values()) == len(proven)


def test_rows_of_several_variants_are_also_summarised_per_variant():
    standard = [{"id": f"s{i}", "U3": 25, "exact": True, "real_score": 20} for i in range(3)]
    four = [{"id": f"f{i}", "U3": 20, "exact": True, "real_score": 10, "variant": "4 Suits", "max_score": 20}
            for i in range(2)]
    out = evaluate(standard + four)
    assert out["score_over_U3"] == pytest.approx(80 / 115)
    assert set(out["by_variant"]) == {"No Variant", "4 Suits"}
    assert out["by_variant"]["No Variant"]["score_over_U3"] == pytest.approx(0.8)
    assert out["by_variant"]["4 Suits"]["score_over_U3"] == pytest.approx(0.5)
    assert out["by_variant"]["4 Suits"]["winnable"] == 2 and "by_variant" not in evaluate(standard)


def test_intervals_shrink_with_the_sample_stay_in_range_and_need_two_values():
    assert mean_ci([3]) == (3, None) and ratio_ci([2], [4]) == (0.5, None)  # one value: no spread to estimate
    assert mean_ci([0, 25, 25], 0, 25)[1][1] == 25 and mean_ci([0, 0, 25], 0, 25)[1][0] == 0
    rng = random.Random(1)
    values = [rng.random() for _ in range(4000)]
    small, large = mean_ci(values[:100])[1], mean_ci(values)[1]
    assert large[1] - large[0] < small[1] - small[0]
    assert large[0] < 0.5 < large[1]  # the true mean of uniform(0, 1)


def test_values_that_are_all_equal_give_the_exact_interval_not_one_of_no_width():
    perfect = evaluate([{"id": str(i), "U3": 25, "exact": True, "real_score": 25} for i in range(20)])
    share = 1 - 0.05 ** (1 / 20)  # 20 wins in 20: a mean below 25 (1 - share) keeps that chance under 5 %
    assert perfect["mean_score_ci95"] == pytest.approx([25 - 25 * share, 25])
    assert perfect["mean_gap_U3_ci95"] == pytest.approx([0, 25 * share])
    assert perfect["score_over_U3_ci95"] == pytest.approx([1 - share, 1])
    rng = random.Random(3)  # the interval holds its 95 %: draws of a variable that is 25 with probability p
    for p in (1 - share, 0.9, 0.99):
        mean = 25 * p + 20 * (1 - p)
        covered = 0
        for _ in range(2000):
            draws = [25 if rng.random() < p else 20 for _ in range(20)]
            low, high = mean_ci(draws, 0, 25)[1]
            covered += low <= mean <= high
        assert covered / 2000 >= 0.9


def test_bound_joins_an_agents_scores_by_id(tmp_path):
    import json

    from click.testing import CliRunner

    from cli import main

    scores = tmp_path / "scores.csv"
    scores.write_text("id,score\nP2-seed-0,25\nP2-seed-1,20\nP2-seed-99,3\n")
    result = CliRunner().invoke(main, ["bound", "-p", "2", "--seeds", "0:3", "--exact", "--no-figures", "-j", "1",
                                       "--scores", str(scores), "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ("hanabi-solitaire: warning: 1 of 3 scores name no deal of this run (such as P2-seed-99; "
                             "its deals are named like P2-seed-0)\n")
    out = json.loads(result.stdout)
    rows = {r["id"]: r for r in out["rows"]}
    assert rows["P2-seed-1"]["gap_U3"] == rows["P2-seed-1"]["U3"] - 20 and "real_score" not in rows["P2-seed-2"]
    summary = out["summary"]
    assert summary["scores"] == {"unscored": 1, "unknown": 1, "unknown_ids": ["P2-seed-99"],
                                 "deal_ids": ["P2-seed-0", "P2-seed-1", "P2-seed-2"]}
    assert summary["mean_U3"] == sum(r["U3"] for r in out["rows"]) / 3
    gaps = Counter([rows["P2-seed-0"]["U3"] - 25, rows["P2-seed-1"]["U3"] - 20])
    assert summary["evaluation"]["scored"] == 2
    assert summary["evaluation"]["gap_U3_histogram"] == {str(g): c for g, c in sorted(gaps.items())}


def test_a_resumed_real_game_gets_back_its_own_score_where_this_run_gives_none(tmp_path):
    from solitaire import example_path
    from solitaire.seer.runs.boundrun import BoundOptions, BoundRun
    from solitaire.seer.runs.rowfile import latest_by_id, read_rows
    from solitaire.seer.sources.dealsource import deal_source

    out, options = tmp_path / "rows.jsonl", BoundOptions(figures=False, limits=SearchLimits(5))
    source = deal_source(hanab_live=str(example_path("hanab-live-game", "game")))
    (deal,) = source.deals()
    own = deal.meta["real_score"]
    for scores, resume, expected in (({deal.ident: own - 4}, False, own - 4), (None, True, own),
                                     ({deal.ident: own - 2}, True, own - 2), (None, True, own)):
        with BoundRun(source, options, out, resume=resume, scores=scores) as run:
            list(run.rows())
            assert run.summary()["mean_real_score"] == expected
        (row,) = latest_by_id(read_rows(out))
        assert row["real_score"] == expected and row["gap_U3"] == row["U3"] - expected


def test_a_score_that_replaces_a_games_own_is_warned_of():
    from solitaire import example_path
    from solitaire.seer.runs.boundrun import scores_warning
    from solitaire.seer.sources.dealsource import deal_source

    source = deal_source(hanab_live=str(example_path("hanab-live-game", "game")))
    (deal,) = source.deals()
    own = deal.meta["real_score"]
    assert scores_warning({deal.ident: own}, source) is None
    assert scores_warning({deal.ident: own - 4}, source) == (
        f"1 score differs from the score their game records, which they replace in the rows (such as {deal.ident}: "
        f"{own - 4} given, {own} recorded)")


def test_a_resumed_run_joins_its_reused_rows_to_its_own_scores(tmp_path):
    """U3 computed once, then each agent's scores in turn by ``--resume``: the summary and the file's last row of
    each deal are those of one run with that agent's scores (none: no score)."""
    import json

    from solitaire.seer.runs.boundrun import BoundOptions, BoundRun
    from solitaire.seer.runs.rowfile import latest_by_id, read_rows
    from solitaire.seer.sources.dealsource import deal_source

    out = tmp_path / "rows.jsonl"
    options = BoundOptions(figures=False, limits=SearchLimits(5))

    def run(scores, resume=True):
        with BoundRun(deal_source(players=2, seeds="0:3"), options, out, resume=resume, scores=scores) as bound:
            assert list(bound.rows()) == []  # every deal's row is reused after the first run
            return bound.summary()

    with BoundRun(deal_source(players=2, seeds="0:3"), options, out) as first:
        u3 = {row["id"]: row["U3"] for row in first.rows()}
    for scores in ({"P2-seed-0": 10, "P2-seed-1": 10}, {"P2-seed-0": 25, "P2-seed-2": 20}, None):
        summary = run(scores)
        rows = {row["id"]: row for row in latest_by_id(read_rows(out, False))}
        assert {i: r.get("real_score") for i, r in rows.items()} == {i: (scores or {}).get(i) for i in u3}
        assert all(r.get("gap_U3") == (r["U3"] - r["real_score"] if "real_score" in r else None)
                   for r in rows.values())
        if scores is None:
            assert "evaluation" not in summary and "scores" not in summary
        else:
            assert summary["evaluation"]["scored"] == 2
            assert summary["evaluation"]["mean_score"] == sum(scores.values()) / 2
    assert len(out.read_text().splitlines()) == 3 + 2 + 3 + 2, json.dumps(summary)  # changed rows written again


def test_the_command_line_refuses_a_score_above_its_deals_maximum_naming_the_line(tmp_path):
    from click.testing import CliRunner

    from cli import main
    from helpers import one_line_error

    scores = tmp_path / "s.csv"
    scores.write_text("id,score\nP2-seed-0,25\nP2-hle-0,30\n")
    one_line_error(CliRunner().invoke(main, ["bound", "-p", "2", "--hle-seeds", "0:2", "--scores", str(scores)]),
                   f"{scores}:3:", "the score 30 of P2-hle-0 is above its maximum 25")
    variant = tmp_path / "v.jsonl"  # variant 17 has 4 suits: its maximum is 20
    variant.write_text('{"id": "P3-live-p3v17s1", "score": 20}\n{"id": "P3-live-p3v17s2", "score": 21}\n')
    one_line_error(CliRunner().invoke(main, ["bound", "--hanab-live-seeds", "p3v17s1..2", "--scores", str(variant)]),
                   f"{variant}:2:", "above its maximum 20")
    below = tmp_path / "b.jsonl"
    below.write_text('{"id": "P2-seed-0", "score": -1}\n')
    one_line_error(CliRunner().invoke(main, ["bound", "-p", "2", "--seeds", "0:1", "--scores", str(below)]),
                   f"{below}:1:", "0..30")
    unknown = tmp_path / "u.csv"  # a score of no deal asked for is counted, not checked
    unknown.write_text("id,score\nP2-seed-0,24\nP2-seed-9,29\n")
    out = CliRunner().invoke(main, ["bound", "-p", "2", "--seeds", "0:1", "--scores", str(unknown), "--no-figures",
                                    "-j", "1", "--json"])
    assert out.exit_code == 0, out.output
