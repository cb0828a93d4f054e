"""Ctrl-C through the installed command, in a subprocess, as a terminal sends it (SIGINT to every
process of the command): `bound --seeds` on one and on two processes and `table` on one and on two
end within 2 s of it, with at most one line on standard error (no traceback, no worker's error)
and exit code 1 (0 if they had finished), whenever it comes: while the modules load, while
numba-compiled code runs (the U2 search, the U3 search), between rows, as the command ends (then
it has finished: exit code 0). The row file then holds
only complete rows, and a resumed run gives the rows of one uninterrupted run.

The first moments are from 0.1 s: before that the interpreter itself starts (about 20 ms, more on a busy
machine), before any code of the toolkit can handle a signal. Slow (about 40 s): ``pytest -m slow``.
"""

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solitaire.io.atomic import kept_old_message, record_temporary, settle_temporaries
from solitaire.seer.runs.rowfile import latest_by_id, read_rows

EXE = str(Path(sys.executable).with_name("hanabi-solitaire"))
#: name: (command with ``{out}`` the row file, the option that resumes it, the keys every row has).
COMMANDS = {
    "bound -j 1": (["bound", "-p", "2", "--seeds", "0:500", "-j", "1", "-q", "--jsonl", "{out}"], ["--resume"],
                   ("id", "L", "U1", "U2")),
    "bound -j 2": (["bound", "-p", "2", "--seeds", "0:500", "-j", "2", "-q", "--jsonl", "{out}"], ["--resume"],
                   ("id", "L", "U1", "U2")),
    "table -j 1": (["table", "-p", "2", "--deals", "500", "-j", "1", "--json", "--out", "{out}"], [],
                   ("id", "U3", "exact", "seconds")),
    "table -j 2": (["table", "-p", "2", "--deals", "500", "-j", "2", "--json", "--out", "{out}"], [],
                   ("id", "U3", "exact", "seconds")),
}
TIMING = ("seconds",)  # the only values that differ between two runs of a deal


def start(command, out):
    return subprocess.Popen([EXE] + [a.format(out=out) for a in command], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)


def run(command, out):
    done = start(command, out)
    _, err = done.communicate(timeout=120)
    assert done.returncode == 0, err.decode()


def rows_of(path, keys):
    """The rows of a row file, checked: every line complete and a row."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    assert text == "" or text.endswith("\n"), text[-200:]
    rows = read_rows(path, required=keys)
    assert len(rows) == text.count("\n")
    return [{k: v for k, v in r.items() if k not in TIMING} for r in rows]


def interrupt(command, out, at):
    """Start ``command``, send SIGINT to its processes after ``at`` seconds; its exit code, how
    long it took to end, and its standard error."""
    process = start(command, out)
    time.sleep(at)
    sent = time.monotonic()
    try:
        os.killpg(process.pid, signal.SIGINT)
    except ProcessLookupError:  # already gone
        pass
    try:
        process.wait(timeout=2)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return None, None, process.stderr.read().decode()
    took = time.monotonic() - sent
    return process.returncode, took, process.stderr.read().decode()


@pytest.mark.slow
@pytest.mark.parametrize("name", COMMANDS)
def test_ctrl_c_ends_the_command_at_once_keeping_every_finished_row(tmp_path, name):
    command, resume, keys = COMMANDS[name]
    reference = tmp_path / "reference.jsonl"
    began = time.monotonic()
    run(command, reference)
    whole = time.monotonic() - began
    expected = {r["id"]: r for r in rows_of(reference, keys)}
    rng = random.Random()
    moments = [rng.uniform(0.1, 0.3), rng.uniform(0.3, 0.6 * whole), rng.uniform(0.6 * whole, 1.05 * whole)]
    for at in moments:
        out = tmp_path / f"rows-{at:.3f}.jsonl"
        code, took, err = interrupt(command, out, at)
        said = f"{name}, SIGINT at {at:.3f} s (a whole run {whole:.2f} s): exit {code}, stderr {err!r}"
        assert code in (0, 1) and took is not None and took < 2, said
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) <= 1 and not any("Traceback" in line or "Error" in line for line in lines), said
        kept = rows_of(out, keys)
        assert all(row == expected[row["id"]] for row in kept), said
        run(command + resume, out)
        assert {r["id"]: r for r in latest_by_id(rows_of(out, keys))} == expected, said


@pytest.mark.slow
def test_killing_the_command_ends_its_workers_quietly(tmp_path):
    command = COMMANDS["bound -j 2"][0]
    process = start(command, tmp_path / "rows.jsonl")
    time.sleep(1.5)
    process.kill()  # the main process only: its workers are left to end by themselves
    began = time.monotonic()
    err = process.stderr.read().decode()  # until every worker holding the pipe has ended
    process.wait()
    assert time.monotonic() - began < 2 and "Traceback" not in err and "Error" not in err, err


CALLBACK = """
import ctypes, os, signal, sys, time
from solitaire.io import command
signal.signal(signal.SIGINT, command.interrupt)  # as the command line installs them once loaded
sys.unraisablehook = command.unraisable

