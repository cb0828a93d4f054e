"""U3, the exact optimum under the real rules: bounds, replayed lines, and a brute-force oracle."""

import json
import random
import subprocess
import sys
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import (REAL_GAMES, brute, brute_free, check_exact_from, free_value_by_slots, random_game, standard_games,
                     tiny_deal)
from solitaire.io.errors import InputError
from solitaire.io.interrupt import STOP_REQUEST
from solitaire.seer.bounds.relaxations import u2_value
from solitaire.seer.game.deals import MAX_SCORE, RANKS, STANDARD_TEXT, Deal, parse_deal_text, read_hanablive, seeded_deal
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import Schedule, exact, exact_search, tt_table
from solitaire.seer.bounds.u3.hope import W_OWNERS, chains_fit, owners, workspace
from solitaire.seer.bounds.u3 import search
from solitaire.seer.bounds.u3.search import deal_setup, hope_from, root_arrays
from solitaire.seer.bounds.u3.kernel import STOP_EVERY, start
from solitaire.seer.bounds.u3.table import NO_BOUND, tt_get, tt_put
from solitaire.seer.bounds.freegame import free_reaches
from solitaire.seer.game.simulator import MAX_CLUES, Game, legal_clue, seer_score, simulate
from solitaire.seer.bounds.peers.turns import peer_reaches
from solitaire.seer.game.position import Position

REAL = REAL_GAMES / "hanablive_games.jsonl"


def free_value(deal):
    """The token-free game's value by the search (``exact_search(..., free=True)``), its bound lowered until reached."""
    table = tt_table(16)
    target = MAX_SCORE
    while True:
        result = exact_search(deal, target, table, 1 << 40, 0, True)[0]
        if result >= target:
            return target
        target = result


@pytest.mark.parametrize("players, cases", [pytest.param(2, 12, marks=pytest.mark.long),  # 20 s; 2 players, fast:
                                            # test_exact_variants.py, test_sat_peer_agrees_on_tiny_decks
                                            pytest.param(3, 6, marks=pytest.mark.slow), (4, 1)])  # P = 4: 2 s
def test_exact_equals_brute_force_on_tiny_decks(players, cases):
    rng = random.Random(players)
    for case in range(cases):
        deal = tiny_deal(rng, players)
        result = exact(deal)
        assert result.exact, case
        assert result.score == brute(deal), (case, deal.types.tolist())
        assert simulate(deal, result.actions).score == result.score


def check_from_a_position(seed, players, steps):
    """The search from a random reachable position of a short deck (some over, some with strikes or the
    deck empty) against the exhaustive search from the simulator's state: ``exact`` (its line replayed by
    the simulator from that state), the compiled search alone in two move orders, and the root's bound."""
    rng = random.Random(seed)
    deal = tiny_deal(rng, players)
    check_exact_from(random_game(deal, rng, steps), 1 + seed % 2)


@pytest.mark.long  # 20 s; the same check on fewer positions: test_exact_variants.py (tiny variant decks)
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 14))
def test_exact_from_a_position_equals_brute_force(seed, steps):
    check_from_a_position(seed, 2, steps)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 14))
def test_exact_from_a_position_equals_brute_force_three_players(seed, steps):
    check_from_a_position(seed, 3, steps)


def test_the_first_turn_as_a_position_has_the_same_optimum():
    deal = seeded_deal(2, 12)  # U3 = 23 < U2 needs a search
    plain, start = exact(deal, SearchLimits(30)), exact(deal, SearchLimits(30), start=Position.initial(deal))
    assert plain.exact and start.exact and plain.score == start.score == 23
    assert simulate(deal, start.actions).score == 23


@pytest.mark.parametrize("change, field", [
    ({"hands": ((0, 1, 2, 3, 4), (5, 6, 7, 8, 0))}, "two hands"),
    ({"hands": ((0, 1, 2, 3, 4), (5, 6, 7, 8, 10))}, "not yet drawn"),
    ({"stacks": (2, 0, 0, 0, 0)}, "played than drawn"),
    ({"turns_left": 2}, "turns_left"),                             # the deck still lasts
    ({"to_move": 2}, "to_move")])
def test_a_position_no_game_reaches_is_refused(change, field):
    deal = seeded_deal(2, 0)
    start = Position.initial(deal)
    with pytest.raises(ValueError, match=field):
        exact(deal, start=Position(**{**start.__dict__, **change}))


