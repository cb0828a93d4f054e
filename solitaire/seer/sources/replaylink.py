"""hanab.live replay links: a whole game written into a URL, and read back.

Contract
--------
:func:`replay_url` turns a hanab.live game (``players``, ``deck``, ``actions``, ``options``) into
the link ``https://hanab.live/replay-json/<data>`` that opens its replay on hanab.live, with
``#<turn>`` when a turn is given. A link carries the number of players, the deck, the actions and
the variant, nothing else; a game whose rules or play it would change is refused with
:class:`UnlinkableGame` (a :class:`ValueError`) and a one-line reason; :func:`link_or_reason`
returns that reason instead. :func:`decode_replay` reads a link (or only its data part) back into
a game and its turn, exactly as hanab.live's client reads it, and raises
:class:`~solitaire.io.errors.InputError` with one line saying what was expected on anything else;
it checks the format, not the game (:func:`~solitaire.seer.game.deals.parse_hanablive` and the
simulator judge that). :func:`looks_like_replay_link` tells a link from a file's contents.
Fields some records carry beside ``options`` (``variant``, ``starting_player``)
count as options, and a ``variant_id`` must name the game's variant. Both directions take time
linear in the number of cards and actions.

Format
------
The data is three fields joined by commas, all in the 62 digits ``a..z 0..9 A..Z`` (values
0..61 in that order) and decimal digits:

1. The number of players (one decimal digit, 2 to 6), the lowest and highest rank of the deck
   (one decimal digit each), then one digit per card in deck order:
   ``suitIndex * (high - low + 1) + rank - low``. A reader takes the rank back as
   ``code mod (high - low + 1) + 1`` and the suit as the quotient, so the deck is read right only
   when its lowest rank is 1.
2. The lowest and highest action type (one decimal digit each; ``00`` when there are no actions),
   then two digits per action: ``v * (high - low + 1) + type - low`` with ``v = 0`` for an action
   without a value and ``value + 1`` otherwise, then the target.
3. The variant's hanab.live id in decimal (the table of :mod:`solitaire.seer.game.variants`, modelled
   and refused variants alike).

A hyphen is inserted after every 20 characters of the joined text (hanab.live does so to let a
posted link wrap); a reader drops every hyphen first. hanab.live reads only the first three fields
and ignores anything after a third comma, and so does :func:`decode_replay`. The players are named
Alice, Bob, Cathy, Donald, Emily, Frank (the first ones) and the options are the variant alone.
The path ``/replay-json/`` and ``/shared-replay-json/`` both open the game (hanab.live chooses a
solo or a shared replay from it).

:func:`decode_replay` refuses three things hanab.live reads without complaint, none of which its
writer produces: an empty deck, an action range whose lowest type is above the highest (hanab.live
reads no actions) and an odd number of action characters (hanab.live reads a last action with
target 0).

Turn
----
``#n`` opens the replay at the position before the ``n``-th action, after ``n - 1`` actions:
``#1`` is the deal before anyone moves. hanab.live reads ``n`` as its replay segment ``n - 1``
(each play, discard or clue is one segment; the game-over action is none) and clamps it to the
segments the game has. A caller's "position before the ``n``-th action, counted from 1" is thus
``#n``, passed unchanged; :func:`replay_url` accepts ``1 <= n <= moves + 1``.

What a link cannot carry
------------------------
Player names (hanab.live shows the default ones: no effect on play) and notes, seed and id (the
deck is carried). Refused, as they change the rules or the play: a starting player other than
player 0, the options ``deckPlays``, ``emptyClues``, ``oneExtraCard``, ``oneLessCard``,
``allOrNothing``, ``detrimentalCharacters`` (and any option other than the variant, the
timing and display ones ``timed``, ``timeBase``, ``timePerTurn``, ``cardCycle``, ``tableName``, ``maxPlayers``, and
``speedrun``, whose games replay the same without it), characters; a variant hanab.live does not name; fewer than 2 or
more than 6 players; a deck whose lowest rank is not 1 or whose highest is above 9; an action type
outside 0..4; a card code, an action code or a target above 61.

References
----------
hanab.live's client (Hanabi-Live/hanabi-live at commit 8503cd84a44d4ffdadb40e3d5da56dd853d00e51):
``packages/client/src/lobby/hypoCompress.ts`` (``shrink`` and ``expand``: the format),
``packages/client/src/lobby/url.ts`` (the paths it opens),
``packages/client/src/game/ui/gameCommands.ts`` (``gameActionList``: the ``#`` fragment) and
``packages/client/src/game/ui/replay.ts`` (``goTo``: turn ``n`` is segment ``n - 1``).

Examples
--------
>>> game = {"players": ["Ann", "Ben"], "options": {"variant": "No Variant"},
...         "deck": [{"suitIndex": s, "rank": r} for s in range(5) for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)],
...         "actions": [{"type": 0, "target": 0}, {"type": 3, "target": 0, "value": 2}]}
>>> url = replay_url(game, turn=2)
>>> url
'https://hanab.live/replay-json/215aaabbccddefffgghh-iijkkkllmmnnopppqqrr-sstuuuvvwwxxy,03aapa-,0#2'
>>> back, turn = decode_replay(url)
>>> back["players"], back["actions"], turn
(['Alice', 'Bob'], [{'type': 0, 'target': 0}, {'type': 3, 'target': 0, 'value': 2}], 2)
>>> link_or_reason(dict(game, options={"startingPlayer": 1}))[1]
'the link cannot say who starts: hanab.live would start the replay with player 0, not player 1'
"""

