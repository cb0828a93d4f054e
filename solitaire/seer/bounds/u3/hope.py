"""The node bound of the U3 search: an upper bound on the final score of every line from a state.

Contract: the bound (at a search node :func:`runs` then :func:`chained`; at the root
:func:`solitaire.seer.bounds.u3.search.hope_from`, with :func:`joint_lost`) never returns less than
the best score a line from the state can reach under the real rules
(:mod:`solitaire.seer.game.simulator`); it only has to be exact about "is it at least ``target``?".
Tested against an exhaustive search in every state of short decks
(``tests/seer/bounds/test_exact.py``). The rules below are its terms, each with why it holds; ``N`` is the
deck size, ``P`` the players, ``D`` the cards left in the deck. Each action plays at most one
card, and a card scores only if every lower card of its suit is held or still to come. The rules
hold on any deck of up to 6 suits of ranks 1..5 and 60 cards (a hanab.live variant's): the suits are
the stacks (``stacks.size``), and ``nextpos`` has a column per type, at least ``5 * stacks.size``.

(1) *Runs.* The score plus ``run``, the ranks above each stack whose every card up to it has a
copy held or in the deck, capped by the actions that can still play a card (``D + P``).

(2) *The deck's tail.* A run card *waits for* deck card ``q`` when it or a lower card of its suit
is first drawn there. It can only be played after that draw, by one of the ``N - 1 - q + P``
later actions. Of the cards that wait for the last card (``q = N - 1``) at most one scores: its
only copy is drawn by the player whose one remaining turn is the game's last, and the others
are higher cards of its suit. Under the option ``deckPlays`` (``plays``) the player to move when one card is
left may play it from the deck, at its draw, its hand unchanged: then up to ``P + 1`` of them score (that
play and one per turn of the final round), and ``P + 1`` is the term for ``q = N - 1``. For ``q < N - 1``
the count stands: the action that draws ``q`` plays a card it held before (a run card waiting for ``q`` is
not held), and each later action, a play from the deck included, plays at most one card.

(2') *Chains.* The run cards of one suit that wait for deck card ``q`` must be played in rank
order by distinct actions among the ``k + P`` after its draw (``k = N - 1 - q``): the ``k``
draws, whose players are free (clues can shift whose turn a draw falls on; tokens are ignored),
then the final round, fixed in turn order after the last drawer. A card never changes hands, so
a player can play a type only if it holds a copy now, or a copy lies in the deck before ``q``
(anyone may draw it), or it drew one at ``q + i`` before that action. Playing the next chain
card whenever the player can is never worse than not (a later match stays available), so only
two kinds of drawers matter: of a copy of a chain type in the window, and of the last card;
:func:`chains_fit` searches those. If no choice plays the whole chain, a card of that suit is
lost; suits are disjoint, so the losses add up. The same search over the waiting cards of all
suits at once (each action plays the next card of one suit) proves a loss of one more often,
at a far higher cost, so only the search's root applies it (``joint`` > 0). Under ``deckPlays`` the
drawer of the last card may also play it at that draw (level ``k`` of :func:`chains_fit`), and is still
counted as its holder afterwards: a relaxation of "plays it from the deck, or keeps it".

(2'') *Chains in turn order.* The same windows, all suits at once, with the clue tokens. In a
real line the removals (plays, discards, misplays) that draw cards ``q .. N - 1`` are made by
players ``a_0 .. a_k``; between ``a_j`` and ``a_{j+1}`` the ``(a_{j+1} - a_j - 1) mod P``
players in between each give a clue, which needs a token. Before the draw of ``q`` the team
holds at most 8 (exactly the state's tokens, from the player to move, when ``q`` is the next
card). A removal returns at most one token, never above 8: a discard below 8 returns one, a
played 5 one below 8 (none under Throw It in a Hole, whose lines the relaxation then only over-counts),
any other play or a misplay none. So the relaxed game in which every
removal that plays no chain card (a *filler*) returns ``min(t + 1, 8)`` holds at least as many
tokens after every step as the real line, and more tokens never hurt in it (every step is
monotone in ``t``). Its search is :func:`chains_fit` with every drawer chosen and the fillers
allowed even where a chain card could be played; if no choice plays all the waiting cards, one
is lost. Root only, like the joint chains of (2'). A play from the deck is a removal that draws the
last card (returning a token only for a played 5), so the same relaxation holds under ``deckPlays``.

(3) *The final round.* Once the deck is empty, each player still to move plays at most one card
of its own hand.

Cost. The search asks only whether the bound reaches its target, so the chains, the costly
part, run only when the other terms reach it (:func:`runs` first, then :func:`chained`) and stop
at the loss that takes it below. The verdicts of single suits are memoised (:func:`_suit_fits`,
``MEMO_BITS``). :func:`workspace` allocates the scratch space once per search; its rows are the
``W_*`` fields below. The root's rules (the joint chains of (2') and (2'')) are a kernel of their
own (:func:`joint_lost`, called by the root's bound alone), so the code inlined into every search
node (:func:`runs`, :func:`chained`) holds none of them and compiles faster. The root's bound
(:func:`solitaire.seer.bounds.u3.search.hope_from`) is Python calling the kernels :func:`runs`,
:func:`chained`, :func:`enough` and :func:`joint_lost`; the first two are compiled once, for the
search's nodes and the root alike, and LLVM inlines them into the search (``forceinline``).
"""

