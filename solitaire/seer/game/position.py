"""Positions of the real game (docs/positions.md): any state a game can reach, and its JSON form.

A position is a deal plus the state after some actions: the next card to draw, each player's
hand (deck indices in slot order, the oldest card first), the stacks, clue tokens, strikes, the
player to move, and the turns left once the deck is empty (``None`` while it lasts); under Alternating Clues
also the kind of the last clue given (``last_clue``: ``"color"``, ``"rank"``, or ``None`` before the first). The
initial position of a deal (:meth:`Position.initial`) has the hands dealt in blocks (player 0
first), empty stacks, 8 clue tokens, no strike and the starting player to move; every answer on a
deal is the answer on that position. :func:`~solitaire.seer.game.simulator.positions_of_game` replays a hanab.live
game through the simulator and lists the position before each action.

What a position must satisfy (checked on construction, :class:`ValueError` naming what is
wrong): the hands are ``P`` lists of distinct deck indices below ``next_card``; while the deck
lasts every hand is full and ``turns_left`` is ``None``; once it is empty ``turns_left`` is in
``0..P`` and no hand is over full; stacks in ``0..5``, clues in ``0..8`` (counted in half tokens under
Clue Starved: ``0..16``, :attr:`~solitaire.seer.game.options.Rules.max_clues`), strikes in ``0..3``,
the player to move in ``0..P-1``; ``last_clue`` ``None`` unless the variant alternates clues; the deck has a
card to draw after the first hands; in Up or Down ``ways`` per suit, the state of its stack with its count
(:mod:`~solitaire.seer.game.stacks`; ``None`` in every other variant, and on an Up or Down deal only when every stack
is empty); and the
cards drawn so far hold every card in a hand or on a stack (the rest of them are the lost
copies, :attr:`Position.lost`).

JSON form (:meth:`Position.to_json`, :func:`parse_position`)::

    {"players": ["Alice", "Bob"],            # or a number of players
     "deck": [{"suitIndex": 0, "rank": 1}, ...],   # as in a hanab.live game
     "next_card": 12, "hands": [[0, 1, 2, 3, 10], [5, 6, 7, 8, 11]],
     "stacks": [1, 0, 0, 0, 0], "clues": 7, "strikes": 0, "to_move": 1, "turns_left": null}

A variant game adds its hanab.live ``"options"`` (``{"variant": "Black (6 Suits)"}``) and has one
stack per suit; an Alternating Clues game adds ``"last_clue"``; an Up or Down game adds ``"played"``, per suit the
ranks played on its stack in the order played (hanab.live's ranks, 7 for START: ``[[7, 2, 3], [], [5], ...]``).
Card indices in ``hands`` are the hanab.live card orders (the index in ``deck``).
"""

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from solitaire.io.errors import InputError, expect_type
from solitaire.io.inputfile import is_whole, parse_json, read_text
from solitaire.seer.game.deals import RANKS, Deal, card_name, deal_to_hanablive, parse_hanablive
from solitaire.seer.game.options import MAX_CLUES, Rules
from solitaire.seer.game.stacks import Orders
from solitaire.seer.game.variants import COLOR, RANK

__all__ = ["Position", "MAX_CLUES", "MAX_STRIKES", "position_of", "parse_position", "read_position", "can_score",
           "finished_players", "out_of_play", "deck_copies", "needed_lost", "stuck"]

MAX_STRIKES = 3


