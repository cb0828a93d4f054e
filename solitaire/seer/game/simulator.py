"""The real rules of Hanabi (docs/architecture.md, the real game) and a perfect-information bot: the lower bound L.

Simulator (:class:`Game`, :func:`simulate`, :func:`replay`). Rules as on hanab.live and in HLE:
players ``0..P-1`` take turns, the starting player first (the deal's, player 0 unless the game
says otherwise; the deal still gives player 0 the first hand); 8 clue tokens, 3 strikes; a clue costs a token, must
touch at least one card of another player and draws nothing; a discard needs fewer than 8
tokens and returns one (beside an inverted suit it is allowed at 8 too, returning none:
:attr:`~solitaire.seer.game.options.Rules.discard_when_full`); a play of the next card of its suit scores (a 5
returns a token if below 8, except under Throw It in a Hole,
:attr:`~solitaire.seer.game.options.Rules.stack_token`), any other play is a misplay (a strike, the card is
discarded). Under Clue Starved a discard or a played 5 returns half a token: the game counts half tokens then,
as hanab.live does (16 at the start, a clue costs 2, :attr:`~solitaire.seer.game.options.Rules.clue_cost`). Each play,
misplay or discard draws the next card for the acting player while the deck lasts. With the
option ``deckPlays``, when one card is left in the deck the player to move may play it from the
deck (as hanab.live's server does: the card is drawn and played at once, a misplay if it does not
play; the player's hand is unchanged); it cannot be discarded. After
the last card is drawn every player, the drawer included, has exactly one more turn. The
game ends then, at 25, or at the third strike, which scores 0 (the cards played under pyhanabi's rules,
:attr:`~solitaire.seer.game.options.Rules.strikeout_scores`); under restricted clues also, as on hanab.live, as
soon as no card can score any more (the next card of every unfinished stack has every copy lost or held by a player
who has taken their final turn, :func:`~solitaire.seer.game.position.out_of_play`; where it changes no score the game
plays on, as in HLE: :func:`~solitaire.seer.game.position.can_score`), with its score. Under
Alternating Clues a clue may not be of the kind of the previous one (``Game.last_clue``). With the option
``speedrun`` the game ends with 0 as soon as a card the maximum needs is lost
(:func:`~solitaire.seer.game.position.needed_lost`); with ``allOrNothing`` too, and it has no final round: it
goes on until it ends so, at the maximum, at the third strike, or when the player to move holds no card and may give
no clue, with 0 (:attr:`~solitaire.seer.game.options.Rules.endless`). Under detrimental characters
(:attr:`~solitaire.seer.game.options.Rules.characters`) each player's character refuses or forces moves, gives a
second action in a turn (Genius, Panicky), turns a play into a misplay (Follower) or reverses the order of play
(Contrarian), as :mod:`~solitaire.seer.game.characters` states; ``turn`` then counts turns and ``applied``
actions. A game starts from any
:class:`~solitaire.seer.game.position.Position` (:meth:`Game.from_position`) and exports the one it is
in (:meth:`Game.position`).

Actions are hanab.live's export format: ``{"type": 0, "target": order}`` play,
``{"type": 1, "target": order}`` discard (``order`` = the card's index in the deck; a play from the
deck targets the deck's last card),
``{"type": 2, "target": player, "value": suit}`` color clue,
``{"type": 3, "target": player, "value": rank}`` rank clue; type 4 (game over) ends the list.

Bot (:func:`seer_line`). It sees every hand and the deck and follows the rules, so its
score is a lower bound L on the perfect-information optimum U3 <= U2. On its turn a player
plays a playable card if it has one (the lowest rank first; among equals, one whose next
card is already in some hand); otherwise it discards a useless card (played already, held
twice, or a card whose lower card is lost) when it may — unless the pace
``played + cards left + P - 25`` is at most 4 and a teammate can play, when it stalls with
a clue to keep the deck for later (this matters at the end: after the last draw each
player plays at most once, and only its own cards); otherwise it stalls with a clue
when a token is left; otherwise it discards the card it misses least (not the last copy of
a needed card if it can help it, the highest rank first). (A discard at 8 tokens counts as one it may make
where the rules allow it.) With 8 tokens and no legal clue (no
teammate holds a card some clue touches, in a variant with such cards) it misplays its least
useful card, even as the third strike: no other action is legal then. The search's driver plays the same line
with a compiled twin of the bot (:mod:`solitaire.seer.bounds.u3.bot`), which the tests hold to this one.

Running time: ``O(turns * P * hand)`` per game, a fraction of a millisecond.
"""

import itertools
from collections.abc import Iterable, Iterator, Mapping
from enum import IntEnum
from typing import Any, TypedDict