import numba
import numpy as np

from solitaire.bits import copy_into
from solitaire.compiled import ensure_cache_folder
from solitaire.seer.bounds.u3.llvm import trailing_zeros
from solitaire.seer.game.deals import MAX_SCORE, RANKS
from solitaire.seer.game.simulator import MAX_CLUES

ensure_cache_folder()  # before the kernels: numba makes no cached kernel without a folder for it

__all__ = ["runs", "enough", "joint_lost", "chained", "chains_fit", "owners", "workspace", "MEMO_BITS", "SUITS_N",
           "MAX_TYPES"]

#: Suits of the standard deck; the search takes decks of up to ``MAX_TYPES // RANKS`` suits.
SUITS_N = MAX_SCORE // RANKS
#: Card types at most (6 suits): the width of the row of owners (:func:`owners`).
MAX_TYPES = 30
#: Levels of the chain search at most: a window of at most ``60 - P * hand <= 52`` draws, the draw of its
#: first card and the 5 turns of the final round (decks of up to 60 cards).
LEVELS = 64
#: Rows of the scratch array (:func:`workspace`), in order. ``LEVELS`` rows each, one per level of
#: :func:`chains_fit`:
W_MASKS = 0                   # who can play each chain type (a bit mask of players per type)
W_PROG = W_MASKS + LEVELS     # the next card of each suit
#: Single rows:
W_IDX = W_PROG + LEVELS       # per window card, its type's index in the chain (-1: none)
W_LAST = W_IDX + 1            # per level of chains_fit, the last drawer so far
W_CHOICE = W_LAST + 1         # per level of chains_fit, the next (player, suit) to try
W_SEG = W_CHOICE + 1          # where each suit's cards start in the chain
W_CHAIN = W_SEG + 1           # the chain's types
W_RELEASE = W_CHAIN + 1       # per run card (runs), the deck card it waits for (-1: none)
W_TYPE = W_RELEASE + 1        # per run card, its type
W_TOKENS = W_TYPE + 1         # per level of chains_fit, the most tokens the team can hold (rule 2'')
W_OWNERS = W_TOKENS + 1       # per type, the players holding a copy (a bit mask; owners)
W_WAITS = W_OWNERS + 1        # per deck card, the run cards waiting for it (zero between nodes)
W_MEMO = W_WAITS + 1          # the memo of _suit_fits: rows of 64 slots, to the end
#: log2 of the slots of the memo of one suit's chain verdicts (:func:`_suit_fits`); 0: none. It changes
#: neither an answer nor a node count, only the speed (``docs/u3-search.md``).
MEMO_BITS = 12


