"""hanab.live game options and the rules of one game: variant, players, options.

Contract: :class:`Options` holds the options of a hanab.live game that change what the players
may do: ``deckPlays`` (the last card of the deck may be played from the deck), ``emptyClues``
(a clue may touch no card), ``oneExtraCard`` / ``oneLessCard`` (hand size +1 / -1, both may be
on), ``startingPlayer`` (who moves first; the deal still starts with player 0), ``speedrun`` (the game ends
with 0 as soon as a card the maximum needs is lost), ``allOrNothing`` (the same end, and no final round:
:attr:`Rules.endless`) and ``detrimentalCharacters`` (each player's character restricts what it may do,
:mod:`~solitaire.seer.game.characters`; the characters are the game's, listed beside its options). Beside them,
the toolkit's own option ``pyhanabi`` (never hanab.live's) plays a game of pyhanabi, the web game of the experiment of
:mod:`~solitaire.seer.sources.pyhanabi`, under its rules: a discard is allowed at 8 clue tokens (returning none), and a
third strike ends the game with the cards played as its score, not 0.
:meth:`Options.from_hanablive` reads the ``options`` object of a hanab.live export, every value
checked by its type (:func:`read_option`): timing and display options are checked and ignored,
``detrimentalCharacters`` on without the game's characters raises
:class:`~solitaire.seer.game.variants.UnsupportedVariant`, and an unknown option or a value of the
wrong type raises :class:`InputError` naming the field and what was expected.

The types are hanab.live's: its export (``OptionsJSON`` in ``server/src/options.go``, written by
``server/src/http_export.go``) writes an option only when it is not its default, ``variant`` as a
name, ``startingPlayer``, ``timeBase`` and ``timePerTurn`` as whole numbers, every other option as
``true``; it never writes ``null``, and its server reads a ``null`` option as absent (a Go pointer
left nil), so ``null`` here is the default too. Its database's options (``Options`` in the same
file) add ``numPlayers``, ``maxPlayers`` and ``variantID`` (whole numbers), ``variantName`` and
``tableName`` (strings). A variant field (``variant``, ``variantName``, ``variantID``) is a
variant name or a hanab.live variant id; when several name the variant, they must name the same.

:class:`Rules` joins a supported variant, the number of players and the options: the hand size
(hanab.live's 5, 5, 4, 4, 3 for 2..6 players, then the options), the deck and maximum score,
and the clue tokens in the units the game counts them in, as hanab.live does: whole tokens, or
half tokens under Clue Starved (a discard, or a played 5, returns half a token), where the team
starts with 16 units (8 tokens), a clue costs 2 and a discard or a played 5 returns 1.

Examples
--------
>>> from solitaire.seer.game.variants import get_variant
>>> o = Options.from_hanablive({"variant": "Black (6 Suits)", "oneExtraCard": True})
>>> r = Rules(get_variant(o.variant), 4, o)
>>> r.hand_size, r.max_score, r.variant.deck_size
(5, 30, 55)
"""

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from solitaire.io.errors import InputError
from solitaire.io.inputfile import is_whole, json_text
from solitaire.seer.game.characters import Character, read_characters
from solitaire.seer.game.variants import (
    COLOR,
    RANK,
    Card,
    Clue,
    UnsupportedVariant,
    Variant,
    clue_is_legal,
    clue_touches,
    get_variant,
)

__all__ = ["DEFAULT_NAMES", "HAND_SIZES", "PLAYER_RANGE", "MAX_CLUES", "Options", "Rules", "read_option"]

HAND_SIZES = {2: 5, 3: 5, 4: 4, 5: 4, 6: 3}   # hanab.live's DefaultNumCardsPerHand
#: The player counts hanab.live seats, as text.
PLAYER_RANGE = f"{min(HAND_SIZES)}..{max(HAND_SIZES)}"
#: The names hanab.live gives the players of a game read from a replay link, in seat order.
DEFAULT_NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily", "Frank")
MAX_CLUES = 8  # clue tokens at the start and at most
_DEFAULT_VARIANT = "No Variant"
_MODELLED = {"variant": "variant", "deckPlays": "deck_plays", "emptyClues": "empty_clues",
             "oneExtraCard": "one_extra_card", "oneLessCard": "one_less_card",
             "startingPlayer": "starting_player", "speedrun": "speedrun", "allOrNothing": "all_or_nothing",
             "pyhanabi": "pyhanabi"}
