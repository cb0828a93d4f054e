"""The compiled search of U3: "can the score reach ``target`` from this state?", fail-soft.

Contract (:func:`dfs`): a depth-first search over real game states (the rules of
:mod:`solitaire.seer.game.simulator`) that returns the score of a line reaching ``target`` (the line
recorded, which the bot finishes at that score: "Reaching the target" below), or a proven upper bound on
the state's value below ``target``, or -1 when its node limit runs out. Every node is first cut by its
bound (:mod:`solitaire.seer.bounds.u3.hope`), then by the transposition table
(:mod:`solitaire.seer.bounds.u3.table`), which holds only proven bounds, so the move order (``seed``)
never changes an answer, only how soon it comes.

Decks. Any deck of ``S <= 6`` suits of ranks 1..5 (a hanab.live variant's: type ``suit * 5 + rank - 1``,
``5 S`` types, any number of copies of each) and up to 60 cards, with hands of up to 6 cards (at most
25 cards in all hands). ``S`` is the size of the stacks array (:class:`Root`, :func:`cards_of`), and the
per-type arrays have ``MAX_TYPES`` = 30 entries whatever the deck (constant sizes keep the compiled search as
fast on every deck); the game is won at ``5 S`` points. The rules are those of the real game. With every card seen
a clue is a pass: which clue is given does not matter, only whether one may be (so also under Alternating Clues in
the variants played, where a clue of the other kind is legal whenever one is: :mod:`solitaire.seer.game.variants`).
It needs a token, and under *restricted clues* also a player other than the giver holding a card some clue touches:
``mute`` (:class:`Setup`) is then the bit mask of the types no clue touches (a variant with such
cards and no clue that is always legal, :func:`solitaire.seer.bounds.u3.search.muted_types`); ``mute`` 0
means a clue is legal whenever a token is left. Which types a clue touches never changes. Tokens
are counted in units (``cost``, :class:`Setup`): whole tokens, or half tokens under Clue Starved, where
a clue costs 2 units, a discard or a played 5 returns 1 and the team holds at most 16 (8 tokens;
the dominance arguments below count units the same way). Under Throw It in a Hole a played 5 returns no
token (``bonus`` 0, :class:`Setup`); every argument below holds as it is, since a play does the same to the
tokens on both sides of each pair it compares. In a speedrun (``sudden``) the game ends with 0 as soon as every
copy of a card above its stack is lost, which a discard or a misplay of its last copy does: that move's child is a
leaf of value 0, and a line keeps its score only at the end of the game ("Reaching the target"). The dominances
below hold: in each pair the dominating state has lost the same cards as the other, or the other's with a junk or
spare card in place of one it still holds, so it never loses a card the maximum needs before the other does, and
a state that has lost one has ended with 0, which nothing beats from below. The token-free game ignores the rule
(a relaxation).
Beside an inverted suit (Orange; ``full``, :class:`Setup`) a discard is also allowed at 8 tokens and returns none
(:attr:`~solitaire.seer.game.options.Rules.discard_when_full`): discards are then listed at every token count, and no
misplay is, as the misplay dominance below then holds at 8 tokens too (``A``, at 8 tokens, copies a discard of ``B``
as a discard, still allowed, and ``t_A - t_B`` only shrinks towards 0). Every other argument compares states that
make the same kind of move, so it holds as it is; the token-free game allows every discard already.

All or Nothing (``endless``, :class:`Setup`; :attr:`~solitaire.seer.game.options.Rules.endless`). The last draw
starts no final round (``fin`` stays -1), and the game ends with 0 as soon as a card the maximum needs is lost
(``sudden``), so a line ends only at the maximum or at 0. The game still ends: every move removes a card (a discard
returns at most one token) or spends a token, so ``2 * cards held + tokens`` falls at every move. A player who
holds no card and may give no clue has no move listed, a leaf of value 0, which is where the game ends or is stuck.
The node bound counts the turns of a final round, so it is not used: a node's bound is the maximum while every card
above each stack has a copy held or still to draw, else 0 (the maximum is out of reach, and nothing less counts;
on a full deck a lost card has ended the game already, on a short one a card may be missing); the dominances
compare states with the same cards left to draw and the same turn structure, so they hold as they are, and the
token-free game is not searched.

The token-free game (``free``). The same search runs on a relaxation of the rules: every clue is
free and every discard allowed (no tokens, no strikes; a misplay is then a discard, one from the
deck under ``deckPlays`` too). Any real line is a line of it, so its value bounds U3 from above. A
pass only hands the turn on, so at most ``P - 1`` passes in a row are searched (before the last draw
``P`` of them return to the same state; after it a discard does what a pass does), and the token
field of the state counts them. A player who holds a playable card ``x`` never needs to discard
there: playing ``x`` dominates discarding any card ``w``. Both draw the same card to the same player
and hand the turn on alike; the played state differs only in holding ``w`` instead of ``x`` and in a
stack one higher, and it copies every later move of the other (discards are always allowed): the
other's play or discard of ``x`` becomes a discard of ``w``, its play of another copy of ``x`` (junk
once ``x`` is played) a discard of that copy, and every other play stays legal, as the stacks are
never lower. So it scores at least as much. (In the real game a discard earns a token, so no such
rule holds there.) Under ``deckPlays`` a playable last card ``d`` played from the deck is such a
play: against the discard of any ``w``, which draws ``d``, the played state holds ``w`` where the
other holds ``d``, with a stack one higher, the same pair, and a play from the deck is copied as it
is. So a player who can play from the deck has no discard searched either, and the shed of an
unplayable last card is listed beside every other move. Its states are marked in the key, so both
games share the transposition table.

Canonical state, and why it is exact (:func:`state_key`). A state is the deck position, tokens,
strikes, the stacks, the final-round counter and the hands, listed from the player to move
(only turn order matters, not names). Within a hand the order is irrelevant and copies of one
type are interchangeable, so a hand is a sorted multiset of types. A *junk* card (its type
played, or a card of its suit at or below it with every copy lost) can never score again, and
all junk cards behave alike (they can only be discarded or misplayed, with the same effect), so
every junk type is one symbol. Under restricted clues a junk card some clue touches lets a
teammate clue its holder and one no clue touches does not, so only the former share the symbol
and the latter keep their types (a finer key). The lost copies of the other types are determined
by the deck position, the hands and the stacks (so is which types are junk: a type whose copies
are all lost is held by nobody), so the canonical state determines the value.

Moves searched, and why the others are not needed (:func:`_moves`). Playable cards first (one
per distinct type), then the discard of a spare card (junk, or else a type held twice), a clue,
discards of each distinct useful type (only without a spare card), and, at 8 tokens only, a
misplay of the spare card or, without one that cannot be played, of each distinct unplayable
type, while fewer than 2 strikes are spent (a third strike scores 0, which the bot's line
already beats or ties). Under restricted clues a clue is listed only when one is legal, and the
sheds the spare card's dominance leaves out are listed too (the last item below). A node with no
move listed is a forced third strike (8 tokens, no legal clue, nothing playable, 2 strikes): its
value is 0.

- A misplay below 8 tokens is never needed: discarding the same card leads to a state
  ``A = (t + 1, s)`` that dominates the misplay's ``B = (t, s + 1)``. ``A`` copies every move of
  ``B`` keeping ``0 <= t_A - t_B <= s_B - s_A``: clues and plays are copied as they are (tokens
  move together, a 5's token, if any, is capped at 8 on both sides), a discard of ``B`` is copied as a
  discard, or, when ``t_A = 8 > t_B``, as a misplay of the same card (then ``s_A < s_B``, so
  ``A`` survives it and the invariant still holds); hands, stacks and deck stay identical.
- A player who holds a junk card sheds no useful card: discarding (or misplaying) the junk card
  ``j`` dominates doing the same to a useful card ``u``. The two states differ only in that the
  first holds ``u`` where the second holds ``j``, with the same tokens and strikes, and the first
  copies every move of the second, turning its later discard or misplay of ``j`` into the same
  action on ``u``; ``j`` can never be played, so nothing else changes.
- Without junk, a type ``x`` the player holds twice plays the part of ``j`` (:func:`_spare`): the
  first state holds ``x`` and ``u`` where the second holds ``x`` twice; the second can play only
  one of its ``x`` (the other is junk from then on), which the first copies with its ``x``, and
  the second's shedding of an ``x`` becomes the first's shedding of ``u`` (at 8 tokens only when
  ``x`` cannot be played, so that shedding it is a misplay). A junk card is as good to shed as
  such an ``x`` by the same copying, so one spare card, junk first, is all that is searched.
- Under restricted clues the copying must copy clues too, and a clue of the second state is legal
  in the first only if some player other than the giver holds a card a clue touches. The hands
  differ only in the shedder's card, ``u`` in the first where the second holds the spare card
  (``j`` or ``x``), so the copy holds when ``u`` can be clued or the spare cannot. The spare card is
  one no clue touches when the player has such a spare (it dominates every shed), and when the
  player's spare cards can all be clued, the sheds of each distinct type of its hand no clue
  touches are searched beside it (discards, or at 8 tokens misplays of those that cannot be
  played). At 8 tokens a playable spare no clue touches may sit beside junk a clue touches: the
  misplays of each distinct unplayable type, junk included, are searched then. The misplay
  dominance above keeps the hands equal, so it holds as it is; the token-free game's clues are
  free, so it searches as without restriction.
- Under the option ``deckPlays`` (``plays``, :class:`Setup`), when one card is left the mover may also
  play it from the deck, its hand unchanged (:func:`_moves`): the play when it plays, listed first, else
  the misplay, listed last while fewer than 2 strikes are spent. It cannot be discarded (as on
  hanab.live), so the misplay dominance has nothing to put in its place, and it is always listed. The
  dominances above hold with it: each copies a play from the deck as it is, legal in both states of a
  pair (it needs only the deck position, which they share) and changing no hand, so the pair keeps its
  difference; in the misplay dominance a 5 played from the deck returns a token capped at 8 on both
  sides and a misplay from the deck costs both a strike, which keeps the invariant and ``A`` alive.

Reaching the target (:func:`_kept`). A third strike scores 0, so the score of a state is one the team
keeps only if no third strike can be forced on it: a player at 8 tokens who can play nothing and give no
clue must misplay (under restricted clues, when no teammate holds a card some clue touches). Without
restricted clues no misplay is ever forced (below 8 tokens a discard is legal, at 8 a clue, a token
being left), and the bot (:func:`~solitaire.seer.game.simulator.bot_action`) misplays only when forced:
a line ends as soon as its score reaches ``target``, and the bot's finish keeps that score. Under
restricted clues it ends there only when fewer turns are left than strikes allowed
(``fin < 3 - strikes``: no line, the bot's included, strikes out); elsewhere the state is searched as any other, its
value the best of its children's (a node with no move listed is a forced third strike: a leaf of value
0), and a line reaches ``target`` at such a state or at the end of the game. The game also ends, as on hanab.live,
when no card can score any more, every copy of the next card of each stack lost or held by a player who has taken
their final turn (:func:`_can_score`; :mod:`solitaire.seer.game.simulator`), which the simulator
applies under restricted clues: such a state is then a leaf of its score (a strike the rules could force later never
comes); elsewhere no strike is ever forced, so the value is the same either way and the game plays on. The bounds
that cut a node (its own and the table's) bound its value, not its score, so they hold as they are.

Compiled form. The search keeps its own stack (a node's phase: entered, next move, left), so
numba caches it like every other kernel (``cache=True``). The functions every node calls are
inlined into it, the small ones by numba (``inline="always"``: numba copies their code into each caller
and types it there), the large ones (:func:`state_key`, :func:`_moves`, :func:`_hand_moves`, the bound's
:func:`~solitaire.seer.bounds.u3.hope.runs` and :func:`~solitaire.seer.bounds.u3.hope.chained`) by LLVM
(``forceinline=True``: each is compiled once and the machine code of the node is the same; numba's copying
of a large function costs seconds of compiling). :func:`dfs` and what it calls run without numba's reference
counts (``_nrt=False``): its caller allocates every array the search uses (:func:`scratch`,
:func:`setup_of`, :func:`cards_of`: plain numpy, compiled never) and holds it until the search returns, so
none can be freed under it. A probe of
the transposition table misses the processor's caches, so a node computes its key after the
cheap part of its bound (:func:`~solitaire.seer.bounds.u3.hope.runs`) and has the table's line fetched
(:func:`~solitaire.seer.bounds.u3.llvm.prefetch`) while the chains run
(:func:`~solitaire.seer.bounds.u3.hope.chained`). :func:`dfs` runs without the GIL and reads a stop request
every ``STOP_EVERY`` nodes: a Ctrl-C or SIGTERM that comes during a search of seconds reaches no Python
handler until the search returns, so the watch thread of :func:`solitaire.io.interrupt.watch_interrupts`
(which runs because the search holds no GIL) sets the request and the search returns within a
millisecond; the handler then stops the command.
"""

