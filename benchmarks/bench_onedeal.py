"""One deal through the command line, a whole process each: processor seconds against ``import numba``
and against Py-Hanabi's SAT solver on the same deals.

For each of ``--deals`` seeded deals (``deal -p P --seeds 0:K``, as hanab.live games), one process each, alternating:

* ``python -c "import numba"``, the floor of any process that runs a numba kernel;
* ``hanabi-solitaire bound --hanab-live DEAL --exact -j 1 -q`` (U3 with its line, L, U1, U2 and the figures);
* with ``--pyhanabi DIR`` (a checkout of ``fpvandoorn/Py-Hanabi``, not part of this project) and
  ``--pyhanabi-python PY`` (an interpreter with its dependencies, ``pysmt`` and ``z3-solver`` among them):
  a process that reads the same deal and asks Py-Hanabi's ``solve_sat`` whether it is winnable.

Processor seconds are the process's user and system time (``resource.getrusage`` of the children), which
a busy machine changes less than wall time; the table gives the median and the largest per command and
the ratio of the medians. The numba cache must be warm (run any ``bound --exact`` once before). Also
``analyze`` of the shipped real game, ``--deals`` times. The toolkit measured is this checkout's, or with
``--install PY`` (repeatable) the one installed beside each interpreter ``PY`` (``pip install .`` of two
revisions in two virtual environments, measured side by side, run from a folder of their own). Run from the
repository root::

    python benchmarks/bench_onedeal.py --deals 20 --pyhanabi /path/to/Py-Hanabi --pyhanabi-python /path/to/python
"""

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import markdown_table

ROOT = Path(__file__).resolve().parent.parent
REAL_GAME = ROOT / "instances" / "hanab-live-real-game.json"

#: The Py-Hanabi process: read a hanab.live game's deck and players, ask ``solve_sat`` whether it is winnable.
PYHANABI = """
import json, sys
sys.path.insert(0, sys.argv[1])
from hanabi.hanab_game import DeckCard, HanabiInstance
from hanabi.solvers.sat import solve_sat
game = json.loads(open(sys.argv[2]).read())
deck = [DeckCard(card["suitIndex"], card["rank"]) for card in game["deck"]]
print(solve_sat(HanabiInstance(deck, len(game["players"])))[0])
"""


def cpu_seconds(command, where=ROOT):
    """Run ``command`` (checked) in the folder ``where`` and return its processor seconds (user + system) and its
    standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=where)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="seeded deals (seeds 0..K-1)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--pyhanabi", help="a checkout of fpvandoorn/Py-Hanabi (its src/ is put on sys.path)")
    parser.add_argument("--pyhanabi-python", default=sys.executable, help="the interpreter that runs Py-Hanabi")
    parser.add_argument("--install", action="append", default=[],
                        help="an interpreter whose installed toolkit to measure (repeatable; default: this checkout)")
    args = parser.parse_args()
    dealt = subprocess.run([sys.executable, "-m", "solitaire", "deal", "-p", str(args.players), "--seeds",
                            f"0:{args.deals}"], capture_output=True, text=True, check=True, cwd=ROOT)
    games = dealt.stdout.splitlines()
    times: dict[str, list[float]] = {"import numba": []}
    if args.pyhanabi:
        times["Py-Hanabi solve_sat (one deal)"] = []
    with tempfile.TemporaryDirectory() as folder:
        sides = [(f" ({python})", [python, "-m", "solitaire"], folder) for python in args.install] or \
            [("", [sys.executable, "-m", "solitaire"], ROOT)]
        script = Path(folder) / "pyhanabi_one.py"
        script.write_text(PYHANABI)
        for number, game in enumerate(games):
            path = Path(folder) / f"deal{number}.json"
            path.write_text(game + "\n")
            times["import numba"].append(cpu_seconds([sys.executable, "-c", "import numba"])[0])
            for side, command, where in sides:
                bound = [*command, "bound", "--hanab-live", str(path), "--exact", "-j", "1", "-q"]
                times.setdefault(f"bound --exact (one deal){side}", []).append(cpu_seconds(bound, where)[0])
                analyze = [*command, "analyze", str(REAL_GAME), "-j", "1", "-q"]
                times.setdefault(f"analyze (one real game){side}", []).append(cpu_seconds(analyze, where)[0])
            if args.pyhanabi:
                pyhanabi = [args.pyhanabi_python, str(script), str(Path(args.pyhanabi) / "src"), str(path)]
                times["Py-Hanabi solve_sat (one deal)"].append(cpu_seconds(pyhanabi)[0])
    floor = statistics.median(times["import numba"])
    rows = [[name, len(values), f"{statistics.median(values):.2f}", f"{max(values):.2f}",
             f"{statistics.median(values) / floor:.2f}"] for name, values in times.items()]
    print(markdown_table(["process", "runs", "median processor s", "max s", "median / import numba"], rows))
    print(json.dumps({name: [round(v, 3) for v in values] for name, values in times.items()}))


if __name__ == "__main__":
    main()
