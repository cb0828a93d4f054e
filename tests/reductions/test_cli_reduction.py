"""The command line: reduce, crosscheck, solve --algorithm sat --solver; one-line errors."""

import json

from click.testing import CliRunner

from cli import main
from helpers import CNF
from reductions.dimacs import read_dimacs
from reductions.theorem7 import reduce_formula
from solitaire.deckfile import read_deck

FIG2 = "c Figure 2\np cnf 3 2\n1 -2 3 0\n1 2 -3 0\n"


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_reduce_writes_deck_map_and_provenance(tmp_path):
    cnf = tmp_path / "f.cnf"
    cnf.write_text(FIG2)
    out, mp = tmp_path / "f.deck", tmp_path / "f.json"
    res = run("reduce", str(cnf), "-o", str(out), "--map", str(mp), "--hand", "3")
    assert res.exit_code == 0, res.output
    assert read_deck(out) == reduce_formula(read_dimacs(cnf), 3).instance
    text = out.read_text()
    assert "c command: " in text and "c source formula: " in text and "seed" in text
    data = json.loads(mp.read_text())
    assert data["instance"]["h"] == 3 and len(data["clauses"]) == 2 and data["gadgets"]


def test_solve_sat_with_solver(tmp_path):
    cnf, deck = tmp_path / "f.cnf", tmp_path / "f.deck"
    cnf.write_text(FIG2)
    run("reduce", str(cnf), "-o", str(deck))
    res = run("solve", str(deck), "--algorithm", "sat", "--solver", "glucose4", "--json")
    data = json.loads(res.output)
    assert res.exit_code == 0 and data["winnable"] and data["solver"] == "glucose4"
    auto = json.loads(run("solve", str(deck), "--solver", "glucose4", "--json").output)  # auto's choice is SAT
    assert (auto["algorithm"], auto["solver"]) == ("sat", "glucose4")
    assert run("solve", str(deck), "-a", "engine", "--solver", "glucose4").exit_code == 2
    text = run("solve", str(deck), "-a", "sat", "--solver", "minisat22")
    assert text.exit_code == 0 and "WINNABLE" in text.output and "105 / 105" in text.output


def test_crosscheck_files_folders_and_random():
    res = run("crosscheck", str(CNF / "original_format_with_trailer" / "uf20-01.cnf"),
              "--random", "4", "10", "--count", "3", "--seed", "7", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    rows = out["formulas"]
    assert len(rows) == 4 and out["summary"] == {"formulas": 4, "disagreements": 0, "refused": 0}
    assert all(r["agree"] for r in rows) and rows[0]["cnf"] is True
    text = run("crosscheck", "--random", "3", "2", "--count", "2")
    assert text.exit_code == 0 and text.output.strip().endswith("2 formulas, 0 disagreements")


def test_a_file_that_holds_no_formula_is_refused_and_the_others_go_on(tmp_path):
    folder = tmp_path / "cnfs"
    folder.mkdir()
    for name, text in (("a", FIG2), ("b", "p cnf 2 1\n1 x 0\n"), ("c", FIG2)):
        (folder / f"{name}.cnf").write_text(text)
    result = run("crosscheck", str(folder))
    lines = result.output.splitlines()
    assert result.exit_code == 0 and len(lines) == 4 and "Traceback" not in result.output
    bad = folder / "b.cnf"
    assert lines[1].startswith(f"{bad}: refused: {bad}:2:3: ") and lines[-1] == "2 formulas, 0 disagreements, 1 refused"
    out = json.loads(run("crosscheck", str(folder), "--json").output)
    assert [row["name"] for row in out["formulas"] if "refused" in row] == [str(bad)]
    assert out["summary"] == {"formulas": 2, "disagreements": 0, "refused": 1}


def test_crosscheck_of_files_that_all_hold_no_formula_prints_their_rows_then_exits_2(tmp_path):
    empty, comments = tmp_path / "empty.cnf", tmp_path / "comments.cnf"
    empty.write_text("")
    comments.write_text("c only\nc comments\n")
    last = "hanabi-solitaire: error: every file given was refused (the reasons above)"
    found = CliRunner().invoke(main, ["crosscheck", str(empty), str(comments), "--json"])
    assert found.exit_code == 2 and found.stderr.splitlines() == [last]
    out = json.loads(found.stdout)
    assert [row["name"] for row in out["formulas"]] == [str(empty), str(comments)]
    assert all("expected the header" in row["refused"] for row in out["formulas"])
    assert out["summary"] == {"formulas": 0, "disagreements": 0, "refused": 2}
    text = CliRunner().invoke(main, ["crosscheck", str(empty), str(comments)])
    assert text.exit_code == 2 and text.stdout.splitlines()[0].startswith(f"{empty}: refused: ")
    assert text.stdout.splitlines()[-1] == "0 formulas, 0 disagreements, 2 refused"


def test_reduce_says_the_size_of_the_formula_given_and_of_its_exact_3_cnf(tmp_path):
    cnf = tmp_path / "u.cnf"
    cnf.write_text("p cnf 1 2\n1 0\n-1 0\n")
    out = run("reduce", str(cnf), "-o", str(tmp_path / "u.deck"))
    assert out.exit_code == 0
    assert out.output.endswith(" from 1 variable, 2 clauses (exact 3-CNF: 3 variables, 8 clauses)\n")
    fig2 = tmp_path / "f.cnf"
    fig2.write_text(FIG2)
    assert run("reduce", str(fig2), "-o", str(tmp_path / "f.deck")).output.endswith(" from 3 variables, 2 clauses\n")


def test_bad_input_is_one_line_exit_2(tmp_path):
    bad = tmp_path / "bad.cnf"
    bad.write_text("p cnf 2 1\n1 x 0\n")
    for args in (["reduce", str(bad), "-o", str(tmp_path / "o.deck")], ["crosscheck", str(tmp_path / "missing.cnf")]):
        res = run(*args)
        assert res.exit_code == 2
        assert len(res.output.strip().splitlines()) == 1 and "Traceback" not in res.output
    assert "bad.cnf:2:3" in run("reduce", str(bad), "-o", str(tmp_path / "o.deck")).output
    assert not (tmp_path / "o.deck").exists()
    assert run("crosscheck").exit_code == 2
    good = tmp_path / "good.cnf"
    good.write_text(FIG2)
    res = run("reduce", str(good), "-o", str(tmp_path / "no" / "such" / "dir.deck"))
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert f"cannot write the file (the folder {tmp_path / 'no' / 'such'} does not exist)" in res.output
    assert run("reduce", str(bad), "-o", "x.deck", "--hand", "1").exit_code == 2
