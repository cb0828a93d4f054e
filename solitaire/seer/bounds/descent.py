"""Lines of a game the searches do not play, guided by a larger game they do: a lower bound, never an upper one.

Contract: :func:`descend` from the state of a :class:`~solitaire.seer.game.simulator.Game` ``G`` (detrimental
characters: :mod:`~solitaire.seer.game.characters`) returns the best score it finds and a line of ``G`` reaching it;
every line is played by the simulator under ``G``'s rules, so its score is a lower bound of ``G``'s optimum, whatever
guides the choice. The guide is ``probe``: for a state, an upper bound of a larger game ``F`` (the same game without
characters) and a line of ``F`` from there.

The walk. From a state, ``F``'s line is replayed under ``G``'s rules up to its first move ``G`` refuses, the *cut*
(:func:`~solitaire.seer.game.simulator.real_prefix`), and the bot finishes the game from the cut (a line of ``G``).
Where that line falls short, the cut is where ``G`` parted from ``F``: each legal move of ``G`` there (one per distinct
state, :func:`~solitaire.seer.game.simulator.legal_actions`) is probed the same way, and the moves are walked depth
first, the highest bound of ``F`` first (then the best finished line); then the other moves of each state of the line
before the cut, the nearest to the cut first (a move that led there may be what left no way on). A move whose bound
is at most the best line found is left out, which loses nothing where ``F`` bounds ``G`` (characters that only refuse
moves) and is a heuristic elsewhere. The walk stops at a line reaching ``target``, after ``states`` probes, or at the
deadline. The branching starts at the cuts, not at the first turn: ``F``'s line is followed up to them, so the walk
reaches the late states where characters force or refuse moves, which a search of every move from the first turn does
not reach within a few hundred states.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from solitaire.seer.game.simulator import Action, Game, finish, legal_actions, real_prefix

__all__ = ["descend"]

#: a state's bound in the larger game and a line of it from there
Probe = Callable[[Game], tuple[int, list[Action]]]


@dataclass
class _Look:
    """What a probe of the state ``start`` found: the larger game's bound ``high``, the cut of its line (``cut``,
    reached by ``prefix`` from the state) and the score of the line the bot finishes from the cut."""

    start: Game
    high: int
    score: int
    cut: Game
    prefix: list[Action] = field(repr=False)

    def along(self) -> list[Game]:
        """The states of the line from ``start`` to the cut, the cut first."""
        states = [self.start]
        for action in self.prefix:
            states.append(states[-1].copy())
            states[-1].apply(action)
        return states[::-1]


def descend(game: Game, target: int, probe: Probe, states: int, deadline: float | None = None
            ) -> tuple[int, list[Action]]:
    """``(score, actions)``: the best line of ``game``'s rules found from its state (not changed) by the walk of the
    module docstring, stopping at ``target``, after ``states`` probes or at ``deadline`` (``time.perf_counter``)."""
    best: list = [-1, []]
    budget = [states]

    def spent() -> bool:
        return budget[0] <= 0 or best[0] >= target or (deadline is not None and time.perf_counter() >= deadline)

    def look(state: Game, path: list[Action]) -> _Look:
        budget[0] -= 1
        high, line = probe(state)
        cut, prefix = real_prefix(state.position(), line)
        finished, end = finish(cut.copy(), prefix)
        if end.score > best[0]:
            best[:] = end.score, path + finished
        return _Look(state, high, end.score, cut, prefix)

    def branch(state: Game, path: list[Action], taken: Action | None) -> None:
        """Probe each legal move at ``state`` (reached by ``path``) but ``taken``, and walk them."""
        children = []
        for action in legal_actions(state) if not state.over else []:
            if spent():
                return
            if action == taken:
                continue
            child = state.copy()
            child.apply(action)
            here = [*path, action]
            if child.over:
                if child.score > best[0]:
                    best[:] = child.score, here
                continue
            children.append((here, look(child, here)))
        for here, found in sorted(children, key=lambda c: (-c[1].high, -c[1].score)):
            if spent():
                return
            if found.high > best[0]:
                walk(here, found)

    def walk(path: list[Action], found: _Look) -> None:
        """Branch at the cut of ``found``, then at each state of its line before it, the nearest first."""
        for i, state in zip(range(len(found.prefix), -1, -1), found.along(), strict=True):
            if spent():
                return
            branch(state, [*path, *found.prefix[:i]], found.prefix[i] if i < len(found.prefix) else None)

    walk([], look(game.copy(), []))
    return best[0], best[1]
