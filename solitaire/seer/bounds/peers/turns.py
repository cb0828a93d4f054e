"""The SAT peer of U3: "can the team reach score t from this position under the real rules?" as CNF for PySAT.

An encoding of the real game (the rules of :mod:`solitaire.seer.bounds.u3`) from any
:class:`~solitaire.seer.game.position.Position` (a deal: its first turn), turn-indexed like the public SAT
approach and written independently of the search: it shares only the deal and the simulator that
replays its answer. The deck is the deal's (any variant of ``S`` suits: types ``x = 5 suit + rank - 1``
below ``5 S``, any copies of each, won at ``5 S`` points), the hands those of the position (whatever
the hand size). A variant changes nothing else the formula sees, but for one rule: the formula lets a
player clue whenever a token is left, which holds when every card can be clued (each other hand holds
one, as no hand is empty) or some clue is always legal, and it counts whole tokens, a finished stack returning
one; every removal is of a card the actor holds. :func:`check_encoded` refuses the other deals (cards no clue
touches, Clue Starved's half tokens, Throw It in a Hole, the option ``deckPlays``).

The position gives the hands, stacks, tokens ``c``, strikes, the player ``m`` to move, the ``R``
cards still to draw (``next_card`` on) and, once the deck is empty, the turns left ``F``. Turns
``0..T-1`` with ``T = 2 D + c + f - (t - s)`` (:func:`horizon`; ``D = R + P`` removals left while the
deck lasts, else ``F``; ``f`` suits not complete, ``s`` cards played) are
enough for any game that reaches ``t``, stopped when it does: at most ``D`` turns remove a card, at
least ``t - s`` of them plays, so at most ``D - t + s`` discards, and each clue spends one of the
``c`` tokens or one returned by a discard or a 5 played. The first turn of a deck of ``N`` cards
(``R = N - P * hand``, ``c = 8``, ``f = S``, ``s = 0``) gives ``2 (R + P) + 8 + S - t`` (the standard
deck, P = 5, ``t = 25``: 58 turns instead of the 83 that any game fits in). Turn ``τ`` belongs to player
``(m + τ) mod P``.
Variables (named through an ``IDPool``):

* ``act[τ, i, k]``: at turn ``τ`` card ``i`` (deck index, held at the position or still to draw) is
  played (``k = 0``), discarded (1) or misplayed (2); ``clue[τ]``; ``end[τ]``: the team has stopped
  (a stop never helps the score, and a legal continuation that loses nothing always exists, so
  allowing it keeps the answer).
* ``removed[τ, j]``: at least ``j`` cards were removed before turn ``τ`` (order encoding);
  deck card ``i >= next_card`` is drawn once ``removed >= i - next_card + 1``, by the player
  who removed the ``(i - next_card + 1)``-th card: ``own[i, p]``.
* ``used[τ, i]``, ``done[τ, x]`` (type ``x`` played before ``τ``), ``tokens[τ, v]``
  (at least ``v`` tokens, order encoding); at ``τ = 0`` those of the position.

Constraints per turn: exactly one of the acts, ``clue`` or ``end``; ``end`` persists; a
card acted on is owned by the player to move, drawn and unused; a play needs the type's
predecessor played and the type not played, a misplay the opposite; a discard needs fewer
than 8 tokens, a clue at least one; tokens change by −1 (clue), +1 (discard or a played 5,
capped at 8) or not at all; no action once ``P`` turns have followed the last draw (``F``
turns from a position with the deck empty); at most ``2 - strikes`` misplays in all (a third
strike scores 0). Target: at least ``t`` types played at the end.

A model is decoded into hanab.live actions (:func:`peer_line`) and replayed by the
simulator, so every "yes" is checked; "no" is the solver's proof.

Running time: the formula has ``O(T * (3 (P * hand + R) + 5 S + R + 8))`` variables and clauses of
the same order plus the cardinality encodings; solving is measured in
``benchmarks/bench_exact.py``.
"""

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

