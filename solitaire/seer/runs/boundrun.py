"""Batch bounds over many deals: rows and their summary.

One row per deal (:func:`bound_row`): ``id``, ``players``, ``L`` (the perfect-information bot,
:mod:`solitaire.seer.game.simulator`), ``U1`` and ``U2`` (:mod:`solitaire.seer.bounds.relaxations`), ``reason`` when
``U2 < 25``, the hardness figures ``min_hand`` and ``pace_slack``, and for real games
``real_score``, ``end`` and ``gap = U2 - real_score``; :class:`BoundRow` declares every key a row may have.
:func:`run_rows` computes rows on
``jobs`` processes, in input order (:mod:`solitaire.seer.runs.rowfile` streams them to a file, so an
interrupted run keeps every finished row; with resume the ids already in the file are
skipped). :func:`summarize` gives the mean of each bound,
the share of deals with ``U2 = 25`` and ``L = 25`` with 95% Wilson intervals, how often
``L = U2``, and the gap histogram.

:class:`BoundRun` is one run of ``hanabi-solitaire bound``: the deals of a source
(:mod:`solitaire.seer.sources.dealsource`), rows streamed to a row file, resumed from it, optimal lines
written as files named by id, and the summary of exactly the deals asked for, each once. It writes each row
as :func:`complete_row` completes it: joined to an agent's score, its optimal line replaced by the line's replay
link. Resuming reuses a row only if it was computed with the run's options: a row of another kind
(with or without ``--exact``, the figures, the lines) stops the run with an
:class:`~solitaire.io.errors.InputError` saying so; an open row (``exact`` false) records its
limits (:meth:`~solitaire.seer.bounds.limits.SearchLimits.to_row`) and is recomputed when they differ from the
run's.
"""

import json
import os
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict, cast

from solitaire.io.atomic import writable_folder, write_text_atomic
from solitaire.io.errors import InputError
from solitaire.io.interrupt import worker_pool
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.method import Method
from solitaire.seer.bounds.relaxations import hardness, u1, u2, u2_reason
from solitaire.seer.bounds.u3 import exact, warm_up
from solitaire.seer.game.deals import Deal
from solitaire.seer.game.ids import line_file_name
from solitaire.seer.game.simulator import DISCARD, PLAY, Action, seer_line
from solitaire.seer.runs.evaluation import evaluate, wilson
from solitaire.seer.runs.rowfile import (
    LockedRun,
    RowLock,
    RowWriter,
    latest_by_id,
    ran_under,
    read_rows,
    row_max,
    variant_fields,
    write_through,
)
from solitaire.seer.sources.dealsource import DealList, LiveSeeds, SeedRange
from solitaire.seer.sources.history import Refused, RefusedRow, refused_counts
from solitaire.seer.sources.replaylink import link_or_reason

__all__ = ["BoundRow", "bound_row", "complete_row", "real_fields", "run_rows", "imap_jobs", "summarize", "BoundOptions",
           "BoundRun"]


class _BoundFields(TypedDict):
    """The keys every row of ``bound`` has (:data:`BOUND_KEYS`)."""

    id: str
    players: int
    L: int
    U1: int
    U2: int


class BoundRow(_BoundFields, total=False):
    """A row of ``bound`` (:func:`bound_row`, :func:`complete_row`; ``docs/formats.md``): the keys every row has,
    and the others where they apply. ``u3_game`` (the optimal line as a hanab.live game) is in the rows of
    :func:`bound_row` only: a run writes its replay link instead (``link``, or ``None`` and ``link_note``)."""

    variant: str
    max_score: int
    min_hand: int
    pace_slack: int
    real_score: int
    end: str
    played: int
    gap: int
    U3: int
    U3_high: int
    exact: bool
    method: Method | None
    gap_U3: int
    timeout: float | None
    peer_timeout: float
    peer_solver: str
    peer_encoding: str
    u3_game: dict[str, Any]
    reason: str
    source: str
    u1_line: list[Any]
    u2_line: list[Any]
    bot_actions: list[Action]
    link: str | None
    link_note: str


#: What every row of ``bound`` has, resumed rows included.
BOUND_KEYS = tuple(_BoundFields.__annotations__)
#: The lines a row of a run keeps only with ``lines`` (JSON rows).
LINE_KEYS = ("u1_line", "u2_line", "bot_actions")


