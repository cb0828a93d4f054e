"""Ctrl-C (SIGINT): how the toolkit recognises it, and worker processes that leave it to their parent.

A Ctrl-C reaches Python as a :class:`KeyboardInterrupt`, but not always bare: a numba-compiled
function interrupted returns with the exception set, which Python reports as a ``SystemError``
caused by the ``KeyboardInterrupt``; an import interrupted may fail as an ``ImportError`` with it
as context. :func:`interrupted` recognises all of them, so that a batch run keeps its finished
rows and the command line stops with one line.

A Ctrl-C that comes while the main thread is inside one compiled call reaches no Python handler
until the call returns, which on a large deck can take minutes. :func:`watch_interrupts` starts a
thread that sees every SIGINT as it arrives (``signal.set_wakeup_fd``) and, when no Python handler
took it within a grace time, stops the process with one line and exit code 1. That thread runs
while the main thread is in a kernel compiled with ``nogil=True``, as every kernel of the paper's
solvers that is called from Python is. Nothing finished is lost: row files are flushed line by
line, and every other output is written whole by a rename, which a compiled call is not inside.

On a terminal Ctrl-C goes to every process of the command. :func:`worker_start`, the initializer of
the worker processes (:func:`~solitaire.seer.boundrun.imap_jobs`), makes a worker ignore it: the
parent stops, terminates its workers and says so once, where a worker stopped by it would print
its own traceback (and, dying with a lock of the task queue held, could leave the parent waiting
for ever). A worker also ends when its parent does (Linux), rather than finish its task into a
closed pipe.
"""

import ctypes
import os
from collections.abc import Callable
import signal
import threading

__all__ = ["interrupted", "worker_start", "ignore_interrupts", "watch_interrupts"]

_PR_SET_PDEATHSIG = 1


def interrupted(error: BaseException | None) -> bool:
    """Whether ``error`` is a Ctrl-C: a :class:`KeyboardInterrupt`, or an error caused by one.

    Examples
    --------
    >>> try:
    ...     try:
    ...         raise KeyboardInterrupt
    ...     except KeyboardInterrupt as err:
    ...         raise SystemError("returned a result with an exception set") from err
    ... except SystemError as err:
    ...     interrupted(err), interrupted(ValueError())
    (True, False)
    """
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def ignore_interrupts() -> None:
    """Ignore Ctrl-C in this process (a child whose parent handles it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_start() -> None:
    """The initializer of a worker process: it ignores Ctrl-C and ends with its parent."""
    ignore_interrupts()
    try:  # Linux: SIGTERM when the parent ends
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


def watch_interrupts(handled: threading.Event, grace: float, stop: Callable[[], None]) -> None:
    """From now on, call ``stop`` (which ends the process) when a SIGINT is not followed within
    ``grace`` seconds by ``handled`` (an event the Python handlers of SIGINT set, and this watch
    clears as it takes each SIGINT). Call it once, from the main thread."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)

    def watch() -> None:
        while True:
            for signum in os.read(read_end, 64):
                if signum == signal.SIGINT:
                    if not handled.wait(grace):
                        stop()
                    handled.clear()

    threading.Thread(target=watch, name="interrupt-watch", daemon=True).start()
