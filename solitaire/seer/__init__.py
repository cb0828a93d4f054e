"""The real multiplayer game with perfect information: deals, the rules and simulator, the bot, the
bounds L <= U3 <= U2 <= U1, batch runs and row files.

The bounds load their numba code on first use (:func:`u1`, :func:`u2`, :func:`u2_value`), so
importing this package is cheap. The exact optimum U3 of a deck, a deal or a position is
:func:`max_score`, and every bound at once (``L``, ``U1``, ``U2``, ``U3``: the figures of a row of ``bound``)
:func:`bounds_of` (loaded on first use too; the search itself is :func:`solitaire.seer.bounds.u3.exact`).
Where a real game lost its points is :func:`analyze_game`, of a game :func:`read_history` reads (every record of a
file, each a :class:`Deal` or the reason it is :class:`Refused`; :func:`read_hanablive_file` stops at the first);
:func:`to_frame` makes a pandas DataFrame of rows or results.

Examples
--------
>>> from solitaire.seer import seeded_deal, seer_score, u2_value
>>> deal = seeded_deal(3, 7)
>>> deal.players, deal.hand, len(deal.types)
(3, 5, 50)
>>> seer_score(deal) <= u2_value(deal) <= 25
True
"""

from solitaire.deferred import deferred
from solitaire.seer.game.deals import (
    Deal,
    deal_from_instance,
    format_deal_text,
    parse_deal_text,
    parse_hanablive,
    read_deal,
    read_hanablive,
    read_hanablive_file,
    seeded_deal,
)
from solitaire.seer.game.hle import hle_deal
from solitaire.seer.game.simulator import Game, IllegalAction, seer_line, seer_score, simulate

__all__ = [
    "Deal", "seeded_deal", "hle_deal", "read_deal", "parse_deal_text", "format_deal_text", "deal_from_instance",
    "parse_hanablive", "read_hanablive", "read_hanablive_file", "read_history", "Refused",
    "Game", "IllegalAction", "simulate", "seer_line", "seer_score",
    "Bound", "u1", "u2", "u2_value", "max_score", "MaxScore", "bounds_of", "Bounds", "analyze_game", "GameAnalysis",
    "to_frame",
]

__getattr__, __dir__ = deferred(__name__, {
    **{name: "solitaire.seer.bounds.relaxations" for name in ("Bound", "u1", "u2", "u2_value")},
    **{name: "solitaire.seer.bounds.maxscore" for name in ("max_score", "MaxScore", "bounds_of", "Bounds")},
    **{name: "solitaire.seer.runs.analysis" for name in ("analyze_game", "GameAnalysis")},
    **{name: "solitaire.seer.sources.history" for name in ("read_history", "Refused")},
    "to_frame": "solitaire.seer.runs.frame"})
