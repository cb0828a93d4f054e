"""``map`` on forked worker processes that share no lock: a worker that dies can leave nobody waiting.

:func:`imap_jobs` gives ``func`` of each item in input order. Each worker has two pipes of its own, one that
brings it tasks and one that takes its results back, and only the parent writes the first and reads the second.
The standard pool's workers share one task queue and one result queue, each guarded by a lock that a worker holds
while it reads or writes: a worker killed holding one (the system's out-of-memory killer, a crash) leaves every
other process, the parent leaving the pool included, waiting on it for ever. Here no process ever waits on a lock
another holds, so that cannot happen:

- a worker's death closes the write ends of its result pipe (the parent keeps none of them), so the parent, which
  waits on every busy worker's result pipe and on every worker's end (its ``sentinel``) at once, sees it at once,
  mid-message or not; it gives no more tasks, takes the results of those the living workers hold, gives every
  finished result and raises :class:`ChildProcessError`;
- leaving (the end, an error, a stop signal, or closing the generator) kills every worker (SIGKILL) and reaps it.

The workers ignore the stop signals and end with their parent (:func:`~solitaire.io.interrupt.worker_start`): a
Ctrl-C stops the parent, which kills them and says so once.
"""
import itertools
import multiprocessing
import traceback
from collections.abc import Callable, Generator, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any

from solitaire.io.interrupt import worker_start

__all__ = ["imap_jobs", "WorkerError"]


class WorkerError(Exception):
    """The worker's traceback, as text, of an exception ``func`` raised there: the cause of that exception raised
    here, or raised itself in its place when it cannot be sent back (not picklable)."""


def imap_jobs(func: Callable[[Any], Any], items: Iterable[Any], jobs: int,
              chunksize: int = 8) -> Generator[Any, None, None]:
    """``map(func, items)`` in input order on ``jobs`` forked processes (``jobs <= 1``: in this one), ``chunksize``
    items per task. An exception of ``func`` is raised here as it was raised there; a worker that dies raises
    :class:`ChildProcessError` once the others have finished the tasks they hold. Before either, or a stop signal
    while it waits for a result, it gives the results finished behind an unfinished task, out of order
    (:func:`_ordered`)."""
    if jobs <= 1:
        yield from map(func, items)
        return
    rest = iter(items)
    chunks = iter(lambda: list(itertools.islice(rest, chunksize)), [])
    workers = [_Worker(func) for _ in range(jobs)]
    try:
        yield from _ordered(workers, chunks)
    finally:
        for worker in workers:
            worker.end()


class _Worker:
    """One forked process running :func:`_serve`, with the parent's ends of its two pipes."""

    def __init__(self, func: Callable[[Any], Any]):
        task_out, task_in = multiprocessing.Pipe(duplex=False)
        result_out, result_in = multiprocessing.Pipe(duplex=False)
        self.process = multiprocessing.get_context("fork").Process(
            target=_serve, args=(func, task_out, result_in), daemon=True)
        self.process.start()
        task_out.close()  # the worker's ends: kept by it alone, so its death closes them
        result_in.close()
        self.tasks, self.results = task_in, result_out
        self.index: int | None = None  # the chunk it holds
        self.alive = True

    def give(self, index: int, chunk: list[Any]) -> bool:
        """Send it chunk ``index``; ``False`` if it died (a broken pipe)."""
        self.index = index
        try:
            self.tasks.send(chunk)
        except OSError:
            return False
        return True

    def take(self) -> list[Any]:
        try:
            values, error, text = self.results.recv()
        except (EOFError, OSError):  # it died, before or while it wrote
            raise _died() from None
        self.index = None
        if error is not None:
            raise error from WorkerError(text)
        return values

    def end(self) -> None:
        self.process.kill()
        self.process.join()
        self.tasks.close()
        self.results.close()


def _ordered(workers: list[_Worker], chunks: Iterator[list[Any]]) -> Generator[Any, None, None]:
    """The items of each chunk's results in the order of ``chunks``, given to idle ``workers`` as they come. Once a
    worker dies, no chunk is given any more, the living workers finish the chunks they hold, and
    :class:`ChildProcessError` is raised. Before that, as before an exception of ``func`` or a stop signal (a
    ``KeyboardInterrupt``) while it waits, the results that wait behind an unfinished chunk are given (out of order,
    by chunk): a run that ends early keeps every result its workers finished."""
    done: dict[int, list[Any]] = {}
    try:
        yield from _in_order(workers, chunks, done)
    except (Exception, KeyboardInterrupt):
        for index in sorted(done):
            yield from done.pop(index)
        raise


def _in_order(workers: list[_Worker], chunks: Iterator[list[Any]], done: dict[int, list[Any]]
              ) -> Generator[Any, None, None]:
    """:func:`_ordered`, the results that wait for an earlier chunk's kept in ``done`` by chunk."""
    given = taken = 0
    lost: int | None = None  # the first chunk whose results a dead worker took with it
    idle = list(workers)
    while True:
        for worker in idle if lost is None else ():
            chunk = next(chunks, None)
            if chunk is None:
                break
            if not worker.give(given, chunk):
                worker.alive, lost = False, given
                break
            given += 1
        while taken in done:
            yield from done.pop(taken)
            taken += 1
        busy = [(w.index, w) for w in workers if w.index is not None and w.alive]
        if not busy:
            if lost is not None:
                raise _died()
            return
        living = [w for w in workers if w.alive]
        ready = wait([w.results for _, w in busy] + [w.process.sentinel for w in living])
        idle = []
        for index, worker in busy:
            if worker.results in ready:
                try:
                    done[index] = worker.take()
                    idle.append(worker)
                except ChildProcessError:
                    worker.alive, lost = False, _first(index, lost)
        for worker in living:
            if worker.alive and worker.process.sentinel in ready:  # it ended: nothing more is given
                worker.alive = False
                lost = _first(given if worker.index is None else worker.index, lost)


def _first(index: int, lost: int | None) -> int:
    return index if lost is None else min(index, lost)


def _died() -> ChildProcessError:
    return ChildProcessError("a worker process died (a crash, or killed by the system) before it returned its "
                             "results; those given so far are kept")


def _serve(func: Callable[[Any], Any], tasks: Connection, results: Connection) -> None:
    """A worker's loop: ``func`` of each item of each chunk read from ``tasks``, sent back to ``results`` as
    ``(values, None, "")``, or ``(None, exception, its traceback)`` when one raises."""
    worker_start()
    while True:
        try:
            chunk = tasks.recv()
        except EOFError:
            return
        try:
            reply: tuple[Any, BaseException | None, str] = ([func(item) for item in chunk], None, "")
        except Exception as error:  # sent back to the parent, which raises it
            reply = (None, error, _text(error))
        try:
            results.send(reply)
        except Exception as error:  # values or an exception that cannot be pickled: the text of why
            cause = reply[1] or error
            results.send((None, WorkerError(f"{type(cause).__name__}: {cause}"), _text(cause)))


def _text(error: BaseException) -> str:
    return "".join(traceback.format_exception(error))
