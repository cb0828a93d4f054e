"""Batch bounds over many deals: rows and their summary.

One row per deal (:func:`bound_row`): ``id``, ``players``, ``L`` (the perfect-information bot,
:mod:`solitaire.seer.game.simulator`), ``U1`` and ``U2`` (:mod:`solitaire.seer.bounds.relaxations`), ``reason`` when
``U2 < 25``, the hardness figures ``min_hand`` and ``pace_slack``, and for real games
``real_score``, ``end`` and ``gap = U2 - real_score``; :class:`BoundRow` declares every key a row may have. A game
whose deck is known only in part has a row of its own instead (:mod:`solitaire.seer.runs.partial`), summarised apart.
:func:`run_rows` computes rows on
``jobs`` processes, in input order (:mod:`solitaire.seer.runs.rowfile` streams them to a file, so an
interrupted run keeps every finished row; with resume the ids already in the file are
skipped). :func:`summarize` gives the mean of each bound,
the share of deals with ``U2 = 25`` and ``L = 25`` with 95% Wilson intervals, how often
``L = U2`` (each share ``None`` over no deal, as a win rate over none), and the gap histogram.

:class:`BoundRun` is one run of ``hanabi-solitaire bound``: the deals of a source
(:mod:`solitaire.seer.sources.dealsource`), rows streamed to a row file, resumed from it, optimal lines
written as files named by id, and the summary of exactly the deals asked for, each once. It writes each row
as :func:`complete_row` completes it: joined to an agent's score, its optimal line replaced by the line's replay
link (an agent's scores are checked against the deals first, :func:`scores_warning`). Resuming reuses a row
only if it was computed with the run's options: a row of another kind
(with or without ``--exact``, the figures, the lines) stops the run with an
:class:`~solitaire.io.errors.InputError` saying so; an open row (``exact`` false) records its
limits (:meth:`~solitaire.seer.bounds.limits.SearchLimits.to_row`) and is recomputed when they differ from the
run's.
"""

import functools
import itertools
import json
import os
from collections import Counter
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict, cast

from solitaire.io.atomic import writable_folder, write_refusal, write_text_atomic
from solitaire.io.errors import InputError
from solitaire.io.workers import imap_jobs
from solitaire.seer.bounds.limits import COMPLETIONS, SearchLimits
from solitaire.seer.bounds.maxscore import bounds_under, search_line
from solitaire.seer.bounds.method import Method
from solitaire.seer.bounds.relaxations import hardness, u2_reason
from solitaire.seer.bounds.u3.search import warm_up_bounds
from solitaire.seer.game.deals import Deal
from solitaire.seer.game.ids import line_file_name
from solitaire.seer.game.simulator import Action
from solitaire.seer.runs.evaluation import check_scores, evaluate, wilson
from solitaire.seer.runs.partial import PARTIAL_KEYS, PartialRow, Solved, partial_row, partial_summary
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
from solitaire.seer.sources.dealsource import DealList, LiveSeeds, SeedRange, first_id
from solitaire.seer.sources.history import Refused, RefusedRow, refused_counts
from solitaire.seer.sources.openspiel import PartialDeal
from solitaire.seer.sources.replaylink import link_or_reason

