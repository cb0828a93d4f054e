"""A second SAT peer of U3, indexed by removals instead of turns: "can the team reach score t from this position?"

The same question and rules as :mod:`solitaire.seer.bounds.peers.turns` (those of :mod:`solitaire.seer.bounds.u3`,
on the deck of the deal's variant), from any :class:`~solitaire.seer.game.position.Position` (a deal: its first
turn), in another encoding, for the same deals (:func:`~solitaire.seer.bounds.peers.turns.check_encoded`: a clue
is legal whenever a token is left). A game is a sequence of turns, each a *removal* (a play, discard or
misplay, which draws the next card while the deck lasts) or a clue. With ``R`` cards to draw, the ``j``-th removal
(``j = 0 .. R - 1``) draws deck card ``next_card + j``, so the drawer of each card is the player
of one removal. Group each removal with the clues just before it:

* removal ``j`` is made by player ``a_j`` after ``g_j`` clues; the clues hand the turn on one
  player each, so ``g_j = (a_j - a_{j-1} - 1) mod P + k_j P`` (``a_{-1} = m - 1``: player ``m``
  of the position moves first) for some ``k_j >= 0``; tokens only fall during the clues, so they
  are legal exactly when the tokens after removal ``j - 1`` (those of the position at the start)
  are at least ``g_j`` (a clue being legal whenever a token is left), hence ``g_j <= 8`` and
  ``k_j <= 8 / P``: every real game has one such description, and every description is a real game;
* after removal ``R - 1`` (the last draw) come exactly ``P`` turns, players ``a_{R-1} + 1 ..
  a_{R-1} + P`` (from a position with the deck empty: its ``F`` turns left, players ``m ..
  m + F - 1``): each plays a card of its own hand or does something that scores nothing. Such
  a turn is always legal (a clue with a token, else a discard, as 0 < 8; no hand is empty, which
  the peers check) and nothing after it depends on its tokens or strikes, so the final round
  needs neither; a misplay there is never needed;
* at most ``2 - strikes`` misplays (a third strike scores 0);
* a team may stop after reaching the target (``end``; it then plays no final round): the game
  ends at once at the maximum score, and a stop never raises the score.

So the formula has ``R + P`` steps (38 for P = 4 at the first turn of the standard deck) where the
turn-indexed peer has ``horizon(deal, t)`` turns (64 for P = 4, ``t = 25``), and no step is a bare pass. Variables
(named through an ``IDPool``): ``who[j, p]``, ``gap[j, k]`` (the ``k`` above), ``act[j, i, kind]``
(``kind`` 0 play, 1 discard, 2 misplay; card ``i`` held at the position or drawn before removal
``j``), ``end[j]``, ``used[j, i]``, ``done[j, x]`` (type ``x`` played before step ``j``; at ``j = 0``
the stacks of the position), ``tokens[j, v]`` (at least ``v`` just before removal ``j`` acts, after
its clues) and ``after[j, v]`` (just after it), ``final[m, i]`` (card ``i`` played at the ``m``-th
turn of the final round). The owner of a drawn card ``i`` is ``who[i - next_card, .]``, so ownership
costs no variable.

A model is decoded into hanab.live actions (:func:`removal_line`, a pass becomes a legal
colour clue) and replayed by the simulator, so every "yes" is checked; "no" is the solver's
proof. Measured against the turn-indexed peer in ``benchmarks/README.md`` (P = 4 seed 629581, "score >=
25?": CaDiCaL 35 s against 164..225 s).
"""

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool

from solitaire.seer.bounds.peers.turns import PEER_SOLVER, ask, peer_start, solve
from solitaire.seer.game.deals import RANKS, Deal
from solitaire.seer.game.position import MAX_STRIKES, Position
from solitaire.seer.game.simulator import DISCARD, MAX_CLUES, PLAY, Action, Game, legal_clue, simulate

__all__ = ["removal_formula", "removal_line", "removal_reaches"]


