"""JaxMARL's Hanabi decks and recorded games read as the toolkit's deals.

JaxMARL (``FLAIROx/JaxMARL``, ``jaxmarl/environments/hanabi/hanabi_game.py``) plays the standard game
with HLE's rules and ships, in its test suite (``tests/hanabi/``), fixed decks with games recorded on
them. What this module relies on, read from its code:

* A deck is a list of 50 cards ``"R1"`` .. ``"B5"`` in draw order, the top first, colours ``R Y G W B``
  (HLE's order, :data:`~solitaire.seer.game.hle.HLE_TO_SUIT`). Player ``a`` is dealt the cards
  ``a h .. a h + h - 1`` (hands of ``h = 5`` for the default 2 agents) and player 0 moves first: the
  toolkit's deal of the same deck.
* A hand keeps its cards oldest first: a played or discarded card leaves its slot and the card drawn
  is appended, so a slot names a deck order as in HLE and in the toolkit's simulator.
* A move of a 2-player game: ``u < h`` discards slot ``u``; ``h <= u < 2h`` plays slot ``u - h``;
  ``2h + c`` (``c < 5``) clues the other player's cards of HLE colour ``c``; ``2h + 5 + r`` clues rank
  ``r + 1``; ``2h + 10`` is the no-op of the player not to move.
* The score is the fireworks' sum, and 0 once the last life token is lost (hanab.live's score).

Files (the layout of ``tests/hanabi/``): ``decks.json``, a JSON list of ``{"seed_idx": i, "deck":
[...]}``; ``actions.json``, a JSON list holding for each deck the moves of the player to move, in
order; ``scores.txt``, a line ``i,score`` per deck. :func:`read_jaxmarl` reads a deck file alone (the
deals, without play) or a folder of the three (each deck with its game: ``meta["actions"]`` in
hanab.live's form, judged by :func:`solitaire.seer.sources.history.judge`, the recorded score checked).

Ids. The deck of ``seed_idx`` ``i`` (its place in the file where a deck has none) is
``P<players>-jaxmarl-i``, with or without its game, so a score file by those ids joins either. A deck
or a game the toolkit cannot read is a :class:`~solitaire.seer.sources.history.Refused` record with
its reason; a file that is not such a list stops with one :class:`~solitaire.io.errors.InputError`.

Examples
--------
>>> text = '[{"seed_idx": 7, "deck": ["R1", "Y1", "G1", "W1", "B1"]}]'
>>> read_jaxmarl_decks(text, "decks.json")[0].reason
'deck 7: expected 50 cards, got 5'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from solitaire.io.errors import InputError
from solitaire.io.inputfile import parse_json, read_text, text_lines
from solitaire.seer.game.deals import RANKS, Deal, check_deck
from solitaire.seer.game.hle import HLE_TO_SUIT
from solitaire.seer.game.ids import game_id, parse_id
from solitaire.seer.game.simulator import COLOR_CLUE, DISCARD, PLAY, RANK_CLUE, Action
from solitaire.seer.sources.history import Refused, judge

__all__ = ["read_jaxmarl", "read_jaxmarl_decks", "jaxmarl_actions", "JAXMARL_PLAYERS"]

#: JaxMARL's default number of agents (``make("hanabi")``), the player count its test decks are played with.
JAXMARL_PLAYERS = 2
_HAND = 5
_COLOURS = "RYGWB"


def _types(deck: Any, where: str) -> list[int]:
    """The card types of a JaxMARL deck (a list of ``"R1"`` .. ``"B5"``); :class:`InputError` otherwise."""
    if not isinstance(deck, list) or len(deck) != 50:
        raise InputError(f"expected 50 cards, got {len(deck) if isinstance(deck, list) else type(deck).__name__}",
                         where)
    types = []
    for number, card in enumerate(deck, start=1):
        if not (isinstance(card, str) and len(card) == 2 and card[0] in _COLOURS and card[1] in "12345"):
            raise InputError(f"card {number}: expected a colour of RYGWB and a rank 1..5 (\"R1\"), got {card!r}",
                             where)
        types.append(HLE_TO_SUIT[_COLOURS.index(card[0])] * RANKS + int(card[1]) - 1)
    check_deck(types, where)
    return types


def jaxmarl_actions(types: list[int], moves: list[int]) -> list[Action]:
    """The hanab.live actions of the moves of a 2-player JaxMARL game on the deck ``types`` (module docstring),
    replaying the hands to name the cards; :class:`ValueError` naming the first move that is not one."""
    hands = [list(range(_HAND)), list(range(_HAND, 2 * _HAND))]
    drawn, actions = 2 * _HAND, list[Action]()
    for turn, move in enumerate(moves):
        player = turn % 2
        if not (isinstance(move, int) and 0 <= move < 4 * _HAND):
            raise ValueError(f"move {turn + 1}: expected a move 0..{4 * _HAND - 1}, got {move!r}")
        if move < 2 * _HAND:
            slot = move % _HAND
            if slot >= len(hands[player]):
                raise ValueError(f"move {turn + 1}: slot {slot} of a hand of {len(hands[player])} cards")
            order = hands[player].pop(slot)
            actions.append({"type": DISCARD if move < _HAND else PLAY, "target": order})
            if drawn < len(types):
                hands[player].append(drawn)
                drawn += 1
        elif move < 3 * _HAND:
            actions.append({"type": COLOR_CLUE, "target": 1 - player, "value": HLE_TO_SUIT[move - 2 * _HAND]})
        else:
            actions.append({"type": RANK_CLUE, "target": 1 - player, "value": move - 3 * _HAND + 1})
    return actions


def _records(text: str, source: str) -> list[Any]:
    """The JSON list of a deck file; :class:`InputError` when it is not one."""
    records = parse_json(text, source)
    if not isinstance(records, list):
        raise InputError("expected a JSON list of decks ({\"seed_idx\", \"deck\"})", source)
    return records


def _number(record: Any, place: int) -> int:
    """The deck's ``seed_idx``, else its place in the file."""
    number = record.get("seed_idx") if isinstance(record, dict) else None
    return number if isinstance(number, int) and not isinstance(number, bool) and number >= 0 else place