def body():
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.01)

try:
    ctypes.CFUNCTYPE(None)(body)()  # Ctrl-C during a callback from C (llvmlite's, as numba compiles)
    time.sleep(2)
    print("not stopped")
except KeyboardInterrupt:
    print("stopped")
"""


def test_ctrl_c_during_a_callback_from_c_still_stops_the_command():
    done = subprocess.run([sys.executable, "-c", CALLBACK], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.stdout == "stopped\n" and done.stderr == "", (done.stdout, done.stderr)


SWALLOWED = """
import os, signal, sys, time
import click
from solitaire.io.command import CommandGroup

@click.group(cls=CommandGroup, takes_signals=True)
def main():
    pass

@main.command()
def load():
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)
    except KeyboardInterrupt:
        pass
    # as numba's C extension does when the signal comes during its import: an error of its own, no cause
    raise ImportError("numba._devicearray failed to import")

main(["load"])
"""


def test_an_error_a_c_extension_raises_for_a_ctrl_c_is_the_stop():
    done = subprocess.run([sys.executable, "-c", SWALLOWED], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parent.parent)
    assert (done.returncode, done.stdout, done.stderr.strip()) == (1, "", "Aborted!"), done.stderr


WATCH = """
import os, signal, sys, threading, time
from solitaire.io.interrupt import watch_interrupts

handled = threading.Event()
answer = {answer}
signal.signal(signal.SIGINT, lambda signum, frame: handled.set() if answer else None)
watch_interrupts(handled, 0.3, lambda signum: os._exit(7))
os.kill(os.getpid(), signal.SIGINT)
time.sleep(1.5)
print("went on")
"""


@pytest.mark.parametrize("answer", [True, False])
def test_the_watch_stops_the_process_only_when_no_handler_takes_the_ctrl_c(answer):
    done = subprocess.run([sys.executable, "-c", WATCH.format(answer=answer)], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parent.parent)
    assert (done.returncode, done.stdout) == ((0, "went on\n") if answer else (7, "")), done.stderr


@pytest.mark.slow
def test_ctrl_c_inside_one_long_compiled_call_ends_the_command_at_once(tmp_path):
    deck = tmp_path / "e.deck"  # the engine searches it in calls of 3, 3, 9, 20 s, ... (one core, warm cache)
    subprocess.run([EXE, "generate", "--values", "8", "--colors", "8", "--multiplicity", "2", "--hand", "8",
                    "--seed", "1", "-o", str(deck)], check=True)
    process = subprocess.Popen([EXE, "solve", "-a", "engine", str(deck)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True)
    time.sleep(20)  # inside the fourth call, on a cold cache too
    assert process.poll() is None
    sent = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    process.wait(timeout=30)
    took, err = time.monotonic() - sent, process.stderr.read().decode()
    assert process.returncode == 1 and took < 2 and err.strip() in ("Aborted!", "hanabi-solitaire: stopped"), \
        (took, err)


SEARCH = """
import os, signal, threading
from solitaire.io.interrupt import watch_interrupts
from solitaire.seer.game.deals import seeded_deal
from solitaire.seer.bounds.u3 import exact, warm_up