from collections import namedtuple

import numba
import numpy as np

from solitaire.compiled import ensure_cache_folder
from solitaire.seer.bounds.u3.hope import MAX_TYPES, chained, runs, workspace
from solitaire.seer.bounds.u3.llvm import load_relaxed, prefetch
from solitaire.seer.bounds.u3.table import tt_get, tt_put, tt_slot
from solitaire.seer.game.deals import MAX_SCORE, RANKS
from solitaire.seer.game.simulator import MAX_CLUES

ensure_cache_folder()  # before the kernels: numba makes no cached kernel without a folder for it

__all__ = ["dfs", "setup_of", "cards_of", "first_turn", "start", "scratch", "Cards", "Setup", "Scratch", "Root",
           "M_PLAY", "M_DISCARD", "M_CLUE", "M_MISPLAY", "M_DECK_PLAY", "M_DECK_SHED",
           "POS", "TOKENS", "STRIKES", "FIN", "SCORE", "MOVER", "NODES", "NODE_LIMIT", "ABORTED", "LINE_LENGTH",
           "STATS_N", "STOP_EVERY"]

#: The symbol of an empty slot in a key; a junk card's is the deck's number of types (:func:`state_key`).
EMPTY = 31
#: Move kinds; a move's code is ``kind * 32 + type`` (a clue's type: the number of types, as junk's symbol). The
#: last two take the deck's last card under ``deckPlays``: played, or shed (a misplay; in the token-free game a
#: discard); ``kind & 3`` is the hand's move that does the same to the score, tokens and strikes.
M_PLAY, M_DISCARD, M_CLUE, M_MISPLAY, M_DECK_PLAY, M_DECK_SHED = 0, 1, 2, 3, 4, 7
#: Phases of a node in the explicit-stack search.
ENTER, NEXT, LEAVE = 0, 1, 2
#: Sorting networks of 5 and of 6 entries (compare-exchanges, in order): they sort a hand for :func:`state_key`.
SORT5 = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))
SORT6 = ((1, 2), (4, 5), (0, 2), (3, 5), (0, 1), (3, 4), (1, 4), (0, 3), (2, 5), (1, 3), (2, 4), (2, 3))
#: Turns of a line at most, for decks of up to 60 cards: in the real game at most 60 removals and 8 + 60
#: clues (a clue spends a token, a removal returns at most one); in the token-free game at most
#: ``60 - P * hand`` removals before the last draw, each after at most ``P - 1`` passes, then ``P`` turns
#: (230 at most: 5 players, hands of 3).
MAX_DEPTH = 256
#: Columns of ``state`` (per depth, the node's scalars), and the first fields of ``stats`` (the root's):
#: the next card to draw, clue tokens (in the token-free game: passes in a row), strikes, the turns left once
#: the deck is empty (-1 while it lasts), the score, the player to move.
POS, TOKENS, STRIKES, FIN, SCORE, MOVER = range(6)
#: The other fields of ``stats``: nodes entered, the node limit, whether it ran out, the length of the line.
NODES, NODE_LIMIT, ABORTED, LINE_LENGTH = range(MOVER + 1, MOVER + 5)
STATS_N = LINE_LENGTH + 1
#: Nodes between two reads of the stop request (:func:`dfs`), a power of 2: about 0.3 ms of search on a hard deal.
STOP_EVERY = 1 << 10
#: Columns of ``frame`` (per depth): the node's moves, the next move to try, the best value of its children,
#: its bound, the hand slot its current move emptied.
F_MOVES, F_NEXT, F_BEST, F_HOPE, F_SLOT = range(5)

