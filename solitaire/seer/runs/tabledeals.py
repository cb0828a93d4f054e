"""The rows of the winnability table kept compact: per deal, only what its summary needs.

:class:`TableDeals` holds, for each deal ``(players, seed)``, the fields of its newest row that
:func:`~solitaire.seer.runs.exactrun.table_summary` reads (``L``, ``U2``, ``U3``, ``U3_high``,
``exact``, ``method``, ``seconds``) in one numpy record of 32 bytes, and the place of the deal's
first row (the summary lists deals in that order, as a dict keyed by deal would). Rows are added
in file order; a later row of a deal replaces the earlier one. It also records the kinds of
deal of the rows, ``(id source, variant)`` (a table is of one kind: the caller refuses several),
and the search limits of each deal whose newest row is open (few: what a rerun needs to tell
whether to search it again).
Rows wait in blocks and are merged
into the deals whenever the waiting rows outnumber them, so memory stays within a small multiple
of the number of distinct deals however many rows a retried file holds.

:func:`read_table_deals` streams row files into a :class:`TableDeals` (the shipped table:
4,000,000 rows in 10 ``.xz`` files, in about 160 MB instead of the 5.7 GB of the rows as dicts).
Every line is checked as :func:`~solitaire.seer.runs.rowfile.read_rows` checks it: a line in the exact
form ``table`` writes for a settled deal (:data:`_ROW`, whose every accepted value passes
:func:`~solitaire.seer.runs.rowfile.check_row`) is read by one regular expression, anything else by the
JSON parser and :func:`~solitaire.seer.runs.rowfile.check_row`, which names the file and line of an error.
"""

import math
import os
import re
from collections.abc import Callable, Container, Iterable
from typing import NamedTuple, TypedDict, cast

import numpy as np

from solitaire.io.errors import InputError
from solitaire.io.inputfile import parse_json
from solitaire.seer.bounds.method import Method
from solitaire.seer.game.ids import parse_id
from solitaire.seer.runs.rowfile import LIMITS, check_row, row_lines, row_max

__all__ = ["TableRow", "TABLE_KEYS", "METHODS", "DealRow", "TableDeals", "read_table_deals", "add_table_file"]


class _TableFields(TypedDict):
    """The keys every row of the table has (:data:`TABLE_KEYS`)."""

    id: str
    players: int
    seed: int
    L: int
    U2: int
    U3: int
    U3_high: int
    exact: bool
    method: Method | None
    seconds: float


class TableRow(_TableFields, total=False):
    """A row of the table (:func:`~solitaire.seer.runs.exactrun.table_row`; ``docs/formats.md``): the keys every
    row has, the search's ``nodes``, ``variant`` and ``max_score`` in a variant table, and on an open row the
    limits it ran under (:meth:`~solitaire.seer.bounds.limits.SearchLimits.to_row`)."""

    nodes: int
    variant: str
    max_score: int
    timeout: float | None
    peer_timeout: float
    peer_solver: str
    peer_encoding: str


#: The keys every row of the table has.
TABLE_KEYS = tuple(_TableFields.__annotations__)
#: The values of ``method``, by their code in :class:`TableDeals` (0: none, an open row's or one that did not say).
METHODS = (None, *Method)
_CODES = {method: code for code, method in enumerate(METHODS)}

#: One deal: its newest row's fields; ``whole``: its ``seconds`` was written as a whole number
#: (printed back as one); ``first``: the place of the deal's first row among all rows added.
DEAL = np.dtype([("players", "u1"), ("seed", "u8"), ("L", "u1"), ("U2", "u1"), ("U3", "u1"), ("U3_high", "u1"),
                 ("exact", "?"), ("method", "u1"), ("seconds", "f8"), ("whole", "?"), ("first", "i8")])

_BLOCK = 1 << 16        # rows turned into one array at a time
_MERGE_AT = 1 << 20     # fewest waiting rows that are merged into the deals

