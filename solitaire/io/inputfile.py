"""Reading input files under the one-line error contract.

Every reader of the toolkit (decks, sequences, CNF files, deals) gets its text and its
JSON through these functions, and its lines from :func:`text_lines`, so that a missing file,
undecodable bytes or bad JSON become an :class:`~solitaire.io.errors.InputError` naming the
file and the line, the line as an editor numbers it.

Every reader has a size limit, refused with one line as soon as it is passed (docs/limits.md): a
file read whole, at most :data:`TEXT_LIMIT` bytes (a regular file is refused by its size before it
is read; a device or a pipe, such as ``/dev/zero``, is read in chunks of 16 MiB and refused at the
limit); a row file streamed line by line (:func:`solitaire.seer.runs.rowfile.row_lines`), at most
:data:`ROW_FILE_LIMIT` characters of text and :data:`ROW_LINE_LIMIT` per line.
"""

import json
import os
import re
import stat
from collections import Counter
from collections.abc import Callable
from typing import Any, BinaryIO, NamedTuple, TypeGuard

from solitaire.io.errors import InputError

__all__ = ["read_text", "read_at_most", "parse_json", "json_records", "json_line", "looks_like_json", "is_json_file",
           "text_lines",
           "LINE_BREAK",
           "is_whole", "json_text", "TEXT_LIMIT", "ROW_FILE_LIMIT", "ROW_LINE_LIMIT", "too_large"]

#: What ends a line of an input file: ``\n``, ``\r\n`` or ``\r`` (Python's universal newlines).
LINE_BREAK = re.compile(r"\r\n?|\n")
#: The most bytes of a file read whole (a deck, a sequence, a CNF file, games, scores, a CSV row
#: file): 2 GiB, above the largest deck ``generate`` writes (10^8 cards of at most 14 bytes each,
#: 1.4 GB); the largest such file shipped is 1.1 MB.
TEXT_LIMIT = 2 << 30
#: The most characters of a row file streamed (JSON Lines, an ``.xz`` file counted uncompressed):
#: 16 GiB, about 100 million rows of ``table`` (160 bytes each); a shipped file of 400,000 rows has 65 MB.
ROW_FILE_LIMIT = 16 << 30
#: The most characters of one line of a row file, its end included: 16 MiB (an ``analyze`` row of
#: a long game with every drop's line has well under 1 MB).
ROW_LINE_LIMIT = 16 << 20
_CHUNK = 16 << 20


def too_large(limit: int, what: str = "file") -> str:
    """The one-line reason for refusing a ``what`` over ``limit`` bytes or characters.

    >>> too_large(2 << 30)
    'expected a file of at most 2 GiB (docs/limits.md), got a larger one'
    """
    size = f"{limit >> 30} GiB" if limit >= 1 << 30 else f"{limit >> 20} MiB"
    return f"expected a {what} of at most {size} (docs/limits.md), got a larger one"


def read_at_most(handle: BinaryIO, source: str, limit: int | None = None) -> bytes:
    """Every byte of ``handle``, or :class:`InputError` naming ``source`` when there are more than
    ``limit`` (``None``: :data:`TEXT_LIMIT`): a regular file is refused by its size before it is
    read, anything else (a device, a pipe, a decompressing reader) is read in chunks of 16 MiB and
    refused once past ``limit``."""
    limit = TEXT_LIMIT if limit is None else limit
    try:
        status = os.fstat(handle.fileno())
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError and a ValueError
        status = None
    if status is not None and stat.S_ISREG(status.st_mode):
        if status.st_size > limit:
            raise InputError(too_large(limit), source)
        raw = handle.read()
        if len(raw) > limit:  # it grew while read
            raise InputError(too_large(limit), source)
        return raw
    chunks, total = [], 0
    while chunk := handle.read(min(_CHUNK, limit + 1 - total)):
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            raise InputError(too_large(limit), source)
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str]) -> str:
    """The UTF-8 text of ``path``.

    Raises
    ------
    InputError
        When the file cannot be read or has more than :data:`TEXT_LIMIT` bytes, or at the line of
        the first undecodable byte.
    """
    try:
        with open(path, "rb") as handle:
            raw = read_at_most(handle, str(path))
    except OSError as err:
        stdin = "; standard input is read as /dev/stdin" if str(path) == "-" and not os.path.exists(path) else ""
        raise InputError(f"cannot read the file ({err.strerror or err}){stdin}", str(path)) from None
    try:
        return raw.decode("utf-8-sig")  # a byte order mark at the start is dropped
    except UnicodeDecodeError as err:
        raise _undecodable(raw, err, str(path)) from None