#: The card arrays of a state, changed by a move and restored when it is undone: per player the hand's
#: types (``-1`` past its length) and its length, per suit the stack, per type the copies held, lost and in
#: the deck.
Cards = namedtuple("Cards", "hands hlen stacks held lost rem")
#: A state as :func:`cards_of` and the search's root take it: per player the deck indices held
#: (``hand_cards[p, :hlen[p]]``, 8 columns), the cards played per suit (one stack per suit of the deck), and
#: ``scalars``, the fields ``POS`` .. ``MOVER`` (the next card, tokens, strikes, the turns left once the deck
#: is empty or -1, the score, the player to move).
Root = namedtuple("Root", "hand_cards hlen stacks scalars")
#: What a search never changes: the deck's types, per position the next position of each type
#: (:func:`setup_of`), the copies of each type, the players, the hand size, the types no clue touches
#: under restricted clues (a bit mask, 0 when a clue is legal whenever a token is left), the units of
#: clue tokens a clue costs (2 under Clue Starved, else 1; module docstring), ``plays``, 1 when the deck's
#: last card may be played from the deck (the option ``deckPlays``), else 0, and ``bonus``, the units a finished
#: stack returns (1; 0 under Throw It in a Hole), and ``sudden``, 1 in a speedrun (a lost card the maximum needs ends
#: the game with 0: module docstring), else 0, ``full``, 1 when a discard is allowed at 8 tokens (beside an
#: inverted suit: module docstring), else 0, and ``endless``, 1 when the game has no final round (All or Nothing:
#: module docstring), else 0.
Setup = namedtuple("Setup", "deck nextpos counts players hand mute cost plays bonus sudden full endless")
#: The search's scratch arrays (:func:`scratch`).
Scratch = namedtuple("Scratch", "state frame words hand moves work rng")


