"""Row files of `bound` and `table`: streamed one flushed line per row, read back checked.

A row of a variant game also names its ``variant`` and its ``max_score`` (5 per suit;
:func:`row_max` reads 25 where a row has none). A row file is CSV (the columns :data:`COLUMNS`,
a header first) or JSON Lines (one object a
line), plain or, to read, ``.xz``. The caller says which: the format follows the option that
named the file, not its extension. Every row's ``id`` is a game id (:mod:`solitaire.seer.game.ids`).
:class:`RowWriter` writes one flushed line per row, so an interrupted run keeps every finished
row; the only damage an interruption can do is a last line cut short, which :func:`read_rows`
ignores and a resuming :class:`RowWriter` cuts off. Anything else that is not a row (a bad line
in the middle, a value of the wrong type or out of range, a missing key the caller needs) is an
:class:`~solitaire.io.errors.InputError` naming the file and the line, before any row is written.

One writer at a time: a :class:`RowWriter` holds a lock (:class:`RowLock`, ``<file>.lock``
beside the file, naming the process that holds it) until it is closed. A writer that starts an
existing file anew writes a temporary file and renames it over the old one when it is closed, so
a run that fails leaves the old file as it was (a killed one leaves its rows in ``<file>.part``, which the
next writer's lock renames over the file); a resuming writer appends only after every check.
"""

import contextlib
import csv
import fcntl
import io
import json
import lzma
import math
import os
import socket
import sys
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from types import TracebackType
from typing import Any, Protocol, TypeVar

from solitaire.io.atomic import forget_temporary, kept_old_message, record_temporary, rename_over, write_refusal
from solitaire.io.errors import InputError
from solitaire.io.inputfile import LINE_BREAK, ROW_FILE_LIMIT, ROW_LINE_LIMIT, parse_json, read_at_most, too_large
from solitaire.io.interrupt import interrupted
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.method import Method
from solitaire.seer.game.deals import MAX_SCORE, Deal
from solitaire.seer.game.ids import id_players
from solitaire.seer.game.options import HAND_SIZES, PLAYER_RANGE

__all__ = ["COLUMNS", "LIMITS", "RowWriter", "RowLock", "partial_name", "LockedRun", "write_through", "read_rows",
           "row_lines", "check_row", "latest_by_id", "row_max", "variant_fields", "ran_under", "RowFileWarning"]


class RowFileWarning(UserWarning):
    """A row file was replaced by the finished rows of a run stopped before its end, the old one kept as ``.old``."""


COLUMNS = ["id", "players", "L", "U1", "U2", "U3", "U3_high", "exact", "method", "min_hand", "pace_slack",
           "real_score", "gap", "end", "reason", "source", "timeout", "peer_timeout", "peer_solver", "peer_encoding",
           "variant", "max_score", "played", "gap_U3", "link", "link_note", "refused",
           "deck", "known_cards", "known_deck", "L_all", "U_all", "completions", "completions_all", "completions_exact",
           "U3_completions_mean", "U3_completions_min", "U3_completions_max"]
#: The limits an open row (``exact`` false) records (:meth:`~solitaire.seer.bounds.limits.SearchLimits.to_row`):
#: what another run must match to reuse it.
LIMITS = ("timeout", "peer_timeout", "peer_solver", "peer_encoding")
_TEXT_KEYS = ("id", "end", "reason", "method", "source", "peer_solver", "peer_encoding", "variant", "link", "link_note",
              "refused", "deck", "known_deck")
_FLAGS = ("exact", "completions_all")

_SCORES = ("L", "U1", "U2", "U3", "U3_high", "real_score", "played", "L_all", "U_all", "U3_completions_min",
           "U3_completions_max")
#: The maxima of hanab.live's variants: 5 per suit of 3 to 6 suits, 16 in Sudoku of 4 suits (stacks of 4).
_VARIANT_MAXIMA = (15, 16, 20, 25, 30)