@dataclass(frozen=True)
class Position:
    """A state of a real game on ``deal`` (see the module docstring)."""

    deal: Deal                          # deck order (deal.types), players, hand size
    next_card: int                      # index in the deck of the next card to draw
    hands: tuple[tuple[int, ...], ...]  # per player, the deck indices held, in slot order
    stacks: tuple[int, ...]             # cards played per suit
    clues: int                          # clue tokens, in half tokens under Clue Starved (Rules.max_clues)
    strikes: int
    to_move: int                        # the player to move
    turns_left: int | None              # None while the deck lasts; else turns left in the game
    last_clue: str | None = None        # Alternating Clues: the kind of the last clue (COLOR, RANK), else None
    ways: tuple[int, ...] | None = None  # Up or Down, Sudoku: per suit the orders open to its stack (stacks.py)
    #: detrimental characters: their state (Traits.key: per player, the set of marked cards, the order reversed),
    #: ``None`` for the state at the start of a game
    traits: tuple[tuple[int, ...], tuple[int, ...], bool] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(tuple(int(o) for o in hand) for hand in self.hands))
        object.__setattr__(self, "stacks", tuple(int(s) for s in self.stacks))
        orders = self.deal.variant.orders
        if self.ways is None and orders is not None and not any(self.stacks):
            object.__setattr__(self, "ways", (orders.all,) * len(self.stacks))
        problem = self._problem()
        if problem:
            raise ValueError(problem)

    @classmethod
    def initial(cls, deal: Deal, start_player: int | None = None) -> "Position":
        """The position before the first action; ``start_player`` defaults to the deal's own."""
        start = deal.start_player if start_player is None else start_player
        hand = deal.hand
        hands = tuple(tuple(range(p * hand, (p + 1) * hand)) for p in range(deal.players))
        return cls(deal, deal.pooled, hands, (0,) * len(deal.variant.suits), deal.rules.max_clues, 0, start, None)

    def _problem(self):
        """What is wrong with the position, or ``None``."""
        deal, P = self.deal, self.deal.players
        size = len(deal.types)
        if size <= deal.pooled:
            return f"a deal needs at least one card to draw: {size} cards for {P} hands of {deal.hand}"
        if not deal.pooled <= self.next_card <= size:
            return f"next_card must be in {deal.pooled}..{size}, got {self.next_card}"
        if len(self.hands) != P:
            return f"expected {P} hands, got {len(self.hands)}"
        held = [o for hand in self.hands for o in hand]
        if any(not 0 <= o < self.next_card for o in held):
            return f"a hand holds a card not yet drawn (cards 0..{self.next_card - 1} are drawn)"
        if len(set(held)) != len(held):
            return "a card is in two hands (or twice in one)"
        deck_lasts = self.next_card < size
        for p, hand in enumerate(self.hands):
            if len(hand) > deal.hand or (deck_lasts and len(hand) != deal.hand):
                return f"player {p} holds {len(hand)} cards, expected {deal.hand}" + ("" if deck_lasts else " at most")
        suits = len(deal.variant.suits)
        if len(self.stacks) != suits or any(not 0 <= s <= RANKS for s in self.stacks):
            return f"expected {suits} stacks in 0..{RANKS}, got {list(self.stacks)}"
        problem = self._ways_problem()
        if problem:
            return problem
        rules = deal.rules
        for name, value, top in (("clues", self.clues, rules.max_clues), ("strikes", self.strikes, MAX_STRIKES),
                                 ("to_move", self.to_move, P - 1)):
            if not (isinstance(value, int) and 0 <= value <= top):
                return f"{name} must be in 0..{top}, got {value!r}"
        if (deck_lasts or rules.endless) and self.turns_left is not None:
            return "turns_left must be null " + ("under All or Nothing" if rules.endless else "while the deck lasts")
        in_final_round = not deck_lasts and not rules.endless
        most = P + any(c.name == "Panicky" for c in rules.characters)  # its second discard may draw the last card
        if in_final_round and not (isinstance(self.turns_left, int) and 0 <= self.turns_left <= most):
            return f"turns_left must be in 0..{most} once the deck is empty, got {self.turns_left!r}"
        if self.last_clue not in ((None, COLOR, RANK) if rules.alternating else (None,)):
            return (f"last_clue must be null, {COLOR!r} or {RANK!r}, got {self.last_clue!r}" if rules.alternating
                    else f"last_clue is of Alternating Clues only, got {self.last_clue!r}")
        lost = self.lost
        short = [t for t in range(deal.n_types) if lost[t] < 0]
        if short:
            return f"more {card_name(short[0], deal.variant)} held or played than drawn"
        return None

    def _ways_problem(self):
        """What is wrong with :attr:`ways`, or ``None``."""
        orders = self.deal.variant.orders
        if orders is None:
            return None if self.ways is None else "ways are of Up or Down and Sudoku stacks only"
        if self.ways is None or len(self.ways) != len(self.stacks):
            return (f"an {orders.name} position needs the ways of its {len(self.stacks)} stacks (the cards played on "
                    "them)")
        bad = next((s for s, (ways, count) in enumerate(zip(self.ways, self.stacks, strict=True))
                    if count and not orders.consistent(ways, count)), None)
        if bad is not None:
            return f"stack {bad}: ways {self.ways[bad]} are not those of {self.stacks[bad]} cards"
        starts = [orders.played(ways, 1)[0] for ways, count in zip(self.ways, self.stacks, strict=True) if count]
        if orders.distinct_starts and len(set(starts)) < len(starts):
            return f"two stacks start at the same rank in {orders.name}"
        if self.ways != orders.close(self.ways, self.stacks):
            return f"the ways of the empty stacks are not what the started ones leave them: {list(self.ways)}"
        return None

    @property
    def played(self) -> int:
        """Cards on the stacks."""
        return sum(self.stacks)

    @property
    def score(self) -> int:
        """The score if the game ended here: 0 after the third strike, a speedrun's lost card or where All or Nothing
        is stuck, else the cards played."""
        return 0 if self.strikes >= MAX_STRIKES or self._speedrun_lost or self._stuck else self.played

    @property
    def deck_left(self) -> int:
        """Cards still to draw."""
        return len(self.deal.types) - self.next_card

    @property
    def over(self) -> bool:
        """Whether the game has ended (third strike, every card played, no turn left, or under restricted clues no
        card can score: :func:`can_score`)."""
        return (self.strikes >= MAX_STRIKES or self.played == self.deal.max_score or self.turns_left == 0
                or self.deal.rules.restricted_clues and not can_score(
                    self.stacks, self._out_of_play(), deck_copies(self.deal), self.deal.variant.orders, self.ways)
                or self._speedrun_lost or self._stuck)

    def _out_of_play(self) -> list[int]:
        """:attr:`lost` and the cards of the players who have taken their final turn (:func:`out_of_play`)."""
        finished = [] if self.traits is not None else finished_players(self.deal.players, self.to_move,
                                                                         self.turns_left)
        return out_of_play(self.lost, self.hands, self.deal.types, finished)

    @property
    def _stuck(self) -> bool:
        """All or Nothing stuck (:func:`stuck`): over, with 0."""
        return stuck(self.deal.rules, self.hands, self.deal.types, self.to_move, self.clues, self.played)

    @property
    def _speedrun_lost(self) -> bool:
        """A speedrun game that lost a card the maximum needs (:func:`needed_lost`): over, with 0."""
        return self.deal.rules.speedrun and needed_lost(self.stacks, self.lost, deck_copies(self.deal),
                                                        self.deal.variant.orders, self.ways)

    @property
    def held_types(self) -> list[int]:
        """The types of the cards in the hands, player 0 first, in slot order."""
        return [int(self.deal.types[o]) for hand in self.hands for o in hand]

    @property
    def lost(self) -> list[int]:
        """Per type, the copies drawn that are neither in a hand nor on a stack (discarded or misplayed)."""
        counts = [0] * self.deal.n_types
        for t in self.deal.types[:self.next_card].tolist():
            counts[t] += 1
        for t in self.held_types:
            counts[t] -= 1
        for suit in range(len(self.stacks)):
            for slot in self._played(suit):
                counts[suit * self.deal.variant.width + slot] -= 1
        return counts

    def _played(self, suit: int) -> Sequence[int]:
        """The slots on the stack of ``suit``, in the order played."""
        orders, height = self.deal.variant.orders, self.stacks[suit]
        return range(height) if orders is None or self.ways is None else orders.played(self.ways[suit], height)

    def to_json(self) -> dict:
        """The JSON form (module docstring)."""
        game = deal_to_hanablive(self.deal)
        out = {"players": game["players"], "deck": game["deck"], "next_card": self.next_card,
               "hands": [list(hand) for hand in self.hands], "stacks": list(self.stacks), "clues": self.clues,
               "strikes": self.strikes, "to_move": self.to_move, "turns_left": self.turns_left}
        if not self.deal.standard:
            out["options"] = self.deal.options.to_hanablive()
        if self.deal.rules.alternating:
            out["last_clue"] = self.last_clue
        variant = self.deal.variant
        if self.ways is not None and variant.orders is not None:
            out["played"] = [[variant.slots[slot] for slot in variant.orders.played(ways, count)]
                             for ways, count in zip(self.ways, self.stacks, strict=True)]
        if self.deal.options.characters:
            out["characters"] = self.deal.options.characters_json()
        if self.traits is not None:
            state, marked, inverted = self.traits
            out["traits"] = {"state": list(state), "marked": list(marked), "inverted": inverted}
        return out