def hard_seeds(players, count):
    return [s for s in range(count) if seer_score(seeded_deal(players, s)) < u2_value(seeded_deal(players, s))]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bounds_hold_and_lines_replay(players):
    for seed in hard_seeds(players, 120)[:6]:
        deal = seeded_deal(players, seed)
        r = exact(deal, SearchLimits(1.0))
        assert r.L <= r.score <= r.high <= r.U2, seed
        assert simulate(deal, r.actions).score == r.score
        assert r.actions[-1:] and simulate(deal, r.actions).over


@pytest.mark.parametrize("players, seed", [(2, 1540), (2, 20773)])
def test_restarts_and_tiny_budgets_change_no_answer(players, seed):
    # many short searches, most in shuffled orders, share one table of proven bounds
    deal = seeded_deal(players, seed)
    plain = exact(deal, SearchLimits(30))
    short = exact(deal, SearchLimits(30), schedule=Schedule(first_budget=256, restart_budget=128))
    assert plain.exact and short.exact and short.searches > 10
    assert short.score == plain.score and simulate(deal, short.actions).score == short.score


def test_a_grown_table_keeps_every_entry():
    small, rng = tt_table(4), np.random.default_rng(5)
    keys = rng.integers(0, 1 << 62, size=(6, 3), dtype=np.uint64)
    for value, words in enumerate(keys):
        tt_put(words, value, *small, 15)
    big = tt_table(10, small)
    assert [tt_get(words, *big, 1023) for words in keys] == list(range(6))
    assert tt_get(np.array([1, 2, 3], dtype=np.uint64), *big, 1023) == NO_BOUND


def test_the_table_size_changes_no_answer():
    deal = seeded_deal(2, 12)  # needs about 10^5 nodes: the table grows from 2^8 entries
    grown, fixed = (exact(deal, SearchLimits(30), schedule=Schedule(tt_first_bits=bits)) for bits in (8, 20))
    assert grown.exact and fixed.exact and grown.score == fixed.score


@pytest.mark.parametrize("players, seed, target, free", [(2, 6126, 25, False), (4, 10118, 23, False), (2, 4369, 25, True)])
def test_the_chain_memo_changes_no_search(players, seed, target, free):
    # a refutation, a line and a refutation of the token-free game: the same nodes and the same
    # answer and line without the memo, with a tiny one (64 slots, many collisions) and the default
    deal = seeded_deal(players, seed)
    runs = [exact_search(deal, target, tt_table(18), 1 << 21, 0, free, bits) for bits in (0, 6, 12)]
    answers = {(result, nodes, aborted, tuple(line)) for result, nodes, aborted, line in runs}
    assert len(answers) == 1 and not runs[0][2] and runs[0][1] > 1000


def test_the_search_loads_without_pysat():
    # only the hand-off to the SAT peers needs PySAT: the search package never imports it
    code = "import sys, solitaire.seer.bounds.u3; print(sorted({m.split('.')[0] for m in sys.modules} & {'pysat'}))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_easy_deal_needs_no_search():
    r = exact(seeded_deal(3, 1))
    assert (r.score, r.exact, r.searches) == (25, True, 0)


def test_timeout_keeps_honest_bounds():
    deal = seeded_deal(2, 12)  # L = 17 < U2 = 23: not settled in a few thousand nodes
    r = exact(deal, SearchLimits(0.0))
    assert not r.exact and (r.score, r.high) == (r.L, r.U2)
    assert simulate(deal, r.actions).score == r.score


def test_a_stop_request_ends_the_search_at_once_with_honest_bounds(monkeypatch):
    deal = seeded_deal(5, 282322)  # L = 23, U3 24..25: open after 10 s of search, 25 not refuted in 2 minutes
    monkeypatch.setattr(search, "peer_close", lambda *args: pytest.fail("a stopped deal went to the peer"))
    STOP_REQUEST[0] = 1
    try:
        result, nodes, aborted, _ = exact_search(deal, 25, tt_table(16), 1 << 40, 0)
        r = exact(deal, SearchLimits(peer_timeout=60))  # no timeout: it would search for hours
    finally:
        STOP_REQUEST[0] = 0
    assert (result, nodes, aborted) == (-1, STOP_EVERY, True)
    assert (r.exact, r.method, r.searches, r.nodes, r.score, r.high) == (False, None, 1, STOP_EVERY, r.L, 25)
    assert simulate(deal, r.actions).score == r.score