_SCORE = r"(1[0-9]|2[0-5]|[0-9])"  # 0..25
#: A row of a settled or open deal exactly as ``table`` writes it (``json.dumps`` of
#: :func:`~solitaire.seer.runs.exactrun.table_row`) without recorded limits: the id's player count and
#: seed those of the row, seeds below 10^18, scores in 0..25 (no ``max_score``), a finite
#: ``seconds`` (checked after the match). Groups: players, seed, L, U2, U3, U3_high, exact,
#: method, seconds, its fraction, its exponent.
_ROW = re.compile(
    r'\{"id": "P([2-6])[-:]seed[-:](0|[1-9][0-9]{0,17})", "players": \1, "seed": \2, '
    rf'"L": {_SCORE}, "U2": {_SCORE}, "U3": {_SCORE}, "U3_high": {_SCORE}, "exact": (true|false), '
    r'"method": (?:"(bot|search|peer)"|null), "nodes": (?:0|[1-9][0-9]*), '
    r'"seconds": ((?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)\}', re.ASCII)


class DealRow(NamedTuple):
    """The fields of a row of the table that :class:`TableDeals` keeps (values as in a checked row; ``seed`` below
    2^64; ``method`` a :class:`~solitaire.seer.bounds.method.Method` or its name)."""

    players: int
    seed: int
    L: int
    U2: int
    U3: int
    U3_high: int
    exact: bool
    method: str | None
    seconds: int | float


def _kind(row):
    """The kind of deal of a checked row: its id's source and its variant (``None`` if none)."""
    return parse_id(row["id"]).source, row.get("variant")


class TableDeals:
    """The summary fields of the newest row of each deal (module docstring); :meth:`add` rows (:class:`DealRow`)
    or :meth:`add_row` row dicts in file order, then :meth:`table` gives the deals."""

    def __init__(self) -> None:
        self._deals = np.zeros(0, DEAL)  # one record per deal, ordered by (players, seed)
        self._waiting: list[np.ndarray] = []  # blocks of rows not yet merged
        self._rows: list[tuple] = []  # rows not yet in a block
        self._count = 0
        self.kinds: dict[tuple[str, str | None], int] = {}  # (id source, variant) of the rows added: its maximum score
        #: The limits (:data:`~solitaire.seer.runs.rowfile.LIMITS`) each deal ``(players, seed)`` whose newest row is
        #: open recorded (none: ``{}``).
        self.open_limits: dict[tuple[int, int], dict[str, object]] = {}

    @classmethod
    def of_rows(cls, rows: Iterable[TableRow]) -> "TableDeals":
        """The deals of row dicts (each with the keys :data:`TABLE_KEYS`), in order."""
        deals = cls()
        for row in rows:
            deals.add_row(row)
        return deals

    def add_row(self, row: TableRow) -> None:
        """Add one checked row (:func:`~solitaire.seer.runs.rowfile.check_row`, with the keys :data:`TABLE_KEYS`)."""
        self.add(DealRow(row["players"], row["seed"], row["L"], row["U2"], row["U3"], row["U3_high"], row["exact"],
                         row["method"], row["seconds"]), kind=_kind(row), max_score=row_max(row),
                 limits={key: row[key] for key in LIMITS if key in row})  # type: ignore[literal-required]

    def add(self, row: DealRow, kind: tuple[str, str | None] = ("seed", None), max_score: int = 25,
            limits: dict[str, object] | None = None) -> None:
        """Add one row (``kind``: its id's source and its variant; ``max_score``: its deal's maximum; ``limits``:
        the search limits it records, if open)."""
        self.kinds[kind] = max_score
        players, seed, L, U2, U3, U3_high, exact, method, seconds = row
        if not exact:
            self.open_limits[players, seed] = limits or {}
        elif self.open_limits:
            self.open_limits.pop((players, seed), None)
        self._rows.append((players, seed, L, U2, U3, U3_high, exact, _CODES[method], seconds, type(seconds) is int,
                           self._count))
        self._count += 1
        if len(self._rows) >= _BLOCK:
            self._flush()

    def _flush(self, merge=False):
        if self._rows:
            self._waiting.append(np.array(self._rows, DEAL))
            self._rows = []
        if self._waiting and (merge or sum(map(len, self._waiting)) >= max(len(self._deals), _MERGE_AT)):
            self._merge()

    def _merge(self):
        """Merge the waiting rows into the deals: per deal the newest row, with the deal's first place."""
        rows = np.concatenate([self._deals, *self._waiting])
        self._waiting = []
        rows = rows[np.lexsort((rows["seed"], rows["players"]))]  # stable: a deal's rows stay in file order
        new = np.ones(len(rows), bool)
        new[1:] = (rows["players"][1:] != rows["players"][:-1]) | (rows["seed"][1:] != rows["seed"][:-1])
        starts = np.flatnonzero(new)
        deals = rows[np.append(starts[1:], len(rows)) - 1]  # the last row of each deal
        deals["first"] = rows["first"][starts]              # the deal's first row came first
        self._deals = deals

    def table(self) -> np.ndarray:
        """One record (:data:`DEAL`) per deal, in the order of the deals' first rows."""
        self._flush(merge=True)
        return self._deals[np.argsort(self._deals["first"], kind="stable")]

    def keep(self, where: Callable[[np.ndarray], np.ndarray]) -> None:
        """Keep only the deals whose records (:data:`DEAL`) ``where`` maps to ``True``."""
        self._flush(merge=True)
        self._deals = self._deals[where(self._deals)]
        opened = self._deals[~self._deals["exact"]]
        self.open_limits = {deal: self.open_limits[deal]
                            for deal in zip(opened["players"].tolist(), opened["seed"].tolist(), strict=True)}

    def __len__(self) -> int:
        """The number of deals."""
        self._flush(merge=True)
        return len(self._deals)

    @staticmethod
    def seconds(deal: np.void) -> int | float:
        """The ``seconds`` of a record as its row wrote it (a whole number or not)."""
        return int(deal["seconds"]) if deal["whole"] else float(deal["seconds"])


