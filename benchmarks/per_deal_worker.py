"""A worker that times ``exact`` per deal and ``analyze_game`` per real game for the tree on its ``PYTHONPATH``.

:func:`bench_exact.per_deal_tables` starts one per tree (``python benchmarks/per_deal_worker.py`` with
``PYTHONPATH`` the tree's root), so that two revisions run side by side in one run, each with its own compiled
code loaded before any timing (:func:`~solitaire.seer.bounds.u3.warm_up`). It reads one JSON request a line
from standard input and answers one JSON list of seconds a line:

- ``{"players": P, "first": a, "last": b, "timeout": t}``: ``exact(seeded_deal(P, s))`` for seeds ``a .. b-1``,
  ``t`` seconds per deal at most, the deal made before the clock starts;
- ``{"games": path, "first": a, "last": b}``: ``analyze_game`` of the games ``a .. b-1`` the reader plays in the
  hanab.live file ``path``, 10 s per searched position.

It uses only what every revision since the layers of ``solitaire/seer`` has (``exact``, ``SearchLimits``,
``seeded_deal``, ``analyze_game``, ``read_history``, ``split_refused``).
"""

import json
import sys
import time
from functools import partial


def serve() -> None:
    from solitaire.seer.bounds.limits import SearchLimits
    from solitaire.seer.bounds.u3 import exact, warm_up
    from solitaire.seer.game.deals import seeded_deal
    from solitaire.seer.runs.analysis import analyze_game
    from solitaire.seer.sources.history import read_history, split_refused

    warm_up()
    games: dict[str, list] = {}
    for line in sys.stdin:
        ask = json.loads(line)
        if "players" in ask:
            limited = partial(exact, limits=SearchLimits(ask["timeout"]))
            work = [(limited, seeded_deal(ask["players"], seed)) for seed in range(ask["first"], ask["last"])]
        else:
            if ask["games"] not in games:
                games[ask["games"]] = split_refused(read_history(ask["games"]))[0]
            work = [(analyze_game, deal) for deal in games[ask["games"]][ask["first"]:ask["last"]]]
        seconds = []
        for function, deal in work:
            began = time.perf_counter()
            function(deal)
            seconds.append(time.perf_counter() - began)
        print(json.dumps(seconds), flush=True)


if __name__ == "__main__":
    serve()
