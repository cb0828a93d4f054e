"""One run of ``hanabi-solitaire analyze``: games in, one row per game out, and the batch summary.

Contract. :class:`AnalyzeRun` takes the items of a batch — deals with their recorded actions
(:func:`~solitaire.seer.history.read_history`) and the records the toolkit refused — and yields,
in input order, one row per item: :meth:`~solitaire.seer.analysis.GameAnalysis.to_json` with the
``timeout`` it ran under for a game, :meth:`~solitaire.seer.history.Refused.to_json` for a refused
record. Rows stream to a JSON Lines file (:class:`~solitaire.seer.rowfile.RowWriter`: an
interrupted run keeps every finished row); with ``resume`` the games whose rows the file holds
under the same ``timeout`` are not analysed again. Each game may also be drawn as a PNG
(:mod:`solitaire.seer.plot`). :meth:`AnalyzeRun.summary` summarises exactly the games of the
batch, each once, reused rows and new ones, and counts the refused records by reason.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

from solitaire.io.atomic import writable_folder
from solitaire.io.errors import InputError
from solitaire.seer.analysis import GameAnalysis, analyze_games, summarize_analyses
from solitaire.seer.deals import Deal
from solitaire.seer.history import Refused
from solitaire.seer.rowfile import LockedRun, RowLock, RowWriter, read_rows, write_through

__all__ = ["AnalyzeRun", "ANALYSIS_KEYS"]

#: What every resumed row of ``analyze`` has.
ANALYSIS_KEYS = ("id", "turns", "drops")


class AnalyzeRun(LockedRun):
    """One run of ``analyze`` (module docstring): ``with AnalyzeRun(...) as run``, then :meth:`rows`
    analyses the games not reused and yields their rows, :meth:`summary` summarises the batch.

    Parameters
    ----------
    items : sequence of Deal or Refused
        The games, in order (a game listed twice is analysed once).
    timeout : float or None
        Seconds of search per position (``None``: no limit).
    out : str, optional
        The JSON Lines row file; without ``resume`` it is replaced when the run ends.
    resume : bool
        Reuse the rows of ``out`` computed under ``timeout`` (needs ``out``).
    jobs : int
        Worker processes.
    plot_dir : str, optional
        Draw each game into ``<plot_dir>/<id>.png`` (needs matplotlib, checked here).

    Raises
    ------
    InputError
        Before anything is written: ``resume`` without ``out``, ``out`` locked or not a row file
        of ``analyze``, ``plot_dir`` not writable, matplotlib missing for ``plot_dir``.
    """

    def __init__(self, items: Sequence[Deal | Refused], timeout: float | None = 10.0,
                 out: str | os.PathLike[str] | None = None, resume: bool = False, jobs: int = 1,
                 plot_dir: str | os.PathLike[str] | None = None) -> None:
        if resume and not out:
            raise InputError("resume needs a row file to resume (--jsonl)", "analyze")
        if plot_dir:
            from solitaire.seer.plot import require_matplotlib

            require_matplotlib()
            writable_folder(plot_dir)
        self.items, self.timeout, self.out, self.resume = _distinct(items), timeout, out, resume
        self.jobs, self.plot_dir, self.new = jobs, plot_dir, []
        self.lock = RowLock(out) if out else None
        try:
            self.kept = self._resumed() if resume else {}
        except BaseException:
            self.close()
            raise
        self.todo = [item for item in self.items if isinstance(item, Refused) or item.ident not in self.kept]

    def _resumed(self) -> dict[str, dict]:
        """The rows of ``out`` this run reuses, by id: those of its games under its timeout."""
        wanted = {item.ident for item in self.items if isinstance(item, Deal)}
        return {row["id"]: row for row in read_rows(self.out, required=ANALYSIS_KEYS)
                if row["id"] in wanted and row.get("timeout") == self.timeout}

    def rows(self) -> Iterator[dict]:
        """Analyse the games not reused, in input order: write each row to ``out``, draw it, yield it."""
        games = [item for item in self.todo if isinstance(item, Deal)]
        analyses = analyze_games(games, self.timeout, self.jobs)
        writer = RowWriter(self.out, self.resume, lock=self.lock) if self.out else None
        self.lock = None
        rows = (self._new_row(item.to_json() if isinstance(item, Refused) else self._row(next(analyses)))
                for item in self.todo)
        yield from write_through(rows, writer, analyses)

    def _new_row(self, row: dict) -> dict:
        self.new.append(row)
        return row

    def _row(self, analysis: GameAnalysis) -> dict:
        if self.plot_dir:
            from solitaire.seer.plot import plot_analysis

            plot_analysis(analysis, os.path.join(self.plot_dir, f"{analysis.ident}.png"))
        return dict(analysis.to_json(), timeout=self.timeout)

    def batch_rows(self) -> list[dict]:
        """The rows of the batch in input order, reused or new (after :meth:`rows`; a game not
        analysed yet, as after an interrupt, has none)."""
        new = iter(self.new)
        found = {row["id"]: row for row in self.new if "refused" not in row}
        rows = []
        for item in self.items:
            if isinstance(item, Refused):
                row = next((r for r in new if "refused" in r), None)
            else:
                row = self.kept.get(item.ident) or found.get(item.ident)
            if row is not None:
                rows.append(row)
        return rows

    def summary(self) -> dict:
        """:func:`~solitaire.seer.analysis.summarize_analyses` over :meth:`batch_rows`: one row per
        game, reused or new, and the refused records."""
        return summarize_analyses(self.batch_rows())


def _distinct(items: Sequence[Deal | Refused]) -> list[Deal | Refused]:
    """``items`` with each game once (its first place); every refused record is kept."""
    seen, found = set(), []
    for item in items:
        if isinstance(item, Deal):
            if item.ident in seen:
                continue
            seen.add(item.ident)
        found.append(item)
    return found
