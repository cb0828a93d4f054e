"""Games of pyhanabi, the web Hanabi of Eger, Martens and Alfaro Córdoba's experiment with human players and AIs
("An Intentional AI for Hanabi", CIG 2017), read as the toolkit's deals.

pyhanabi (``yawgmoth/pyhanabi``) plays the standard game of 2 players, an AI (player 0, who moves first) and a
human ("You"), and its experiment published a log of every game (``yawgmoth/HanabiData``, ``log/game<id>.log``).
What this module relies on, read from pyhanabi's ``hanabi.py`` and ``httpui.py``:

* The deck: the cards ``(colour, rank)`` of the colours green, yellow, white, blue, red in that order, ranks
  ``1 1 1 2 2 3 3 4 4 5`` each, shuffled by Python 2's ``random.shuffle`` after ``random.seed(seed)``, the seed the
  log's ``Treatment: ('<ai>', <seed>)`` line names. Player 0 is dealt the first 5 cards, player 1 the next 5, and
  draws take the next card; the log then prints the 40 cards left, which must be those the seed deals.
* A hand keeps its cards oldest first: a played or discarded card leaves its slot and the card drawn is appended.
* A move is logged ``MOVE: <player> <type> <slot> <target> <colour> <rank>``: type 0 clues the target's cards of
  the colour, 1 its cards of the rank, 2 plays the slot, 3 discards it; ``Score <n>`` ends the log.
* pyhanabi's rules (the option ``pyhanabi``, :class:`~solitaire.seer.game.options.Rules`): every discard is allowed,
  at 8 clue tokens too, and the score is the sum of the stacks however the game ended, a third strike included.

The colours keep their names: green, yellow, white, blue, red are the toolkit's ``g y w b r`` (suits 2, 1, 4, 3, 0;
every suit of the standard deck plays alike). :func:`read_pyhanabi` reads a log, a folder of logs (its
``*.log`` files, in name order, one not named ``game<id>.log`` refused by name), or JSON Lines of pyhanabi's games
in hanab.live's export form (``players``, ``deck`` of ``[suitIndex, rank]``, ``actions``, ``score``, ``game_id``,
and ``ai_partner``, the AI's name, where ``players`` is a count; their ``variant`` and ``options`` are not read,
the game is pyhanabi's). A game is ``P2-pyhanabi-<id>``, its 16 hex digits; each is replayed and its score checked
(:func:`~solitaire.seer.sources.history.judge`); a game the rules refuse (pyhanabi let an AI clue itself in a few
games) is a :class:`~solitaire.seer.sources.history.Refused` record with its reason.

Examples
--------
>>> python2_shuffled(list(range(5)), 7)
[2, 3, 4, 0, 1]
>>> [pyhanabi_deck(2813)[k] for k in (10, 11, 12)]  # the first cards a log of seed 2813 prints after the deal
[(1, 1), (0, 2), (1, 4)]
"""

from __future__ import annotations

import ast
import os
import random
import re
from pathlib import Path
from typing import NamedTuple

from solitaire.io.errors import InputError
from solitaire.io.inputfile import parse_json, read_text, text_lines
from solitaire.seer.game.deals import COPIES, RANKS, SUITS, Deal, parse_hanablive
from solitaire.seer.game.ids import game_id
from solitaire.seer.sources.history import Refused, judge

__all__ = ["read_pyhanabi", "read_pyhanabi_log", "pyhanabi_deck", "python2_shuffled", "PYHANABI_COLOURS"]

#: pyhanabi's colours in its order, each the letter of the toolkit's suit of that name (:data:`SUITS`).
PYHANABI_COLOURS = ("green", "yellow", "white", "blue", "red")
_SUIT = [SUITS.index(name[0]) for name in PYHANABI_COLOURS]
_HAND, _PLAYERS, _DEALT = 5, 2, 10
#: pyhanabi's move types (``HINT_COLOR``, ``HINT_NUMBER``, ``PLAY``; 3 is ``DISCARD``).
_COLOUR_CLUE, _RANK_CLUE, _PLAY = 0, 1, 2
_TREATMENT = re.compile(r"Treatment: \('([A-Za-z]+)', ([0-9]{1,9})\)")
_MOVE = re.compile(r"MOVE: ([01]) ([0-3]) (None|[0-4]) (None|[01]) (None|[0-4]) (None|[1-5])")
_SCORE = re.compile(r"Score ([0-9]{1,2})")
_NAME = re.compile(r"game([0-9a-f]{16})\.log")
_ID = re.compile(r"[0-9a-f]{16}")