def test_a_stop_requested_by_another_thread_ends_a_running_search():
    deal = seeded_deal(5, 282322)  # 2^28 nodes: a minute of search
    exact_search(deal, 25, tt_table(16), 1, 0)  # loaded: the request comes during the search
    request = threading.Timer(0.2, STOP_REQUEST.fill, (1,))
    request.start()
    try:  # the search holds no GIL, so the timer runs meanwhile, and reads the request from memory
        result, nodes, aborted, _ = exact_search(deal, 25, tt_table(16), 1 << 28, 0)
    finally:
        request.cancel()
        request.join()
        STOP_REQUEST[0] = 0
    assert result == -1 and aborted and nodes < 1 << 28 and nodes % STOP_EVERY == 0, nodes


@pytest.mark.long  # 8 s of search; honest bounds and lines of a timeout: test_timeout_keeps_honest_bounds
def test_an_open_deal_reports_a_line_above_the_bot():
    deal = seeded_deal(4, 10118)  # L = 20, U3 = 24 (the peer's line); 21..23 lie within 30,000 nodes
    r = exact(deal, SearchLimits(8))
    assert r.L == 20 and r.score >= 23 and r.high >= 24
    assert simulate(deal, r.actions).score == r.score


def test_export_is_a_hanablive_game():
    deal = seeded_deal(2, 24)
    r = exact(deal)
    game = r.to_json(deal)
    again = read_hanablive(json.dumps({**game, "players": game["players"]}))[0]
    assert again.types.tolist() == deal.types.tolist()
    assert simulate(again, game["actions"]).score == r.score


def test_reversed_standard_order_is_not_winnable():
    # every suit arrives 5 first, 1s last, the red 1s as the last three cards: far from a win
    deal = parse_deal_text(" ".join(reversed(STANDARD_TEXT.split())), 2)
    r = exact(deal, SearchLimits(30))
    assert r.exact and r.score < 25 and r.score == r.high


