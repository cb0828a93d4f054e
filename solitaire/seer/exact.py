"""U3: the exact perfect-information optimum of a Hanabi deal under the real rules.

The rules are those of :mod:`solitaire.seer.game` (hanab.live and HLE): block deal, hands of
5/5/4/4 cards for 2/3/4/5 players, player 0 first, 8 clue tokens, 3 strikes. On a turn the
player may play a card (the next card of its suit scores, a 5 returns a token below 8; any
other card is a misplay: a strike, the card is lost), discard a card (only below 8 tokens;
returns one), or give a clue (costs a token, draws nothing; with perfect information a clue
is a pass that spends a token, and a legal one always exists: no hand ever empties before
the game ends). A play, misplay or discard draws the next card while the deck lasts; after
the last draw every player, the drawer included, has exactly one more turn. The game ends
then, at once at 25, or at the third strike with score 0. U3 is the largest score a team
that sees every card and the deck order can reach.

Search (:func:`exact_search`). A depth-first search over real game states decides "can the
score reach ``target``?", fail-soft: a failed node returns an upper bound on its value, a
successful one the score it reached. The root iterates ``target`` downward from
``min(U2, root_hope)`` (rule 2' below), each
time to the bound the last failure proved, until a line reaches it or it falls to the bot's
score L (then the bot's line is optimal). Each decision runs a schedule of node-limited
searches (:func:`_schedule`): the search in its best-first move order with a budget that
doubles (2^14, 2^15, ...), each followed by restarts that shuffle every node's moves
(seeded, so reproducible; every other restart keeps the plays first) with 2^16 nodes each,
about as many nodes in all. All share the transposition table, which holds only proven
bounds, so the move order never changes an answer, only how soon it comes: a best-first
search that commits early to a subtree it can neither win nor refute quickly is stuck for
minutes, while some shuffled order finds a winning line within a few thousand nodes
(heavy-tailed run times; measured on seeds 0..1999 per player count, 2 s per deal: 15
unresolved deals without restarts, 4 with). Each round also searches one point above the best
line found (the *floor*) with the round's budget, so a deal left open still reports a good
line: on P = 4 seed 10118 the bot scores 20, lines of 21, 22, 23 take 68, 253 and 27,000
nodes, while 24 (its U3: the turn-indexed SAT peer once needed 348 s to find its line,
the removal-indexed one 0.5 s) is not found in a minute;
a floor search that fails proves ``U3`` = the best line. Every node is first cut by its hope, the least of these
upper bounds (each action plays at most one card, and a card scores only if every lower
card of its suit is held or still to come): (1) the score plus ``run``, the ranks above
each stack with a copy held or in the deck, capped by the actions that can still play
(``D + P`` with ``D`` cards in the deck); (2) the deck's tail: a run card that waits for
deck card ``q`` (it or a lower card of its suit is first drawn there) can only be played
after that draw, by one of the ``N - 1 - q + P`` later actions, and of the cards that wait
for the last card (``q = N - 1``) at most one scores: its only copy is drawn by the player
whose one remaining turn is the game's last, and the others are higher cards of its suit;
(2') *chains*: the run cards of one suit that wait for deck card ``q`` must be played in rank
order by distinct actions among the ``k + P`` after its draw (``k = N - 1 - q``): the ``k``
draws, whose players are free (clues can shift whose turn a draw falls on; tokens are
ignored), then the final round, fixed in turn order after the last drawer. A card never
changes hands, so a player can play a type only if it holds a copy now, or a copy lies in
the deck before ``q`` (anyone may draw it), or it drew one at ``q + i`` before that action.
Playing the next chain card whenever the player can is never worse than not (a later match
stays available), so only two kinds of drawers matter: of a copy of a chain type in the
window, and of the last card; :func:`_chains_fit` searches those. If no choice plays the
whole chain, a card of that suit is lost; suits are disjoint, so the losses add up. The
same search over the waiting cards of all suits at once (each action plays the next card of
one suit) proves a loss of one more often, but costs about 20 times the search's node rate,
so only :func:`root_hope` applies it, once per deal: the start of the game is then cut to
``min(U2, root_hope)``. This
settles at the root, e.g., P = 2 seed 31615 (green 3s both in the second player's hand, the
only 5 in the first's, the 2s third- and second-to-last: the final round has them in the
wrong order) and P = 3 seed 565 (the g2s are cards 47 and 49 of 50, the g3s both held by
the third player, the g5 by the first: whoever draws card 47 plays g2 at its next turn at
the earliest, too late for g3 g4 g5 to follow in the turns left); P = 5 seed 74394 needs
both suits: its green chain and the white 5, the last card, can each be played alone but not
both (the fifth player holds both green 3s and the green 5);
(2'') *chains in turn order*: the same windows, all suits at once, with the clue tokens. In a
real line, the removals (plays, discards, misplays) that draw cards ``q .. N - 1`` are made by
players ``a_0 .. a_k``; between ``a_j`` and ``a_{j+1}`` the ``(a_{j+1} - a_j - 1) mod P``
players in between each give a clue, one token each, which needs a token. Before the draw of
``q`` the team holds at most 8 (exactly the state's tokens, from the player to move, when
``q`` is the next card). A removal returns at most one token, never above 8: a discard below
8 returns one, a played 5 one below 8, any other play or a misplay none. So the relaxed game
in which every removal that plays no chain card (a *filler*) returns ``min(t + 1, 8)`` holds
at least as many tokens after every step as the real line, and having more tokens never
hurts in it (every step is monotone in ``t``). Its search is :func:`_chains_fit` with every
drawer chosen and the fillers allowed even where a chain card could be played; if no choice
plays all the waiting cards, one is lost. At the root it settles P = 5 seed 492920: 20 run
cards wait for cards 34..49 (the g3s are cards 34 and 48, the w1s 36, 38, 41, the r2s 39 and
49, the b2s 40 and 45, the y2s 43 and 46), so each of the 20 removals after the one that
draws card 34 must play one, and the turn order needs more clues than 8 tokens, that one
filler and five 5s pay for (the search alone does not refute 25 in 2 billion nodes, the
token-free game reaches 25). It costs 0.05 to 0.22 ms per deal at the root
(``benchmarks/bench_exact.py --root``). On the 180,287 deals of the shipped table that need a
search it cuts 27 more roots to 24, each a deal whose U3 < 25 only the SAT peer had proved;
the search now settles 24 of them alone within a minute, most in milliseconds
(``--root-table``), and the bound is never below the table's U3 (a slow test of
``tests/seer/test_table.py``). In the search it cost 10 times the node rate and settled nothing
more (P = 4 629581, P = 5 282322 in 120 s), so it stays at the root;
(3) once the deck is empty, each player still to move plays at most one card of its own
hand. The search only asks whether the hope reaches its target, so the chains, the costly
part, run only when the other bounds reach it and stop at the loss that takes it below (the
same cuts, 2.2 times the node rate on five refutations), and each search memoises the verdicts
of single suits (:func:`_suit_fits`). A transposition table keeps, per
canonical state, the best upper bound proven so far; it only ever holds proven bounds (an
entry may be overwritten, never trusted beyond what was proven), so it cannot make an answer
wrong. It starts small and grows, its entries copied, as the nodes spent grow
(:func:`tt_table`).

The token-free game. The same search runs on a relaxation of the rules (``free``): every
clue is free and every discard allowed (no tokens, no strikes; a misplay is then a discard).
Any real line is a line of it, so its value bounds U3 from above. A pass only hands the turn
on, so at most ``P - 1`` passes in a row are searched (before the last draw ``P`` of them
return to the same state; after it a discard does what a pass does), and the token field of
the state counts them. A player who holds a playable card ``x`` never needs to discard
there: playing ``x`` dominates discarding any card ``w``. Both draw the same card to the
same player and hand the turn on alike; the played state differs only in holding ``w``
instead of ``x`` and in a stack one higher, and it copies every later move of the other
(discards are always allowed): the other's play or discard of ``x`` becomes a discard of
``w``, its play of another copy of ``x`` (junk once ``x`` is played) a discard of that copy,
and every other play stays legal, as the stacks are never lower. So it scores at least as
much. (In the real game a discard earns a token, so no such rule holds there.) Its states
are far fewer, and the obstruction of the deals the real search cannot settle lies in who
draws which card, not in the tokens: on P = 2 seeds 7458, 19008, 20773, 15099, 4369, 18966 it
refutes 25 in 9,000 to 109,000 nodes (171,000 to 3,969,000 without the play rule and the
spare-card rule below) where the real game's search needs 1.9 to 46 million, and it settles
most deals that the real game's search leaves open after a minute
(``benchmarks/bench_exact.py``, its table in ``benchmarks/README.md``). Each
round of the schedule ends with a search of it at the current target with ``free_share``
(16) times the round's budget; a refutation lowers the upper bound, a line reaching the
target proves nothing and stops these searches for the deal. Its states are marked in the
key, so both games share the transposition table.

Canonical state and why it is exact. A state is the deck position, tokens, strikes, the
stacks, the final-round counter and the hands, listed from the player to move (only turn
order matters, not names). Within a hand the order is irrelevant and copies of one type are
interchangeable, so a hand is a sorted multiset of types. A *junk* card — its type played,
or a card of its suit at or below it with every copy lost — can never score again, and all
junk cards behave alike (they can only be discarded or misplayed, with the same effect), so
every junk type is one symbol. The lost copies of the other types are determined by the
deck position, the hands and the stacks, so the canonical state determines the value.

Moves searched, and why the others are not needed. Playable cards first (one per distinct
type), then the discard of a spare card (junk, or else a type held twice), a clue, discards
of each distinct useful type (only without a spare card), and — at 8 tokens only — a misplay
of the spare card or, without one that cannot be played, of each distinct unplayable type,
while at most one strike is spent
(a third strike scores 0, which the bot's L already beats or ties). A misplay below 8
tokens is never needed: discarding the same card leads to a state ``A = (t + 1, s)`` that
dominates the misplay's ``B = (t, s + 1)``. ``A`` copies every move of ``B`` keeping
``0 <= t_A - t_B <= s_B - s_A``: clues and plays are copied as they are (tokens move
together, a 5's token is capped at 8 on both sides), a discard of ``B`` is copied as a
discard, or, when ``t_A = 8 > t_B``, as a misplay of the same card (then ``s_A < s_B``, so
``A`` survives it and the invariant still holds); hands, stacks and deck stay identical.
A player who holds a junk card sheds no useful card: discarding (or misplaying) the junk
card ``j`` dominates doing the same to a useful card ``u``. The two states differ only in
that the first holds ``u`` where the second holds ``j``, with the same tokens and strikes,
and the first copies every move of the second, turning its later discard or misplay of
``j`` into the same action on ``u``; ``j`` can never be played, so nothing else changes.
Without junk, a type ``x`` the player holds twice plays the part of ``j`` (:func:`_spare`):
the first state holds ``x`` and ``u`` where the second holds ``x`` twice; the second can
play only one of its ``x`` (the other is junk from then on), which the first copies with
its ``x``, and the second's shedding of an ``x`` becomes the first's shedding of ``u``
(at 8 tokens only when ``x`` cannot be played, so that shedding it is a misplay). And a
junk card is as good to shed as such an ``x`` by the same copying, so one spare card, junk
first, is all that is searched.
(On the six P = 2 deals of the token-free table of ``benchmarks/README.md`` this rule and the play rule of the
token-free game take its refutations of 25 from 171,000..3,969,000 nodes to 9,000..109,000.)

Result. The score, whether it is proven (``exact``), the proven bounds ``L <= U3 <= high``,
and an optimal line as hanab.live actions (a play, a discard, or for a pass a legal colour
clue), which :func:`solitaire.seer.game.simulate` replays to the score before it is returned;
once the line reaches the target the bot finishes the game (it never loses a point).
A ``timeout`` (seconds per deal) is honoured between node budgets that double; a deal
that runs out reports ``exact = False`` with the bounds found.

Running time: exponential in the worst case (the game is a finite tree); most deals need no
search at all (``L = U2``), the rest are measured in ``benchmarks/bench_exact.py``. The
search keeps its own stack (a node's phase: entered, next move, left), so numba caches it
like every other kernel (``cache=True``): a new process loads it instead of compiling it. The
functions that every node calls are inlined into it by numba (``inline="always"``). Numba counts
the references to each array, atomically: every array a compiled call is passed, every array
argument of an inlined function and every array view costs an increment and a decrement. On hard
deals these took half the node time (measured with ``perf``), so :func:`_dfs` and what it calls
run without reference counts (numba's ``_nrt=False``): :func:`exact_search` allocates every array
the search uses and holds it until the search returns, so none can be freed under it (2.1 times
the node rate). Only :func:`_chains_fit`, reached on a miss of the chain memo, keeps them: its
row copies need numba's runtime. A probe of the transposition table (up to 100 MB) misses the
processor's caches, so a node computes its key before its bound is complete and has the line
fetched (:func:`_prefetch`) meanwhile (1.08 times the node rate); the key waits for the cheap
part of the bound (:func:`_runs`), which alone cuts 20 to 55% of the nodes on hard deals, and the
chains (:func:`_chained`) run while the line comes (1.09 times the node rate again).
"""

