"""DIMACS reading (real files, the SATLIB trailer, one-line errors, fuzzing) and normalisation."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import CNF, formulas
from reductions.dimacs import Formula, format_dimacs, normalise, parse_dimacs, read_dimacs, satisfies
from solitaire.io.errors import InputError


def brute_sat(formula):
    """Satisfiability by enumeration (tiny formulas only)."""
    return any(satisfies(a, formula.clauses) for a in itertools.product((False, True), repeat=formula.nvars))


@pytest.mark.parametrize("name", ["uf20-01", "uf20-02", "uuf50-01", "uuf50-02"])
def test_satlib_trailer_files_equal_stripped_copies(name):
    folder = "sat" if name.startswith("uf") else "unsat"
    original = read_dimacs(CNF / "original_format_with_trailer" / f"{name}.cnf")
    stripped = read_dimacs(CNF / folder / f"{name}.cnf")
    assert original == stripped
    assert (original.nvars, original.m) == ((20, 91) if folder == "sat" else (50, 218))


def test_clauses_spanning_lines_and_sharing_lines():
    f = parse_dimacs("c x\n\np cnf 4 3\n1 2\n -3 0 4 0\n\n-1\n0\n")
    assert f.clauses == ((1, 2, -3), (4,), (-1,))


def test_empty_clause_and_empty_formula():
    assert parse_dimacs("p cnf 2 1\n0\n").clauses == ((),)
    assert parse_dimacs("p cnf 0 0\n").clauses == ()


@pytest.mark.parametrize("text, line, column, words", [
    ("", None, None, "found none"),
    ("1 2 0\n", 1, 1, "header"),
    ("p cnf 2\n", 1, 3, "'p cnf"),
    ("p dnf 2 1\n1 0\n", 1, 3, "'p cnf"),
    ("p cnf x 1\n", 1, 7, "number of variables"),
    ("p cnf 2 1\n1 y 0\n", 2, 3, "literal"),
    ("p cnf 2 1\n1 3 0\n", 2, 3, "-2..2"),
    ("p cnf 2 1\n1 2\n", 2, 3, "end the last clause"),
    ("p cnf 2 2\n1 2 0\n", None, None, "expected 2 clauses"),
    ("p cnf 2 1\n1 0\np cnf 2 1\n", 3, 1, "header"),
    ("p cnf 2 1\n1 0\n1.5 0\n", 3, 1, "literal"),
])
def test_errors_name_line_column(text, line, column, words):
    with pytest.raises(InputError) as info:
        parse_dimacs(text, "f.cnf")
    err = info.value
    assert (err.source, err.line, err.column) == ("f.cnf", line, column)
    assert words in str(err) and "\n" not in str(err)


def test_unreadable_file(tmp_path):
    with pytest.raises(InputError, match="cannot read"):
        read_dimacs(tmp_path / "missing.cnf")
    (tmp_path / "bin.cnf").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InputError, match=r"bin.cnf:1:1: expected UTF-8 text, the file is UTF-16 \(save it as UTF-8\)"):
        read_dimacs(tmp_path / "bin.cnf")
    (tmp_path / "latin.cnf").write_bytes("c café\np cnf 1 1\n1 0\n".encode("latin-1"))
    with pytest.raises(InputError, match="latin.cnf:1:6: expected UTF-8 text, found the byte 0xe9$"):
        read_dimacs(tmp_path / "latin.cnf")
    import gzip
    import lzma
    formula = b"p cnf 1 1\n1 0\n"  # SATLIB ships its formulas compressed
    for name, packed in (("gzip", gzip.compress(formula)), ("xz", lzma.compress(formula))):
        (tmp_path / f"f.{name}").write_bytes(packed)
        with pytest.raises(InputError, match=rf"f.{name}: expected UTF-8 text, the file is {name}-compressed"):
            read_dimacs(tmp_path / f"f.{name}")
    with pytest.raises(InputError, match="cannot read the file .*; standard input is read as /dev/stdin"):
        read_dimacs("-")


@settings(max_examples=200)
@given(formulas())
def test_format_parses_back(formula):
    assert parse_dimacs(format_dimacs(formula)) == formula


@settings(max_examples=300)
@given(st.text(alphabet="pcnf%0123456789- \n\t", max_size=60))
def test_fuzz_text_is_formula_or_one_line_error(text):
    try:
        f = parse_dimacs(text, "fuzz.cnf")
    except InputError as err:
        assert str(err).startswith("fuzz.cnf") and "\n" not in str(err)
    else:
        assert parse_dimacs(format_dimacs(f)) == f


@settings(max_examples=200)
@given(formulas(), st.data())
def test_fuzz_mutated_valid_file(formula, data):
    text = format_dimacs(formula)
    pos = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.text(alphabet="x0-9 \n%pc", max_size=4))
    try:
        parse_dimacs(text[:pos] + junk + text[pos:], "m.cnf")
    except InputError as err:
        assert "\n" not in str(err)


@settings(max_examples=150)
@given(formulas())
def test_normalise_exact_three_equisatisfiable_with_maps(formula):
    norm = normalise(formula)
    f = norm.formula
    assert all(len({abs(l) for l in cl}) == 3 == len(cl) for cl in f.clauses)
    assert len(norm.origin) == f.m
    assert brute_sat(f) == brute_sat(formula)
    for a in itertools.product((False, True), repeat=formula.nvars):
        if satisfies(a, formula.clauses):
            lifted = norm.lift(a)
            assert satisfies(lifted, f.clauses) and norm.project(lifted) == a
    if f.nvars <= 12:
        for b in itertools.product((False, True), repeat=f.nvars):
            if satisfies(b, f.clauses):
                assert satisfies(norm.project(b), formula.clauses)


def test_normalise_drops_tautologies_and_repeats():
    norm = normalise(Formula(3, [(1, -1, 2), (2, 2, 3, 3, -1)]))
    assert norm.formula.clauses == ((2, 3, -1),) and norm.origin == (1,)
