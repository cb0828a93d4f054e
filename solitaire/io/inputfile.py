"""Reading input files under the one-line error contract.

Every reader of the toolkit (decks, sequences, CNF files, deals) gets its text and its
JSON through these two functions, so that a missing file, undecodable bytes or bad JSON
become an :class:`~solitaire.io.errors.InputError` naming the file and the line.
"""

import json

from solitaire.io.errors import InputError

__all__ = ["read_text", "parse_json"]


def read_text(path):
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


def parse_json(text, source, line=None):
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