def finished_players(players: int, to_move: int, turns_left: int | None) -> list[int]:
    """The players who have taken their final turn: once the deck is empty, with ``turns_left`` turns left, one for
    each player from ``to_move`` on, the ``players - turns_left`` others (none while the deck lasts)."""
    if turns_left is None or turns_left >= players:
        return []
    return [(to_move - 1 - k) % players for k in range(players - turns_left)]


def out_of_play(lost: Sequence[int], hands: Sequence[Sequence[int]], types: Sequence[int] | np.ndarray,
                finished: Sequence[int]) -> list[int]:
    """Per type, the copies ``lost`` and those in the hands (deck indices into ``types``) of the ``finished`` players
    (:func:`finished_players`): no one can play them any more. hanab.live's server marks the cards of a player who has
    taken their final turn ``CannotBePlayed`` (``command_action.go``) and its end of the game counts them as lost
    (``CheckEnd``): :func:`can_score` of these counts."""
    gone = list(lost)
    for player in finished:
        for order in hands[player]:
            gone[int(types[order])] += 1
    return gone


def deck_copies(deal: Deal) -> list[int]:
    """Per type, the copies in the deal's deck."""
    return np.bincount(deal.types, minlength=deal.n_types).tolist()


def can_score(stacks: Sequence[int], lost: Sequence[int], copies: Sequence[int], orders: Orders | None = None,
              ways: Sequence[int] | None = None) -> bool:
    """Whether a card can still score: the next card of some unfinished stack has a copy (of ``copies``, those in
    the deck) not lost. hanab.live's server ends the game as soon as none can (``CheckEnd``: the score has reached
    the most the discarded cards leave, or no card that plays is left), with the score it has; the Hanabi Learning
    Environment (and so OpenSpiel and JaxMARL) plays on to the end of the final round. The score is the same either
    way unless a third strike can be forced later, which needs restricted clues
    (:attr:`~solitaire.seer.game.options.Rules.restricted_clues`, hanab.live's variants only): the simulator, the
    bots and the search end the game there under restricted clues only, so that every game of those engines
    replays as recorded. In Up or Down and Sudoku (``orders`` and the stacks' ``ways``,
    :mod:`~solitaire.seer.game.stacks`) the next card of a stack is that of any of its open orders (hanab.live's
    ``variantReversibleCheckAllDead``, ``variantSudokuCheckAllDead``)."""
    if orders is not None and ways is not None:
        w = orders.width
        return any(lost[s * w + order[h]] < copies[s * w + order[h]]
                   for s, h in enumerate(stacks) if h < orders.length for order in orders.of(ways[s]))
    return any(h < RANKS and lost[s * RANKS + h] < copies[s * RANKS + h] for s, h in enumerate(stacks))