import time
from dataclasses import dataclass, field

import numba
import numpy as np
from llvmlite import ir
from numba.core import cgutils, types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from solitaire.seer.bounds import u2_value
from solitaire.seer.deals import MAX_SCORE, RANKS, seeded_deal
from solitaire.seer.game import DISCARD, MAX_CLUES, PLAY, Game, bot_action, legal_clue, seer_line, simulate
from solitaire.seer.peers import PEER_ENCODING, peer_of
from solitaire.seer.peers.turns import PEER_SOLVER

__all__ = ["ExactResult", "exact", "exact_search", "finish", "line_actions", "peer_close", "warm_up", "tt_table", "TT_BITS"]

SUITS_N = MAX_SCORE // RANKS
JUNK, EMPTY = MAX_SCORE, 31
#: Move kinds recorded by the search.
M_PLAY, M_DISCARD, M_CLUE, M_MISPLAY = 0, 1, 2, 3
#: Phases of a node in the explicit-stack search.
ENTER, NEXT, LEAVE = 0, 1, 2
#: Rows of the scratch array of the node bound (:func:`_workspace`): per-level rows of the chain
#: search's owner masks and suit progress (at most 51 + 5 levels), then single rows (``W_OWNERS``: the holders of
#: each type, :func:`_owners`; ``W_WAITS``: per deck position, the run cards waiting for it, zero between nodes).
W_MASKS, W_PROG, W_IDX, W_LAST, W_CHOICE, W_SEG, W_CHAIN, W_RELEASE, W_TYPE, W_TOKENS, W_OWNERS, W_WAITS, W_MEMO = 0, \
    64, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138