__all__ = ["BoundRow", "bound_row", "complete_row", "real_fields", "run_rows", "summarize", "BoundOptions",
           "BoundRun", "scores_warning"]


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
    The bounds are those of :func:`~solitaire.seer.bounds.maxscore.bounds_under`, the record of
    :func:`solitaire.seer.bounds_of`.
    """
    bounds = bounds_under(deal, limits)
    row: dict[str, Any] = {"id": deal.ident, "players": deal.players, **variant_fields(deal), "L": bounds.L,
                           "U1": bounds.U1, "U2": bounds.U2}
    if figures:
        row.update(hardness(deal, bounds.U2))
    row.update(real_fields(deal))
    if "real_score" in row:
        row["gap"] = bounds.U2 - row["real_score"]
    if limits is not None:
        row.update({"U3": bounds.U3, "U3_high": bounds.U3_high, "exact": bounds.exact, "method": bounds.method})
        if bounds.exact and "real_score" in row:
            row["gap_U3"] = bounds.U3 - row["real_score"]
        if not bounds.exact:
            row.update(limits.to_row())
        if lines:
            row["u3_game"] = bounds.game
    reason = u2_reason(deal, bounds.U2)
    if reason:
        row["reason"] = reason
    if "source" in deal.meta:
        row["source"] = deal.meta["source"]
    if lines:
        row["u1_line"] = bounds.u1_line
        row["u2_line"] = bounds.u2_line
        row["bot_actions"] = bounds.bot_actions
    return cast(BoundRow, row)


def complete_row(row: BoundRow, score: int | None = None, lines: bool = True) -> BoundRow:
    """``row`` (of :func:`bound_row`) as a run writes it: joined to its agent's ``score`` (``None``: none;
    ``real_score``, ``gap`` to U2, ``gap_U3`` where U3 is proven), its optimal line ``u3_game`` replaced by the
    line's replay link (``link``, or ``None`` and ``link_note`` saying why), the lines :data:`LINE_KEYS` kept only
    with ``lines``. The keys ``row`` has keep their places; the others follow in that order."""
    out: dict[str, Any] = {key: value for key, value in row.items()
                           if key != "u3_game" and (lines or key not in LINE_KEYS)}
    if score is not None:
        out["real_score"] = score
        if "U2" in row:  # not in a partial deck's row
            out["gap"] = row["U2"] - score
        if row.get("exact"):
            out["gap_U3"] = out["U3"] - score
    game = row.get("u3_game")
    if game is not None:
        out["link"], note = link_or_reason(game)
        if note:
            out["link_note"] = note
    return cast(BoundRow, out)


#: The keys of a row that come from its agent's score (:func:`complete_row`).
SCORE_KEYS = ("real_score", "gap", "gap_U3")


def rejoined(row: BoundRow | PartialRow, score: int | None, own: int | None = None) -> BoundRow | PartialRow:
    """A row reused from a row file joined to this run's agent's ``score``, else to the score its game records
    (``own``; ``None``: none), as a new row is joined (:func:`bound_row`, :func:`complete_row`): whatever score an
    earlier run joined to it is dropped first."""
    bare = cast(BoundRow, {key: value for key, value in row.items() if key not in SCORE_KEYS})
    given = score if score is not None else own
    return bare if given is None else complete_row(bare, given)


def _own_scores(source: SeedRange | LiveSeeds | DealList) -> dict[str, int | None]:
    """The score each game of ``source`` records itself, by id (a real game's; none for a seed's deal)."""
    if not isinstance(source, DealList):
        return {}
    return {str(item.ident): (item.complete() if isinstance(item, PartialDeal) else item).meta.get("real_score")
            for item in source.items() if isinstance(item, Deal | PartialDeal)}


def real_fields(deal: Deal) -> dict:
    """What a row says of a real game's own play (:mod:`solitaire.seer.sources.history`): ``real_score``
    (hanab.live's score, where known), ``end`` and ``played``."""
    return {key: deal.meta[key] for key in ("real_score", "end", "played") if deal.meta.get(key) is not None}


def _row_task(args):
    item, figures, lines, limits, completions = args
    if isinstance(item, PartialDeal):
        solve = functools.partial(_solved, limits=limits) if limits is not None else None
        return partial_row(item, real_fields(item.complete()), limits, solve, completions)
    return item.to_json() if isinstance(item, Refused) else bound_row(item, figures, lines, limits)


def _solved(deal: Deal, limits: SearchLimits) -> Solved:
    """U3 of a completion of a partial deck (:mod:`solitaire.seer.runs.partial`), as :func:`bound_row` finds it (the
    same search, :func:`~solitaire.seer.bounds.maxscore.search_line`, without the row's other bounds)."""
    result = search_line(deal, limits).result
    return Solved(result.score, result.high, result.exact)


def run_rows(deals: Iterable[Deal | Refused], jobs: int = 1, figures: bool = True, lines: bool = False,
             limits: SearchLimits | None = None,
             completions: int = COMPLETIONS) -> Generator[BoundRow | PartialRow | RefusedRow, None, None]:
    """Rows of ``deals`` (an iterable) in input order, computed on ``jobs`` processes (:func:`bound_row`); a
    refused record's row is its :meth:`~solitaire.seer.sources.history.Refused.to_json`, a deck known only in part
    (:class:`~solitaire.seer.sources.openspiel.PartialDeal`) has the row of
    :func:`~solitaire.seer.runs.partial.partial_row`.

    ``limits`` (``None``: no U3) adds U3 (:mod:`solitaire.seer.bounds.u3`), searched under them; a partial deck's
    row then holds U3 over ``completions`` completions of its deck.
    """
    if limits is not None:
        warm_up_bounds()  # the search's kernels load when a deal first needs a search
    tasks = ((deal, figures, lines, limits, completions) for deal in deals)
    yield from imap_jobs(_row_task, tasks, jobs)


def summarize(rows: Sequence[BoundRow | PartialRow]) -> dict:
    """The summary of a list of rows (see the module docstring); the rows of decks known only in part are counted
    apart (``partial``: :func:`~solitaire.seer.runs.partial.partial_summary`), never in the means of whole deals."""
    partial = [r for r in rows if r.get("deck") == "partial"]
    out = _whole_summary([cast(BoundRow, r) for r in rows if r.get("deck") != "partial"])
    if partial:
        out["partial"] = partial_summary(partial)
    return out


def _whole_summary(rows: Sequence[BoundRow]) -> dict:
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
        out[f"share_{key}_25"] = wins / n if n else None
        out[f"share_{key}_25_ci95"] = list(wilson(wins, n))
    if any("exact" in r for r in rows):
        proven = sum(1 for r in rows if r.get("exact") and r["U3"] == row_max(r))
        out["share_U3_25"] = proven / n if n else None
        out["share_U3_25_ci95"] = list(wilson(proven, n))
        out["unresolved"] = sum(1 for r in rows if not r.get("exact"))
        settled = [r["U3"] for r in rows if r.get("exact")]
        if settled:
            out["mean_U3"] = sum(settled) / len(settled)
        if any(r.get("real_score") is not None and r.get("exact") for r in rows):

            out["evaluation"] = evaluate(rows)
    out["share_L_eq_U2"] = sum(1 for r in rows if r["L"] == r["U2"]) / n if n else None
    gaps = Counter(r["gap"] for r in rows if r.get("gap") is not None)
    if gaps:
        out["gap_histogram"] = {str(g): gaps[g] for g in sorted(gaps)}
    out["real_above_U2"] = sum(1 for r in rows if r.get("gap") is not None and r["gap"] < 0)
    return out


def scores_warning(scores: dict[str, int], source: SeedRange | LiveSeeds | DealList) -> str | None:
    """Check an agent's ``scores`` against the deals of ``source`` before a run
    (:func:`~solitaire.seer.runs.evaluation.check_scores`: :class:`InputError` for a score above its deal's maximum,
    or when no score names a deal); the warning that some of them name no deal of the run, or replace the score a
    real game records (a row gives the score of ``scores``), ``None`` if neither."""
    example = first_id(source)
    unknown = check_scores(scores, source.max_score, example)
    warnings = []
    if unknown:
        warnings.append(f"{len(unknown)} of {len(scores)} scores name no deal of this run (such as {unknown[0]}; "
                        f"its deals are named like {example})")
    if isinstance(source, DealList):
        recorded = {deal.ident: deal.meta["real_score"] for deal in source.deals()
                    if deal.meta.get("real_score") is not None}
        other = [ident for ident, score in scores.items() if recorded.get(ident, score) != score]
        if other:
            verb = "score differs" if len(other) == 1 else "scores differ"
            warnings.append(f"{len(other)} {verb} from the score their game records, which they replace in "
                            f"the rows (such as {other[0]}: {scores[other[0]]} given, {recorded[other[0]]} recorded)")
    return "; ".join(warnings) or None


@dataclass(frozen=True)
class BoundOptions:
    """What a row of ``bound`` holds: ``figures`` (the hardness figures), ``lines`` (the U1/U2
    lines and the bot's actions in the row), and with ``limits`` U3, searched under them
    (:class:`~solitaire.seer.bounds.limits.SearchLimits`; ``None``: no U3, the command's ``--exact`` off), U3 then
    over ``completions`` completions of a deck known only in part (:mod:`solitaire.seer.runs.partial`)."""

    figures: bool = True
    lines: bool = False
    limits: SearchLimits | None = None
    completions: int = COMPLETIONS


def _kind(row, options, csv_format):
    """Why ``row`` was not computed with ``options`` (``None`` if it was). A partial deck's row has no figures
    and no lines, and U3 over completions (``completions``) where the run has U3."""
    if row.get("deck") == "partial":
        marks = [("U3 (`limits`)", "completions" in row, options.limits is not None)]
    else:
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
    """A row of the run's kind is reused unless it is open under other limits; a partial deck's row also needs the
    run's number of completions (or every order of its unknown cards, no more than that), and is open while a
    completion is."""
    if options.limits is None:
        return True
    if row.get("deck") == "partial":
        every = row["completions_all"] and row["completions"] <= options.completions  # every order, as many as asked
        if row["completions"] != options.completions and not every:
            return False
        return row["completions_exact"] == row["completions"] or ran_under(row, options.limits)
    return row.get("exact") or ran_under(row, options.limits)


def _wanted(source):
    """The ids whose rows a run of ``source`` summarises: its deals', and a list's decks known only in part."""
    if not isinstance(source, DealList):
        return source
    return source.idents | {item.ident for item in source.records if isinstance(item, PartialDeal)}


def _required(row):
    """The keys a row of ``bound`` must have: a partial deck's (:class:`~solitaire.seer.runs.partial.PartialRow`) or
    every other row's (:data:`BOUND_KEYS`)."""
    return PARTIAL_KEYS if row.get("deck") == "partial" else BOUND_KEYS


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
        Worker processes, at most one per deal to compute (:attr:`jobs`: one deal, one process).

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
        self.new: list[BoundRow | PartialRow | RefusedRow] = []
        self.rescored: list[BoundRow | PartialRow] = []  # reused rows this run's scores change: written again
        if lines_dir:
            writable_folder(lines_dir)
        self.lock = RowLock(out) if out else None
        try:
            self.kept = self._resumed() if resume else []
        except BaseException:
            self.close()
            raise
        self.todo = source.count - len(self.kept)
        self.jobs = max(1, min(jobs, self.todo))

    def _resumed(self) -> list[BoundRow | PartialRow]:
        """The rows of ``out`` this run reuses."""
        assert self.out is not None  # resume needs out (__init__)
        rows = latest_by_id(read_rows(self.out, self.csv, _required), _wanted(self.source))
        for row in rows:
            problem = _kind(row, self.options, self.csv)
            if problem:
                raise InputError(problem, self.out)
        kept, own, scores = [], _own_scores(self.source), self.scores or {}
        for row in rows:
            if _reusable(row, self.options):
                joined = rejoined(cast(BoundRow | PartialRow, row), scores.get(row["id"]), own.get(row["id"]))
                kept.append(joined)
                if joined != row:
                    self.rescored.append(joined)
        return kept

    def rows(self) -> Iterator[BoundRow | PartialRow | RefusedRow]:
        """Compute the rows of the deals not reused, in source order: write each to ``out`` and its
        line to ``lines_dir``, and yield it. A refused record is always read again, a deck known only in part
        reused like a deal."""
        done = {row["id"] for row in self.kept}
        todo = (item for item in self.source.items()
                if item.ident not in done or isinstance(item, Refused) and not isinstance(item, PartialDeal))
        o = self.options
        stream = run_rows(todo, self.jobs, o.figures, o.lines or bool(self.lines_dir), o.limits, o.completions)
        writer = RowWriter(self.out, self.resume, self.csv, self.lock) if self.out else None
        self.lock = None
        rows = write_through(itertools.chain(self.rescored, map(self._new_row, stream)), writer, stream)
        for _ in itertools.islice(rows, len(self.rescored)):
            pass  # a reused row joined to this run's score is written again (a file's last row of an id is its row)
        yield from rows

    def _new_row(self, row: BoundRow | PartialRow | RefusedRow) -> BoundRow | PartialRow | RefusedRow:
        if "refused" not in row:
            row = self._finish(cast(BoundRow, row))
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
                raise write_refusal(err, path) from None
        return complete_row(row, (self.scores or {}).get(row["id"]), self.options.lines)

    def summary(self) -> dict:
        """:func:`summarize` over the deals of the source, one row each, reused or new, and the
        records refused (``refused``: how many, by reason); with ``scores``, how many deals have none
        (``unscored``), how many scores name no deal of the run (``unknown``, the first 20 in ``unknown_ids``, and
        then the first ids of the run's deals, ``deal_ids``, to compare them with)."""
        rows = latest_by_id(self.kept + [row for row in self.new if "refused" not in row], _wanted(self.source))
        out = summarize(rows)
        out["refused"] = refused_counts(self.new)
        if self.source.repeated:
            out["repeated"] = self.source.repeated
        if self.scores is not None:
            ids = {row["id"] for row in rows}
            unknown = [ident for ident in self.scores if ident not in ids]
            out["scores"] = {"unscored": sum(1 for row in rows if row["id"] not in self.scores),
                             "unknown": len(unknown), "unknown_ids": unknown[:20]}
            if unknown:
                out["scores"]["deal_ids"] = [row["id"] for row in rows[:3]]
        return out
