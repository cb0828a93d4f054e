"""Reading input files under the one-line error contract.

Every reader of the toolkit (decks, sequences, CNF files, deals) gets its text and its
JSON through these functions, and its lines from :func:`text_lines`, so that a missing file,
undecodable bytes or bad JSON become an :class:`~solitaire.io.errors.InputError` naming the
file and the line, the line as an editor numbers it.
"""

import json
import os
import re
from typing import Any

from solitaire.io.errors import InputError

__all__ = ["read_text", "parse_json", "text_lines", "LINE_BREAK"]

#: What ends a line of an input file: ``\n``, ``\r\n`` or ``\r`` (Python's universal newlines).
LINE_BREAK = re.compile(r"\r\n?|\n")


def read_text(path: str | os.PathLike[str]) -> str:
    """The UTF-8 text of ``path``.

    Raises
    ------
    InputError
        When the file cannot be read, or at the line of the first undecodable byte.
    """
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as err:
        raise InputError(f"cannot read the file ({err.strerror or err})", str(path)) from None
    try:
        return raw.decode("utf-8-sig")  # a byte order mark at the start is dropped
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise InputError("expected UTF-8 text, found undecodable bytes", str(path), line) from None


def text_lines(text: str) -> list[str]:
    """The lines of ``text``, split at :data:`LINE_BREAK` only, so that their numbers are the
    file's line numbers.

    :meth:`str.splitlines` also splits at a form feed, a vertical tab, ``\\x1c``..``\\x1e``, NEL
    (``\\x85``), U+2028 and U+2029, which other tools (an editor, ``grep -n``, ``wc -l``) do not
    count as line ends; here they stay inside their line (whitespace, where a reader skips it).

    Examples
    --------
    >>> text_lines("a\\fb\\nc\\u2028d\\r\\ne\\rf\\n")
    ['a\\x0cb', 'c\\u2028d', 'e', 'f']
    >>> text_lines("")
    []
    """
    lines = LINE_BREAK.split(text)
    if lines[-1] == "":
        lines.pop()  # nothing after the last line break (as str.splitlines)
    return lines


def parse_json(text: str, source: str, line: int | None = None) -> Any:
    """Parse JSON text; ``line`` is the file line of ``text`` when it is one line of a file.

    Strict JSON: ``NaN`` and ``Infinity`` are refused, and so is nesting too deep for Python.

    Examples
    --------
    >>> parse_json('{"a": 1}', "x.json")
    {'a': 1}
    >>> parse_json('{"a": }', "x.json")
    Traceback (most recent call last):
    ...
    solitaire.io.errors.InputError: x.json:1:7: expected JSON: Expecting value
    """
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as err:
        raise InputError(f"expected JSON: {err.msg}", source, line or err.lineno,
                         None if line else err.colno) from None
    except ValueError as err:
        raise InputError(f"expected JSON: {err}", source, line) from None
    except RecursionError:
        raise InputError("expected JSON: nested too deeply", source, line) from None


def _refuse_constant(name):
    raise ValueError(f"{name} is not a JSON number")
