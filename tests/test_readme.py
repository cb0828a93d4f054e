"""Every command of the README runs as printed and prints what the README shows.

The README marks what is checked:

- A ```` ```console ```` block holds commands, each on a line that starts with ``$ ``, and after
  each command the lines it prints (standard output and standard error). The block's commands
  run in order in one empty folder where ``instances/`` is the repository's, with this
  environment's ``hanabi-solitaire`` first on the ``PATH``.
- Timings are not compared: a number followed by ``s`` or ``ms`` (``0.35 s``, ``0.349s``) and
  the cells of a markdown table column whose header ends in `` s`` or `` ms`` are masked.
- A line ``...`` stands for any number of lines.
- A block right after the line ``<!-- readme-test: slow -->`` takes more than a few seconds:
  it runs with the slow tests (``-m slow``).

Every ``hanabi-solitaire`` command anywhere in the README (in any code block or inline code)
must name an existing subcommand and use only its options.
"""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from cli import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SLOW_MARK = "<!-- readme-test: slow -->"
ELLIPSIS = "..."
_TIMING = re.compile(r"\b\d+(?:\.\d+)?(?:e-?\d+)?\s?m?s\b")


def _fenced_blocks(text: str):
    """(language, lines, slow) of every fenced code block of ``text``, in order."""
    lines = text.splitlines()
    blocks, k = [], 0
    while k < len(lines):
        if lines[k].startswith("```"):
            language = lines[k][3:].strip()
            slow = k > 0 and lines[k - 1].strip() == SLOW_MARK
            end = next(j for j in range(k + 1, len(lines)) if lines[j].startswith("```"))
            blocks.append((language, lines[k + 1:end], slow, k + 1))
            k = end
        k += 1
    return blocks


def _sessions(text: str):
    """The console blocks as (first line number, [(command, expected lines)], slow)."""
    sessions = []
    for language, lines, slow, line_number in _fenced_blocks(text):
        if language != "console":
            continue
        steps = []
        for line in lines:
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                assert steps, f"README line {line_number}: output before the first command"
                steps[-1][1].append(line)
        sessions.append((line_number, steps, slow))
    return sessions


def _mask_tables(lines: list[str]) -> list[str]:
    """Mask the cells of markdown table columns whose header names a time unit."""
    masked, timed = [], set()
    for line in lines:
        if line.startswith("|") and line.endswith("|"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if not all(set(cell) <= set("-: ") for cell in cells):
                if not timed and any(cell.endswith((" s", " ms")) for cell in cells):
                    timed = {k for k, cell in enumerate(cells) if cell.endswith((" s", " ms"))}
                else:
                    cells = ["<t>" if k in timed else cell for k, cell in enumerate(cells)]
            line = "| " + " | ".join(cells) + " |"
        else:
            timed = set()
        masked.append(line)
    return masked


def _normalise(lines: list[str]) -> list[str]:
    lines = [_TIMING.sub("<t>", line.rstrip()) for line in lines]
    return _mask_tables(lines)


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with each ``...`` line standing for any lines."""
    if ELLIPSIS not in expected:
        return expected == actual
    first = expected.index(ELLIPSIS)
    head, rest = expected[:first], expected[first + 1:]
    if actual[:len(head)] != head:
        return False
    return any(_matches(rest, actual[start:]) for start in range(len(head), len(actual) + 1))


def _run(command: str, folder: Path) -> list[str]:
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    done = subprocess.run(["bash", "-c", command], cwd=folder, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=600)
    return done.stdout.splitlines()


def _session_params():
    return [pytest.param(steps, id=f"line{line}", marks=[pytest.mark.slow] if slow else [])
            for line, steps, slow in _sessions(README.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("steps", _session_params())
def test_readme_console_block_prints_what_it_shows(steps, tmp_path):
    (tmp_path / "instances").symlink_to(ROOT / "instances", target_is_directory=True)
    for command, expected in steps:
        actual = _run(command, tmp_path)
        assert _matches(_normalise(expected), _normalise(actual)), (
            f"$ {command}\n--- README shows:\n" + "\n".join(expected) + "\n--- it prints:\n" + "\n".join(actual))


def _commands(text: str):
    """Every ``hanabi-solitaire ...`` command of the README, as argument lists."""
    candidates = re.findall(r"`(hanabi-solitaire [^`]+)`", text)
    for _, lines, _, _ in _fenced_blocks(text):
        candidates += [line.removeprefix("$ ") for line in lines if "hanabi-solitaire " in line]
    for candidate in candidates:
        for part in re.split(r"&&|;|\|", candidate):
            words = shlex.split(part.split(" #")[0])
            if words[:1] == ["hanabi-solitaire"]:
                yield words[1:]


def _options(command) -> set[str]:
    return {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)} | {"-h", "--help"}


def test_readme_commands_name_existing_subcommands_and_options():
    commands = list(_commands(README.read_text(encoding="utf-8")))
    assert commands, "the README shows no hanabi-solitaire command"
    for words in commands:
        assert words and words[0] in main.commands, f"no subcommand {words[:1]} (hanabi-solitaire {' '.join(words)})"
        known = _options(main.commands[words[0]])
        for word in words[1:]:
            if word.startswith(">") or word.startswith("2>"):
                break
            if word.startswith("-") and not re.fullmatch(r"-\d[\d.:]*", word):
                assert word.split("=")[0] in known, f"no option {word} of {words[0]} (hanabi-solitaire {' '.join(words)})"


def test_readme_test_command_is_the_ci_command():
    ci_command = next(line for line in (ROOT / ".ci" / "run").read_text().splitlines()
                      if line.startswith("pip install"))
    assert ci_command in README.read_text(encoding="utf-8").splitlines()
