"""The SAT peer's solvers side by side on the same questions "can deal P:seed reach score t?".

Run from the repository root: ``python benchmarks/bench_peer.py [--queries P:seed:t,...]
[--solvers glucose4,cadical195,removals:cadical195] [--timeout 300]``. A solver ``name``
answers on the turn-indexed formula (:func:`solitaire.seer.bounds.peers.turns.peer_reaches`), ``name@k`` on
that formula with ``k`` turns more than its horizon (``slack``, e.g. 25: the horizon that
does not depend on the target), ``removals:name`` on the formula
indexed by removals (:func:`solitaire.seer.bounds.peers.removals.removal_reaches`). For each question, each
solver in turn (in alternating order, so that load drifts hit all alike) answers it under the
same time limit in a forked process; prints a markdown table
of the answers and times, and the ratio of each solver's time to the first one's (a solver
that ran out counts with its limit, so the ratio is then a bound, marked >= or <=).

With ``--table``, instead: every row of the shipped winnability table (``instances/table/``)
that the SAT peer closed is proved again by :func:`solitaire.seer.bounds.u3.search.exact` with 2 s of search
and then each solver as its peer (``--timeout`` seconds); prints per player count and solver
how many rows agree with the table's U3, disagree or stay open, and the median and maximum
seconds per row.

With ``--search-proofs``, instead: every row of ``instances/deals/hard-deals.jsonl`` whose
``U3 < U2`` only the search has proved (``proved_by`` without ``peer``) is put to each solver
as its question "can the deal reach ``U3 + 1``?", which must be answered no (a yes would be a
line the search's bound wrongly excludes); ``--players`` picks the player counts and
``--seeds A:B`` the seeds ``A .. B - 1`` (to split the work between processes). Prints the
same report, and with ``--out FILE`` one JSON line per row and solver (``players``, ``seed``,
``U3``, ``solver``, ``answer``, ``seconds``) as it goes. ``--peer-proofs`` does the same the
other way round: the rows only the peer has proved, put to the solvers, of which ``search``
is the search alone (:func:`solitaire.seer.bounds.u3.search.exact` without the peer: no when it proves
``U3 + 1`` out of reach, yes when it finds a line of ``U3 + 1``). The solver ``freegame`` is
the independent solver of the token-free game (:mod:`solitaire.seer.bounds.freegame`): its no is a
second proof of the search's rows, its yes proves nothing. ``--record FILE ...`` then
adds the prover (``search`` and ``freegame`` for those solvers, ``peer`` for the others) to
``proved_by`` in ``hard-deals.jsonl`` for every no in those files (a yes of the search or a
peer stops it with an error; nothing is written then), which is how the file's later ``peer`` entries were made.

The default questions: three easy ones (the start of a winnable deal that needs a search:
the peer's usual work in the table), and the hard ones of deals the search left open after a
minute (``instances/deals/hard-deals.jsonl``): refutations of 25 and lines at 24 or 25.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import markdown_table, shipped_table  # noqa: E402
from solitaire.seer.game.deals import seeded_deal  # noqa: E402
from solitaire.seer.bounds.limits import SearchLimits  # noqa: E402
from solitaire.seer.bounds.u3 import exact  # noqa: E402
from solitaire.seer.runs.harddeals import FREEGAME, SEARCH, ask, hard_deals, parse_solver, record_verdicts  # noqa: E402

QUERIES = ("2:16:25,3:83:25,5:24:25,5:906185:25,5:906185:24,4:444558:25,5:685437:25,5:286034:25,5:177860:25,"
           "4:10118:24,4:629581:25")


def _cell(seconds, answer, timeout):
    return f">{timeout:.0f} s" if answer is None else f"{seconds:.1f} s ({'yes' if answer else 'no'})"


def _ratio(mine, first):
    (t, a), (t0, a0) = mine, first
    mark = "" if a is not None and a0 is not None else "<=" if a is not None else ">="
    return f"{mark}{t / t0:.2f}" if a is not None or a0 is not None else "-"


def _verdicts(rows, solvers, check, what):
    """One markdown row per player count and solver: of ``rows``, how many ``check(row, solver)``
    (which returns ``(seconds, verdict)``, a verdict being agree, DISAGREE or open) finds in each
    verdict, and the median and maximum seconds per row (``what``: the rows' name in the header)."""
    report = []
    for players in sorted({r["players"] for r in rows}):
        mine = [r for r in rows if r["players"] == players]
        for solver in solvers:
            verdicts, seconds = {"agree": 0, "DISAGREE": 0, "open": 0}, []
            for row in mine:
                took, verdict = check(row, solver)
                seconds.append(took)
                verdicts[verdict] += 1
            report.append([players, solver, len(mine), *verdicts.values(), f"{statistics.median(seconds):.1f}",
                           f"{max(seconds):.1f}"])
            print(f"P{players} {solver}: {verdicts}", file=sys.stderr, flush=True)
    return markdown_table(["P", "solver", what, "agree", "disagree", "open", "median s", "max s"], report)


def reprove_table(solvers, timeout):
    """The ``--table`` report (module docstring)."""
    def check(row, solver):
        encoding, name, _ = parse_solver(solver)
        start = time.perf_counter()
        r = exact(seeded_deal(row["players"], row["seed"]), SearchLimits(2, timeout, name, encoding))
        return time.perf_counter() - start, "open" if not r.exact else "agree" if r.score == row["U3"] else "DISAGREE"

    return _verdicts([r for r in shipped_table() if r["method"] == "peer"], solvers, check, "peer rows")


def check_one_sided_proofs(solvers, timeout, players, seeds, out=None, missing="peer"):
    """The ``--search-proofs`` report (``missing="peer"``) or the ``--peer-proofs`` one
    (``missing="search"``; module docstring); each verdict also goes to ``out`` as a JSON line."""
    def check(row, solver):
        took, answer = ask(row["players"], row["seed"], row["U3"] + 1, solver, timeout)
        if out is not None:
            print(json.dumps({"players": row["players"], "seed": row["seed"], "U3": row["U3"], "solver": solver,
                              "answer": answer, "seconds": round(took, 2)}), file=out, flush=True)
        return took, "open" if answer is None or (answer and solver == FREEGAME) else "DISAGREE" if answer else "agree"

    rows = [r for r in hard_deals() if r["exact"] and r["U3"] < r["U2"] and missing not in r["proved_by"]
            and r["players"] in players and r["seed"] in seeds]
    return _verdicts(rows, solvers, check, f"rows without {missing}")


def _seed_range(text):
    """``A:B`` as ``range(A, B)``."""
    first, colon, end = text.partition(":")
    if not (colon and first.isdigit() and end.isdigit()):
        raise argparse.ArgumentTypeError(f"expected A:B (seeds A .. B - 1), got {text!r}")
    return range(int(first), int(end))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", default=QUERIES, help="questions as P:seed:target,...")
    parser.add_argument("--solvers", default="glucose4,cadical195,removals:glucose4,removals:cadical195",
                        help="PySAT solver names (name@k: with k more turns; removals:name: the formula "
                             "indexed by removals); the first is the base")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--table", action="store_true", help="re-prove the shipped table's peer rows instead")
    parser.add_argument("--search-proofs", action="store_true",
                        help="put the hard deals' U3 < U2 that only the search proved to the peer instead")
    parser.add_argument("--peer-proofs", action="store_true",
                        help="put the hard deals' U3 < U2 that only the peer proved to the solvers instead "
                             "(--solvers search: the search alone)")
    parser.add_argument("--players", default="2,3,4,5", help="with --search-proofs or --peer-proofs: player "
                                                             "counts, e.g. 3,4,5")
    parser.add_argument("--seeds", default="0:1000000", type=_seed_range,
                        help="with --search-proofs or --peer-proofs: seeds A:B (A .. B - 1)")
    parser.add_argument("--out", type=argparse.FileType("a"),
                        help="with --search-proofs or --peer-proofs: JSON lines of the verdicts")
    parser.add_argument("--record", nargs="+", metavar="VERDICTS",
                        help="instead: add the prover to proved_by in hard-deals.jsonl for the noes of these "
                             "--out files")
    args = parser.parse_args()
    if args.record:
        try:
            print(f"{record_verdicts(args.record)} rows of hard-deals.jsonl gained a prover")
        except (OSError, ValueError) as error:
            parser.error(str(error))
        return
    solvers = args.solvers.split(",")
    if args.table:
        print(reprove_table(solvers, args.timeout))
        return
    if args.search_proofs or args.peer_proofs:
        print(check_one_sided_proofs(solvers, args.timeout, {int(p) for p in args.players.split(",")}, args.seeds,
                                     args.out, SEARCH if args.peer_proofs else "peer"))
        return
    rows = []
    for k, text in enumerate(args.queries.split(",")):
        players, seed, target = (int(v) for v in text.split(":"))
        order = solvers if k % 2 == 0 else solvers[::-1]
        runs = {s: ask(players, seed, target, s, args.timeout) for s in order}
        first = runs[solvers[0]]
        rows.append([f"P{players}:{seed}", f">= {target}"] + [_cell(*runs[s], args.timeout) for s in solvers]
                    + [_ratio(runs[s], first) for s in solvers[1:]])
        print(f"{text}: " + ", ".join(f"{s} {runs[s][0]:.1f} s {runs[s][1]}" for s in solvers), file=sys.stderr, flush=True)
    header = ["deal", "question"] + solvers + [f"{s} / {solvers[0]}" for s in solvers[1:]]
    print(markdown_table(header, rows))


if __name__ == "__main__":
    main()
