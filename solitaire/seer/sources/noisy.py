"""An imperfect player: the perfect-information bot with random mistakes, for games to analyse.

:func:`noisy_line` plays a game from a deal or a :class:`~solitaire.seer.game.position.Position`.
On every turn it draws ``u = rng.random()`` from ``random.Random(seed)``; if ``u < noise`` the
player takes an action drawn uniformly from every legal one
(:func:`~solitaire.seer.game.simulator.legal_actions`: a play of any card of its hand, a misplay
included; a discard of any card when a token is missing; one clue when a token is left),
otherwise the bot's action (:func:`~solitaire.seer.game.simulator.bot_action`). The same ``(start, noise,
seed)`` always gives the same game; with ``noise = 0`` it is the bot's game
(:func:`~solitaire.seer.game.simulator.seer_line`). Nothing keeps such a game from its third strike (a
random play of a card that is not playable is a misplay): it scores 0 then, as the rules say.

The returned actions are hanab.live actions that :func:`~solitaire.seer.game.simulator.simulate` replays
from the same start; ``benchmarks/bench_analyze.py`` analyses such games.

Running time: that of the bot, ``O(turns * P * hand)`` per game.
"""

from __future__ import annotations

import random

from solitaire.seer.game.deals import Deal
from solitaire.seer.game.position import Position, position_of
from solitaire.seer.game.simulator import Action, Game, bot_action, legal_actions

__all__ = ["noisy_line"]


def noisy_line(start: Deal | Position, noise: float, seed: int) -> tuple[list[Action], int]:
    """The game of the bot that takes a uniformly random legal action with probability ``noise``
    on each turn: ``(actions, score)`` (module docstring).

    Parameters
    ----------
    start : Deal or Position
        Where the game starts (a deal: its first turn, its starting player to move).
    noise : float
        The chance, in ``0..1``, that a turn's action is a random legal one.
    seed : int
        Seeds ``random.Random``: the same seed gives the same game.

    Examples
    --------
    >>> from solitaire.seer.game.deals import seeded_deal
    >>> from solitaire.seer.game.simulator import seer_line, simulate
    >>> deal = seeded_deal(3, 7)
    >>> actions, score = noisy_line(deal, 0.2, seed=1)
    >>> simulate(deal, actions).score == score, noisy_line(deal, 0.0, seed=1) == seer_line(deal)
    (True, True)
    """
    if not 0.0 <= noise <= 1.0:
        raise ValueError(f"noise must be in 0..1, got {noise}")
    rng = random.Random(seed)
    game = Game.from_position(position_of(start))
    actions: list[Action] = []
    while not game.over:
        action = rng.choice(legal_actions(game)) if rng.random() < noise else bot_action(game)
        game.apply(action)
        actions.append(action)
    return actions, game.score