handled = threading.Event()

def handler(signum, frame):
    handled.set()
    raise KeyboardInterrupt

signal.signal(signal.SIGINT, handler)
watch_interrupts(handled, 600, lambda signum: os._exit(7))
warm_up()
threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
try:
    exact(seeded_deal(5, 282322))  # no timeout: hours of search
    print("finished")
except KeyboardInterrupt:
    print("stopped")
"""


def test_ctrl_c_inside_the_u3_search_reaches_the_handler_as_the_search_returns():
    """The watch sets the stop request, the search (holding no GIL) returns, and the handler raises in
    the main thread: no stop by the watch (its grace is 10 minutes), no search of hours."""
    done = subprocess.run([sys.executable, "-c", SEARCH], capture_output=True, text=True, timeout=300,
                          cwd=Path(__file__).resolve().parent.parent)
    assert (done.returncode, done.stdout, done.stderr) == (0, "stopped\n", "")


# SIGTERM and SIGHUP: taken as Ctrl-C.

STOPS = """
import os, signal, sys, time
from solitaire.io import command
from solitaire.io.interrupt import STOP_SIGNALS, stop_signal
from solitaire.seer.runs.rowfile import RowWriter

for signum in STOP_SIGNALS:  # as the command line installs them once loaded
    signal.signal(signum, command.interrupt)
writer = RowWriter(sys.argv[1])  # the file exists: rows go to a temporary file
writer.write({{"id": "P2-seed-0", "players": 2}})
try:
    os.kill(os.getpid(), signal.{first})
    time.sleep(2)
except KeyboardInterrupt as err:
    os.kill(os.getpid(), signal.{first})  # the same again at once (as timeout sends it): the same stop
    time.sleep(0.05)
    print(signal.Signals(stop_signal(err)).name, flush=True)
    os.kill(os.getpid(), signal.SIGHUP)  # a second stop while the first is handled: at once, the rows kept
    time.sleep(2)
