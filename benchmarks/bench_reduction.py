"""Benchmark of the Theorem 7 reduction and the Hanabi -> CNF encoding; prints a markdown table.

For random 3-SAT at clause ratio 4.26 (v = 10, 20, 50) and the SATLIB files of
``--cnf-dir`` (its ``sat/`` and ``unsat/`` folders; default ``tests/data/cnf``): deck size N
against its bound 2(2v+1)n (the paper's 2(2v+1)(6m+2) where n = 6m + 2, m >= 3), time to
generate, PySAT on the CNF and on the Hanabi encoding of the deck (measured side by side in one
run, the ratio is the figure), the encoding size, and the full cross-check time (generation,
both solvers, both witnesses).

    python benchmarks/bench_reduction.py            # 2 random formulas per v, 3 uf20, 3 uuf50
    python benchmarks/bench_reduction.py --full     # every SATLIB file of --cnf-dir
    python benchmarks/bench_reduction.py --solvers  # and every PySAT solver on two uf20 decks
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reductions.crosscheck import crosscheck, random_3sat  # noqa: E402
from reductions.dimacs import read_dimacs  # noqa: E402
from reductions.theorem7 import reduce_formula  # noqa: E402
from solitaire.satenc import encode  # noqa: E402
from solitaire.satsolvers import DEFAULT_SOLVER  # noqa: E402
from pysat.solvers import Solver  # noqa: E402

SOLVERS = ("cadical195", "cadical153", "cadical300", "glucose4", "minisat22", "maplechrono")

CNF = Path(__file__).resolve().parent.parent / "tests" / "data" / "cnf"


def rows(args):
    rng = random.Random(args.seed)
    for v in (10, 20, 50):
        for i in range(args.per_size):
            yield f"random v={v} #{i + 1}", random_3sat(v, round(4.26 * v), rng)
    for folder, count in (("sat", 3), ("unsat", 3)):
        files = sorted((args.cnf_dir / folder).glob("*.cnf"))
        for path in files if args.full else files[:count]:
            yield path.stem, read_dimacs(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="every SATLIB file")
    parser.add_argument("--cnf-dir", type=Path, default=CNF,
                        help="folder of the SATLIB formulas, with sat/ and unsat/ (default: tests/data/cnf)")
    parser.add_argument("--per-size", type=int, default=2, help="random formulas per v")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--solvers", action="store_true",
                        help="also time every PySAT solver on the Hanabi encoding of uf20-01 and uf20-02")
    args = parser.parse_args()
    print("| formula | v | m | answer | N | bound 2(2v+1)n | N/bound | generate s | PySAT CNF s "
          "| PySAT Hanabi s (encode + solve) | Hanabi/CNF | enc vars | enc clauses | cross-check s | agree |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    worst = {}
    for name, formula in rows(args):
        start = time.perf_counter()
        r = crosscheck(formula, name, engine=False)
        total = time.perf_counter() - start
        s = r["seconds"]
        hanabi = s["hanabi_encode"] + s["hanabi_solve"]
        kind = name.split("-")[0] if not name.startswith("random") else name.split(" #")[0]
        worst[kind] = max(worst.get(kind, 0.0), total)
        print(f"| {name} | {r['norm_vars']} | {r['norm_clauses']} | {'SAT' if r['cnf'] else 'UNSAT'} "
              f"| {r['deck']['N']} | {r['bound']} | {r['deck']['N'] / r['bound']:.2f} | {s['generate']:.3f} "
              f"| {s['pysat_cnf']:.4f} | {hanabi:.2f} ({s['hanabi_encode']:.2f} + {s['hanabi_solve']:.2f}) "
              f"| {hanabi / max(s['pysat_cnf'], 1e-6):.0f}x | {r['encoding']['vars']} | {r['encoding']['clauses']} "
              f"| {total:.2f} | {'yes' if r['agree'] else 'NO'} |", flush=True)
    print()
    print("worst cross-check time per family: " + ", ".join(f"{k} {t:.1f} s" for k, t in worst.items()))
    if args.solvers:
        solver_table()


def solver_table():
    """Solve time of each PySAT solver on the same Hanabi encoding, as a ratio to the default."""
    print()
    print("| deck | " + " | ".join(f"{name} s" for name in SOLVERS) + " | " +
          " | ".join(f"{name}/{DEFAULT_SOLVER}" for name in SOLVERS if name != DEFAULT_SOLVER) + " |")
    print("|---|" + "---|" * (2 * len(SOLVERS) - 1))
    for path in (CNF / "sat" / "uf20-01.cnf", CNF / "sat" / "uf20-02.cnf"):
        clauses = encode(reduce_formula(read_dimacs(path)).instance).clauses
        times = {}
        for name in SOLVERS:
            start = time.perf_counter()
            with Solver(name=name, bootstrap_with=clauses) as s:
                s.solve()
            times[name] = time.perf_counter() - start
        base = times[DEFAULT_SOLVER]
        print(f"| {path.stem} | " + " | ".join(f"{times[n]:.2f}" for n in SOLVERS) + " | "
              + " | ".join(f"{times[n] / base:.2f}" for n in SOLVERS if n != DEFAULT_SOLVER) + " |", flush=True)


if __name__ == "__main__":
    main()
