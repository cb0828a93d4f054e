"""What the command line must make of a real hanab.live game with one field changed: the oracle of
the fuzz test of ``tests/test_cli_contract.py`` and of ``benchmarks/bench_faults.py``.

Each verdict is :data:`VALID` (read, nothing refused), :data:`INVALID` (a refused row, or with
``--strict`` exit 2 and one line) or :data:`EITHER` where the documentation does not settle it (a
number that may name another variant, another starting player); the rules are those of
``docs/formats.md``, "hanab.live games read".
"""

__all__ = ["VALID", "INVALID", "EITHER", "BAD", "TOP", "OPTIONS", "whole", "variant_verdict", "top_verdict",
           "option_verdict", "action_verdict"]

VALID, INVALID, EITHER = "valid", "invalid", "either"
#: Values of a wrong type or out of range for any field of a game.
BAD = [True, False, None, "true", "no", "", 0, 1, 5, -1, 1.5, 2**63, 10**30, -(10**30), [], [1], ["a", "b"], {},
       {"a": 1}]
#: The top-level fields changed.
TOP = ["players", "deck", "seed", "id", "game_id", "score", "variant", "variant_id", "hand_size", "actions",
       "options", "end", "starting_player", "empty_clues"]
#: The options changed.
OPTIONS = ["variant", "variantName", "variantID", "deckPlays", "emptyClues", "oneExtraCard", "oneLessCard",
           "allOrNothing", "detrimentalCharacters", "timed", "speedrun", "cardCycle", "startingPlayer", "timeBase",
           "timePerTurn", "maxPlayers", "numPlayers", "tableName", "someNewRule"]


def whole(value):
    """A JSON whole number (not a bool)."""
    return type(value) is int


def variant_verdict(value):
    """A variant field set to ``value``: No Variant is read, a number may name another variant, else refused."""
    if value is None or value == "No Variant" or whole(value) and value == 0:
        return VALID
    return EITHER if whole(value) else INVALID


def top_verdict(record, key, value):
    """A game whose top-level field ``key`` is ``value``."""
    players = record["players"]
    if key == "players":
        if whole(value) and value == players or value == ["a", "b"] and players == 2:
            return VALID
        return EITHER if value == ["a", "b"] or whole(value) and 2 <= value <= 5 else INVALID
    if key == "deck":
        return INVALID
    if key in ("seed", "end"):
        return VALID if value is None or isinstance(value, str) else INVALID
    if key in ("id", "game_id"):
        other = record.get("game_id" if key == "id" else "id")
        number = whole(value) and 0 <= value < 2**63 and other in (None, value)
        return VALID if value is None or number or isinstance(value, str) else INVALID  # text: another collection's
    if key in ("score", "hand_size"):
        return VALID if value is None or whole(value) and value == record[key] else INVALID
    if key in ("variant", "variant_id"):
        return variant_verdict(value)
    if key == "actions":
        return VALID if value == [] else INVALID
    if key == "options":
        return VALID if value in (None, {}) else INVALID
    if key == "starting_player":
        if value == 0 and whole(value) or value is None:
            return VALID
        return EITHER if whole(value) and 0 < value < players else INVALID
    return VALID  # empty_clues: not an option (a record's count of empty clues): read and ignored


def option_verdict(record, key, value):
    """A game whose option ``key`` is ``value``."""
    if key == "someNewRule":
        return INVALID
    if value is None:
        return VALID
    if key in ("variant", "variantName", "variantID"):
        return variant_verdict(value)
    if key in ("timeBase", "timePerTurn", "maxPlayers"):
        return VALID if whole(value) and value >= 0 else INVALID
    if key == "numPlayers":
        return VALID if whole(value) and value == record["players"] else INVALID
    if key == "startingPlayer":
        return top_verdict(record, "starting_player", value)
    if key == "tableName":
        return VALID if isinstance(value, str) else INVALID
    if not isinstance(value, bool):
        return INVALID
    return VALID if not value else INVALID if key == "detrimentalCharacters" else EITHER


def action_verdict(action, key, value):
    """A game whose ``action`` has ``key`` set to ``value`` (``...``: deleted)."""
    needed = {"type": True, "target": action["type"] != 4, "value": action["type"] > 1}[key]
    if value is ... or value is None:
        return INVALID if needed else VALID
    if not whole(value) or key == "type" and not 0 <= value <= 4:
        return INVALID
    if value == action.get(key) or key == "value" and action["type"] < 2 or key == "target" and action["type"] == 4:
        return VALID
    return EITHER
