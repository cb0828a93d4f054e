"""The exact optimum of a small game by exhaustive search through the simulator, under any rule it plays.

Contract: :func:`exhaustive` from the state of a :class:`~solitaire.seer.game.simulator.Game` returns the best
score any line reaches and one such line, or ``None`` when more than ``budget`` states (or the time) would be needed.
Every legal move of every state is tried (:func:`~solitaire.seer.game.simulator.legal_actions`: each play and
discard, and one clue for each state the legal clues lead to), and the states are memoised on everything the rules
read, so the answer is the optimum by definition. It serves where the searches' own games only bound the real one:
detrimental characters (:mod:`~solitaire.seer.bounds.alternation`), whose positions near the end of a game are small.

Pruning, each step safe:

* *Ceiling.* Each suit's stack reaches at most the first rank, from its stack up, whose every copy is gone (lost or
  never dealt); a state whose ceiling is at most the best score found below its parent is not searched, as it cannot
  improve on it (stacks built from 1 up only; elsewhere the ceiling is the maximum score).
* *Enough.* Once a line reaches ``ceiling`` (an upper bound of the root given by the caller) the search stops: no
  line scores more.
* A player with no legal move ends the game with 0 (hanab.live's players must end it:
  :func:`~solitaire.seer.game.simulator.finish`).
"""

import time

from solitaire.seer.game.deals import RANKS
from solitaire.seer.game.simulator import Action, Game, legal_actions

__all__ = ["exhaustive"]


class _OutOfBudget(Exception):
    pass


def exhaustive(game: Game, ceiling: int, budget: int, deadline: float | None = None) -> tuple[int, list[Action]] | None:
    """``(score, actions)``: the best score from the state of ``game`` (not changed) and a line reaching it; ``None``
    past ``budget`` states or ``deadline`` (``time.perf_counter``). ``ceiling``: an upper bound of that score."""
    exact: dict[tuple, tuple[int, list[Action]]] = {}  # a state's best score and line
    below: dict[tuple, int] = {}  # a state's upper bound, where its search was cut by a floor
    left = [budget]

    def value(state: Game, floor: int) -> tuple[int, list[Action]]:
        """The best score from ``state`` and its line, or, when it is at most ``floor``, any score at most
        ``floor``."""
        if state.over:
            return state.score, []
        key = _key(state)
        if key in exact:
            return exact[key]
        if below.get(key, floor + 1) <= floor:
            return below[key], []
        left[0] -= 1
        if left[0] < 0 or deadline is not None and left[0] % 256 == 0 and time.perf_counter() > deadline:
            raise _OutOfBudget
        best, line = 0, []
        for action in legal_actions(state):
            child = state.copy()
            child.apply(action)
            if _ceiling(child) <= max(best, floor):
                continue
            score, rest = value(child, max(best, floor))
            if score > best:
                best, line = score, [action, *rest]
                if best >= ceiling:
                    break
        if best > floor or best >= ceiling:  # exact (a child cut by the floor scores at most the floor)
            exact[key] = best, line
        else:  # every child scores at most the floor
            below[key] = floor
        return best, line

    try:
        return value(game.copy(), -1)
    except _OutOfBudget:
        return None


def _key(game: Game) -> tuple:
    """Everything of the state the rules read: the hands in slot order (characters read slots and cards)."""
    return (tuple(map(tuple, game.hands)), game.next_card, tuple(game.stacks), game.clues, game.strikes, game.current,
            None if game.last_turn is None else game.last_turn - game.turn, game.last_clue,
            None if game.ways is None else tuple(game.ways), None if game.traits is None else game.traits.key())


def _ceiling(game: Game) -> int:
    """The most the stacks can reach (module docstring, *Ceiling*); 0 for a game over at 0."""
    if game.over:
        return game.score
    if game.ways is not None:
        return game.max_score
    top = 0
    for suit, height in enumerate(game.stacks):
        rank = height
        while rank < RANKS and game.copies[suit * RANKS + rank] > game.lost[suit * RANKS + rank]:
            rank += 1
        top += rank
    return top