def row_max(row: Mapping[str, Any]) -> int:
    """The maximum score of the row's game: its ``max_score``, else 25 (the standard game)."""
    value = row.get("max_score", MAX_SCORE)
    return value if value in _VARIANT_MAXIMA else MAX_SCORE


def variant_fields(deal: Deal) -> dict:
    """``variant`` and ``max_score`` for the row of a variant game (nothing for the standard game)."""
    return {} if deal.standard else {"variant": deal.options.variant, "max_score": deal.max_score}


_METHODS = frozenset(Method)
#: A row of any command (a plain dict read back, or a command's typed row).
_Row = TypeVar("_Row", bound=Mapping[str, Any])


def _is_int(value):
    return type(value) is int or isinstance(value, int) and not isinstance(value, bool)


def _duration(value):
    """Whether ``value`` is a number of seconds: finite, >= 0 (not a bool)."""
    return (type(value) is float or _is_int(value) or isinstance(value, float)) and math.isfinite(value) and value >= 0


def _id_problem(value, row):
    if not isinstance(value, str):
        return f"expected 'id' to be text, got {json.dumps(value)}"
    try:
        players = id_players(value)
    except ValueError as err:
        return f"{err} (ids: docs/formats.md)"
    if players != row.get("players", players):
        return f"id {value!r} names {players} players, the row {row['players']}"
    return None


def _score(value, row):
    if type(value) is int and 0 <= value <= MAX_SCORE and "max_score" not in row:
        return True  # the common case, without looking up the row's maximum
    return _is_int(value) and 0 <= value <= row_max(row)


#: Per key but ``id``: whether a value is sound (``ok(value, row)``), and what was expected
#: (``{key}`` the key, ``{top}`` the row's maximum score).
_RULES = {
    "players": (lambda v, row: _is_int(v) and v in HAND_SIZES, f"expected 'players' in {PLAYER_RANGE}"),
    **dict.fromkeys(_SCORES, (_score, "expected '{key}' to be a score in 0..{top}")),
    "max_score": (lambda v, row: v in _VARIANT_MAXIMA, "expected 'max_score' to be 15, 16, 20, 25 or 30"),
    **dict.fromkeys(("seed", "nodes", "min_hand", "known_cards", "completions", "completions_exact"),
                    (lambda v, row: _is_int(v) and v >= 0, "expected '{key}' to be a whole number >= 0")),
    **dict.fromkeys(("gap", "gap_U3", "pace_slack"),
                    (lambda v, row: _is_int(v), "expected '{key}' to be a whole number")),
    **dict.fromkeys(_FLAGS, (lambda v, row: isinstance(v, bool), "expected '{key}' to be true or false")),
    "deck": (lambda v, row: v == "partial", "expected 'deck' to be \"partial\""),
    "U3_completions_mean": (lambda v, row: (_is_int(v) or isinstance(v, float)) and 0 <= v <= row_max(row),
                            "expected '{key}' to be a mean score in 0..{top}"),
    "method": (lambda v, row: v is None or v in _METHODS, f"expected 'method' to be one of {', '.join(Method)}"),
    # a timeout of None: no limit
    "timeout": (lambda v, row: v is None or _duration(v), "expected '{key}' to be a number of seconds >= 0"),
    "peer_timeout": (lambda v, row: _duration(v), "expected '{key}' to be a number of seconds >= 0"),
    **dict.fromkeys(("peer_solver", "peer_encoding"),
                    (lambda v, row: isinstance(v, str) and v != "", "expected '{key}' to be a name")),
    "seconds": (lambda v, row: _duration(v), "expected 'seconds' to be a number >= 0"),
}


def _problem(row):
    """What is wrong with one value of ``row`` (``None`` if nothing; the first key in row order)."""
    for key, value in row.items():
        if key == "id":
            problem = _id_problem(value, row)
            if problem:
                return problem
        elif key in _RULES:
            ok, expected = _RULES[key]
            if not ok(value, row):
                return f"{expected.format(key=key, top=row_max(row))}, got {json.dumps(value)}"
    return None


#: The keys a row must have: the same for every row, or a function of the row (rows of several kinds).
Required = Iterable[str] | Callable[[dict], Iterable[str]]


