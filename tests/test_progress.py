"""The progress bar on a terminal: it counts what it says, and the rows print above it, never on its line."""

import io
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

from solitaire.io.progress import Progress

EXE = str(Path(sys.executable).with_name("hanabi-solitaire"))
BAR = re.compile(r"\x1b\[\?25l(deals|games)  \[[#-]*\] +[0-9]+%")


def on_a_terminal(*args):
    """What the command writes to a terminal that is both its standard output and its standard error."""
    main, secondary = pty.openpty()
    process = subprocess.Popen([EXE, *args], stdout=secondary, stderr=secondary, stdin=subprocess.DEVNULL)
    os.close(secondary)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the command has ended and closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=120)
    os.close(main)
    return b"".join(chunks).decode()


def test_rows_print_above_the_bar_which_counts_deals():
    text = on_a_terminal("bound", "-p", "2", "--seeds", "0:6", "--no-figures", "-j", "1")
    assert BAR.search(text) and "games  [" not in text
    rows = [line.rsplit("\x1b[K", 1)[-1] for line in text.replace("\r\n", "\n").split("\n") if "P2-seed-" in line]
    assert [row.split(":")[0] for row in rows] == [f"P2-seed-{i}" for i in range(6)]  # each row starts its own line


def test_analyze_counts_games():
    text = on_a_terminal("analyze", "--hanab-live-seeds", "p2v0s1..3", "-j", "1", "--timeout", "1")
    assert "games  [" in text and "deals  [" not in text


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_estimate_leaves_out_a_compile_while_the_bar_is_drawn(monkeypatch):
    """A kernel compiled while the bar is drawn (the U3 search at the first deal that needs it) moves the bar's clock
    on by the compile's seconds, so that the estimate counts the deals alone; closing the bar stops listening."""
    import numba

    monkeypatch.setattr(sys, "stderr", Terminal())
    progress = Progress(range(3), 3, "deals")
    items = iter(progress)
    next(items)  # the bar is drawn with the first item
    start = progress.bar.start

    @numba.njit  # not cached: compiled here
    def successor(x):
        return x + 1

    assert successor(1) == 2
    assert progress.bar.start > start
    moved = progress.bar.start
    assert successor(2) == 3 and progress.bar.start == moved  # a compiled kernel's later calls compile nothing
    assert list(items) == [1, 2] and progress.bar is None and progress.compiles is None