from solitaire.seer.bounds.limits import PEER_SOLVER
from solitaire.seer.bounds.peers.deadline import call_with_deadline
from solitaire.seer.game.deals import RANKS, Deal
from solitaire.seer.game.position import MAX_STRIKES, Position, position_of
from solitaire.seer.game.simulator import DISCARD, MAX_CLUES, PLAY, Action, Game, legal_clue
from solitaire.seer.game.variants import UnsupportedVariant

__all__ = ["ask", "horizon", "removals_left", "peer_formula", "peer_reaches", "peer_line", "peer_max", "solve",
           "check_encoded", "peer_start", "settled", "PEER_SOLVER"]

KINDS = (0, 1, 2)  # play, discard, misplay


def horizon(start: Deal | Position, target: int) -> int:
    """Turns enough for any game from ``start`` (a deal or a position) to reach ``target`` (module docstring)."""
    start = position_of(start)
    removals = removals_left(start)
    fives = sum(height < RANKS for height in start.stacks)
    return max(0, 2 * removals + start.clues + fives - (target - start.played))


def removals_left(position: Position) -> int:
    """At most how many removals (plays, discards, misplays) a game from ``position`` has left:
    one per card to draw and one per player after the last draw, or the turns left once the deck is empty."""
    if position.deck_left == 0:
        assert position.turns_left is not None  # an int once the deck is empty (Position)
        return position.turns_left
    return position.deck_left + position.deal.players


def peer_start(start: Deal | Position) -> Position:
    """The position of ``start`` (a deal: its first turn) that a peer encodes, checked: rules the peers
    encode (:func:`check_encoded`) and no empty hand (a hand of at least 3 cards loses at most one after the
    last draw, so no game has one; both encodings let every player act on each of its turns)."""
    start = position_of(start)
    check_encoded(start.deal)
    if not all(start.hands):
        raise ValueError("the SAT peers encode positions with no empty hand (no game has one)")
    return start


def settled(position: Position, target: int) -> tuple[bool | None, list[Action] | None] | None:
    """``(answer, actions)`` when no formula is needed: ``target`` already reached (an empty line) or
    the game over below it; else ``None``."""
    if target <= position.score:
        return True, []
    if position.over:
        return False, None
    return None


def check_encoded(deal: Deal) -> None:
    """Raise :class:`~solitaire.seer.game.variants.UnsupportedVariant` (one line: the reason) for a deal whose
    rules the peers do not encode (:attr:`~solitaire.seer.game.options.Rules.peer_gap`: ``deckPlays``, a card no
    clue touches while no clue is always legal, Clue Starved's half tokens, Throw It in a Hole's finished stacks;
    module docstring)."""
    reason = deal.rules.peer_gap
    if reason:
        raise UnsupportedVariant(reason, "SAT peers")


