"""The best score a deck allows, in Python: U3 of a deck, a deal or any position of a game.

:func:`max_score` is the entry point for a Python user who has a deck (an agent's evaluation
deal, a hanab.live game's ``deck``) and wants the largest score a team that sees every card and
the deck order can reach under the real rules (U3), proven, with a line that reaches it. It
builds the starting position and hands it to the search (:func:`solitaire.seer.bounds.u3.exact`).

What ``deck`` may be (the contract):

* a :class:`~solitaire.seer.game.deals.Deal` (any variant the toolkit models; ``players`` is the
  deal's own and, if given, must be the same);
* a :class:`~solitaire.seer.game.position.Position`, a state in the middle of a game (``players``
  and ``start_player`` must be left out: the position says who is to move);
* a string in the text form of a deal (``"r1 y2 ..."``, :func:`~solitaire.seer.game.deals.parse_deal_text`);
* a sequence of the 50 cards of the standard deck in draw order, each a card type
  ``suit * 5 + rank - 1`` (an ``int`` in ``0..24``), or a card as a hanab.live game's ``deck``
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

from solitaire.io.inputfile import is_whole
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.deals import Deal, check_deck, parse_deal_text, parse_hanablive
from solitaire.seer.game.position import Position

__all__ = ["MaxScore", "max_score"]


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


def _deal(deck, players: int | None, source: str = "<deck>") -> Deal:
    """The deal of ``deck`` (a deal, a text, or a sequence of cards: module docstring)."""
    if isinstance(deck, Deal):
        if players is not None and players != deck.players:
            raise ValueError(f"the deal is of {deck.players} players, not {players}")
        return deck
    if players is None:
        raise ValueError("players is needed with a deck that is not a Deal")
    if isinstance(deck, str):
        return parse_deal_text(deck, players, source)
    cards = list(deck)
    if all(is_whole(card) for card in cards):
        check_deck(cards, source)
        return Deal(cards, players)
    return parse_hanablive({"deck": cards, "players": players}, source)


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
        ``2..5``; needed unless ``deck`` is a deal or a position.
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
        A deck that is not the whole standard deck, or a card that is not a card.

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
    if isinstance(deck, Position):
        if players not in (None, deck.deal.players) or start_player is not None:
            raise ValueError("a position gives its players and the player to move: no players or start_player")
        start = deck
    else:
        deal = _deal(deck, players)
        if start_player is not None:
            if not (isinstance(start_player, int) and 0 <= start_player < deal.players):
                raise ValueError(f"start_player must be in 0..{deal.players - 1}, got {start_player!r}")
            deal = deal.starting(start_player)
        start = Position.initial(deal)
    # the search's own start (player 0 first): U2 and the bot's shortcut apply as in ``bound``
    first_turn = start.deal.start_player == 0 and start == Position.initial(start.deal)
    result = exact(start.deal, SearchLimits(timeout), start=None if first_turn else start)
    return MaxScore(result.score, result.high, result.exact, start, list(result.actions))