def test_misplay_at_eight_tokens_is_legal_and_a_discard_is_not():
    deal = parse_deal_text(STANDARD_TEXT, 2)
    game = simulate(deal, [{"type": 0, "target": 3}])  # r2 first: a misplay at 8 tokens
    assert (game.strikes, game.clues, game.played) == (1, 8, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_final_round_is_one_turn_each(players):
    deal = seeded_deal(players, 3)
    game = Game(deal)
    while game.deck_left:
        game.apply(legal_clue(game) if game.clues == MAX_CLUES else {"type": 1, "target": game.hands[game.current][0]})
    turns = 0
    while not game.over:
        game.apply(legal_clue(game) if game.clues else {"type": 1, "target": game.hands[game.current][0]})
        turns += 1
    assert turns == players


def test_real_games_score_at_most_u3():
    for deal in standard_games(REAL)[0]:
        if str(deal.meta.get("end", "")).startswith("normal"):
            r = exact(deal, SearchLimits(0.5))
            assert deal.meta["real_score"] <= r.high, deal.ident


def test_sat_peer_agrees_on_tiny_decks():
    rng = random.Random(7)
    for case in range(10):
        deal = tiny_deal(rng, 2)
        value = exact(deal).score
        yes, actions = peer_reaches(deal, value)
        assert yes and simulate(deal, actions).score >= value, case
        assert not peer_reaches(deal, value + 1)[0], case


@pytest.mark.slow
@pytest.mark.parametrize("players, seed", [(2, 16), (2, 197)])
def test_sat_peer_agrees_on_full_deals(players, seed):  # both win: the peer finds each line of 25 in about 8 s
    deal = seeded_deal(players, seed)
    r = exact(deal, SearchLimits(60))
    assert r.exact and r.score == 25
    yes, actions = peer_reaches(deal, r.score)
    assert yes and simulate(deal, actions).score >= r.score


@pytest.mark.long  # 25 s; fast: the horizon from a position (tests/seer/bounds/test_peers_position.py)
def test_the_peer_horizon_fits_every_game_that_reaches_the_target():
    # the peer's formula has horizon(deal, t) turns (fewer for higher t): with them, and with
    # 25 more, it must reach the optimum (found by brute force) and not one point above (from
    # a position: tests/seer/bounds/test_peers_position.py)
    rng = random.Random(3)
    deals = [Deal([5, 2, 8, 9, 4, 0, 7, 0, 7, 2, 5, 6, 6], 2, "needs-a-clue")] + [tiny_deal(rng, 2) for _ in range(6)]
    for deal in deals:
        value = brute(deal)
        for target, answer in ((value, True), (value + 1, False)):
            for slack in (0, 25):
                assert peer_reaches(deal, target, slack=slack)[0] == answer, (deal.ident, target, slack)


def test_a_deck_that_needs_a_stalling_clue():
    # found by searching random short decks with the oracle: y1 r3 y4 y5 r5 | r1 y3 r1 y3 r3 | y1 y2 y2;
    # every line without a clue loses two points
    deal = Deal([5, 2, 8, 9, 4, 0, 7, 0, 7, 2, 5, 6, 6], 2, "needs-a-clue")
    r = exact(deal)
    assert r.exact and r.score == brute(deal) == 5 > brute(deal, clues=False)
    assert any(a["type"] in (2, 3) for a in r.actions)


def test_the_last_card_is_played_on_the_last_turn():
    # y2 y2 y3 y3 y4 | r2 y2 y3 y4 y5 | r1: no yellow 1, so every yellow card is dead. The
    # pooled bound plays r1 and r2 after the last draw (U2 = 2), but r1 is the last card: its
    # drawer's one remaining turn is the game's last, so r2 can never follow it.
    deal = Deal([6, 6, 7, 7, 8, 1, 6, 7, 8, 9, 0], 2, "last-card")
    r = exact(deal)
    assert (r.U2, r.score, r.exact) == (2, 1, True)
    assert brute(deal) == 1


def test_sat_peer_runs_out_honestly():
    deal = seeded_deal(5, 282322)  # Glucose 4 (the default) does not answer ">= 25?" in 300 s: killed at 1 s
    assert peer_reaches(deal, 25, timeout=1) == (None, None)


def test_an_unknown_peer_encoding_fails_before_the_search():
    with pytest.raises(ValueError, match="unknown peer encoding 'clauses': expected one of removals, turns"):
        exact(seeded_deal(2, 0), SearchLimits(peer_timeout=1, peer_encoding="clauses"))


@pytest.mark.parametrize("fields, message", [
    (dict(timeout=-1), "`timeout`: expected a number of seconds in 0..10000000 or None, got -1"),
    (dict(timeout="x"), "`timeout`: expected a number of seconds in 0..10000000 or None, got 'x'"),
    (dict(timeout=float("nan")), "`timeout`: expected a number of seconds in 0..10000000 or None, got nan"),
    (dict(timeout=1e8), "`timeout`: expected a number of seconds in 0..10000000 or None, got 100000000.0"),
    (dict(peer_timeout=-1), "`peer_timeout`: expected a number of seconds in 0..10000000, got -1"),
    (dict(peer_timeout=None), "`peer_timeout`: expected a number of seconds in 0..10000000, got None"),
    (dict(peer_solver="nope"), "`peer_solver`: unknown PySAT solver 'nope': expected one of cadical195, "),
    (dict(peer_encoding="nope"), "`peer_encoding`: unknown peer encoding 'nope': expected one of removals, turns"),
])
def test_search_limits_refuse_what_the_command_line_refuses_naming_the_field(fields, message):
    with pytest.raises(InputError) as caught:
        SearchLimits(**fields)
    assert str(caught.value).startswith(message)


def test_search_limits_take_the_command_lines_choices_and_numbers_of_seconds():
    from solitaire.satsolvers import SAT_SOLVERS
    from solitaire.io.budget import MAX_SECONDS
    from solitaire.seer.bounds.limits import PEER_ENCODINGS

    for solver in SAT_SOLVERS:
        for encoding in PEER_ENCODINGS:
            SearchLimits(None, MAX_SECONDS, solver, encoding)
    assert SearchLimits(np.float64(0.5), 1).timeout == 0.5


@pytest.mark.parametrize("encoding", ["removals", "turns"])
def test_sat_peer_closes_what_the_search_leaves_open(encoding):
    rng = random.Random(11)
    deals = (tiny_deal(rng, 2) for _ in range(200))
    hard = [d for d in deals if not exact(d, SearchLimits(0)).exact][:4]  # neither the bot nor the root bound settle it
    for deal in hard:
        r = exact(deal, SearchLimits(0, 60, peer_encoding=encoding))  # the bot, the root bound, then the peer
        assert (r.exact, r.method) == (True, "peer")
        assert r.score == exact(deal).score  # the search, on its own, agrees
        assert simulate(deal, r.actions).score == r.score


@pytest.mark.parametrize("types, best", [
    # found by sampling short decks where the rule fires (4 s; the chain rule, fast:
    # test_the_chain_rule_settles_deals_at_the_root)
    pytest.param([5, 4, 2, 5, 7, 3, 9, 0, 5, 0, 8, 0, 6], 3, marks=pytest.mark.long),
    pytest.param([4, 8, 8, 7, 6, 0, 3, 7, 5, 0, 3, 2, 1], 5, marks=pytest.mark.slow),
    pytest.param([7, 0, 3, 5, 3, 1, 6, 0, 4, 8, 5, 0, 2], 5, marks=pytest.mark.slow)])
def test_chains_keep_the_optimum(types, best):
    deal = Deal(types, 2, "chain")
    r = exact(deal)
    assert r.exact and r.score == brute(deal) == best


@pytest.mark.parametrize("players, seed", [
    (2, 31615),  # g3 g3 held by the second player, g5 by the first, the g2s are cards 48 and 49 of 50:
                 # g2 g3 g4 g5 need the last four actions in order, and the final round has them backwards
    (3, 565),    # the g2s are cards 47 and 49: whoever draws 47 plays it at its next turn at the earliest
    (5, 74394)])  # green alone fits, and the white 5 (the last card) alone, but not both: root_hope
def test_the_chain_rule_settles_deals_at_the_root(players, seed):
    r = exact(seeded_deal(players, seed), SearchLimits(10))
    assert (r.L, r.score, r.high, r.U2, r.exact, r.method, r.nodes) == (24, 24, 24, 25, True, "search", 0)


def test_the_turn_order_with_the_tokens_settles_a_deal_at_the_root():
    # P = 5 seed 492920: 20 run cards wait for cards 34..49; only the clue tokens forbid 25 (rule 2'')
    deal = seeded_deal(5, 492920)
    game = Game(deal)
    assert hope_of(game, 1 << 17) == 24
    game.clues = -1  # the same bound blind to the tokens
    assert hope_of(game, 1 << 17) == 25
    r = exact(deal, SearchLimits(60))  # the search alone does not refute 25 in 2 billion nodes
    assert (r.L, r.score, r.high, r.U2, r.exact, r.method) == (21, 24, 24, 25, True, "search")
    assert simulate(deal, r.actions).score == 24


def turn_chains_reference(deal, q, tokens, last):
    """Rule (2'') at the start of the game, on its own terms (:mod:`solitaire.seer.bounds.u3.hope`): can the run
    cards that wait for deck card ``q`` all be played when the removals that draw cards ``q..N-1`` are
    made by players chosen freely, each paying a token for every player it skips (``last``: the
    player before the first one; None: free), then the final round in turn order? A removal plays
    the next waiting card of a suit its player holds (from its hand, any copy dealt before ``q``, or
    one it drew in the window), a 5 returning a token, or is a filler returning one (never above 8)."""
    P, H, deck = deal.players, deal.hand, [int(t) for t in deal.types]
    start, n = P * H, len(deck)
    holders = {}
    for i in range(start):
        holders.setdefault(deck[i], set()).add(i // H)
    first = {}
    for i in range(start, n):
        first.setdefault(deck[i], i)
    chains = []
    for suit in range(MAX_SCORE // RANKS):
        wait, cards = -1, []
        for x in range(suit * RANKS, (suit + 1) * RANKS):
            if x not in holders and x not in first:
                break
            if x not in holders:
                wait = max(wait, first[x])
            if wait >= q:
                cards.append(x)
        chains.append(cards)
    k = n - 1 - q

    def holds(p, x, drawers):
        return p in holders.get(x, ()) or first.get(x, n) < q or any(
            deck[q + j] == x and a == p for j, a in enumerate(drawers))

    def fits(j, drawers, done, t, last):  # j: the removals made in the window
        waiting = sum(len(c) - d for d, c in zip(done, chains))
        if waiting == 0:
            return True
        if waiting > k + 1 + P - j - (j == 0):  # the removals left; the one that draws card q plays none
            return False
        final = j > k
        players = [(last + 1) % P] if final else range(P)
        for p in players:
            pay = 0 if final or last is None else (p - last - 1) % P
            if pay > t:
                continue
            after = drawers if final else drawers + (p,)
            for suit, c in enumerate(chains):
                if done[suit] < len(c) and holds(p, c[done[suit]], drawers):
                    gain = c[done[suit]] % RANKS == RANKS - 1
                    played = done[:suit] + (done[suit] + 1,) + done[suit + 1:]
                    if fits(j + 1, after, played, min(t - pay + gain, MAX_CLUES), p):
                        return True
            if fits(j + 1, after, done, min(t - pay + 1, MAX_CLUES), p):
                return True
        return False

    return chains, fits(0, (), (0,) * len(chains), tokens, last)


def turn_chains_search(deal, q, chains, tokens, last):
    """The same question put to the search's :func:`~solitaire.seer.bounds.u3.hope.chains_fit` (rule 2'')."""
    deck = np.array(deal.types, dtype=np.int64)
    setup, cards = start(deck, deal.players, deal.hand)
    chain = np.array([x for c in chains for x in c], dtype=np.int64)
    seg = np.cumsum([0] + [len(c) for c in chains if c]).astype(np.int64)
    work = workspace()
    owners(deal.players, cards.hands, cards.hlen, work)
    return chains_fit(chain, seg, q, deal.players * deal.hand, deal.players, work[W_OWNERS, :MAX_SCORE], deck,
                      setup.nextpos, work, 1 << 40, tokens, -1 if last is None else last)


def test_turn_order_chains_match_their_statement():
    verdicts = set()
    for players, seed in ((5, 492920), (5, 282322), (4, 629581), (5, 10118), (3, 565)):
        deal = seeded_deal(players, seed)
        for q in range(33 if seed == 492920 else 40, 50):
            for tokens, last in ((MAX_CLUES, None), (1, 0), (0, players - 1)):
                chains, fits = turn_chains_reference(deal, q, tokens, last)
                if any(chains):
                    assert turn_chains_search(deal, q, chains, tokens, last) == fits, (players, seed, q, tokens, last)
                    verdicts.add(fits)
    assert verdicts == {True, False}


def hope_of(game, joint=0, target=0):
    """The search's node bound (:func:`~solitaire.seer.bounds.u3.search.hope_from`; with ``joint`` steps for chains of
    several suits and for the turn order with the clue tokens, the root's) at the state of a :class:`Game`; with
    ``target``, as the search asks it ("is the score >= target?")."""
    return hope_from(deal_setup(game.deal), root_arrays(game), joint, bool(joint), target)


def assert_hope_bounds_every_state(deal):
    low = []

    def visit(game, value):
        if hope_of(game, 1 << 17) < value:
            low.append(game.turn)
        full = hope_of(game)
        for target in (value, value + 1):  # the search's question: a bound >= the full one, the same verdict
            asked = hope_of(game, 0, target)
            if asked < full or (asked >= target) != (full >= target):
                low.append((game.turn, target))
    brute(deal, visit=visit)
    assert not low, (deal.types.tolist(), low[:3])


@pytest.mark.parametrize("types, best", [
    # 6 to 34 s each (the node bound in every state, fast: test_exact_deck_plays.py's
    # test_the_bounds_hold_in_every_state_of_tiny_decks; the chain rule: test_the_chain_rule_settles_deals_at_the_root)
    # short decks where the chain rule (2') cuts at the root, one suit at a time ...
    pytest.param([6, 0, 7, 2, 2, 3, 3, 0, 0, 4, 5, 5], 3, marks=pytest.mark.long),
    pytest.param([2, 8, 3, 0, 9, 6, 8, 0, 6, 7, 1, 1], 3, marks=pytest.mark.long),
    pytest.param([0, 7, 0, 0, 7, 2, 8, 8, 3, 9, 1, 1], 3, marks=pytest.mark.long),
    # ... or only with both suits at once (root_hope); the bound is the brute-force value (the root's bound with
    # both suits, fast: test_the_turn_order_with_the_tokens_settles_a_deal_at_the_root, test_hard_deals.py)
    pytest.param([4, 5, 5, 3, 3, 2, 8, 7, 8, 7, 6, 6, 0], 4, marks=pytest.mark.long),
    pytest.param([7, 4, 2, 8, 3, 7, 8, 9, 0, 0, 1, 1, 2, 5], 5, marks=pytest.mark.slow)])
def test_node_bound_holds_in_every_state_of_short_decks(types, best):
    deal = Deal(types, 2, "chain")
    assert hope_of(Game(deal), 1 << 17) == brute(deal) == best < u2_value(deal)
    assert exact(deal).score == best
    assert_hope_bounds_every_state(deal)


@pytest.mark.slow
@pytest.mark.parametrize("players, cases", [(2, 12), (3, 3)])
def test_node_bound_holds_in_every_state_of_random_decks(players, cases):
    rng = random.Random(100 + players)
    for _ in range(cases):
        assert_hope_bounds_every_state(tiny_deal(rng, players))


@pytest.mark.parametrize("players, cases", [(2, 16), pytest.param(3, 4, marks=pytest.mark.long), (4, 2)])
def test_token_free_game_equals_its_brute_force(players, cases):
    # a relaxation of the real game: its value is an upper bound on U3; the search and the
    # independent solver must both find it
    rng = random.Random(200 + players)
    for case in range(cases):
        deal = tiny_deal(rng, players)
        assert free_value(deal) == free_value_by_slots(deal) == brute_free(deal) >= exact(deal).score, \
            (case, deal.types.tolist())


@pytest.mark.long  # 9 s; the solver against the brute force, fast: test_token_free_game_equals_its_brute_force
@settings(max_examples=40)
@given(players=st.integers(2, 3), seed=st.integers(0, 2**32))
def test_the_token_free_solver_equals_the_brute_force(players, seed):
    deal = tiny_deal(random.Random(seed), players)
    best = brute_free(deal)
    assert free_reaches(deal, best)[0] and free_reaches(deal, best + 1)[0] is False, deal.types.tolist()


@pytest.mark.parametrize("players, seed", [pytest.param(2, 24, marks=pytest.mark.long),  # P = 2 seed 24: 23 (3 s)
                                           (2, 16), (3, 83), (4, 24), (5, 24)])
def test_both_token_free_solvers_agree_on_full_deals(players, seed):
    deal = seeded_deal(players, seed)
    value = free_value(deal)
    assert free_reaches(deal, value)[0] and free_reaches(deal, value + 1)[0] is False


def test_the_token_free_solver_runs_out_honestly():
    answer, nodes = free_reaches(seeded_deal(2, 33337), 25, timeout=0.2)  # needs about a million nodes
    assert answer is None and 0 < nodes < 1_000_000
    with pytest.raises(ValueError, match="at least one card to draw"):
        free_reaches(Deal([0] * 10, 2, "no draw"), 1)


@pytest.mark.parametrize("types, best", [
    # short decks found by sampling where the token-free game is below U2 (and equals U3)
    ([2, 3, 7, 4, 6, 8, 6, 8, 3, 0, 5], 2), ([3, 3, 4, 2, 7, 2, 0, 1, 5, 7, 8], 2),
    ([1, 5, 2, 0, 5, 4, 3, 8, 3, 7, 0, 0], 3)])
def test_token_free_game_cuts_below_u2(types, best):
    deal = Deal(types, 2, "free")
    assert free_value(deal) == brute_free(deal) == brute(deal) == best < u2_value(deal)


def test_token_free_game_refutes_a_full_deal():
    # P = 2 seed 15099: L = 22, U2 = 25; the token-free game proves 24 in about 700,000 nodes, and then a
    # real line of 24 comes in a few hundred; the real game alone did not settle it in 60 s
    deal = seeded_deal(2, 15099)
    r = exact(deal, SearchLimits(120))
    assert (r.L, r.score, r.high, r.U2, r.exact) == (22, 24, 24, 25, True)
    assert simulate(deal, r.actions).score == 24


@pytest.mark.slow
def test_the_token_free_game_settles_a_deal_with_a_large_table():
    # P = 2 seed 509913: L = 20, U2 = 21; the token-free game refutes 21 in 9 million nodes with a table of
    # 2^22 entries (17 million with 2^20: open after 60 s), so the bot's 20 is optimal
    r = exact(seeded_deal(2, 509913), SearchLimits(150))
    assert (r.L, r.score, r.high, r.U2, r.exact) == (20, 20, 20, 21, True)