def read_jaxmarl_decks(text: str, source: str = "<string>", players: int = JAXMARL_PLAYERS) -> list[Deal | Refused]:
    """The deals of a JaxMARL deck file's text (module docstring), for ``players``, in file order."""
    items: list[Deal | Refused] = []
    for place, record in enumerate(_records(text, source)):
        number = _number(record, place)
        ident = game_id(players, "jaxmarl", str(number))
        try:
            types = _types(record.get("deck") if isinstance(record, dict) else record, f"deck {number}")
        except InputError as err:
            items.append(Refused(ident, f"{source}:{place + 1}", f"{err.source}: {err.message}"))
            continue
        items.append(Deal(types, players, ident, {"source": f"{source}:{place + 1}"}))
    return items


def _scores(path: Path) -> dict[int, int]:
    """``scores.txt``: the score of each deck, by its number (a blank line is skipped, as every reader skips one)."""
    scores = {}
    for line_number, line in enumerate(text_lines(read_text(path)), start=1):
        if not line.strip():
            continue
        number, _, score = line.partition(",")
        if not (number.strip().isdigit() and score.strip().isdigit()):
            raise InputError(f"expected a line 'deck,score' of whole numbers, got {line[:40]!r}", str(path),
                             line_number)
        scores[int(number)] = int(score)
    return scores


def _game(deal: Deal, moves: Any, score: int | None) -> Deal | Refused:
    """``deal`` with the game of ``moves`` on it, judged, its ``score`` checked; or the game refused."""
    try:
        if not isinstance(moves, list):
            raise ValueError(f"expected a list of moves, got {type(moves).__name__}")
        actions = jaxmarl_actions(deal.types.tolist(), moves)
        meta = dict(deal.meta, actions=actions, **({} if score is None else {"real_score": score}))
        return judge(Deal(deal.types, deal.players, deal.ident, meta), deal.meta["source"])
    except (ValueError, InputError) as err:
        return Refused(deal.ident, deal.meta["source"], getattr(err, "message", str(err)))


def read_jaxmarl(path: str | os.PathLike[str], players: int = JAXMARL_PLAYERS) -> list[Deal | Refused]:
    """The deals of a JaxMARL deck file, or the games of a folder holding ``decks.json``, ``actions.json`` and
    (optionally) ``scores.txt`` (module docstring); a game is of 2 players, the decks alone of ``players``."""
    folder = Path(path)
    if not folder.is_dir():
        return read_jaxmarl_decks(read_text(folder), str(folder), players)
    decks_path = folder / "decks.json"
    deals = read_jaxmarl_decks(read_text(decks_path), str(decks_path), JAXMARL_PLAYERS)
    moves = _records(read_text(folder / "actions.json"), str(folder / "actions.json"))
    scores = _scores(folder / "scores.txt") if (folder / "scores.txt").exists() else {}
    if len(moves) != len(deals):
        raise InputError(f"expected the moves of each of the {len(deals)} decks, got {len(moves)} games",
                         str(folder / "actions.json"))
    return [deal if isinstance(deal, Refused) else _game(deal, game, scores.get(int(parse_id(deal.ident).key)))
            for deal, game in zip(deals, moves, strict=True)]
