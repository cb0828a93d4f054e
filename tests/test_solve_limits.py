"""Solving at the edges: the DP on a deep deck, ``auto`` against a runaway engine, warm-ups that
cost nothing, a first call that says it compiles and later ones that load the cache. Every answer
is replayed by the referee; ``auto`` is checked against the brute-force oracle."""

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from helpers import instances
from solitaire.brute import solve_brute
from solitaire.compiled import COMPILING_NOTE, PARTS, compiling_note
from solitaire.deckfile import _parse_lines, parse_deck, read_instance
from solitaire.io.errors import InputError
from solitaire.referee import replay
from solitaire.solve import WARM_UP, solve

solve_module = importlib.import_module("solitaire.solve")  # the module (the package exports its function)
ROOT = Path(__file__).resolve().parent.parent


def cli(*args, timeout=600):
    """The command line in its own process (a crash there cannot take the test run down)."""
    return subprocess.run([sys.executable, "-c", "from cli import main; main()", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def test_dp_solves_a_deck_deeper_than_the_stack(tmp_path):
    deck = tmp_path / "d.deck"
    assert cli("generate", "--values", 20000, "--colors", 1, "--hand", 0, "--seed", 1, "-o", deck).returncode == 0
    done = cli("solve", "-a", "dp", deck, "--json")
    assert done.returncode == 0, done.stderr[-500:]
    result = json.loads(done.stdout)
    inst = read_instance(deck)
    assert result["score"] == replay(inst, [tuple(e) for e in result["sequence"]])
    where = np.argsort(inst.values)           # h = 0, one color, each value once: the score is the
    rising = np.flatnonzero(np.diff(where) < 0)  # longest run 1..k whose positions increase
    assert result["score"] == (rising[0] + 1 if rising.size else inst.N)


@given(instances(max_n=3, max_c=3, max_r=2, max_h=2, max_N=9))
def test_auto_agrees_with_the_oracle_also_when_sat_takes_over(inst):
    oracle = solve_brute(inst)
    for budget in (solve_module.AUTO_ENGINE_BUDGET, 0):
        solve_module.AUTO_ENGINE_BUDGET, saved = budget, solve_module.AUTO_ENGINE_BUDGET
        try:
            result = solve(inst)
        finally:
            solve_module.AUTO_ENGINE_BUDGET = saved
        assert result.winnable == oracle.winnable
        if result.score is not None:  # greedy and lazy decide a loss without a score
            assert result.score == oracle.score == replay(inst, result.sequence.events())
        assert result.extra["auto"]["chosen"] == result.algorithm


def test_an_unknown_algorithm_names_every_one_solve_takes():
    with pytest.raises(ValueError) as caught:
        solve(read_instance(ROOT / "instances" / "tiny-r1.deck"), "nope")
    assert str(caught.value) == "unknown algorithm 'nope'; expected one of auto, greedy, lazy, engine, sat, brute, dp"


@pytest.mark.slow
def test_auto_hands_a_runaway_engine_to_sat(tmp_path):
    deck = tmp_path / "e.deck"
    assert cli("generate", "--values", 8, "--colors", 8, "--multiplicity", 2, "--hand", 6, "--seed", 1,
               "-o", deck).returncode == 0
    done = cli("solve", deck, "--json", timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    result = json.loads(done.stdout)
    assert result["algorithm"] == result["auto"]["chosen"] == "sat" and result["auto"]["fallback"]
    assert "budget" in result["auto"]["why"]
    assert "auto       c * n <= 64" in cli("solve", deck, timeout=120).stdout
    assert result["score"] == replay(read_instance(deck), [tuple(e) for e in result["sequence"]])
    done = json.loads(cli("solve", ROOT / "instances" / "standard-deck-h5.deck", "--json").stdout)
    assert done["algorithm"] == done["auto"]["chosen"] == "engine" and not done["auto"]["fallback"]


def test_warm_up_solves_the_fixed_two_card_decks_only(monkeypatch):
    seen = []
    original = solve_module.SOLVERS["sat"]
    monkeypatch.setitem(solve_module.SOLVERS, "sat", original.__class__(
        "sat", original.summary, original.refuses, lambda inst, **kw: seen.append(inst) or original.run(inst, **kw)))
    monkeypatch.setattr(solve_module, "_LOADED", set())
    inst = read_instance(ROOT / "instances" / "theorem7" / "figure2.deck")
    result = solve(inst, "sat")
    assert seen[:-1] == list(WARM_UP) and seen[-1] is inst
    assert result.score == replay(inst, result.sequence.events())
    assert solve(inst, "sat").extra["load_seconds"] == 0


def refused(done, *words):
    """One line on standard error, exit code 2, naming the limit and the words."""
    lines = done.stderr.strip().splitlines()
    return done.returncode == 2 and len(lines) == 1 and "--max-memory" in lines[0] and all(w in lines[0] for w in words)


def test_reduce_refuses_a_deck_over_the_memory_limit(tmp_path):
    cnf, out = tmp_path / "wide.cnf", tmp_path / "wide.deck"
    cnf.write_text("p cnf 1000000 1\n1 2 3 0\n")
    done = cli("reduce", cnf, "-o", out, "--max-memory", "100M")
    assert refused(done, "36,000,013 cards"), done.stderr
    assert not out.exists()
    many = tmp_path / "many.cnf"
    many.write_text("p cnf 3 1000000\n" + "1 2 3 0\n" * 10**6)
    assert refused(cli("reduce", many, "-o", out, "--max-memory", "100M"), "many.cnf", "reading this CNF")


def test_crosscheck_refuses_before_the_sat_solver_runs_out(tmp_path):
    rng = np.random.default_rng(1)
    cnf = tmp_path / "long.cnf"
    rows = [" ".join(str(int(v) * int(s)) for v, s in zip(rng.choice(np.arange(1, 21), 3, replace=False),
                                                         rng.choice([-1, 1], 3))) + " 0" for _ in range(10000)]
    cnf.write_text("p cnf 20 10000\n" + "\n".join(rows) + "\n")
    assert refused(cli("crosscheck", cnf, "--max-memory", "200M"), "Theorem 7 deck")
    small = tmp_path / "small.cnf"
    small.write_text("p cnf 20 60\n" + "\n".join(rows[:60]) + "\n")
    assert refused(cli("crosscheck", small, "--max-memory", "20M", "--no-engine"), "SAT encoding")
    assert cli("crosscheck", small, "--no-engine").returncode == 0


def test_solve_info_verify_generate_refuse_over_the_limit(tmp_path):
    deck = tmp_path / "g.deck"
    assert refused(cli("generate", "--values", 1000, "--colors", 1000, "--hand", 5, "-o", deck, "--max-memory", "10M"),
                   "1,000,000 cards")
    assert not deck.exists()
    assert cli("generate", "--values", 300, "--colors", 300, "--multiplicity", 2, "--hand", 5,
               "-o", deck).returncode == 0
    for command in ("info", "solve"):
        assert refused(cli(command, deck, "--max-memory", "1M"), "g.deck", "reading this deck")
    assert refused(cli("solve", deck, "--max-memory", "30M"), "SAT encoding")
    assert refused(cli("solve", deck, "--json", "--max-memory", "35M"), "g.deck", "as JSON")
    seq = tmp_path / "s.json"
    seq.write_text('[["play", 1]' + ', ["discard", 2]' * 100000 + "]")
    small = ROOT / "instances" / "tiny-r1.deck"
    assert refused(cli("verify", small, seq, "--max-memory", "1M"), "s.json", "play sequence")
    assert cli("verify", small, seq).returncode == 0
    assert cli("info", deck, "--max-memory", "1X").returncode == 2


def test_a_module_is_cold_until_its_kernels_are_compiled(tmp_path, monkeypatch):
    """Wherever numba keeps its cache: beside the module, or under ``NUMBA_CACHE_DIR``."""
    source = "import numba\n\n@numba.njit(cache=True)\ndef twice(x):\n    return 2 * x\n"
    for name in ("kernels_called", "kernels_not_called"):
        (tmp_path / f"{name}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    import kernels_called

    from numba.core import config

    from solitaire.compiled import cold_modules
    assert cold_modules("kernels_called", "kernels_not_called") == ["kernels_called", "kernels_not_called"]
    assert kernels_called.twice(21) == 42
    assert cold_modules("kernels_called", "kernels_not_called") == ["kernels_not_called"]
    cache = Path(config.CACHE_DIR) if config.CACHE_DIR else tmp_path / "__pycache__"
    assert list(cache.rglob("kernels_called.twice-*.nbi"))


#: The command line, counting the functions numba compiles (not those it loads from its cache) into a last
#: line of standard output.
COUNTING_CLI = """import atexit
from numba.core import event

compiled = []

class Count(event.Listener):
    def on_start(self, ev):
        function = ev.data["dispatcher"].py_func
        compiled.append(function.__module__ + "." + function.__qualname__)

    def on_end(self, ev):
        pass

event.register("numba:compile", Count())
atexit.register(lambda: print("compiled:", " ".join(compiled)))
from cli import main
main()
"""


def on_a_terminal(args, cache):
    """The command line in its own process, standard error on a pseudo-terminal, numba's cache in the folder
    ``cache``: ``(exit code, what it wrote on the terminal, the functions numba compiled)``."""
    terminal, child_end = os.openpty()
    process = subprocess.Popen([sys.executable, "-c", COUNTING_CLI, *args], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=child_end, env={**os.environ, "NUMBA_CACHE_DIR": str(cache)}, text=True)
    os.close(child_end)
    written = b""
    while True:
        try:
            chunk = os.read(terminal, 4096)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        written += chunk
    os.close(terminal)
    out = process.communicate(timeout=600)[0]
    return process.returncode, written.decode(errors="replace"), out.splitlines()[-1].split()[1:]


@pytest.mark.parametrize("args", [["solve", "instances/tiny-r1.deck"],
                                  pytest.param(["bound", "-p", "2", "--seeds", "0:1", "--exact", "-j1", "-q"],
                                               marks=pytest.mark.slow)])
def test_the_first_call_says_it_compiles_and_the_next_compiles_nothing(tmp_path, args):
    """With an empty cache the command compiles, each of the project's kernels for one signature (every caller
    passes the same types), and says so once; a second process loads every kernel it needs from the cache:
    none is compiled again (each is cached, and no global or closure makes its cache miss)."""
    code, written, compiled = on_a_terminal(args, tmp_path)
    assert code == 0 and written.count(COMPILING_NOTE) == 1 and compiled, written
    ours = [name for name in compiled if name.startswith("solitaire.")]
    assert ours and len(ours) == len(set(ours)), sorted(ours)
    code, written, compiled = on_a_terminal(args, tmp_path)
    assert code == 0 and COMPILING_NOTE not in written and compiled == [], (written, compiled)


@pytest.mark.long
def test_a_deal_the_bot_wins_compiles_neither_the_search_nor_the_engine(tmp_path):
    """U3 of a deal the bot wins needs no search and U1 of a deal whose U2 is the maximum no engine: with an empty
    cache neither is compiled (nor said to be, the second time); a deal that needs both then compiles both, and only
    them, saying so once."""
    search_and_engine = {"solitaire.seer.bounds.u3.kernel", "solitaire.seer.bounds.u3.hope", "solitaire.engine"}

    def modules(seeds):  # one deal: one process, whatever -j says
        code, written, compiled = on_a_terminal(["bound", "-p", "2", "--seeds", seeds, "--exact", "-j2", "-q"],
                                                tmp_path)
        assert code == 0 and written.count(COMPILING_NOTE) == (1 if compiled else 0), written
        return {name.rsplit(".", 1)[0] for name in compiled if name.startswith("solitaire.")}

    won = modules("0:1")  # L = U2 = 25
    assert "solitaire.seer.bounds.u3.bot" in won and not won & search_and_engine, won
    assert modules("0:1") == set()
    searched = modules("12:13")  # L = 17 < U2 = 23 < 25
    assert search_and_engine <= searched and "solitaire.seer.bounds.u3.bot" not in searched, searched


def test_bad_input_is_refused_before_anything_compiles(tmp_path):
    """A missing file is refused at once, with the cache empty: nothing compiled, nothing said of compiling."""
    code, written, compiled = on_a_terminal(["bound", "--hanab-live", str(tmp_path / "missing.json"), "--exact"],
                                            tmp_path / "cache")
    assert code == 2 and "missing.json" in written and COMPILING_NOTE not in written and compiled == [], written


def test_off_a_terminal_the_first_call_says_it_compiles_too(tmp_path):
    """The notice goes to standard error whenever the cache is cold, a pipe or a log file as much as a terminal."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    for cold in (True, False):
        done = subprocess.run([sys.executable, "-m", "solitaire", "solve", "instances/tiny-r1.deck"], cwd=ROOT,
                              capture_output=True, text=True, timeout=600, env=env)
        assert done.returncode == 0 and done.stderr.count(COMPILING_NOTE) == int(cold), done.stderr


def test_where_numba_finds_no_folder_for_its_cache_the_temporary_folder_keeps_it(tmp_path):
    """A read-only installation run by an account whose home cannot be written: numba finds no folder (here: it
    looks only where NUMBA_CACHE_DIR says, and that is unset); the command runs, says once in one line where the
    compiled code is kept, and the next run loads it from there, saying nothing."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(NUMBA_CACHE_LOCATOR_CLASSES="UserProvidedCacheLocator", TMPDIR=str(tmp_path))
    folder = tmp_path / f"hanabi-solitaire-numba-{os.getuid()}"
    said = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-m", "solitaire", "solve", "instances/tiny-r1.deck"], cwd=ROOT,
                              capture_output=True, text=True, timeout=600, env=env)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        said.append(done.stderr)
    assert said[0].count(f"hanabi-solitaire: warning: numba can keep its compiled code neither") == 1, said[0]
    assert f"it is kept in {folder} (set NUMBA_CACHE_DIR" in said[0] and COMPILING_NOTE in said[0]
    assert said[1] == "" and list(folder.rglob("*.nbi"))


@pytest.mark.long
def test_after_the_warm_up_no_command_compiles(tmp_path):
    """``warm-up`` on two processes compiles the three parts into an empty cache; then neither ``solve``, ``bound
    --exact`` nor ``analyze`` compiles anything or says so."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "solitaire", "warm-up", "--json", "-j", "2"], cwd=ROOT,
                          capture_output=True, text=True, timeout=900, env=env)
    parts = json.loads(done.stdout)["parts"]
    assert done.returncode == 0 and done.stderr.count(compiling_note(ahead=False)) == 1, done.stderr  # not per worker
    assert [(p["part"], p["compiled"]) for p in parts] == [("search", True), ("solvers", True), ("bounds", True)]
    for args in (["solve", "instances/tiny-r1.deck"], ["bound", "-p", "2", "--seeds", "0:1", "--exact", "-j1", "-q"],
                 ["analyze", "instances/hanab-live-real-game.json", "-q", "-j1"]):
        code, written, compiled = on_a_terminal(args, tmp_path)
        assert code == 0 and COMPILING_NOTE not in written and compiled == [], (args, written, compiled)


@pytest.mark.long
def test_on_two_processes_a_cold_analyze_compiles_its_parts_in_them_and_only_once(tmp_path):
    """``analyze -j 2`` with an empty cache says it compiles and compiles its two parts on two processes: the
    command's own process then only loads them; a second call compiles nothing and says nothing."""
    args = ["analyze", "instances/hanab-live-real-game.json", "-q", "-j", "2"]
    code, written, compiled = on_a_terminal(args, tmp_path)
    assert code == 0 and written.count(COMPILING_NOTE) == 1 and compiled == [], (written, compiled)
    code, written, compiled = on_a_terminal(args, tmp_path)
    assert code == 0 and COMPILING_NOTE not in written and compiled == [], (written, compiled)


def test_the_warm_up_on_a_warm_cache_loads_each_part_and_says_what_uses_it():
    from cli import main

    result = CliRunner().invoke(main, ["warm-up", "--json", "-j", "1"])
    parts = json.loads(result.output)["parts"]
    assert result.exit_code == 0 and [p["part"] for p in parts] == list(PARTS)
    assert not any(p["compiled"] for p in parts) and all("bound" in p["used_by"] or "solve" in p["used_by"]
                                                         for p in parts)
    text = CliRunner().invoke(main, ["warm-up", "-j", "1"]).output.splitlines()
    assert [line.split()[:2] for line in text] == [[part, "loaded"] for part in PARTS]


@given(st.lists(st.sampled_from(["1", "2", "3", "01", "0", "4", "0003", " ", "  ", "\t", "\n", "\r\n", "\x0b", "\x0c",
                                 "\nc note\n", "-1", "+2", "x", "é", "99999999999999999999"]), max_size=40))
def test_the_numpy_reader_reads_what_the_line_reader_reads(pieces):
    text = "c head\n\np hanabi 3 2 1\n" + " ".join(pieces) + "\n"

    def outcome(parse):
        try:
            return parse(text, "t.deck")
        except InputError as err:
            return str(err)

    fast, lines = outcome(parse_deck), outcome(_parse_lines)
    assert fast == lines


def test_sat_on_a_deck_declaring_many_values_it_lacks_answers_at_once(tmp_path):
    from solitaire.satenc import encode, solve_sat

    deck = tmp_path / "wide.deck"
    deck.write_text("p hanabi 100000 1 1\n2 1 1 1\n")  # 100,000 values, two cards
    inst = read_instance(deck)
    result = solve_sat(inst)  # RC2 once spent minutes (and gigabytes) on 99,998 types no card has
    assert (result.winnable, result.score) == (False, 2) and replay(inst, result.sequence.events()) == 2
    assert len(encode(inst, win=False).soft) == 2 and len(encode(inst).clauses) < 10
    huge = tmp_path / "huge.deck"
    huge.write_text("p hanabi 100000000 1 1\n2 1 1 1\n")
    done = cli("solve", "-a", "sat", huge, "--max-memory", "1G", timeout=120)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "100,000,000 card types" in done.stderr and "--max-memory" in done.stderr


def test_sat_score_mode_matches_the_oracle_on_decks_with_missing_types():
    from solitaire.model import Instance
    from solitaire.satenc import solve_sat

    rng = np.random.default_rng(5)
    for _ in range(60):
        n, c = int(rng.integers(1, 5)), int(rng.integers(1, 4))
        cards = [(int(rng.integers(1, n + 1)), int(rng.integers(1, c + 1))) for _ in range(int(rng.integers(0, 9)))]
        inst = Instance.from_cards(n, c, int(rng.integers(0, 3)), cards) if cards else None
        if inst is not None:
            assert solve_sat(inst).score == solve_brute(inst).score, (n, c, inst.h, cards)


@pytest.mark.parametrize("command", [["info"], ["solve"], ["verify", ROOT / "instances" / "tiny-r1.deck"],
                                     ["reduce", "-o", "out.deck"], ["crosscheck"], ["analyze"],
                                     ["bound", "-p", "2", "--seeds", "0:1", "--scores"],
                                     ["bound", "-p", "2", "--seeds", "0:1", "--resume", "--csv"]])
def test_every_whole_file_reader_refuses_an_endless_file(tmp_path, monkeypatch, command):
    from click.testing import CliRunner

    from cli import main
    from helpers import one_line_error
    from solitaire.io import inputfile

    monkeypatch.setattr(inputfile, "TEXT_LIMIT", 1 << 20)  # the same path as at 2 GiB, in a millisecond
    monkeypatch.chdir(tmp_path)
    args = [*command, "/dev/zero"] if command[0] != "reduce" else ["reduce", "/dev/zero", *command[1:]]
    result = CliRunner().invoke(main, [str(a) for a in args])
    if command[0] == "crosscheck":  # a batch of files: the file's refused row, the summary, then one line
        assert result.exit_code == 2 and result.stderr.count("\n") == 1 and "every file given" in result.stderr
        assert result.stdout.startswith("/dev/zero: refused: /dev/zero: expected a file of at most 1 MiB")
    else:
        one_line_error(result, "/dev/zero", "at most 1 MiB", "limits.md")


def test_a_file_over_the_limit_is_refused_by_its_size_unread(tmp_path):
    import time

    from solitaire.io.inputfile import read_text

    path = tmp_path / "big.deck"
    with open(path, "wb") as handle:
        handle.truncate(3 << 30)  # sparse: 3 GiB of size, no disk
    began = time.perf_counter()
    with pytest.raises(InputError, match="at most 2 GiB"):
        read_text(path)
    with pytest.raises(InputError, match="at most 2 GiB"):
        read_instance(path)
    assert time.perf_counter() - began < 1
    path.write_text("\ufeffp hanabi 1 1 1\n1 1\n")
    assert read_text(path).startswith("p hanabi")


def test_the_memory_limit_respects_ulimit_and_the_cgroup(tmp_path, monkeypatch):
    from solitaire.io import budget

    (tmp_path / "memory.max").write_text("1073741824\n")
    assert budget.cgroup_memory(str(tmp_path)) == 1 << 30
    (tmp_path / "memory.max").write_text("max\n")
    assert budget.cgroup_memory(str(tmp_path)) is None
    monkeypatch.setattr(budget, "cgroup_memory", lambda: 3 << 30)
    monkeypatch.setattr(budget, "address_space_left", lambda: 5 << 30)  # its own reading moves with the process
    assert budget.memory_limit() == min(budget.machine_memory(), 3 << 30)
    script = ("import resource; resource.setrlimit(resource.RLIMIT_AS, (6 << 30, 6 << 30)); "
              "from solitaire.io import budget; print(budget.memory_limit(), budget.address_space_left())")
    found = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    limit, left = map(int, found.stdout.split())
    assert limit <= left < 6 << 30 and left > 4 << 30, found.stdout