def check_row(row: Any, required: Required, source: str, line: int | None) -> dict:
    """``row`` if it is a row object with the keys ``required`` (of this row, when a function) and sound values, else
    :class:`InputError`."""
    if not isinstance(row, dict):
        raise InputError(f"expected a row object, got {json.dumps(row)[:40]}", source, line)
    missing = [key for key in (required(row) if callable(required) else required) if key not in row]
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
        if key in _TEXT_KEYS:
            row[key] = value
        elif key in _FLAGS and value in ("True", "False"):
            row[key] = value == "True"
        elif key in ("timeout", "peer_timeout", "U3_completions_mean"):
            try:
                row[key] = float(value) if "." in value else int(value)
            except ValueError:
                raise InputError(f"expected '{key}' to be a number, got {value!r}", source, line) from None
        else:
            try:
                row[key] = int(value)
            except ValueError:
                raise InputError(f"expected '{key}' to be a whole number, got {value!r}", source, line) from None
    return row


def _whole(last):
    """Whether ``last``, a last line without its newline, is a whole JSON object (a row to keep)
    rather than a line cut short."""
    if last.strip().startswith("{"):
        try:
            json.loads(last)
            return True
        except ValueError:
            pass
    return False


def _kept(text):
    """``text`` without a last line cut short: one without its newline that is not a JSON object
    (a complete last row without its newline is kept; a CSV file loses such a line)."""
    cut = text.rfind("\n") + 1
    return text + "\n" if _whole(text[cut:]) else text[:cut]


def _unreadable(err, path):
    if isinstance(err, UnicodeDecodeError):
        return InputError("not a row file: expected UTF-8 text", str(path))
    return InputError(f"not a readable row file ({getattr(err, 'strerror', None) or err})", str(path))


def _text(path):
    """The text of a row file up to its last complete line ('' if it does not exist; a byte order
    mark at the start is dropped); :class:`InputError` past :data:`~solitaire.io.inputfile.TEXT_LIMIT`."""
    if not os.path.exists(path):
        return ""
    try:
        with (lzma.open if str(path).endswith(".xz") else open)(path, "rb") as handle:
            raw = read_at_most(handle, str(path))
        text = raw.decode("utf-8-sig")
    except (OSError, lzma.LZMAError, EOFError, UnicodeDecodeError) as err:
        raise _unreadable(err, path) from None
    return _kept(text)


def row_lines(path: str | os.PathLike[str],
              advance: Callable[[int], object] | None = None) -> Iterator[tuple[int, str]]:
    """``(number, line)`` for each line of the JSON Lines row file ``path`` (plain or ``.xz``; nothing
    if it does not exist), streamed: lines end at ``\\n``, ``\\r\\n`` or ``\\r`` only (they are
    yielded without it), a byte order mark at the start is dropped, and a last line cut short is
    left out (:func:`_kept`). :class:`InputError` naming the file and the line past
    :data:`~solitaire.io.inputfile.ROW_LINE_LIMIT` characters in a line or
    :data:`~solitaire.io.inputfile.ROW_FILE_LIMIT` in the file, as soon as read.

    ``advance(nbytes)``, if given, is called now and then with the bytes of the file read since
    its last call (the file's bytes as stored, compressed or not), the rest at the end: a progress bar.
    """
    source = str(path)
    if not os.path.exists(source):
        return
    try:
        with (open(source, "rb") as raw,
              lzma.open(raw) if source.endswith(".xz") else contextlib.nullcontext() as packed):
            text, done, read = io.TextIOWrapper(packed or raw, encoding="utf-8-sig", newline=None), 0, 0
            for number, line in enumerate(iter(lambda: text.readline(ROW_LINE_LIMIT + 1), ""), 1):
                read += len(line)
                if len(line) > ROW_LINE_LIMIT:
                    raise InputError(too_large(ROW_LINE_LIMIT, "line"), source, number)
                if read > ROW_FILE_LIMIT:
                    raise InputError(too_large(ROW_FILE_LIMIT, "row file"), source, number)
                if line.endswith("\n"):
                    line = line[:-1]
                elif not _whole(line):
                    break
                yield number, line
                if advance is not None and not number & 0xFFFF:
                    advance(raw.tell() - done)
                    done = raw.tell()
            if advance is not None:
                advance(raw.tell() - done)
    except (OSError, lzma.LZMAError, EOFError, UnicodeDecodeError) as err:
        raise _unreadable(err, source) from None


