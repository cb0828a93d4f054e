"""Helpers shared by the tests: the data folder, hypothesis strategies, brute-force oracles, named deals.

Importable as ``helpers`` (the ``pythonpath`` setting of ``pyproject.toml`` puts ``tests/`` on the path).
"""

import functools
import json
import random
from pathlib import Path

import pytest
from hypothesis import strategies as st

from reductions.dimacs import Formula
from solitaire.io.errors import InputError
from solitaire.model import Instance
from solitaire.seer.bounds.freegame import free_reaches
from solitaire.seer.game.deals import RANKS, SUITS, Deal, parse_hanablive
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position, position_of
from solitaire.seer.game.simulator import Game, legal_actions

__all__ = ["DATA", "CNF", "REAL_GAMES", "instances", "formulas", "brute", "brute_free", "free_value_by_slots",
           "tiny_deal", "random_game", "endgame", "no_clue_position", "canonical_key", "search_value",
           "check_exact_from", "legal_actions", "NEEDS_A_STRIKE", "NEEDS_A_STRIKE_TEXT", "standard_games",
           "one_line_error", "TINY_VARIANTS", "SUIT_KINDS", "long_but"]

#: The data the tests read (``tests/data/SOURCES.md``): SATLIB formulas and real games.
DATA = Path(__file__).resolve().parent / "data"
#: SATLIB formulas: ``sat/``, ``unsat/`` and ``original_format_with_trailer/``.
CNF = DATA / "cnf"
#: Real game records in hanab.live's JSON Lines form.
REAL_GAMES = DATA / "realgames"
#: The variant the tests of refused games take as one the solvers do not model (the fixture ``refused_variant`` of
#: ``conftest.py``), and the reason given. The shipped table refuses none of hanab.live's variants, but a table built
#: from a newer variants.json refuses by name those with a rule the toolkit does not know
#: (:mod:`solitaire.seer.game.variants_build`), and seed strings of them are refused game by game.
REFUSED_VARIANT, REFUSED_ID = "Sudoku & Orange (4 Suits)", 2390
REFUSAL = "a rule the solvers do not model (the tests' own)"

#: A deal whose best score needs a strike (``tests/seer/bounds/test_exact_strike.py`` proves it): four players.
NEEDS_A_STRIKE_TEXT = "g2 g3 g4 b2  r3 b3 b4 w2  r4 w3 w4 g2  r5 g5 b5 g3  r1 r2 y1"
NEEDS_A_STRIKE = Deal([SUITS.index(c[0]) * RANKS + int(c[1]) - 1 for c in NEEDS_A_STRIKE_TEXT.split()], 4,
                      "needs-a-strike")


@st.composite
def instances(draw, max_n=3, max_c=3, max_r=3, max_h=3, max_N=12, min_N=0, min_r=0):
    """Random small instances: every card type appears min_r..max_r times, shuffled, cut to max_N."""
    n = draw(st.integers(1, max_n))
    c = draw(st.integers(1, max_c))
    h = draw(st.integers(0, max_h))
    cards = []
    for k in range(1, c + 1):
        for a in range(1, n + 1):
            cards += [(a, k)] * draw(st.integers(min_r, max_r))
    cards = draw(st.permutations(cards))[:max_N]
    if len(cards) < min_N:
        cards = cards + [(1, 1)] * (min_N - len(cards))
    return Instance.from_cards(n, c, h, cards) if cards else Instance(n, c, h, [], [])


@st.composite
def formulas(draw, max_vars=5, max_clauses=8, max_len=5):
    v = draw(st.integers(0, max_vars))
    lits = st.integers(1, v).flatmap(lambda x: st.sampled_from([x, -x])) if v else st.nothing()
    clauses = draw(st.lists(st.lists(lits, max_size=max_len if v else 0), max_size=max_clauses))
    return Formula(v, clauses)


