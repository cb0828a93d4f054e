"""Error positions count the lines an editor counts: a form feed, U+2028 (line separator) or NEL
(U+0085) inside a line of a .deck, .cnf or deal text file is whitespace, not a line end; the
lines end at \\n, \\r\\n or \\r."""

import pytest
from click.testing import CliRunner

from cli import main
from helpers import one_line_error

SEPARATORS = {"form-feed": "\x0c", "U+2028": "\u2028", "NEL": "\x85"}
ENDINGS = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}
#: Per file kind: its lines (``{s}`` a separator), the command that reads it, and the bad
#: token's line and column.
FILES = {
    "deck": (["c a{s}b", "p hanabi 2 1 1", "{s}", "1 1 {s}", "2 x"], ["info"], 5, 3),
    "cnf": (["c a{s}b", "p cnf 2 1", "{s}", "1 {s}2 0", "1 x 0"], ["reduce", "-o", "out.deck"], 5, 3),
    "txt": (["# a{s}b", "r1 r1 r1{s} r2", "{s}", "zz"], ["bound", "-p", "2", "--deal"], 4, 1),
}


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
@pytest.mark.parametrize("separator", SEPARATORS.values(), ids=SEPARATORS.keys())
@pytest.mark.parametrize("kind", FILES)
def test_an_error_after_a_separator_names_the_line_an_editor_shows(tmp_path, monkeypatch, kind, separator, ending):
    lines, command, line, column = FILES[kind]
    path = tmp_path / f"bad.{kind}"
    path.write_bytes(ending.join(text.format(s=separator) for text in lines).encode("utf-8") + ending.encode())
    monkeypatch.chdir(tmp_path)
    out = CliRunner().invoke(main, [*command, str(path)])
    one_line_error(out, f"{path}:{line}:{column}:")
