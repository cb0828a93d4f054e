"""The HTML report in a real browser: headless Chromium loads it without a console message and draws it."""

import shutil
import struct
import subprocess

import pytest

from solitaire.seer.runs.analysis import summarize_analyses
from solitaire.seer.runs.report import write_report
from test_report import LINES, analysed_row

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (Debian's chromium package)")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """The report of the shipped games of :data:`test_report.LINES`, and its rows."""
    rows = [analysed_row(number) for number in LINES]
    path = tmp_path_factory.mktemp("report") / "report.html"
    write_report(path, rows, summarize_analyses(rows))
    return path, rows


def chromium(tmp_path, *arguments):
    """Run headless Chromium on a fresh profile; its standard output and error."""
    command = [CHROMIUM, "--headless", "--disable-gpu", "--no-sandbox", f"--user-data-dir={tmp_path / 'profile'}",
               "--enable-logging=stderr", "--v=0", *arguments]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr


def test_the_page_loads_without_console_messages(report, tmp_path):
    path, rows = report
    dom, log = chromium(tmp_path, "--dump-dom", path.as_uri())
    assert not [line for line in log.splitlines() if ":CONSOLE" in line]
    assert dom.count("<svg") == len(rows) + 3  # a chart per game, three in the summary
    for number, row in enumerate(rows, start=1):
        assert row["id"] in dom
        assert all(f'id="game-{number}-drop-{i}"' in dom for i in range(1, len(row["drops"]) + 1))


def test_the_page_is_drawn(report, tmp_path):
    path, _ = report
    shot = tmp_path / "report.png"
    chromium(tmp_path, "--hide-scrollbars", "--window-size=1200,1600", f"--screenshot={shot}", path.as_uri())
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (1200, 1600)
    assert len(data) > 50_000  # a page of headings alone compresses to about 10 kilobytes