def workspace(memo_bits: int = MEMO_BITS) -> np.ndarray:
    """Scratch space for the bound, allocated once per search (of one deck) instead of once per node,
    with a memo of ``2**memo_bits`` slots (``memo_bits`` 0, or 6 and more)."""
    work = np.zeros((W_MEMO + (1 << memo_bits) // 64, 64), dtype=np.int64)
    work[W_MEMO:] = -1
    return work


@numba.njit(cache=True, _nrt=False, forceinline=True)  # type: ignore[call-overload]
def runs(score, stacks, held, rem, pos, n_cards, fin, P, cur, hands, hlen, nextpos, work, plays):
    """The cheap part of the bound and the size of the run, ``(bound, run)``: the bound by the runs, the
    deck's tail and the final round, the chains left out; the run cards are left in ``work`` for :func:`chained`.
    ``plays``: 1 under ``deckPlays`` (the last card played at its draw: rule 2), else 0."""
    # run cards (int64 from the start, not a literal: the root's bound passes it on to a compiled call), those waiting
    # for a deck card, bit q: a card waits for deck card q
    run, waiting, waits = np.int64(0), 0, 0
    for s in range(stacks.size):
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
        after = n_cards - 1 - q + P if q < n_cards - 1 else 1 + plays * P  # the last card: its drawer's last turn
        best = min(best, run - late + min(late, after))
        early += work[W_WAITS, q]
        work[W_WAITS, q] = 0
    return score + best, run


@numba.njit(cache=True, inline='always')
def enough(bound, run, score, pos, n_cards, target, suits):
    """The chain losses (at most one per suit) that take the bound of :func:`runs` below ``target`` (``target``
    0: every suit), or 0 when the chains cannot cut: the deck is empty, the bound is already below ``target``,
    or more suits would have to fail than there are."""
    if pos >= n_cards or bound < target:
        return 0
    needed = suits if target == 0 else run + score - target + 1
    return 0 if needed > suits else needed


@numba.njit(cache=True, _nrt=False, forceinline=True)  # type: ignore[call-overload]
def chained(bound, run, score, pos, n_cards, P, hands, hlen, deck, nextpos, work, target, suits, plays):
    """The bound of one search node from the ``bound`` and ``run`` of :func:`runs` (the run cards in ``work``): cut
    by the chains of each suit alone (rule 2'), where it can fall below ``target``; ``suits`` is the deck's
    number of suits (the other arguments are :func:`runs`')."""
    needed = enough(bound, run, score, pos, n_cards, target, suits)
    if needed == 0:
        return bound
    return min(bound, score + run - _suits_lost(run, pos, P, hands, hlen, deck, nextpos, work, needed, plays))


@numba.njit(cache=True, inline='always')
def _suits_lost(run, pos, P, hands, hlen, deck, nextpos, work, enough, plays):
    """Run cards (``run`` of them in ``work``, :func:`runs`) that the chain rule (2') proves lost, one per suit
    whose cards waiting for some deck card cannot all be played (counting stops at ``enough``); fills the row
    of owners (:func:`owners`)."""
    lost, k0 = 0, 0
    owners(P, hands, hlen, work)
    while k0 < run and lost < enough:  # a suit's run cards are consecutive, in rank order, releases non-decreasing
        k1 = k0
        while k1 < run and work[W_TYPE, k1] // RANKS == work[W_TYPE, k0] // RANKS:
            k1 += 1
        for k in range(k0, k1):
            if work[W_RELEASE, k] >= 0 and (k == k0 or work[W_RELEASE, k] != work[W_RELEASE, k - 1]) and \
                    not _suit_fits(k, k1, work[W_RELEASE, k], pos, P, deck, nextpos, work, plays):
                lost += 1
                break
        k0 = k1
    return lost


@numba.njit(cache=True)
def joint_lost(run, pos, P, hands, hlen, deck, nextpos, work, joint, tokens, cur, plays):
    """1 if the run cards (``run`` of them in ``work``, :func:`runs`) of all suits waiting for some deck card
    cannot all be played together, or (with ``tokens`` >= 0, the state's, and ``cur`` to move) not in turn
    order with the clue tokens (rule 2''; ``joint`` steps of :func:`chains_fit` per window and question);
    else 0. The root's part of the chain rule (:func:`~solitaire.seer.bounds.u3.search.hope_from`)."""
    owners(P, hands, hlen, work)
    chain, seg, holders = work[W_CHAIN], work[W_SEG], work[W_OWNERS, :MAX_TYPES]
    q = deck.size
    while True:  # the windows from the end: the waiting cards of every suit at once
        later = np.int64(-1)  # not a literal: one compiled signature of chains_fit
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
        if suits > 1 and not chains_fit(chain[:m], seg[:suits + 1], q, pos, P, holders, deck, nextpos, work, joint,
                                        np.int64(-1), np.int64(-1), plays):
            return 1
        if tokens >= 0 and not chains_fit(chain[:m], seg[:suits + 1], q, pos, P, holders, deck, nextpos, work, joint,
                                          tokens if q == pos else MAX_CLUES, (cur - 1) % P if q == pos else -1, plays):
            return 1


@numba.njit(cache=True, inline='always')
def owners(P, hands, hlen, work):
    """Fill row ``W_OWNERS`` of ``work`` (one entry per type, ``MAX_TYPES`` of them whatever the deck) with
    the players holding a card of each type, as bit masks, in one pass over the hands."""
    for x in range(MAX_TYPES):
        work[W_OWNERS, x] = 0
    for p in range(P):
        for j in range(hlen[p]):
            work[W_OWNERS, hands[p, j]] |= 1 << p


@numba.njit(cache=True, inline='always')
def _suit_fits(k0, k1, q, pos, P, deck, nextpos, work, plays):
    """:func:`chains_fit` for the run cards ``k0..k1 - 1`` of one suit (rule 2'), memoised in ``work``.
    Its answer depends only on the deck (fixed within a search), ``pos``, ``q``, the chain's types
    (consecutive ranks: the first and the count) and which players hold a copy of each (the row
    filled by :func:`owners`), so these, packed into one word (46 bits), key a direct-mapped memo: a hit
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
    fits = chains_fit(work[W_TYPE, k0:k1], seg, q, pos, P, work[W_OWNERS, :MAX_TYPES], deck, nextpos, work,
                      np.int64(4096), np.int64(-1), np.int64(-1), plays)  # int64s, not literals: one signature
    if slots:
        work[row, col] = key << 1 | fits
    return fits


# _nrt=False: it allocates nothing (views and copies entry by entry); numba's stubs lack this private option
@numba.njit(cache=True, _nrt=False)  # type: ignore[call-overload]
def chains_fit(chain, seg, q, pos, P, holders, deck, nextpos, work, budget, tokens=-1, last0=-1, plays=0):
    """Whether the types ``chain`` (suit ``c`` at ``chain[seg[c]:seg[c + 1]]``, rank order) can all
    be played, each suit in order, by the ``k + P`` actions after the draw of deck card ``q``
    (``k = N - 1 - q``; rule 2'), the hands being given by their ``holders`` (one mask of players
    per type, :func:`owners`).

    A depth-first search over the actions: level 0 draws ``q``, level ``i <= k`` is the action
    that draws window card ``q + i``, then the final round in turn order after the last drawer.
    The drawer is chosen where it matters (a copy of a chain type, or the last card: it fixes
    the final round); elsewhere it is "anyone". Every action plays the next card of some suit
    its player can play when there is one (never worse than not), the suit being chosen.
    Owner sets are bit masks of players. Past ``budget`` steps it answers yes (no cut).

    With ``tokens`` >= 0 it searches rule (2'') instead: every drawer is chosen, the clues that
    hand the turn from the previous one (``last0`` before level 0; -1: any) are paid from
    ``tokens``, and every action may be a filler.

    With ``plays`` (``deckPlays``) the drawer of the last card (level ``k``) may play it at once, from the
    deck (and is still counted among its holders later: a relaxation).

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
            ready = 0 if nextpos[pos, x] < q or holders[x] != 0 else nextpos[q, x] - q
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
        masks[0, c] = (1 << P) - 1 if nextpos[pos, x] < q else holders[x]  # before q: anyone
    copy_into(prog[0], seg)
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
        decked = idx[k] if plays and lev == k else -1  # the chain index of the last card, played from the deck
        playable = 0  # bit c: the next card of suit c can be played by ``who``
        for c in range(C):
            if prog[lev, c] < seg[c + 1]:
                mk = masks[lev, prog[lev, c]]
                if lev > 0 and ((mk != 0) if who < 0 else (mk >> who) & 1) or prog[lev, c] == decked:
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
        copy_into(prog[lev + 1], prog[lev])
        copy_into(masks[lev + 1], masks[lev])
        last[lev + 1] = who if chooses else last[lev]
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
    for r in range(stacks[s], x % RANKS + 1):  # noqa: SIM110 -- numba kernel: a plain loop, not all() of a generator
        if held[s * RANKS + r] + rem[s * RANKS + r] == 0:
            return False
    return True