def bound_row(deal: Deal, figures: bool = True, lines: bool = False, limits: SearchLimits | None = None) -> BoundRow:
    """The row of one deal (see the module docstring); ``lines`` adds the U1/U2 lines and bot actions.

    ``limits`` (``None``: no U3) adds ``U3``, ``U3_high``, ``exact`` and ``method``, searched under them
    (:func:`solitaire.seer.bounds.u3.search.exact`; with ``lines``, the optimal line as a hanab.live game,
    ``u3_game``), and to an open row the limits (:meth:`~solitaire.seer.bounds.limits.SearchLimits.to_row`).
    """
    actions, low = seer_line(deal)
    upper1, upper2 = u1(deal), u2(deal)
    row: dict[str, Any] = {"id": deal.ident, "players": deal.players, **variant_fields(deal), "L": low,
                           "U1": upper1.score, "U2": upper2.score}
    if figures:
        row.update(hardness(deal, upper2.score))
    row.update(real_fields(deal))
    if "real_score" in row:
        row["gap"] = upper2.score - row["real_score"]
    if limits is not None:
        result, game = _exact(deal, limits)
        row.update({"U3": result.score, "U3_high": result.high, "exact": result.exact, "method": result.method})
        if result.exact and "real_score" in row:
            row["gap_U3"] = result.score - row["real_score"]
        if not result.exact:
            row.update(limits.to_row())
        if lines:
            row["u3_game"] = game
    reason = u2_reason(deal, upper2.score)
    if reason:
        row["reason"] = reason
    if "source" in deal.meta:
        row["source"] = deal.meta["source"]
    if lines:
        row["u1_line"] = upper1.to_json()["plays"]
        row["u2_line"] = upper2.to_json()["plays"]
        row["bot_actions"] = actions
    return cast(BoundRow, row)


def complete_row(row: BoundRow, score: int | None = None, lines: bool = True) -> BoundRow:
    """``row`` (of :func:`bound_row`) as a run writes it: joined to its agent's ``score`` (``None``: none;
    ``real_score``, ``gap`` to U2, ``gap_U3`` where U3 is proven), its optimal line ``u3_game`` replaced by the
    line's replay link (``link``, or ``None`` and ``link_note`` saying why), the lines :data:`LINE_KEYS` kept only
    with ``lines``. The keys ``row`` has keep their places; the others follow in that order."""
    out: dict[str, Any] = {key: value for key, value in row.items()
                           if key != "u3_game" and (lines or key not in LINE_KEYS)}
    if score is not None:
        out.update(real_score=score, gap=row["U2"] - score)
        if row.get("exact"):
            out["gap_U3"] = out["U3"] - score
    game = row.get("u3_game")
    if game is not None:
        out["link"], note = link_or_reason(game)
        if note:
            out["link_note"] = note
    return cast(BoundRow, out)


def real_fields(deal: Deal) -> dict:
    """What a row says of a real game's own play (:mod:`solitaire.seer.sources.history`): ``real_score``
    (hanab.live's score, where known), ``end`` and ``played``."""
    return {key: deal.meta[key] for key in ("real_score", "end", "played") if deal.meta.get(key) is not None}