import re
from typing import Any
from urllib.parse import urlsplit

from solitaire.io.errors import InputError
from solitaire.io.inputfile import is_whole
from solitaire.seer.game.options import DEFAULT_NAMES, HAND_SIZES
from solitaire.seer.game.variants import get_variant, variant_names

__all__ = ["SITE", "DEFAULT_NAMES", "UnlinkableGame", "replay_url", "link_or_reason", "decode_replay",
           "looks_like_replay_link"]

#: Where replay links point.
SITE = "https://hanab.live"
_DIGITS = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_VALUE = {c: i for i, c in enumerate(_DIGITS)}
_WRAP = 20
_ACTION_TYPES = range(5)
_PLAYERS = HAND_SIZES.keys()
_NO_VARIANT = "No Variant"
#: Options a link need not carry: those that change neither the rules nor the play, and ``speedrun``, whose games
#: replay the same without it (a speedrun game stops where it loses a card the maximum needs).
_HARMLESS = frozenset({"timed", "timeBase", "timePerTurn", "speedrun", "cardCycle", "tableName", "maxPlayers"})
#: Fields some game records carry beside ``options``, each the same as an option.
_BESIDE = {"variant": "variant", "starting_player": "startingPlayer"}
_PATH = re.compile(r"/(?:shared-)?replay-json/(.*)")
#: hanab.live's links to a game by its number: they hold no game, the server does.
_NUMBERED = re.compile(r"/(?:shared-replay|replay|export)/([0-9]{1,12})/?")
_DATA = re.compile(r"[0-9A-Za-z,-]+")
_BARE = re.compile(r"[0-9]{3}[0-9A-Za-z]*,[0-9A-Za-z]*,[0-9A-Za-z,]*")


class UnlinkableGame(ValueError):
    """A game a replay link cannot carry faithfully; the message says why, in one line."""


def _digit(code: int, what: str) -> str:
    if not 0 <= code < len(_DIGITS):
        raise UnlinkableGame(f"{what} does not fit one digit of the link (code {code}, at most 61)")
    return _DIGITS[code]


