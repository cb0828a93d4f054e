"""The worker processes of ``--jobs`` (:mod:`solitaire.io.workers`): results in input order, a worker's exception
raised in the parent, and a worker that dies (killed idle, while it computes, while it writes a result) ending the
run with an error and every result finished, never a wait; the workers ignore stop signals and end with the run."""
import contextlib
import os
import random
import signal
import threading
import time

import pytest

from helpers import long_but
from solitaire.io.interrupt import STOP_SIGNALS
from solitaire.io.workers import WorkerError, imap_jobs

BIG = 300_000  # items of a result too large for one pipe buffer: its worker blocks while it writes


def _square(item):
    return item * item


def _raises_at_five(item):
    if item == 5:
        raise ValueError(f"no {item}")
    return item


class _Unpicklable(Exception):
    def __reduce__(self):
        raise TypeError("cannot be pickled")


def _raises_unpicklable(item):
    if item == 2:
        raise _Unpicklable("two")
    return item


def _dies_at_zero(item):
    """The identity, but the process running it is killed (SIGKILL) half a second into 0."""
    if item == 0:
        time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGKILL)
    return item


def _large(item):
    """``[item] * BIG``, after a short random wait (so that kills land anywhere)."""
    time.sleep(random.random() * 0.003)
    return [item] * BIG


def _slow_at_zero(item):
    """The identity, a minute late at 0."""
    if item == 0:
        time.sleep(60)
    return item


def _pid_after(seconds):
    time.sleep(seconds)
    return os.getpid()


@pytest.mark.parametrize("jobs", [1, 2, 3])
@pytest.mark.parametrize("chunksize", [1, 4])
def test_results_come_in_input_order(jobs, chunksize):
    assert list(imap_jobs(_square, range(50), jobs, chunksize)) == [i * i for i in range(50)]
    assert list(imap_jobs(_square, [], jobs, chunksize)) == []


def test_an_exception_in_a_worker_is_raised_with_its_traceback():
    with pytest.raises(ValueError, match="no 5") as err:
        list(imap_jobs(_raises_at_five, range(10), 2, chunksize=1))
    assert isinstance(err.value.__cause__, WorkerError) and "_raises_at_five" in str(err.value.__cause__)
    with pytest.raises(WorkerError, match="_Unpicklable: two"):
        list(imap_jobs(_raises_unpicklable, range(10), 2, chunksize=1))


def test_a_worker_that_dies_ends_the_run_with_an_error_not_a_wait():
    """A worker killed while it holds item 0 (a crash, the system's out-of-memory killer) while the other finishes
    1..5: those are given, then an error."""
    given = []
    with pytest.raises(ChildProcessError, match="a worker process died"):
        for item in imap_jobs(_dies_at_zero, range(6), 2, chunksize=1):
            given.append(item)
    assert given == [1, 2, 3, 4, 5] and _children() == []


def test_a_stop_signal_gives_the_results_finished_behind_an_unfinished_one_then_stops():
    """One worker holds item 0 for a minute while the other finishes 1..20: Ctrl-C gives those, then stops."""
    given = []
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(2.0, os.kill, (os.getpid(), signal.SIGINT))
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            for item in imap_jobs(_slow_at_zero, range(21), 2, chunksize=1):
                given.append(item)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, handler)
    assert given == list(range(1, 21)) and _children() == []


@pytest.mark.parametrize("runs", long_but([range(10), range(10, 40)], fast=(0,)))
def test_a_worker_killed_at_any_moment_never_leaves_the_run_waiting(runs):
    """Workers killed from outside at random moments, idle, computing or writing a result larger than a pipe holds:
    each run ends (the test would hang otherwise) with complete results, each once: those of a prefix of the items in
    order, then those finished behind the first lost, by item, and an error when a worker died before the end. 40
    runs, the first 10 in the default run."""
    for run in runs:
        rng = random.Random(f"kill {run}")
        pids = []
        victim = threading.Timer(rng.random() * 0.03, _kill_one, (pids, rng.random()))
        given = []
        try:
            for result in imap_jobs(_large, range(24), rng.choice([2, 3]), chunksize=rng.choice([1, 3])):
                if not pids:
                    pids.extend(_children())
                    victim.start()
                given.append(result)
        except ChildProcessError:
            pass
        victim.cancel()
        items = [result[0] for result in given]
        assert all(result == [item] * BIG for item, result in zip(items, given)) and len(set(items)) == len(items)
        first = min(set(range(len(items) + 1)) - set(items))
        assert items[:first] == list(range(first)) and items[first:] == sorted(items[first:])
        assert _children() == []


def _children():
    """The process ids of this process's living children."""
    me = str(os.getpid())
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == me and fields[0] != "Z":
            found.append(int(pid))
    return found


def _kill_one(pids, pick):
    if pids:
        with contextlib.suppress(ProcessLookupError):  # it ended already
            os.kill(pids[int(pick * len(pids))], signal.SIGKILL)


def test_workers_ignore_stop_signals_and_end_with_their_run():
    run = imap_jobs(_pid_after, [0.3] * 4 + [60] * 2, 2, chunksize=1)
    pids = {next(run)}
    for pid in pids | set(_children()):
        for signum in STOP_SIGNALS:
            os.kill(pid, signum)
    pids |= {next(run) for _ in range(3)}
    assert len(pids) == 2 and set(_children()) == pids  # the same two workers, alive
    began = time.monotonic()
    run.close()
    assert time.monotonic() - began < 5 and _children() == []