def _undecodable(raw: bytes, err: UnicodeDecodeError, source: str) -> InputError:
    """The error of the first byte of ``raw`` that is not UTF-8, at its line and column (a UTF-16 file named).

    >>> str(_undecodable(b"ab\\ncaf\\xe9", UnicodeDecodeError("utf-8", b"", 6, 7, "invalid"), "g.jsonl"))
    'g.jsonl:2:4: expected UTF-8 text, found the byte 0xe9'
    """
    start = raw.rfind(b"\n", 0, err.start) + 1
    column = len(raw[start:err.start].decode("utf-8", errors="replace")) + 1
    utf16 = raw.startswith((b"\xff\xfe", b"\xfe\xff"))
    packed = next((name for magic, name in _COMPRESSED.items() if raw.startswith(magic)), None)
    if packed:
        return InputError(f"expected UTF-8 text, the file is {packed}-compressed (decompress it first)", source)
    why = "the file is UTF-16 (save it as UTF-8)" if utf16 else f"found the byte 0x{raw[err.start]:02x}"
    return InputError(f"expected UTF-8 text, {why}", source, raw[:err.start].count(b"\n") + 1, column)


#: How a compressed file starts, by its format (SATLIB ships its formulas as gzip and tar files).
_COMPRESSED = {b"\x1f\x8b": "gzip", b"\xfd7zXZ\x00": "xz", b"BZh": "bzip2", b"\x28\xb5\x2f\xfd": "zstd"}


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
    >>> parse_json('{"a": }', "x.jsonl", line=4)
    Traceback (most recent call last):
    ...
    solitaire.io.errors.InputError: x.jsonl:4:7: expected JSON: Expecting value
    """
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as err:
        raise InputError(f"expected JSON: {_DANGLING.sub('', err.msg)}", source, line or err.lineno,
                         err.colno if line is None or err.lineno == 1 else None) from None
    except ValueError as err:
        raise InputError(f"expected JSON: {err}", source, line) from None
    except RecursionError:
        raise InputError("expected JSON: nested too deeply", source, line) from None


#: The end of Python's JSON messages that expect their position after them ("Unterminated string starting at"):
#: the error's line and column say where.
_DANGLING = re.compile(r"\s+(?:starting )?at$")


def _refuse_constant(name):
    raise ValueError(f"{name} is not a JSON number")


class JsonRecord(NamedTuple):
    """A JSON value and where it starts: ``source`` is the file, and ``line`` the line (``None`` for a file of one
    value); an element of a JSON array that starts on a line with others is placed by its column as well, as
    ``file:line:column`` in ``source`` (``line`` ``None``), so that each record of a one-line array is found."""

    value: Any
    source: str
    line: int | None

    @property
    def where(self) -> str:
        """Where the value starts as one string, ``file:line`` (a record's source)."""
        return f"{self.source}:{self.line}" if self.line else self.source


def json_records(text: str, source: str, wanted: Callable[[Any], bool]) -> list[JsonRecord]:
    """The JSON values of ``text``, each with where it starts (:class:`JsonRecord`): the elements of a JSON array,
    one JSON value (line ``None``), or JSON Lines. Read as JSON Lines when ``text`` is not one JSON value and has
    several lines, each a JSON value or one of them a value ``wanted`` accepts (a game, a replay): then a line that
    is not JSON is its :class:`InputError` (the column in its message) in place of a value, so that one cut or
    garbled record never hides the others, and a byte order mark at a line's start is dropped (files joined by
    ``cat``). Otherwise the error of the whole text is raised.

    Examples
    --------
    >>> [(value, line) for value, _, line in json_records('{"a": 1}\\n{"a": \\n\\ufeff{"a": 3}\\n', "g.jsonl", bool)]
    [({'a': 1}, 1), (InputError('expected JSON: Expecting value (column 7)'), 2), ({'a': 3}, 3)]
    >>> json_records('[{"a": 1},\\n {"a": 2}, {"a": 3}]', "g.json", bool)  # doctest: +NORMALIZE_WHITESPACE
    [JsonRecord(value={'a': 1}, source='g.json', line=1), JsonRecord(value={'a': 2}, source='g.json:2:2', line=None),
     JsonRecord(value={'a': 3}, source='g.json:2:12', line=None)]
    >>> json_records('{"a": 1, \\n"b": }', "g.json", bool)
    Traceback (most recent call last):
    ...
    solitaire.io.errors.InputError: g.json:2:6: expected JSON: Expecting value
    """
    array = _array_items(text)
    if array is not None:
        return _placed(array, source)
    try:
        return [JsonRecord(parse_json(text.strip(), source), source, None)]
    except InputError:
        lines = [JsonRecord(json_line(line, source, number), source, number)
                 for number, line in enumerate(text_lines(text), start=1) if line.strip()]
        read = [value for value, _, _ in lines if not isinstance(value, InputError)]
        if len(lines) > 1 and (len(read) == len(lines) or any(wanted(value) for value in read)):
            return lines
        raise


def json_line(line: str, source: str, number: int) -> Any:
    """The JSON value of one line of JSON Lines, or its :class:`InputError`, the column in its message."""
    try:
        return parse_json(line.lstrip("\ufeff"), source, number)
    except InputError as err:
        column = f" (column {err.column})" if err.column is not None else ""
        return InputError(err.message + column, source, number)


def _placed(items: list[tuple[Any, int, int]], source: str) -> list[JsonRecord]:
    """The elements of an array as records: by line, and by line and column where a line starts several."""
    shared = Counter(line for _, line, _ in items)
    return [JsonRecord(value, f"{source}:{line}:{column}", None) if shared[line] > 1
            else JsonRecord(value, source, line) for value, line, column in items]


def _array_items(text: str) -> list[tuple[Any, int, int]] | None:
    """The elements of a JSON array with the line and column each starts on, or ``None`` if ``text`` is not one."""
    decoder = json.JSONDecoder(parse_constant=_refuse_constant)
    index = _skip_space(text, 0)
    if not text.startswith("[", index):
        return None
    found: list[tuple[Any, int, int]] = []
    index = _skip_space(text, index + 1)
    if text.startswith("]", index):
        return found if not text[index + 1:].strip() else None
    while True:
        try:
            value, end = decoder.raw_decode(text, index)
        except (ValueError, RecursionError):
            return None
        found.append((value, text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)))
        index = _skip_space(text, end)
        if text.startswith(",", index):
            index = _skip_space(text, index + 1)
        elif text.startswith("]", index) and not text[index + 1:].strip():
            return found
        else:
            return None