def peer_formula(start: Deal | Position, target: int, slack: int = 0) -> tuple[CNF, IDPool]:
    """The CNF for "score >= target" from ``start`` (a deal: its first turn; or a position) over
    :func:`horizon` ``+ slack`` turns, and its variable pool.

    ``slack`` adds turns that no game needs: the answer is the same (a check of the horizon).
    """
    start = peer_start(start)
    deal = start.deal
    P = deal.players
    types = [int(t) for t in deal.types]
    n, first, T = len(types), start.next_card, horizon(start, target) + slack
    draws = n - first
    cards = sorted([i for hand in start.hands for i in hand] + list(range(first, n)))  # the cards that can act
    n_types = deal.n_types
    heights = [start.stacks[x // RANKS] for x in range(n_types)]
    pool, cnf = IDPool(), CNF()
    act = lambda t, i, k: pool.id(("act", t, i, k))  # noqa: E731
    clue, end, wrem = (lambda t: pool.id(("clue", t))), (lambda t: pool.id(("end", t))), (lambda t: pool.id(("w", t)))
    inc = lambda t: pool.id(("inc", t))  # noqa: E731
    removed = lambda t, j: pool.id(("removed", t, j))  # noqa: E731
    own = lambda i, p: pool.id(("own", i, p))  # noqa: E731
    used = lambda t, i: pool.id(("used", t, i))  # noqa: E731
    done = lambda t, x: pool.id(("done", t, x))  # noqa: E731
    tokens = lambda t, v: pool.id(("tokens", t, v))  # noqa: E731

    def card_enc(lits, bound, kind):
        enc = getattr(CardEnc, kind)(lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter)
        cnf.extend(enc.clauses)

    # the state at the start
    cnf.extend([-removed(0, j)] for j in range(1, draws + 1))
    cnf.extend([-used(0, i)] for i in cards)
    cnf.extend([done(0, x) if x % RANKS < heights[x] else -done(0, x)] for x in range(n_types))
    cnf.extend([tokens(0, v) if v <= start.clues else -tokens(0, v)] for v in range(1, MAX_CLUES + 1))
    for i in range(first, n):
        card_enc([own(i, p) for p in range(P)], 1, "atmost")
    misplays = []
    for t in range(T):
        p = (start.to_move + t) % P
        mine = sorted(start.hands[p]) + list(range(first, n))
        acts = [act(t, i, k) for i in mine for k in KINDS]
        misplays += [act(t, i, 2) for i in mine]
        card_enc(acts + [clue(t), end(t)], 1, "equals")
        if t + 1 < T:
            cnf.append([-end(t), end(t + 1)])
        if draws and t >= P:
            cnf.append([end(t), -removed(t - P, draws)])
        if not draws:
            assert start.turns_left is not None  # an int once the deck is empty (Position)
            if t >= start.turns_left:
                cnf.append([end(t)])
        cnf.append([-clue(t), tokens(t, 1)])
        removal = [act(t, i, k) for i in mine for k in KINDS]
        cnf.extend([-a, wrem(t)] for a in removal)
        cnf.append([-wrem(t)] + removal)
        gains = [act(t, i, 1) for i in mine] + [act(t, i, 0) for i in mine if types[i] % RANKS == RANKS - 1]
        cnf.extend([-a, inc(t)] for a in gains)
        cnf.append([-inc(t)] + gains)
        for i in mine:
            x, r = types[i], types[i] % RANKS
            for k in KINDS:
                a = act(t, i, k)
                cnf.append([-a, -used(t, i)])
                cnf.append([-a, used(t + 1, i)])
                if i >= first:
                    cnf.append([-a, own(i, p)])
                    cnf.append([-a, removed(t, i - first + 1)])
            play, mis = act(t, i, 0), act(t, i, 2)
            cnf.append([-play, -done(t, x)])
            if r > 0:
                cnf.append([-play, done(t, x - 1)])
                cnf.append([-mis, done(t, x), -done(t, x - 1)])
            else:
                cnf.append([-mis, done(t, x)])
            cnf.append([-act(t, i, 1), -tokens(t, MAX_CLUES)])
        for i in cards:
            cnf.append([-used(t, i), used(t + 1, i)])
        for x in range(n_types):
            plays = [act(t, i, 0) for i in mine if types[i] == x]
            cnf.append([-done(t, x), done(t + 1, x)])
            cnf.extend([-a, done(t + 1, x)] for a in plays)
            cnf.append([-done(t + 1, x), done(t, x)] + plays)
        for j in range(1, draws + 1):
            before = removed(t, j - 1) if j > 1 else None
            nxt = removed(t + 1, j)
            cnf.append([-removed(t, j), nxt])
            cnf.append([-wrem(t), nxt] + ([-before] if before else []))
            if before:
                cnf.append([-nxt, removed(t, j), before])
            cnf.append([-nxt, removed(t, j), wrem(t)])
        for i in range(first, n):  # the removal that takes the count from j to j + 1 draws card i
            j = i - first
            low = [-removed(t, j)] if j > 0 else []
            cnf.append([-wrem(t), removed(t, j + 1), own(i, p)] + low)
        for v in range(1, MAX_CLUES + 1):
            nxt = tokens(t + 1, v)
            up = tokens(t, v + 1) if v < MAX_CLUES else None
            down = tokens(t, v - 1) if v > 1 else None
            c, g, same = clue(t), inc(t), tokens(t, v)
            if up:  # a clue: new >= v iff old >= v + 1
                cnf.extend([[-c, -up, nxt], [-c, up, -nxt]])
            else:
                cnf.append([-c, -nxt])
            if down:  # a discard or a played 5: new >= v iff old >= v - 1
                cnf.extend([[-g, -down, nxt], [-g, down, -nxt]])
            else:
                cnf.append([-g, nxt])
            cnf.extend([[c, g, -same, nxt], [c, g, same, -nxt]])
    card_enc(misplays, MAX_STRIKES - 1 - start.strikes, "atmost")
    card_enc([done(T, x) for x in range(n_types)], target, "atleast")
    return cnf, pool


def peer_line(start: Position, model: list[int], pool: IDPool) -> list[Action]:
    """Decode a model into hanab.live actions from ``start`` (a position; a pass becomes a legal colour clue)."""
    true = {v for v in model if v > 0}
    game, actions = Game.from_position(start), []
    for t in itertools.count():
        if ("end", t) not in pool.obj2id or pool.id(("end", t)) in true or game.over:  # out of turns, stopped, or over
            break
        if pool.id(("clue", t)) in true:
            action = legal_clue(game)
            assert action is not None  # some clue is legal in the games the peers encode
        else:
            i, k = next((i, k) for i in game.hands[game.current] for k in KINDS if pool.id(("act", t, i, k)) in true)
            action = {"type": DISCARD if k == 1 else PLAY, "target": i, "value": 0}
        game.apply(action)
        actions.append(action)
    return actions


def peer_reaches(start: Deal | Position, target: int, solver: str = PEER_SOLVER, timeout: float | None = None,
                 slack: int = 0) -> tuple[bool | None, list[Action] | None]:
    """``(answer, actions)``: whether some legal game from ``start`` (a deal: its first turn; or a
    :class:`~solitaire.seer.game.position.Position`) scores ``>= target``, with such a game's actions from ``start``.

    ``solver`` names a PySAT solver, ``slack`` adds turns (:func:`peer_formula`). With
    ``timeout`` (seconds) the solver runs in a forked process
    (:func:`~solitaire.seer.bounds.peers.deadline.call_with_deadline`: CaDiCaL cannot be interrupted otherwise)
    and the answer is ``None`` when time ran out. A deal whose rules the peers do not encode raises
    :class:`~solitaire.seer.game.variants.UnsupportedVariant` (:func:`check_encoded`).
    """
    start = peer_start(start)
    return ask(_decide, (start, target, solver, slack), start, target, timeout)


def ask(decide: Callable[..., tuple[bool | None, list[Action] | None]], args: Sequence[Any], start: Position,
        target: int, timeout: float | None) -> tuple[bool | None, list[Action] | None]:
    """``decide(*args)``, a peer's ``(answer, actions)`` for "score >= target?" from the position ``start``,
    run in a forked process killed after ``timeout`` seconds (none: in this one); ``(None, None)`` when time
    ran out, and the answer at once when ``start`` settles it (:func:`settled`: ``(True, [])`` for a target
    already reached). Shared by both peers."""
    known = settled(start, target)
    if known is not None:
        return known
    if timeout is None:
        return decide(*args)
    finished, value = call_with_deadline(decide, args, timeout)
    return value if finished else (None, None)


def solve(cnf: CNF, pool: IDPool, start: Position, solver: str,
          decode: Callable[[Position, list[int], IDPool], list[Action]]) -> tuple[bool, list[Action] | None]:
    """``(answer, actions)`` of a peer's formula: no model, or the model decoded by ``decode(start, model, pool)``."""
    with Solver(name=solver, bootstrap_with=cnf.clauses) as sat:
        if not sat.solve():
            return False, None
        return True, decode(start, sat.get_model(), pool)


def _decide(start, target, solver, slack):
    return solve(*peer_formula(start, target, slack), start, solver, peer_line)


def peer_max(start: Deal | Position, low: int = 0, high: int | None = None) -> int:
    """The largest ``t`` in ``low..high`` (default: the deal's maximum score) that the peer reaches from
    ``start`` (``low`` must be reachable)."""
    high = position_of(start).deal.max_score if high is None else high
    while low < high:
        if peer_reaches(start, high)[0]:
            return high
        high -= 1
    return low
