"""The bot L compiled: the line of :func:`solitaire.seer.game.simulator.bot_action` from any game state.

Contract (:func:`bot_finish`): from the state of a :class:`~solitaire.seer.game.simulator.Game` (not changed),
the actions the simulator's bot takes until the game ends, and the score they reach, the same actions as
:func:`~solitaire.seer.bounds.u3.search.finish` gives and as hanab.live dicts (a play or a discard with
``"value": 0``, a clue of the variant as :func:`~solitaire.seer.game.simulator.legal_clue` chooses it). The
rules are the simulator's, on any deck of up to 6 suits: the bot never plays from the deck, so ``deckPlays``
changes nothing of its line, and tokens are counted in units
(:attr:`~solitaire.seer.game.options.Rules.clue_cost`). Under Alternating Clues it gives the first clue of the kind
the previous clue did not have that touches a card of the next player it can clue, as the simulator does. It checks
no action: the bot takes only legal ones,
and the Python simulator is the referee that the tests replay its lines with against the Python bot
(``tests/seer/bounds/test_bot.py``). The search's driver (:func:`~solitaire.seer.bounds.u3.search.exact`) plays
its bot line here: about 20 microseconds a game, a tenth of the simulator's bot, most of it building the arrays
and the actions.

Running time: ``O(turns * P * hand)`` per game.
"""

import numba
import numpy as np

from solitaire.compiled import ensure_cache_folder
from solitaire.seer.game.deals import RANKS
from solitaire.seer.game.position import MAX_STRIKES
from solitaire.seer.game.simulator import COLOR_CLUE, DISCARD, PLAY, RANK_CLUE, STALL_PACE, Action, Game
from solitaire.seer.game.variants import RANK

ensure_cache_folder()  # before the kernels: numba makes no cached kernel without a folder for it

__all__ = ["bot_finish", "bot_kernel"]

#: Fields of the ``state`` array of :func:`bot_kernel`: the next card to draw, clue units, strikes, the turns left
#: once the deck is empty (-1 while it lasts), the player to move, the cards played; then what never changes: the
#: units a clue costs, the most units, the maximum score, 1 when a finished stack returns a token
#: (:attr:`~solitaire.seer.game.options.Rules.stack_token`), 1 when clues alternate (Alternating Clues); and the
#: kind of the last clue under Alternating Clues (0 colour, 1 rank, -1 none), 1 when the game ends as soon as no card
#: can score (restricted clues: :func:`~solitaire.seer.game.position.can_score`), 1 in a speedrun (it ends with 0 once
#: a card the maximum needs is lost: :func:`~solitaire.seer.game.position.needed_lost`), 1 when a discard is allowed at
#: the most units (:attr:`~solitaire.seer.game.options.Rules.discard_when_full`).
POS, CLUES, STRIKES, FIN, MOVER, SCORE, COST, MOST, TOP, BONUS, ALTERNATE, LAST, ENDS_DEAD, SPEEDRUN, FULL = range(15)
#: Columns of the ``per_type`` array of :func:`bot_kernel`: the copies in the variant's deck, lost and held, in this
#: deck (:func:`~solitaire.seer.game.position.deck_copies`), then the kind
#: (0 colour, 1 rank, -1 none) and value of the first clue that touches the type and the value of the first of the
#: other kind (:attr:`~solitaire.seer.game.options.Rules.clue_codes`); its last row is the clue legal on any hand.
COUNT, LOST, HELD, COPIES, KIND, VALUE, OTHER = range(7)
#: Columns of a row of the line: the hanab.live action type, its target, its value.
TYPE, TARGET, ARG = range(3)
#: hanab.live action types, by the number :func:`bot_kernel` writes, and those numbers as the compiled code reads
#: them (plain integers).
_KINDS = (PLAY, DISCARD, COLOR_CLUE, RANK_CLUE)
_PLAY, _DISCARD, _COLOR_CLUE = int(PLAY), int(DISCARD), int(COLOR_CLUE)


@numba.njit(cache=True)
def _dead(stacks, per_type, deck, hands, hlen, mover, fin):
    """Whether no card can score (:func:`~solitaire.seer.game.position.can_score`), on the ``per_type`` array:
    every copy of the next card of each stack lost or held by one of the players who have taken their final turn,
    the ``P - fin`` before ``mover`` (:func:`~solitaire.seer.game.position.out_of_play`)."""
    P = hlen.size
    for s in range(stacks.size):
        t = s * RANKS + stacks[s]
        left = per_type[t, COPIES] - per_type[t, LOST] if stacks[s] < RANKS else 0
        for k in range(P - fin if 0 <= fin < P and left > 0 else 0):
            p = (mover - 1 - k) % P
            for j in range(hlen[p]):
                left -= deck[hands[p, j]] == t
        if left > 0:
            return False
    return True


