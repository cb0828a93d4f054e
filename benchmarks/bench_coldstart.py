"""The first call of a command against the later ones: numba's cache empty, then filled.

For each command: run it once with an empty numba cache (a fresh ``NUMBA_CACHE_DIR``, and no
compiled Python files of the checkout's own modules, as after ``pip install -e .`` in a fresh
virtual environment: it compiles), then ``--repeat`` times more with that cache (it loads);
wall seconds of each (``-`` for a command the checkout does not have), and the load average
before, since the machine may be shared. The commands run as
``python -c "from cli import main; main()"`` in each checkout, with the same interpreter.

With ``--base REVISION`` a temporary git worktree of that revision is measured too, side by
side: its runs and this checkout's alternate, command by command, so that a busy machine
weighs on both alike::

    python benchmarks/bench_coldstart.py [--base main] [--repeat 2]
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from common import markdown_table, revision_tree

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = {
    "solve": ["solve", "instances/standard-deck-h5.deck"],
    "bound": ["bound", "-p", "2", "--seeds", "0:1", "-j1"],
    "bound --exact": ["bound", "-p", "2", "--seeds", "0:1", "--exact", "-j1"],
    "analyze": ["analyze", "instances/hanab-live-real-game.json", "-q"],
}


def clear_bytecode(root):
    """Delete the compiled Python files of the checkout's own modules (``cli``, ``solitaire``,
    ``reductions``), which an editable install does not ship."""
    for path in [*(root / "__pycache__").glob("cli.*.pyc"), *(root / "solitaire").rglob("*.pyc"),
                 *(root / "reductions").rglob("*.pyc")]:
        path.unlink()


def timed(root, args, cache):
    """Wall seconds of one run in ``root`` with numba's cache in ``cache``; ``None`` if it fails
    (a checkout without the command)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", "from cli import main; main()", *args], cwd=root,
                          capture_output=True, env={**os.environ, "NUMBA_CACHE_DIR": cache})
    return None if done.returncode else time.perf_counter() - start


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
    args = parser.parse_args()
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
    header = [f"first call s{side}" for side in sides] + [f"later calls s{side}" for side in sides]
    print(markdown_table(["command", *header, "load avg"], rows))


if __name__ == "__main__":
    main()