def read_rows(path: str | os.PathLike[str], csv_format: bool = False, required: Required = ("id",)) -> list[dict]:
    """The rows of a row file (none if it does not exist), each checked by :func:`check_row`; the
    rows of refused records (``refused``) are left out."""
    return [check_row(row, required, str(path), i) for row, i in _records(path, csv_format) if not _refused(row)]


def _held_refusals(path: str | os.PathLike[str], csv_format: bool = False) -> set[tuple[str, str]]:
    """``(source, refused)`` of each refused record's row the row file holds (none if it does not exist)."""
    return {_refusal(row) for row, _ in _records(path, csv_format) if _refused(row)}


def _records(path, csv_format):
    """``(row, line)`` for each row of a row file, refused records' included, not yet checked."""
    source = str(path)
    if not csv_format:
        yield from ((parse_json(ln, source, i), i) for i, ln in row_lines(path) if ln.strip())
        return
    text = _text(path)
    if text and next(csv.reader(LINE_BREAK.split(text, 1)[:1])) != COLUMNS:
        raise InputError(f"expected the CSV header {','.join(COLUMNS)}", source, 1)
    records = csv.DictReader(io.StringIO(text, newline=""), strict=True)
    try:
        for record in records:
            yield _from_csv(record, source, records.line_num), records.line_num
    except csv.Error as err:  # raised while reading the row after the last one read
        raise InputError(f"expected a CSV row ({err})", source, records.line_num + 1) from None


def _refused(row):
    """Whether a row is a refused record's (read again by every run, never reused)."""
    return isinstance(row, dict) and "refused" in row


def _refusal(row):
    """What names a refused record's row: its source and the reason."""
    return str(row.get("source")), str(row["refused"])


class _HoldsIds(Protocol):
    """What :func:`latest_by_id` keeps: ids ``in`` it (a set of ids, a source of deals)."""

    def __contains__(self, ident: str, /) -> bool: ...


def latest_by_id(rows: Iterable[_Row], wanted: _HoldsIds | None = None) -> list[_Row]:
    """One row per id, the last one in file order (a recomputed deal replaces its row), keeping
    only the ids ``in wanted`` (every id when ``None``), in the order of their first rows."""
    latest = {}
    for row in rows:
        if wanted is None or row["id"] in wanted:
            latest[row["id"]] = row
    return list(latest.values())


def ran_under(row: Mapping[str, Any], limits: SearchLimits) -> bool:
    """Whether the open ``row`` records exactly ``limits`` (the keys :data:`LIMITS` of
    :meth:`~solitaire.seer.bounds.limits.SearchLimits.to_row`, a key it leaves out recorded by none)."""
    recorded = limits.to_row()
    return all(row.get(key) == recorded.get(key) for key in LIMITS)


def _complete_lines(path):
    """End the file at its last complete line (:func:`_kept`), so that rows can be appended."""
    with open(path, "rb+") as handle:
        data = handle.read().decode("utf-8")
        kept = _kept(data)
        if len(kept) > len(data):
            handle.write(b"\n")  # the position is at the end
        else:
            handle.truncate(len(kept.encode("utf-8")))


def partial_name(path: str | os.PathLike[str]) -> str:
    """``<path>.part``: the rows of a run that replaces the row file ``path``, renamed over it when the run ends."""
    return f"{path}.part"


def _adopt_partial(path):
    """Rename the rows a killed replacing run left (:func:`partial_name`) over ``path``: what the run
    would have kept had it been stopped by a signal it can catch (:func:`_replace_stopped`). Called by the holder of
    the lock."""
    partial = partial_name(path)
    if os.path.isfile(partial):
        _replace_stopped(partial, path)