from solitaire.io.errors import InputError
from solitaire.io.inputfile import is_whole, json_text
from solitaire.seer.game.characters import Traits
from solitaire.seer.game.deals import RANKS, Deal, parse_hanablive
from solitaire.seer.game.position import (
    MAX_CLUES,
    MAX_STRIKES,
    Position,
    can_score,
    deck_copies,
    finished_players,
    needed_lost,
    out_of_play,
    position_of,
    stuck,
)
from solitaire.seer.game.variants import COLOR, RANK, Card, Clue, clue_is_legal, clue_offered

__all__ = ["MAX_CLUES", "ActionKind", "Action", "PLAY", "DISCARD", "COLOR_CLUE", "RANK_CLUE", "GAME_OVER", "Game",
           "IllegalAction", "NoLegalAction", "action_error", "simulate", "replay", "seer_line", "finish", "seer_score",
           "bot_action", "legal_clue", "legal_actions", "real_line", "real_prefix", "positions_of_game", "needed"]



class ActionKind(IntEnum):
    """hanab.live's action types (an action's ``type``)."""

    PLAY = 0
    DISCARD = 1
    COLOR_CLUE = 2
    RANK_CLUE = 3
    GAME_OVER = 4

    # shown as the number, as hanab.live's JSON has it: an action reads {'type': 0, 'target': 3}
    __repr__ = int.__repr__
    __str__ = int.__repr__


PLAY, DISCARD, COLOR_CLUE, RANK_CLUE, GAME_OVER = ActionKind


class Action(TypedDict, total=False):
    """A hanab.live action: ``type`` (:class:`ActionKind`), ``target`` (the card's deck index for a play or
    a discard, the player clued for a clue, the player who ended the game for a game over) and ``value``
    (the clue's colour index or rank, the end condition of a game over)."""

    type: int
    target: int
    value: int

#: Below this hanab.live pace the bot stalls with a clue instead of discarding junk (tuned on seeds 0..399).
STALL_PACE = 4


class IllegalAction(InputError):
    """An action the rules forbid; ``number`` is its 1-based index in the list."""

    def __init__(self, message: str, number: int | None = None, source: str = "<actions>") -> None:
        super().__init__(f"action {number}: {message}" if number else message, source)
        self.number = number


class NoLegalAction(RuntimeError):
    """The player to move may make no move (detrimental characters can leave one: hanab.live's server then waits
    for its players to end the game)."""