def brute(deal, misplays=True, clues=True, visit=None, game=None):
    """The maximum score by plain exhaustive search through the simulator (tiny decks only), from a
    deal or a position, or from the simulator state ``game``.

    Every legal action of every turn (play or misplay any card, discard any card below 8
    tokens, one clue as a pass), memoised on the exact state; nothing of :mod:`solitaire.seer.bounds.u3` used.
    ``misplays`` / ``clues`` false forbid those moves (to show that a deal needs them);
    ``visit(game, value)`` is called once per state solved.
    """
    memo = {}

    def value(game):
        if game.over:
            return game.score
        # under characters a card's slot and identity matter (slot 1, the cards Insistent marked)
        hands = (tuple(tuple(sorted(game.types[o] for o in h)) for h in game.hands) if game.traits is None
                 else tuple(map(tuple, game.hands)))
        key = (hands, game.next_card, tuple(game.stacks), game.clues, game.strikes, game.current,
               None if game.last_turn is None else game.last_turn - game.turn,
               None if game.ways is None else tuple(game.ways), game.last_clue,
               None if game.traits is None else game.traits.key())
        if key not in memo:
            actions = legal_actions(game, misplays, clues)  # a misplay into the third strike is one: it scores 0
            best = 0  # with no move left (characters can leave none) hanab.live's players must end it, with 0
            for action in actions:
                child = game.copy()
                child.apply(action)
                best = max(best, value(child))
            memo[key] = best
            if visit:
                visit(game, best)
        return memo[key]

    return value(Game.from_position(position_of(deal)) if game is None else game)


def long_but(params, fast):
    """The parameters ``params`` of a family of checks (as ``pytest.mark.parametrize`` takes them), each marked
    ``long`` but those at the indices ``fast``: the default run checks that sample, ``pytest -m long`` (``.ci/run``)
    the rest. A parameter given as a tuple stands for several arguments; one given by ``pytest.param`` keeps its
    id, and its marks if it has any (a ``slow`` one stays out of both runs)."""
    marked = []
    for index, param in enumerate(params):
        if index in fast or (isinstance(param, type(pytest.param())) and param.marks):
            marked.append(param)
        elif isinstance(param, type(pytest.param())):
            marked.append(pytest.param(*param.values, marks=pytest.mark.long, id=param.id))
        else:
            marked.append(pytest.param(*(param if isinstance(param, tuple) else (param,)), marks=pytest.mark.long))
    return marked


#: three samples of a hypothesis check of random positions (``max_examples`` each): the first in the default run, the
#: other two in the long run (a parameter ``sample`` the check does not read)
THIRDS = long_but(range(3), fast=(0,))


#: Variants and the two suits of their tiny decks: the dark suits (one copy of each card) included.
TINY_VARIANTS = [("Black (6 Suits)", (0, 5)), ("Rainbow (6 Suits)", (4, 5)), ("Dark Rainbow (6 Suits)", (1, 5)),
                 ("3 Suits", (1, 2)), ("4 Suits", (0, 3))]


#: One tiny deck of every suit kind (the variant's last suit beside its first) and of the variant rules that
#: change the copies (Critical Fours, Scarce Ones) or which clues are legal (Color Blind, Number Blind, ...).
SUIT_KINDS = [(f"{kind} (6 Suits)", (0, 5)) for kind in (
    "Pink", "White", "Brown", "Omni", "Muddy Rainbow", "Light Pink", "Prism", "Dark Pink", "Gray", "Dark Brown",
    "Cocoa Rainbow", "Gray Pink", "Dark Prism", "Dark Omni")] + [(f"{rule} (5 Suits)", (0, 4)) for rule in (
    "Color Blind", "Number Blind", "Critical Fours", "Scarce Ones", "Odds and Evens", "Funnels", "Chimneys",
    "Synesthesia", "Deceptive-Ones", "White-Fives")]


