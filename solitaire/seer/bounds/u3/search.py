"""U3, the exact perfect-information optimum of a real Hanabi deal: the driver of the search.

Contract (:func:`exact`): ``L <= U3 <= high`` always holds for the returned bounds, ``exact``
when they meet, and the returned actions replay in the simulator (:func:`solitaire.seer.game.simulator.simulate`)
to the returned score. Each line is played once as it is made, never replayed here: the bot's line by the compiled
bot (:mod:`solitaire.seer.bounds.u3.bot`, the simulator's bot move for move), a line of the search or of a SAT peer
in the simulator, which checks every action, then finished by the simulator's bot; the tests replay every line in
the simulator. The rules are those of :mod:`solitaire.seer.game.simulator`
(hanab.live and HLE); U3 is the largest score a team that sees every card and the deck order can
reach, from the first turn (player 0 to move) or from any position of a game (``start``: the
deck order and the next card to draw, the hands, stacks, clue tokens, strikes, the player to move
and the turns left once the deck is empty).

Decks. The deal's variant gives the deck: up to 6 suits (``deal.n_types`` types, won at
``deal.max_score``), any copies of each card, hands of up to 6 cards. Under the option ``deckPlays``
the search plays the deck's last card from the deck too (the kernel's ``plays``), and its lines export
such a play as hanab.live's play of that card. Clue Starved's half
tokens are searched in units of half tokens (:attr:`~solitaire.seer.game.options.Rules.clue_cost`). In a
variant with cards no clue touches (null suits, ...) and no clue that is always legal, a clue needs a
teammate holding a card some clue touches: the search then restricts its clues (:func:`muted_types`,
the kernel's restricted clues). Its lines export clues legal in the variant
(:func:`~solitaire.seer.game.simulator.legal_clue`).

Schedule. The compiled search (:func:`exact_search`, :mod:`solitaire.seer.bounds.u3.kernel`) decides
"can the score reach ``target``?", fail-soft: a failure returns an upper bound. The driver starts
from ``low`` = the bot's score L and ``high`` = ``min(U2, root_hope)`` (:func:`root_hope`: the
node bound of :mod:`solitaire.seer.bounds.u3.hope` with every rule, the chains of all suits at once and
in turn order included; from a position, both of that position) and runs node-limited searches
(:meth:`Schedule.searches`, tuned by a :class:`Schedule`) until they meet: the
search in its best-first move order at ``high`` with a budget that doubles (2^14, 2^15, ...), each
followed by restarts that shuffle every node's moves (seeded, so reproducible; every other
restart keeps the plays first) with 2^16 nodes each, about as many nodes in all; then a search
one point above the best line found (the *floor*: a line found raises ``low``, a failure proves
``U3 = low``); then the token-free game (:mod:`solitaire.seer.bounds.u3.kernel`) at ``high`` with
``free_share`` times the budget (a refutation lowers ``high``, a line reaching it proves nothing
and stops these searches). Every failure lowers ``high`` to the bound it proved. All searches
share one transposition table (:mod:`solitaire.seer.bounds.u3.table`) of proven bounds, which grows with
the nodes spent, so the order of the moves changes how soon an answer comes, never the answer.
Restarts are there because the search's run times are heavy-tailed: a best-first search that
commits early to a subtree it can neither win nor refute quickly is stuck, while some shuffled
order finds a winning line within a few thousand nodes (``docs/u3-search.md``).

Result (:class:`ExactResult`). A line found becomes hanab.live actions (a play, a discard, or for a
pass a legal clue of the variant); once it reaches its target the bot finishes the game (it loses no point
there: :mod:`solitaire.seer.bounds.u3.kernel`, "Reaching the target"). The
:class:`~solitaire.seer.bounds.limits.SearchLimits` limit a deal: a ``timeout`` (seconds per deal) is
honoured between searches; a deal that runs out reports ``exact = False`` with the bounds found.
With a ``peer_timeout`` a deal left open goes to a SAT peer (:mod:`solitaire.seer.bounds.peers`,
imported only then: the search itself needs no PySAT), except a deal with restricted clues, Clue Starved's
half tokens or the option ``deckPlays``, which the peers do not encode (:func:`peers_asked`): the search
alone answers it. A stop request
(:data:`solitaire.io.interrupt.STOP_REQUEST`: a Ctrl-C, SIGTERM or SIGHUP of the command line, or a
program's) ends the search within ``STOP_EVERY`` nodes, and the deal reports ``exact = False`` with the
bounds found, asking no peer; on the command line the signal's handler raises as the search returns,
so the deal is not reported at all.

Running time: exponential in the worst case (the game is a finite tree); most deals need no
search at all (``L = U2``); measurements in ``docs/u3-search.md``.
"""

import functools
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from enum import Enum

import numpy as np

from solitaire.io.interrupt import STOP_REQUEST
from solitaire.seer.bounds.alternation import free_deal, free_position, realise
from solitaire.seer.bounds.descent import descend
from solitaire.seer.bounds.exhaustive import exhaustive
from solitaire.seer.bounds.freegame import free_reaches
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.method import Method
from solitaire.seer.bounds.orders import fixed_positions, real_actions, real_value
from solitaire.seer.bounds.relaxations import u2_value
from solitaire.seer.bounds.u3.bot import bot_finish
from solitaire.seer.bounds.u3.hope import MAX_TYPES, MEMO_BITS, chained, enough, joint_lost, runs, workspace
from solitaire.seer.bounds.u3.kernel import (
    ABORTED,
    FIN,
    LINE_LENGTH,
    M_CLUE,
    M_DECK_PLAY,
    M_DISCARD,
    MAX_DEPTH,
    MOVER,
    NODE_LIMIT,
    NODES,
    POS,
    SCORE,
    STATS_N,
    STRIKES,
    TOKENS,
    Root,
    Setup,
    cards_of,
    dfs,
    first_turn,
    scratch,
    setup_of,
)
from solitaire.seer.bounds.u3.table import TT_BITS, TT_FIRST_BITS, tt_table
from solitaire.seer.game.characters import restricts_only
from solitaire.seer.game.deals import MAX_SCORE, Deal, hanablive_deck, seeded_deal
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import (
    DISCARD,
    PLAY,
    Action,
    Game,
    finish,
    legal_actions,
    legal_clue,
    real_line,
    seer_line,
    simulate,
)
from solitaire.seer.game.variants import COLOR, RANK