class Game:
    """The state of a real game; :meth:`apply` takes one hanab.live action.

    ``Game(deal)`` starts from the deal's initial position with ``start_player`` (default: the
    deal's) to move; ``turn`` counts the actions applied since the starting position.
    """

    def __init__(self, deal: Deal, start_player: int | None = None) -> None:
        if start_player is not None or len(deal.types) <= deal.pooled:
            self._load(Position.initial(deal, start_player))  # checked: the start player, a card left to draw
            return
        hand = deal.hand  # the deal's initial position (Position.initial), valid as any deal with a card to draw
        suits, orders = len(deal.variant.suits), deal.variant.orders
        self._load_cards(deal, [list(range(p * hand, (p + 1) * hand)) for p in range(deal.players)],
                         [0] * suits, [0] * deal.n_types, None if orders is None else (orders.all,) * suits)
        self.next_card, self.clues, self.strikes = deal.pooled, self.max_clues, 0
        self.current, self.last_turn = deal.start_player, None
        self.last_clue: str | None = None  # Alternating Clues: the kind of the last clue

    @classmethod
    def from_position(cls, position: Position) -> "Game":
        """A game in ``position`` (its ``turn`` counts from there)."""
        game = cls.__new__(cls)
        game._load(position)
        return game

    def _load(self, position):
        self._load_cards(position.deal, [list(hand) for hand in position.hands], list(position.stacks), position.lost,
                         position.ways)
        self.next_card, self.clues, self.strikes = position.next_card, position.clues, position.strikes  # clue units
        self.current = position.to_move
        self.last_turn = position.turns_left  # the game ends when turn reaches it
        self.last_clue = position.last_clue  # Alternating Clues: the kind of the last clue
        if position.traits is not None:
            state, marked, inverted = position.traits
            self.traits = Traits(self.rules.characters, list(state), set(marked), inverted)

    def _load_cards(self, deal, hands, stacks, lost, ways):
        """The deal's constants, the hands (deck indices in slot order), the stacks, the copies lost per type and
        the ways of Up or Down and Sudoku stacks (:mod:`~solitaire.seer.game.stacks`, ``None`` elsewhere); ``turn``
        0."""
        self.deal, self.rules, self.players = deal, deal.rules, deal.players  # read once, not per turn
        self.orders, self.ways = deal.variant.orders, None if ways is None else list(ways)
        self.types = [int(t) for t in deal.types]  # Python ints: the bot reads them on every turn
        self.hands, self.stacks, self.lost = hands, stacks, lost
        self.counts = deal.counts.tolist()  # copies in the variant's deck, per type
        self.copies = deck_copies(deal)  # copies in this deck, per type (a short deck's may be fewer)
        self.ends_dead = self.rules.restricted_clues  # the game ends once no card can score (can_score)
        self.speedrun = self.rules.speedrun  # the game ends with 0 once a card the maximum needs is lost
        self.endless = self.rules.endless  # All or Nothing: no final round
        self.max_score, self.stack_size = deal.max_score, deal.variant.stack_size  # a finished stack's cards
        self.held = [0] * deal.n_types  # copies in the hands, per type
        for hand in hands:
            for order in hand:
                self.held[self.types[order]] += 1
        self.turn, self.applied, self.deck_plays = 0, 0, self.rules.deck_plays  # turns passed, actions applied
        self.traits = Traits(self.rules.characters) if self.rules.characters else None
        # the characters read cards on every action: each deck index's card, once
        self.cards_of = [deal.variant.card_of(t) for t in self.types] if self.traits is not None else None
        self.softlock = False  # a player bound to clue with no token left (characters): over, with 0
        self.clue_cost, self.max_clues = self.rules.clue_cost, self.rules.max_clues
        self.discard_when_full = self.rules.discard_when_full
        self.stack_token = self.rules.stack_token

    def position(self) -> Position:
        """The position the game is in."""
        return Position(self.deal, self.next_card, tuple(map(tuple, self.hands)), tuple(self.stacks),
                        self.clues, self.strikes, self.current,
                        None if self.last_turn is None else self.last_turn - self.turn, self.last_clue,
                        None if self.ways is None else tuple(self.ways),
                        None if self.traits is None else self.traits.key())

    def players_to_move(self) -> list[int]:
        """The players who still have a turn, in the order they take it (everyone while the deck lasts)."""
        left = self.players if self.last_turn is None else min(self.players, self.last_turn - self.turn)
        if self.traits is None:
            return [(self.current + k) % self.players for k in range(left)]
        return self.traits.seats(self.current, left)

    @property
    def played(self) -> int:
        return sum(self.stacks)

    @property
    def over(self) -> bool:
        return (self.strikes >= MAX_STRIKES or sum(self.stacks) == self.max_score
                or (self.last_turn is not None and self.turn >= self.last_turn)
                or self.ends_dead and not can_score(self.stacks, self._out_of_play(), self.copies, self.orders,
                                                    self.ways)
                or self._speedrun_lost or self._stuck or self.softlock)

    def _out_of_play(self) -> list[int]:
        """The copies lost and those of the players who have taken their final turn
        (:func:`~solitaire.seer.game.position.out_of_play`; under characters those lost only)."""
        if self.last_turn is None or self.traits is not None:
            return self.lost
        return out_of_play(self.lost, self.hands, self.types,
                           finished_players(self.players, self.current, self.last_turn - self.turn))

    @property
    def _stuck(self) -> bool:
        """All or Nothing stuck (:func:`~solitaire.seer.game.position.stuck`): over, with 0."""
        return self.endless and stuck(self.rules, self.hands, self.types, self.current, self.clues, self.played)

    @property
    def _speedrun_lost(self) -> bool:
        """A speedrun game that lost a card the maximum needs (:func:`~solitaire.seer.game.position.needed_lost`):
        over, with 0."""
        return self.speedrun and needed_lost(self.stacks, self.lost, self.copies, self.orders, self.ways)

    @property
    def score(self) -> int:
        struck_out = self.strikes >= MAX_STRIKES and not self.rules.strikeout_scores
        return 0 if struck_out or self._speedrun_lost or self._stuck or self.softlock else self.played

    @property
    def may_clue(self) -> bool:
        """Whether a clue token is left (the cards a clue must touch aside)."""
        return self.clues >= self.clue_cost

    @property
    def may_discard(self) -> bool:
        """Whether a discard is allowed: fewer than 8 clue tokens, or beside an inverted suit."""
        return self.clues < self.max_clues or self.discard_when_full

    @property
    def deck_left(self) -> int:
        return len(self.types) - self.next_card

    @property
    def may_play_deck(self) -> bool:
        """Whether the deck's last card may be played from the deck: ``deckPlays``, one card left."""
        return self.deck_plays and self.deck_left == 1

    def type_of(self, order: int) -> int:
        return self.types[order]

    def card(self, order: int) -> Card:
        """The card of deck index ``order``."""
        return self.deal.variant.card_of(self.types[order]) if self.cards_of is None else self.cards_of[order]

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        """Why the rules refuse ``action`` now, or ``None`` (the game unchanged)."""
        try:
            self.copy().apply(action)
        except ValueError as err:
            return str(err)
        return None

    def copy(self) -> "Game":
        """An independent copy of the state (same deal)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.stacks, other.lost, other.held = list(self.stacks), list(self.lost), list(self.held)
        other.ways = None if self.ways is None else list(self.ways)
        other.traits = None if self.traits is None else self.traits.copy()
        return other

    def scores(self, order: int) -> bool:
        """Whether a play of card ``order`` by the player to move now builds its stack (playable, and not one of
        Follower's misplays)."""
        t, traits = self.types[order], self.traits
        return self.playable(t) and not (traits is not None and traits.misplays(self.current, self.card(order),
                                                                                 self.stacks))

    def playable(self, t: int) -> bool:
        if self.ways is None:
            return self.stacks[t // RANKS] == t % RANKS
        suit, slot = divmod(t, self.orders.width)
        return self.orders.play(self.ways[suit], self.stacks[suit], slot) != 0

    def _remove(self, order):
        player = self.current
        hand = self.hands[player]
        if order not in hand:
            raise ValueError(f"card {order} is not in the hand of player {player}")
        hand.remove(order)
        if self.traits is not None:
            self.traits.after_remove(order)
        types, held = self.types, self.held
        held[types[order]] -= 1
        if self.next_card < len(types):
            hand.append(self.next_card)
            held[types[self.next_card]] += 1
            self._draw()

    def _draw(self):
        """The next card leaves the deck; after the last one every player has one more turn."""
        self.next_card += 1
        if self.next_card == len(self.types) and not self.endless:
            self.last_turn = self.turn + 1 + (self.players if self.traits is None else
                                              self.traits.final_turns(self.players))

    def apply(self, action: Mapping[str, Any], characters_allow: bool = False) -> None:
        """Apply one action (a dict); raises ``ValueError`` with the reason if illegal (``characters_allow``: the
        characters' :meth:`~solitaire.seer.game.characters.Traits.refusal` is known to be ``None``)."""
        if self.over:
            raise ValueError("the game is over")
        target: Any  # read from JSON, checked before it indexes the deck
        value: Any
        kind, target, value = action.get("type"), action.get("target"), action.get("value")
        player, traits = self.current, self.traits
        if traits is not None and not characters_allow:
            why = traits.refusal(self, player, kind, target, value)
            if why:
                raise ValueError(why)
        if kind == PLAY:
            if target == self.next_card and self.may_play_deck:
                self._draw()  # the deck's last card, played from the deck: the hand is unchanged
            else:
                self._remove(target)
            t = self.types[target]
            if self.scores(target):
                self._build(t)
            else:
                self.strikes += 1
                self.lost[self.types[target]] += 1
        elif kind == DISCARD:
            if target == self.next_card and self.may_play_deck:
                raise ValueError("a discard of the deck's last card is not played here (hanab.live's server carries "
                                 "it out when a program sends it; its client offers it with an inverted suit only)")
            if not self.may_discard:
                raise ValueError("a discard needs fewer than 8 clue tokens")
            self._remove(target)
            self.lost[self.types[target]] += 1
            self.clues = min(self.clues + 1, self.max_clues)
        elif kind in (COLOR_CLUE, RANK_CLUE):
            self._check_clue(kind, target, value)
            self.clues -= self.clue_cost
            if self.rules.alternating:
                self.last_clue = COLOR if kind == COLOR_CLUE else RANK
            if traits is not None:
                traits.after_clue(self, player, target, Clue(COLOR if kind == COLOR_CLUE else RANK, value))
        else:
            raise ValueError(f"unknown action type {kind!r}")
        self._pass(player, kind, target)

    def _pass(self, player: int, kind: int, target: Any) -> None:
        """The turn passes after ``player``'s action (the next seat's; under characters, unless the same player acts
        again, in the order of play, and a player bound to clue with no token left ends the game)."""
        self.applied += 1
        traits = self.traits
        if traits is None:
            self.turn += 1
            self.current = (player + 1) % self.players
            return
        traits.after_action(player, kind)
        if traits.second_action(player, kind, target, self.clues, self.clue_cost):
            return
        self.turn += 1
        self.current = traits.next_seat(player)
        self.softlock = traits.softlocked(self.current, self.clues, self.clue_cost)

    def _build(self, t):
        """Play type ``t`` (playable) on its stack; the card that finishes a stack returns a token (below 8). A
        stack's first card closes its order to the empty stacks under distinct starts (Sudoku:
        :meth:`~solitaire.seer.game.stacks.Orders.close`)."""
        if self.ways is None:
            suit = t // RANKS
        else:
            suit, slot = divmod(t, self.orders.width)
            self.ways[suit] = self.orders.play(self.ways[suit], self.stacks[suit], slot)
        self.stacks[suit] += 1
        if self.ways is not None and self.stacks[suit] == 1:
            self.ways = list(self.orders.close(self.ways, self.stacks))
        if self.stacks[suit] == self.stack_size and self.stack_token and self.clues < self.max_clues:
            self.clues += 1

    def _check_clue(self, kind, target, value):
        """Raise ``ValueError`` unless the clue may be given: a token left, another player as target, a clue of
        the variant that may be given to that hand (:func:`clue_is_legal`; decided first by the types it touches,
        :attr:`~solitaire.seer.game.options.Rules.clue_reach`, and by :func:`clue_is_legal` when they refuse it,
        which says why)."""
        if not self.may_clue:
            raise ValueError("a clue needs a clue token")
        if not isinstance(target, int) or not 0 <= target < self.players or target == self.current:
            raise ValueError(f"a clue needs another player as target, got {target!r}")
        rules, clue = self.rules, Clue(COLOR if kind == COLOR_CLUE else RANK, value)
        if clue.kind == self.last_clue:
            raise ValueError(f"a {clue.kind} clue may not follow a {clue.kind} clue (Alternating Clues)")
        if type(value) is int and clue in rules.clue_reach:
            touched, types = rules.clue_reach[clue], self.types
            if touched is None or any(types[o] in touched for o in self.hands[target]):
                return
        if not clue_is_legal(rules.variant, clue, self.cards(target), rules.options.empty_clues):
            raise ValueError(f"the {clue.kind} clue {value!r} touches no card of player {target}"
                             if isinstance(value, int) and clue_offered(rules.variant, clue)
                             else f"{value!r} is not a {clue.kind} clue of {rules.variant.name}")

    def cards(self, player: int) -> list[Card]:
        """The cards of ``player``'s hand, in slot order."""
        return [self.card(o) for o in self.hands[player]]


def replay(start: Deal | Position, actions: Iterable[Mapping[str, Any]], source: str = "<actions>") -> Iterator[Game]:
    """Replay hanab.live actions from ``start`` (a deal or a :class:`Position`) under the real rules.

    Yields the :class:`Game` before each action it applies and once more at the end (the same
    object each time, moved on by each action); stops at a game-over action (type 4) or when
    the game is over.

    Raises
    ------
    IllegalAction
        Naming the first action that is not one (:func:`action_error`) or that the rules forbid, and why.
    """
    game = Game.from_position(position_of(start, "start"))
    for number, action in enumerate(actions, start=1):
        reason = action_error(action)
        if reason:
            raise IllegalAction(reason, number, source)
        if action["type"] == GAME_OVER or game.over:
            break
        yield game
        try:
            game.apply(action)
        except ValueError as err:
            raise IllegalAction(str(err), number, source) from None
    yield game


#: The fields each type of action needs: the card (play, discard), the player and the clue (clues), the
#: end condition (game over).
_NEEDS: dict[int, tuple[str, ...]] = {PLAY: ("target",), DISCARD: ("target",), COLOR_CLUE: ("target", "value"),
                                      RANK_CLUE: ("target", "value"), GAME_OVER: ("value",)}


def action_error(action: Any) -> str | None:
    """Why ``action`` is not a hanab.live action, or ``None``: an object whose ``type`` is a whole
    number in 0..4 and whose ``target`` and ``value`` are whole numbers, each present where the type
    needs it (:data:`_NEEDS`) and else absent, ``null`` or a whole number (what they name, a card in
    the hand, another player, a clue of the variant, is for the rules to judge)."""
    if not isinstance(action, dict):
        return f"expected an action object, got {json_text(action)}"
    kind = action.get("type")
    if not (is_whole(kind) and kind in _NEEDS):
        return (f"expected 'type' to be 0..4 (play, discard, colour clue, rank clue, game over), got "
                f"{json_text(kind)}")
    for key in ("target", "value"):
        if not is_whole(action.get(key)) and (key in _NEEDS[kind] or action.get(key) is not None):
            return f"expected {key!r} to be a whole number, got {json_text(action.get(key))}"
    return None


def simulate(start: Deal | Position, actions: Iterable[Mapping[str, Any]], source: str = "<actions>") -> Game:
    """Replay hanab.live actions from ``start`` (a deal or a :class:`Position`); returns the final
    :class:`Game` (:func:`replay` says when it stops and what it raises)."""
    *_, game = replay(start, actions, source)
    return game


def needed(game: Game, t: int) -> bool:
    """Whether type ``t`` can still be played: not played, and every lower card still available (in Up or Down and
    Sudoku, along some order open to its stack)."""
    return _depth(game, t) is not None


def _depth(game, t):
    """How many cards its stack needs before type ``t`` plays (0: it plays now), ``None`` if it never can: its
    rank above the stack's, each card between with a copy not lost (Up or Down, Sudoku:
    :meth:`~solitaire.seer.game.stacks.Orders.depth`)."""
    lost, counts = game.lost, game.counts
    if game.ways is None:
        suit, rank = divmod(t, RANKS)
        height = game.stacks[suit]
        if height > rank or any(lost[suit * RANKS + r] >= counts[suit * RANKS + r] for r in range(height, rank + 1)):
            return None
        return rank - height
    orders = game.orders
    suit, slot = divmod(t, orders.width)
    base = suit * orders.width
    return orders.depth(game.ways[suit], game.stacks[suit], slot, lambda s: lost[base + s] < counts[base + s])


def _useless(game, order):
    """Whether discarding ``order`` costs nothing: not needed, or another copy is in some hand."""
    t = game.type_of(order)
    return not needed(game, t) or game.held[t] > 1


def _play_choice(game, hand):
    playable = [o for o in hand if game.playable(game.type_of(o))]
    if not playable:
        return None

    def key(o):
        t = game.type_of(o)
        return (_rank(game, t), not any(game.held[n] for n in _next_types(game, t)))
    return min(playable, key=key)


def _rank(game, t):
    """The place of type ``t`` in its suit's build order: its rank, in Up or Down and Sudoku the least index of its
    slot in the orders of its stack (5 if none has it)."""
    if game.ways is None:
        return t % RANKS
    suit, slot = divmod(t, game.orders.width)
    return min((order.index(slot) for order in game.orders.of(game.ways[suit]) if slot in order), default=RANKS)


def _next_types(game, t):
    """The types that play right after the playable type ``t``."""
    if game.ways is None:
        return [t + 1] if t % RANKS < RANKS - 1 else []
    orders = game.orders
    suit, slot = divmod(t, orders.width)
    return [suit * orders.width + n for n in orders.after(game.ways[suit], game.stacks[suit], slot)]


def legal_clue(game: Game, kind: str | None = None) -> Action | None:
    """A legal clue to the next player that can be clued (the first clue of the variant, colours
    first, that touches the first card it can, not of the kind of the previous clue under Alternating Clues; on
    the standard deck the colour of that player's first card), of the kind ``kind`` (``COLOR`` or ``RANK``) unless
    ``None``; ``None`` if there is none."""
    P, rules = game.deal.players, game.rules
    if kind is not None and kind == game.last_clue:
        return None
    if game.traits is not None:
        return next(iter(_character_clues(game, kind)), None)
    barred = game.last_clue if kind is None else RANK if kind == COLOR else COLOR
    for step in range(1, P):
        target = (game.current + step) % P
        clue = rules.clue_for([game.types[o] for o in game.hands[target]], barred) if game.hands[target] \
            else None
        if clue is not None:
            return {"type": COLOR_CLUE if clue.kind == COLOR else RANK_CLUE, "target": target, "value": clue.value}
    return None


def _every_clue(game: Game, kind: str | None = None) -> Iterator[Action]:
    """Every clue of the variant (of the kind ``kind`` unless ``None``) to every teammate of the player to move, the
    next players first, legal or not."""
    P = game.deal.players
    for step in range(1, P):
        target = (game.current + step) % P
        for clue in game.deal.variant.clues():
            if kind is None or clue.kind == kind:
                yield {"type": COLOR_CLUE if clue.kind == COLOR else RANK_CLUE, "target": target, "value": clue.value}


def _allowed(game: Game, actions: Iterable[Action]) -> Iterator[tuple[Action, Game]]:
    """Each of ``actions`` the rules allow now, with the game it leads to (each applied once, to a copy; one the
    characters refuse is not copied)."""
    traits = game.traits
    for action in actions:
        if traits is not None and traits.refusal(game, game.current, action.get("type"), action.get("target"),
                                                 action.get("value")) is not None:
            continue
        after = game.copy()
        try:
            after.apply(action, characters_allow=True)
        except ValueError:
            continue
        yield action, after


def _character_clues(game: Game, kind: str | None = None) -> Iterator[Action]:
    """Every clue the player to move may give under its game's characters (of the kind ``kind`` unless ``None``):
    the next players first, each clue of the variant in order."""
    return (action for action, _ in _allowed(game, _every_clue(game, kind)))


def _distinct_clues(game: Game) -> list[Action]:
    """The first of the legal clues (under characters) that lead to each state: a clue changes only the tokens, the
    same for all, and the characters' state and who moves next."""
    kept: dict[tuple, Action] = {}
    for clue, after in _allowed(game, _every_clue(game)):
        kept.setdefault((after.traits.key() if after.traits else None, after.current, after.softlock), clue)
    return list(kept.values())


def legal_actions(game: Game, misplays: bool = True, clues: bool = True) -> list[Action]:
    """Every legal action of the player to move, up to the content of a clue: a play of each card
    (a misplay included) and of the deck's last card when it may be played from the deck, a
    discard of each card when one is allowed (:attr:`Game.may_discard`), and one clue
    (:func:`legal_clue`) when a token is left and a teammate holds a card some clue touches (any card
    when a clue is always legal). With every card seen a clue only spends a token and hands the turn
    on, so one clue stands for all of them; but one of each kind where the kind of the previous clue decides
    which clues are legal (:attr:`~solitaire.seer.game.options.Rules.alternation_matters`). Under detrimental
    characters, where a clue's content can change what may follow, one clue for each state the legal clues lead to,
    and only the plays and discards the characters allow. ``misplays`` / ``clues`` false leave those out."""
    if game.traits is not None:
        return [action for action in _plain_actions(game, misplays) if game.refusal(action) is None] + (
            _distinct_clues(game) if game.may_clue and clues else [])
    actions = _plain_actions(game, misplays)
    if game.may_clue and clues:  # a missing clue: no teammate holds a card a clue (of that kind) may touch
        kinds = (COLOR, RANK) if game.rules.alternation_matters else (None,)
        actions += [clue for clue in (legal_clue(game, kind) for kind in kinds) if clue is not None]
    return actions


def _plain_actions(game: Game, misplays: bool) -> list[Action]:
    """The plays (each card, the deck's last when it may be played; ``misplays`` false: only those that score) and
    the discards the player to move may make, characters aside."""
    hand = game.hands[game.current]
    plays = hand + [game.next_card] if game.may_play_deck else hand
    actions: list[Action] = [{"type": PLAY, "target": o} for o in plays
                             if misplays or game.playable(game.type_of(o))]
    if game.may_discard:
        actions += [{"type": DISCARD, "target": o} for o in hand]
    return actions


def _discard_choice(game, hand):
    """The card missed least: useless first, then not a last copy, then the highest rank."""
    return min(hand, key=lambda o: _discard_cost(game, o))


def _discard_cost(game, o):
    t = game.type_of(o)
    left = game.counts[t] - game.lost[t]
    return (not _useless(game, o), left <= 1, -_rank(game, t))


def _should_stall(game):
    """Clue rather than discard: the pace is low and a teammate has a card to play."""
    pace = game.played + game.deck_left + game.deal.players - game.max_score
    return pace <= STALL_PACE and any(game.playable(game.type_of(o)) for i, hand in enumerate(game.hands)
                                      if i != game.current for o in hand)


def bot_action(game: Game) -> Action:
    """The bot's action in any game state (see the module docstring). Under detrimental characters, the first
    they allow of: its own action (unless a play that misplays), a play that scores, a clue, a discard (the card
    missed least first), a misplay; but not one that ends the game with 0 at once (a player bound to clue left
    without a token) while another is allowed."""
    return _bot_move(game)[0]


def _bot_move(game: Game) -> tuple[Action, Game | None]:
    """:func:`bot_action`, and under characters the game it leads to (found while checking that they allow it)."""
    action, after = _bot_choice(game)
    if game.traits is None:
        return action, None
    if after is not None and not (after.over and after.score == 0 < game.played):
        return action, after  # a clue the characters allow, found and applied by the bot's choice
    hand = game.hands[game.current]
    own = [] if action["type"] == PLAY and not game.scores(action["target"]) else [action]
    candidates: Iterator[Action] = itertools.chain(
        own, ({"type": PLAY, "target": o, "value": 0} for o in hand if game.scores(o)),
        _every_clue(game), _discards_then_misplays(game, hand))
    first = None
    for candidate, after in _allowed(game, candidates):
        if not (after.over and after.score == 0 < game.played):
            return candidate, after
        first = first or (candidate, after)
    if first is None:
        raise NoLegalAction(f"player {game.current} has no legal action under the characters")
    return first


def _discards_then_misplays(game: Game, hand: list[int]) -> Iterator[Action]:
    """A discard of each card of ``hand``, then a play of each, the card missed least first (sorted only when the
    bot under characters gets this far)."""
    kept = sorted(hand, key=lambda o: _discard_cost(game, o))
    for kind in (DISCARD, PLAY):
        for o in kept:
            yield {"type": kind, "target": o, "value": 0}


def _bot_choice(game: Game) -> tuple[Action, Game | None]:
    """The bot's action, characters aside; when it is a clue under characters (the first they allow), the game it
    leads to."""
    hand = game.hands[game.current]
    order = _play_choice(game, hand)
    if order is not None:
        return {"type": PLAY, "target": order, "value": 0}, None
    trash = [o for o in hand if _useless(game, o)] if game.may_discard else []
    if trash and not _should_stall(game):  # the clue is not needed (sought only after)
        return {"type": DISCARD, "target": trash[0], "value": 0}, None
    clue, after = _first_clue(game) if game.may_clue else (None, None)
    if trash and clue is None:
        return {"type": DISCARD, "target": trash[0], "value": 0}, None
    if clue is not None:
        return clue, after
    if game.may_discard and hand:
        return {"type": DISCARD, "target": _discard_choice(game, hand), "value": 0}, None
    if hand:  # 8 tokens and no legal clue: a misplay, the third strike if it must be
        return {"type": PLAY, "target": _discard_choice(game, hand), "value": 0}, None
    raise RuntimeError("no legal action")  # cannot happen: after the last draw a hand loses one card at most


def _first_clue(game: Game) -> tuple[Action | None, Game | None]:
    """:func:`legal_clue`, and under characters the game it leads to."""
    if game.traits is None:
        return legal_clue(game), None
    return next(_allowed(game, _every_clue(game)), (None, None))


def seer_line(start: Deal | Position) -> tuple[list[Action], int]:
    """The bot's game from ``start`` (a deal or a :class:`Position`): ``(actions, score)``; the
    actions replay with :func:`simulate` from the same start.

    Examples
    --------
    >>> from solitaire.seer.game.deals import seeded_deal
    >>> actions, score = seer_line(seeded_deal(2, 0))
    >>> simulate(seeded_deal(2, 0), actions).score == score
    True
    """
    actions, game = finish(Game.from_position(position_of(start, "start")), [])
    return actions, game.score


def real_line(start: Position, actions: list[Action], first_kind: str | None = None) -> tuple[list[Action], Game]:
    """A line of a game that bounds this one from above (its rules allow more) replayed under the real rules from
    ``start`` (:func:`real_prefix`), finished by the bot. Returns the real actions and the final game."""
    return finish(*real_prefix(start, actions, first_kind))


def real_prefix(start: Position, actions: list[Action], first_kind: str | None = None) -> tuple[Game, list[Action]]:
    """The part of a line of a game that bounds this one from above (its rules allow more) that the real rules
    allow from ``start``: each clue given as a legal clue of the real variant (:func:`legal_clue`; the first of the
    kind ``first_kind`` when no clue was given before, ``None``: any), up to the first action the real game refuses
    (or where a play that scores there misplays here: Follower) or the end of the game. A second action the
    characters ask for in the same turn (Genius, Panicky) is the bot's. Returns the game there (the *cut*) and the
    real actions that lead to it."""
    game, out = Game.from_position(start), []
    for action in actions:
        if game.over:
            break
        if action["type"] in (COLOR_CLUE, RANK_CLUE):
            clue = legal_clue(game, first_kind if game.last_clue is None else None)
            if clue is None:
                break
            action = clue
        elif action["type"] == PLAY and game.playable(game.type_of(action["target"])) \
                and not game.scores(action["target"]):
            break
        turn = game.turn
        try:
            while True:  # the action, then the bot's while the same player acts again
                game.apply(action)
                out.append(action)
                if game.over or game.turn != turn:
                    break
                action = bot_action(game)
        except (ValueError, NoLegalAction):  # e.g. a discard at 8 tokens after a play that finished a stack here
            break
    return game, out


def finish(game: Game, actions: Iterable[Action]) -> tuple[list[Action], Game]:
    """Play ``game`` (reached by ``actions``) to its end with the bot; returns ``(actions, game)``, ``game`` moved
    on. A player with no legal move (:class:`NoLegalAction`) ends it with 0, as hanab.live's players must."""
    actions = list(actions)
    while not game.over:
        try:
            action, after = _bot_move(game)
        except NoLegalAction:
            game.softlock = True
            break
        if after is None:
            game.apply(action)
        else:
            game.__dict__.update(after.__dict__)  # the state the action leads to, computed once: ``game`` moves on
        actions.append(action)
    return actions, game


def seer_score(start: Deal | Position) -> int:
    """Only the bot's score L (from a deal or a :class:`Position`)."""
    return seer_line(start)[1]


def positions_of_game(game_json: dict, source: str = "<game>") -> list[Position]:
    """The positions of a hanab.live game: ``result[t]`` is the position before action ``t``
    (0-based), and the last one the position where the game ended (after its last action, or
    at a game-over action, type 4). The starting player is ``options.startingPlayer``.

    Raises
    ------
    InputError
        A bad game object, or :class:`~solitaire.seer.game.simulator.IllegalAction` naming the first illegal action.
    """
    deal = parse_hanablive(game_json, source)
    actions = game_json.get("actions", [])
    if not isinstance(actions, list):
        raise InputError("expected 'actions' to be a list", source)
    return [game.position() for game in replay(deal, actions, source)]
