"""One run of ``hanabi-solitaire analyze``: games in, one row per game out, and the batch summary.

Contract. :class:`AnalyzeRun` takes the source of a batch (:mod:`solitaire.seer.sources.dealsource`) — deals
with their recorded actions (:func:`~solitaire.seer.sources.history.read_history`), the records the toolkit
refused, hanab.live seeds — and yields,
in input order, one row per item: :meth:`~solitaire.seer.runs.analysis.GameAnalysis.to_json` with the
``timeout`` it ran under for a game, :meth:`~solitaire.seer.sources.history.Refused.to_json` for a refused
record. Rows stream to a JSON Lines file (:class:`~solitaire.seer.runs.rowfile.RowWriter`: an
interrupted run keeps every finished row); with ``resume`` the games whose rows the file holds
under the same ``timeout``, or proven at every turn (no open search: no timeout changes them), are not analysed
again; another game's new row is appended, and the last row of a game counts. Each game may also be drawn as a PNG
(:mod:`solitaire.seer.runs.plot`). :meth:`AnalyzeRun.summary` summarises exactly the games of the
batch, each once, reused rows and new ones, and counts the refused records by reason.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import NamedTuple, cast

from solitaire.io.atomic import writable_folder
from solitaire.io.errors import InputError
from solitaire.io.workers import imap_jobs
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import warm_up
from solitaire.seer.game.deals import Deal
from solitaire.seer.runs.analysis import AnalysisRow, GameAnalysis, analyze_game, summarize_analyses
from solitaire.seer.runs.rowfile import LockedRun, RowLock, RowWriter, read_rows, write_through
from solitaire.seer.sources.dealsource import DealChain, DealList, LiveSeeds
from solitaire.seer.sources.history import Refused, RefusedRow, unplayed

__all__ = ["AnalyzeRun", "ANALYSIS_KEYS"]

#: What every resumed row of ``analyze`` has (keys every :class:`~solitaire.seer.runs.analysis.AnalysisRow` has).
ANALYSIS_KEYS = ("id", "turns", "drops")
#: A row of ``analyze``: a game's or a refused record's.
Row = AnalysisRow | RefusedRow
#: The sources a run of ``analyze`` reads.
DealSource = DealList | LiveSeeds | DealChain


class AnalyzeRun(LockedRun):
    """One run of ``analyze`` (module docstring): ``with AnalyzeRun(...) as run``, then :meth:`rows`
    analyses the games not reused and yields their rows, :meth:`summary` summarises the batch.

    Parameters
    ----------
    source : DealList, LiveSeeds, DealChain, or list or tuple of Deal or Refused
        The games, in order, a game listed twice analysed once (:mod:`solitaire.seer.sources.dealsource`,
        or a list such as :func:`~solitaire.seer.sources.history.read_history` returns); streamed, so a
        seed range of any length is never held in memory.
    timeout : float or None
        Seconds of search per position (``None``: no limit).
    out : str, optional
        The JSON Lines row file; without ``resume`` it is replaced when the run ends.
    resume : bool
        Reuse the rows of ``out`` computed under ``timeout`` or proven at every turn (needs ``out``).
    jobs : int
        Worker processes.
    plot_dir : str, optional
        Draw each game into ``<plot_dir>/<id>.png`` (needs matplotlib, checked here).

    Attributes
    ----------
    todo : int
        The items :meth:`rows` will yield: the source's less the games reused.
    searches : bool
        Whether a game is left to analyse (neither refused nor reused): only then does :meth:`rows` load the
        search's kernels (on a first call, compile them).

    Raises
    ------
    InputError
        Before anything is written: a ``timeout`` the command line refuses
        (:class:`~solitaire.seer.bounds.limits.SearchLimits`), ``resume`` without ``out``, ``out`` locked or
        not a row file of ``analyze``, ``plot_dir`` not writable, matplotlib missing for ``plot_dir``.
    """

    def __init__(self, source: DealSource | list[Deal | Refused] | tuple[Deal | Refused, ...],
                 timeout: float | None = 10.0,
                 out: str | os.PathLike[str] | None = None, resume: bool = False, jobs: int = 1,
                 plot_dir: str | os.PathLike[str] | None = None) -> None:
        SearchLimits(timeout)  # checks the timeout
        if resume and not out:
            raise InputError("`resume` needs a row file (`out`)", None)
        if plot_dir:
            from solitaire.seer.runs.plot import require_matplotlib

            require_matplotlib("plot_dir")
            writable_folder(plot_dir)
        if isinstance(source, (list, tuple)):
            source = DealList(tuple(source))
        self.source, self.timeout, self.out, self.resume = source, timeout, out, resume
        self.jobs, self.plot_dir = jobs, plot_dir
        self.new: list[Row] = []
        self.batch: list[Row] = []
        self.lock = RowLock(out) if out else None
        try:
            self.kept = self._resumed() if resume else {}
        except BaseException:
            self.close()
            raise
        self.todo = source.count - len(self.kept)
        self.searches = any(not isinstance(item, Refused) and item.ident not in self.kept for item in source.items())

    def _resumed(self) -> dict[str, AnalysisRow]:
        """The rows of ``out`` this run reuses, by id (the last of a game's): those of its games under its timeout,
        and those proven at every turn (no open search), which no timeout changes."""
        assert self.out is not None  # resume needs out (__init__)
        return {row["id"]: cast(AnalysisRow, row) for row in read_rows(self.out, required=ANALYSIS_KEYS)
                if row["id"] in self.source and (row.get("timeout") == self.timeout or row.get("open") == 0)}

    def rows(self) -> Iterator[Row]:
        """Analyse the games not reused, in input order: write each row to ``out``, draw it, yield it."""
        if self.searches:
            warm_up()
        tasks = (_Reused(item.ident) if item.ident is not None and item.ident in self.kept else (item, self.timeout)
                 for item in self.source.items())
        results = imap_jobs(_task, tasks, self.jobs, chunksize=1)
        writer = RowWriter(self.out, self.resume, lock=self.lock) if self.out else None
        self.lock = None
        rows = (row for row in map(self._recorded, results) if row is not None)
        yield from write_through(rows, writer, results)

    def _recorded(self, result: GameAnalysis | Refused | _Reused) -> Row | None:
        """The new row of one result (``None`` for a reused one), each kept in batch order."""
        if isinstance(result, _Reused):
            self.batch.append(self.kept[result.ident])
            return None
        row = result.to_json() if isinstance(result, Refused) else self._row(result)
        self.new.append(row)
        self.batch.append(row)
        return row

    def _row(self, analysis: GameAnalysis) -> AnalysisRow:
        """The row of a game (:meth:`~solitaire.seer.runs.analysis.GameAnalysis.to_json`) with the run's
        ``timeout``, drawn first with ``plot_dir``."""
        if self.plot_dir:
            from solitaire.seer.runs.plot import plot_analysis

            plot_analysis(analysis, os.path.join(self.plot_dir, f"{analysis.ident}.png"))
        return {**analysis.to_json(), "timeout": self.timeout}

    def batch_rows(self) -> list[Row]:
        """The rows of the batch in input order, reused or new, as far as :meth:`rows` went."""
        return self.batch

    def summary(self) -> dict:
        """:func:`~solitaire.seer.runs.analysis.summarize_analyses` over :meth:`batch_rows`: one row per
        game, reused or new, and the refused records; ``repeated``: the records of a game read before (when any)."""
        summary = summarize_analyses(self.batch)
        if self.source.repeated:
            summary["repeated"] = self.source.repeated
        return summary


class _Reused(NamedTuple):
    """A game whose row the run reuses (looked up in this process: neither the game nor its row goes to a worker)."""

    ident: str


def _task(task: _Reused | tuple) -> GameAnalysis | Refused | _Reused:
    if isinstance(task, _Reused):
        return task
    item, timeout = task
    if isinstance(item, Refused):
        return item
    reason = unplayed(item)
    return Refused(item.ident, item.meta.get("source"), reason) if reason else analyze_game(item, timeout)