print("went on")
"""


@pytest.mark.parametrize("first", ["SIGTERM", "SIGINT"])
def test_a_stop_signal_is_an_interrupt_and_a_second_one_stops_at_once_keeping_the_rows(tmp_path, first):
    out = tmp_path / "rows.jsonl"
    out.write_text('{"id": "P2-seed-9", "players": 2}\n')
    done = subprocess.run([sys.executable, "-c", STOPS.format(first=first), str(out)], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parent.parent)
    kept = f"hanabi-solitaire: warning: {kept_old_message(f'{out}.old')}\n"  # the file it replaces, kept
    assert (done.returncode, done.stdout, done.stderr) == (1, f"{first}\n", kept + "hanabi-solitaire: stopped by SIGHUP\n")
    assert out.read_text() == '{"id": "P2-seed-0", "players": 2}\n'
    assert sorted(os.listdir(tmp_path)) == ["rows.jsonl", "rows.jsonl.old"]
    assert (tmp_path / "rows.jsonl.old").read_text() == '{"id": "P2-seed-9", "players": 2}\n'


def test_sigterm_ends_bound_with_one_line_keeping_its_rows_where_resume_finds_them(tmp_path):
    out, earlier = tmp_path / "rows.jsonl", '{"id": "P2-seed-0", "players": 2, "L": 25, "U1": 25, "U2": 25}\n'
    out.write_text(earlier)
    process = subprocess.Popen([EXE, "bound", "-p", "2", "--seeds", "0:100000", "-j", "2", "-q", "--jsonl", str(out)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    began = time.monotonic()
    while not any(len(p.read_text().splitlines()) >= 20 for p in tmp_path.glob("*.part")):
        assert time.monotonic() - began < 60 and process.poll() is None
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGTERM)  # as timeout sends it: to the command, then to its process group
    os.killpg(process.pid, signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    kept = f"hanabi-solitaire: warning: {kept_old_message(f'{out}.old')}\n"
    assert (process.returncode, err.decode()) == (1, kept + "hanabi-solitaire: stopped by SIGTERM\n")
    assert sorted(os.listdir(tmp_path)) == ["rows.jsonl", "rows.jsonl.old"]
    assert (tmp_path / "rows.jsonl.old").read_text() == earlier
    ids = [r["id"] for r in rows_of(out, ("id", "L", "U1", "U2"))]  # the rows finished behind an unfinished one too
    assert ids[:20] == [f"P2-seed-{i}" for i in range(20)] and len(set(ids)) == len(ids)
    assert all(0 <= int(ident.removeprefix("P2-seed-")) < 100000 for ident in ids)


def test_the_rows_of_a_replacing_run_killed_outright_are_kept_by_the_next_run_on_the_file(tmp_path):
    out, earlier = tmp_path / "rows.jsonl", '{"id": "P2-seed-0", "players": 2, "L": 25, "U1": 25, "U2": 25}\n'
    out.write_text(earlier)
    process = subprocess.Popen([EXE, "bound", "-p", "2", "--seeds", "0:100000", "-j", "1", "-q", "--jsonl", str(out)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    partial, began = tmp_path / "rows.jsonl.part", time.monotonic()
    while not (partial.exists() and len(partial.read_text().splitlines()) >= 20):
        assert time.monotonic() - began < 60 and process.poll() is None
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    kept = [json.loads(line)["id"] for line in partial.read_text().splitlines()[:20]]
    after = subprocess.run([EXE, "bound", "-p", "2", "--seeds", "0:25", "-q", "--resume", "--jsonl", str(out)],
                           check=True, capture_output=True, text=True, timeout=300)
    assert after.stderr == f"hanabi-solitaire: warning: {kept_old_message(f'{out}.old')}\n"
    assert sorted(os.listdir(tmp_path)) == ["rows.jsonl", "rows.jsonl.old"]
    assert (tmp_path / "rows.jsonl.old").read_text() == earlier
    assert [r["id"] for r in rows_of(out, ("id", "L"))][:20] == kept == [f"P2-seed-{i}" for i in range(20)]


def test_a_stop_that_cannot_unwind_renames_the_rows_to_keep_and_removes_other_temporary_files(tmp_path):
    rows, deck = tmp_path / ".tmp-1rows.jsonl", tmp_path / ".tmp-2a.deck"
    rows.write_text('{"id": "P2-seed-0", "players": 2}\n')
    deck.write_text("p hanabi")
    record_temporary(str(rows), str(tmp_path / "rows.jsonl"))
    record_temporary(str(deck), None)
    assert settle_temporaries() == []  # no file was replaced
    assert os.listdir(tmp_path) == ["rows.jsonl"] and read_rows(tmp_path / "rows.jsonl")[0]["id"] == "P2-seed-0"
    rows.write_text('{"id": "P2-seed-1", "players": 2}\n')  # over a file: that one is kept as .old
    record_temporary(str(rows), str(tmp_path / "rows.jsonl"))
    assert settle_temporaries() == [str(tmp_path / "rows.jsonl.old")]
    assert read_rows(tmp_path / "rows.jsonl")[0]["id"] == "P2-seed-1"
    assert read_rows(tmp_path / "rows.jsonl.old")[0]["id"] == "P2-seed-0"


ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "data" / "realgames" / "hanablive_games.jsonl"
#: name: (command with ``{out}`` the row file and ``{games}`` the games, the option that resumes it, the keys
#: every row but a refused game's has). Without ``-q``: ``bound`` and ``analyze`` print a line per row.
ROW_COMMANDS = {
    "bound": (["bound", "-p", "2", "--seeds", "0:400", "-j", "2", "--jsonl", "{out}"], ["--resume"],
              ("id", "L", "U1", "U2")),
    "table": (["table", "-p", "2", "--deals", "300", "-j", "2", "--out", "{out}"], [], ("id", "U3", "exact")),
    "analyze": (["analyze", "{games}", "-j", "2", "--jsonl", "{out}"], ["--resume"], ("id", "score", "turns")),
}
#: name: (command run in the folder it writes, the files it writes there).
FILE_COMMANDS = {
    "generate -o": (["generate", "--values", "20000", "--colors", "100", "--multiplicity", "2", "--hand", "2",
                     "-o", "big.deck"], ["big.deck"]),
    "generate --count": (["generate", "--values", "2000", "--colors", "100", "--multiplicity", "2", "--hand", "2",
                          "--count", "12", "--out", "."], [f"rand-n2000-c100-r2-h2-s{s}.deck" for s in range(12)]),
    "reduce": (["reduce", "f.cnf", "-o", "f.deck", "--map", "f.map.json"], ["f.deck", "f.map.json"]),
}
STOPPED = "hanabi-solitaire: stopped by SIGTERM"


def terminate(argv, at, how, stdout, cwd=None):
    """Start ``argv`` in ``cwd`` (standard output to the file ``stdout``), send it SIGTERM after ``at``
    seconds ``how``: to the command (as ``kill``), to its process group (as a job scheduler) or both
    (as ``timeout``); its exit code, the seconds from the signal to its end, and its standard error."""
    with open(stdout, "wb") as out:
        process = subprocess.Popen([EXE, *argv], stdout=out, stderr=subprocess.PIPE, start_new_session=True, cwd=cwd)
        time.sleep(at)
        sent = time.monotonic()
        try:
            if how != "group":
                os.kill(process.pid, signal.SIGTERM)
            if how != "command":
                os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:  # it has ended
            pass
        try:
            _, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            return None, None, ""
        return process.returncode, time.monotonic() - sent, err.decode()


def stopped_as_promised(code, took, err, said, replaced=None):
    """Exit code 1 and one line, within 10 s of the signal (0 and nothing if it had finished); a run that was
    replacing the file ``replaced`` may say first that it kept that file as ``.old``."""
    assert code in (0, 1) and took is not None and took < 10, said
    kept = f"hanabi-solitaire: warning: {kept_old_message(f'{replaced}.old')}\n" if replaced else None
    assert err in ((f"{STOPPED}\n", kept + f"{STOPPED}\n" if kept else None) if code == 1 else ("",)), said


def no_temporary_file(folder, said):
    assert not [name for name in os.listdir(folder) if name.startswith(".tmp-") or name.endswith(".lock")], said


def key(row):
    return row.get("id"), row.get("source")


def rows_in(path, keys):
    """The rows of a row file by :func:`key`: every line complete, a row, and no key twice but a
    refused game's (whose row every run writes again)."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert all(line.endswith("\n") for line in lines)
    read_rows(path, required=keys)  # checked
    rows = [json.loads(line) for line in lines]
    found = {key(r): {k: v for k, v in r.items() if k not in TIMING} for r in rows}
    assert len({key(r) for r in rows if "refused" not in r}) == sum("refused" not in r for r in rows)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("name", ROW_COMMANDS)
