"""The winnability table: U3 over many seeded deals per player count, resumable.

A table is of one :class:`Deals`: our seeded deals (:func:`~solitaire.seer.game.deals.seeded_deal`),
the Hanabi Learning Environment's (:func:`~solitaire.seer.game.hle.hle_deal`, with or without its random
starting player), or, for a hanab.live variant, the deals hanab.live deals for the seed strings
``p<P>v<variant id>s<seed>``; a row of a variant table also has ``variant`` and ``max_score``,
and "25" below stands for that maximum.

One row per deal (:func:`table_row`): ``id``, ``players``, ``seed``, ``L``, ``U2``, ``U3`` (the best
score proven reachable), ``U3_high`` (the best upper bound proven), ``exact``, ``method``
(what proved it: ``bot``, ``search`` or ``peer``, see :class:`~solitaire.seer.bounds.u3.search.ExactResult`)
and ``seconds``. :func:`table_rows` streams rows for ``players x seeds`` on ``jobs``
processes; rows go to a JSON Lines file one flushed line each
(:class:`~solitaire.seer.runs.rowfile.RowWriter`), and a rerun skips the ``(players, seed)`` pairs
already there (or, retrying, only the exact ones, or only the bot's; the file then keeps both
rows of a retried deal and :func:`latest_rows` takes the last). :func:`read_table` reads several
such files at once, plain or ``.xz`` (the shipped table, ``instances/table/``).

:class:`TableRun` is one run of ``hanabi-solitaire table``: it reuses the rows of its file for
the deals it asks for, except those its :class:`Retry` names and the open rows whose recorded
limits (:meth:`~solitaire.seer.bounds.limits.SearchLimits.to_row`) differ from the run's (a row without recorded
limits counts as computed under other limits), computes the rest and summarises exactly the
deals asked for, each once.

:func:`table_summary` gives per player count: the share of deals proven winnable
(``U3 = 25``) with its 95% Wilson interval, and the share of deals that may be winnable
(``U3_high = 25``: proven wins plus unresolved deals whose bound still allows 25), so the
true share lies between the two; the distribution of ``U3`` over exact rows; how often U2
was already exact (``U3 = U2`` proven); how many deals each method closed; the unresolved
count; the slowest deals.
"""

import os
import time
from collections import Counter
from collections.abc import Container, Generator, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from itertools import islice
from typing import Any, NamedTuple, cast

import numpy as np

from solitaire.io.errors import InputError
from solitaire.io.workers import imap_jobs
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.method import Method
from solitaire.seer.bounds.u3 import exact, warm_up
from solitaire.seer.game.deals import MAX_SCORE, Deal, whole_number
from solitaire.seer.game.ids import parse_id
from solitaire.seer.game.seeds import split_seed_range
from solitaire.seer.game.variants import get_variant
from solitaire.seer.runs.evaluation import wilson
from solitaire.seer.runs.rowfile import LockedRun, RowLock, RowWriter, ran_under, read_rows, variant_fields
from solitaire.seer.runs.tabledeals import METHODS, TABLE_KEYS, TableDeals, TableRow, add_table_file, read_table_deals
from solitaire.seer.sources.dealsource import DEALERS, SEED_BITS, live_deals, parse_players

__all__ = ["table_row", "table_rows", "latest_rows", "read_table", "read_table_deals", "table_summary", "format_table",
           "TABLE_KEYS", "TableRow", "TableRun", "Retry", "Deals", "TableDealsAsked", "table_deals"]


class Deals(NamedTuple):
    """The deals of a table: ``source`` an id source (:mod:`solitaire.seer.game.ids`: ``seed``, ``hle``,
    ``hlerandom``, or ``live`` with the name of its ``variant``)."""

    source: str = "seed"
    variant: str | None = None

    @classmethod
    def of_row(cls, row: TableRow) -> "Deals":
        """The deals of a checked row (a row of hanab.live's standard game names no variant: No Variant)."""
        return cls.of_kind(parse_id(row["id"]).source, row.get("variant"))

    @classmethod
    def of_kind(cls, source: str, variant: str | None) -> "Deals":
        """The deals of rows of an id ``source`` naming ``variant`` (``None``: none)."""
        return cls(source, variant if source != "live" or variant is not None else get_variant(0).name)

    def __str__(self) -> str:
        return {"seed": "our seeded deals", "hle": "HLE's deals", "hlerandom": "HLE's deals with its random start",
                "live": f"hanab.live's {self.variant or get_variant(0).name} deals"}[self.source]

    @property
    def seeds(self) -> int:
        """The seeds ``0 .. seeds - 1`` of the deals."""
        return 10 ** 12 if self.source == "live" else 2 ** SEED_BITS[self.source]  # live: 12-digit suffixes

    def deal(self, players: int, seed: int) -> Deal:
        """The deal of ``players`` and ``seed``."""
        if self.source == "live":
            if self.variant is None:  # as get_variant refuses it
                raise InputError("expected a hanab.live variant name or id, got None", "hanab.live variant")
            return live_deals([f"p{players}v{get_variant(self.variant).id}s{seed}"])[0]
        return DEALERS[self.source](players, seed)


