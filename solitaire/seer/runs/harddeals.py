"""The shipped hard deals (``instances/deals/hard-deals.jsonl``) and the proofs recorded in them.

A row is one deal ``seeded_deal(players, seed)`` with its bounds ``L``, ``U2``, ``U3 <= U3_high``,
``exact``, ``method``, ``nodes`` and, when exact, ``proved_by``: every independent prover that
refuted ``U3 + 1`` (``search``, ``peer`` or ``freegame``). :func:`ask` puts the question "can
this deal reach score ``t``?" to one named solver; :func:`record_verdicts` adds the provers of
such answers, kept as JSON lines, to ``proved_by``. Only a no is a proof: a yes of the search or
of a peer for ``U3 + 1`` contradicts the row, and the token-free game's yes proves nothing (it
relaxes the rules).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from solitaire.examples import example_path
from solitaire.io.atomic import write_text_atomic

__all__ = ["SEARCH", "FREEGAME", "hard_deals", "parse_solver", "ask", "record_verdicts"]

SEARCH = "search"  # the solver name of the search alone
FREEGAME = "freegame"  # the solver name of the independent token-free solver


def hard_deals(path: str | Path | None = None) -> list[dict]:
    """The rows of the shipped hard deals (or of the file ``path``)."""
    path = example_path("hard-deals", "deals") if path is None else path
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def parse_solver(solver: str) -> tuple[str, str, int]:
    """``(encoding, name, slack)`` of a SAT solver spec ``[encoding:]name[@slack]``.

    Examples
    --------
    >>> parse_solver("removals:cadical195"), parse_solver("glucose4@25")
    (('removals', 'cadical195', 0), ('turns', 'glucose4', 25))
    """
    encoding, _, name = solver.rpartition(":")
    name, _, slack = name.partition("@")
    return encoding or "turns", name, int(slack or 0)


def ask(players: int, seed: int, target: int, solver: str, timeout: float) -> tuple[float, bool | None]:
    """``(seconds, answer)`` of one solver on "can ``seeded_deal(players, seed)`` reach ``target``?".

    ``solver`` is :data:`SEARCH` (the search alone), :data:`FREEGAME` (the token-free game, whose
    yes is only a yes of that game) or a SAT peer spec (:func:`parse_solver`); the answer is
    None when the solver ran out of ``timeout`` seconds.
    """
    from solitaire.seer.bounds.freegame import free_reaches
    from solitaire.seer.bounds.limits import SearchLimits
    from solitaire.seer.bounds.peers import peer_of
    from solitaire.seer.bounds.u3 import exact
    from solitaire.seer.game.deals import seeded_deal

    deal = seeded_deal(players, seed)
    start = time.perf_counter()
    if solver == SEARCH:
        r = exact(deal, SearchLimits(timeout))
        answer = True if r.score >= target else False if r.high < target else None
    elif solver == FREEGAME:
        answer, _ = free_reaches(deal, target, timeout)
    else:
        encoding, name, slack = parse_solver(solver)
        extra = {"slack": slack} if slack else {}  # only the turn-indexed formula has a horizon to widen
        answer, _ = peer_of(encoding)(deal, target, solver=name, timeout=timeout, **extra)
    return time.perf_counter() - start, answer


def record_verdicts(files: list[str | Path], path: str | Path | None = None) -> int:
    """Add the prover (``search`` or ``freegame`` for those solvers, else ``peer``) to ``proved_by``
    of every row of ``path`` (default: the shipped hard deals) whose ``U3 + 1`` a verdict of
    ``files`` refutes; return how many rows changed.

    A verdict is a JSON line ``{"players", "seed", "U3", "solver", "answer"}``. A yes of the search
    or a peer (a line of ``U3 + 1``, which the row's proof excludes) is an error naming the
    verdict, raised before anything is written; open verdicts, and the ``freegame`` solver's yes,
    change nothing. The file is written whole or not at all.
    """
    path = example_path("hard-deals", "deals") if path is None else Path(path)
    refuted: dict[tuple, set[str]] = {}  # (players, seed, U3): the provers that refuted U3 + 1
    for name in files:
        for number, line in enumerate(Path(name).read_text().splitlines(), 1):
            try:
                verdict = json.loads(line)
                key, answer = (verdict["players"], verdict["seed"], verdict["U3"]), verdict["answer"]
                prover = verdict["solver"] if verdict["solver"] in (SEARCH, FREEGAME) else "peer"
            except (ValueError, KeyError, TypeError):
                raise ValueError(f"{name}:{number}: expected a JSON verdict "
                                 f"(players, seed, U3, solver, answer), got {line[:60]!r}") from None
            if answer and prover != FREEGAME:  # the token-free game's yes is no line of the real game
                raise ValueError(f"{name}:{number}: the {prover} reaches U3 + 1 on P = {key[0]} seed {key[1]}: "
                                 f"it contradicts the row's proof")
            if answer is False:
                refuted.setdefault(key, set()).add(prover)
    rows, changed = hard_deals(path), 0
    for row in rows:
        gained = refuted.get((row["players"], row["seed"], row["U3"]), set()) - set(row["proved_by"])
        if row["exact"] and gained:
            row["proved_by"] = sorted(set(row["proved_by"]) | gained)
            changed += 1
    write_text_atomic(path, "".join(json.dumps(row) + "\n" for row in rows))
    return changed