def _player_count(game: dict) -> int:
    players = game.get("players")
    count = len(players) if isinstance(players, list) else players
    if not is_whole(count) or count not in _PLAYERS:
        raise UnlinkableGame(f"a link carries 2 to 6 players, the game has {players!r}")
    return count


def _options(game: dict) -> dict:
    """The game's options, with the record fields beside them (:data:`_BESIDE`)."""
    options = game.get("options", {})
    if not isinstance(options, dict):
        raise UnlinkableGame(f"expected 'options' to be an object, got {options!r}")
    return dict({key: game[field] for field, key in _BESIDE.items() if field in game}, **options)


def _variant_id(game: dict, options: dict) -> int:
    """The id of the game's variant, read under an earlier name too; one hanab.live no longer has is refused."""
    name = options.get("variant", _NO_VARIANT)
    try:
        variant = get_variant(name) if isinstance(name, str) else None
    except InputError:
        variant = None
    if variant is None or variant.retired:
        why = f" ({variant.retired})" if variant else ""
        raise UnlinkableGame(f"variant {name!r} is not one of hanab.live's{why}, so a link cannot name it")
    vid = variant.id
    if "variant_id" in game and game["variant_id"] != vid:
        raise UnlinkableGame(f"variant_id {game['variant_id']!r} is not the id of the game's variant {name!r}")
    return vid


def _check_rules(game: dict, options: dict) -> None:
    """Refuse what the link would drop although it changes the rules or the play."""
    start = options.get("startingPlayer", 0)
    if start != 0:
        raise UnlinkableGame(f"the link cannot say who starts: hanab.live would start the replay with player 0, "
                             f"not player {start}")
    for key, value in options.items():
        if key not in _HARMLESS and key not in ("variant", "startingPlayer") and value:
            raise UnlinkableGame(f"option {key} is not carried by a link: hanab.live would replay the game without it")
    if game.get("characters"):
        raise UnlinkableGame("characters are not carried by a link: hanab.live would replay the game without them")


def _card(card: Any, number: int) -> tuple[int, int]:
    suit, rank = (card.get("suitIndex"), card.get("rank")) if isinstance(card, dict) else (None, None)
    if not (is_whole(suit) and is_whole(rank) and suit >= 0 and rank >= 1):
        raise UnlinkableGame(f'deck card {number}: expected {{"suitIndex": s, "rank": r}}, s >= 0, r >= 1, '
                             f"got {card!r}")
    return suit, rank


def _deck_field(deck: Any) -> str:
    if not isinstance(deck, list) or not deck:
        raise UnlinkableGame("expected 'deck' to be a non-empty list of cards")
    cards = [_card(card, i) for i, card in enumerate(deck, start=1)]
    low, high = min(r for _, r in cards), max(r for _, r in cards)
    if low != 1:
        raise UnlinkableGame(f"hanab.live reads a link's deck as starting at rank 1, this deck starts at rank {low}")
    if high > 9:
        raise UnlinkableGame(f"a link carries ranks up to 9, the deck has rank {high}")
    span = high - low + 1
    return f"{low}{high}" + "".join(_digit(suit * span + rank - low, f"deck card {i} (suit {suit}, rank {rank})")
                                    for i, (suit, rank) in enumerate(cards, start=1))


def _action(action: Any, number: int) -> tuple[int, int, int | None]:
    if not isinstance(action, dict):
        raise UnlinkableGame(f"action {number}: expected an object, got {action!r}")
    kind, target, value = action.get("type"), action.get("target"), action.get("value")
    if not (is_whole(kind) and kind in _ACTION_TYPES):
        raise UnlinkableGame(f"action {number}: expected a type in 0..4, got {kind!r}")
    if not (is_whole(target) and target >= 0) or not (value is None or (is_whole(value) and value >= 0)):
        raise UnlinkableGame(f"action {number}: expected a whole target and value >= 0, got {action!r}")
    return kind, target, value


