"""Real histories end to end: every game of real files through ``bound --exact`` and ``analyze``.

For each file (default: every ``*.jsonl`` of ``../shared/data/realgames`` beside the repository,
else the copies in ``tests/data`` and ``tests/data/hanablive_variant_games.jsonl``, and the real
games shipped in ``instances/``), the file is
read as the commands read it (:func:`~solitaire.seer.sources.history.read_history`; a file named
``pyhanabi_2p_human*``, pyhanabi's games, as ``--pyhanabi`` reads it:
:func:`~solitaire.seer.sources.pyhanabi.read_pyhanabi`): the games played and those refused, by reason.
Each game played then gets, in this process, one game after another, after :func:`~solitaire.seer.bounds.u3.warm_up`, its ``bound --exact`` row
(:func:`~solitaire.seer.runs.boundrun.bound_row`, ``--timeout`` seconds) and its analysis
(:func:`~solitaire.seer.runs.analysis.analyze_game`, ``--timeout`` seconds per searched position);
the table gives the median, 99th percentile and largest seconds per game of each, the rows left
open, and how the games ended. ``--json`` prints one JSON object instead. Run from the
repository root::

    python benchmarks/bench_histories.py [--timeout 10] [FILE ...]
"""

import argparse
import json
import time
from collections import Counter
from pathlib import Path

import numpy as np

from common import markdown_table
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.runs.analysis import analyze_game
from solitaire.seer.runs.boundrun import bound_row
from solitaire.seer.sources.history import Refused, read_history
from solitaire.seer.sources.pyhanabi import read_pyhanabi
from solitaire.seer.bounds.u3 import warm_up

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "realgames"
COPIES = ROOT / "tests" / "data"


def default_files():
    """The shared real games when they are beside the repository, else the test copies; and the
    shipped real games."""
    shipped = sorted((ROOT / "instances").glob("hanab-live-*.json"))
    if SHARED.is_dir():
        return sorted(SHARED.glob("*.jsonl")) + shipped
    return sorted((COPIES / "realgames").glob("*.jsonl")) + [COPIES / "hanablive_variant_games.jsonl"] + shipped


def timed(function, games):
    """``function(game)`` of each game and the seconds each took."""
    results, seconds = [], []
    for game in games:
        began = time.perf_counter()
        results.append(function(game))
        seconds.append(time.perf_counter() - began)
    return results, seconds


def spread(seconds):
    times = np.array(seconds) if seconds else np.zeros(1)
    return {"median_s": float(np.median(times)), "p99_s": float(np.percentile(times, 99)),
            "max_s": float(times.max())}


def measure(path, timeout):
    """The figures of one file (module docstring)."""
    items = (read_pyhanabi if Path(path).name.startswith("pyhanabi_2p_human") else read_history)(path)
    games = [item for item in items if not isinstance(item, Refused)]
    refused = Counter(item.reason for item in items if isinstance(item, Refused))
    rows, bound_seconds = timed(lambda deal: bound_row(deal, figures=False, limits=SearchLimits(timeout)), games)
    analyses, analyze_seconds = timed(lambda deal: analyze_game(deal, timeout), games)
    return {"file": Path(path).name, "records": len(items), "played": len(games), "refused": dict(refused),
            "ends": dict(Counter(deal.meta.get("end", "no actions") for deal in games)),
            "bound": {**spread(bound_seconds), "open": sum(not row["exact"] for row in rows)},
            "analyze": {**spread(analyze_seconds), "open": sum(a.open_turns for a in analyses)}}


def print_tables(results, timeout):
    print(f"\n### Real histories: bound --exact and analyze, {timeout:g} s per deal or position\n")
    rows = [[r["file"], f"{r['records']:,}", f"{r['played']:,}", f"{sum(r['refused'].values()):,}",
             f"{1000 * r['bound']['median_s']:.1f}", f"{1000 * r['bound']['p99_s']:.1f}", r["bound"]["open"],
             f"{1000 * r['analyze']['median_s']:.1f}", f"{1000 * r['analyze']['p99_s']:.1f}",
             f"{r['analyze']['max_s']:.2f}", r["analyze"]["open"]] for r in results]
    print(markdown_table(["file", "records", "played", "refused", "bound median ms", "bound p99 ms", "bound open",
                          "analyze median ms", "analyze p99 ms", "analyze max s", "analyze open"], rows))
    print("\nHow the games ended: " + "; ".join(
        f"{r['file']}: " + ", ".join(f"{end} {n}" for end, n in r["ends"].items()) for r in results if r["ends"]))
    reasons = Counter()
    for r in results:
        reasons.update(r["refused"])
    print("\nRefused, by reason (all files):\n")
    print(markdown_table(["games", "reason"], [[n, reason] for reason, n in reasons.most_common()]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="hanab.live game files (default: module docstring)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per deal (bound) or position (analyze)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = parser.parse_args()
    warm_up()
    results = [measure(path, args.timeout) for path in (args.files or default_files())]
    if args.json:
        print(json.dumps({"timeout": args.timeout, "files": results}, indent=1))
    else:
        print_tables(results, args.timeout)


if __name__ == "__main__":
    main()
