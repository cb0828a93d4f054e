"""The shipped examples: listed by `examples`, read by `--example NAME`, installed with the package."""

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from solitaire.examples import KINDS, example_path, examples, find_example
from solitaire.io.errors import InputError

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_every_shipped_file_is_an_example_of_one_kind():
    found = examples()
    listed = {p.resolve() for e in found for p in e.paths}
    shipped = {p.resolve() for pattern in ("**/*.deck", "*.json", "*.csv", "theorem7/*.cnf", "theorem7/*.map.json",
                                           "table/*.jsonl.xz", "deals/*.jsonl", "variants/*.jsonl.xz")
               for p in (ROOT / "instances").glob(pattern)}
    assert listed == shipped
    assert len({(e.kind, e.name) for e in found}) == len(found) and {e.kind for e in found} == set(KINDS)
    assert all(e.description for e in found)


def test_the_examples_command_lists_them():
    text = run("examples")
    assert text.exit_code == 0
    assert [line.split()[:2] for line in text.output.splitlines()] == [[e.name, e.kind] for e in examples()]
    listed = json.loads(run("examples", "--json").output)["examples"]
    assert listed == [e.to_json() for e in examples()]


def test_bound_takes_a_shipped_game_or_deck_and_the_scores_example_is_shipped():
    game = json.loads(run("bound", "--example", "hanab-live-real-game", "--no-figures", "--json").output)["rows"]
    by_path = json.loads(run("bound", "--hanab-live", example_path("hanab-live-real-game", "game"), "--no-figures",
                             "--json").output)["rows"]
    assert game == by_path and game[0]["real_score"] == 20
    deck = json.loads(run("bound", "--example", "standard-deck-h5", "-p", "2", "--no-figures", "--json").output)
    assert deck["rows"][0]["players"] == 2
    assert example_path("agent-scores", "scores").name == "agent-scores.csv"


def test_solve_and_info_read_an_example_as_the_deck_file():
    by_name = json.loads(run("solve", "--example", "tiny-r1", "--json").output)
    by_path = json.loads(run("solve", example_path("tiny-r1"), "--json").output)
    assert by_name["winnable"] and by_name["sequence"] == by_path["sequence"]
    assert run("info", "--example", "figure2-h3").output == run("info", example_path("figure2-h3")).output


def test_verify_takes_the_sequence_after_an_example(tmp_path):
    sequence = tmp_path / "s.json"
    assert run("solve", "--example", "tiny-r1", "--sequence-out", sequence).exit_code == 0
    out = run("verify", "--example", "tiny-r1", sequence, "--json")
    assert out.exit_code == 0 and json.loads(out.output) == {"legal": True, "score": 6, "won": True}
    missing = run("verify", "--example", "tiny-r1")
    assert missing.exit_code == 2 and "missing SEQUENCE" in missing.output


def test_reduce_reads_an_example_formula(tmp_path):
    out = run("reduce", "--example", "figure2", "-o", tmp_path / "f2.deck", "--json")
    assert out.exit_code == 0
    assert (tmp_path / "f2.deck").read_text().splitlines()[-1] == \
        example_path("figure2", "deck").read_text().splitlines()[-1]


@pytest.mark.long  # 13 s: every row of the shipped table (each file's rows: tests/seer/runs/test_table.py)
def test_table_summary_reads_the_shipped_table():
    # every file: the table holds seeds 0 .. 999,999 of each player count, 100,000 a file
    assert len(find_example("table", "table").paths) == 10
    summary = json.loads(run("table-summary", "--example", "table", "-p", "2", "--json").output)
    assert list(summary) == ["2"] and summary["2"]["deals"] == 1_000_000


@pytest.mark.parametrize("args, message", [
    (("solve", "--example", "nope"), "unknown deck 'nope': expected one of c1-useless-cascade, "),
    (("reduce", "--example", "tiny-r1", "-o", "x.deck"), "unknown cnf 'tiny-r1': expected one of figure1, figure2"),
    (("table-summary", "--example", "hard-deals"), "unknown table 'hard-deals': expected one of 3-suits, 4-suits, 6-suits, "
     "black-5-suits, black-6-suits, dark-rainbow-6-suits, rainbow-6-suits, table"),
    (("solve", "a.deck", "--example", "tiny-r1"), "give DECK or --example, not both"),
    (("solve",), "missing DECK (or --example NAME)"),
])
def test_a_wrong_example_is_one_line_and_exit_2(args, message):
    out = run(*args)
    assert out.exit_code == 2 and len(out.output.strip().splitlines()) == 1 and message in out.output


@pytest.mark.parametrize("kind", ["bogus", ("cnf", "bogus"), ()])
def test_an_unknown_kind_is_named_with_the_kinds(kind):
    for call in (lambda: find_example("figure2", kind), lambda: example_path("figure2", kind)):
        with pytest.raises(InputError) as caught:
            call()
        assert str(caught.value).startswith(f"`kind`: expected a kind of example, one of {', '.join(KINDS)}, got ")
    assert find_example("table", ("deals", "table")).kind == "table"


def test_a_table_is_not_one_path():
    with pytest.raises(InputError, match="10 files"):
        example_path("table", "table")


@pytest.mark.slow
def test_an_installed_wheel_finds_its_examples_from_any_folder(tmp_path):
    # build the wheel from a copy of the tree (building writes beside the sources), install it
    # alone into a folder, run the command line from another one
    source, wheels, site, elsewhere = (tmp_path / name for name in ("source", "wheels", "site", "elsewhere"))
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".*", "build", "*.egg-info", "__pycache__", "tests"))
    elsewhere.mkdir()
    pip = [sys.executable, "-m", "pip", "-q"]
    subprocess.run(pip + ["wheel", "--no-deps", "-w", str(wheels), str(source)], check=True)
    (wheel,) = wheels.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {"solitaire/instances/standard-deck-h5.deck", "solitaire/instances/theorem7/figure2.cnf",
            "solitaire/instances/deals/hard-deals.jsonl", "solitaire/instances/table/seeds-900000.jsonl.xz",
            "solitaire/__main__.py", "cli.py"} <= set(names)
    subprocess.run(pip + ["install", "--no-deps", "--target", str(site), str(wheel)], check=True)
    env = {**os.environ, "PYTHONPATH": str(site)}

    def cli(*args):
        done = subprocess.run([sys.executable, "-m", "solitaire", *args], cwd=elsewhere, env=env,
                              capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    listed = cli("examples", "--json")["examples"]
    assert all(Path(p).is_relative_to(site) and Path(p).is_file() for e in listed for p in e["paths"])
    assert cli("solve", "--example", "standard-deck-h5", "--json")["score"] == 25


def test_a_checkout_imported_in_place_of_the_installed_package_finds_its_own_examples(monkeypatch):
    # a package installed without -e, and its checkout's `solitaire` first on sys.path: no `solitaire.instances`
    import solitaire.examples as module

    monkeypatch.setattr(module.importlib.util, "find_spec", lambda name: None)
    assert example_path("tiny-r1", "deck") == ROOT / "instances" / "tiny-r1.deck"