def read_table_deals(paths: Iterable[str | os.PathLike[str]], players: Iterable[int] | None = None,
                     advance: Callable[[int], object] | None = None) -> TableDeals:
    """The :class:`TableDeals` of the row files ``paths`` (later files win), for ``players`` (all if None).

    Raises :class:`InputError` naming the file and the line when a row is not a row of the
    table (say, a row of ``bound``) or a file holds no row. ``advance``: as in
    :func:`~solitaire.seer.runs.rowfile.row_lines` (a progress bar over the files' bytes).
    """
    deals, wanted = TableDeals(), None if players is None else frozenset(players)
    for path in paths:
        if not add_table_file(deals, path, wanted, advance):
            raise InputError("no table rows (expected JSON Lines written by 'table')", str(path))
    return deals


def add_table_file(deals: TableDeals, path: str | os.PathLike[str], players: Container[int] | None = None,
                   advance: Callable[[int], object] | None = None) -> int:
    """Add the rows of the row file ``path`` (none if it does not exist) for ``players`` (all if None) to ``deals``;
    the number of rows it holds. Errors and ``advance`` as in :func:`read_table_deals`."""
    source, found = str(path), 0
    for number, line in row_lines(path, advance):
        m = _ROW.fullmatch(line)
        if m:
            p, seed, L, U2, U3, high, exact, method, seconds, fraction, exponent = m.groups()
            seconds = float(seconds) if fraction or exponent else int(seconds)
            if math.isfinite(seconds):
                found += 1
                if players is None or int(p) in players:
                    deals.add(DealRow(int(p), int(seed), int(L), int(U2), int(U3), int(high), exact == "true",
                                      method, seconds))
                continue
        if not line.strip():
            continue
        row = check_row(parse_json(line, source, number), TABLE_KEYS, source, number)
        if row["seed"] >= 2 ** 64:
            raise InputError(f"expected 'seed' below 2^64, got {row['seed']}", source, number)
        found += 1
        if players is None or row["players"] in players:
            deals.add_row(cast(TableRow, row))
    return found
