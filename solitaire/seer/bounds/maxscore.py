"""The best score a deck allows, in Python: U3 of a deck, a deal or any position of a game, and every bound at once.

:func:`max_score` is the entry point for a Python user who has a deck (an agent's evaluation
deal, a hanab.live game's ``deck``) and wants the largest score a team that sees every card and
the deck order can reach under the real rules (U3), proven, with a line that reaches it. It
builds the starting position and hands it to the search (:func:`solitaire.seer.bounds.u3.exact`).

:func:`bounds_of` takes the same ``deck`` and gives every bound in one record, :class:`Bounds`:
``L <= U3 <= U2 <= U1`` (the bot's score, the exact optimum with its proven upper bound ``U3_high``,
the two relaxations), whether U3 is proven and what proved it, the optimal line and the variant's
maximum. :func:`bounds_under` computes that record under :class:`~solitaire.seer.bounds.limits.SearchLimits`;
it is the one place the bounds of a deal are computed, for ``bound``'s rows too
(:func:`solitaire.seer.runs.boundrun.bound_row`).

The search plays player 0 first; a first turn where another player ``s`` moves first is searched with
the seats renamed (player ``s`` becomes player 0 and its hand the first one dealt: the same game), its
line renamed back, so that the search's bot shortcut and its U2 apply as from any first turn. A later
position is searched from that position.

What ``deck`` may be (the contract):

* a :class:`~solitaire.seer.game.deals.Deal` (any variant the toolkit models; ``players`` is the
  deal's own and, if given, must be the same);
* a :class:`~solitaire.seer.game.position.Position`, a state in the middle of a game (``players``
  and ``start_player`` must be left out: the position says who is to move);
* a string in the text form of a deal (``"r1 y2 ..."``, :func:`~solitaire.seer.game.deals.parse_deal_text`);
* a sequence (a numpy array too) of the 50 cards of the standard deck in draw order, each a card type
  ``suit * 5 + rank - 1`` (an ``int`` or a numpy integer in ``0..24``), or a card as a hanab.live game's ``deck``
  gives it: ``[suitIndex, rank]`` (suit ``0..4`` in the order r y g b w, rank ``1..5``) or
  ``{"suitIndex": s, "rank": r}``. Pairs are (suit, rank), not the (rank, suit) of
  :attr:`Deal.cards <solitaire.seer.game.deals.Deal.cards>`: a whole deck of (rank, suit) pairs is
  refused (it has a suit 5 or a rank 0). A deck that is not the whole standard deck raises
  :class:`~solitaire.io.errors.InputError` naming the card.

Cards are dealt in blocks (player 0 gets the first hand, player 1 the next, ...), as on hanab.live
and in the Hanabi Learning Environment; ``start_player`` moves first (hanab.live's
``options.startingPlayer``, HLE's random start); the deal still gives player 0 the first hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from solitaire.io.errors import expect_type
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.method import Method
from solitaire.seer.bounds.relaxations import u1, u2
from solitaire.seer.bounds.u3 import ExactResult
from solitaire.seer.bounds.u3 import exact as u3_exact  # the name `exact` is bounds_of's parameter
from solitaire.seer.game.deals import Deal, check_copies, check_deck, parse_deal_text, parse_hanablive, whole_number
from solitaire.seer.game.options import HAND_SIZES
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import DISCARD, PLAY, Action, seer_line

__all__ = ["MaxScore", "max_score", "Bounds", "bounds_of", "bounds_under", "search_line"]


@dataclass(frozen=True)
class MaxScore:
    """The answer of :func:`max_score`: ``score <= U3 <= high``, ``exact`` when they meet (proven).

    ``actions`` are hanab.live actions from ``start`` that reach ``score``
    (``simulate(start, actions).score == score``).
    """

    score: int
    high: int
    exact: bool
    start: Position = field(repr=False)
    actions: list = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        """``score``, ``high``, ``exact`` and ``actions`` as a JSON object (the start position is left out)."""
        return {"score": self.score, "high": self.high, "exact": self.exact, "actions": self.actions}


@dataclass(frozen=True)
class _Line:
    """What :func:`search_line` found: the search's ``result``, its line as hanab.live ``actions`` from the start
    searched, and that line as a hanab.live ``game`` from the first turn (``None`` from a later position)."""

    result: ExactResult
    actions: list[Action]
    game: dict[str, Any] | None


@dataclass(frozen=True)
class Bounds:
    """Every bound of a deal or a position (:func:`bounds_of`): ``L, U3 <= optimum <= U3_high <= U2 <= U1``.

    ``L`` is the bot's score (:func:`~solitaire.seer.game.simulator.seer_line`), ``U1`` and ``U2`` the
    relaxations (:mod:`solitaire.seer.bounds.relaxations`), ``U3`` the score of the best line the search found
    and ``U3_high`` the bound it proved, ``exact`` when they meet (``U3`` is then the optimum, proven),
    ``method`` what closed the gap
    (:class:`~solitaire.seer.bounds.method.Method`, ``None`` while open), ``max_score`` the variant's
    maximum (25 for the standard game). Without the search (``exact=False``) ``U3``, ``U3_high``, ``exact``,
    ``method``, ``line`` and ``game`` are ``None``.

    The lines: ``line``, hanab.live actions from ``start`` reaching ``U3``; ``game``, that line as a
    hanab.live game (``players``, ``deck``, ``actions``, ``options``) when ``start`` is a first turn;
    ``bot_actions``, the bot's actions reaching ``L``; ``u1_line`` and ``u2_line``, the relaxations' plays
    (:meth:`~solitaire.seer.bounds.relaxations.Bound.to_json`). The names are those of ``bound``'s rows.
    """

    L: int
    U1: int
    U2: int
    U3: int | None
    U3_high: int | None
    exact: bool | None
    method: Method | None
    max_score: int
    start: Position = field(repr=False)
    line: list[Action] | None = field(repr=False)
    game: dict[str, Any] | None = field(repr=False)
    bot_actions: list[Action] = field(repr=False)
    u1_line: list[Any] = field(repr=False)
    u2_line: list[Any] = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        """The bounds and the optimal line as a JSON object: ``L``, ``U1``, ``U2``, ``U3``, ``U3_high``, ``exact``,
        ``method`` (its text), ``max_score`` and ``line`` (``null`` where not searched)."""
        return {"L": self.L, "U1": self.U1, "U2": self.U2, "U3": self.U3, "U3_high": self.U3_high,
                "exact": self.exact, "method": None if self.method is None else str(self.method),
                "max_score": self.max_score, "line": self.line}


def _deal(deck, players: int | None, source: str = "<deck>") -> Deal:
    """The deal of ``deck`` (a deal, a text, or a sequence of cards: module docstring)."""
    if isinstance(deck, Deal):
        if players is not None and players != deck.players:
            raise ValueError(f"the deal is of {deck.players} players, not {players}")
        return deck
    expect_type(deck, (str, Sequence, np.ndarray), "deck",
                "a Deal, a Position, the deck's text or its cards (solitaire.seer.read_deal reads a file)")
    if players is None:
        raise ValueError("players is needed with a deck that is not a Deal")
    players = whole_number(players, "players", min(HAND_SIZES), max(HAND_SIZES))
    if isinstance(deck, str):
        return parse_deal_text(deck, players, source)
    cards = deck.tolist() if isinstance(deck, np.ndarray) else list(deck)
    if all(_is_type(card) for card in cards):
        types = [int(card) for card in cards]
        check_deck(types, source)
        return Deal(types, players)
    return parse_hanablive({"deck": cards, "players": players}, source)


def _is_type(card: Any) -> bool:
    """Whether ``card`` is given as a card type: a whole number, an ``int`` or a numpy integer (not a ``bool``)."""
    return isinstance(card, int | np.integer) and not isinstance(card, bool)


def _start(deck: Deal | Position | str | Sequence, players: int | None, start_player: int | None) -> Position:
    """The position to search from: ``deck`` itself if it is a position, else the first turn of its deal with
    ``start_player`` (``None``: the deal's own) to move (the checks of :func:`max_score`)."""
    if isinstance(deck, Position):
        if players not in (None, deck.deal.players) or start_player is not None:
            raise ValueError("a position gives its players and the player to move: no players or start_player")
        check_copies(deck.deal, "deck")
        return deck
    deal = _deal(deck, players)
    check_copies(deal, "deck")
    if start_player is not None:
        if not (isinstance(start_player, int) and 0 <= start_player < deal.players):
            raise ValueError(f"start_player must be in 0..{deal.players - 1}, got {start_player!r}")
        deal = deal.starting(start_player)
    return Position.initial(deal)


def max_score(deck: Deal | Position | str | Sequence, players: int | None = None, start_player: int | None = None,
              timeout: float | None = 10.0) -> MaxScore:
    """The largest score reachable with perfect information (U3) from the start of ``deck``'s game,
    or from a position, and whether it is proven.

    Parameters
    ----------
    deck : Deal, Position, str or sequence of cards
        What to solve (module docstring: a deal, a position, the text form, or the cards in draw
        order as types ``0..24`` or hanab.live ``[suitIndex, rank]`` pairs).
    players : int, optional
        ``2..6``; needed unless ``deck`` is a deal or a position.
    start_player : int, optional
        The player who moves first: ``0`` for a deck, the deal's own for a deal. Not with a position.
    timeout : float or None
        Seconds the search may take (``None``: no limit). A search that runs out returns the bounds
        it proved, ``exact`` false.

    Returns
    -------
    MaxScore
        ``score`` (the best line found, a lower bound on U3), ``high`` (a proven upper bound),
        ``exact`` (``score == high``), ``start`` (the position searched from) and ``actions``
        (hanab.live actions from ``start`` reaching ``score``).

    Raises
    ------
    ValueError
        ``players`` missing for a deck or different from a deal's; ``start_player`` with a position
        or outside ``0..players-1``.
    InputError
        A deck that is not the whole standard deck, or a card that is not a card; ``players`` not a whole number
        in ``2..6``; a ``timeout`` the command line refuses (:class:`~solitaire.seer.bounds.limits.SearchLimits`).

    Examples
    --------
    >>> from solitaire.seer import max_score, seeded_deal, simulate
    >>> result = max_score(seeded_deal(2, 12))
    >>> result.score, result.exact, simulate(result.start, result.actions).score
    (23, True, 23)

    The same deck as hanab.live ``[suitIndex, rank]`` pairs, player 1 moving first:

    >>> deck = [[t // 5, t % 5 + 1] for t in seeded_deal(2, 12).types.tolist()]
    >>> max_score(deck, players=2, start_player=1)
    MaxScore(score=23, high=23, exact=True)

    From the position after the bot's first ten actions:

    >>> from solitaire.seer import seer_line
    >>> deal = seeded_deal(3, 0)
    >>> position = simulate(deal, seer_line(deal)[0][:10]).position()
    >>> max_score(position)
    MaxScore(score=25, high=25, exact=True)
    """
    start = _start(deck, players, start_player)
    found = search_line(start, SearchLimits(timeout))
    return MaxScore(found.result.score, found.result.high, found.result.exact, start, found.actions)


def search_line(start: Deal | Position, limits: SearchLimits) -> _Line:
    """U3 from ``start`` (a deal: its first turn) under ``limits``, with its line (module docstring: a first turn
    where player ``s != 0`` moves first is searched with the seats renamed, its line renamed back)."""
    position = Position.initial(start) if isinstance(start, Deal) else start
    deal, s = position.deal, position.to_move
    if position != Position.initial(deal, s):
        result = u3_exact(deal, limits, start=position)
        return _Line(result, list(result.actions), None)
    if s == 0:
        result = u3_exact(deal, limits)
        return _Line(result, list(result.actions), result.to_json(deal))
    P, h = deal.players, deal.hand
    order = sorted(range(len(deal.types)), key=lambda o: ((o // h - s) % P, o) if o < deal.pooled else (P, o))
    renamed = Deal(deal.types[order], P, deal.ident, options=deal.options)  # order[new index]: the card in deal
    result = u3_exact(renamed, limits)
    actions = [cast(Action, dict(a, target=order[a["target"]] if a["type"] in (PLAY, DISCARD)
                                 else (a["target"] + s) % P)) for a in result.actions]
    exported = result.to_json(deal)
    game = {**exported, "actions": actions, "options": {**exported.get("options", {}), "startingPlayer": s}}
    return _Line(result, actions, game)


def bounds_under(start: Deal | Position, limits: SearchLimits | None) -> Bounds:
    """Every bound of ``start`` (a deal: its first turn; or a position), U3 searched under ``limits``
    (``None``: no search; :func:`search_line`): what :func:`bounds_of` and ``bound``'s rows give."""
    position = Position.initial(start) if isinstance(start, Deal) else start
    bot_actions, low = seer_line(start)
    upper1, upper2 = u1(start), u2(start)
    searched: dict[str, Any] = dict.fromkeys(("U3", "U3_high", "exact", "method", "line", "game"))
    if limits is not None:
        found = search_line(position, limits)
        result = found.result
        searched.update(U3=result.score, U3_high=result.high, exact=result.exact, method=result.method,
                        line=found.actions, game=found.game)
    return Bounds(L=low, U1=upper1.score, U2=upper2.score, max_score=position.deal.max_score, start=position,
                  bot_actions=bot_actions, u1_line=upper1.to_json()["plays"], u2_line=upper2.to_json()["plays"],
                  **searched)


def bounds_of(deck: Deal | Position | str | Sequence, players: int | None = None, start_player: int | None = None,
              exact: bool = True, timeout: float | None = 10.0) -> Bounds:
    """Every bound of ``deck``'s game from its first turn, or of a position, in one record.

    Parameters
    ----------
    deck, players, start_player
        As :func:`max_score` takes them: a deal, a position, the text form or the cards in draw order.
    exact : bool
        Search U3 (as ``bound --exact``); ``False``: only ``L``, ``U1`` and ``U2``, at once.
    timeout : float or None
        Seconds the search may take (``None``: no limit). A search that runs out leaves ``U3 < U3_high``,
        ``exact`` false.

    Returns
    -------
    Bounds
        ``L``, ``U1``, ``U2``, ``U3``, ``U3_high``, ``exact``, ``method``, ``max_score`` and the lines; the same
        figures as the row of ``bound`` (``bound --exact --timeout T`` for ``exact=True``).

    Raises
    ------
    ValueError, InputError
        As :func:`max_score`.

    Examples
    --------
    >>> from solitaire.seer import bounds_of, seeded_deal, simulate
    >>> b = bounds_of(seeded_deal(2, 12))
    >>> b
    Bounds(L=17, U1=25, U2=23, U3=23, U3_high=23, exact=True, method=<Method.SEARCH: 'search'>, max_score=25)
    >>> simulate(b.start, b.line).score == b.U3, b.game["players"]
    (True, ['Seer 1', 'Seer 2'])

    The same deck as hanab.live ``[suitIndex, rank]`` pairs, player 1 moving first, and only the bounds that
    need no search:

    >>> deck = [[t // 5, t % 5 + 1] for t in seeded_deal(2, 12).types.tolist()]
    >>> bounds_of(deck, players=2, start_player=1).U3
    23
    >>> bounds_of(seeded_deal(3, 0), exact=False).to_json()
    {'L': 25, 'U1': 25, 'U2': 25, 'U3': None, 'U3_high': None, 'exact': None, 'method': None, 'max_score': 25, \
'line': None}
    """
    limits = SearchLimits(timeout)  # checked with exact=False too
    return bounds_under(_start(deck, players, start_player), limits if exact else None)