__all__ = ["ExactResult", "Method", "Schedule", "SearchKind", "exact", "exact_search", "search_from", "deal_setup",
           "root_hope", "hope_from", "root_arrays", "finish", "line_actions", "peer_close", "warm_up", "warm_up_bounds",
           "warm_up_search", "muted_types",
           "peers_asked", "tt_table", "TT_BITS", "MEMO_BITS"]


def hope_from(setup: Setup, root: Root, joint: int = 1 << 17, turns: bool = True, target: int = 0) -> int:
    """The node bound of the state ``root`` of the deck of ``setup`` (as :func:`search_from` takes them): the runs,
    the deck's tail, the final round and the chains (:mod:`solitaire.seer.bounds.u3.hope`), with ``joint`` > 0
    also the chains of several suits at once, ``joint`` steps per window, and (with ``turns``) those chains in
    turn order with the clue tokens (rule 2''): an upper bound on the best score from the state. The bound
    counts whole tokens (``setup.cost`` units each; 2: half tokens, Clue Starved; a half token left gives no clue):
    a relaxation, as a clue spends a whole token and a removal adds at most one. It plays the deck's last card
    from the deck when ``setup.plays`` is 1 (``deckPlays``). Only the answer to "is it ``>= target``?" has to be
    exact (``target`` 0: the whole bound); the chains, the costly part, are counted only until the bound falls
    below it, as the search's nodes count them."""
    cards, scalars = cards_of(setup, root), root.scalars
    tokens = scalars[TOKENS] // setup.cost if turns else -1
    score, pos, n_cards, P = scalars[SCORE], scalars[POS], setup.deck.size, setup.players
    hands, hlen, work, suits = cards.hands, cards.hlen, workspace(MEMO_BITS), cards.stacks.size
    bound, run = runs(score, cards.stacks, cards.held, cards.rem, pos, n_cards, scalars[FIN], P, scalars[MOVER],
                      hands, hlen, setup.nextpos, work, setup.plays)
    cut = chained(bound, run, score, pos, n_cards, P, hands, hlen, setup.deck, setup.nextpos, work, target, suits,
                  setup.plays)
    if joint == 0 or cut < bound or enough(bound, run, score, pos, n_cards, target, suits) == 0:
        return int(cut)  # a suit alone fails (a joint loss would take the bound no lower), or the chains cannot cut
    lost = joint_lost(run, pos, P, hands, hlen, setup.deck, setup.nextpos, work, joint, tokens, scalars[MOVER],
                      setup.plays)
    return int(min(bound, score + run - lost))


def root_hope(deck: np.ndarray, P: int, H: int, joint: int = 1 << 17, turns: bool = True,
              n_types: int = MAX_SCORE) -> int:
    """:func:`hope_from` at the start of the game of ``deck``, ``P`` players with ``H`` cards each (whole tokens, no
    card played from the deck): an upper bound on U3 that may be below U2 (``n_types``: the types of the deal's
    variant, 5 per suit)."""
    return hope_from(setup_of(deck, P, H, 0, 1, 0), first_turn(deck, P, H, n_types, 1), joint, turns)


def search_from(setup: Setup, root: Root, target: int, table: tuple[np.ndarray, np.ndarray], node_limit: int,
                seed: int, free: bool = False, memo_bits: int = MEMO_BITS) -> tuple[int, int, bool, np.ndarray]:
    """One fail-soft search for ``target`` from the state ``root``
    (:class:`~solitaire.seer.bounds.u3.kernel.Root`: :func:`root_arrays`,
    :func:`~solitaire.seer.bounds.u3.kernel.first_turn`) of the deck of ``setup`` (:func:`deal_setup`); the rest as
    :func:`exact_search`, whose results it returns. The deck's types are ``5 * root.stacks.size`` (one stack per
    suit)."""
    cards = cards_of(setup, root)
    stats = np.zeros(STATS_N, dtype=np.int64)
    stats[:MOVER + 1] = root.scalars
    if free:
        stats[TOKENS] = 0  # the token-free game counts the passes in a row there
    stats[NODE_LIMIT] = node_limit
    path = np.zeros(MAX_DEPTH, dtype=np.int64)
    result = dfs(target, seed, bool(free), setup, cards, table, scratch(seed, memo_bits), stats, path, STOP_REQUEST)
    return int(result), int(stats[NODES]), bool(stats[ABORTED]), path[:stats[LINE_LENGTH]].copy()


def exact_search(deal: Deal, target: int, table: tuple[np.ndarray, np.ndarray], node_limit: int, seed: int,
                 free: bool = False, memo_bits: int = MEMO_BITS) -> tuple[int, int, bool, np.ndarray]:
    """One fail-soft search of ``deal`` from the start of the game for ``target``.

    Returns ``(result, nodes, aborted, line)``: ``result >= target`` with ``line`` the move
    codes (``kind * 32 + type``) of a line reaching it; ``result < target`` a proven upper
    bound on U3; ``aborted`` when ``node_limit`` ran out or a stop was requested
    (:data:`solitaire.io.interrupt.STOP_REQUEST`, read every ``STOP_EVERY`` nodes: a Ctrl-C or SIGTERM
    during the search; ``result`` is then meaningless).
    ``table`` (:func:`tt_table`: ``2**b x 3`` key words, initially all ones, and the bounds) carries proven bounds
    from call to call, whatever the move order ``seed`` (see :func:`~solitaire.seer.bounds.u3.kernel.dfs`).
    With ``free`` the search is over the token-free game (:mod:`solitaire.seer.bounds.u3.kernel`): its
    ``result < target`` is an upper bound on U3 too, its line is not one of the real game.
    ``memo_bits``: the size of the memo of the chain rule's verdicts (:mod:`solitaire.seer.bounds.u3.hope`;
    0: none), which changes neither the result nor the nodes, only the time. The deal's variant gives the types
    (``deal.n_types``, 5 per suit, at most 30), the game being won at ``deal.n_types`` points, and its rules what
    :func:`deal_setup` takes of them: restricted clues, the units of tokens a clue costs, plays from the deck.
    """
    setup = deal_setup(deal)
    return search_from(setup, first_turn(setup.deck, deal.players, deal.hand, deal.n_types, setup.cost), target,
                       table, node_limit, seed, free, memo_bits)


