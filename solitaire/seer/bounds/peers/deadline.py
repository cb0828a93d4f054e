"""Run a function under a wall-clock deadline in a forked process, which is killed when time is up.

For solvers that cannot be interrupted from Python (PySAT's CaDiCaL has no ``solve_limited``):
the child computes ``func(*args)`` and sends the pickled result through a pipe; the parent waits
for it at most ``timeout`` seconds. ``os.fork`` works in the table's worker processes too, where
:mod:`multiprocessing` refuses to start children of a daemon. POSIX only, as the rest of the
parallel code (the ``fork`` start method).
"""

import os
import pickle
import select
import signal
from collections.abc import Callable, Sequence
from typing import Any

from solitaire.io.interrupt import worker_start

__all__ = ["call_with_deadline"]


def call_with_deadline(func: Callable[..., Any], args: Sequence[Any], timeout: float) -> tuple[bool, Any]:
    """``(True, func(*args))``, or ``(False, None)`` when it did not finish within ``timeout`` seconds.

    An exception in the child is raised again in the parent (as ``RuntimeError`` with its text).

    Examples
    --------
    >>> call_with_deadline(sum, ([1, 2, 3],), 10)
    (True, 6)
    >>> import time
    >>> call_with_deadline(time.sleep, (10,), 0.1)
    (False, None)
    """
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller's code
        code = 0
        try:
            worker_start()  # Ctrl-C, SIGTERM, SIGHUP are the parent's, which kills the child, as does its end
            os.close(read)
            try:
                payload = (True, func(*args))
            except BaseException as error:  # sent to the parent
                payload = (False, f"{type(error).__name__}: {error}")
            with os.fdopen(write, "wb") as out:
                pickle.dump(payload, out)
        except BaseException:  # the pipe is gone: the parent sees no result
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    try:
        with os.fdopen(read, "rb") as source:
            if not select.select([source], [], [], max(timeout, 0))[0]:
                return False, None
            data = source.read()
    finally:  # the child has sent its answer, or its time is up (or the caller was interrupted)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    if not data:
        raise RuntimeError(f"the child computing {func.__name__} died without an answer")
    ok, value = pickle.loads(data)
    if not ok:
        raise RuntimeError(f"{func.__name__} failed in the child: {value}")
    return True, value