def _skip_space(text: str, index: int) -> int:
    """The index of the first character at or after ``index`` that is not JSON's white space."""
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


def looks_like_json(text: str) -> bool:
    """Whether ``text`` is JSON by its first character that is not white space (an object or an array): no other
    format the toolkit reads (a deck, a deal's card names, a CNF formula, a log) starts that way.

    >>> looks_like_json(' \\n[{"players": 2}]'), looks_like_json("p hanabi 5 5 5")
    (True, False)
    """
    return text.lstrip()[:1] in ("{", "[")


def is_json_file(path: str | os.PathLike[str]) -> bool:
    """Whether the regular file ``path`` :func:`looks_like_json` by its first 4 KiB (a byte order mark dropped);
    ``False`` for anything else (a pipe read here could not be read again) and a file that cannot be read (its
    reader names it)."""
    try:
        if not os.path.isfile(path):
            return False
        with open(path, "rb") as handle:
            return looks_like_json(handle.read(4096).decode("utf-8-sig", errors="replace"))
    except (OSError, ValueError):  # ValueError: a name with a null character
        return False


def is_whole(value: Any) -> TypeGuard[int]:
    """Whether ``value`` read from JSON is a whole number: an ``int`` and not a ``bool`` (Python's
    ``True`` is an ``int``; JSON's ``true`` is never a number).

    Examples
    --------
    >>> is_whole(3), is_whole(True), is_whole(3.0), is_whole("3")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def json_text(value: Any, limit: int = 40) -> str:
    """``value`` as JSON writes it (``true``, ``"no"``, ``[1, 2]``), cut to ``limit`` characters: what
    a reason says it got.

    Examples
    --------
    >>> json_text("no"), json_text(None), json_text(list(range(30)), 12)
    ('"no"', 'null', '[0, 1, 2,...')
    """
    try:
        text = json.dumps(value)
    except (ValueError, TypeError, RecursionError):  # not JSON: a set, a number of 4,300 digits or more, ...
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."
