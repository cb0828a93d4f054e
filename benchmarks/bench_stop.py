"""How fast a stop signal ends a command whose U3 search is running.

``bound -p 5 --seeds 282322:282323 --exact`` and ``table -p 5 --seed 282322 --deals 1`` search
one deal for their whole timeout (10 s); each run of each command gets, at a seeded random moment
3 to 7 s after its start, a Ctrl-C (SIGINT to its process group, as a terminal sends it) or a
SIGTERM (to the command, as ``kill`` sends it), in turn. The table gives per command the seconds
from the signal to the end of the command, median and largest, and checks each run ended as the
contract says (exit code 1, one line on standard error, no row written for the stopped deal).
Run from the repository root, with the project installed::

    python benchmarks/bench_stop.py [--runs 8] [--seed 0]
"""

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from common import markdown_table

COMMANDS = {
    "bound --exact": ["bound", "-p", "5", "--seeds", "282322:282323", "--exact"],
    "bound --exact -j 1": ["bound", "-p", "5", "--seeds", "282322:282323", "--exact", "-j", "1"],
    "table": ["table", "-p", "5", "--seed", "282322", "--deals", "1", "--out", "{out}"],
}


def stopped(argv, at, signum, folder):
    """Run the command, signal it after ``at`` seconds: (seconds to its end, whether it kept the contract)."""
    out = os.path.join(folder, "rows.jsonl")
    if os.path.exists(out):
        os.remove(out)
    command = [sys.executable, "-m", "cli", *(a.format(out=out) for a in argv)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    time.sleep(at)
    sent = time.monotonic()
    if signum == signal.SIGINT:
        os.killpg(process.pid, signum)
    else:
        os.kill(process.pid, signum)
    _, err = process.communicate(timeout=120)
    took = time.monotonic() - sent
    rows = open(out).read().strip() if os.path.exists(out) else ""
    kept = process.returncode == 1 and len(err.decode().strip().splitlines()) == 1 and not rows
    return took, kept


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8, help="signals per command")
    parser.add_argument("--seed", type=int, default=0, help="seed of the moments")
    args = parser.parse_args()
    rng, rows = random.Random(args.seed), []
    with tempfile.TemporaryDirectory() as folder:
        for name, argv in COMMANDS.items():
            runs = [stopped(argv, rng.uniform(3.0, 7.0), signal.SIGINT if i % 2 == 0 else signal.SIGTERM, folder)
                    for i in range(args.runs)]
            times = [took for took, _ in runs]
            rows.append([f"`{name}`", len(runs), f"{statistics.median(times):.2f}", f"{max(times):.2f}",
                         sum(not kept for _, kept in runs)])
    print(f"load average {os.getloadavg()[0]:.1f}\n")
    print(markdown_table(["command", "signals", "median s", "max s", "runs breaking the contract"], rows))


if __name__ == "__main__":
    main()