@numba.njit(cache=True, inline="always")
def _needed_lost(stacks, per_type):
    """Whether a card the maximum needs is lost (:func:`~solitaire.seer.game.position.needed_lost`), on the
    ``per_type`` array."""
    for s in range(stacks.size):
        for r in range(stacks[s], RANKS):
            t = s * RANKS + r
            if per_type[t, COPIES] > 0 and per_type[t, LOST] >= per_type[t, COPIES]:
                return True
    return False


@numba.njit(cache=True, inline="always")
def _clue_of(per_type, row, need):
    """The kind and value of the first clue of the kind ``need`` (-1: of any kind, colours first) that touches the
    type ``row`` of ``per_type`` (its last row: the clue legal on any hand); kind -1 if there is none."""
    kind = per_type[row, KIND]
    if need < 0 or kind == need:
        return kind, per_type[row, VALUE]
    if kind >= 0 and per_type[row, OTHER] >= 0:
        return need, per_type[row, OTHER]
    return -1, 0


@numba.njit(cache=True)
def bot_kernel(deck, hands, hlen, stacks, per_type, state, line):
    """Play the bot from the state to the end of the game, writing its actions into ``line`` (rows ``(type,
    target, value)``); returns the number of actions, -1 when ``line`` is too short or no action is legal (an
    empty hand and no clue, which no game reaches). ``deck``: the types in deck order; ``hands[p, :hlen[p]]`` the
    deck indices held; ``stacks``, ``per_type`` (:data:`COUNT` .. :data:`VALUE`) and ``state`` (:data:`POS` ..
    :data:`SPEEDRUN`) as their fields say, all but ``deck`` changed into the final state. One function, its state in
    local variables: numba compiles it in about a CPU second (as six small functions, 2.5 s)."""
    pos, clues, strikes, fin, mover, score = state[POS], state[CLUES], state[STRIKES], state[FIN], state[MOVER], \
        state[SCORE]
    cost, most, top, bonus, alternate, last = state[COST], state[MOST], state[TOP], state[BONUS], state[ALTERNATE], \
        state[LAST]
    P, free = hands.shape[0], per_type.shape[0] - 1
    count = 0
    ends_dead, speedrun = state[ENDS_DEAD], state[SPEEDRUN]
    while strikes < MAX_STRIKES and score < top and fin != 0 and count < line.shape[0] \
            and not (ends_dead and _dead(stacks, per_type, deck, hands, hlen, mover, fin)
                     or speedrun and _needed_lost(stacks, per_type)):
        n = hlen[mover]
        play, trash, least, play_key, least_key = -1, -1, -1, 1 << 30, 1 << 30
        for j in range(n):
            t = deck[hands[mover, j]]
            suit, rank = t // RANKS, t % RANKS
            if stacks[suit] == rank:  # a play: the lowest rank first, then one whose next card is held
                key = 2 * rank + (rank == RANKS - 1 or per_type[t + 1, HELD] == 0)
                if key < play_key:
                    play, play_key = hands[mover, j], key
            useful = stacks[suit] <= rank and per_type[t, HELD] <= 1  # needed (a copy of it and below left), once
            for r in range(stacks[suit], rank + 1):
                useful &= per_type[suit * RANKS + r, LOST] < per_type[suit * RANKS + r, COUNT]
            if trash < 0 and not useful:
                trash = hands[mover, j]
            key = 100 * useful + 10 * (per_type[t, COUNT] - per_type[t, LOST] <= 1) + RANKS - 1 - rank
            if key < least_key:  # the card missed least: useless, not a last copy, the highest rank
                least, least_key = hands[mover, j], key
        clue_target, clue_kind, clue_value = -1, -1, 0
        need = 1 - last if alternate and last >= 0 else -1  # Alternating Clues: the kind the last clue did not have
        for step in range(1, P if play < 0 and clues >= cost else 1):
            other = (mover + step) % P  # legal_clue: the next player who may be clued, the first card touched
            kind, value = -1, 0
            for j in range(hlen[other] + 1 if hlen[other] > 0 else 0):  # then the clue legal on any hand
                kind, value = _clue_of(per_type, deck[hands[other, j]] if j < hlen[other] else free, need)
                if kind >= 0:
                    break
            if kind >= 0:
                clue_target, clue_kind, clue_value = other, kind, value
                break
        stall = False  # the pace is low and a teammate can play: clue rather than discard
        if clue_kind >= 0 and trash >= 0 and score + deck.size - pos + P - top <= STALL_PACE:
            for p in range(P):
                for j in range(hlen[p] if p != mover else 0):
                    t = deck[hands[p, j]]
                    stall |= stacks[t // RANKS] == t % RANKS
        may_discard = clues < most or state[FULL]
        kind, target, value = -1, least, 0
        if play >= 0:
            kind, target = _PLAY, play
        elif trash >= 0 and may_discard and not stall:
            kind, target = _DISCARD, trash
        elif clue_kind >= 0:
            kind, target, value = _COLOR_CLUE + clue_kind, clue_target, clue_value
        elif least >= 0:
            kind = _DISCARD if may_discard else _PLAY
        if kind < 0:
            return -1
        line[count, TYPE], line[count, TARGET], line[count, ARG] = kind, target, value
        count += 1
        if kind < _COLOR_CLUE:  # a play or a discard
            j = 0
            while hands[mover, j] != target:
                j += 1
            for k in range(j, n - 1):  # the card leaves the hand, which draws while the deck lasts
                hands[mover, k] = hands[mover, k + 1]
            t = deck[target]
            per_type[t, HELD] -= 1
            if pos < deck.size:
                hands[mover, n - 1] = pos
                per_type[deck[pos], HELD] += 1
                pos += 1
                fin = P + 1 if pos == deck.size else fin  # after the last draw every player has one more turn
            else:
                hlen[mover] = n - 1
            if kind == _PLAY and stacks[t // RANKS] == t % RANKS:
                stacks[t // RANKS] += 1
                score += 1
                clues += bonus and t % RANKS == RANKS - 1 and clues < most
            else:
                per_type[t, LOST] += 1
                strikes += kind == _PLAY
                clues += kind == _DISCARD and clues < most
        else:
            clues -= cost
            last = kind - _COLOR_CLUE if alternate else -1
        fin -= fin > 0
        mover = (mover + 1) % P
    state[POS], state[CLUES], state[STRIKES], state[FIN], state[MOVER], state[SCORE] = pos, clues, strikes, fin, \
        mover, score
    state[LAST] = last
    over = strikes >= MAX_STRIKES or score == top or fin == 0 \
        or ends_dead and _dead(stacks, per_type, deck, hands, hlen, mover, fin) \
        or speedrun and _needed_lost(stacks, per_type)
    return count if over else -1


def bot_finish(game: Game) -> tuple[list[Action], int]:
    """The bot's actions from the state of ``game`` (not changed) to the end of the game, and their score: the
    line of :func:`~solitaire.seer.game.simulator.bot_action`, by :func:`bot_kernel`."""
    P = game.players
    hands = np.full((P, max(map(len, game.hands), default=0) + 1), -1, dtype=np.int64)
    for p, hand in enumerate(game.hands):
        hands[p, :len(hand)] = hand
    per_type = np.zeros((len(game.counts) + 1, OTHER + 1), dtype=np.int64)
    per_type[:, KIND:] = game.rules.clue_codes
    per_type[:-1, COUNT], per_type[:-1, LOST], per_type[:-1, HELD] = game.counts, game.lost, game.held
    per_type[:-1, COPIES] = game.copies
    fin = -1 if game.last_turn is None else game.last_turn - game.turn
    last = -1 if game.last_clue is None else int(game.last_clue == RANK)
    state = np.array([game.next_card, game.clues, game.strikes, fin, game.current, sum(game.stacks), game.clue_cost,
                      game.max_clues, game.max_score, game.stack_token, game.rules.alternating, last, game.ends_dead,
                      game.speedrun, game.discard_when_full], dtype=np.int64)
    # a line: at most one removal per card and, as a clue spends a unit and a removal returns at most one, as many
    # clues as units at the start and removals
    line = np.empty((2 * (len(game.types) + game.max_clues) + 8, ARG + 1), dtype=np.int64)
    stacks = np.array(game.stacks, dtype=np.int64)
    count = bot_kernel(game.deal.types, hands, np.array([len(h) for h in game.hands], dtype=np.int64), stacks,
                       per_type, state, line)
    if count < 0:
        raise RuntimeError("the compiled bot found no legal action or ran past its line's length")
    failed = state[STRIKES] >= MAX_STRIKES or state[SPEEDRUN] and _needed_lost(stacks, per_type)
    score = 0 if failed else int(state[SCORE])
    return [{"type": _KINDS[kind], "target": target, "value": value}
            for kind, target, value in line[:count].tolist()], score