_IGNORED = {"timed", "timeBase", "timePerTurn", "cardCycle", "tableName",
            "maxPlayers", "numPlayers", "variantID", "variantName"}
_CHARACTERS = "detrimentalCharacters"  # on: the game's characters (read beside the options) are its rules
#: The options that are ``true`` or ``false``, those that are whole numbers ``>= 0``, the strings, and the
#: fields that name the variant (a name or an id).
_FLAGS = {"deckPlays", "emptyClues", "oneExtraCard", "oneLessCard", "allOrNothing", "detrimentalCharacters",
          "timed", "speedrun", "cardCycle", "pyhanabi"}
_COUNTS = {"startingPlayer", "timeBase", "timePerTurn", "maxPlayers", "numPlayers"}
_TEXTS = {"tableName"}
_VARIANT_KEYS = ("variant", "variantName", "variantID")


def read_option(key: str, value: Any, name: str | None = None) -> Any:
    """The value of the hanab.live option ``key`` (not ``null``), checked by its type: ``true`` or
    ``false``, a whole number ``>= 0``, a string, or for a variant field the variant's name (from a
    name or an id). ``name`` is the field in the message (default ``options.<key>``).

    Raises
    ------
    InputError
        The value is not of the option's type, or names no hanab.live variant (an unknown option
        is returned as it is: :meth:`Options.from_hanablive` names it).
    UnsupportedVariant
        A hanab.live variant the toolkit does not model.

    Examples
    --------
    >>> read_option("variantID", 0), read_option("deckPlays", True)
    ('No Variant', True)
    >>> read_option("deckPlays", "no")
    Traceback (most recent call last):
    ...
    solitaire.io.errors.InputError: hanab.live options: expected 'options.deckPlays' to be true or false, got "no"
    """
    name = name or f"options.{key}"
    if key in _FLAGS and not isinstance(value, bool):
        raise InputError(f"expected {name!r} to be true or false, got {json_text(value)}", "hanab.live options")
    if key in _COUNTS and not (is_whole(value) and value >= 0):
        raise InputError(f"expected {name!r} to be a whole number >= 0, got {json_text(value)}", "hanab.live options")
    if key in _TEXTS and not isinstance(value, str):
        raise InputError(f"expected {name!r} to be a string, got {json_text(value)}", "hanab.live options")
    if key in _VARIANT_KEYS:
        if not (isinstance(value, str) or is_whole(value)):
            raise InputError(f"expected {name!r} to be a variant name or id, got {json_text(value)}",
                             "hanab.live options")
        return get_variant(value).name
    return value


@dataclass(frozen=True)
class Options:
    """The hanab.live options that matter to the rules, by their snake_case names."""

    variant: str = _DEFAULT_VARIANT
    deck_plays: bool = False
    empty_clues: bool = False
    one_extra_card: bool = False
    one_less_card: bool = False
    starting_player: int = 0
    speedrun: bool = False
    all_or_nothing: bool = False
    pyhanabi: bool = False  # the toolkit's own option: pyhanabi's rules (module docstring)
    characters: tuple[Character, ...] = ()  # detrimentalCharacters: one per player, else none

    @classmethod
    def from_hanablive(cls, options: dict, names: dict[str, str] | None = None, characters: Any = None,
                       players: int | None = None) -> "Options":
        """Read the ``options`` object of a hanab.live game export (module docstring): a ``null``
        value is the option's default. ``names`` gives the field a key was read from, for the
        messages (default ``options.<key>``). ``characters``: the game's ``characters`` (its ``players`` players'),
        read when ``detrimentalCharacters`` is on (:func:`~solitaire.seer.game.characters.read_characters`)."""
        names = names or {}
        found, variants = {}, {}
        for key, value in options.items():
            if key not in _MODELLED and key not in _IGNORED and key != _CHARACTERS:
                raise InputError(f"option {key!r} is not supported (not a hanab.live option the toolkit knows)",
                                 "hanab.live options")
            if value is None:
                continue
            found[key] = read_option(key, value, names.get(key))
            if key in _VARIANT_KEYS:
                variants[names.get(key, f"options.{key}")] = found[key]
        if len(set(variants.values())) > 1:
            raise InputError("the game names two variants: " + ", ".join(f"{field!r} {variant!r}"
                                                                         for field, variant in variants.items()),
                             "hanab.live options")
        if variants:
            found["variant"] = next(iter(variants.values()))
        cast: tuple[Character, ...] = ()
        if found.get(_CHARACTERS):
            if characters is None:
                raise UnsupportedVariant("option detrimentalCharacters is not supported without the players' "
                                         "characters: the game does not list them (hanab.live's 'characters')",
                                         "hanab.live options")
            cast = read_characters(characters, players if players is not None else len(characters))
        return cls(**{name: found[key] for key, name in _MODELLED.items() if key in found}, characters=cast)

    def to_hanablive(self) -> dict:
        """The ``options`` object of a hanab.live export: the variant and every option on (the characters are the
        game's: :meth:`characters_json`)."""
        out = {key: getattr(self, name) for key, name in _MODELLED.items()}
        out[_CHARACTERS] = bool(self.characters)
        return {key: value for key, value in out.items() if value or key == "variant"}

    def characters_json(self) -> list[dict]:
        """The game's ``characters`` as hanab.live's export lists them (none without the option)."""
        return [{"name": c.name, "metadata": c.metadata} for c in self.characters]


