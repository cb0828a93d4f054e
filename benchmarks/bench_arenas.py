"""Games per second read and bounded from an arena's own logs, and the agents' normalised scores.

Plays ``--games`` seeded OpenSpiel Hanabi games per player count (2 to 5) with the fixtures' agent of
``tests/seer/sources/openspiel_extract.py`` (a seeded mix of plays it sees, random plays and other
moves; needs ``pyspiel``, the ``openspiel`` extra), writes them as JSON Lines of
``pyspiel.serialize_game_and_state`` texts, then times in this process, best of ``--repeat``:

* reading: :func:`solitaire.seer.sources.openspiel.read_openspiel_file` over the file;
* bounding: ``bound --openspiel FILE --exact --no-figures -j 1`` (the command's library call,
  :class:`~solitaire.seer.runs.boundrun.BoundRun`, numba's cache warm).

Then, over the games whose deck is known whole: the mean score over the mean U3 and over 25; and the same
two rates for the shipped Kaggle Game Arena replay (``tests/data/openspiel/kaggle_hanabi.json``, one episode,
its steps trimmed to the last), read ``20 * --repeat`` times. Run from the repository root::

    python benchmarks/bench_arenas.py --games 100
"""

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "tests" / "seer" / "sources"))
from common import markdown_table  # noqa: E402

from solitaire.seer.bounds.limits import SearchLimits  # noqa: E402
from solitaire.seer.runs.boundrun import BoundOptions, BoundRun  # noqa: E402
from solitaire.seer.sources.dealsource import deal_source  # noqa: E402
from solitaire.seer.sources.openspiel import read_kaggle_file, read_openspiel_file  # noqa: E402

KAGGLE = ROOT / "tests" / "data" / "openspiel" / "kaggle_hanabi.json"


def write_games(path, games):
    """``games`` seeded games per player count, as the fixtures are played, to the JSON Lines file ``path``."""
    import pyspiel
    from openspiel_extract import play

    with open(path, "w") as out:
        for players in range(2, 6):
            for seed in range(games):
                probability, skill = [(0.02, 0.95), (0.05, 0.9), (0.1, 0.7)][seed % 3]
                game, state = play(players, 100 * players + seed, probability, {}, skill)
                out.write(json.dumps(pyspiel.serialize_game_and_state(game, state)) + "\n")


def best(function, repeat):
    """The smallest wall seconds of ``repeat`` calls of ``function`` and its last result."""
    times, result = [], None
    for _ in range(repeat):
        began = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - began)
    return min(times), result


def bound_rows(path, source="openspiel"):
    """The rows of ``bound --<source> path --exact --no-figures -j 1``."""
    with BoundRun(deal_source(**{source: str(path)}), BoundOptions(False, False, SearchLimits(10.0))) as run:
        return list(run.rows())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.jsonl"
        write_games(path, args.games)
        bound_rows(path)  # numba's cache loaded
        read_seconds, items = best(lambda: read_openspiel_file(path), args.repeat)
        bound_seconds, rows = best(lambda: bound_rows(path), args.repeat)
    whole = [row for row in rows if "U3" in row]
    count = len(items)
    print(markdown_table(["games", "deck known whole", "read games/s", "bound --exact games/s"],
                         [[count, len(whole), f"{count / read_seconds:,.0f}", f"{count / bound_seconds:,.0f}"]]))
    scores = [row["real_score"] for row in whole]
    maxima = [row["U3"] for row in whole]
    print(markdown_table(["games (deck known whole)", "mean score", "mean U3", "score / U3", "score / 25"],
                         [[len(whole), f"{sum(scores) / len(whole):.2f}", f"{sum(maxima) / len(whole):.2f}",
                           f"{sum(scores) / sum(maxima):.4f}", f"{sum(scores) / (25 * len(whole)):.4f}"]]))
    times = 20 * args.repeat
    bound_rows(KAGGLE, "kaggle")
    read_kaggle = best(lambda: [read_kaggle_file(KAGGLE) for _ in range(times)], 1)[0]
    bound_kaggle = best(lambda: [bound_rows(KAGGLE, "kaggle") for _ in range(times)], 1)[0]
    print(markdown_table(["Kaggle replays", "read replays/s", "bound --exact replays/s"],
                         [[times, f"{times / read_kaggle:,.0f}", f"{times / bound_kaggle:,.0f}"]]))


if __name__ == "__main__":
    main()