@numba.njit(cache=True, inline='always')
def _junk(stacks, lost, counts):
    """The types that can never score again (played, or a card at or below it all lost), as a bit mask
    (bit ``x``: type ``x``), in one pass over each suit's ranks (one stack per suit)."""
    mask, x = np.int64(0), 0  # not a literal: one compiled signature of what takes it
    for s in range(stacks.size):
        dead = False  # a card of the suit above the stack and at or below rank r all lost
        for r in range(RANKS):
            dead = dead or (r >= stacks[s] and lost[x] >= counts[x])
            if dead or r < stacks[s]:
                mask |= 1 << x
            x += 1
    return mask


@numba.njit(cache=True, _nrt=False, forceinline=True)  # type: ignore[call-overload]
def state_key(buf, pos, tokens, strikes, cur, fin, stacks, hands, hlen, junk, mute, P, H, free):
    """The canonical state (module docstring) as a tuple of three words, ``junk`` the junk types (:func:`_junk`),
    of which those in ``mute`` (no clue touches them, under restricted clues) keep their types;
    ``free`` marks a state of the token-free game, ``buf`` is scratch space for a hand (8 entries: no
    allocation per node). Hands hold at most 6 cards (``P * H <= 25``), decks at most 63 cards and 6 suits.

    Word 0: the deck position (bits 0-5), tokens (6-9, and 39 for 16 units: Clue Starved's 8 tokens), strikes
    (10-11), ``fin + 1`` (12-14), the stacks (3 bits per suit from bit 15: at most 33), ``free`` (bit 40), the
    25th card of the hands (41-45: 5 players with 5 cards). Words 1 and 2: 12 cards each, 5 bits per card (a
    type ``< 30``, the junk symbol = the deck's number of types ``<= 30``, or ``EMPTY`` = 31)."""
    junk_symbol = stacks.size * RANKS
    junk &= ~mute
    w0 = np.uint64(pos) | (np.uint64(tokens & 15) << np.uint64(6)) | (np.uint64(strikes) << np.uint64(10))
    w0 |= np.uint64(tokens >> 4) << np.uint64(39)
    w0 |= np.uint64(free) << np.uint64(40)
    w0 |= np.uint64(fin + 1) << np.uint64(12)
    for s in range(stacks.size):
        w0 |= np.uint64(stacks[s]) << np.uint64(15 + 3 * s)
    w1, w2 = np.uint64(0), np.uint64(0)  # 12 cards of 5 bits each
    for i in range(P):
        p = cur + i if cur + i < P else cur + i - P  # (cur + i) % P without a division
        n = hlen[p]
        for j in range(6):  # the hand's symbols, EMPTY past its end (the largest: sorted last, as in the key)
            buf[j] = EMPTY if j >= n else junk_symbol if (junk >> hands[p, j]) & 1 else hands[p, j]
        if H <= 5:  # no branch to mispredict within a network, unlike an insertion sort
            for a, b in SORT5:
                buf[a], buf[b] = min(buf[a], buf[b]), max(buf[a], buf[b])
        else:
            for a, b in SORT6:
                buf[a], buf[b] = min(buf[a], buf[b]), max(buf[a], buf[b])
        for j in range(H):
            v = buf[j]
            slot = i * H + j
            if slot < 12:
                w1 |= np.uint64(v) << np.uint64(5 * slot)
            else:  # slot 24 (5 hands of 5) keeps only 4 bits here, all of them in word 0
                w2 |= np.uint64(v) << np.uint64(5 * (slot - 12))
    if P * H > 24:
        w0 |= np.uint64(buf[H - 1]) << np.uint64(41)
    return w0, w1, w2


@numba.njit(cache=True, inline='always')
def _spare_among(cur, hands, hlen, junk, among):
    """A card of the types ``among`` (a bit mask) that the player to move can shed at no loss: a junk card
    it holds (``junk``: :func:`_junk`), else a type it holds twice; -1 if none."""
    n = hlen[cur]
    for j in range(n):
        if ((junk & among) >> hands[cur, j]) & 1:
            return hands[cur, j]
    for j in range(n):
        for k in range(j):
            if hands[cur, k] == hands[cur, j] and (among >> hands[cur, j]) & 1:
                return hands[cur, j]
    return -1


@numba.njit(cache=True, inline='always')
def _spare(cur, hands, hlen, junk, mute):
    """The card the player to move sheds at no loss (module docstring): one of the types no clue touches
    (``mute``, restricted clues) if it has such a spare card, else any spare card; -1 if none."""
    if mute:
        spare = _spare_among(cur, hands, hlen, junk, mute)
        if spare >= 0:
            return spare
    return _spare_among(cur, hands, hlen, junk, -1)


@numba.njit(cache=True, inline='always')
def _clue_legal(cur, hands, hlen, P, mute):
    """Whether a clue may be given (tokens aside): some player other than ``cur`` holds a card some clue
    touches (a type not in ``mute``)."""
    for p in range(P):
        if p != cur:
            for j in range(hlen[p]):
                if not (mute >> hands[p, j]) & 1:
                    return True
    return False