def removal_formula(start: Deal | Position, target: int) -> tuple[CNF, IDPool]:
    """The CNF for "score >= target" from ``start`` (a deal: its first turn; or a position) indexed by
    removals (module docstring), and its variable pool."""
    start = peer_start(start)
    deal = start.deal
    P = deal.players
    types = [int(t) for t in deal.types]
    n, first = len(types), start.next_card
    R = n - first
    M = _final_turns(start)  # the turns after the last draw
    n_types = deal.n_types
    owner = {i: q for q, hand in enumerate(start.hands) for i in hand}  # the cards held at the start
    held = sorted(owner)
    cards = held + list(range(first, n))  # the cards that can act
    pool, cnf = IDPool(), CNF()

    def var(*name):
        return pool.id(name)

    def card_enc(lits, bound, kind):
        cnf.extend(getattr(CardEnc, kind)(lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter).clauses)

    def holds(lit, i, j, m):  # ``lit`` implies that card i belongs to the m-th player after removal j's
        if j < 0:  # no removal left: the m-th player after the one before the player to move
            if owner.get(i) != (start.to_move + m - 1) % P:
                cnf.append([-lit])
            return
        for p in range(P):
            mover = (p + m) % P
            if i < first:
                if owner[i] != mover:
                    cnf.append([-lit, -var("who", j, p)])
            else:
                cnf.append([-lit, -var("who", j, p), var("who", i - first, mover)])

    cnf.extend([-var("used", 0, i)] for i in cards)
    cnf.extend([var("done", 0, x) if x % RANKS < start.stacks[x // RANKS] else -var("done", 0, x)]
               for x in range(n_types))
    rounds = MAX_CLUES // P + 1
    misplays = []
    for j in range(R):
        card_enc([var("who", j, p) for p in range(P)], 1, "equals")
        card_enc([var("gap", j, k) for k in range(rounds)], 1, "equals")
        if j + 1 < R:
            cnf.append([-var("end", j), var("end", j + 1)])
        drawn = held + list(range(first, first + j))
        card_enc([var("act", j, i, kind) for i in drawn for kind in range(3)] + [var("end", j)], 1, "equals")
        misplays += [var("act", j, i, 2) for i in drawn]
        _gap_clauses(cnf, var, j, P, rounds, start)
        for v in range(1, MAX_CLUES):
            cnf.append([-var("tokens", j, v + 1), var("tokens", j, v)])
        gains = []
        for i in drawn:
            x = types[i]
            for kind in range(3):
                a = var("act", j, i, kind)
                cnf.extend([[-a, -var("used", j, i)], [-a, var("used", j + 1, i)]])
                holds(a, i, j, 0)
            _play_rules(cnf, var, j, x, var("act", j, i, 0), var("act", j, i, 2))
            cnf.append([-var("act", j, i, 1), -var("tokens", j, MAX_CLUES)])
            gains += [var("act", j, i, 1)] + ([var("act", j, i, 0)] if x % RANKS == RANKS - 1 else [])
        cnf.extend([-var("used", j, i), var("used", j + 1, i)] for i in cards)
        _stack_step(cnf, var, j, {x: [var("act", j, i, 0) for i in drawn if types[i] == x] for x in range(n_types)})
        _token_gain(cnf, var, j, gains)
    card_enc(misplays, MAX_STRIKES - 1 - start.strikes, "atmost")
    for m in range(1, M + 1):  # the final round
        step = R + m - 1
        plays = [var("final", m, i) for i in cards]
        card_enc(plays, 1, "atmost")
        for i, a in zip(cards, plays, strict=True):
            cnf.append([-a, -var("used", R, i)])
            if R:
                cnf.append([-a, -var("end", R - 1)])
            holds(a, i, R - 1, m)
            _play_rules(cnf, var, step, types[i], a, None)
        _stack_step(cnf, var, step,
                    {x: [a for i, a in zip(cards, plays, strict=True) if types[i] == x] for x in range(n_types)})
    if M > 1:
        for i in cards:
            card_enc([var("final", m, i) for m in range(1, M + 1)], 1, "atmost")
    card_enc([var("done", R + M, x) for x in range(n_types)], target, "atleast")
    return cnf, pool


def _final_turns(start: Position) -> int:
    """The turns after the last draw: one per player, or those left when the deck is already empty."""
    if start.deck_left:
        return start.deal.players
    assert start.turns_left is not None  # an int once the deck is empty (Position)
    return start.turns_left


def _gap_clauses(cnf, var, j, P, rounds, start):
    """The tokens before removal ``j`` acts: the tokens after removal ``j - 1`` (those of the position
    ``start`` before the first) minus its ``g`` clues, which need that many tokens (module docstring)."""
    for p in range(P):
        for k in range(rounds):
            for q in range(P) if j else (None,):
                g = ((p - start.to_move) % P if q is None else (p - q - 1) % P) + k * P
                cond = [-var("who", j, p), -var("gap", j, k), var("end", j)]
                cond += [] if q is None else [-var("who", j - 1, q)]
                if g > (MAX_CLUES if q is not None else start.clues):
                    cnf.append(cond)
                    continue
                if q is not None and g:
                    cnf.append(cond + [var("after", j - 1, g)])
                for v in range(1, MAX_CLUES + 1):
                    now = var("tokens", j, v)
                    if q is None:
                        cnf.append(cond + [now if start.clues - g >= v else -now])
                    elif v + g <= MAX_CLUES:
                        before = var("after", j - 1, v + g)
                        cnf.extend([cond + [-before, now], cond + [before, -now]])
                    else:
                        cnf.append(cond + [-now])


def _token_gain(cnf, var, j, gains):
    """After removal ``j``: one token more (at most 8) after a discard or a played 5, else the same."""
    gain = var("gain", j)
    cnf.extend([-a, gain] for a in gains)
    cnf.append([-gain] + gains)
    for v in range(1, MAX_CLUES + 1):
        now, after = var("tokens", j, v), var("after", j, v)
        if v == 1:
            cnf.append([-gain, after])
        else:
            below = var("tokens", j, v - 1)
            cnf.extend([[-gain, -below, after], [-gain, below, -after]])
        cnf.extend([[gain, -now, after], [gain, now, -after]])


def _play_rules(cnf, var, step, x, play, misplay):
    """A play of type ``x`` needs its predecessor played and itself not; a misplay the opposite."""
    cnf.append([-play, -var("done", step, x)])
    if x % RANKS:
        cnf.append([-play, var("done", step, x - 1)])
    if misplay is not None:
        cnf.append([-misplay, var("done", step, x)] + ([-var("done", step, x - 1)] if x % RANKS else []))


def _stack_step(cnf, var, step, plays):
    """``done`` after the step: before it, or one of ``plays[x]`` happened."""
    for x, lits in plays.items():
        nxt = var("done", step + 1, x)
        cnf.append([-var("done", step, x), nxt])
        cnf.extend([-a, nxt] for a in lits)
        cnf.append([-nxt, var("done", step, x)] + lits)


def removal_line(start: Position, model: list[int], pool: IDPool) -> list[Action]:
    """Decode a model into hanab.live actions from the position ``start``: each removal after its clues,
    then the final round."""
    true = {v for v in model if v > 0}

    def on(*name):
        return name in pool.obj2id and pool.id(name) in true

    P, R = start.deal.players, start.deck_left
    game, actions = Game.from_position(start), []

    def do(action):
        game.apply(action)
        actions.append(action)

    for j in range(R):
        if on("end", j) or game.over:
            return actions
        p = next(p for p in range(P) if on("who", j, p))
        clues = (p - game.current) % P + P * next(k for k in range(MAX_CLUES // P + 1) if on("gap", j, k))
        for _ in range(clues):
            do(legal_clue(game))
        i, kind = next((i, kind) for i in game.hands[p] for kind in range(3) if on("act", j, i, kind))
        do({"type": DISCARD if kind == 1 else PLAY, "target": i, "value": 0})
    for m in range(1, _final_turns(start) + 1):
        if game.over:
            break
        mine = [i for i in game.hands[game.current] if on("final", m, i)]
        if mine:
            do({"type": PLAY, "target": mine[0], "value": 0})
        else:
            do(legal_clue(game) if game.clues else {"type": DISCARD, "target": game.hands[game.current][0], "value": 0})
    return actions


def removal_reaches(start: Deal | Position, target: int, solver: str = PEER_SOLVER,
                    timeout: float | None = None) -> tuple[bool | None, list[Action] | None]:
    """``(answer, actions)`` as :func:`solitaire.seer.bounds.peers.turns.peer_reaches`, with this encoding, from
    ``start`` (a deal: its first turn; or a position); the actions are replayed from ``start`` and must
    reach ``target``. With ``timeout`` the answer may be ``None``. A deal whose rules the peers do not encode
    raises :class:`~solitaire.seer.game.variants.UnsupportedVariant`
    (:func:`~solitaire.seer.bounds.peers.turns.check_encoded`)."""
    start = peer_start(start)
    return ask(_decide, (start, target, solver), start, target, timeout)


def _decide(start, target, solver):
    answer, actions = solve(*removal_formula(start, target), start, solver, removal_line)
    score = simulate(start, actions).score if answer else None
    if answer and score < target:
        raise AssertionError(f"the decoded line scores {score} < {target} on {start.deal.ident}")
    return answer, actions
