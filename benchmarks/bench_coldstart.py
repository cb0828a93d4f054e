"""The first call of a command against the later ones: numba's cache emptied, then filled.

For each command: delete every numba cache file (``*.nbi``, ``*.nbc``) under ``solitaire/``,
run the command once (cold: it compiles), then ``--repeat`` times more (warm: it loads the
cache); wall seconds of each (``-`` for a command the checkout does not have), and the load
average before, since the machine may be shared.
The commands run as ``python -c "from cli import main; main()"`` in ``--root`` (default: this
checkout), so that another checkout of the project (say, an older revision) can be measured
with the same interpreter::

    python benchmarks/bench_coldstart.py [--root OTHER_CHECKOUT]
"""

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from common import markdown_table

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = {
    "solve": ["solve", "instances/standard-deck-h5.deck"],
    "bound": ["bound", "-p", "2", "--seeds", "0:1", "-j1"],
    "bound --exact": ["bound", "-p", "2", "--seeds", "0:1", "--exact", "-j1"],
    "analyze": ["analyze", "instances/hanab-live-real-game.json", "-q"],
}


def clear_cache(root):
    """Delete numba's cache files of the package in ``root``; how many there were."""
    files = [p for p in (root / "solitaire").rglob("*") if p.suffix in (".nbi", ".nbc")]
    for path in files:
        path.unlink()
    return len(files)


def timed(root, args):
    """Wall seconds of one run."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "from cli import main; main()", *args], cwd=root,
                   capture_output=True, check=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2, help="warm runs after the cold one")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    args = parser.parse_args()
    rows = []
    for name, command in COMMANDS.items():
        load = os.getloadavg()[0]
        clear_cache(args.root)
        try:
            cold = timed(args.root, command)
        except subprocess.CalledProcessError:  # a checkout without the command (an older revision)
            rows.append([name, "-", "-", f"{load:.1f}"])
            continue
        warm = min(timed(args.root, command) for _ in range(args.repeat))
        rows.append([name, f"{cold:.1f}", f"{warm:.1f}", f"{load:.1f}"])
    print(markdown_table(["command", "cold s", "warm s (best)", "load avg"], rows))


if __name__ == "__main__":
    main()
