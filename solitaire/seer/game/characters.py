"""hanab.live's detrimental characters: what each lets its player do, as the server rules it.

With the option ``detrimentalCharacters`` every player of a hanab.live game has a character; the game's export
lists them (``characters``: one ``{"name", "metadata"}`` per seat, ``metadata`` the character's random value,
``-1`` when it has none). The rules here are the server's (``server/src/characters.go`` and its callers in
``command_action.go`` and ``game_player.go``), read for a team that sees every card:

* *A clue is refused* (:meth:`Traits.refusal`) by the giver's character: Fuming (a colour clue other than its
  colour), Dumbfounded (a rank clue other than its rank), Inept (touching a card of its suit), Awkward (touching
  a card of its rank), Conservative (touching other than one card), Greedy (touching fewer than two), Picky (an
  even rank, or the 2nd, 4th, ... colour), Spiteful (to the next seat), Insolent (to the previous seat), Miser
  (fewer than 4 tokens), Compulsive (touching neither the newest nor the oldest card), Mood Swings (of the kind of
  its previous clue), Insistent (not touching a card its first clue marked, until one of them leaves the hand),
  Genius (a first clue needs 2 tokens and a colour; the second, a rank clue to the same player); by the
  receiver's: Vulnerable (a rank clue 2 or 5), Color-Blind (any colour clue). A clue must also touch a card its
  giver *sees* (the variant's always-legal clues and ``emptyClues`` aside): Blind Spot sees no card of the next
  seat, Oblivious none of the previous, Slow-Witted no card in slot 1 (the newest).
* *A play is refused*: Hesitant (slot 1), Indolent (after a play on its previous turn); Impulsive, once a clue
  touched its slot 1, must play that card.
* *A discard is refused*: Anxious (an even number of tokens, in the game's units), Traumatized (odd), Wasteful
  (2 tokens or more).
* *A move is forced*: Vindictive must clue once a clue reached it since its last turn; Insistent keeps cluing;
  Stubborn may not repeat the previous action's type (a colour and a rank clue are one type); Genius, having given
  its colour clue, must give the rank clue at once (a second action in the same turn); Panicky, after a discard
  with 4 tokens or fewer, discards again in the same turn.
* *The game changes*: Follower's play misplays unless two stacks already hold a card of its rank; after
  Contrarian's turn the order of play reverses, and the game ends two turns after the last draw; a Vindictive or
  Insistent player to move, bound to clue, with no token left, ends the game with 0 (hanab.live's "softlock").

Quacker changes nothing the server checks (it changes how a clue is shown). Every other character is one of
these. Tokens are counted in the game's units, as the server does (half tokens under Clue Starved:
``GetAdjustedClueTokens``).

Pure restrictions (:func:`restricts_only`): every character but Genius, Panicky, Follower and Contrarian only
refuses some moves (or ends the game with 0), so every line of such a game is a line of the same game without
characters with the same outcome at every action, and that game's upper bounds hold for it
(:mod:`solitaire.seer.bounds.alternation`, whose lemma (i) this is). The four others change the game; the
token-free game (:mod:`solitaire.seer.bounds.freegame`) and U2 (:mod:`solitaire.seer.bounds.relaxations`) still
bound it, each docstring stating why.
"""

from dataclasses import dataclass, field
from typing import Any

from solitaire.io.errors import InputError
from solitaire.io.inputfile import is_whole, json_text
from solitaire.seer.game.gorand import GoRand
from solitaire.seer.game.seeds import seed_number
from solitaire.seer.game.variants import (
    COLOR,
    RANK,
    Card,
    Clue,
    Variant,
    clue_is_legal,
    clue_offered,
    clue_touches,
)

__all__ = ["CHARACTERS", "Character", "NOT_RESTRICTIONS", "Traits", "final_turns", "read_characters", "restricts_only",
           "seeded_characters"]

#: hanab.live's characters by id (``packages/game/src/json/characters.json``).
CHARACTERS = {0: "Fuming", 1: "Dumbfounded", 2: "Inept", 3: "Awkward", 4: "Conservative", 5: "Greedy",
              6: "Picky", 7: "Spiteful", 8: "Insolent", 9: "Vindictive", 10: "Miser", 11: "Compulsive",
              12: "Mood Swings", 13: "Insistent", 14: "Vulnerable", 15: "Color-Blind", 17: "Impulsive",
              18: "Indolent", 19: "Hesitant", 21: "Anxious", 22: "Traumatized", 23: "Wasteful", 24: "Genius",
              26: "Panicky", 27: "Contrarian", 28: "Stubborn", 29: "Blind Spot", 30: "Oblivious", 31: "Follower",
              33: "Slow-Witted", 34: "Quacker"}