def _actions_field(actions: Any) -> str:
    if not isinstance(actions, list):
        raise UnlinkableGame(f"expected 'actions' to be a list, got {actions!r}")
    parsed = [_action(a, i) for i, a in enumerate(actions, start=1)]
    if not parsed:
        return "00"
    low, high = min(a[0] for a in parsed), max(a[0] for a in parsed)
    span = high - low + 1
    out = [f"{low}{high}"]
    for i, (kind, target, value) in enumerate(parsed, start=1):
        code = (0 if value is None else value + 1) * span + kind - low
        out.append(_digit(code, f"action {i} (type {kind}, value {value})") + _digit(target, f"action {i}'s target"))
    return "".join(out)


def _data(game: dict) -> str:
    """The data part of the game's link (see the module text)."""
    if not isinstance(game, dict):
        raise UnlinkableGame(f"expected a game object, got {type(game).__name__}")
    options = _options(game)
    _check_rules(game, options)
    text = (f"{_player_count(game)}{_deck_field(game.get('deck'))},{_actions_field(game.get('actions', []))},"
            f"{_variant_id(game, options)}")
    return "-".join(text[i:i + _WRAP] for i in range(0, len(text), _WRAP))


def _moves(game: dict) -> int:
    return sum(1 for a in game.get("actions", []) if a.get("type") != 4)


def replay_url(game: dict, turn: int | None = None) -> str:
    """The hanab.live link that opens ``game``'s replay, at ``#turn`` when given.

    Parameters
    ----------
    game : dict
        A hanab.live game: ``players`` (names, or their number), ``deck``, optional ``actions``
        and ``options`` (absent: no actions, No Variant).
    turn : int, optional
        The position before the ``turn``-th action, counted from 1 (``1`` is the deal), in
        ``1 .. moves + 1``; hanab.live's ``#turn`` means exactly that.

    Returns
    -------
    str
        ``https://hanab.live/replay-json/<data>`` plus ``#<turn>`` when ``turn`` is given.

    Raises
    ------
    UnlinkableGame
        The link cannot carry the game faithfully (the module text lists when); one line.
    ValueError
        ``turn`` is not a position of the game.
    """
    url = f"{SITE}/replay-json/{_data(game)}"
    if turn is None:
        return url
    if not is_whole(turn) or not 1 <= turn <= _moves(game) + 1:
        raise ValueError(f"expected a turn in 1..{_moves(game) + 1} (the position before that action), got {turn!r}")
    return f"{url}#{turn}"


def link_or_reason(game: dict, turn: int | None = None) -> tuple[str | None, str | None]:
    """``(url, None)`` from :func:`replay_url`, or ``(None, reason)`` when the game is unlinkable."""
    try:
        return replay_url(game, turn), None
    except UnlinkableGame as err:
        return None, str(err)


def _split_url(text: str, source: str) -> tuple[str, int | None]:
    """The data part and the turn of a whole link."""
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https"):
        raise InputError(f"expected an http or https link, got {parts.scheme[:10]!r}://", source)
    if parts.hostname != "hanab.live":
        raise InputError(f"expected a link to hanab.live, got host {parts.hostname or ''!r}", source)
    numbered = _NUMBERED.fullmatch(parts.path)
    if numbered:
        number = numbered.group(1)
        raise InputError(f"a link to hanab.live's game {number} holds only its number, and the toolkit reads no "
                         f"network: save https://hanab.live/export/{number} (the game as hanab.live exports it) and "
                         f"give that file", source)
    found = _PATH.fullmatch(parts.path)
    if found is None or parts.query:
        raise InputError(f"expected a hanab.live path /replay-json/<data> or /shared-replay-json/<data>, "
                         f"got {parts.path[:40]!r}", source)
    turn = None
    if "#" in text:
        if not parts.fragment.isascii() or not parts.fragment.isdigit() or int(parts.fragment) < 1:
            raise InputError(f"expected a turn number 1, 2, ... after '#', got {parts.fragment[:20]!r}", source)
        turn = int(parts.fragment)
    return found.group(1), turn