@dataclass(frozen=True)
class Rules:
    """A supported variant played by ``players`` players with ``options``."""

    variant: Variant
    players: int
    options: Options = field(default_factory=Options)

    def __post_init__(self) -> None:
        if self.players not in HAND_SIZES:
            raise InputError(f"expected 2 to 6 players, got {self.players}", "players")
        if not 0 <= self.options.starting_player < self.players:
            raise InputError(f"expected a starting player in 0..{self.players - 1}, "
                             f"got {self.options.starting_player}", "hanab.live options")
        if self.deck_plays and self.discard_when_full:
            raise UnsupportedVariant(f"option deckPlays is not supported in {self.variant.name!r}: beside an inverted "
                                     f"suit the deck's last card may also be discarded", "hanab.live options")
        if self.characters and len(self.characters) != self.players:
            raise InputError(f"expected one character per player ({self.players}), got {len(self.characters)}",
                             "hanab.live options")
        if any(c.name == "Follower" for c in self.characters) and (
                self.variant.orders is not None or any(s.reversed for s in self.variant.suits)):
            raise UnsupportedVariant(f"the character Follower is not supported in {self.variant.name!r}: its rule "
                                     f"counts the stacks by their top rank, which this variant's stacks need not "
                                     f"reach in order", "hanab.live options")

    @property
    def characters(self) -> tuple[Character, ...]:
        """The players' detrimental characters (:mod:`~solitaire.seer.game.characters`), or none."""
        return self.options.characters

    @property
    def hand_size(self) -> int:
        return (HAND_SIZES[self.players] + self.options.one_extra_card
                - self.options.one_less_card)

    @property
    def max_score(self) -> int:
        return self.variant.max_score

    @property
    def deck_plays(self) -> bool:
        """Whether the player to move may play the deck's last card from the deck (``deckPlays``)."""
        return self.options.deck_plays

    @property
    def discard_when_full(self) -> bool:
        """Whether a discard is allowed at 8 clue tokens, returning none: in a variant with an inverted suit
        (Orange, Dark Orange; :attr:`~solitaire.seer.game.variants.Variant.has_inverted_suits`).

        hanab.live's server (``commandActionPlay``, ``commandActionDiscard`` in ``command_action.go``) turns a play
        of an inverted card into its discard (a token below 8) and a discard of it into its play, and refuses a
        discard at 8 tokens only in a variant without inverted suits. A game's actions are recorded as their
        effects (``PlayCard`` and ``DiscardCard`` log them), and the server replays them uninverted. So to a team
        that sees every card a play is a play and a discard a discard, as in the standard game, except that a
        discard (of any card: an inverted card's through the play button) is also allowed at 8 tokens. pyhanabi's
        rules (the option ``pyhanabi``) allow it too: its server lists every discard as a valid action, whatever
        the clue tokens, and caps the tokens at 8 (``valid_actions`` and ``perform`` in its ``hanabi.py``)."""
        return self.variant.has_inverted_suits or self.options.pyhanabi

    @property
    def strikeout_scores(self) -> bool:
        """Whether a third strike ends the game with the cards played as its score (pyhanabi's ``score``, the sum of
        the stacks however the game ended), not with 0 as on hanab.live and in HLE. It changes no optimum: where a
        discard is always allowed (:attr:`discard_when_full`, on under the same option), the discard of the card of
        a third misplay loses the same card, keeps every stack, and the game goes on to score at least as much."""
        return self.options.pyhanabi

    @property
    def clue_starved(self) -> bool:
        return self.variant.clue_starved

    @property
    def peer_gap(self) -> str | None:
        """What of these rules the SAT peers (:mod:`solitaire.seer.bounds.peers`) do not encode, as one line, or
        ``None``: the option ``deckPlays`` (every removal of their formulas is of a card the actor holds), a card no
        clue touches while no clue is always legal (they let a player clue whenever a token is left), Clue
        Starved's half tokens (they count whole tokens), a discard at 8 tokens (:attr:`discard_when_full`) or a
        finished stack that returns no token."""
        if self.characters:
            return "option detrimentalCharacters is not encoded: the peers let every player make every move"
        if self.endless:
            return "option allOrNothing is not encoded: the peers' games end after a final round"
        if self.deck_plays:
            return "option deckPlays is not encoded: the peers remove only cards the actor holds, not the deck's last"
        if self.speedrun:
            return "option speedrun is not encoded: a lost card the maximum needs ends the game with 0 here"
        if self.restricted_clues:
            return (f"{self.variant.name!r} is not encoded: a card no clue touches can leave no legal clue, and the "
                    f"peers let a player clue whenever a token is left")
        if self.clue_cost != 1:
            return f"{self.variant.name!r} is not encoded: its half clue tokens (the peers count whole tokens)"
        if self.discard_when_full:
            return "a discard at 8 clue tokens is allowed here, and the peers' formulas refuse it"
        if not self.stack_token:
            return (f"{self.variant.name!r} is not encoded: a finished stack returns no clue token here, and the "
                    f"peers return one")
        return None

    @property
    def speedrun(self) -> bool:
        """Whether the game ends with 0 as soon as a card the maximum needs is lost (the option ``speedrun``:
        hanab.live's ``EndConditionSpeedrunFail``, and All or Nothing's ``EndConditionAllOrNothingFail``, the same
        test; :func:`~solitaire.seer.game.position.needed_lost`)."""
        return self.options.speedrun or self.options.all_or_nothing

    @property
    def endless(self) -> bool:
        """Whether the game has no final round (the option ``allOrNothing``): hanab.live's server marks no last turn
        when the deck runs out (``DrawCard``, ``game_player.go``), so the game goes on until the maximum is reached
        or lost (:attr:`speedrun`), the third strike, or a player to move holds no card and no clue token
        (``EndConditionAllOrNothingSoftlock``, ``CheckEnd`` in ``game.go``), each end but the first scoring 0.
        A player who holds no card and may give no clue (no teammate holds a card a clue touches) cannot move
        either: the game is stuck there, and scores 0 as hanab.live's players must end it."""
        return self.options.all_or_nothing

    @cached_property
    def restricted_clues(self) -> bool:
        """Whether a card no clue touches can leave no legal clue: no clue is always legal and some type no clue
        touches. Only then can a third strike be forced, and only then does hanab.live's end of the game as soon as
        no card can score change a score (:func:`~solitaire.seer.game.position.can_score`)."""
        return not (self.always_clue or all(self.clueable))

    @property
    def stack_token(self) -> bool:
        """Whether the play that finishes a stack returns a clue token (below 8): not under Throw It in a Hole."""
        return not self.variant.throw_it_in_a_hole

    @property
    def clue_cost(self) -> int:
        """Units of clue tokens a clue costs: 2 under Clue Starved (a unit is half a token), else 1; a discard
        or a played 5 returns one unit (hanab.live's adjusted clue tokens)."""
        return 2 if self.clue_starved else 1

    @property
    def max_clues(self) -> int:
        """Units of clue tokens at the start and at most: 8 tokens."""
        return MAX_CLUES * self.clue_cost

    @property
    def alternating(self) -> bool:
        """Whether a clue may not be of the kind of the previous clue (Alternating Clues)."""
        return self.variant.alternating_clues

    @cached_property
    def alternation_matters(self) -> bool:
        """Whether, under Alternating Clues, the kind of the previous clue can decide whether a clue may be given at
        all: some card (or the clue legal on any hand) is reached by clues of one kind only. Where every card is
        touched by both kinds or by none, a clue of the kind the rule asks for is legal whenever any clue is
        (:mod:`solitaire.seer.bounds.alternation`)."""
        one_kind = [(colour is None) != (rank is None) for colour, rank in
                    zip([*self.touching_by_kind[COLOR], self.free_clues[COLOR]],
                        [*self.touching_by_kind[RANK], self.free_clues[RANK]], strict=True)]
        return self.alternating and any(one_kind)

    @cached_property
    def free_clue(self) -> Clue | None:
        """The first clue that may be given to any hand (empty clues allowed, or a kind of clue that
        touches nothing in this variant), ``None`` if every clue must touch a card."""
        return self.free_clues[None]

    @cached_property
    def free_clues(self) -> dict[str | None, Clue | None]:
        """:attr:`free_clue` among the clues of each kind (``COLOR``, ``RANK``; ``None``: of any kind)."""
        return {kind: next((clue for clue in self.variant.clues() if kind in (None, clue.kind)
                            and clue_is_legal(self.variant, clue, [], self.options.empty_clues)), None)
                for kind in (None, COLOR, RANK)}

    @property
    def always_clue(self) -> bool:
        """Whether some clue may be given to any hand."""
        return self.free_clue is not None

    @cached_property
    def touching(self) -> tuple[Clue | None, ...]:
        """Per type (:meth:`~solitaire.seer.game.variants.Variant.type_of`): the first clue the variant offers
        (colours first) that touches its card, ``None`` if none does."""
        return self._touching(None)

    @cached_property
    def touching_by_kind(self) -> dict[str, tuple[Clue | None, ...]]:
        """:attr:`touching` among the clues of each kind (``COLOR``, ``RANK``)."""
        return {kind: self._touching(kind) for kind in (COLOR, RANK)}

    def _touching(self, kind: str | None) -> tuple[Clue | None, ...]:
        clues = [clue for clue in self.variant.clues() if kind in (None, clue.kind)]
        return tuple(next((clue for clue in clues if clue_touches(self.variant, clue, card)), None)
                     for card in self._cards)

    @property
    def _cards(self) -> list[Card]:
        """The card of each type."""
        return [self.variant.card_of(t) for t in range(len(self.variant.suits) * self.variant.width)]

    @cached_property
    def clue_types(self) -> dict[Clue, frozenset[int]]:
        """Per clue the variant offers (:meth:`~solitaire.seer.game.variants.Variant.clues`): the types it touches."""
        cards = self._cards
        return {clue: frozenset(t for t, card in enumerate(cards) if clue_touches(self.variant, clue, card))
                for clue in self.variant.clues()}

    @cached_property
    def clue_reach(self) -> dict[Clue, frozenset[int] | None]:
        """Per clue the variant offers: the types it touches (:attr:`clue_types`), or ``None`` when it may be given
        to any hand (empty clues allowed, or a kind of clue that touches nothing in this variant). A clue may be given
        to a hand when it is ``None`` or touches a type of the hand: what
        :func:`~solitaire.seer.game.variants.clue_is_legal` decides, by types."""
        return {clue: None if clue_is_legal(self.variant, clue, [], self.options.empty_clues) else types
                for clue, types in self.clue_types.items()}

    @property
    def clueable(self) -> tuple[bool, ...]:
        """Per type: whether some clue the variant offers touches it."""
        return tuple(clue is not None for clue in self.touching)

    @cached_property
    def clue_codes(self) -> np.ndarray:
        """:attr:`touching` and :attr:`free_clue` as numbers, for compiled code: a read-only array of
        ``n_types + 1`` rows ``(kind, value, other)``, per type its first clue and last the clue legal on any hand,
        kind 0 for a colour, 1 for a rank and -1 for none (value 0), and ``other`` the value of the first such clue
        of the other kind (-1 if none: what Alternating Clues gives after a clue of ``kind``)."""
        rows = []
        for t, clue in enumerate([*self.touching, self.free_clue]):
            if clue is None:
                rows.append((-1, 0, -1))
                continue
            other_kind = RANK if clue.kind == COLOR else COLOR
            other = (self.free_clues[other_kind] if t == len(self.touching)
                     else self.touching_by_kind[other_kind][t])
            rows.append((0 if clue.kind == COLOR else 1, clue.value, -1 if other is None else other.value))
        codes = np.array(rows, dtype=np.int64)
        codes.setflags(write=False)
        return codes

    def clue_for(self, types: list[int], barred: str | None = None) -> Clue | None:
        """A legal clue to a player holding cards of ``types`` (in slot order), not of the kind ``barred``
        (Alternating Clues: the previous clue's): the first clue that touches the first card some clue touches,
        else a clue legal on any hand; ``None`` if none is."""
        kind = None if barred is None else RANK if barred == COLOR else COLOR
        touching = self.touching if kind is None else self.touching_by_kind[kind]
        return next((touching[t] for t in types if touching[t] is not None), self.free_clues[kind])
