"""Row files of `bound` and `table`: streamed one flushed line per row, read back checked.

A row file is CSV (the columns :data:`COLUMNS`, a header first) or JSON Lines (one object a
line), plain or, to read, ``.xz``. The caller says which: the format follows the option that
named the file, not its extension. :class:`RowWriter` appends one flushed line per row, so an
interrupted run keeps every finished row; the only damage an interruption can do is a last
line cut short, which :func:`read_rows` ignores and a resuming :class:`RowWriter` cuts off.
Anything else that is not a row (a bad line in the middle, a value of the wrong type or out
of range, a missing key the caller needs) is an :class:`~solitaire.io.errors.InputError` naming
the file and the line, before any row is written.
"""

import csv
import io
import json
import lzma
import math
import os

from solitaire.seer.deals import MAX_SCORE
from solitaire.io.errors import InputError
from solitaire.io.inputfile import parse_json

__all__ = ["COLUMNS", "RowWriter", "read_rows", "check_row"]

COLUMNS = ["id", "players", "L", "U1", "U2", "U3", "U3_high", "exact", "method", "min_hand", "pace_slack",
           "real_score", "gap", "end", "reason"]

_SCORES = ("L", "U1", "U2", "U3", "U3_high", "real_score")
_METHODS = ("bot", "search", "peer")


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _problem(row):
    """What is wrong with one value of ``row`` (``None`` if nothing)."""
    for key, value in row.items():
        if key == "id" and not isinstance(value, str):
            return f"expected 'id' to be text, got {json.dumps(value)}"
        if key == "players" and not (_is_int(value) and 2 <= value <= 5):
            return f"expected 'players' in 2..5, got {json.dumps(value)}"
        if key in _SCORES and not (_is_int(value) and 0 <= value <= MAX_SCORE):
            return f"expected '{key}' to be a score in 0..{MAX_SCORE}, got {json.dumps(value)}"
        if key in ("seed", "nodes", "min_hand") and not (_is_int(value) and value >= 0):
            return f"expected '{key}' to be a whole number >= 0, got {json.dumps(value)}"
        if key in ("gap", "pace_slack") and not _is_int(value):
            return f"expected '{key}' to be a whole number, got {json.dumps(value)}"
        if key == "exact" and not isinstance(value, bool):
            return f"expected 'exact' to be true or false, got {json.dumps(value)}"
        if key == "method" and value is not None and value not in _METHODS:
            return f"expected 'method' to be one of {', '.join(_METHODS)}, got {json.dumps(value)}"
        if key == "seconds" and not (isinstance(value, (int, float)) and not isinstance(value, bool)
                                     and math.isfinite(value) and value >= 0):
            return f"expected 'seconds' to be a number >= 0, got {json.dumps(value)}"
    return None


def check_row(row, required, source, line):
    """``row`` if it is a row object with the keys ``required`` and sound values, else :class:`InputError`."""
    if not isinstance(row, dict):
        raise InputError(f"expected a row object, got {json.dumps(row)[:40]}", source, line)
    missing = [key for key in required if key not in row]
    if missing:
        raise InputError(f"row {row.get('id')!r} has no {', '.join(missing)}: not a row of this command", source, line)
    problem = _problem(row)
    if problem:
        raise InputError(problem, source, line)
    return row


def _from_csv(record, source, line):
    if None in record or None in record.values():
        raise InputError(f"expected {len(COLUMNS)} comma-separated values", source, line)
    row = {}
    for key, value in record.items():
        if value == "":
            continue
        if key in ("id", "end", "reason", "method"):
            row[key] = value
        elif key == "exact" and value in ("True", "False"):
            row[key] = value == "True"
        else:
            try:
                row[key] = int(value)
            except ValueError:
                raise InputError(f"expected '{key}' to be a whole number, got {value!r}", source, line) from None
    return row


def _kept(text):
    """``text`` without a last line cut short: one without its newline that is not a JSON object
    (a complete last row without its newline is kept; a CSV file loses such a line)."""
    cut = text.rfind("\n") + 1
    last = text[cut:]
    if last.strip().startswith("{"):
        try:
            json.loads(last)
            return text + "\n"
        except ValueError:
            pass
    return text[:cut]


def _text(path):
    """The text of a row file up to its last complete line ('' if it does not exist)."""
    if not os.path.exists(path):
        return ""
    try:
        with (lzma.open if str(path).endswith(".xz") else open)(path, "rb") as handle:
            raw = handle.read()
        text = raw.decode("utf-8")
    except (OSError, lzma.LZMAError, EOFError) as err:
        raise InputError(f"not a readable row file ({getattr(err, 'strerror', None) or err})", str(path)) from None
    except UnicodeDecodeError:
        raise InputError("not a row file: expected UTF-8 text", str(path)) from None
    return _kept(text)


def read_rows(path, csv_format=False, required=("id",)):
    """The rows of a row file (none if it does not exist), each checked by :func:`check_row`."""
    text, source = _text(path), str(path)
    if csv_format:
        lines = text.splitlines()
        if lines and next(csv.reader(lines[:1])) != COLUMNS:
            raise InputError(f"expected the CSV header {','.join(COLUMNS)}", source, 1)
        records = csv.DictReader(io.StringIO(text, newline=""), strict=True)
        try:
            return [check_row(_from_csv(r, source, records.line_num), required, source, records.line_num)
                    for r in records]
        except csv.Error as err:  # raised while reading the row after the last one read
            raise InputError(f"expected a CSV row ({err})", source, records.line_num + 1) from None
    return [check_row(parse_json(ln, source, i), required, source, i)
            for i, ln in enumerate(text.splitlines(), start=1) if ln.strip()]


def _complete_lines(path):
    """End the file at its last complete line (:func:`_kept`), so that rows can be appended."""
    with open(path, "rb+") as handle:
        data = handle.read().decode("utf-8")
        kept = _kept(data)
        if len(kept) > len(data):
            handle.write(b"\n")  # the position is at the end
        else:
            handle.truncate(len(kept.encode("utf-8")))


class RowWriter:
    """Streams rows to a CSV (``csv_format``) or JSON Lines file, one flushed line per row;
    ``resume`` appends to what the file holds, else the file starts anew."""

    def __init__(self, path, resume=False, csv_format=False):
        self.path, self.csv = str(path), csv_format
        if self.path.endswith((".xz", ".gz", ".bz2", ".zst")):
            raise InputError("cannot write rows to a compressed file: write it plain, then compress it", self.path)
        appending = resume and os.path.exists(self.path) and os.path.getsize(self.path) > 0
        if appending:
            _complete_lines(self.path)
        self.handle = open(self.path, "a" if appending else "w", encoding="utf-8", newline="")
        if self.csv:
            self.writer = csv.DictWriter(self.handle, COLUMNS, extrasaction="ignore")
            if not appending:
                self.writer.writeheader()

    def write(self, row):
        if self.csv:
            self.writer.writerow(row)
        else:
            self.handle.write(json.dumps(row) + "\n")
        self.handle.flush()

    def close(self):
        self.handle.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
