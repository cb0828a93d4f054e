"""Batch bounds over many deals: rows and their summary.

One row per deal (:func:`bound_row`): ``id``, ``players``, ``L`` (the perfect-information bot,
:mod:`solitaire.seer.game`), ``U1`` and ``U2`` (:mod:`solitaire.seer.bounds`), ``reason`` when
``U2 < 25``, the hardness figures ``min_hand`` and ``pace_slack``, and for real games
``real_score``, ``end`` and ``gap = U2 - real_score``. :func:`run_rows` computes rows on
``jobs`` processes, in input order (:mod:`solitaire.seer.rowfile` streams them to a file, so an
interrupted run keeps every finished row; with resume the ids already in the file are
skipped). :func:`summarize` gives the mean of each bound,
the share of deals with ``U2 = 25`` and ``L = 25`` with 95% Wilson intervals, how often
``L = U2``, and the gap histogram.
"""

import math
from collections import Counter
from multiprocessing import get_context

from solitaire.seer.bounds import hardness, u1, u2, u2_reason
from solitaire.seer.deals import MAX_SCORE, Deal, seeded_deal
from solitaire.seer.u3 import exact, warm_up
from solitaire.seer.peers import PEER_ENCODING
from solitaire.seer.game import DISCARD, PLAY, seer_line
from solitaire.seer.hle import hle_deal
from solitaire.seer.peers.turns import PEER_SOLVER

__all__ = ["bound_row", "run_rows", "imap_jobs", "summarize", "wilson",
           "seeded_deals", "hle_deals"]

def bound_row(deal, figures=True, lines=False, timeout=False, peer_timeout=None, peer_solver=PEER_SOLVER,
              peer_encoding=PEER_ENCODING):
    """The row of one deal (see the module docstring); ``lines`` adds the U1/U2 lines and bot actions.

    ``timeout`` other than ``False`` adds ``U3``, ``U3_high``, ``exact`` and ``method`` (with
    ``lines``, the optimal line as a hanab.live game, ``u3_game``); ``peer_timeout``,
    ``peer_solver`` and ``peer_encoding`` as in :func:`solitaire.seer.u3.search.exact`.
    """
    actions, low = seer_line(deal)
    upper1, upper2 = u1(deal), u2(deal)
    row = {"id": deal.ident, "players": deal.players, "L": low, "U1": upper1.score, "U2": upper2.score}
    if figures:
        row.update(hardness(deal, upper2.score))
    if "real_score" in deal.meta:
        row["real_score"] = deal.meta["real_score"]
        row["gap"] = upper2.score - deal.meta["real_score"]
        if "end" in deal.meta:
            row["end"] = deal.meta["end"]
    if timeout is not False:
        result, game = _exact(deal, timeout, peer_timeout, peer_solver, peer_encoding)
        row.update({"U3": result.score, "U3_high": result.high, "exact": result.exact, "method": result.method})
        if lines:
            row["u3_game"] = game
    reason = u2_reason(deal, upper2.score)
    if reason:
        row["reason"] = reason
    if lines:
        row["u1_line"] = upper1.to_json()["plays"]
        row["u2_line"] = upper2.to_json()["plays"]
        row["bot_actions"] = actions
    return row


def _exact(deal, timeout, peer_timeout, peer_solver, peer_encoding):
    """:func:`exact` and its line as a hanab.live game. The search plays player 0 first, so a deal
    whose starting player ``s`` is another is solved with the seats renamed (player ``s`` becomes
    player 0 and its hand the first one dealt: the same game), its line renamed back."""
    s, P, h = deal.start_player, deal.players, deal.hand
    if s == 0:
        result = exact(deal, timeout, peer_timeout, peer_solver=peer_solver, peer_encoding=peer_encoding)
        return result, result.to_json(deal)
    order = sorted(range(len(deal.types)), key=lambda o: ((o // h - s) % P, o) if o < deal.pooled else (P, o))
    renamed = Deal(deal.types[order], P, deal.ident)  # order[new index] = the card's index in deal
    result = exact(renamed, timeout, peer_timeout, peer_solver=peer_solver, peer_encoding=peer_encoding)
    actions = [dict(a, target=order[a["target"]]) if a["type"] in (PLAY, DISCARD) else
               dict(a, target=(a["target"] + s) % P) for a in result.actions]
    return result, {**result.to_json(deal), "actions": actions, "options": {"startingPlayer": s}}


def _row_task(args):
    return bound_row(*args)


def imap_jobs(func, items, jobs, chunksize=8):
    """``map(func, items)`` in input order on ``jobs`` forked processes (``func`` at module level)."""
    if jobs <= 1:
        yield from map(func, items)
        return
    with get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(func, items, chunksize=chunksize)


def run_rows(deals, jobs=1, figures=True, lines=False, timeout=False, peer_timeout=None, peer_solver=PEER_SOLVER,
             peer_encoding=PEER_ENCODING):
    """Rows of ``deals`` (an iterable) in input order, computed on ``jobs`` processes.

    ``timeout`` other than ``False`` adds U3 (:mod:`solitaire.seer.u3`, seconds per deal or ``None``).
    """
    if timeout is not False:
        warm_up()
    tasks = ((deal, figures, lines, timeout, peer_timeout, peer_solver, peer_encoding) for deal in deals)
    yield from imap_jobs(_row_task, tasks, jobs)


def seeded_deals(players, first, last):
    """Our generator's deals for seeds ``first..last-1``."""
    return (seeded_deal(players, seed) for seed in range(first, last))


def hle_deals(players, first, last, random_start=False):
    """HLE's deals for seeds ``first..last-1`` (with its random starting player if ``random_start``)."""
    return (hle_deal(players, seed, random_start) for seed in range(first, last))


def wilson(successes, n, z=1.959963984540054):
    """95% Wilson score interval of a proportion ``(low, high)``.

    Examples
    --------
    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(rows):
    """The summary of a list of rows (see the module docstring)."""
    n = len(rows)
    out = {"deals": n}
    for key in ("L", "U1", "U2", "real_score", "min_hand", "pace_slack"):
        values = [r[key] for r in rows if r.get(key) is not None]
        if values:
            out[f"mean_{key}"] = sum(values) / len(values)
    for key in ("U2", "L"):
        wins = sum(1 for r in rows if r[key] == MAX_SCORE)
        out[f"share_{key}_25"] = wins / n if n else 0.0
        out[f"share_{key}_25_ci95"] = list(wilson(wins, n))
    if any("exact" in r for r in rows):
        proven = sum(1 for r in rows if r.get("exact") and r["U3"] == MAX_SCORE)
        out["share_U3_25"] = proven / n if n else 0.0
        out["share_U3_25_ci95"] = list(wilson(proven, n))
        out["unresolved"] = sum(1 for r in rows if not r.get("exact"))
    out["share_L_eq_U2"] = sum(1 for r in rows if r["L"] == r["U2"]) / n if n else 0.0
    gaps = Counter(r["gap"] for r in rows if r.get("gap") is not None)
    if gaps:
        out["gap_histogram"] = {str(g): gaps[g] for g in sorted(gaps)}
    out["real_above_U2"] = sum(1 for r in rows if r.get("gap") is not None and r["gap"] < 0)
    return out
