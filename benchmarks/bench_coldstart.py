"""The first call of a command against the later ones: numba's cache empty, then filled.

For each command: run it once with an empty numba cache (a fresh ``NUMBA_CACHE_DIR``, and no
compiled Python files of the checkout's own modules, as after ``pip install -e .`` in a fresh
virtual environment: it compiles), then ``--repeat`` times more with that cache (it loads);
processor seconds (user and system) of each (``-`` for a command the checkout does not have), and the
load average before, since the machine may be shared. The commands run as
``python -c "from cli import main; main()"`` in each checkout, with the same interpreter.

With ``--base REVISION`` a temporary git worktree of that revision is measured too, side by
side: its runs and this checkout's alternate, command by command, so that a busy machine
weighs on both alike::

    python benchmarks/bench_coldstart.py [--base main] [--repeat 2]

With ``--kernels COMMAND`` (a name above) it runs that command once with an empty cache and
prints where its first call goes instead: per compiled function, the processor seconds numba
spends compiling it (its own, without the functions it calls, which have their rows), and how
many signatures it was compiled for; numba's own library functions are summed in one row.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from common import markdown_table, revision_tree

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = {
    "solve": ["solve", "instances/standard-deck-h5.deck"],
    "bound": ["bound", "-p", "2", "--seeds", "0:1", "-j1"],
    "bound --exact": ["bound", "-p", "2", "--seeds", "0:1", "--exact", "-j1"],
    "bound --exact, L < U2": ["bound", "-p", "2", "--seeds", "12:13", "--exact", "-j1"],
    "analyze": ["analyze", "instances/hanab-live-real-game.json", "-q"],
}


def clear_bytecode(root):
    """Delete the compiled Python files of the checkout's own modules (``cli``, ``solitaire``,
    ``reductions``), which an editable install does not ship."""
    for path in [*(root / "__pycache__").glob("cli.*.pyc"), *(root / "solitaire").rglob("*.pyc"),
                 *(root / "reductions").rglob("*.pyc")]:
        path.unlink()


def _children_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(root, args, cache):
    """Processor seconds (user and system) of one run in ``root`` with numba's cache in ``cache``; ``None`` if it
    fails (a checkout without the command)."""
    start = _children_seconds()
    done = subprocess.run([sys.executable, "-c", "from cli import main; main()", *args], cwd=root,
                          capture_output=True, env={**os.environ, "NUMBA_CACHE_DIR": cache})
    return None if done.returncode else _children_seconds() - start


#: Runs the command line, recording per compiled function (numba's compile events) the processor seconds of its
#: own compiling and its signatures, printed as JSON on the last line of standard output.
PROFILED_CLI = """import atexit, json, time
from numba.core import event

own, signatures, open_ = {}, {}, []

class Record(event.Listener):
    def on_start(self, ev):
        open_.append([time.process_time(), 0.0])

    def on_end(self, ev):
        began, inner = open_.pop()
        spent = time.process_time() - began
        if open_:
            open_[-1][1] += spent
        function = ev.data["dispatcher"].py_func
        name = function.__module__ + "." + function.__qualname__
        own[name] = own.get(name, 0.0) + spent - inner
        signatures[name] = signatures.get(name, 0) + 1

event.register("numba:compile", Record())
atexit.register(lambda: print(json.dumps([own, signatures, time.process_time()])))
from cli import main
main()
"""


def kernel_rows(root, command, scratch, top=20):
    """Rows ``[function, seconds, signatures]`` of the first call of ``command`` in ``root`` (the ``top``
    costliest of the project's functions, numba's own summed, then the whole process)."""
    done = subprocess.run([sys.executable, "-c", PROFILED_CLI, *command], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "NUMBA_CACHE_DIR": tempfile.mkdtemp(dir=scratch)}, check=True)
    own, signatures, total = json.loads(done.stdout.splitlines()[-1])
    ours = sorted((name for name in own if not name.startswith("numba.")), key=own.get, reverse=True)
    rows = [[name, f"{own[name]:.2f}", signatures[name]] for name in ours[:top]]
    rest = ours[top:]
    library = [name for name in own if name.startswith("numba.")]
    if rest:
        rows.append([f"{len(rest)} other functions of the project", f"{sum(own[n] for n in rest):.2f}",
                     sum(signatures[n] for n in rest)])
    rows.append(["numba's own library functions", f"{sum(own[n] for n in library):.2f}",
                 sum(signatures[n] for n in library)])
    rows.append(["the whole process (processor seconds)", f"{total:.2f}", ""])
    return rows


def first_and_later(roots, command, repeat, scratch):
    """Per checkout, ``(first, best later)`` seconds of ``command``, the checkouts alternating."""
    caches = [tempfile.mkdtemp(dir=scratch) for _ in roots]
    for root in roots:
        clear_bytecode(Path(root))
    first = [timed(root, command, cache) for root, cache in zip(roots, caches)]
    later = [[] for _ in roots]
    for _ in range(repeat):
        for i, (root, cache) in enumerate(zip(roots, caches)):
            if first[i] is not None:
                later[i].append(timed(root, command, cache))
    return [(f, min(w) if f is not None else None) for f, w in zip(first, later)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2, help="later runs after the first one")
    parser.add_argument("--base", help="a git revision to measure beside this checkout")
    parser.add_argument("--kernels", choices=COMMANDS, help="where the first call of this command goes")
    args = parser.parse_args()
    if args.kernels:
        with tempfile.TemporaryDirectory() as scratch:
            rows = kernel_rows(str(ROOT), COMMANDS[args.kernels], scratch)
        print(markdown_table(["compiled function", "compile s (processor)", "signatures"], rows))
        print(f"\nload average {os.getloadavg()[0]:.1f}")
        return
    with ExitStack() as stack:
        roots = ([stack.enter_context(revision_tree(args.base))] if args.base else []) + [str(ROOT)]
        scratch = stack.enter_context(tempfile.TemporaryDirectory())
        rows = []
        for name, command in COMMANDS.items():
            load = os.getloadavg()[0]
            times = first_and_later(roots, command, args.repeat, scratch)
            rows.append([name] + ["-" if t is None else f"{t:.1f}" for pair in zip(*times) for t in pair]
                        + [f"{load:.1f}"])
    sides = [f" ({args.base})", " (this checkout)"] if args.base else [""]
    header = [f"first call processor s{side}" for side in sides] + [f"later calls s{side}" for side in sides]
    print(markdown_table(["command", *header, "load avg"], rows))


if __name__ == "__main__":
    main()