def stuck(rules: Rules, hands: Sequence[Sequence[int]], types: Sequence[int] | np.ndarray, to_move: int, clues: int,
          played: int) -> bool:
    """Whether a game of All or Nothing (:attr:`~solitaire.seer.game.options.Rules.endless`) is stuck: the maximum not
    reached, the player to move (``to_move``) holds no card and may give no clue (fewer ``clues`` than a clue costs,
    or no teammate holds a card a clue touches, no clue being always legal). The game is then over, with 0.
    ``hands`` hold deck indices, ``types`` the deck's types."""
    if not rules.endless or hands[to_move] or played == rules.max_score:
        return False
    teammates = (types[o] for p, hand in enumerate(hands) if p != to_move for o in hand)
    return clues < rules.clue_cost or not (rules.always_clue or any(rules.clueable[t] for t in teammates))


def needed_lost(stacks: Sequence[int], lost: Sequence[int], copies: Sequence[int], orders: Orders | None = None,
                ways: Sequence[int] | None = None) -> bool:
    """Whether a card the maximum needs is lost: every copy in the deck (``copies``, at least one) of a card above
    its stack. A speedrun game ends there with 0 (hanab.live's ``EndConditionSpeedrunFail``: its maximum score,
    walked up each suit by the cards not discarded, is below the variant's; on a short deck, a card the deck does
    not hold is not lost). In Up or Down and Sudoku (``orders``, ``ways``) a stack needs the cards of one of its
    orders: a card is lost to the maximum when no order open to the stack can still be finished. (In Sudoku every
    order of a stack holds every rank of its suit, so the orders one stack closes to another never decide it.)"""
    if orders is not None and ways is not None:
        return any(orders.reach(ways[s], h, _kept(orders, s, lost, copies)) < orders.length
                   for s, h in enumerate(stacks))
    return any(0 < copies[s * RANKS + r] <= lost[s * RANKS + r]
               for s, h in enumerate(stacks) for r in range(h, RANKS))


def _kept(orders: Orders, suit: int, lost: Sequence[int], copies: Sequence[int]) -> Callable[[int], bool]:
    """Whether a slot of an Up or Down or Sudoku suit still has a copy to come (a card the deck does not hold counts
    as one, as in :func:`needed_lost`)."""
    def kept(slot: int) -> bool:
        t = suit * orders.width + slot
        return not 0 < copies[t] <= lost[t]
    return kept


def position_of(source: "Deal | Position", parameter: str = "source") -> Position:
    """A position as it is, or a deal's initial position; :class:`InputError` naming ``parameter`` for anything
    else."""
    expect_type(source, (Deal, Position), parameter,
                "a Deal or a Position (solitaire.seer.read_deal reads a deal from a file)")
    return source if isinstance(source, Position) else Position.initial(source)