class _Move(NamedTuple):
    """A line ``MOVE: ...`` of a log: who moves, the move's type, the slot played or discarded, the player clued,
    the colour or rank named (``None`` where the move has none)."""

    player: int
    kind: int
    slot: int | None
    target: int | None
    colour: int | None
    rank: int | None


def _move(found: re.Match) -> _Move:
    """The move of a line ``MOVE: ...`` matched by :data:`_MOVE` (its first two fields are always digits)."""
    player, kind, *rest = found.groups()
    return _Move(int(player), int(kind), *(None if value == "None" else int(value) for value in rest))


def python2_shuffled(items: list, seed: int) -> list:
    """``items`` in the order Python 2's ``random.seed(seed); random.shuffle(items)`` leaves them: the Mersenne
    Twister of ``random.Random(seed)`` (seeded from a whole number as Python 2 seeds it), and Python 2's
    shuffle, which takes ``int(random() * (i + 1))`` where Python 3's takes ``randbelow(i + 1)``."""
    rng, out = random.Random(seed), list(items)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def pyhanabi_deck(seed: int) -> list[tuple[int, int]]:
    """The deck pyhanabi deals after ``random.seed(seed)`` (``make_deck``), in draw order: ``(colour, rank)`` with
    pyhanabi's colour numbers (:data:`PYHANABI_COLOURS`)."""
    ordered = [(colour, rank) for colour in range(len(PYHANABI_COLOURS))
               for rank in range(1, RANKS + 1) for _ in range(COPIES[rank - 1])]
    return python2_shuffled(ordered, seed)


def _actions(deck: list[tuple[int, int]], moves: list[_Move], where: str) -> list[dict]:
    """The hanab.live actions of pyhanabi's ``moves`` on ``deck``, replaying the hands to name the cards."""
    hands = [list(range(_HAND)), list(range(_HAND, _DEALT))]
    drawn, actions = _DEALT, []
    for number, move in enumerate(moves, start=1):
        if move.kind == _COLOUR_CLUE and move.target is not None and move.colour is not None:
            actions.append({"type": 2, "target": move.target, "value": _SUIT[move.colour]})
            continue
        if move.kind == _RANK_CLUE and move.target is not None and move.rank is not None:
            actions.append({"type": 3, "target": move.target, "value": move.rank})
            continue
        if move.kind in (_COLOUR_CLUE, _RANK_CLUE):
            raise InputError(f"move {number}: a clue without its target, colour or rank", where)
        hand = hands[move.player]
        if move.slot is None or move.slot >= len(hand):
            raise InputError(f"move {number}: player {move.player} holds no card in slot {move.slot}", where)
        actions.append({"type": 0 if move.kind == _PLAY else 1, "target": hand.pop(move.slot), "value": 0})
        if drawn < len(deck):
            hand.append(drawn)
            drawn += 1
    return actions