#: The characters that do more than refuse moves (module docstring): a second action in a turn, a play that
#: misplays, the order of play.
NOT_RESTRICTIONS = ("Genius", "Panicky", "Follower", "Contrarian")
_NOT_2P = ("Spiteful", "Insolent", "Contrarian", "Blind Spot", "Oblivious")  # hanab.live's not2P
_VALUED = ("Fuming", "Dumbfounded", "Inept", "Awkward")  # the characters with a random value (their metadata)
_NONE = -1  # hanab.live's metadata of no value, or of a state off
_PLAY, _DISCARD, _COLOR_CLUE, _RANK_CLUE = 0, 1, 2, 3  # hanab.live's action types


@dataclass(frozen=True)
class Character:
    """One player's character: hanab.live's name and its metadata (the random colour index of Fuming and Inept, the
    rank of Dumbfounded and Awkward, ``-1`` for the others)."""

    name: str
    metadata: int = _NONE


def read_characters(value: Any, players: int, source: str = "<game>") -> tuple[Character, ...]:
    """The ``characters`` of a hanab.live export: one ``{"name", "metadata"}`` per player, each name one of
    :data:`CHARACTERS`; :class:`~solitaire.io.errors.InputError` naming what is wrong."""
    if not isinstance(value, list) or len(value) != players:
        raise InputError(f"expected 'characters' to be a list of {players} characters (one per player), got "
                         f"{json_text(value)}", source)
    cast = []
    for i, entry in enumerate(value):
        if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
                and is_whole(entry.get("metadata", _NONE)) and entry.get("metadata", _NONE) >= _NONE):
            raise InputError(f"expected 'characters[{i}]' to be {{\"name\": a character, \"metadata\": a whole "
                             f"number >= -1}}, got {json_text(entry)}", source)
        if entry["name"] not in CHARACTERS.values():
            raise InputError(f"'characters[{i}]': {entry['name']!r} is not a hanab.live character", source)
        if entry["name"] not in _VALUED and entry.get("metadata", _NONE) != _NONE:
            raise InputError(f"'characters[{i}]': {entry['name']} has metadata -1 at the start of a game (only "
                             f"{', '.join(_VALUED)} have a value), got {entry['metadata']}", source)
        cast.append(Character(entry["name"], int(entry.get("metadata", _NONE))))
    return tuple(cast)


def seeded_characters(seed: str, players: int, clue_colors: int) -> tuple[Character, ...]:
    """The characters hanab.live's server gives the ``players`` of a game of seed string ``seed`` in a variant of
    ``clue_colors`` clue colours (``charactersGenerate``: Go's ``math/rand`` seeded from the seed as for the deck,
    then for each seat a character drawn among :data:`CHARACTERS` in their order until it is new and, with 2
    players, not one hanab.live keeps from them; then its value, if it has one: a colour index, or a rank 1..4).
    Ported from the server's code; no export of a game with characters was at hand, so it is checked against Go's own
    ``math/rand`` and ``hash/crc64`` run over hanab.live's ``characters.json`` (``tests/data/SOURCES.md``)."""
    rng = GoRand(seed_number(seed))
    names = list(CHARACTERS.values())
    cast: list[Character] = []
    for _ in range(players):
        while True:
            name = names[rng.intn(len(names))]
            if name not in [c.name for c in cast] and not (players == 2 and name in _NOT_2P):
                break
        value = {"Fuming": lambda: rng.intn(clue_colors), "Inept": lambda: rng.intn(clue_colors),
                 "Dumbfounded": lambda: rng.intn(4) + 1, "Awkward": lambda: rng.intn(4) + 1}.get(name)
        cast.append(Character(name, value() if value else _NONE))
    return tuple(cast)


def final_turns(cast: tuple[Character, ...], players: int) -> int:
    """The turns a game of ``players`` with the characters ``cast`` lasts after the turn of the last draw: one per
    player, 2 with a Contrarian."""
    return 2 if any(c.name == "Contrarian" for c in cast) else players


def restricts_only(cast: tuple[Character, ...]) -> bool:
    """Whether every character of ``cast`` only refuses moves (module docstring)."""
    return not any(c.name in NOT_RESTRICTIONS for c in cast)