#: log2 of the slots of the memo of one suit's chain verdicts (:func:`_suit_fits`), rows of 64 at the end of
#: the scratch array; 0: none. On hard deals the search runs 4.9 to 7.0 times as many nodes a second with it (four
#: deals, 2 million nodes each, session 25; 1.0 to 2.3 before the node work was streamlined: ``benchmarks/README.md``,
#: ``benchmarks/bench_exact.py --memo``).
MEMO_BITS = 12
#: A sorting network of 5 entries (compare-exchanges, in order): it sorts a hand for :func:`_key`.
SORT5 = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))
MAX_DEPTH = 256  # turns: at most 50 - P*hand draws, 8 + 25 + 25 clues, P final turns
#: log2 of the transposition table's entries (25 bytes each) at most, and at the first search. At most
#: 2^22 (100 MB, reached only by deals that search millions of nodes): on P = 2 seed 509913 the token-free
#: game refutes 21 in 9.0 million nodes with it, 17.0 million with 2^20 (``benchmarks/bench_exact.py --sizes``).
TT_BITS, TT_FIRST_BITS = 22, 16
_EMPTY_KEY = np.uint64(0xFFFFFFFFFFFFFFFF)


@numba.njit(cache=True, inline='always')
def _junk(stacks, lost, counts):
    """The types that can never score again (played, or a card at or below it all lost), as a bit mask
    (bit ``x``: type ``x``), in one pass over each suit's ranks."""
    mask, x = 0, 0
    for s in range(SUITS_N):
        dead = False  # a card of the suit above the stack and at or below rank r all lost
        for r in range(RANKS):
            dead = dead or (r >= stacks[s] and lost[x] >= counts[x])
            if dead or r < stacks[s]:
                mask |= 1 << x
            x += 1
    return mask