_FIELDS = ("next_card", "hands", "stacks", "clues", "strikes", "to_move", "turns_left")


def parse_position(obj: Any, source: str = "<json>", line: int | None = None) -> Position:
    """A :class:`Position` from its JSON form; :class:`InputError` names what is wrong."""
    if not isinstance(obj, dict):
        raise InputError("expected a position object", source, line)
    missing = [key for key in _FIELDS if key not in obj]
    if missing:
        raise InputError(f"expected the position fields {', '.join(_FIELDS)}; missing {', '.join(missing)}",
                         source, line)
    deal = parse_hanablive({key: obj[key] for key in ("deck", "players", "options", "characters") if key in obj},
                           source, line)
    hands, stacks = obj["hands"], obj["stacks"]
    if not (isinstance(hands, list) and all(isinstance(h, list) and all(is_whole(o) for o in h) for h in hands)):
        raise InputError(f"expected 'hands' to be lists of card indices, got {json.dumps(hands)}", source, line)
    if not (isinstance(stacks, list) and all(is_whole(s) for s in stacks)):
        raise InputError(f"expected 'stacks' to be a list of numbers, got {json.dumps(stacks)}", source, line)
    for key in ("next_card", "clues", "strikes", "to_move"):
        if not is_whole(obj[key]):
            raise InputError(f"expected '{key}' to be a number, got {json.dumps(obj[key])}", source, line)
    if obj["turns_left"] is not None and not is_whole(obj["turns_left"]):
        raise InputError(f"expected 'turns_left' to be a number or null, got {json.dumps(obj['turns_left'])}",
                         source, line)
    ways = _ways(obj, deal, stacks, source, line)
    traits = _traits(obj, deal, source, line)
    try:
        return Position(deal, obj["next_card"], tuple(map(tuple, hands)), tuple(stacks), obj["clues"],
                        obj["strikes"], obj["to_move"], obj["turns_left"], obj.get("last_clue"), ways, traits)
    except ValueError as err:
        raise InputError(f"not a position: {err}", source, line) from None


def _traits(obj, deal, source, line):
    """The characters' state of a position (its ``"traits"``: ``state`` per player, the ``marked`` cards, whether the
    order of play is ``inverted``), or ``None``: the state at the start of the game."""
    traits = obj.get("traits")
    if traits is None:
        return None
    players = deal.players
    if not (deal.options.characters and isinstance(traits, dict) and set(traits) == {"state", "marked", "inverted"}
            and isinstance(traits["state"], list) and len(traits["state"]) == players
            and all(is_whole(v) and v >= -1 for v in traits["state"]) and isinstance(traits["marked"], list)
            and all(is_whole(o) for o in traits["marked"]) and isinstance(traits["inverted"], bool)):
        raise InputError(f"expected 'traits' of a game with characters: {{\"state\": {players} whole numbers >= -1, "
                         f"\"marked\": card indices, \"inverted\": true or false}}, got {json.dumps(traits)}",
                         source, line)
    return tuple(traits["state"]), tuple(sorted(traits["marked"])), traits["inverted"]


def _ways(obj, deal, stacks, source, line):
    """The ways of an Up or Down or Sudoku position's stacks from its ``"played"`` field (``None`` elsewhere, or
    when absent with every stack empty)."""
    played = obj.get("played")
    if played is None:
        return None
    variant = deal.variant
    orders = variant.orders
    if orders is None:
        raise InputError(f"'played' is of Up or Down and Sudoku positions only, not of {variant.name}", source, line)
    if not (isinstance(played, list) and len(played) == len(stacks) and all(isinstance(p, list) for p in played)):
        raise InputError(f"expected 'played' to be {len(stacks)} lists of ranks, got {json.dumps(played)}",
                         source, line)
    ways = []
    for suit, (ranks, count) in enumerate(zip(played, stacks, strict=True)):
        if not all(r in variant.slots for r in ranks) or len(ranks) != count:
            raise InputError(f"expected 'played' of suit {suit} to be {count} ranks of {list(variant.slots)} "
                             f"('stacks'), got {json.dumps(ranks)}", source, line)
        ways.append(orders.ways_of([variant.slots.index(r) for r in ranks]))
        if not ways[-1]:
            raise InputError(f"the ranks {ranks} of suit {suit} cannot be played in that order in {orders.name}",
                             source, line)
    return orders.close(ways, stacks)


def read_position(path: str | os.PathLike[str]) -> Position:
    """The position in a JSON file (one object in the JSON form)."""
    return parse_position(parse_json(read_text(path), str(path)), str(path))