def _pair(field: str, what: str, source: str) -> tuple[int, int]:
    if len(field) < 2 or not field[:2].isdigit():
        raise InputError(f"expected the {what} as two decimal digits, got {field[:2]!r}", source)
    low, high = int(field[0]), int(field[1])
    if low > high:
        raise InputError(f"expected the {what} lowest first, got {field[:2]!r}", source)
    return low, high


def _read_deck(field: str, source: str) -> tuple[int, list[dict]]:
    if not field[:1].isdigit() or int(field[0]) not in _PLAYERS:
        raise InputError(f"expected the number of players (2 to 6) first, got {field[:1]!r}", source)
    low, high = _pair(field[1:], "deck's lowest and highest rank", source)
    span = high - low + 1
    codes = [_VALUE[c] for c in field[3:]]
    if not codes:
        raise InputError("expected the deck's cards after the players and ranks, got none", source)
    return int(field[0]), [{"suitIndex": code // span, "rank": code % span + 1} for code in codes]


def _read_actions(field: str, source: str) -> list[dict]:
    low, high = _pair(field, "lowest and highest action type", source)
    span = high - low + 1
    body = field[2:]
    if len(body) % 2:
        raise InputError(f"expected two characters per action, got {len(body)} characters (truncated?)", source)
    actions = []
    for i in range(0, len(body), 2):
        value, kind = divmod(_VALUE[body[i]], span)
        action = {"type": kind + low, "target": _VALUE[body[i + 1]]}
        actions.append(action if value == 0 else dict(action, value=value - 1))
    return actions


def _read_variant(field: str, source: str) -> str:
    if not field.isdigit() or int(field) not in variant_names():
        raise InputError(f"expected a hanab.live variant id, got {field[:20]!r}", source)
    return variant_names()[int(field)]


def decode_replay(text: str, source: str = "<link>") -> tuple[dict, int | None]:
    """The game and the turn of a hanab.live replay link, read as hanab.live reads it.

    Parameters
    ----------
    text : str
        A whole link (``http`` or ``https``, host ``hanab.live``, path ``/replay-json/<data>`` or
        ``/shared-replay-json/<data>``, optional ``#turn``) or its data part alone.
    source : str
        Where the text came from, for error messages.

    Returns
    -------
    tuple of (dict, int or None)
        The game (``players`` named Alice, Bob, ...; ``deck``; ``actions``, each with a ``value``
        only when it has one; ``options`` with the ``variant`` name) and the turn of the ``#``
        fragment (the position before that action, counted from 1), ``None`` without one.

    Raises
    ------
    InputError
        Not a link or data of this format; the message says what was expected, in one line.
    """
    text = text.strip()
    data, turn = _split_url(text, source) if re.match(r"(?i)[a-z]+://", text) else (text, None)
    if not _DATA.fullmatch(data):
        raise InputError("expected the link's data: letters, digits, commas and hyphens only, "
                         f"got {data[:40]!r}", source)
    fields = data.replace("-", "").split(",")
    if len(fields) < 3:
        raise InputError(f"expected three comma-separated fields (players and deck, actions, variant id), "
                         f"got {len(fields)} (truncated?)", source)
    players, deck = _read_deck(fields[0], source)
    game = {"players": list(DEFAULT_NAMES[:players]), "deck": deck, "actions": _read_actions(fields[1], source),
            "options": {"variant": _read_variant(fields[2], source)}}
    return game, turn


def looks_like_replay_link(text: str) -> bool:
    """Whether ``text`` is meant as a link: any ``http(s)://`` URL (:func:`decode_replay` says what
    is wrong with one that is not hanab.live's) or a bare data part; never a file's JSON or deck."""
    stripped = text.strip()
    return bool(re.match(r"(?i)https?://", stripped) or _BARE.fullmatch(stripped.replace("-", "")))
