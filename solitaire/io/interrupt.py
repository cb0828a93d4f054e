"""Ctrl-C (SIGINT), SIGTERM and SIGHUP: how the toolkit recognises them, and worker processes that
leave them to their parent.

The command line takes SIGTERM (``kill``, ``timeout``, a job scheduler) and SIGHUP (a closed
terminal) as it takes Ctrl-C: a Ctrl-C reaches Python as a :class:`KeyboardInterrupt`, the other
two as a :class:`Terminated`, which is one. Neither comes always bare: a numba-compiled function
interrupted returns with the exception set, which Python reports as a ``SystemError`` caused by
it; an import interrupted may fail as an ``ImportError`` with it as context. :func:`interrupted`
recognises all of them, so that a batch run keeps its finished rows and the command line stops
with one line; :func:`stop_signal` says which signal it was.

A signal that comes while the main thread is inside one compiled call reaches no Python handler
until the call returns, which on a large deck can take minutes. :func:`watch_interrupts` starts a
thread that sees every signal of :data:`STOP_SIGNALS` as it arrives (``signal.set_wakeup_fd``).
It first sets :data:`STOP_REQUEST`, which the U3 search (one compiled call of up to a deal's whole
timeout) reads every 1024 nodes, under a millisecond, and returns at
(:func:`solitaire.seer.bounds.u3.kernel.dfs`): the Python handler then runs, as after any call, and the
command stops keeping its finished rows. When no Python handler took the signal within a grace time,
the thread stops the process with one line and exit code 1. That thread runs while the main thread
is in a kernel compiled with ``nogil=True``, as the U3 search and every kernel of the paper's solvers
that is called from Python are. Nothing finished is lost: row files are flushed line by line, and the
stop settles the temporary files being written (:func:`~solitaire.io.atomic.settle_temporaries`).

Ctrl-C on a terminal goes to every process of the command, and so do SIGHUP and the SIGTERM of
``timeout`` or of a job scheduler. :func:`worker_start`, which the worker processes of
:func:`~solitaire.io.workers.imap_jobs` run first, makes a worker ignore all three: the parent stops,
kills its workers and says so once, where a worker stopped by one would print its own traceback. A
worker also ends when its parent does (Linux), rather than finish its task into a closed pipe.
"""
import contextlib
import ctypes
import os
import signal
import threading
import time
from collections.abc import Callable

import numpy as np

__all__ = ["STOP_SIGNALS", "REPEAT", "STOP_REQUEST", "Terminated", "interrupted", "stop_signal", "worker_start",
           "ignore_interrupts", "watch_interrupts"]

#: The signals that stop a command as Ctrl-C does.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: Seconds within which a signal repeated is one signal (``timeout`` sends its SIGTERM to the
#: command, then to the command's process group, which holds the command again).
REPEAT = 0.25
#: A stop requested and not yet taken by a Python handler: ``STOP_REQUEST[0]`` is set to 1 by the watch
#: of :func:`watch_interrupts` as a stop signal arrives, and back to 0 once a handler took it (the main
#: thread is then out of compiled code). A compiled search the main thread is in reads it and returns
#: (:func:`solitaire.seer.bounds.u3.kernel.dfs`); a program may also set it from another thread to end a search
#: (:func:`solitaire.seer.bounds.u3.exact` then returns its bounds), and then clears it itself.
STOP_REQUEST = np.zeros(1, dtype=np.int64)

_PR_SET_PDEATHSIG = 1


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP taken as a Ctrl-C; ``signum``: the signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def interrupted(error: BaseException | None) -> bool:
    """Whether ``error`` is a Ctrl-C, SIGTERM or SIGHUP: a :class:`KeyboardInterrupt` (a
    :class:`Terminated` is one), or an error caused by one.

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
    return stop_signal(error) is not None


def stop_signal(error: BaseException | None) -> int | None:
    """The signal ``error`` stands for: SIGTERM or SIGHUP for a :class:`Terminated`, SIGINT for any
    other :class:`KeyboardInterrupt`, bare or causing ``error``; ``None`` when it is none.

    Examples
    --------
    >>> stop_signal(Terminated(signal.SIGTERM)) == signal.SIGTERM, stop_signal(KeyboardInterrupt()) == signal.SIGINT
    (True, True)
    """
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return error.signum if isinstance(error, Terminated) else signal.SIGINT
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return None


def ignore_interrupts() -> None:
    """Ignore the :data:`STOP_SIGNALS` in this process (a child whose parent handles them and kills it)."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)


def worker_start() -> None:
    """The initializer of a worker process: it ignores the :data:`STOP_SIGNALS` and is killed
    (SIGKILL) when its parent ends."""
    ignore_interrupts()
    with contextlib.suppress(OSError, AttributeError):  # Linux: SIGKILL when the parent ends
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def watch_interrupts(handled: threading.Event, grace: float, stop: Callable[[int], None]) -> None:
    """From now on, call ``stop(signum)`` (which ends the process) when a signal of
    :data:`STOP_SIGNALS` is not followed within ``grace`` seconds by ``handled`` (an event the
    Python handlers of those signals set, and this watch clears as it takes each signal), and set
    :data:`STOP_REQUEST` from the signal until ``handled``. A signal that repeats the one before within
    :data:`REPEAT` seconds is that one, taken already (Python may run its handler once for both). Call it
    once, from the main thread."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)

    def watch() -> None:
        last, taken = None, -REPEAT
        while True:
            for signum in os.read(read_end, 64):
                if signum not in STOP_SIGNALS or signum == last and time.monotonic() - taken < REPEAT:
                    continue
                last, taken = signum, time.monotonic()
                STOP_REQUEST[0] = 1  # a compiled search in the main thread returns, and the handler runs
                if not handled.wait(grace):
                    stop(signum)
                handled.clear()
                STOP_REQUEST[0] = 0

    threading.Thread(target=watch, name="interrupt-watch", daemon=True).start()