def test_sigterm_at_any_moment_keeps_every_row(tmp_path, name):
    """Each of three runs stopped by SIGTERM at a random moment (seeded): on a new file, on a file
    whose rows it replaces (or, for ``table``, adds to) and resuming a file; every row the file held
    before (unless replaced: then the file is the old one, or the new rows) and every row printed is
    in it afterwards, as an uninterrupted run gives it, once; the exit latencies are printed
    (``pytest -m slow -s``). ``analyze`` reads the first 60 games of ``hanablive_games.jsonl``."""
    command, resume, keys = ROW_COMMANDS[name]
    games = tmp_path / "games.jsonl"
    games.write_text("".join(GAMES.read_text(encoding="utf-8").splitlines(keepends=True)[:60]), encoding="utf-8")
    reference = tmp_path / "reference.jsonl"
    began = time.monotonic()
    run([a.format(out="{out}", games=games) for a in command], reference)
    whole = time.monotonic() - began
    expected = rows_in(reference, keys)
    earlier = reference.read_text(encoding="utf-8").splitlines(keepends=True)[: len(expected) // 3]
    rng = random.Random(f"sigterm {name}")
    for case in ("new", "replace", "resume"):
        folder = tmp_path / case
        folder.mkdir()
        out = folder / "rows.jsonl"
        if case != "new":
            out.write_text("".join(earlier), encoding="utf-8")
        argv = [a.format(out=out, games=games) for a in command] + (resume if case == "resume" else [])
        at, how = rng.uniform(0.2, 1.05 * whole), rng.choice(["command", "group", "timeout"])
        code, took, err = terminate(argv, at, how, tmp_path / "stdout")
        said = f"{name}, {case}, SIGTERM {how} at {at:.2f} s (a whole run {whole:.2f} s): exit {code}, {err!r}"
        print(f"{said}; ended {took:.3f} s after the signal")
        stopped_as_promised(code, took, err, said, out if case == "replace" and resume else None)
        no_temporary_file(folder, said)
        kept = rows_in(out, keys)
        assert all(row == expected[k] for k, row in kept.items()), said
        printed = {m.group(1) for m in re.finditer(r"^(P\d-[^\s:]+)", (tmp_path / "stdout").read_text(), re.M)}
        assert printed <= {k[0] for k in kept}, said
        if case == "resume" or case == "replace" and not resume:  # the rows are added to the file
            assert {key(json.loads(line)) for line in earlier} <= kept.keys(), said
        elif case == "replace" and code == 1 and out.with_suffix(".jsonl.old").exists():  # the file replaced, kept
            assert out.with_suffix(".jsonl.old").read_text(encoding="utf-8") == "".join(earlier), said
    run(argv, out)  # the resumed run ends with the rows of one uninterrupted run
    assert rows_in(out, keys) == expected


def whole_output(path, reference):
    """``earlier`` when ``path`` holds what it held before the run, ``new`` when what ``reference``
    holds (the output of a whole run), else ``damaged``."""
    data = path.read_bytes()
    return "earlier" if data == b"earlier\n" else "new" if data == reference.read_bytes() else "damaged"


@pytest.mark.slow
@pytest.mark.parametrize("name", FILE_COMMANDS)
def test_sigterm_at_any_moment_leaves_each_output_whole_and_no_temporary_file(tmp_path, name):
    """Three runs stopped by SIGTERM at random moments (seeded), over outputs of an earlier run:
    each output is the earlier one or the one an uninterrupted run writes (``reduce``: both files
    the one or the other), and no temporary file is left."""
    command, names = FILE_COMMANDS[name]
    reference = tmp_path / "reference"
    reference.mkdir()
    rng = random.Random(f"sigterm {name}")
    formula = "p cnf 140 560\n" + "".join(" ".join(str(rng.choice([-1, 1]) * rng.randint(1, 140)) for _ in range(3))
                                          + " 0\n" for _ in range(560))
    (reference / "f.cnf").write_text(formula)
    began = time.monotonic()
    subprocess.run([EXE, *command], cwd=reference, check=True, capture_output=True, timeout=120)
    whole = time.monotonic() - began
    for at in (rng.uniform(0.2, 0.5 * whole), rng.uniform(0.5 * whole, 1.05 * whole), rng.uniform(0.2, whole)):
        folder = tmp_path / f"at-{at:.3f}"
        folder.mkdir()
        (folder / "f.cnf").write_text(formula)
        for file in names:
            (folder / file).write_text("earlier\n")
        how = rng.choice(["command", "group", "timeout"])
        code, took, err = terminate(command, at, how, tmp_path / "stdout", cwd=folder)
        said = f"{name}, SIGTERM {how} at {at:.2f} s (a whole run {whole:.2f} s): exit {code}, {err!r}"
        print(f"{said}; ended {took:.3f} s after the signal")
        stopped_as_promised(code, took, err, said)
        no_temporary_file(folder, said)
        states = {whole_output(folder / f, reference / f) for f in names}
        assert "damaged" not in states, said
        if name == "reduce":
            assert len(states) == 1, said  # both files or neither