def brute_free(deal):
    """The maximum score of the token-free game (:mod:`solitaire.seer.bounds.u3.kernel`), by exhaustive search (tiny
    decks of any variant only).

    Stated on its own terms, not as the search plays it: while the deck lasts any player may act
    next (free clues pass the turn), playing a playable card or discarding any card and drawing;
    after the last draw one turn each in turn order from the drawer's left, a pass allowed.
    """
    P, H, deck = deal.players, deal.hand, [int(t) for t in deal.types]

    @functools.lru_cache(maxsize=None)
    def value(pos, stacks, hands, turn):  # turn: None while the deck lasts, else (mover, turns left)
        score = sum(stacks)
        if score == deal.max_score or (turn is not None and turn[1] == 0):
            return score
        movers, best = (range(P), score) if turn is None else ([turn[0]], value(pos, stacks, hands, next_turn(turn)))
        for p in movers:
            for x in set(hands[p]):
                rest = list(hands[p])
                rest.remove(x)
                if pos < len(deck):
                    rest, after = rest + [deck[pos]], None if pos + 1 < len(deck) else ((p + 1) % P, P)
                else:
                    after = next_turn(turn)
                mine = hands[:p] + (tuple(sorted(rest)),) + hands[p + 1:]
                npos = min(pos + 1, len(deck))
                best = max(best, value(npos, stacks, mine, after))  # a discard
                s, r = divmod(x, RANKS)
                if stacks[s] == r:  # a play
                    best = max(best, value(npos, stacks[:s] + (r + 1,) + stacks[s + 1:], mine, after))
        return best

    def next_turn(turn):
        return (turn[0] + 1) % P, turn[1] - 1

    hands = tuple(tuple(sorted(deck[p * H:(p + 1) * H])) for p in range(P))
    return value(P * H, (0,) * (deal.n_types // RANKS), hands, None if P * H < len(deck) else (0, P))


def free_value_by_slots(start):
    """The token-free game's value from ``start`` (a deal or a position) by the independent solver
    (:mod:`solitaire.seer.bounds.freegame`)."""
    value = 0
    while free_reaches(start, value + 1)[0]:
        value += 1
    return value


def walk(deal, choices):
    """The position reached by taking, at each turn, legal action ``choice mod count``."""
    game = Game(deal)
    for choice in choices:
        actions = legal_actions(game)
        if game.over or not actions:
            break
        game.apply(actions[choice % len(actions)])
    return game.position()


def tiny_deal(rng, players, variant="No Variant", suits=(0, 1), draws=None, **options):
    """A short random deck over a few suits (``suits`` of ``variant``, with its copies of each card, and the
    hanab.live ``options`` given, such as ``one_extra_card``): the hands plus ``draws`` cards to draw (default:
    one to three)."""
    options = Options(variant=variant, **options)
    probe = Deal([], players, options=options)
    width = probe.variant.width
    pool = [s * width + r for s in suits for r in range(width) for _ in range(probe.counts[s * width + r])]
    rng.shuffle(pool)
    return Deal(pool[: players * probe.hand + (draws or rng.randint(1, 3))], players, "tiny", options=options)


def exact_on_tiny_decks(label, players, cases, variant, suits, **options):
    """``cases`` short decks of ``suits`` of ``variant`` with the hanab.live ``options`` (:func:`tiny_deal`, seeded
    by ``label``; ``draws`` among them, by default two cards to draw with 3 players or more, which keeps the
    exhaustive search within a minute), each checked: U3 exact and equal to the exhaustive search, its line
    replayed by the simulator to its score. ``cases`` is a count, or a range of the sequence's decks (the default
    run checks the first ones, the long run the rest). Returns the ``(deal, result)`` pairs for further checks."""
    from solitaire.seer.bounds.u3 import exact
    from solitaire.seer.game.simulator import simulate

    options.setdefault("draws", 2 if players >= 3 else None)
    rng, checked = random.Random(f"{label} {players}"), []
    cases = range(cases) if isinstance(cases, int) else cases
    for case in range(cases.stop):
        deal = tiny_deal(rng, players, variant, suits=suits, **options)
        if case not in cases:
            continue
        result = exact(deal)
        assert result.exact and result.score == brute(deal), (case, deal.types.tolist())
        assert simulate(deal, result.actions).score == result.score
        checked.append((deal, result))
    return checked


def check_exact_from_a_random_position(seed, steps, variant, suits, **options):
    """:func:`check_exact_from` in the state after up to ``steps`` random actions (:func:`random_game`) on a
    short 2-player deck of ``suits`` of ``variant`` with the hanab.live ``options``, all drawn from ``seed``."""
    rng = random.Random(seed)
    check_exact_from(random_game(tiny_deal(rng, 2, variant, suits=suits, **options), rng, steps), 1 + seed % 2)


def random_game(deal, rng, steps):
    """The simulator's state after up to ``steps`` random legal actions from the first turn, few of them
    misplays, stopping short of the end of the game four times in five."""
    game = Game(deal)
    for _ in range(steps):
        if game.over:
            break
        actions = legal_actions(game, misplays=rng.random() < 0.2)
        child = game.copy()
        child.apply(rng.choice(actions or legal_actions(game)))
        if child.over and rng.random() < 0.8:
            break
        game = child
    return game


def endgame(rng, variant, unclued=False):
    """A position of 2 players (hands of 4 or 5 cards) 1 to 4 cards before the end of the deck of ``variant``, or
    ``None`` if its cards do not allow it: random stacks, lost cards and hands, any clue tokens (in the rules'
    units: half tokens under Clue Starved) and strikes, player 0 to move. With ``unclued`` (cards no clue
    touches: where the search's restricted clues matter) player 0 holds one junk card a clue touches beside
    distinct useful cards no clue touches, the other hand mostly cards no clue touches, and few tokens are left."""
    options = Options(variant=variant, one_less_card=rng.random() < 0.5)
    probe = Deal([], 2, options=options)
    clueable, H, suits, rules = probe.rules.clueable, probe.hand, probe.n_types // RANKS, probe.rules
    stacks = [rng.randint(0, RANKS) for _ in range(suits - 1)] + [rng.randint(0, 2)]
    played = [s * RANKS + r for s in range(suits) for r in range(stacks[s])]
    pool = [t for t in range(probe.n_types) for _ in range(probe.counts[t])]
    for t in played:
        pool.remove(t)
    rng.shuffle(pool)
    mover = []
    if unclued:
        junk = [t for t in pool if clueable[t] and t % RANKS < stacks[t // RANKS]]
        useful = sorted({t for t in pool if not clueable[t] and t % RANKS >= stacks[t // RANKS]},
                        key=lambda t: rng.random())
        if not junk or len(useful) < H - 1:
            return None
        mover = [junk[0]] + useful[:H - 1]
        for t in mover:
            pool.remove(t)
        pool.sort(key=lambda t: clueable[t] + 1.2 * rng.random())
    hands = mover + pool[:2 * H - len(mover)]
    rest = pool[2 * H - len(mover):]
    rng.shuffle(rest)
    draw = rest[:rng.randint(1, 4)]
    if len(hands) < 2 * H or not draw:
        return None
    lost = rest[len(draw):]
    deal = Deal(played + lost + hands + draw, 2, "endgame", options=options)
    first = len(played) + len(lost)
    clues = rng.choice([0, 0, 1, 2]) if unclued else rng.randint(0, rules.max_clues)
    return Position(deal, first + 2 * H, (tuple(range(first, first + H)), tuple(range(first + H, first + 2 * H))),
                    tuple(stacks), clues, rng.choice([0, 1, 2]), 0, None)


def no_clue_position(variant, clues):
    """A position of ``variant`` (red its first suit, null its fifth: Null (5 Suits), Clue Starved & Null (5 Suits)),
    2 players with 4 cards, ``clues`` (in the rules' units), 2 strikes, nothing played: the player to move holds red 2
    to 5, the teammate null 2 to 5, a red 1 is left to draw. No clue is legal and nothing can be played: with 8
    tokens the only moves are misplays, the third strike."""
    red, null = 0, 4 * RANKS
    deal = Deal([red + 1, red + 2, red + 3, red + 4, null + 1, null + 2, null + 3, null + 4, red], 2, "no clue",
                options=Options(variant=variant, one_less_card=True))
    return Position(deal, 8, ((0, 1, 2, 3), (4, 5, 6, 7)), (0,) * 5, clues, 2, 0, None)


def junk_types(game):
    """The junk types of ``game`` as a bit mask, by their definition: played, or a card of the suit above the
    stack and at or below it with every copy lost."""
    mask = 0
    for t in range(game.deal.n_types):
        suit, rank = divmod(t, RANKS)
        dead = any(game.lost[suit * RANKS + r] >= game.counts[suit * RANKS + r]
                   for r in range(game.stacks[suit], rank + 1))
        mask |= (rank < game.stacks[suit] or dead) << t
    return mask


def canonical_key(game):
    """The search's canonical key of the state of ``game`` (:func:`~solitaire.seer.bounds.u3.kernel.state_key`, the junk
    types by their definition)."""
    import numpy as np

    from solitaire.seer.bounds.u3.kernel import FIN, MOVER, POS, STRIKES, TOKENS, cards_of, state_key
    from solitaire.seer.bounds.u3.search import deal_setup, muted_types, root_arrays

    deal, mute = game.deal, muted_types(game.deal)
    arrays = root_arrays(game)
    cards, root = cards_of(deal_setup(deal), arrays), arrays.scalars
    return state_key(np.zeros(8, dtype=np.int64), root[POS], root[TOKENS], root[STRIKES], root[MOVER], root[FIN],
                     cards.stacks, cards.hands, cards.hlen, junk_types(game), mute, deal.players, deal.hand, False)


def check_exact_from(game, order_seed):
    """U3 from the state of ``game`` against the exhaustive search: ``exact`` from its position (its line
    replayed by the simulator from that state), the compiled search alone in the best-first order and in
    the shuffled order ``order_seed``, and the root's node bound."""
    from solitaire.seer.bounds.u3 import exact
    from solitaire.seer.bounds.u3.search import deal_setup, hope_from, root_arrays

    deal = game.deal
    best = brute(deal, game=game)
    result = exact(deal, start=game.position())
    assert result.exact and result.score == best, deal.types.tolist()
    assert result.L <= result.score == result.high <= result.U2
    after = game.copy()
    for action in result.actions:
        after.apply(action)
    assert after.over and after.score == result.score
    if not game.over:
        assert search_value(game, 0) == search_value(game, order_seed) == best
        assert hope_from(deal_setup(deal), root_arrays(game)) >= best


def search_value(game, seed):
    """The best score from the state of ``game`` by the compiled search alone (no bot, no root bound):
    ``search_from`` for the deal's maximum score, then for each bound it proves, until a line reaches its
    target; that line, finished by the bot, must replay from the state to at least the target."""
    from solitaire.seer.bounds.u3.search import deal_setup, line_actions, root_arrays, search_from, tt_table

    deal = game.deal
    setup, root, table, target = deal_setup(deal), root_arrays(game), tt_table(16), deal.max_score
    while True:
        result, _, aborted, line = search_from(setup, root, target, table, 1 << 40, seed)
        assert not aborted
        if result < target:
            target = result
            continue
        actions, final = line_actions(game, line)
        after = game.copy()
        for action in actions:
            after.apply(action)
        assert after.over and after.score == final.score >= target
        return target


def standard_games(path):
    """The games of a hanab.live JSON Lines file that are No Variant with default options, and
    their records (the reader refuses what it does not model, and keeps other options)."""
    games, records = [], []
    for number, line in enumerate(Path(path).read_text().splitlines(), start=1):
        record = json.loads(line)
        try:
            game = parse_hanablive(record, str(path), number)
        except InputError as err:
            if "is not supported" not in err.message:
                raise
            continue
        if game.standard:
            games.append(game)
            records.append(record)
    return games, records


def one_line_error(result, *words):
    """A command line result with exit code 2 and one line of error containing ``words``."""
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and len(lines) == 1, result.output
    assert all(w in lines[0] for w in words), lines[0]