def deal_setup(deal: Deal, strict: bool = False) -> Setup:
    """What the searches of ``deal`` never change (:class:`~solitaire.seer.bounds.u3.kernel.Setup`): its deck,
    players and hand size; the types no clue touches under restricted clues (:func:`muted_types`, ``strict`` as
    there; 0: a clue is legal whenever a token is left), the units of clue tokens a clue costs (2 under Clue Starved,
    whose units are half tokens; :attr:`~solitaire.seer.game.options.Rules.clue_cost`), 1 when the deck's last card
    may be played from the deck (the option ``deckPlays``), else 0, and the units a finished stack returns (1; 0 under
    Throw It in a Hole, :attr:`~solitaire.seer.game.options.Rules.stack_token`), 1 in a speedrun
    (:attr:`~solitaire.seer.game.options.Rules.speedrun`), 1 when a discard is allowed at 8 tokens
    (:attr:`~solitaire.seer.game.options.Rules.discard_when_full`) and 1 when the game has no final round
    (:attr:`~solitaire.seer.game.options.Rules.endless`)."""
    if deal.variant.orders is not None:
        raise ValueError(f"{deal.variant.name}: the search takes one build order per suit (Up or Down, Sudoku: "
                         f"solitaire.seer.bounds.orders)")
    deck = np.array(deal.types, dtype=np.int64)  # writable: the warmed-up signature
    rules = deal.rules
    return setup_of(deck, deal.players, deal.hand, muted_types(deal, strict), rules.clue_cost, int(rules.deck_plays),
                    int(rules.stack_token), int(rules.speedrun), int(rules.discard_when_full), int(rules.endless))


def root_arrays(game: Game) -> Root:
    """The state of ``game`` as :func:`search_from` takes it (:class:`~solitaire.seer.bounds.u3.kernel.Root`)."""
    P = game.deal.players
    hand_cards = np.full((P, 8), -1, dtype=np.int64)
    for p, hand in enumerate(game.hands):
        hand_cards[p, :len(hand)] = hand
    scalars = np.zeros(MOVER + 1, dtype=np.int64)
    scalars[POS], scalars[TOKENS], scalars[STRIKES], scalars[SCORE], scalars[MOVER] = (
        game.next_card, game.clues, game.strikes, game.played, game.current)
    scalars[FIN] = -1 if game.last_turn is None else game.last_turn - game.turn
    return Root(hand_cards, np.array([len(hand) for hand in game.hands], dtype=np.int64),
                np.array(game.stacks, dtype=np.int64), scalars)


def line_actions(game: Game, codes: Iterable[int]) -> tuple[list[Action], Game]:
    """hanab.live actions for the search's move codes from the state of ``game`` (left unchanged),
    finished by the bot; returns ``(actions, final game)``.

    A play or misplay of type ``x`` plays a card of that type from the mover's hand, a
    discard discards one, a pass becomes a legal clue of the variant
    (:func:`~solitaire.seer.game.simulator.legal_clue`), a play or misplay from the deck plays the
    deck's last card (its order: ``game.next_card``).
    """
    game, actions = game.copy(), []
    for code in codes:
        kind, x = divmod(int(code), 32)
        if kind == M_CLUE:
            action = legal_clue(game)
            assert action is not None  # the search passes only where a clue is legal
        elif kind >= M_DECK_PLAY:
            action = {"type": PLAY, "target": game.next_card, "value": 0}
        else:
            order = next(o for o in game.hands[game.current] if game.type_of(o) == x)
            action = {"type": DISCARD if kind == M_DISCARD else PLAY, "target": order, "value": 0}
        game.apply(action)
        actions.append(action)
    return finish(game, actions)


@dataclass
class ExactResult:
    """U3 of a deal or a position: ``score`` (the best line found), ``exact`` when ``score == high`` is proven.

    ``low <= U3 <= high`` always holds; ``actions`` replay to ``score`` under the real rules from the
    first turn (or from the position searched). ``method`` names what closed the gap (:class:`Method`; None
    while open).
    """

    score: int
    high: int
    exact: bool
    L: int
    U2: int  # from the position searched
    actions: list = field(repr=False)
    nodes: int = 0
    searches: int = 0
    seconds: float = 0.0
    method: Method | None = None

    @property
    def low(self) -> int:
        return self.score

    def to_json(self, deal: Deal) -> dict:
        """The optimal line from the first turn as a hanab.live game: ``{"players", "deck", "actions"}``, and
        ``"options"`` (the variant and the options on) for a game other than No Variant with default options."""
        names = [f"Seer {i + 1}" for i in range(deal.players)]
        game = {"players": names, "deck": hanablive_deck(deal), "actions": self.actions}
        if not deal.standard:
            game["options"] = deal.options.to_hanablive()
        return game


class SearchKind(Enum):
    """The kinds of search of a :class:`Schedule`: in the real game at ``high`` (in the best-first order or a
    shuffled one), one point above the best line found (the *floor*), in the token-free game at ``high``."""

    REAL = "real"
    FLOOR = "floor"
    FREE = "free"