@dataclass
class Traits:
    """The characters of a game in play and their state: ``state`` per player (hanab.live's metadata: the fixed
    value of Fuming, Dumbfounded, Inept and Awkward; ``0`` while Vindictive must clue, Impulsive must play slot
    1, Indolent played last, Insistent must clue, Panicky must discard again; Genius's target between its two
    clues; Mood Swings' last clue kind; Stubborn's previous action type; else ``-1``), ``marked`` (the cards
    Insistent must keep cluing) and ``inverted`` (the order of play reversed by Contrarian)."""

    cast: tuple[Character, ...]
    state: list[int] = field(default_factory=list)
    marked: set[int] = field(default_factory=set)
    inverted: bool = False

    def __post_init__(self) -> None:
        if not self.state:
            self.state = [c.metadata for c in self.cast]

    def copy(self) -> "Traits":
        return Traits(self.cast, list(self.state), set(self.marked), self.inverted)

    def key(self) -> tuple:
        """The state, hashable (a position's part)."""
        return tuple(self.state), tuple(sorted(self.marked)), self.inverted

    def _is(self, player: int, name: str) -> bool:
        return self.cast[player].name == name

    def next_seat(self, player: int) -> int:
        """The seat after ``player`` in the order of play now."""
        return (player + (-1 if self.inverted else 1)) % len(self.cast)

    def seats(self, first: int, turns: int) -> list[int]:
        """The seats of the next ``turns`` turns from ``first``'s on, Contrarian reversing the order after each of
        its turns."""
        seats, inverted = [], self.inverted
        for _ in range(turns):
            seats.append(first)
            inverted ^= self._is(first, "Contrarian")
            first = (first + (-1 if inverted else 1)) % len(self.cast)
        return seats

    def final_turns(self, players: int) -> int:
        """The turns the game lasts after the turn of the last draw (:func:`final_turns`)."""
        return final_turns(self.cast, players)

    def refusal(self, game: Any, player: int, kind: int, target: Any, value: Any) -> str | None:
        """Why ``player``'s character (or a clue's receiver's) refuses the action, or ``None``. ``game`` is the
        :class:`~solitaire.seer.game.simulator.Game` before it; the action is checked otherwise by the game."""
        name, state = self.cast[player].name, self.state[player]
        clue = kind in (_COLOR_CLUE, _RANK_CLUE)
        if name == "Vindictive" and state == 0 and not clue:
            return "Vindictive must clue: a clue reached it since its last turn"
        if name == "Insistent" and state != _NONE and not clue:
            return "Insistent must go on cluing the cards it clued until one of them is played or discarded"
        if name == "Impulsive" and state == 0 and not (kind == _PLAY and target == game.hands[player][-1]):
            return "Impulsive must play its slot 1 card: a clue touched it"
        if name == "Indolent" and kind == _PLAY and state == 0:
            return "Indolent may not play: it played on its previous turn"
        if name == "Stubborn" and state != _NONE and (kind == state or clue and state in (_COLOR_CLUE, _RANK_CLUE)):
            return "Stubborn may not take the previous action's type"
        if name == "Genius" and state != _NONE and not (kind == _RANK_CLUE and target == state):
            return "Genius must give its second clue: a rank clue to the player of its colour clue"
        if name == "Panicky" and state != _NONE and kind != _DISCARD:
            return "Panicky must discard again"
        if kind == _PLAY and name == "Hesitant" and target in game.hands[player] and target == game.hands[player][-1]:
            return "Hesitant may not play its slot 1 card"
        if kind == _DISCARD:
            return self._discard_refusal(name, game)
        if clue and isinstance(target, int) and 0 <= target < len(self.cast) and isinstance(value, int):
            return self._clue_refusal(game, player, target, Clue(COLOR if kind == _COLOR_CLUE else RANK, value))
        return None

    @staticmethod
    def _discard_refusal(name: str, game: Any) -> str | None:
        tokens, unit = game.clues, game.clue_cost
        if name == "Anxious" and tokens % 2 == 0:
            return "Anxious may not discard with an even number of clue tokens"
        if name == "Traumatized" and tokens % 2 == 1:
            return "Traumatized may not discard with an odd number of clue tokens"
        if name == "Wasteful" and tokens >= 2 * unit:
            return "Wasteful may not discard with 2 clue tokens or more"
        return None

    def _clue_refusal(self, game: Any, player: int, target: int, clue: Clue) -> str | None:
        variant: Variant = game.deal.variant
        name, state = self.cast[player].name, self.state[player]
        hand, types = game.hands[target], game.rules.clue_types.get(clue)
        if types is None:  # a clue the variant does not offer
            touched = [o for o in hand if clue_touches(variant, clue, game.card(o))]
        else:
            touched = [o for o in hand if game.types[o] in types]
        if self._giver_refuses(name, state, player, target, clue, touched, hand, game):
            return f"{name} may not give this clue"
        receiver = self.cast[target].name
        if receiver == "Vulnerable" and clue.kind == RANK and clue.value in (2, 5):
            return "a Vulnerable player may not be given a rank clue 2 or 5"
        if receiver == "Color-Blind" and clue.kind == COLOR:
            return "a Color-Blind player may not be given a colour clue"
        seen = set(self._seen(player, target, hand))  # clue_is_legal on the cards seen, from ``touched``
        if not (clue_is_legal(variant, clue, [], game.rules.options.empty_clues)
                or clue_offered(variant, clue) and any(o in seen for o in touched)):
            return f"the clue touches no card of player {target} that {name} sees"
        return None

    def _seen(self, player: int, target: int, hand: list[int]) -> list[int]:
        """The cards of ``target``'s hand ``player`` sees (Blind Spot, Oblivious, Slow-Witted)."""
        P, name = len(self.cast), self.cast[player].name
        if name == "Blind Spot" and target == (player + 1) % P or name == "Oblivious" and target == (player - 1) % P:
            return []
        return hand[:-1] if name == "Slow-Witted" else hand

    def _giver_refuses(self, name: str, state: int, player: int, target: int, clue: Clue, touched: list[int],
                       hand: list[int], game: Any) -> bool:
        """Whether the giver's own character refuses the clue (``touched``: the cards of ``hand`` it touches)."""
        P, metadata = len(self.cast), self.cast[player].metadata
        match name:
            case "Fuming":
                return clue.kind == COLOR and clue.value != metadata
            case "Dumbfounded":
                return clue.kind == RANK and clue.value != metadata
            case "Inept":
                return any(game.card(o).suit == metadata for o in touched)
            case "Awkward":
                return any(game.card(o).rank == metadata for o in touched)
            case "Conservative":
                return len(touched) != 1
            case "Greedy":
                return len(touched) < 2
            case "Picky":
                return clue.value % 2 == 0 if clue.kind == RANK else clue.value % 2 == 1
            case "Spiteful":
                return target == (player + 1) % P
            case "Insolent":
                return target == (player - 1) % P
            case "Miser":
                return game.clues < 4 * game.clue_cost
            case "Compulsive":
                return not hand or not ({hand[0], hand[-1]} & set(touched))
            case "Mood Swings":
                return state == (0 if clue.kind == COLOR else 1)
            case "Insistent":
                return state != _NONE and not (self.marked & set(touched))
            case "Genius":
                return state == _NONE and (game.clues < 2 * game.clue_cost or clue.kind != COLOR)
        return False

    def after_clue(self, game: Any, player: int, target: int, clue: Clue) -> None:
        """The state after ``player`` clued ``target`` (the hands unchanged)."""
        name = self.cast[player].name
        if name == "Mood Swings":
            self.state[player] = 0 if clue.kind == COLOR else 1
        elif name == "Insistent" and self.state[player] == _NONE:
            self.marked = {o for o in game.hands[target] if clue_touches(game.deal.variant, clue, game.card(o))}
            self.state[player] = 0
        receiver = self.cast[target].name
        newest = game.hands[target][-1] if game.hands[target] else None
        if receiver == "Vindictive" or receiver == "Impulsive" and newest is not None and \
                clue_touches(game.deal.variant, clue, game.card(newest)):
            self.state[target] = 0

    def after_remove(self, order: int) -> None:
        """A card left a hand: when Insistent marked it, Insistent is free again."""
        if order in self.marked:
            self.marked = set()
            for p, c in enumerate(self.cast):
                if c.name == "Insistent":
                    self.state[p] = _NONE

    def after_action(self, player: int, kind: int) -> None:
        """The state after ``player``'s action of hanab.live type ``kind`` (its second action too)."""
        name = self.cast[player].name
        if name in ("Vindictive", "Impulsive"):
            self.state[player] = _NONE
        elif name == "Indolent":
            self.state[player] = 0 if kind == _PLAY else _NONE
        elif name == "Contrarian":
            self.inverted = not self.inverted
        for p, c in enumerate(self.cast):
            if c.name == "Stubborn":
                self.state[p] = kind

    def second_action(self, player: int, kind: int, target: Any, clues: int, unit: int) -> bool:
        """Whether ``player`` acts again in the same turn (Genius after its colour clue, Panicky after a discard
        leaving 4 tokens or fewer); ``clues``: the tokens after the action, in units of ``unit``."""
        name, state = self.cast[player].name, self.state[player]
        if name == "Genius" and kind in (_COLOR_CLUE, _RANK_CLUE):
            self.state[player] = target if kind == _COLOR_CLUE else _NONE
            return kind == _COLOR_CLUE
        if name == "Panicky" and kind == _DISCARD:
            self.state[player] = 0 if state == _NONE and clues <= 4 * unit else _NONE
            return self.state[player] == 0
        return False

    def softlocked(self, player: int, clues: int, unit: int) -> bool:
        """Whether ``player``, to move, must clue with no token left (Vindictive, Insistent): the game ends with 0."""
        return clues < unit and self.state[player] == 0 and self.cast[player].name in ("Vindictive", "Insistent")

    def misplays(self, player: int, card: Card, stacks: list[int]) -> bool:
        """Whether ``player``'s play of ``card`` misplays as Follower's does: fewer than two ``stacks`` (cards played
        per suit, each built from 1 up) reach its rank."""
        return self._is(player, "Follower") and sum(top >= card.rank for top in stacks) < 2