def _replace_stopped(partial: str, path: str) -> None:
    """Rename the finished rows of a run stopped before its end over ``path``, the file they replace kept as
    ``<path>.old`` (:func:`~solitaire.io.atomic.keep_old`), which a warning names."""
    old = rename_over(partial, path, keep=True)
    if old:
        warnings.warn(kept_old_message(old), RowFileWarning, stacklevel=3)


class RowLock:
    """An exclusive lock on the row file ``path``: the file ``<path>.lock``, locked with ``flock``
    and holding a line naming its holder; :class:`InputError` naming the holder when another
    process has it. The lock goes with the process that holds it (a killed run leaves none; a run
    stopped at once by a signal removes its file, :func:`~solitaire.io.atomic.settle_temporaries`).
    Taking it, a process first keeps the rows of a replacing run that was killed outright (SIGKILL):
    its ``<path>.part`` becomes ``path`` (:func:`partial_name`)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.name, self.handle = f"{path}.lock", None
        if _is_stream(str(path)):  # a device or a pipe (/dev/stdout): nothing to lock
            return
        while True:
            try:
                handle = open(self.name, "a+", encoding="utf-8")  # noqa: SIM115 -- open while the lock is held
            except OSError as err:
                raise write_refusal(err, str(path)) from None
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                handle.seek(0)
                holder = handle.read().strip() or "another process"
                handle.close()
                raise InputError(f"in use by {holder} (lock {self.name}): wait for it, or write to another file",
                                 str(path)) from None
            if os.path.exists(self.name) and os.path.samestat(os.fstat(handle.fileno()), os.stat(self.name)):
                break
            handle.close()  # the holder removed the lock file while this process waited: lock the new one
        command = " ".join([os.path.basename(sys.argv[0]), *sys.argv[1:3]]) if sys.argv else "python"
        try:
            handle.seek(0)
            handle.truncate()
            handle.write(f"process {os.getpid()} on {socket.gethostname()} ({command})\n")
            handle.flush()
        except OSError as err:  # a full disk: no lock file is left behind
            os.unlink(self.name)
            with contextlib.suppress(OSError):  # the file is closed even when its last flush fails again
                handle.close()
            raise write_refusal(err, self.name) from None
        self.handle = handle
        record_temporary(self.name, None)  # a stop that cannot unwind removes it too
        try:
            _adopt_partial(str(path))
        except OSError as err:
            self.release()
            raise write_refusal(err, str(path)) from None

    def release(self) -> None:
        if self.handle is not None:
            os.unlink(self.name)
            forget_temporary(self.name)
            self.handle.close()
            self.handle = None


class LockedRun:
    """A batch run that holds the :class:`RowLock` of its row file (``lock``) from its start, before
    it reads the rows it resumes, until it hands the lock to its :class:`RowWriter` or is closed;
    a context manager that closes it."""

    lock: RowLock | None = None

    def close(self) -> None:
        if self.lock:
            self.lock.release()
            self.lock = None

    def __enter__(self) -> "LockedRun":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _is_stream(path):
    return os.path.exists(path) and not os.path.isfile(path) and not os.path.isdir(path)


class RowWriter:
    """Streams rows to a CSV (``csv_format``) or JSON Lines file, one flushed line per row, under a
    :class:`RowLock`. With ``resume`` it appends to what the file holds (a last line cut short is
    cut off; an empty CSV file gets its header; a refused record's row the file holds is not written again);
    else, when ``path`` exists, it writes the file ``<path>.part`` (:func:`partial_name`) that :meth:`close`
    renames over ``path`` (``keep``) or removes (a new file is written in place, so that even a killed run keeps
    its finished rows; a stop that cannot unwind renames it, :func:`~solitaire.io.atomic.settle_temporaries`).
    Used as a context manager it keeps the rows when the block ends normally or by an interrupt (Ctrl-C,
    SIGTERM, SIGHUP: :func:`~solitaire.io.interrupt.interrupted`), and drops them on an error.
    A write that fails is an :class:`InputError` naming ``path``. ``lock``: a :class:`RowLock`
    the caller already holds on ``path`` (taken before reading the rows it resumes), which the
    writer releases when it is closed."""

    def __init__(self, path: str | os.PathLike[str], resume: bool = False, csv_format: bool = False,
                 lock: RowLock | None = None) -> None:
        self.path, self.csv, self.temporary = str(path), csv_format, None
        self.held: set[tuple[str, str]] = set()
        if self.path.endswith((".xz", ".gz", ".bz2", ".zst")):
            if lock:
                lock.release()
            raise InputError("cannot write rows to a compressed file: write it plain, then compress it", self.path)
        self.lock, self.handle = lock or RowLock(self.path), None
        try:
            self.handle = self._open(resume)
            if self.csv:
                self.writer = csv.DictWriter(self.handle, COLUMNS, extrasaction="ignore")
                if self.handle.tell() == 0:
                    self._guard(self.writer.writeheader)
        except BaseException:  # no row written: a temporary file is removed
            self.close(keep=False)
            raise

    def _open(self, resume):
        try:
            if resume and os.path.isfile(self.path):
                _complete_lines(self.path)
                self.held = _held_refusals(self.path, self.csv)
                return open(self.path, "a", encoding="utf-8", newline="")
            if _is_stream(self.path) or not os.path.exists(self.path):  # nothing to keep: write in place
                return open(self.path, "w", encoding="utf-8", newline="")
            self.temporary = partial_name(self.path)  # the lock's holder alone writes it
            record_temporary(self.temporary, self.path)  # a stop that cannot unwind keeps its rows too
            return open(self.temporary, "w", encoding="utf-8", newline="")
        except OSError as err:
            raise write_refusal(err, self.path) from None

    def _guard(self, action, *args):
        try:
            action(*args)
            self.handle.flush()
        except OSError as err:
            raise write_refusal(err, self.path) from None

    def write(self, row: Mapping[str, Any]) -> None:
        if _refused(row) and _refusal(row) in self.held:
            return
        if self.csv:
            self._guard(self.writer.writerow, row)
        else:
            assert self.handle is not None  # opened by __init__, which fails otherwise
            self._guard(self.handle.write, json.dumps(row) + "\n")

    def close(self, keep: bool = True, stopped: bool = False) -> None:
        """Close the file; a new file replaces ``path`` when ``keep`` (the old one kept as ``<path>.old`` when the
        run ``stopped`` before its end), else it is removed."""
        failure = None
        try:
            try:
                if self.handle is not None:
                    self.handle.close()
            except OSError as err:  # the last flush: an error only matters when the rows are kept
                if keep:
                    failure, keep = write_refusal(err, self.path), False
            if self.temporary is not None:
                if keep and stopped:
                    _replace_stopped(self.temporary, self.path)
                elif keep:
                    rename_over(self.temporary, self.path)
                else:
                    os.unlink(self.temporary)
                forget_temporary(self.temporary)
                self.temporary = None
        finally:
            self.lock.release()
        if failure:
            raise failure

    def __enter__(self) -> "RowWriter":
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close(keep=kind is None or interrupted(error), stopped=kind is not None)


def write_through(rows: Iterable[_Row], writer: RowWriter | None, upstream: Generator) -> Iterator[_Row]:
    """Yield each of ``rows`` once ``writer`` (if any) has written it. The writer keeps the rows when
    the stream ends, is closed by its consumer or is interrupted (every finished row is kept), and
    drops a new file's rows on an error; ``upstream``, the generator behind ``rows`` (its worker
    processes), is closed at once either way."""
    keep = stopped = False
    try:
        for row in rows:
            if writer:
                writer.write(row)
            yield row
        keep = True
    except BaseException as err:
        keep = stopped = isinstance(err, GeneratorExit) or interrupted(err)
        raise
    finally:
        upstream.close()
        if writer:
            writer.close(keep, stopped)