def read_pyhanabi_log(text: str, source: str, gid: str) -> Deal | Refused:
    """The game of one pyhanabi log (module docstring), named ``P2-pyhanabi-<gid>``, judged; or why it is refused."""
    ident = game_id(_PLAYERS, "pyhanabi", gid)
    lines = [line.strip() for line in text_lines(text)]
    treatment = next((found for line in lines if (found := _TREATMENT.fullmatch(line))), None)
    if treatment is None:
        return Refused(ident, source, "expected a pyhanabi log: a line Treatment: ('<ai>', <seed>)")
    ai, seed = treatment.group(1), int(treatment.group(2))
    deck = pyhanabi_deck(seed)
    printed = next((line for line in lines if line.startswith("[(")), None)
    try:
        left = ast.literal_eval(printed) if printed else None
    except (ValueError, SyntaxError, RecursionError):  # not a list of cards (nested too deep for Python)
        left = None
    if left != deck[_DEALT:]:
        return Refused(ident, source, f"the 40 cards the log prints after the deal are not those pyhanabi deals for "
                                      f"the seed {seed}")
    moves = [_move(found) for line in lines if (found := _MOVE.fullmatch(line))]
    score = next((int(found.group(1)) for line in lines if (found := _SCORE.fullmatch(line))), None)
    try:
        actions = _actions(deck, moves, source)
    except InputError as err:
        return Refused(ident, source, err.message)
    record = {"players": [ai, "You"], "deck": [[_SUIT[colour], rank] for colour, rank in deck],
              "actions": actions, "score": score}
    return _game(record, ident, source)


def _game(record: dict, ident: str, source: str) -> Deal | Refused:
    """The judged deal of a pyhanabi game in hanab.live's form, under pyhanabi's rules; or why it is refused."""
    game = {key: record[key] for key in ("players", "deck", "actions", "score") if key in record}
    try:
        deal = parse_hanablive(dict(game, options={"pyhanabi": True}), source)
        deal = Deal(deal.types, deal.players, ident, deal.meta, deal.start_player, deal.options)
        return judge(deal, source)
    except InputError as err:
        return Refused(ident, source, err.message)


def _record(line: str, source: str, number: int) -> Deal | Refused:
    """One JSON Lines record of a pyhanabi game in hanab.live's form (module docstring)."""
    where = f"{source}:{number}"
    try:
        record = parse_json(line, source, number)
    except InputError as err:
        return Refused(None, where, err.message)
    gid = record.get("game_id") if isinstance(record, dict) else None
    if not (isinstance(gid, str) and _ID.fullmatch(gid)):
        return Refused(None, where, "expected a pyhanabi game: a 'game_id' of 16 hex digits, 'deck' and 'actions'")
    if isinstance(record.get("ai_partner"), str) and not isinstance(record.get("players"), list):
        record = dict(record, players=[record["ai_partner"], "You"])
    return _game(record, game_id(_PLAYERS, "pyhanabi", gid), where)


def _folder_logs(folder: Path) -> list[Deal | Refused]:
    """The games of the logs of ``folder``, its ``*.log`` files in name order: a log ``game<id>.log`` read, another
    refused by name (a log's name is its game's id), so that no log is dropped unsaid; :class:`InputError` when the
    folder holds no ``*.log`` file."""
    logs = sorted(p for p in folder.iterdir() if p.name.endswith(".log") and p.is_file())
    if not logs:
        raise InputError("expected pyhanabi logs (game<16 hex digits>.log) in the folder", str(folder))
    return [read_pyhanabi_log(read_text(log), str(log), found.group(1)) if (found := _NAME.fullmatch(log.name))
            else Refused(None, str(log), "expected a pyhanabi log named game<16 hex digits>.log (its game's id)")
            for log in logs]


def read_pyhanabi(path: str | os.PathLike[str]) -> list[Deal | Refused]:
    """Every game of ``path``: a pyhanabi log, a folder of them (:func:`_folder_logs`), or JSON Lines of pyhanabi's
    games in hanab.live's form (module docstring); one item per game, in order. A folder without a log, or a file
    that is neither, is an :class:`InputError`."""
    path = Path(path)
    if path.is_dir():
        return _folder_logs(path)
    text = read_text(path)
    if text.lstrip().startswith("{"):
        return [_record(line, str(path), number) for number, line in enumerate(text_lines(text), start=1)
                if line.strip()]
    named = _NAME.fullmatch(path.name)
    if named is None:
        raise InputError("expected a pyhanabi log named game<16 hex digits>.log, or JSON Lines of pyhanabi's games",
                         str(path))
    return [read_pyhanabi_log(text, str(path), named.group(1))]