@dataclass(frozen=True)
class Schedule:
    """How :func:`exact` spends its nodes and memory on a deal (module docstring): node budgets doubling from
    ``first_budget``, restarts of ``restart_budget`` nodes each, the token-free game with ``free_share`` times the
    budget (0: never); one transposition table of ``2**tt_first_bits`` entries at first, grown up to
    ``2**tt_bits`` (:func:`tt_table`); the chain rule's memo of ``2**memo_bits`` slots (:func:`exact_search`)."""

    first_budget: int = 1 << 14
    restart_budget: int = 1 << 16
    free_share: int = 16
    tt_first_bits: int = TT_FIRST_BITS
    tt_bits: int = TT_BITS
    memo_bits: int = MEMO_BITS

    def searches(self) -> Iterator[tuple[int, int, SearchKind]]:
        """The searches to run, without end, as ``(seed, node limit, kind)``: the ordered search with doubling
        budgets, each followed by restarts in shuffled orders that spend about as many nodes (``kind``
        :attr:`SearchKind.REAL`), then by a search one point above the best line found (:attr:`SearchKind.FLOOR`)
        with the budget, and by the token-free game (:attr:`SearchKind.FREE`) with ``free_share`` times the
        budget."""
        budget, seed = self.first_budget, 1
        while True:
            yield 0, budget, SearchKind.REAL
            for _ in range(max(1, budget // self.restart_budget)):
                yield seed, self.restart_budget, SearchKind.REAL
                seed += 1
            yield 0, budget, SearchKind.FLOOR
            if self.free_share:
                yield 0, self.free_share * budget, SearchKind.FREE
            budget *= 2


def _peer(encoding: str) -> Callable[..., tuple[bool | None, list[Action] | None]]:
    """The SAT peer of ``encoding`` (:func:`solitaire.seer.bounds.peers.peer_of`: a wrong name raises
    :class:`ValueError`), asked only about deals the peers encode (:func:`peers_asked`). Imports PySAT."""
    from solitaire.seer.bounds.peers import peer_of
    return peer_of(encoding)


#: The bit of :func:`muted_types` that no type has: set, it makes the search's clues need a teammate holding a card.
ANY_HAND = 1 << MAX_TYPES


def muted_types(deal: Deal, strict: bool = False) -> int:
    """The types no clue touches as a bit mask (bit ``t``: type ``t``), the search's restricted clues
    (:mod:`solitaire.seer.bounds.u3.kernel`); 0 when a clue is always legal (empty clues, or a kind of clue that
    touches nothing) or every type can be clued: then a clue is legal whenever a token is left. Without a final
    round (All or Nothing) every teammate may hold no card, so a clue needs one that holds a card: bit
    ``MAX_TYPES`` (no type's) is set too, which has the search check the hands (:data:`ANY_HAND`). With ``strict``
    (Alternating Clues, :mod:`~solitaire.seer.bounds.alternation`) the types that a kind of clue never legal on
    every hand does not touch: then a clue of either kind may be given wherever the search passes."""
    rules = deal.rules
    if not strict:
        if rules.always_clue:
            return 0
        clueable = rules.clueable
    else:
        kinds = [kind for kind in (COLOR, RANK) if rules.free_clues[kind] is None]
        if not kinds:
            return 0
        clueable = tuple(all(rules.touching_by_kind[kind][t] is not None for kind in kinds)
                         for t in range(len(rules.clueable)))
    return sum(1 << t for t, touched in enumerate(clueable) if not touched) | (ANY_HAND * rules.endless)


def peers_asked(deal: Deal) -> bool:
    """Whether :func:`exact` with a peer timeout asks the SAT peers about ``deal``: only when they encode its rules
    (:attr:`~solitaire.seer.game.options.Rules.peer_gap` is ``None``); else the search alone answers."""
    return deal.rules.peer_gap is None


#: The limits of :func:`exact` unless told: no timeout, no SAT peer.
_UNLIMITED = SearchLimits()


def exact(deal: Deal, limits: SearchLimits = _UNLIMITED, start: Position | None = None,
          schedule: Schedule = Schedule()) -> ExactResult:
    """U3 of ``deal`` with an optimal line (module docstring), searched under ``limits``
    (:class:`~solitaire.seer.bounds.limits.SearchLimits`: by default no timeout and no SAT peer).

    ``start``: the :class:`~solitaire.seer.game.position.Position` to search from, or ``None``: the first
    turn, player 0 to move.
    From a position the first upper bound is ``min(U2, hope_from)``, both from that position, and
    the actions start at the position.

    Any deck of up to 6 suits (its variant's types, ``deal.n_types``) is searched, under any option of
    :class:`~solitaire.seer.game.options.Options`. With ``limits.peer_timeout`` (seconds) a deal the search leaves
    open goes to the SAT peer ``PEERS[limits.peer_encoding]`` with the PySAT solver ``limits.peer_solver``
    (:func:`peer_close`), asked from ``start`` (or the first turn), but only about the deals the peers encode
    (:func:`peers_asked`: not under restricted clues, Clue Starved's half tokens or ``deckPlays``).

    ``schedule`` (:class:`Schedule`): the budgets of the searches, the transposition table's sizes and the memo's.

    A stop request (:data:`solitaire.io.interrupt.STOP_REQUEST`) ends it within ``STOP_EVERY`` nodes of the
    search with the bounds found (``exact = False`` unless they met), asking no peer.

    Examples
    --------
    >>> from solitaire.seer.game.deals import seeded_deal
    >>> r = exact(seeded_deal(2, 0))
    >>> r.score, r.exact, simulate(seeded_deal(2, 0), r.actions).score
    (25, True, 25)
    """
    if deal.rules.characters:
        if restricts_only(deal.rules.characters):
            return _exact_sandwiched(deal, limits, start, schedule)
        return _exact_token_free(deal, limits, start, schedule)
    if deal.variant.orders is not None:
        return _exact_fixed(deal, limits, start, schedule)
    if deal.rules.alternation_matters:
        return _exact_sandwiched(deal, limits, start, schedule)
    return _exact_plain(deal, limits, start, schedule)


def _exact_plain(deal: Deal, limits: SearchLimits, start: Position | None, schedule: Schedule,
                 strict: bool = False) -> ExactResult:
    """U3 of a deal or position of one build order per suit (:func:`exact`); with ``strict`` the search plays the
    game whose clues need a teammate holding a card every kind of clue touches (:func:`muted_types`), whose lines
    are lines of the real game, and its upper bound is that game's or the bot's score. The search's kernels are
    loaded (compiled on the very first run) when a deal first needs them, off its clock."""
    warm_up_bounds()
    began = time.perf_counter()
    reaches = _peer(limits.peer_encoding) if limits.peer_timeout and peers_asked(deal) else None  # fails now
    origin = _Origin.of(deal, start, strict)
    found = _first_bounds(deal, start, origin)
    began += found.loading
    if found.low < found.high:
        _search(found, origin, schedule, None if limits.timeout is None else began + limits.timeout)
    method = found.closed_by()
    if found.low < found.high and reaches is not None and not found.stopped:
        found.low, found.high, found.actions = peer_close(origin.game.position(), found.low, found.high, found.actions,
                                                          limits.peer_timeout, limits.peer_solver, reaches)
        method = Method.PEER if found.low == found.high else None
    return ExactResult(found.low, found.high, found.low == found.high, found.L, found.U2, found.actions, found.nodes,
                       found.searches, time.perf_counter() - began, method)


#: The first time slice of each direction assignment of an Up or Down or Sudoku deal (:func:`_exact_fixed`), seconds;
#: each round gives the assignments still open four times the slice of the last.
FIRST_SLICE = 0.01


@dataclass
class _Direction:
    """One direction assignment of an Up or Down or Sudoku deal (:mod:`~solitaire.seer.bounds.orders`): ``d``, its
    position of the game of fixed directions and the bound proven on that game's value so far (first its U2);
    ``closed`` once its value is proven; the bound is read in the real game
    (:func:`~solitaire.seer.bounds.orders.real_value`)."""

    d: tuple[int, ...]
    fixed: Position
    high: int
    closed: bool = False


def _exact_fixed(deal: Deal, limits: SearchLimits, start: Position | None, schedule: Schedule) -> ExactResult:
    """U3 of an Up or Down or Sudoku deal or position (:func:`exact`) as the best over its stacks' direction
    assignments (:mod:`~solitaire.seer.bounds.orders`). ``low`` starts at the bot's line under the real rules, raised
    to the best of the bot's lines of the assignments' games replayed under the real rules
    (:func:`~solitaire.seer.game.simulator.real_line`; one that reaches the maximum closes the deal with no U2 computed
    and no node searched, method ``search``); then in rounds each assignment whose bound (first its U2) is above
    ``low`` is searched for a time slice (:data:`FIRST_SLICE`, four times longer each round, the highest bound first),
    its line replayed under the real rules and its bound lowered to what the search proves, until every
    bound is at most ``low`` or ``limits.timeout`` has passed; then, with a peer timeout, each assignment still above
    is handed to the SAT peer once. The upper bound is the largest of the assignments' bounds, each read in the real
    game and each line's actions taken back to the real deal (:func:`~solitaire.seer.bounds.orders.real_value`,
    :func:`~solitaire.seer.bounds.orders.real_actions`: Sudoku of 4 suits pre-plays a card per suit). Raises
    :class:`~solitaire.seer.game.variants.UnsupportedVariant` for a variant with a card no clue touches."""
    deal.variant.check_playable()
    warm_up()  # timed from here: every kernel loaded first
    began = time.perf_counter()
    deadline = None if limits.timeout is None else began + limits.timeout
    origin = Position.initial(deal) if start is None else start
    low_actions, low = seer_line(origin)
    bot = low
    if low == deal.max_score or origin.over:  # nothing above the bot's line: U2 = U3 = L
        return ExactResult(low, low, True, bot, low, low_actions, 0, 0, time.perf_counter() - began, Method.BOT)
    assignments = list(fixed_positions(origin))
    for _, fixed in assignments:
        actions, game = real_line(origin, real_actions(deal, seer_line(fixed)[0]))
        if game.score > low:
            low, low_actions = game.score, actions
        if low == deal.max_score:
            return ExactResult(low, low, True, bot, low, low_actions, 0, 0, time.perf_counter() - began,
                               Method.SEARCH)
    options = sorted((_Direction(d, fixed, real_value(deal, u2_value(fixed))) for d, fixed in assignments),
                     key=lambda option: -option.high)
    u2, nodes, searches, slice_ = options[0].high, 0, 0, FIRST_SLICE
    search_only = replace(limits, peer_timeout=0)

    def search(option: _Direction, timeout: float | None, under: SearchLimits) -> None:
        nonlocal low, low_actions, nodes, searches
        result = exact(option.fixed.deal, replace(under, timeout=timeout), option.fixed, schedule)
        nodes, searches = nodes + result.nodes, searches + result.searches
        option.high, option.closed = min(option.high, real_value(deal, result.high)), result.exact
        actions, game = real_line(origin, real_actions(deal, result.actions))
        if game.score > low:
            low, low_actions = game.score, actions

    def open_options() -> list[_Direction]:
        return [option for option in options if not option.closed and option.high > low]

    while open_options() and not STOP_REQUEST[0] and (deadline is None or time.perf_counter() < deadline):
        for option in open_options():
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                break
            search(option, slice_ if left is None else min(slice_, left), search_only)
        slice_ *= 4
    left_open = bool(open_options())
    if limits.peer_timeout and not STOP_REQUEST[0]:
        for option in open_options():
            search(option, 0.0, limits)
    high = max(low, *(option.high for option in options))
    method = (None if low < high else Method.PEER if left_open else Method.BOT if searches == 0 and bot == high
              else Method.SEARCH)
    return ExactResult(low, high, low == high, bot, u2, low_actions, nodes, searches, time.perf_counter() - began,
                       method)


#: The states below an Alternating Clues deal's first that :func:`_exact_sandwiched` may bound, one move at a time,
#: where the alternation keeps the bounds apart.
SETTLE_STATES = 256
#: Under detrimental characters, where the settling leaves the bounds apart with at most ``EXHAUSTIVE_DECK`` cards to
#: draw, the states the exhaustive search (:mod:`~solitaire.seer.bounds.exhaustive`) may visit (a few seconds).
EXHAUSTIVE_STATES = 20_000
EXHAUSTIVE_DECK = 2


def _exact_sandwiched(deal: Deal, limits: SearchLimits, start: Position | None, schedule: Schedule) -> ExactResult:
    """U3 of an Alternating Clues deal or position where a card only one kind of clue touches, or of a deal or
    position with detrimental characters that only refuse moves (:func:`exact`): bounded by :func:`_sandwich`, then,
    while the bounds differ, as the best of its moves (:func:`_settle`), within ``limits.timeout`` and
    :data:`SETTLE_STATES` states."""
    warm_up()  # timed from here: every kernel loaded first
    began = time.perf_counter()
    deadline = None if limits.timeout is None else began + limits.timeout
    origin = Position.initial(deal) if start is None else start
    tally = _Tally(SETTLE_STATES)
    root = _sandwich(origin, limits, schedule, tally)
    if root.score < root.high and deal.rules.characters:
        low, actions = _descend(origin, root.high, schedule, _share(deadline, 0.5))
        if low > root.score:  # the walk's line: proven by the search where it meets the bound
            root = replace(root, score=low, exact=low == root.high, actions=actions,
                           method=Method.SEARCH if low == root.high else None)
    low, high, actions = _settle(Game.from_position(origin), root, tally, schedule, deadline)
    if low < high and deal.rules.characters and origin.deck_left <= EXHAUSTIVE_DECK and not STOP_REQUEST[0]:
        found = exhaustive(Game.from_position(origin), high, EXHAUSTIVE_STATES, deadline)
        if found is not None:
            (low, actions), high = found, found[0]
    method = None if low < high else root.method if root.exact else Method.SEARCH
    return ExactResult(low, high, low == high, root.L, root.U2, actions, tally.nodes, tally.searches,
                       time.perf_counter() - began, method)


def _exact_token_free(deal: Deal, limits: SearchLimits, start: Position | None, schedule: Schedule) -> ExactResult:
    """U3 of a deal or position with a character that does more than refuse moves (Genius, Panicky, Follower,
    Contrarian: :mod:`~solitaire.seer.game.characters`), whose game the game without characters does not bound.
    ``high`` is U2 (:mod:`~solitaire.seer.bounds.relaxations`: every character keeps its argument), lowered to what
    the token-free game reaches (:func:`~solitaire.seer.bounds.freegame.free_reaches`, whose model holds every line
    under these characters); ``low`` is the best of the bot's line under the characters and the line of the game
    without characters searched in half the time and realised under them
    (:func:`~solitaire.seer.bounds.alternation.realise`); then, with at most :data:`EXHAUSTIVE_DECK` cards to draw,
    the exhaustive search. Within ``limits.timeout``; no peer (none plays the characters)."""
    warm_up()  # timed from here: every kernel loaded first
    began = time.perf_counter()
    deadline = None if limits.timeout is None else began + limits.timeout
    origin = Position.initial(deal) if start is None else start
    actions, low = seer_line(origin)
    upper2 = u2_value(origin)
    bot, high, nodes, searches, free = low, upper2, 0, 0, None
    if low < high:
        free = exact(free_deal(deal), SearchLimits(timeout=_seconds_left(deadline, 0.5)),
                     free_position(origin), schedule)
        nodes, searches = free.nodes, free.searches
        line, game = realise(origin, free.actions)
        if game.score > low:
            low, actions = game.score, line
    reaching = _share(deadline, 0.25)
    while low < high and not STOP_REQUEST[0] and (reaching is None or time.perf_counter() < reaching):
        reached, spent = free_reaches(origin, high, None if reaching is None else reaching - time.perf_counter())
        nodes += spent  # the highest first: each "no" lowers high by one
        if reached is not False:
            break
        high -= 1
    if low < high and not STOP_REQUEST[0]:
        walked, line = _descend(origin, high, schedule, deadline, free)
        if walked > low:
            low, actions = walked, line
    if low < high and origin.deck_left <= EXHAUSTIVE_DECK and not STOP_REQUEST[0]:
        found = exhaustive(Game.from_position(origin), high, EXHAUSTIVE_STATES, deadline)
        if found is not None:
            (low, actions), high = found, found[0]
    method = None if low < high else Method.BOT if bot == high and not searches else Method.SEARCH
    return ExactResult(low, high, low == high, bot, upper2, actions, nodes, searches, time.perf_counter() - began,
                       method)


#: The states :func:`_descend` may probe (each a search of the game without characters and a line finished by the bot).
DESCENT_STATES = 2_000
#: Seconds a probe's search of the game without characters may take.
PROBE_TIMEOUT = 0.2


def _seconds_left(deadline: float | None, share: float = 1.0) -> float | None:
    """``share`` of the seconds left before ``deadline`` (at least a millisecond; ``None``: no deadline)."""
    return None if deadline is None else max(0.001, (deadline - time.perf_counter()) * share)


def _share(deadline: float | None, share: float) -> float | None:
    """The moment ``share`` of the time left before ``deadline`` (``None``: no deadline) has passed."""
    now = time.perf_counter()
    return None if deadline is None else now + max(0.0, deadline - now) * share


def _descend(origin: Position, target: int, schedule: Schedule, deadline: float | None,
             known: ExactResult | None = None) -> tuple[int, list[Action]]:
    """The best line under detrimental characters from ``origin`` that :func:`~solitaire.seer.bounds.descent.descend`
    finds, guided by the search of the game without characters (:func:`~solitaire.seer.bounds.alternation.free_deal`)
    from each state it probes, within :data:`DESCENT_STATES` probes and the deadline. ``known``: that search from
    ``origin`` itself, done already (the walk's first probe is of ``origin``)."""
    first = [] if known is None else [(known.high, known.actions)]

    def probe(state: Game) -> tuple[int, list[Action]]:
        if first:
            return first.pop()
        position = state.position()
        left = min(PROBE_TIMEOUT, _seconds_left(deadline) or PROBE_TIMEOUT)
        free = exact(free_deal(position.deal), SearchLimits(timeout=left), free_position(position), schedule)
        return free.high, free.actions

    return descend(Game.from_position(origin), target, probe, DESCENT_STATES, deadline)


@dataclass
class _Tally:
    """What :func:`_exact_sandwiched` spent: the states it may still bound, the nodes and searches."""

    states: int
    nodes: int = 0
    searches: int = 0

    def add(self, result: ExactResult) -> None:
        self.nodes, self.searches = self.nodes + result.nodes, self.searches + result.searches


def _sandwich(origin: Position, limits: SearchLimits, schedule: Schedule, tally: _Tally) -> ExactResult:
    """Bounds of U3 at ``origin`` (Alternating Clues, a card one kind of clue touches) through the games of
    :mod:`~solitaire.seer.bounds.alternation`: the search of the game without the alternation under ``limits`` gives
    the upper bound; the bot's line and, where it is below, the search's line realised under the real rules give the
    lower bound, raised, while below the upper, by the search of the game of strict clues (:func:`_exact_plain`) in the
    time left, without a peer."""
    began = time.perf_counter()
    free = exact(free_deal(origin.deal), limits, free_position(origin), schedule)
    tally.add(free)
    characters = bool(origin.deal.rules.characters)  # the compiled bot and the strict game do not honour them
    bot_actions, bot = seer_line(origin) if characters else bot_finish(Game.from_position(origin))
    low, low_actions = bot, bot_actions
    if bot < free.high:  # else no line can do better
        actions, game = realise(origin, free.actions)
        if game.score > bot:
            low, low_actions = game.score, actions
    left = None if limits.timeout is None else max(0.0, limits.timeout - (time.perf_counter() - began))
    if low < free.high and left != 0 and not characters:
        strict = _exact_plain(origin.deal, SearchLimits(timeout=left), origin, schedule, strict=True)
        tally.add(strict)
        if strict.score > low:
            low, low_actions = strict.score, strict.actions
    method = None if low < free.high else Method.BOT if bot == free.high and not free.searches \
        else free.method or Method.SEARCH
    return ExactResult(low, free.high, low == free.high, bot, free.U2, low_actions, free.nodes, free.searches,
                       time.perf_counter() - began, method)


def _settle(game: Game, bounds: ExactResult, tally: _Tally, schedule: Schedule,
            deadline: float | None) -> tuple[int, int, list[Action]]:
    """The bounds of U3 from the state of ``game`` (Alternating Clues) and a line reaching the lower one, given its
    ``bounds`` by :func:`_sandwich`: while they differ, ``tally`` has states left and the deadline has not passed,
    U3 is the best of the states after each legal move (:func:`~solitaire.seer.game.simulator.legal_actions`: every
    play, discard and a clue of each kind; a clue's target and value change nothing else), each bounded by
    :func:`_sandwich` and, the highest bound first while above the best line, settled the same way."""
    low, high, line = bounds.score, bounds.high, bounds.actions
    children = []
    for action in legal_actions(game) if low < high else []:
        if tally.states <= 0 or STOP_REQUEST[0] or (deadline is not None and time.perf_counter() >= deadline):
            return low, high, line
        child = game.copy()
        child.apply(action)
        if child.over:
            children.append((action, child, ExactResult(child.score, child.score, True, child.score, child.score,
                                                        [])))
            continue
        tally.states -= 1
        children.append((action, child, _sandwich(child.position(), SearchLimits(timeout=_seconds_left(deadline)),
                                                  schedule, tally)))
    if not children:
        return low, high, line
    best_high = 0
    for action, child, result in sorted(children, key=lambda c: -c[2].high):
        child_low, child_high, child_line = (
            _settle(child, result, tally, schedule, deadline) if result.high > low else
            (result.score, result.high, result.actions))
        if child_low > low:
            low, line = child_low, [action, *child_line]
        best_high = max(best_high, child_high)
    return low, min(high, max(best_high, low)), line


@dataclass(frozen=True)
class _Origin:
    """The state :func:`exact` searches from (``start``, ``None``: the first turn of ``deal``, player 0 to move): the
    ``game`` there, and the search's form of it, ``setup`` (:func:`deal_setup`) and ``root``
    (:class:`~solitaire.seer.bounds.u3.kernel.Root`), built when first read (a deal the bot closes needs neither)."""

    deal: Deal
    start: Position | None
    game: Game
    strict: bool = False

    @classmethod
    def of(cls, deal: Deal, start: Position | None, strict: bool = False) -> "_Origin":
        """The origin of ``deal`` at ``start`` (``None``: the first turn, player 0 to move), the clues ``strict``
        as :func:`deal_setup` takes them."""
        return cls(deal, start, Game(deal) if start is None else Game.from_position(start), strict)

    @functools.cached_property
    def setup(self) -> Setup:
        return deal_setup(self.deal, self.strict)

    @functools.cached_property
    def root(self) -> Root:
        deal = self.deal
        return (first_turn(self.setup.deck, deal.players, deal.hand, deal.n_types, self.setup.cost)
                if self.start is None and not self.setup.endless else root_arrays(self.game))


@dataclass
class _Found:
    """What :func:`exact` knows of a deal so far: the bot's score ``L`` and ``U2`` from the origin,
    ``low <= U3 <= high`` with ``actions`` from the origin that reach ``low``, the nodes and searches spent, and
    whether a stop request ended the searches."""

    L: int
    U2: int
    low: int
    high: int
    actions: list
    nodes: int = 0
    searches: int = 0
    stopped: bool = False
    loading: float = 0.0  # seconds spent loading the search's kernels (:func:`warm_up_search`) for this deal

    def closed_by(self) -> Method | None:
        """What closed the gap (:attr:`ExactResult.method`) before any peer: the bot (L = U2, no search), the
        search, or ``None`` while it is open."""
        if self.low < self.high:
            return None
        return Method.BOT if self.searches == 0 and self.high == self.U2 else Method.SEARCH


def _first_bounds(deal: Deal, start: Position | None, origin: _Origin) -> _Found:
    """The bounds before any search: ``low`` the bot's score L (its line from the origin, played by the compiled bot,
    :func:`~solitaire.seer.bounds.u3.bot.bot_finish`), ``high`` the smaller of
    U2 and the node bound with every rule (:func:`hope_from`), both from the origin (U2 alone when the bot reaches
    it; the score of a game already over). Without a final round (All or Nothing) the compiled bot and the node
    bound do not apply: the simulator's bot plays the line, and ``high`` is U2, the maximum. An assertion fails if
    ``high < low``, but under the strict clues of :func:`_exact_plain`, whose bounds need not hold for the bot's
    line of the real game: there ``high`` is raised to ``low``."""
    endless = deal.rules.endless
    actions, low = seer_line(origin.game.position()) if endless else bot_finish(origin.game)
    upper2 = u2_value(deal if start is None else start)
    loading = 0.0
    if origin.game.over:
        high = origin.game.score
    elif low == upper2 or endless:
        high = upper2
    else:
        loading = -time.perf_counter()
        warm_up_search()
        loading += time.perf_counter()
        high = min(upper2, hope_from(origin.setup, origin.root))
    if high < low and origin.strict:  # the bot's line of the real game beats every line of the strict one
        high = low
    if high < low:
        raise AssertionError(f"{deal.ident}: the bot's line scores {low} above the bound {high}")
    return _Found(low, upper2, low, high, actions, loading=loading)


def _search(found: _Found, origin: _Origin, schedule: Schedule, deadline: float | None) -> None:
    """Run the searches of ``schedule`` (:meth:`Schedule.searches`) from ``origin`` until the bounds of ``found``
    meet, the ``deadline`` (of :func:`time.perf_counter`; ``None``: none) has passed or a stop is requested
    (``found.stopped``). A line found raises ``found.low`` (its actions in ``found.actions``), a failure lowers
    ``found.high`` to the bound it proved, a line of the token-free game ends that game's searches (module
    docstring). All the searches share one transposition table (:func:`_table_for`)."""
    table = tt_table(min(schedule.tt_bits, schedule.tt_first_bits))
    rates: dict[SearchKind, float] = {}  # nodes per second, by kind of search
    searches, free_done = schedule.searches(), origin.setup.endless  # no token-free game without a final round
    while found.low < found.high:
        seed, budget, kind = next(searches)
        free, target = kind is SearchKind.FREE, found.low + 1 if kind is SearchKind.FLOOR else found.high
        if (free and free_done) or target == found.high and kind is SearchKind.FLOOR:
            continue  # the free game reached a target >= high (or is not searched): it cannot cut below; no floor left
        limit = _in_time(budget, kind, rates, deadline)
        if limit is None:
            break
        table = _table_for(table, found.nodes + limit, schedule.tt_bits)
        began = time.perf_counter()
        result, used, aborted, line = search_from(origin.setup, origin.root, target, table, limit, seed, free,
                                                  schedule.memo_bits)
        found.nodes, found.searches = found.nodes + used, found.searches + 1
        rates[kind] = used / max(time.perf_counter() - began, 1e-6)
        if aborted and STOP_REQUEST[0]:  # a stop request: the bounds found, no peer
            found.stopped = True
            break
        if aborted:
            continue
        if result >= target and free:
            free_done = True
        elif result >= target:
            found.actions, game = line_actions(origin.game, line)
            found.low = game.score
        else:
            found.high = max(result, found.low)


def _in_time(budget: int, kind: SearchKind, rates: dict[SearchKind, float], deadline: float | None) -> int | None:
    """The node limit of the next search, of ``kind``: its ``budget``, cut to the nodes it runs before ``deadline``
    (of :func:`time.perf_counter`; ``None``: none) at the node rate ``rates`` measured for its kind (the least
    rate measured when none is; the budget before any search), at least 1024 nodes, so that the timeout is overrun
    by little; ``None`` once the deadline has passed."""
    if deadline is None:
        return budget
    left = deadline - time.perf_counter()
    if left <= 0:
        return None
    if not rates:
        return budget
    return max(1024, min(budget, int(rates.get(kind, min(rates.values())) * left)))


def _table_for(table: tuple[np.ndarray, np.ndarray], nodes: int, most_bits: int) -> tuple[np.ndarray, np.ndarray]:
    """``table`` (:func:`tt_table`) if ``nodes`` entries fill at most half of it, else its entries copied into the
    least power of two they fill at most half, of at most ``2**most_bits`` entries."""
    bits = table[1].size.bit_length() - 1
    grown = min(most_bits, max(bits, (2 * nodes - 1).bit_length()))
    return tt_table(grown, table) if grown > bits else table


def peer_close(start: Deal | Position, low: int, high: int, actions: list[Action], timeout: float,
               solver: str, reaches: Callable[..., tuple[bool | None, list[Action] | None]]
               ) -> tuple[int, int, list[Action]]:
    """Close ``low < U3 <= high`` from ``start`` (a deal: its first turn; or a position) with the SAT
    peer ``reaches`` (a value of :data:`solitaire.seer.bounds.peers.PEERS`, with PySAT's ``solver``) within
    ``timeout`` seconds; ``(low, high, actions)``, the actions from ``start``.

    It asks "score >= high?": a "yes" comes with a line that the simulator replays from ``start``
    (finished by the bot), which proves it; a "no" is the solver's proof and lowers ``high`` by one.
    It stops when the bounds meet or the time is up. The peer shares only the deal and the
    simulator with the search, so a deal closed here is not a check of the search.
    """
    deadline = time.perf_counter() + timeout
    while low < high:
        left = deadline - time.perf_counter()
        if left <= 0:
            break
        answer, line = reaches(start, high, solver, timeout=left)
        if answer is None:
            break
        if answer:
            assert line is not None  # a yes comes with its line
            actions, game = finish(simulate(start, line), line)
            low = game.score
        else:
            high -= 1
    return low, high, actions


@functools.cache
def warm_up_bounds() -> None:
    """Load (compile on the very first run) the kernels of U2 and of the bot, once a process: one part of
    :func:`warm_up`."""
    u2_value(seeded_deal(2, 12))  # U2 = 23: every kernel of U2 runs
    bot_finish(Game(seeded_deal(2, 12)))


@functools.cache
def warm_up_search() -> None:
    """Load (compile on the very first run) the kernels of the U3 search and its node bound, once a process: the
    other part of :func:`warm_up`, independent of the first (two processes with an empty cache can compile one
    each)."""
    deck = np.array([0, 1, 5, 6, 2, 7, 3, 8, 4, 9, 0, 5], dtype=np.int64)
    setup, root = setup_of(deck, 2, 5, 0, 1, 0), first_turn(deck, 2, 5, MAX_SCORE, 1)
    search_from(setup, root, 1, tt_table(1, tt_table(1)), 10, 0, False, MEMO_BITS)
    hope_from(setup, root)


@functools.cache
def warm_up() -> None:
    """Load the compiled search, the compiled bot and U2 (compile them on the very first run), once a process (a worker
    forked after it inherits them), so that no deal's timeout is spent compiling: :func:`exact` calls it."""
    warm_up_bounds()
    warm_up_search()