def _exact(deal, limits):
    """:func:`exact` under ``limits`` and its line as a hanab.live game. The search plays player 0 first, so a deal
    whose starting player ``s`` is another is solved with the seats renamed (player ``s`` becomes
    player 0 and its hand the first one dealt: the same game), its line renamed back."""
    s, P, h = deal.start_player, deal.players, deal.hand
    if s == 0:
        result = exact(deal, limits)
        return result, result.to_json(deal)
    order = sorted(range(len(deal.types)), key=lambda o: ((o // h - s) % P, o) if o < deal.pooled else (P, o))
    renamed = Deal(deal.types[order], P, deal.ident, options=deal.options)  # order[new index]: the card in deal
    result = exact(renamed, limits)
    actions = [dict(a, target=order[a["target"]]) if a["type"] in (PLAY, DISCARD) else
               dict(a, target=(a["target"] + s) % P) for a in result.actions]
    exported = result.to_json(deal)
    return result, {**exported, "actions": actions, "options": {**exported.get("options", {}), "startingPlayer": s}}


def _row_task(args):
    item = args[0]
    return item.to_json() if isinstance(item, Refused) else bound_row(*args)


def imap_jobs(func: Callable[[Any], Any], items: Iterable[Any], jobs: int,
              chunksize: int = 8) -> Generator[Any, None, None]:
    """``map(func, items)`` in input order on ``jobs`` forked processes (``func`` at module level).

    The workers ignore Ctrl-C, SIGTERM and SIGHUP and end with this process
    (:func:`~solitaire.io.interrupt.worker_pool`); closing the generator, or an error or a stop
    signal here, kills them."""
    if jobs <= 1:
        yield from map(func, items)
        return
    with worker_pool(jobs) as pool:
        yield from pool.imap(func, items, chunksize=chunksize)


def run_rows(deals: Iterable[Deal | Refused], jobs: int = 1, figures: bool = True, lines: bool = False,
             limits: SearchLimits | None = None) -> Generator[BoundRow | RefusedRow, None, None]:
    """Rows of ``deals`` (an iterable) in input order, computed on ``jobs`` processes (:func:`bound_row`); a
    refused record's row is its :meth:`~solitaire.seer.sources.history.Refused.to_json`.

    ``limits`` (``None``: no U3) adds U3 (:mod:`solitaire.seer.bounds.u3`), searched under them.
    """
    if limits is not None:
        warm_up()
    tasks = ((deal, figures, lines, limits) for deal in deals)
    yield from imap_jobs(_row_task, tasks, jobs)


def summarize(rows: Sequence[BoundRow]) -> dict:
    """The summary of a list of rows (see the module docstring)."""
    n = len(rows)
    out: dict[str, Any] = {"deals": n}
    maxima = {row_max(r) for r in rows}
    if maxima - {25}:  # a variant's maximum stands for 25 below (None: several)
        out["max_score"] = maxima.pop() if len(maxima) == 1 else None
    for key in ("L", "U1", "U2", "real_score", "min_hand", "pace_slack"):
        values = [r[key] for r in rows if r.get(key) is not None]
        if values:
            out[f"mean_{key}"] = sum(values) / len(values)
    for key in ("U2", "L"):
        wins = sum(1 for r in rows if r.get(key) == row_max(r))
        out[f"share_{key}_25"] = wins / n if n else 0.0
        out[f"share_{key}_25_ci95"] = list(wilson(wins, n))
    if any("exact" in r for r in rows):
        proven = sum(1 for r in rows if r.get("exact") and r["U3"] == row_max(r))
        out["share_U3_25"] = proven / n if n else 0.0
        out["share_U3_25_ci95"] = list(wilson(proven, n))
        out["unresolved"] = sum(1 for r in rows if not r.get("exact"))
        settled = [r["U3"] for r in rows if r.get("exact")]
        if settled:
            out["mean_U3"] = sum(settled) / len(settled)
        if any(r.get("real_score") is not None and r.get("exact") for r in rows):

            out["evaluation"] = evaluate(rows)
    out["share_L_eq_U2"] = sum(1 for r in rows if r["L"] == r["U2"]) / n if n else 0.0
    gaps = Counter(r["gap"] for r in rows if r.get("gap") is not None)
    if gaps:
        out["gap_histogram"] = {str(g): gaps[g] for g in sorted(gaps)}
    out["real_above_U2"] = sum(1 for r in rows if r.get("gap") is not None and r["gap"] < 0)
    return out


@dataclass(frozen=True)
class BoundOptions:
    """What a row of ``bound`` holds: ``figures`` (the hardness figures), ``lines`` (the U1/U2
    lines and the bot's actions in the row), and with ``limits`` U3, searched under them
    (:class:`~solitaire.seer.bounds.limits.SearchLimits`; ``None``: no U3, the command's ``--exact`` off)."""

    figures: bool = True
    lines: bool = False
    limits: SearchLimits | None = None


def _kind(row, options, csv_format):
    """Why ``row`` was not computed with ``options`` (``None`` if it was)."""
    marks = [("U3 (`limits`)", "U3" in row, options.limits is not None),
             ("the figures (`figures`)", "min_hand" in row, options.figures)]
    if not csv_format:
        marks.append(("the lines (`lines`)", "u1_line" in row, options.lines))
    for name, had, want in marks:
        if had != want:
            return (f"row {row['id']} was computed {'with' if had else 'without'} {name}, this run is "
                    f"{'with' if want else 'without'} it: resume with the options that wrote the file, "
                    "or write to another file")
    return None


def _reusable(row, options):
    """A row of the run's kind is reused unless it is open under other limits."""
    return options.limits is None or row.get("exact") or ran_under(row, options.limits)


class BoundRun(LockedRun):
    """One run of ``bound`` (module docstring): ``with BoundRun(...) as run``, then
    :meth:`rows` computes and yields the new rows and :meth:`summary` summarises the deals of
    ``source``, reused rows and new ones.

    Parameters
    ----------
    source : SeedRange, LiveSeeds or DealList
        The deals (:mod:`solitaire.seer.sources.dealsource`).
    options : BoundOptions
    out : str, optional
        The row file; ``csv_format`` says CSV (else JSON Lines). Without ``resume`` it is
        replaced when the run ends (normally or by an interrupt), and left as it was on an error.
    resume : bool
        Reuse the rows of ``out`` computed with ``options`` (needs ``out``).
    lines_dir : str, optional
        With ``options.limits``: write each deal's optimal line there as ``<id>.json``.
    jobs : int
        Worker processes.

    Raises
    ------
    InputError
        Before anything is written: the options do not fit together, ``lines_dir`` cannot be
        written, ``out`` is locked by another run or holds a row that is not one of this run.
    """

    def __init__(self, source: SeedRange | LiveSeeds | DealList, options: BoundOptions = BoundOptions(),
                 out: str | os.PathLike[str] | None = None, csv_format: bool = False, resume: bool = False,
                 lines_dir: str | os.PathLike[str] | None = None, jobs: int = 1,
                 scores: dict[str, int] | None = None) -> None:
        if lines_dir and options.limits is None:
            raise InputError("`lines_dir` needs U3 (`limits`)", None)
        if resume and not out:
            raise InputError("`resume` needs a row file (`out`)", None)
        self.source, self.options, self.out, self.csv, self.resume = source, options, out, csv_format, resume
        self.lines_dir, self.jobs, self.scores = lines_dir, jobs, scores
        self.new: list[BoundRow | RefusedRow] = []
        if lines_dir:
            writable_folder(lines_dir)
        self.lock = RowLock(out) if out else None
        try:
            self.kept = self._resumed() if resume else []
        except BaseException:
            self.close()
            raise
        self.todo = source.count - len(self.kept)

    def _resumed(self) -> list[BoundRow]:
        """The rows of ``out`` this run reuses."""
        assert self.out is not None  # resume needs out (__init__)
        rows = latest_by_id(read_rows(self.out, self.csv, BOUND_KEYS), self.source)
        for row in rows:
            problem = _kind(row, self.options, self.csv)
            if problem:
                raise InputError(problem, self.out)
        return [cast(BoundRow, row) for row in rows if _reusable(row, self.options)]

    def rows(self) -> Iterator[BoundRow | RefusedRow]:
        """Compute the rows of the deals not reused, in source order: write each to ``out`` and its
        line to ``lines_dir``, and yield it."""
        done = {row["id"] for row in self.kept}
        todo = (item for item in self.source.items() if isinstance(item, Refused) or item.ident not in done)
        o = self.options
        stream = run_rows(todo, self.jobs, o.figures, o.lines or bool(self.lines_dir), o.limits)
        writer = RowWriter(self.out, self.resume, self.csv, self.lock) if self.out else None
        self.lock = None
        yield from write_through(map(self._new_row, stream), writer, stream)

    def _new_row(self, row: BoundRow | RefusedRow) -> BoundRow | RefusedRow:
        if "refused" not in row:
            row = self._finish(row)
        self.new.append(row)
        return row

    def _finish(self, row: BoundRow) -> BoundRow:
        """The row as the run writes it (:func:`complete_row`: joined to its agent's score in ``scores``, the
        lines kept only with ``lines``), its optimal line written to ``lines_dir``."""
        game = row.get("u3_game")
        if self.lines_dir and game is not None:
            path = os.path.join(self.lines_dir, line_file_name(row["id"]))
            try:
                write_text_atomic(path, json.dumps(game) + "\n")
            except OSError as err:
                raise InputError(f"cannot write the file ({err.strerror or err})", path) from None
        return complete_row(row, (self.scores or {}).get(row["id"]), self.options.lines)

    def summary(self) -> dict:
        """:func:`summarize` over the deals of the source, one row each, reused or new, and the
        records refused (``refused``: how many, by reason); with ``scores``, how many deals have none
        (``unscored``), how many scores name no deal of the run (``unknown``, the first 20 in ``unknown_ids``, and
        then the first ids of the run's deals, ``deal_ids``, to compare them with)."""
        rows = latest_by_id(self.kept + [row for row in self.new if "refused" not in row], self.source)
        out = summarize(rows)
        out["refused"] = refused_counts(self.new)
        if self.scores is not None:
            ids = {row["id"] for row in rows}
            unknown = [ident for ident in self.scores if ident not in ids]
            out["scores"] = {"unscored": sum(1 for row in rows if row["id"] not in self.scores),
                             "unknown": len(unknown), "unknown_ids": unknown[:20]}
            if unknown:
                out["scores"]["deal_ids"] = [row["id"] for row in rows[:3]]
        return out