@numba.njit(cache=True)
def _workspace(memo_bits=MEMO_BITS):
    """Scratch space for :func:`_hope`, allocated once per search (of one deck) instead of once per node,
    with a memo of ``2**memo_bits`` slots (``memo_bits`` 0, or 6 and more)."""
    work = np.zeros((W_MEMO + (1 << memo_bits) // 64, 64), dtype=np.int64)
    work[W_MEMO:] = -1
    return work


@numba.njit(cache=True, inline='always')
def _hope(score, stacks, held, rem, pos, n_cards, fin, P, cur, hands, hlen, nextpos, deck, work, target=0, joint=0,
          tokens=-1):
    """An upper bound on the final score (module docstring): the runs, the deck's tail, the final round;
    with ``joint`` > 0 also the chains of several suits at once, ``joint`` steps per window, and with
    ``tokens`` >= 0 (the state's clue tokens) those chains in turn order (rule 2'').
    Only the answer to "is it ``>= target``?" has to be exact: the chains, the costly part, are
    skipped when the other bounds already fall below ``target`` or more suits would have to fail
    than there are, and counted only until the bound falls below it (``target`` 0: the whole
    bound). ``work`` is scratch space from :func:`_workspace` (no allocation per node)."""
    bound, run = _runs(score, stacks, held, rem, pos, n_cards, fin, P, cur, hands, hlen, nextpos, work)
    return _chained(bound, run, score, pos, n_cards, P, cur, hands, hlen, deck, nextpos, work, target, joint, tokens)


@numba.njit(cache=True, inline='always')
def _runs(score, stacks, held, rem, pos, n_cards, fin, P, cur, hands, hlen, nextpos, work):
    """The cheap part of :func:`_hope` and the size of the run, ``(bound, run)``: the bound by the runs, the
    deck's tail and the final round, the chains left out; the run cards are left in ``work`` for :func:`_chained`."""
    run, waiting, waits = 0, 0, 0  # run cards, those waiting for a deck card, bit q: a card waits for deck card q
    # run card k: the deck position it waits for at work[W_RELEASE, k], its type at work[W_TYPE, k];
    # work[W_WAITS, q]: the run cards waiting for deck card q
    for s in range(SUITS_N):
        r, wait = stacks[s], -1
        while r < RANKS and held[s * RANKS + r] + rem[s * RANKS + r] > 0:
            if held[s * RANKS + r] == 0:
                wait = max(wait, nextpos[pos, s * RANKS + r])
            work[W_RELEASE, run], work[W_TYPE, run] = wait, s * RANKS + r
            if wait >= 0:
                work[W_WAITS, wait] += 1
                waiting += 1
                waits |= 1 << wait
            run += 1
            r += 1
    if pos >= n_cards:  # final round: the players still to move play at most one of their own cards each
        players = 0
        for i in range(fin):
            p = (cur + i) % P
            for j in range(hlen[p]):
                x = hands[p, j]
                if held[x] > 0 and stacks[x // RANKS] <= x % RANKS and _in_run(x, stacks, held, rem):
                    players += 1
                    break
        return score + min(run, players), run
    best = min(run, n_cards - pos + P)
    early = 0  # the run cards waiting for a deck card before q
    while waits:  # the deck cards waited for, in order: at any other q the cards waiting for q or later are those
        q = trailing_zeros(waits)  # of the next card waited for above q, with more actions: the bound is no lower
        waits &= waits - 1
        late = waiting - early  # the cards waiting for deck card q or later: n - 1 - q + P actions
        after = n_cards - 1 - q + P if q < n_cards - 1 else 1  # the last card: only its drawer's last turn
        best = min(best, run - late + min(late, after))
        early += work[W_WAITS, q]
        work[W_WAITS, q] = 0
    return score + best, run


@numba.njit(cache=True, inline='always')
def _chained(bound, run, score, pos, n_cards, P, cur, hands, hlen, deck, nextpos, work, target, joint, tokens):
    """:func:`_hope` from the ``bound`` and ``run`` of :func:`_runs` (the run cards in ``work``): the bound cut by
    the chains, before the final round, where it can fall below ``target`` (the other arguments are :func:`_hope`'s)."""
    if pos >= n_cards or bound < target:
        return bound
    enough = SUITS_N if target == 0 else run + score - target + 1  # chain losses that take it below target
    if enough > SUITS_N:  # the chains lose at most one card per suit: they cannot cut
        return bound
    return min(bound, score + run - _chains_lost(run, pos, P, hands, hlen, deck, nextpos, work, joint, enough, tokens,
                                                cur))


@numba.njit(cache=True, inline='always')
def _chains_lost(run, pos, P, hands, hlen, deck, nextpos, work, joint, enough, tokens, cur):
    """Run cards (``run`` of them in ``work``, :func:`_hope`) that the chain rule (2') proves lost
    (counting stops at ``enough``; at most one per suit): one per suit whose cards waiting for some
    deck card cannot all be played; when no suit alone fails and ``joint`` > 0, one if the cards of
    all suits waiting for some deck card cannot all be played together, or (with ``tokens`` >= 0,
    the state's, and ``cur`` to move) not in turn order with the clue tokens (rule 2''; ``joint``
    steps of :func:`_chains_fit` per window and question: costly, so the search leaves it to the root)."""
    lost, k0 = 0, 0
    _owners(P, hands, hlen, work)
    while k0 < run and lost < enough:  # a suit's run cards are consecutive, in rank order, releases non-decreasing
        k1 = k0
        while k1 < run and work[W_TYPE, k1] // RANKS == work[W_TYPE, k0] // RANKS:
            k1 += 1
        for k in range(k0, k1):
            if work[W_RELEASE, k] >= 0 and (k == k0 or work[W_RELEASE, k] != work[W_RELEASE, k - 1]) and \
                    not _suit_fits(k, k1, work[W_RELEASE, k], pos, P, deck, nextpos, work):
                lost += 1
                break
        k0 = k1
    if lost or joint == 0:
        return lost
    chain, seg, owners = work[W_CHAIN], work[W_SEG], work[W_OWNERS, :MAX_SCORE]
    q = deck.size
    while True:  # the windows from the end: the waiting cards of every suit at once
        later = -1
        for k in range(run):
            if work[W_RELEASE, k] < q:
                later = max(later, work[W_RELEASE, k])
        q = later
        if q < 0:
            return 0
        m, suits = 0, 0
        for k in range(run):
            if work[W_RELEASE, k] >= q:
                if m == 0 or work[W_TYPE, k] // RANKS != chain[m - 1] // RANKS:
                    seg[suits] = m
                    suits += 1
                chain[m] = work[W_TYPE, k]
                m += 1
        seg[suits] = m
        if m > deck.size - 1 - q + P:
            continue
        if suits > 1 and not _chains_fit(chain[:m], seg[:suits + 1], q, pos, P, owners, deck, nextpos, work, joint):
            return 1
        if tokens >= 0 and not _chains_fit(chain[:m], seg[:suits + 1], q, pos, P, owners, deck, nextpos, work, joint,
                                           tokens if q == pos else MAX_CLUES, (cur - 1) % P if q == pos else -1):
            return 1


@numba.njit(cache=True, inline='always')
def _owners(P, hands, hlen, work):
    """Fill row ``W_OWNERS`` of ``work`` (one entry per type) with the players holding a card of each type,
    as bit masks, in one pass over the hands."""
    for x in range(MAX_SCORE):
        work[W_OWNERS, x] = 0
    for p in range(P):
        for j in range(hlen[p]):
            work[W_OWNERS, hands[p, j]] |= 1 << p


@numba.njit(cache=True, inline='always')
def _suit_fits(k0, k1, q, pos, P, deck, nextpos, work):
    """:func:`_chains_fit` for the run cards ``k0..k1 - 1`` of one suit (rule 2', :func:`_hope`), memoised
    in ``work``. Its answer depends only on the deck (fixed within a search), ``pos``, ``q``, the chain's
    types (consecutive ranks: the first and the count) and which players hold a copy of each (the row
    filled by :func:`_owners`), so these, packed into one word (46 bits), key a direct-mapped memo: a hit
    is the answer, a miss or a collision recomputes it."""
    slots = (work.shape[0] - W_MEMO) * 64
    key = pos | q << 6 | work[W_TYPE, k0] << 12 | (k1 - k0) << 17
    shift = 20
    for c in range(k0, k1):
        key |= work[W_OWNERS, work[W_TYPE, c]] << shift
        shift += P
    slot = np.int64((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(32)) & (slots - 1)
    row, col = W_MEMO + slot // 64, slot % 64
    if slots and work[row, col] >> 1 == key:
        return work[row, col] & 1 == 1
    seg = work[W_SEG, :2]
    seg[0], seg[1] = 0, k1 - k0
    fits = _chains_fit(work[W_TYPE, k0:k1], seg, q, pos, P, work[W_OWNERS, :MAX_SCORE], deck, nextpos, work, 4096)
    if slots:
        work[row, col] = key << 1 | fits
    return fits


@numba.njit(cache=True, _nrt=True)  # row copies need numba's runtime (not inherited from _dfs: module docstring)
def _chains_fit(chain, seg, q, pos, P, owners, deck, nextpos, work, budget, tokens=-1, last0=-1):
    """Whether the types ``chain`` (suit ``c`` at ``chain[seg[c]:seg[c + 1]]``, rank order) can all
    be played, each suit in order, by the ``k + P`` actions after the draw of deck card ``q``
    (``k = N - 1 - q``; module docstring, rule 2'), the hands being given by their ``owners`` (one
    mask per type, :func:`_owners`).

    A depth-first search over the actions: level 0 draws ``q``, level ``i <= k`` is the action
    that draws window card ``q + i``, then the final round in turn order after the last drawer.
    The drawer is chosen where it matters (a copy of a chain type, or the last card: it fixes
    the final round); elsewhere it is "anyone". Every action plays the next card of some suit
    its player can play when there is one (never worse than not), the suit being chosen.
    Owner sets are bit masks of players. Past ``budget`` steps it answers yes (no cut).

    With ``tokens`` >= 0 it searches rule (2'') instead: every drawer is chosen, the clues that
    hand the turn from the previous one (``last0`` before level 0; -1: any) are paid from
    ``tokens``, and every action may be a filler (module docstring).

    First a sufficient test for one suit: the draw actions alone can play the chain if each card
    can go one action after the previous one and after the draw of its first copy (the drawer
    keeps it and, drawers being free, plays it at a later draw).
    """
    m, C, n_cards = chain.size, seg.size - 1, deck.size
    k = n_cards - 1 - q
    counted = tokens >= 0
    if C == 1 and not counted:
        level = 0
        for c in range(m):
            x = chain[c]
            ready = 0 if nextpos[pos, x] < q or owners[x] != 0 else nextpos[q, x] - q
            level = max(level, ready) + 1
        if level <= k:
            return True
    levels = k + 1 + P
    idx = work[W_IDX, :k + 1]  # window card i is a copy of chain[idx[i]]
    masks = work[W_MASKS:W_MASKS + levels + 1, :m]  # per level: who can play each chain type
    prog = work[W_PROG:W_PROG + levels + 1, :C]     # per level: the next card of each suit
    last = work[W_LAST, :levels + 1]                # the last drawer so far
    choice = work[W_CHOICE, :levels + 1]            # per level: the next (player, suit) to try
    tok = work[W_TOKENS, :levels + 1]               # per level: the most tokens the team can hold
    idx[:] = -1
    masks[0] = 0
    choice[0] = 0
    for c in range(m):
        x = chain[c]
        for i in range(k + 1):
            if deck[q + i] == x:
                idx[i] = c
        masks[0, c] = (1 << P) - 1 if nextpos[pos, x] < q else owners[x]  # before q: anyone
    prog[0] = seg[:C]
    last[0], tok[0] = last0, tokens
    lev, steps = 0, 0
    while lev >= 0:
        chooses = lev <= k and (counted or lev == 0 or idx[lev] >= 0 or lev == k)
        if choice[lev] == (P if chooses else 1) * (C + 1):
            lev -= 1
            continue
        a, o = choice[lev] // (C + 1), choice[lev] % (C + 1)
        choice[lev] += 1
        steps += 1
        if steps > budget:
            return True
        who = a if chooses else -1 if lev <= k else (last[lev] + lev - k) % P  # -1: anyone
        playable = 0  # bit c: the next card of suit c can be played by ``who``
        for c in range(C):
            if lev > 0 and prog[lev, c] < seg[c + 1]:
                mk = masks[lev, prog[lev, c]]
                if (mk != 0) if who < 0 else (mk >> who) & 1:
                    playable |= 1 << c
        if (o < C and not (playable >> o) & 1) or (o == C and playable and not counted):
            continue
        t = tok[lev]
        if counted and lev <= k:  # the clues that hand the turn to ``who``, then a play or a filler
            passes = 0 if last[lev] < 0 else (who - last[lev] - 1) % P
            if passes > t:
                continue
            t -= passes
            if o == C or chain[prog[lev, o]] % RANKS == RANKS - 1:
                t = min(t + 1, MAX_CLUES)
        prog[lev + 1], masks[lev + 1], last[lev + 1] = prog[lev], masks[lev], who if chooses else last[lev]
        tok[lev + 1] = t
        if o < C:
            prog[lev + 1, o] += 1
        if who >= 0 and lev <= k and idx[lev] >= 0:
            masks[lev + 1, idx[lev]] |= 1 << who
        need = 0
        for c in range(C):
            need += seg[c + 1] - prog[lev + 1, c]
        if need == 0:
            return True
        if need <= levels - 1 - lev:
            lev += 1
            choice[lev] = 0
    return False


@numba.njit(cache=True)
def _in_run(x, stacks, held, rem):
    """Whether ``x`` is in its suit's run of held-or-coming ranks above the stack."""
    s = x // RANKS
    for r in range(stacks[s], x % RANKS + 1):
        if held[s * RANKS + r] + rem[s * RANKS + r] == 0:
            return False
    return True


@numba.njit(cache=True, inline='always')
def _key(buf, pos, tokens, strikes, cur, fin, stacks, hands, hlen, junk, P, H, free):
    """The canonical state (module docstring) as a tuple of three words, ``junk`` the junk types (:func:`_junk`);
    ``free`` marks a state of the token-free game, ``buf`` is scratch space for a hand (8 entries: no
    allocation per node). Hands hold at most 5 cards (``H <= 5``)."""
    w0 = np.uint64(pos) | (np.uint64(tokens) << np.uint64(6)) | (np.uint64(strikes) << np.uint64(10))
    w0 |= np.uint64(free) << np.uint64(40)
    w0 |= np.uint64(fin + 1) << np.uint64(12)
    for s in range(SUITS_N):
        w0 |= np.uint64(stacks[s]) << np.uint64(15 + 3 * s)
    w1, w2 = np.uint64(0), np.uint64(0)  # 12 cards of 5 bits each
    for i in range(P):
        p = cur + i if cur + i < P else cur + i - P  # (cur + i) % P without a division
        n = hlen[p]
        for j in range(5):  # the hand's symbols, EMPTY past its end (the largest: sorted last, as in the key)
            buf[j] = EMPTY if j >= n else JUNK if (junk >> hands[p, j]) & 1 else hands[p, j]
        for a, b in SORT5:  # no branch to mispredict, unlike an insertion sort
            buf[a], buf[b] = min(buf[a], buf[b]), max(buf[a], buf[b])
        for j in range(H):
            v = buf[j]
            slot = i * H + j
            if slot < 12:
                w1 |= np.uint64(v) << np.uint64(5 * slot)
            else:
                w2 |= np.uint64(v) << np.uint64(5 * (slot - 12))
    return w0, w1, w2


@numba.njit(cache=True)
def _slot(key, mask):
    h = key[0] * np.uint64(0x9E3779B97F4A7C15) ^ key[1] * np.uint64(0xBF58476D1CE4E5B9)
    h ^= key[2] * np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(mask))


@intrinsic
def _prefetch(typingctx, array, index):
    """Ask the processor to load the cache line of ``array[index]`` (the first entry of that row for a 2-d
    array) into its caches ahead of its use (``llvm.prefetch``); changes nothing else."""
    def codegen(context, builder, signature, args):
        view = context.make_array(signature.args[0])(context, builder, args[0])
        where = [args[1]] + [context.get_constant(types.intp, 0)] * (signature.args[0].ndim - 1)
        pointer = builder.bitcast(cgutils.get_item_pointer(context, builder, signature.args[0], view, where),
                                  cgutils.voidptr_t)
        i32 = ir.IntType(32)
        kind = ir.FunctionType(ir.VoidType(), [pointer.type, i32, i32, i32])
        hint = cgutils.get_or_insert_function(builder.module, kind, "llvm.prefetch.p0")
        builder.call(hint, [pointer, i32(0), i32(3), i32(1)])  # read, keep in all caches, data
        return context.get_dummy_value()
    return types.void(array, index), codegen


@numba.njit(cache=True, inline='always')
def _tt_get(words, tt_keys, tt_vals, mask):
    """The stored upper bound of a state (its three ``words``: a tuple or an array), or 127 when there is none."""
    i = _slot(words, mask)
    for probe in range(8):
        j = (i + probe) & mask
        if tt_keys[j, 0] == _EMPTY_KEY:
            return 127
        if tt_keys[j, 0] == words[0] and tt_keys[j, 1] == words[1] and tt_keys[j, 2] == words[2]:
            return tt_vals[j]
    return 127


@numba.njit(cache=True, inline='always')
def _tt_put(words, value, tt_keys, tt_vals, mask):
    """Store a proven upper bound (keeping the smaller one); overwrite the home slot if full."""
    i = _slot(words, mask)
    for probe in range(8):
        j = (i + probe) & mask
        if tt_keys[j, 0] == _EMPTY_KEY:
            tt_keys[j, 0], tt_keys[j, 1], tt_keys[j, 2] = words[0], words[1], words[2]
            tt_vals[j] = value
            return
        if tt_keys[j, 0] == words[0] and tt_keys[j, 1] == words[1] and tt_keys[j, 2] == words[2]:
            tt_vals[j] = min(tt_vals[j], value)
            return
    tt_keys[i, 0], tt_keys[i, 1], tt_keys[i, 2] = words[0], words[1], words[2]
    tt_vals[i] = value


@numba.njit(cache=True)
def _tt_copy(tt_keys, tt_vals, new_keys, new_vals):
    """Store every entry of one table in another (of any size)."""
    for j in range(tt_vals.size):
        if tt_keys[j, 0] != _EMPTY_KEY:
            _tt_put(tt_keys[j], tt_vals[j], new_keys, new_vals, new_vals.size - 1)


def tt_table(bits, old=None):
    """A transposition table of ``2**bits`` entries, ``(keys, values)``, holding the entries of ``old``.

    A search stores at most one entry per node, so :func:`exact` starts each deal with a table
    of ``2**TT_FIRST_BITS`` entries and, before a search, grows it to the least power of two
    that the nodes spent plus the next budget fill at most half: filling a table of ``2**20``
    entries costs about a millisecond, as much as the typical searched deal takes in all.
    """
    keys, values = np.full((1 << bits, 3), _EMPTY_KEY, dtype=np.uint64), np.zeros(1 << bits, dtype=np.int8)
    if old is not None:
        _tt_copy(old[0], old[1], keys, values)
    return keys, values


@numba.njit(cache=True, inline='always')
def _spare(cur, hands, hlen, junk):
    """A card the player to move can shed at no loss (module docstring): a junk card it holds (``junk``:
    :func:`_junk`), else a type it holds twice; -1 if none."""
    n = hlen[cur]
    for j in range(n):
        if (junk >> hands[cur, j]) & 1:
            return hands[cur, j]
    for j in range(n):
        for k in range(j):
            if hands[cur, k] == hands[cur, j]:
                return hands[cur, j]
    return -1


@numba.njit(cache=True, inline='always')
def _moves(out, cur, tokens, strikes, stacks, hands, hlen, held, junk, P, free):
    """Fill ``out`` with the moves worth searching (module docstring), best first, ``junk`` the junk types
    (:func:`_junk`); returns the count.
    In the token-free game (``free``) a pass is allowed unless the last ``P - 1`` moves were passes
    (``tokens`` counts them), misplays are never needed, and every discard is allowed but searched
    only when the player has no playable card (a play dominates every discard there: module
    docstring)."""
    m = 0
    n = hlen[cur]
    seen = 0  # bit x: type x listed
    for r in range(RANKS):  # plays, lowest rank first
        for j in range(n):
            x = hands[cur, j]
            if x % RANKS == r and stacks[x // RANKS] == r and not (seen >> x) & 1:
                seen |= 1 << x
                out[m] = M_PLAY * 32 + x
                m += 1
    spare = _spare(cur, hands, hlen, junk)
    discard = m == 0 if free else tokens < MAX_CLUES
    if discard and spare >= 0:
        out[m] = M_DISCARD * 32 + spare
        m += 1
    if (tokens < P - 1) if free else tokens > 0:
        out[m] = M_CLUE * 32 + JUNK
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
            return m + 1
        for j in range(n):
            x = hands[cur, j]
            if stacks[x // RANKS] != x % RANKS and not (seen >> x) & 1 and not (junk >> x) & 1:
                seen |= 1 << x
                out[m] = M_MISPLAY * 32 + x
                m += 1
    return m


@numba.njit(cache=True, inline='always')
def _remove(kind, x, pos, cur, hands, hlen, stacks, held, lost, rem, deck):
    """Take a card of type ``x`` from ``cur``'s hand by a play, discard or misplay, and draw; returns its slot."""
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
def _successor(kind, x, pos, tokens, strikes, fin, score, n_cards, P, free):
    """``(pos, tokens, strikes, fin, score)`` after a move of ``kind`` on type ``x`` (in the
    token-free game ``tokens`` counts the passes in a row)."""
    if kind == M_CLUE:
        return pos, tokens + 1 if free else tokens - 1, strikes, fin - 1 if pos >= n_cards else fin, score
    if kind == M_PLAY:
        score += 1
        if x % RANKS == RANKS - 1 and tokens < MAX_CLUES:
            tokens += 1
    elif kind == M_DISCARD:
        tokens += 1
    else:
        strikes += 1
    if free:
        tokens = 0
    if pos < n_cards:
        return pos + 1, tokens, strikes, P if pos + 1 == n_cards else fin, score
    return pos, tokens, strikes, fin - 1, score


@numba.njit(cache=True)
def _shuffle(out, m, plays_first, rng):
    """Shuffle the moves ``out[:m]`` (after the leading plays if ``plays_first``); xorshift state ``rng[0]``."""
    lo = 0
    while plays_first and lo < m and out[lo] // 32 == M_PLAY:
        lo += 1
    for a in range(m - 1, lo, -1):
        x = rng[0]
        x ^= x << np.uint64(13)
        x ^= x >> np.uint64(7)
        x ^= x << np.uint64(17)
        rng[0] = x
        b = lo + np.int64(x % np.uint64(a + 1 - lo))
        out[a], out[b] = out[b], out[a]


@numba.njit(cache=True)
def _won(score, length, moves, frame, stats, path):
    """Record the line of the moves taken at depths ``0..length-1`` and return ``score``."""
    for k in range(length):
        path[k] = moves[k, frame[k, 1] - 1]
    stats[8] = length
    return score


@numba.njit(cache=True, _nrt=False)
def _dfs(target, hands, hlen, stacks, held, lost, rem, deck, nextpos, counts, P, H, tt_keys, tt_vals, mask,
         stats, path, seed, free, state, frame, words, hand, moves, work, rng):
    """Fail-soft decision "score >= target?" from the state in the arrays, with an explicit stack.

    ``seed`` 0 searches the moves best first; any other seed shuffles each node's moves (an
    even seed keeps the plays first), a restart in another order (module docstring).

    ``stats`` = [pos, tokens, strikes, fin, score, nodes, node limit, aborted, line length]: the
    root's scalars on entry, the counters on return. Returns the score reached (``>= target``,
    the line in ``path[:stats[8]]``), a proven upper bound (``< target``), or -1 when aborted.
    The arrays are restored after a failure, left as they are after a success or an abort.

    It makes no reference counts (module docstring), so it allocates nothing: the caller passes the
    scratch arrays (:func:`_scratch`) and holds every array until it returns.
    """
    n_cards = deck.size
    for i in range(5):  # the root's scalars (an assignment of a slice would need numba's runtime)
        state[0, i] = stats[i]
    d, phase, result = 0, ENTER, -1
    while True:
        pos, tokens, strikes, fin, score, cur = state[d, 0], state[d, 1], state[d, 2], state[d, 3], state[d, 4], \
            state[d, 5]
        if phase == ENTER:  # a new node: cut it, or list its moves
            if score >= target:
                return _won(score, d, moves, frame, stats, path)
            stats[5] += 1
            if stats[5] > stats[6]:
                stats[7] = 1
                return -1
            hope, run = _runs(score, stacks, held, rem, pos, n_cards, fin, P, cur, hands, hlen, nextpos, work)
            result, phase = hope, LEAVE
            if hope >= target:  # the node's hope (_hope) in two steps, its key in between
                junk = _junk(stacks, lost, counts)
                key = _key(hand, pos, tokens, strikes, cur, fin, stacks, hands, hlen, junk, P, H, free)
                slot = _slot(key, mask)  # the table's probe misses the cache: its line is fetched during the chains
                _prefetch(tt_keys, slot)
                _prefetch(tt_vals, slot)
                hope = _chained(hope, run, score, pos, n_cards, P, cur, hands, hlen, deck, nextpos, work, target, 0, -1)
                result = hope
                if hope >= target:
                    words[d, 0], words[d, 1], words[d, 2] = key
                    result = _tt_get(key, tt_keys, tt_vals, mask)
                    if result >= target:
                        frame[d, 0] = _moves(moves[d], cur, tokens, strikes, stacks, hands, hlen, held, junk, P,
                                             free)
                        if seed:
                            _shuffle(moves[d], frame[d, 0], seed % 2 == 0, rng)
                        frame[d, 1], frame[d, 2], frame[d, 3] = 0, -1, hope
                        phase = NEXT
        elif phase == NEXT:  # the node's next move: a finished game, or a child to enter
            if frame[d, 1] == frame[d, 0]:
                result, phase = min(frame[d, 2], frame[d, 3]), LEAVE
                _tt_put((words[d, 0], words[d, 1], words[d, 2]), result, tt_keys, tt_vals, mask)
                continue
            code = moves[d, frame[d, 1]]
            frame[d, 1] += 1
            kind, x = code // 32, code % 32
            npos, ntok, nstr, nfin, nscore = _successor(kind, x, pos, tokens, strikes, fin, score, n_cards, P, free)
            if kind != M_CLUE:
                frame[d, 4] = _remove(kind, x, pos, cur, hands, hlen, stacks, held, lost, rem, deck)
            if nscore == MAX_SCORE or nfin == 0:  # the game is over
                if nscore >= target:
                    return _won(nscore, d + 1, moves, frame, stats, path)
                if kind != M_CLUE:
                    _restore(kind, x, frame[d, 4], pos, cur, hands, hlen, stacks, held, lost, rem, deck)
                frame[d, 2] = max(frame[d, 2], nscore)
                continue
            state[d + 1, 0], state[d + 1, 1], state[d + 1, 2] = npos, ntok, nstr
            state[d + 1, 3], state[d + 1, 4], state[d + 1, 5] = nfin, nscore, cur + 1 if cur + 1 < P else 0
            d, phase = d + 1, ENTER
        else:  # LEAVE: hand the failed node's bound ``result`` to the parent and undo the parent's move
            if d == 0:
                return result
            d -= 1
            code = moves[d, frame[d, 1] - 1]
            kind, x = code // 32, code % 32
            if kind != M_CLUE:
                _restore(kind, x, frame[d, 4], state[d, 0], state[d, 5], hands, hlen, stacks, held, lost, rem, deck)
            frame[d, 2] = max(frame[d, 2], result)
            phase = NEXT


@numba.njit(cache=True)
def _scratch(seed, memo_bits):
    """The scratch arrays of :func:`_dfs`, ``(state, frame, words, hand, moves, work, rng)``: per depth the
    node's scalars, its frame, its key and its moves; a hand for :func:`_key`, the workspace of :func:`_hope`
    and the state of the move shuffle of ``seed``."""
    state = np.zeros((MAX_DEPTH + 1, 6), dtype=np.int64)  # per depth: pos, tokens, strikes, fin, score, mover
    frame = np.zeros((MAX_DEPTH, 5), dtype=np.int64)      # per depth: moves, next move, best, hope, slot
    words = np.zeros((MAX_DEPTH, 3), dtype=np.uint64)  # per depth: the key (_key), for _tt_put on leaving
    hand = np.zeros(8, dtype=np.int64)  # scratch of _key
    moves = np.zeros((MAX_DEPTH, 32), dtype=np.int64)
    rng = np.array([np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) | np.uint64(1)])
    return state, frame, words, hand, moves, _workspace(memo_bits), rng


@numba.njit(cache=True)
def _start(deck, P, H):
    """The arrays of the game's first state: ``counts, hands, hlen, held, rem, nextpos``."""
    n_cards = deck.size
    counts = np.zeros(MAX_SCORE, dtype=np.int64)
    for q in range(n_cards):
        counts[deck[q]] += 1
    hands = np.full((P, 8), -1, dtype=np.int64)
    hlen = np.full(P, H, dtype=np.int64)
    held = np.zeros(MAX_SCORE, dtype=np.int64)
    rem = counts.copy()
    for q in range(P * H):
        hands[q // H, q % H] = deck[q]
        held[deck[q]] += 1
        rem[deck[q]] -= 1
    nextpos = np.full((n_cards + 1, MAX_SCORE), n_cards, dtype=np.int64)  # first position >= q of each type
    for q in range(n_cards - 1, -1, -1):
        nextpos[q] = nextpos[q + 1]
        nextpos[q, deck[q]] = q
    return counts, hands, hlen, held, rem, nextpos


@numba.njit(cache=True)
def root_hope(deck, P, H, joint=1 << 17, turns=True):
    """The node bound at the start of the game with the chains of several suits at once, and (with
    ``turns``) in turn order with the clue tokens, ``joint`` steps per window: an upper bound on U3
    that may be below U2."""
    counts, hands, hlen, held, rem, nextpos = _start(deck, P, H)
    return _hope(0, np.zeros(SUITS_N, dtype=np.int64), held, rem, P * H, deck.size, -1 if P * H < deck.size else P, P,
                 0, hands, hlen, nextpos, deck, _workspace(), 0, joint, MAX_CLUES if turns else -1)


@numba.njit(cache=True)
def exact_search(deck, P, H, target, tt_keys, tt_vals, node_limit, seed, free=False, memo_bits=MEMO_BITS):
    """One fail-soft search from the start of the game for ``target``.

    Returns ``(result, nodes, aborted, line)``: ``result >= target`` with ``line`` the move
    codes (``kind * 32 + type``) of a line reaching it; ``result < target`` a proven upper
    bound on U3; ``aborted`` when ``node_limit`` ran out (``result`` is then meaningless).
    ``tt_keys`` (``2**b x 3`` words, initially all ones) and ``tt_vals`` carry proven bounds
    from call to call, whatever the move order ``seed`` (see :func:`_dfs`). With ``free`` the
    search is over the token-free game (module docstring): its ``result < target`` is an upper
    bound on U3 too, its line is not one of the real game. ``memo_bits``: the size of the memo of
    the chain rule's verdicts (:func:`_suit_fits`; 0: none), which changes neither the result nor
    the nodes, only the time.
    """
    n_cards = deck.size
    counts, hands, hlen, held, rem, nextpos = _start(deck, P, H)
    stats = np.zeros(9, dtype=np.int64)
    stats[0], stats[1], stats[3], stats[6] = P * H, 0 if free else MAX_CLUES, -1 if P * H < n_cards else P, node_limit
    path = np.zeros(MAX_DEPTH, dtype=np.int64)
    result = _dfs(target, hands, hlen, np.zeros(SUITS_N, dtype=np.int64), held, np.zeros(MAX_SCORE, dtype=np.int64),
                  rem, deck, nextpos, counts, P, H, tt_keys, tt_vals, tt_vals.size - 1, stats, path, seed, free,
                  *_scratch(seed, memo_bits))
    return result, stats[5], stats[7] == 1, path[:stats[8]].copy()


def line_actions(deal, codes):
    """hanab.live actions for the search's move codes, finished by the bot; returns ``(actions, game)``.

    A play or misplay of type ``x`` plays a card of that type from the mover's hand, a
    discard discards one, a pass becomes a legal colour clue.
    """
    game, actions = Game(deal), []
    for code in codes:
        kind, x = divmod(int(code), 32)
        if kind == M_CLUE:
            action = legal_clue(game)
        else:
            order = next(o for o in game.hands[game.current] if game.type_of(o) == x)
            action = {"type": DISCARD if kind == M_DISCARD else PLAY, "target": order, "value": 0}
        game.apply(action)
        actions.append(action)
    return finish(game, actions)


def finish(game, actions):
    """Play ``game`` (reached by ``actions``) to its end with the bot; returns ``(actions, game)``."""
    actions = list(actions)
    while not game.over:
        action = bot_action(game)
        game.apply(action)
        actions.append(action)
    return actions, game


@dataclass
class ExactResult:
    """U3 of a deal: ``score`` (the best line found), ``exact`` when ``score == high`` is proven.

    ``low <= U3 <= high`` always holds; ``actions`` replay to ``score`` under the real rules.
    ``method`` names what closed the gap (None while open): ``"bot"`` (L = U2, no search),
    ``"search"`` (its bounds, :func:`root_hope` at the start and the token-free game included), or ``"peer"`` (the SAT
    peer, see :func:`exact`).
    """

    score: int
    high: int
    exact: bool
    L: int
    U2: int
    actions: list = field(repr=False)
    nodes: int = 0
    searches: int = 0
    seconds: float = 0.0
    method: str = None

    @property
    def low(self):
        return self.score

    def to_json(self, deal):
        """The optimal line as a hanab.live game: ``{"players", "deck", "actions"}``."""
        names = [f"Seer {i + 1}" for i in range(deal.players)]
        deck = [{"suitIndex": int(t) // RANKS, "rank": int(t) % RANKS + 1} for t in deal.types]
        return {"players": names, "deck": deck, "actions": self.actions}


def _schedule(first_budget, restart_budget, free_share):
    """Searches to run, as ``(seed, node limit, kind)``: the ordered search with doubling budgets,
    each followed by restarts in shuffled orders that spend about as many nodes, then by a search
    one point above the best line found (``kind`` ``"floor"``) with the budget, and by the
    token-free game (``"free"``) with ``free_share`` times the budget (0: never; module docstring)."""
    budget, seed = first_budget, 1
    while True:
        yield 0, budget, "real"
        for _ in range(max(1, budget // restart_budget)):
            yield seed, restart_budget, "real"
            seed += 1
        yield 0, budget, "floor"
        if free_share:
            yield 0, free_share * budget, "free"
        budget *= 2


def exact(deal, timeout=None, peer_timeout=None, tt_bits=TT_BITS, first_budget=1 << 14, restart_budget=1 << 16,
          free_share=16, tt_first_bits=TT_FIRST_BITS, peer_solver=PEER_SOLVER, peer_encoding=PEER_ENCODING,
          memo_bits=MEMO_BITS):
    """U3 of ``deal`` with an optimal line (module docstring); ``timeout`` in seconds or ``None``.

    The transposition table starts with ``2**tt_first_bits`` entries and grows to at most
    ``2**tt_bits`` (:func:`tt_table`); ``memo_bits`` is that of :func:`exact_search`.

    With ``peer_timeout`` (seconds), a deal the search leaves open goes to the SAT peer
    ``PEERS[peer_encoding]`` with the PySAT solver ``peer_solver`` (:func:`peer_close`).

    Examples
    --------
    >>> from solitaire.seer.deals import seeded_deal
    >>> r = exact(seeded_deal(2, 0))
    >>> r.score, r.exact, simulate(seeded_deal(2, 0), r.actions).score
    (25, True, 25)
    """
    start = time.perf_counter()
    reaches = peer_of(peer_encoding)  # a wrong name fails now, not after the search
    actions, bot = seer_line(deal)
    deck = np.array(deal.types, dtype=np.int64)  # writable: the warmed-up signature
    upper2 = u2_value(deal)
    low, high = bot, upper2 if bot == upper2 else min(upper2, root_hope(deck, deal.players, deal.hand))
    if high < low:
        raise AssertionError(f"{deal.ident}: the bot's line scores {low} above the bound {high}")
    nodes, searches, rates, free_reaches = 0, 0, {}, False
    if low < high:
        bits = min(tt_bits, tt_first_bits)
        table = tt_table(bits)
        schedule = _schedule(first_budget, restart_budget, free_share)
        while low < high:
            seed, limit, kind = next(schedule)
            free, target = kind == "free", low + 1 if kind == "floor" else high
            if (free and free_reaches) or target == high and kind == "floor":
                continue  # the free game reached a target >= high: it cannot cut below; no floor left
            left = None if timeout is None else timeout - (time.perf_counter() - start)
            if left is not None and left <= 0:
                break
            if left is not None and rates:  # do not overrun the timeout by much (the kinds' node rates differ)
                limit = max(1024, min(limit, int(rates.get(kind, min(rates.values())) * left)))
            grown = min(tt_bits, max(bits, (2 * (nodes + limit) - 1).bit_length()))
            if grown > bits:  # one copy into the size the next search needs
                bits, table = grown, tt_table(grown, table)
            began = time.perf_counter()
            result, used, aborted, line = exact_search(deck, deal.players, deal.hand, target, *table, limit, seed, free,
                                                       memo_bits)
            nodes, searches = nodes + used, searches + 1
            rates[kind] = used / max(time.perf_counter() - began, 1e-6)
            if aborted:
                continue
            if result >= target and free:
                free_reaches = True
            elif result >= target:
                actions, game = line_actions(deal, line)
                low = game.score
            else:
                high = max(result, low)
    method = None if low < high else "bot" if searches == 0 and high == upper2 else "search"
    if low < high and peer_timeout:
        low, high, actions = peer_close(deal, low, high, actions, peer_timeout, peer_solver, reaches)
        method = "peer" if low == high else None
    final = simulate(deal, actions)
    if final.score != low:
        raise AssertionError(f"{deal.ident}: the line replays to {final.score}, not {low}")
    return ExactResult(low, high, low == high, bot, upper2, actions, nodes, searches,
                       time.perf_counter() - start, method)


def peer_close(deal, low, high, actions, timeout, solver=PEER_SOLVER, reaches=peer_of(PEER_ENCODING)):
    """Close ``low < U3 <= high`` with the SAT peer ``reaches`` (a value of
    :data:`solitaire.seer.peers.PEERS`, with PySAT's ``solver``) within ``timeout`` seconds;
    ``(low, high, actions)``.

    It asks "score >= high?": a "yes" comes with a line that the simulator replays (finished
    by the bot), which proves it; a "no" is the solver's proof and lowers ``high`` by one.
    It stops when the bounds meet or the time is up. The peer shares only the deal and the
    simulator with the search, so a deal closed here is not a check of the search.
    """
    deadline = time.perf_counter() + timeout
    while low < high:
        left = deadline - time.perf_counter()
        if left <= 0:
            break
        answer, line = reaches(deal, high, solver, timeout=left)
        if answer is None:
            break
        if answer:
            actions, game = finish(simulate(deal, line), line)
            low = game.score
        else:
            high -= 1
    return low, high, actions


def warm_up():
    """Load the compiled search and U2 (compile them on the very first run) once, before worker
    processes fork, so that no deal's timeout is spent compiling."""
    u2_value(seeded_deal(2, 12))  # U2 = 23: every kernel of U2 runs
    deck = np.array([0, 1, 5, 6, 2, 7, 3, 8, 4, 9, 0, 5], dtype=np.int64)
    table = tt_table(1, tt_table(1))
    exact_search(deck, 2, 5, 1, *table, 10, 0, False, MEMO_BITS)  # typed as exact() calls it
    root_hope(deck, 2, 5)
