"""docs/agent-evaluation.md runs as written: its Python prints what the page says, writes the scores and the
plot, and ``bound --scores`` on those scores prints the lines the page shows (needs OpenSpiel and matplotlib,
the extras ``openspiel`` and ``plot``); its HLE block likewise with the extra ``hle``."""

import contextlib
import io
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main

PAGE = Path(__file__).resolve().parent.parent / "docs" / "agent-evaluation.md"


def blocks(text, language):
    """The fenced blocks of ``language`` ('' for a bare fence) in ``text``, in order."""
    found, current = [], None
    for line in text.splitlines(keepends=True):
        if line.startswith("```") and current is None:
            current, kind = [], line[3:].strip()
        elif line.startswith("```"):
            if kind == language:
                found.append("".join(current))
            current = None
        elif current is not None:
            current.append(line)
    return found


def run_block(number, tmp_path, monkeypatch):
    """Run the page's Python block ``number`` in ``tmp_path``; what it printed, and what the page says it prints."""
    text = PAGE.read_text()
    code, printed = blocks(text, "python")[number], blocks(text, "")[number]
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(PAGE), "exec"), {"__name__": "agent_evaluation"})
    return out.getvalue(), printed


def test_the_agent_evaluation_page_runs_as_written(tmp_path, monkeypatch):
    pytest.importorskip("pyspiel")
    pytest.importorskip("matplotlib")
    out, printed = run_block(0, tmp_path, monkeypatch)
    assert out == printed
    assert (tmp_path / "score-against-U3.png").stat().st_size > 0
    (console,) = blocks(PAGE.read_text(), "console")
    command, *shown = [line for line in console.splitlines() if line != "..."]
    result = CliRunner().invoke(main, command.removeprefix("$ hanabi-solitaire ").split())
    assert result.exit_code == 0, result.output
    assert all(line in result.output.splitlines() for line in shown), result.output
    assert os.path.exists("scores.csv")


def test_hles_simple_agent_on_hles_deals_as_the_page_says(tmp_path, monkeypatch):
    pytest.importorskip("hanabi_learning_environment")
    out, printed = run_block(1, tmp_path, monkeypatch)
    assert out == printed