@numba.njit(cache=True, inline='always')
def _unclued_sheds(out, m, kind, cur, stacks, hands, hlen, mute):
    """Append to ``out[:m]`` a move of ``kind`` (a discard, or a misplay: of an unplayable card only) for each
    distinct type of the mover's hand that no clue touches (``mute``): the sheds the spare card's dominance
    leaves out when that card can be clued (module docstring; such types are then neither junk nor held twice
    by the mover, :func:`_spare`); returns the new count."""
    seen = 0
    for j in range(hlen[cur]):
        x = hands[cur, j]
        if (mute >> x) & 1 and not (seen >> x) & 1 and (kind == M_DISCARD or stacks[x // RANKS] != x % RANKS):
            seen |= 1 << x
            out[m] = kind * 32 + x
            m += 1
    return m


@numba.njit(cache=True, _nrt=False, forceinline=True)  # type: ignore[call-overload]
def _moves(out, cur, tokens, strikes, stacks, hands, hlen, held, junk, P, free, mute, cost, full, last):
    """Fill ``out`` with the moves worth searching (module docstring), best first, ``junk`` the junk types
    (:func:`_junk`); returns the count. ``last``: the type of the deck's last card when it may be played from
    the deck (``deckPlays``, one card left), else -1. Its play comes first when it plays (the token-free game
    counts it as a play, so lists no discard beside it), else its shed comes last (a misplay, while fewer than
    2 strikes are spent; in the token-free game a discard); the moves of the hand are :func:`_hand_moves`'."""
    m = 0
    playable = last >= 0 and stacks[last // RANKS] == last % RANKS
    if playable:
        out[0] = M_DECK_PLAY * 32 + last
        m = 1
    m = _hand_moves(out, m, cur, tokens, strikes, stacks, hands, hlen, held, junk, P, free, mute, cost, full)
    if last >= 0 and not playable and (free or strikes < 2):
        out[m] = M_DECK_SHED * 32 + last
        m += 1
    return m


@numba.njit(cache=True, _nrt=False, forceinline=True)  # type: ignore[call-overload]
def _hand_moves(out, m, cur, tokens, strikes, stacks, hands, hlen, held, junk, P, free, mute, cost, full):
    """Append to ``out[:m]`` the moves of the mover's hand and the clue worth searching (module docstring), best
    first, ``junk`` the junk types (:func:`_junk`); returns the new count.
    In the token-free game (``free``) a pass is allowed unless the last ``P - 1`` moves were passes
    (``tokens`` counts them), misplays are never needed, and every discard is allowed but searched
    only when the player has no playable card (a play dominates every discard there: module
    docstring). ``mute``: the types no clue touches under restricted clues (0: a clue is legal whenever
    a token is left; always 0 in the token-free game); ``cost``: the units of tokens a clue costs; ``full``: 1 when a
    discard is allowed at 8 tokens (beside an inverted suit), which leaves no misplay worth searching."""
    n = hlen[cur]
    seen = 0  # bit x: type x listed
    for r in range(RANKS):  # plays, lowest rank first
        for j in range(n):
            x = hands[cur, j]
            if x % RANKS == r and stacks[x // RANKS] == r and not (seen >> x) & 1:
                seen |= 1 << x
                out[m] = M_PLAY * 32 + x
                m += 1
    spare = _spare(cur, hands, hlen, junk, mute)
    unclued = mute != 0 and spare >= 0 and not (mute >> spare) & 1  # the spare can be clued: its dominance is partial
    discard = m == 0 if free else tokens < MAX_CLUES * cost or full
    if discard and spare >= 0:
        out[m] = M_DISCARD * 32 + spare
        m += 1
        if unclued:
            m = _unclued_sheds(out, m, M_DISCARD, cur, stacks, hands, hlen, mute)
    if (tokens < P - 1) if free else tokens >= cost and (mute == 0 or _clue_legal(cur, hands, hlen, P, mute)):
        out[m] = M_CLUE * 32 + stacks.size * RANKS
        m += 1
    seen = 0
    if discard and spare < 0:  # useful discards: held twice first, then the highest rank
        for twice in range(2):
            for r in range(RANKS - 1, -1, -1):
                for j in range(n):
                    x = hands[cur, j]
                    if x % RANKS == r and not (seen >> x) & 1 and not (junk >> x) & 1 \
                            and (held[x] > 1) == (twice == 0):
                        seen |= 1 << x
                        out[m] = M_DISCARD * 32 + x
                        m += 1
    elif not discard and not free and strikes < 2:  # at 8 tokens a misplay is the only way to shed a card
        if spare >= 0 and stacks[spare // RANKS] != spare % RANKS:
            out[m] = M_MISPLAY * 32 + spare
            m += 1
            return _unclued_sheds(out, m, M_MISPLAY, cur, stacks, hands, hlen, mute) if unclued else m
        for j in range(n):  # junk here only under restricted clues, beside a playable spare no clue touches
            x = hands[cur, j]
            if stacks[x // RANKS] != x % RANKS and not (seen >> x) & 1:
                seen |= 1 << x
                out[m] = M_MISPLAY * 32 + x
                m += 1
    return m


@numba.njit(cache=True, inline='always')
def _remove(kind, x, pos, cur, hands, hlen, stacks, held, lost, rem, deck):
    """Take a card of type ``x`` from ``cur``'s hand by a play, discard or misplay, and draw; returns its slot
    (-1 for the deck's last card taken from the deck, the hand unchanged)."""
    if kind >= M_DECK_PLAY:
        if kind == M_DECK_PLAY:
            stacks[x // RANKS] += 1
        else:
            lost[x] += 1
        rem[x] -= 1
        return -1
    j = 0
    while hands[cur, j] != x:
        j += 1
    held[x] -= 1
    if kind == M_PLAY:
        stacks[x // RANKS] += 1
    else:
        lost[x] += 1
    if pos < deck.size:
        d = deck[pos]
        hands[cur, j] = d
        held[d] += 1
        rem[d] -= 1
    else:
        last = hlen[cur] - 1
        hands[cur, j] = hands[cur, last]
        hlen[cur] = last
    return j


@numba.njit(cache=True, inline='always')
def _restore(kind, x, j, pos, cur, hands, hlen, stacks, held, lost, rem, deck):
    """Undo :func:`_remove`."""
    if kind >= M_DECK_PLAY:
        if kind == M_DECK_PLAY:
            stacks[x // RANKS] -= 1
        else:
            lost[x] -= 1
        rem[x] += 1
        return
    if pos < deck.size:
        d = deck[pos]
        held[d] -= 1
        rem[d] += 1
    else:
        hands[cur, hlen[cur]] = hands[cur, j]
        hlen[cur] += 1
    hands[cur, j] = x
    held[x] += 1
    if kind == M_PLAY:
        stacks[x // RANKS] -= 1
    else:
        lost[x] -= 1


@numba.njit(cache=True)
def _successor(kind, x, pos, tokens, strikes, fin, score, n_cards, P, free, cost, bonus, endless):
    """``(pos, tokens, strikes, fin, score)`` after a move of ``kind`` on type ``x`` (in the
    token-free game ``tokens`` counts the passes in a row), a clue costing ``cost`` units of tokens, a finished
    stack returning ``bonus`` units below the most. A move on
    the deck's last card acts as the hand's move ``kind & 3`` (its draw is the last one either way); the
    token-free game counts no strike. With ``endless`` the last draw starts no final round: ``fin`` stays -1."""
    if kind == M_CLUE:
        return pos, tokens + 1 if free else tokens - cost, strikes, fin - 1 if fin > 0 else fin, score
    kind &= 3
    if kind == M_PLAY:
        score += 1
        if x % RANKS == RANKS - 1 and tokens < MAX_CLUES * cost:
            tokens += bonus
    elif kind == M_DISCARD:
        tokens += tokens < MAX_CLUES * cost  # at 8 tokens (beside an inverted suit) a discard returns none
    elif not free:
        strikes += 1
    if free:
        tokens = 0
    if pos < n_cards:
        return pos + 1, tokens, strikes, P if pos + 1 == n_cards and not endless else fin, score
    return pos, tokens, strikes, fin - 1 if fin > 0 else fin, score


@numba.njit(cache=True)
def _shuffle(out, m, plays_first, rng):
    """Shuffle the moves ``out[:m]`` (after the leading plays if ``plays_first``); xorshift state ``rng[0]``."""
    lo = 0
    while plays_first and lo < m and (out[lo] // 32) & 3 == M_PLAY:
        lo += 1
    for a in range(m - 1, lo, -1):
        x = rng[0]
        x ^= x << np.uint64(13)
        x ^= x >> np.uint64(7)
        x ^= x << np.uint64(17)
        rng[0] = x
        b = lo + np.int64(x % np.uint64(a + 1 - lo))
        out[a], out[b] = out[b], out[a]


@numba.njit(cache=True, inline='always')
def _can_score(stacks, lost, counts, hands, hlen, cur, fin):
    """Whether a card can still score (:func:`~solitaire.seer.game.position.can_score`): the next card of some
    unfinished stack has a copy of the deck neither lost nor held by a player who has taken their final turn (the
    ``P - fin`` players before ``cur``: :func:`~solitaire.seer.game.position.out_of_play`)."""
    P = hlen.size
    for s in range(stacks.size):
        x = s * RANKS + stacks[s]
        left = counts[x] - lost[x] if stacks[s] < RANKS else 0
        for k in range(P - fin if 0 <= fin < P and left > 0 else 0):
            p = cur - 1 - k if cur - 1 - k >= 0 else cur - 1 - k + P
            for j in range(hlen[p]):
                left -= hands[p, j] == x
        if left > 0:
            return True
    return False


@numba.njit(cache=True, inline='always')
def _within_reach(stacks, held, rem):
    """Whether every card above each stack has a copy held or still to draw (one stack per suit)."""
    for s in range(stacks.size):
        for r in range(stacks[s], RANKS):
            if held[s * RANKS + r] + rem[s * RANKS + r] == 0:
                return False
    return True


@numba.njit(cache=True, inline='always')
def _kept(strikes, fin, mute, sudden):
    """Whether the score of a state is a score its line ends with, the bot finishing it (module docstring,
    "Reaching the target"): not in a speedrun (``sudden``), and a clue is legal whenever a token is left (``mute``
    0), or too few turns are left (``fin``) for a third strike."""
    return not sudden and (mute == 0 or 0 <= fin < 3 - strikes)


@numba.njit(cache=True)
def _won(score, length, moves, frame, stats, path):
    """Record the line of the moves taken at depths ``0..length-1`` and return ``score``."""
    for k in range(length):
        path[k] = moves[k, frame[k, F_NEXT] - 1]
    stats[LINE_LENGTH] = length
    return score


@numba.njit(cache=True, _nrt=False, nogil=True)  # type: ignore[call-overload]  # _nrt: not in numba's stubs
def dfs(target, seed, free, setup, cards, table, space, stats, path, stop):
    """Fail-soft decision "score >= target?" from the state in ``cards`` and ``stats``, with an explicit stack.

    ``setup`` (:class:`Setup`) is the deck, ``cards`` (:class:`Cards`) the state's card arrays, ``table``
    the transposition table ``(keys, values)`` (:mod:`~solitaire.seer.bounds.u3.table`), ``space`` the scratch
    arrays (:func:`scratch`). ``seed`` 0 searches the moves best first; any other seed shuffles each
    node's moves (an even seed keeps the plays first), a restart in another order. With ``free`` the
    search is over the token-free game (module docstring).

    ``stats`` (``STATS_N`` fields, named ``POS`` .. ``LINE_LENGTH``): the root's scalars and the node
    limit on entry, the counters on return. Returns the score reached (``>= target``, the line in
    ``path[:stats[LINE_LENGTH]]``), a proven upper bound (``< target``), or -1 when the node limit ran
    out or a stop was requested (``stats[ABORTED]`` = 1). The arrays are restored after a failure, left
    as they are after a success or an abort.

    ``stop`` (an int64 array; :data:`solitaire.io.interrupt.STOP_REQUEST`) requests a stop when ``stop[0]``
    is not 0: it is read every ``STOP_EVERY`` nodes, at the node limit's check (an atomic load,
    :func:`~solitaire.seer.bounds.u3.llvm.load_relaxed`, so that another thread's write is seen), and the search
    then returns as when its node limit runs out. Nothing else depends on ``stop``: a search no stop
    reaches has the same nodes, result and line whatever it holds. It runs without the GIL (``nogil``), so
    another thread (the watch of :func:`solitaire.io.interrupt.watch_interrupts`) may set ``stop[0]``
    meanwhile; no other thread may touch the other arrays until it returns.

    It makes no reference counts (module docstring), so it allocates nothing, and its caller holds every
    array until it returns.
    """
    deck, nextpos, counts, P, H, mute, cost, plays, bonus, sudden, full, endless = setup
    if free:
        mute, sudden = 0, 0  # the token-free game's clues are free: every junk card alike, every dominance whole
    hands, hlen, stacks, held, lost, rem = cards
    tt_keys, tt_vals = table
    state, frame, words, hand, moves, work, rng = space
    mask = tt_vals.size - 1
    n_cards, max_score = deck.size, stacks.size * RANKS
    for i in range(MOVER + 1):  # the root's scalars (an assignment of a slice would need numba's runtime)
        state[0, i] = stats[i]
    d, phase, result = np.int64(0), ENTER, -1  # d not a literal: one compiled signature of _won
    while True:
        pos, tokens, strikes, fin, score, cur = state[d, POS], state[d, TOKENS], state[d, STRIKES], state[d, FIN], \
            state[d, SCORE], state[d, MOVER]
        if phase == ENTER:  # a new node: cut it, or list its moves
            # the game's end "Reaching the target" names
            if mute and not _can_score(stacks, lost, counts, hands, hlen, cur, fin):
                if score >= target:
                    return _won(score, d, moves, frame, stats, path)
                result, phase = score, LEAVE
                continue
            if score >= target and _kept(strikes, fin, mute, sudden):
                return _won(score, d, moves, frame, stats, path)
            stats[NODES] += 1
            if stats[NODES] > stats[NODE_LIMIT] or stats[NODES] & (STOP_EVERY - 1) == 0 and load_relaxed(stop, 0) != 0:
                stats[ABORTED] = 1
                return -1
            if endless:  # no final round: the maximum, or 0 once it is out of reach (module docstring)
                hope, run = max_score if _within_reach(stacks, held, rem) else 0, 0
            else:
                hope, run = runs(score, stacks, held, rem, pos, n_cards, fin, P, cur, hands, hlen, nextpos, work, plays)
            result, phase = hope, LEAVE
            if hope >= target:  # the node's bound in two steps, its key in between
                junk = _junk(stacks, lost, counts)
                key = state_key(hand, pos, tokens, strikes, cur, fin, stacks, hands, hlen, junk, mute, P, H, free)
                slot = tt_slot(key, mask)  # the table's probe misses the cache: its line is fetched during the chains
                prefetch(tt_keys, slot)
                prefetch(tt_vals, slot)
                if not endless:
                    hope = chained(hope, run, score, pos, n_cards, P, hands, hlen, deck, nextpos, work, target,
                                   stacks.size, plays)
                result = hope
                if hope >= target:
                    words[d, 0], words[d, 1], words[d, 2] = key
                    result = tt_get(key, tt_keys, tt_vals, mask)
                    if result >= target:
                        last = deck[pos] if plays and pos == n_cards - 1 else -1  # played from the deck, or not
                        frame[d, F_MOVES] = _moves(moves[d], cur, tokens, strikes, stacks, hands, hlen, held, junk, P,
                                                   free, mute, cost, full, last)
                        if seed:
                            _shuffle(moves[d], frame[d, F_MOVES], seed % 2 == 0, rng)
                        frame[d, F_NEXT], frame[d, F_BEST], frame[d, F_HOPE] = 0, 0, hope
                        phase = NEXT
        elif phase == NEXT:  # the node's next move: a finished game, or a child to enter
            if frame[d, F_NEXT] == frame[d, F_MOVES]:
                result, phase = min(frame[d, F_BEST], frame[d, F_HOPE]), LEAVE
                tt_put((words[d, 0], words[d, 1], words[d, 2]), result, tt_keys, tt_vals, mask)
                continue
            code = moves[d, frame[d, F_NEXT]]
            frame[d, F_NEXT] += 1
            kind, x = code // 32, code % 32
            npos, ntok, nstr, nfin, nscore = _successor(kind, x, pos, tokens, strikes, fin, score, n_cards, P, free,
                                                        cost, bonus, endless)
            if kind != M_CLUE:
                frame[d, F_SLOT] = _remove(kind, x, pos, cur, hands, hlen, stacks, held, lost, rem, deck)
                if sudden and kind & 3 != M_PLAY and stacks[x // RANKS] <= x % RANKS and lost[x] >= counts[x]:
                    nscore, nfin = 0, 0  # a speedrun lost a card the maximum needs: over, with 0
            if nscore == max_score or nfin == 0:  # the game is over
                if nscore >= target:
                    return _won(nscore, d + 1, moves, frame, stats, path)
                if kind != M_CLUE:
                    _restore(kind, x, frame[d, F_SLOT], pos, cur, hands, hlen, stacks, held, lost, rem, deck)
                frame[d, F_BEST] = max(frame[d, F_BEST], nscore)
                continue
            state[d + 1, POS], state[d + 1, TOKENS], state[d + 1, STRIKES] = npos, ntok, nstr
            state[d + 1, FIN], state[d + 1, SCORE], state[d + 1, MOVER] = nfin, nscore, cur + 1 if cur + 1 < P else 0
            d, phase = d + 1, ENTER
        else:  # LEAVE: hand the failed node's bound ``result`` to the parent and undo the parent's move
            if d == 0:
                return result
            d -= 1
            code = moves[d, frame[d, F_NEXT] - 1]
            kind, x = code // 32, code % 32
            if kind != M_CLUE:
                _restore(kind, x, frame[d, F_SLOT], state[d, POS], state[d, MOVER], hands, hlen, stacks, held, lost,
                         rem, deck)
            frame[d, F_BEST] = max(frame[d, F_BEST], result)
            phase = NEXT


def scratch(seed: int, memo_bits: int) -> Scratch:
    """The scratch arrays of :func:`dfs` (:class:`Scratch`): per depth the node's scalars (``state``), its
    frame, its key (``words``) and its moves; a hand for :func:`state_key`, the workspace of the bound
    (:func:`~solitaire.seer.bounds.u3.hope.workspace`, its memo of ``2**memo_bits`` slots) and the state of the
    move shuffle of ``seed``."""
    rng = np.array([seed % (1 << 64) * 0x9E3779B97F4A7C15 % (1 << 64) | 1], dtype=np.uint64)
    return Scratch(np.zeros((MAX_DEPTH + 1, MOVER + 1), dtype=np.int64),
                   np.zeros((MAX_DEPTH, F_SLOT + 1), dtype=np.int64),
                   np.zeros((MAX_DEPTH, 3), dtype=np.uint64), np.zeros(8, dtype=np.int64),
                   np.zeros((MAX_DEPTH, 32), dtype=np.int64), workspace(memo_bits), rng)


def setup_of(deck: np.ndarray, P: int, H: int, mute: int, cost: int, plays: int, bonus: int = 1,
             sudden: int = 0, full: int = 0, endless: int = 0) -> Setup:
    """What a search of the deck ``deck`` never changes (:class:`Setup`): ``counts`` are the copies of each type in
    this deck (not the variant's), ``nextpos[q, x]`` the first position ``>= q`` of type ``x`` in the deck (the
    deck size if none), both with ``MAX_TYPES`` entries per position whatever the deck; ``P`` players hold ``H``
    cards each; ``mute``, ``cost``, ``plays``, ``bonus``, ``sudden``, ``full`` and ``endless``: the types no clue
    touches under restricted clues, the units of tokens a clue costs, whether the deck's last card may be played from
    the deck, the units a finished stack returns, whether the game is a speedrun, whether a discard is allowed at 8
    tokens and whether the game has no final round."""
    n_cards = deck.size
    at = np.full((n_cards + 1, MAX_TYPES), n_cards, dtype=np.int64)
    at[np.arange(n_cards), deck] = np.arange(n_cards)
    nextpos = np.ascontiguousarray(np.minimum.accumulate(at[::-1], axis=0)[::-1])
    counts = np.bincount(deck, minlength=MAX_TYPES).astype(np.int64)
    return Setup(deck, nextpos, counts, int(P), int(H), int(mute), int(cost), int(plays), int(bonus), int(sudden),
                 int(full), int(endless))


def cards_of(setup: Setup, root: Root) -> Cards:
    """The card arrays (:class:`Cards`, new ones) of the state ``root`` (:class:`Root`) of the deck of ``setup``
    (:class:`Setup`). The stacks give the ``5 * root.stacks.size`` types; the per-type arrays have ``MAX_TYPES``
    entries whatever the deck, the types of no suit of the deck never drawn. The lost copies of each type are the
    drawn ones neither held nor played (negative for a state no game reaches: the caller checks)."""
    deck = setup.deck
    rem = np.bincount(deck[root.scalars[POS]:], minlength=MAX_TYPES).astype(np.int64)
    hlen = np.array(root.hlen, dtype=np.int64)
    dealt = np.arange(8) < hlen[:setup.players, None]
    hands = np.where(dealt, deck[np.where(dealt, root.hand_cards[:setup.players, :8], 0)], -1).astype(np.int64)
    held = np.bincount(hands[dealt], minlength=MAX_TYPES).astype(np.int64)
    stacks = np.array(root.stacks, dtype=np.int64)
    types = np.arange(MAX_TYPES)
    suit = np.minimum(types // RANKS, stacks.size - 1)
    played = (types < stacks.size * RANKS) & (types % RANKS < stacks[suit])
    return Cards(hands, hlen, stacks, held, setup.counts - held - rem - played, rem)


def first_turn(deck: np.ndarray, P: int, H: int, n_types: int = MAX_SCORE, cost: int = 1) -> Root:
    """The game's first state (:class:`Root`): player 0 to move, 8 tokens of ``cost`` units each, ``n_types`` the
    types of the variant (5 per suit; the stacks: one per suit)."""
    hand_cards = np.full((P, 8), -1, dtype=np.int64)
    hand_cards[:, :H] = np.arange(P * H).reshape(P, H)
    scalars = np.zeros(MOVER + 1, dtype=np.int64)
    scalars[POS], scalars[TOKENS], scalars[FIN] = P * H, MAX_CLUES * cost, -1 if deck.size > P * H else P
    return Root(hand_cards, np.full(P, H, dtype=np.int64), np.zeros(n_types // RANKS, dtype=np.int64), scalars)


def start(deck: np.ndarray, P: int, H: int, n_types: int = MAX_SCORE) -> tuple[Setup, Cards]:
    """``(Setup, Cards)`` of the game's first state (``n_types``: :func:`first_turn`), no clue restricted, a
    clue costing one token, no card played from the deck."""
    setup = setup_of(deck, P, H, 0, 1, 0)
    return setup, cards_of(setup, first_turn(deck, P, H, n_types))
