"""Ctrl-C through the installed command, in a subprocess, as a terminal sends it (SIGINT to every
process of the command): `bound --seeds` on one and on two processes and `table` on one and on two
end within 2 s of it, with at most one line on standard error (no traceback, no worker's error)
and exit code 1 (0 if they had finished), whenever it comes: while the modules load, while
numba-compiled code runs (the U2 search, the U3 search), between rows, as the command ends (then
it has finished: exit code 0). The row file then holds
only complete rows, and a resumed run gives the rows of one uninterrupted run.

The first moments are from 0.05 s: before that the interpreter itself starts (about 20 ms), before
any code of the toolkit can handle a signal. Slow (about 40 s): ``pytest -m slow``.
"""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solitaire.seer.rowfile import latest_by_id, read_rows

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
    moments = [rng.uniform(0.05, 0.3), rng.uniform(0.3, 0.6 * whole), rng.uniform(0.6 * whole, 1.05 * whole)]
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
import cli
signal.signal(signal.SIGINT, cli._interrupt)  # as the command line installs them once loaded
sys.unraisablehook = cli._unraisable

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


WATCH = """
import os, signal, sys, threading, time
from solitaire.io.interrupt import watch_interrupts

handled = threading.Event()
answer = {answer}
signal.signal(signal.SIGINT, lambda signum, frame: handled.set() if answer else None)
watch_interrupts(handled, 0.3, lambda: os._exit(7))
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