#: The default kind of deal: our seeded deals.
_SEEDED = Deals()
#: The limits of a table run unless told: 10 seconds of search per deal, no SAT peer.
_TEN_SECONDS = SearchLimits(10.0)


def table_row(task: tuple[int, int, SearchLimits, Deals]) -> TableRow:
    """The row of ``(players, seed, limits, deals)`` (see the module docstring): the deal of ``players`` and
    ``seed`` of ``deals`` (a :class:`Deals`), searched under ``limits``."""
    players, seed, limits, deals = task
    began = time.perf_counter()
    deal = deals.deal(players, seed)
    r = exact(deal, limits)
    row: dict[str, Any] = {"id": deal.ident, "players": players, "seed": seed, **variant_fields(deal), "L": r.L,
                           "U2": r.U2, "U3": r.score, "U3_high": r.high, "exact": r.exact, "method": r.method,
                           "nodes": r.nodes, "seconds": round(time.perf_counter() - began, 4)}
    if not r.exact:
        row.update(limits.to_row())
    return cast(TableRow, row)


def _checked(row: dict) -> TableRow:
    """A row :func:`~solitaire.seer.runs.rowfile.read_rows` checked to have the keys :data:`TABLE_KEYS`."""
    return cast(TableRow, row)


def table_rows(players: Sequence[int], seeds: Sequence[int], limits: SearchLimits, jobs: int = 1,
               skip: Container[tuple[int, int]] = frozenset(),
               deals: Deals = _SEEDED) -> Generator[TableRow, None, None]:
    """Rows for every player count and seed not in ``skip`` (a set of ``(players, seed)``), in order, of
    ``deals`` (a :class:`Deals`, by default our seeded deals), searched under ``limits``.

    Deals go to the workers in batches of 16, fewer when there are fewer than 256 per worker
    (a retry of the open deals, each of which may take a minute, sends them one at a time, so
    no worker is left with a queue of them at the end)."""
    warm_up()

    def pending():
        return ((p, s) for p in players for s in seeds if (p, s) not in skip)

    todo = sum(1 for _ in islice(pending(), 16 * 256 * jobs))  # counted as far as the batch size depends on it
    tasks = ((p, s, limits, deals) for p, s in pending())
    yield from imap_jobs(table_row, tasks, jobs, chunksize=max(1, min(16, todo // (256 * jobs))))


def latest_rows(rows: Iterable[TableRow]) -> list[TableRow]:
    """One row per deal, ``(players, deals, seed)``: the last one in file order (a retried deal
    replaces its row)."""
    return list({(r["players"], Deals.of_row(r), r.get("seed")): r for r in rows}.values())


def read_table(paths: Iterable[str | os.PathLike[str]], players: Container[int] | None = None) -> list[TableRow]:
    """The newest row per deal over the row files ``paths`` (later files win), for ``players`` (all if None).

    Raises :class:`InputError` naming the file and the line when a row is not a row of the
    table (:func:`~solitaire.seer.runs.rowfile.read_rows`; say, a row of ``bound``) or a file holds no row.
    """
    rows: list[TableRow] = []
    for path in paths:
        found = read_rows(path, required=TABLE_KEYS)
        if not found:
            raise InputError("no table rows (expected JSON Lines written by 'table')", str(path))
        rows += map(_checked, found)
    return [r for r in latest_rows(rows) if players is None or r["players"] in players]


def table_summary(rows: TableDeals | Iterable[TableRow], slowest: int = 5) -> dict[str, dict]:
    """Per player count, the figures of the module docstring (keys are player counts as text).

    ``rows``: a :class:`~solitaire.seer.runs.tabledeals.TableDeals`, or row dicts (one per deal, or
    several, the newest winning), all of one :class:`Deals`."""
    deals = rows if isinstance(rows, TableDeals) else TableDeals.of_rows(rows)
    if len(deals.kinds) > 1:
        names = ", ".join(sorted(str(Deals(*kind)) for kind in deals.kinds))
        raise InputError(f"rows of several kinds of deal ({names}): summarise each kind's files apart", "table-summary")
    (_, variant), top = next(iter(deals.kinds.items()), ((None, None), MAX_SCORE))
    table = deals.table()
    out = {}
    for p in np.unique(table["players"]).tolist():
        mine = table[table["players"] == p]
        n = len(mine)
        exact, U3 = mine["exact"], mine["U3"]
        wins = int(np.count_nonzero(exact & (top == U3)))
        maybe = int(np.count_nonzero(mine["U3_high"] == top))
        by_time = np.argsort(mine["seconds"], kind="stable")  # as sorted(): ties in the deals' order
        scores, counts = np.unique(U3[exact], return_counts=True)
        closed = Counter(dict(zip(METHODS[1:], np.bincount(mine["method"], minlength=len(METHODS)).tolist()[1:],
                                  strict=True)))
        closed.update(unrecorded=int(np.count_nonzero(exact & (mine["method"] == 0))),
                      open=int(np.count_nonzero(~exact & (mine["method"] == 0))))
        seconds = [TableDeals.seconds(mine[by_time[i]]) for i in (n // 2, min(n - 1, (99 * n) // 100), n - 1)]
        out[str(p)] = {
            "deals": n, **({"variant": variant, "max_score": top} if variant else {}),
            "share_U3_25": wins / n, "share_U3_25_ci95": list(wilson(wins, n)),
            "share_may_be_25": maybe / n, "share_may_be_25_ci95": list(wilson(maybe, n)),
            "U3_distribution": {str(k): v for k, v in zip(scores.tolist(), counts.tolist(), strict=True)},
            "share_U2_exact": int(np.count_nonzero(exact & (mine["U2"] == U3))) / n,
            "share_L_optimal": int(np.count_nonzero(exact & (mine["L"] == U3))) / n,
            "closed_by": {k: v for k, v in sorted(closed.items()) if v},
            "unresolved": n - int(np.count_nonzero(exact)),
            "seconds_median": seconds[0], "seconds_p99": seconds[1], "seconds_max": seconds[2],
            "slowest": [{"seed": int(d["seed"]), "seconds": TableDeals.seconds(d), "exact": bool(d["exact"]),
                         "U3": int(d["U3"]), "U3_high": int(d["U3_high"])}
                        for d in mine[np.argsort(-mine["seconds"], kind="stable")[:slowest]]],
        }
    return out


def format_table(summary: dict[str, dict]) -> str:
    """The summary as a Markdown table plus the slowest deals."""
    top = next(iter(summary.values()), {}).get("max_score", 25)
    lines = [f"| P | deals | U3 = {top} (95% CI) | U3 may be {top} | U2 exact | closed by | unresolved "
             "| U3 distribution | median s | p99 s | max s |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for p, s in summary.items():
        low, high = s["share_U3_25_ci95"]
        dist = ", ".join(f"{k}: {v}" for k, v in s["U3_distribution"].items())
        closed = ", ".join(f"{k} {v}" for k, v in s["closed_by"].items() if k != "open")
        lines.append(f"| {p} | {s['deals']} | {100 * s['share_U3_25']:.2f}% ({100 * low:.2f}..{100 * high:.2f}) "
                     f"| {100 * s['share_may_be_25']:.2f}% | {100 * s['share_U2_exact']:.2f}% | {closed} "
                     f"| {s['unresolved']} | {dist} | {s['seconds_median']:.4f} | {s['seconds_p99']:.3f} "
                     f"| {s['seconds_max']:.3f} |")
    for p, s in summary.items():
        slow = ", ".join(f"seed {d['seed']} ({d['seconds']:.2f} s, {d['U3']}..{d['U3_high']})" for d in s["slowest"])
        lines.append(f"slowest P={p}: {slow}")
    return "\n".join(lines)


class TableDealsAsked(NamedTuple):
    """The deals a table asks for: ``deals`` deals from ``seed`` on for each player count of ``players``, of
    ``kind``."""

    players: list[int]
    seed: int
    deals: int
    kind: Deals


def table_deals(players: str | None = None, deals: int | None = None, seed: int = 0, variant: str | None = None,
                hle: bool = False, hle_random_start: bool = False,
                hanab_live_seeds: str | None = None) -> TableDealsAsked:
    """The deals of ``table``: ``deals`` deals per player count of ``players`` (``A..B`` or ``2,4`` within
    ``2..6``; by default ``2..5``) from ``seed`` on, ours or of at most one of ``variant`` (a hanab.live variant's
    name), ``hle`` and ``hle_random_start`` (HLE's deals, with its random starting player); or all of them given
    at once by a range of hanab.live seed strings ``hanab_live_seeds`` (``p3v0s1..1000``: 3 players, No Variant,
    seeds 1 to 1000).

    Raises :class:`InputError` naming the parameters that do not fit together or the one that is wrong.

    Examples
    --------
    >>> table_deals(hanab_live_seeds="p3v0s1..1000")
    TableDealsAsked(players=[3], seed=1, deals=1000, kind=Deals(source='live', variant='No Variant'))
    >>> table_deals("2,4", 100, hle=True).kind
    Deals(source='hle', variant=None)
    """
    if hanab_live_seeds is not None:
        if players or deals or seed or variant or hle or hle_random_start:
            raise InputError("`hanab_live_seeds` gives the players, the variant and the seeds: not with `players`, "
                             "`deals`, `seed`, `variant`, `hle` or `hle_random_start`", None)
        try:
            count, variant_id, first, last = split_seed_range(hanab_live_seeds)
            name = get_variant(variant_id).name
        except InputError as err:
            raise InputError(err.message, "`hanab_live_seeds`") from None
        return TableDealsAsked([count], first, last - first + 1, Deals("live", name))
    if deals is None:
        raise InputError("`deals` is required (or `hanab_live_seeds`)", None)
    if variant is not None and not variant.strip():
        raise InputError(f"expected the name of a hanab.live variant (\"Black (6 Suits)\"), got {variant!r}",
                         "`variant`")
    if sum(map(bool, (variant, hle, hle_random_start))) > 1:
        raise InputError("give at most one of `variant`, `hle`, `hle_random_start`", None)
    if variant:
        variant = _seeded_variant(variant)
    kind = Deals("live", variant) if variant else Deals("hlerandom" if hle_random_start else "hle" if hle else "seed")
    return TableDealsAsked(parse_players(players or "2..5"), seed, deals, kind)


def _seeded_variant(name: str) -> str:
    """The current name of the variant ``name`` names, whose deals seed strings name by its id; a variant hanab.live
    no longer has (:func:`~solitaire.seer.game.variants.retired_variants`) has no seed strings."""
    try:
        found = get_variant(name)
    except InputError as err:
        raise InputError(err.message, "`variant`") from None
    if found.retired:
        raise InputError(f"{name!r} is not one of hanab.live's variants any more ({found.retired}): no seed string "
                         f"names its deals (id {found.id} is now {get_variant(found.id).name!r})", "`variant`")
    return found.name


@dataclass(frozen=True)
class Retry:
    """The rows of its file a :class:`TableRun` recomputes rather than reuses: the open ones (``open``), every one
    the bot did not settle (``searched``, the open ones included), every one that took more than ``slower`` seconds
    (``None``: none by its time)."""

    open: bool = False
    searched: bool = False
    slower: float | None = None


class _Held:
    """The deals ``(players, seed)`` of records (:data:`~solitaire.seer.runs.tabledeals.DEAL`), for ``in``: each
    player count's seeds sorted, searched by bisection."""

    def __init__(self, deals: np.ndarray) -> None:
        self.seeds = {p: np.sort(deals["seed"][deals["players"] == p]) for p in np.unique(deals["players"]).tolist()}

    def __contains__(self, deal: object) -> bool:
        players, seed = cast(tuple[int, int], deal)
        seeds = self.seeds.get(players, np.zeros(0, np.uint64))
        at = int(np.searchsorted(seeds, np.uint64(seed)))
        return at < len(seeds) and int(seeds[at]) == seed


class TableRun(LockedRun):
    """One run of ``table`` (module docstring): ``with TableRun(...) as run``, then :meth:`rows`
    computes, writes and yields the new rows and :meth:`summary` summarises the deals asked for.

    Parameters
    ----------
    players : list of int
        Player counts (those ``kind`` deals: ``2..6``, HLE's ``2..5``).
    seed, deals : int
        The seeds ``seed .. seed + deals - 1`` of each player count (below ``2^64`` for our seeded
        deals, ``2^31`` for HLE's, ``10^12`` for a variant's hanab.live seeds), ``deals >= 1``.
    out : str
        The JSON Lines row file; its rows are reused (and new ones appended).
    limits : SearchLimits
        What limits the search of each deal (:class:`~solitaire.seer.bounds.limits.SearchLimits`; by default 10
        seconds of search, no SAT peer).
    retry : Retry
        The rows of ``out`` recomputed rather than reused (by default none but the open rows of other limits).
    jobs : int
        Worker processes.
    kind : Deals
        What deals: ours (default), HLE's, or a hanab.live variant's.

    Raises
    ------
    InputError
        Before anything is written, naming the parameter: ``out`` not a row file, ``deals`` not a whole number
        ``>= 1``, seeds past the last of ``kind``, players or a seed ``kind`` does not deal (each player count's
        first deal is dealt here), a variant whose rules the solvers refuse.
    """

    def __init__(self, players: Sequence[int], seed: int, deals: int, out: str | os.PathLike[str],
                 limits: SearchLimits = _TEN_SECONDS, retry: Retry = Retry(), jobs: int = 1,
                 kind: Deals = _SEEDED) -> None:
        if not str(out).endswith((".jsonl", ".json")):
            raise InputError("expected a .jsonl file for the rows (`out`)", str(out))
        limit = "10^12" if kind.source == "live" else f"2^{SEED_BITS[kind.source]}"
        deals = whole_number(deals, "deals", 1, kind.seeds, f"1..{limit}")
        if seed + deals > kind.seeds:
            raise InputError(f"expected seed + deals <= {limit} for {kind} (a larger seed repeats a deal or is "
                             f"not a seed of theirs), got {seed} + {deals}", "`seed`")
        for p in players:  # each player count's first deal, and a variant's rules, refused at once
            first = kind.deal(p, seed)
            if kind.source == "live":
                first.variant.check_playable()
        self.kind = kind
        self.players, self.seeds, self.out, self.jobs = list(players), range(seed, seed + deals), str(out), jobs
        self.limits, self.retry = limits, retry
        self.lock = RowLock(self.out)
        try:
            #: The deals asked for, their newest rows kept compact: those of ``out`` reused, then the new ones.
            self.deals = TableDeals()
            add_table_file(self.deals, self.out)
            other = next((found for found in (Deals.of_kind(*k) for k in self.deals.kinds) if found != kind), None)
            if other is not None:
                raise InputError(f"the file holds rows of {other}: keep each kind of deal in files of its own",
                                 self.out)
            self.deals.keep(self._reusable)
        except BaseException:
            self.close()
            raise
        self.todo = len(self.players) * deals - len(self.deals)

    def _reusable(self, deals: np.ndarray) -> np.ndarray:
        """Which of the records ``deals`` (:data:`~solitaire.seer.runs.tabledeals.DEAL`) are of deals asked for
        whose rows are reused."""
        retry = self.retry
        keep = np.isin(deals["players"], self.players) & (deals["seed"] >= np.uint64(self.seeds.start)) \
            & (deals["seed"] <= np.uint64(self.seeds[-1]))
        if retry.searched:
            keep &= deals["method"] == METHODS.index(Method.BOT)
        if retry.open:
            keep &= deals["exact"]
        if retry.slower is not None:
            keep &= deals["seconds"] <= retry.slower
        for at in np.flatnonzero(keep & ~deals["exact"]).tolist():  # an open row: searched again under other limits
            keep[at] = ran_under(self.deals.open_limits[int(deals["players"][at]), int(deals["seed"][at])],
                                 self.limits)
        return keep

    def rows(self) -> Iterator[TableRow]:
        """Compute, append to ``out`` and yield the rows of the deals not reused, in order."""
        stream = table_rows(self.players, self.seeds, self.limits, self.jobs, _Held(self.deals.table()), self.kind)
        with closing(stream), RowWriter(self.out, resume=True, lock=self.lock) as writer:  # closing: stops the workers
            self.lock = None
            for row in stream:
                writer.write(row)
                self.deals.add_row(row)
                yield row

    def summary(self) -> dict[str, dict]:
        """:func:`table_summary` over the deals asked for, one row each."""
        return table_summary(self.deals)
