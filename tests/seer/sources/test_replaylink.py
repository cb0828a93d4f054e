"""hanab.live replay links (:mod:`solitaire.seer.sources.replaylink`): round trips, a second decoder, golden links.

The second decoder (:func:`reference_expand`) follows hanab.live's ``expand`` in
``packages/client/src/lobby/hypoCompress.ts`` step by step, with JavaScript's semantics
(``split`` with a limit, ``charAt`` past the end, ``indexOf``, ``%`` and ``Math.floor``), and shares
no code with the module: it reads the variant table from the shipped JSON file itself.
"""

import json
import math
import re
import string
from functools import cache
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import REAL_GAMES, standard_games
from solitaire.io.errors import InputError
from solitaire.seer.game.deals import deal_to_hanablive, parse_hanablive, seeded_deal
from solitaire.seer.sources.dealsource import live_deals
from solitaire.seer.game.simulator import seer_line, simulate
from solitaire.seer.sources.replaylink import (UnlinkableGame, decode_replay, link_or_reason, looks_like_replay_link,
                                       replay_url)

REAL = REAL_GAMES / "hanablive_games.jsonl"

# ---------------------------------------------------------------------------------------------
# The second decoder: hanab.live's expand(), one step at a time.

JS_BASE62 = string.ascii_lowercase + string.digits + string.ascii_uppercase
JS_PLAYER_NAMES = ["Alice", "Bob", "Cathy", "Donald", "Emily", "Frank"]
JS_MIN_PLAYERS, JS_MAX_PLAYERS = 2, 6


@cache
def js_variants_by_id() -> dict:
    """hanab.live's variants by id, read straight from the shipped table (modelled and refused ones)."""
    table = json.loads(resources.files("solitaire.seer.game").joinpath("data/variants.json").read_text("utf-8"))
    return {entry["id"]: entry["name"] for entry in table["variants"]}


def js_char_at(s: str, i: int) -> str:
    return s[i] if 0 <= i < len(s) else ""


def js_index_of(s: str) -> int:
    return JS_BASE62.find(s)  # like indexOf, "" is found at 0


def js_parse_int_safe(s: str):
    return int(s) if re.fullmatch(r"-?[0-9]+", s) else None


def js_mod(a: int, b: int) -> int:
    return int(math.fmod(a, b))


def js_min_max_valid(low: int, high: int) -> bool:
    return low >= 0 and low <= high


def reference_expand(data: str):
    """hanab.live's ``expand``: the game object, or ``None`` where it returns undefined."""
    normal = data.replace("-", "")
    parts = normal.split(",")[:3]
    if len(parts) < 3:
        return None
    players_and_deck, actions_string, variant_string = parts

    num_players = js_parse_int_safe(js_char_at(players_and_deck, 0))
    if num_players is None or not JS_MIN_PLAYERS <= num_players <= JS_MAX_PLAYERS:
        return None
    players = JS_PLAYER_NAMES[:num_players]

    deck_string = players_and_deck[1:]
    low = js_parse_int_safe(js_char_at(deck_string, 0))
    high = js_parse_int_safe(js_char_at(deck_string, 1))
    if low is None or high is None or not js_min_max_valid(low, high):
        return None
    deck = []
    s = 2
    while s < len(deck_string):
        r = high - low + 1
        index = js_index_of(js_char_at(deck_string, s))
        rank = js_mod(index, r) + 1
        suit_index = math.floor((index - rank + 1) / r)
        deck.append({"suitIndex": suit_index, "rank": rank})
        s += 1

    low = js_parse_int_safe(js_char_at(actions_string, 0))
    high = js_parse_int_safe(js_char_at(actions_string, 1))
    if low is None or high is None:
        return None
    actions = []
    if js_min_max_valid(low, high):
        s = 2
        while s < len(actions_string):
            pair = actions_string[s:s + 2]
            r = high - low + 1
            index = js_index_of(js_char_at(pair, 0))
            kind = js_mod(index, r)
            val = math.floor((index - kind) / r)
            kind += low
            action = {"type": kind, "target": js_index_of(js_char_at(pair, 1))}
            if val != 0:
                action["value"] = val - 1
            actions.append(action)
            s += 2

    variant_id = js_parse_int_safe(variant_string)
    if variant_id is None or variant_id not in js_variants_by_id():
        return None
    return {"players": players, "deck": deck, "actions": actions,
            "options": {"variant": js_variants_by_id()[variant_id]}}


def data_of(url: str) -> str:
    return url.split("replay-json/", 1)[1].split("#", 1)[0]


# ---------------------------------------------------------------------------------------------
# Games to link.

def expected(game: dict) -> dict:
    """What a link gives back for ``game``: default names, the deck, the actions, the variant."""
    players = game["players"]
    count = players if isinstance(players, int) else len(players)
    actions = [{k: v for k, v in a.items() if k in ("type", "target", "value") and v is not None}
               for a in game.get("actions", [])]
    return {"players": JS_PLAYER_NAMES[:count], "deck": game["deck"], "actions": actions,
            "options": {"variant": game.get("options", {}).get("variant", "No Variant")}}


def check_round_trip(game: dict, turn: int | None) -> dict:
    """Encode, decode with both decoders, and compare with :func:`expected`; the decoded game."""
    url = replay_url(game, turn)
    back, back_turn = decode_replay(url)
    assert back == expected(game)
    assert back_turn == turn
    assert reference_expand(data_of(url)) == back
    return back


def seer_game(deal) -> tuple[dict, int]:
    actions, score = seer_line(deal)
    return dict(deal_to_hanablive(deal), actions=actions), score


#: A few variants for hanab.live's own deals: 6 Suits, Black (6), Rainbow (6), Dark Rainbow (6), 3 Suits, Pink (5).
LIVE_VARIANTS = (1, 2, 3, 11, 18, 107)


@settings(max_examples=60)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**64 - 1), data=st.data())
def test_round_trip_of_bot_games(players, seed, data):
    deal = seeded_deal(players, seed)
    game, score = seer_game(deal)
    turn = data.draw(st.none() | st.integers(1, len(game["actions"]) + 1), label="turn")
    back = check_round_trip(game, turn)
    assert simulate(parse_hanablive(back), back["actions"]).score == score


@settings(max_examples=40)
@given(players=st.integers(2, 5), variant=st.sampled_from(LIVE_VARIANTS), seed=st.integers(1, 10**6),
       data=st.data())
def test_round_trip_of_variant_games(players, variant, seed, data):
    deal = live_deals([f"p{players}v{variant}s{seed}"])[0]
    game, score = seer_game(deal)
    turn = data.draw(st.none() | st.integers(1, len(game["actions"]) + 1), label="turn")
    back = check_round_trip(game, turn)
    assert back["options"]["variant"] == deal.options.variant
    assert simulate(parse_hanablive(back), back["actions"]).score == score


cards = st.builds(lambda s, r: {"suitIndex": s, "rank": r}, st.integers(0, 5), st.integers(1, 7))
actions = st.builds(lambda t, x, v: {"type": t, "target": x, "value": v},
                    st.integers(0, 4), st.integers(0, 61), st.none() | st.integers(0, 9))


@settings(max_examples=200)
@given(players=st.integers(2, 6), deck=st.lists(cards, min_size=1, max_size=70),
       moves=st.lists(actions, max_size=80), variant=st.sampled_from(sorted(js_variants_by_id().values())))
def test_any_representable_game_round_trips(players, deck, moves, variant):
    game = {"players": [f"p{i}" for i in range(players)], "deck": deck, "actions": moves,
            "options": {"variant": variant}}
    if min(card["rank"] for card in deck) != 1:
        with pytest.raises(UnlinkableGame, match="starts at rank"):
            replay_url(game)
        return
    check_round_trip(game, None)


def test_real_games_round_trip_exactly():
    games, _ = standard_games(REAL)
    assert len(games) > 250
    for deal in games:
        assert deal.start_player == 0
        game = dict(deal_to_hanablive(deal), actions=deal.meta["actions"])
        back, turn = decode_replay(replay_url(game))
        assert turn is None
        assert back["deck"] == game["deck"] and back["actions"] == game["actions"], deal.meta["source"]
        assert len(back["players"]) == deal.players and back["options"] == {"variant": "No Variant"}
        assert parse_hanablive(back).types.tolist() == deal.types.tolist()


def test_real_games_with_rule_options_are_refused():
    refused = {}
    for line in REAL.read_text().splitlines():
        record = json.loads(line)
        on = [key for key, value in record["options"].items() if value]
        if on:
            game = {"players": record["players"], "actions": record["actions"], "options": record["options"],
                    "deck": [{"suitIndex": s, "rank": r} for s, r in record["deck"]]}
            url, reason = link_or_reason(game)
            assert url is None and f"option {on[0]}" in reason
            refused[on[0]] = reason
    assert {"deckPlays", "emptyClues", "detrimentalCharacters"} <= set(refused)


# ---------------------------------------------------------------------------------------------
# Golden links.

#: Three losses of a bot, linked with hanab.live's own ``/copy`` command (so written by hanab.live's
#: ``shrink``), from the description of WuTheFWasThat/hanabi.rs pull request #16 (timotree3,
#: 2023-01-20): seeds 4245972478, 4245972486 and 4245972498 of that program.
HANABI_RS_LINKS = (
    ("https://hanab.live/shared-replay-json/415vpsfbqucuuqondkak-xxibwavnagyftkghmppd-slcjfmwrhelri,03lcag-"
     "ajaopbxdbiapaagdlbau-abafxbbwadahxaanavoc-aroba0a1xdbzb5a6atb2-bxocbkbsaCbesbaEgcaG-xdam1caIalaBa3pcodxa-lb,0"),
    ("https://hanab.live/shared-replay-json/415bgxawlspiprhxbinw-lsfkqvdqfvrhmtdnayag-opkcmkujucufe,03xdah-"
     "ajwbadpdgdantbbqxaat-abaupaavscafakpcasbg-alaolbbza3a4tbb2a6by-bakcb9bAaBxcbiwcaEax-gbxatbaHa0lctbaebJam-"
     "xba8xdbpxbaI,0"),
    ("https://hanab.live/shared-replay-json/415qcgeilpnscupajqvo-ywnktusidmhkuxlrkfrp-wvadhgfafxbmb,03gdag-"
     "akamwdgablaoaaka1aap-pbwctaaukbafbiasgcbh-1aa0bbbeatb2gcaqoba6-b3a4araxavldbBa8aca1-b5lcxcaytaanbGgcld1a-"
     "aLwdajlab9xcaz,0"),
)


@pytest.mark.parametrize("link", HANABI_RS_LINKS)
def test_links_written_by_hanab_live_decode_to_legal_games(link):
    game, turn = decode_replay(link)
    assert turn is None and game["players"] == ["Alice", "Bob", "Cathy", "Donald"]
    assert reference_expand(data_of(link)) == game
    end = simulate(parse_hanablive(game), game["actions"])  # every action is legal
    assert end.over and end.score == 24 and len(game["actions"]) in (53, 58, 59)
    # Our encoder writes the very same data, hyphens included.
    assert data_of(replay_url(game)) == data_of(link)


#: Hand-checked: the standard deck in canonical order (ranks 1..5: codes suit * 5 + rank - 1, so
#: r1 r1 r1 r2 r2 ... is a a a b b ...), Alice plays card 0 (type range 0..3, span 4: code 0 -> a, target a),
#: Bob clues rank 2 to Alice (code (2 + 1) * 4 + 3 = 15 -> p, target a); hyphens after characters 20, 40, 60.
CANONICAL = {"players": ["Ann", "Ben"], "deck": [{"suitIndex": s, "rank": r} for s in range(5)
                                                   for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)],
             "actions": [{"type": 0, "target": 0}, {"type": 3, "target": 0, "value": 2}]}
CANONICAL_URL = ("https://hanab.live/replay-json/215aaabbccddefffgghh-iijkkkllmmnnopppqqrr-sstuuuvvwwxxy,03aapa-,0")

#: Hand-checked: 3 players of 6 Suits (id 1), two cards: Teal 5 (code 5 * 5 + 4 = 29 -> "3") and Red 1 ("a");
#: one action, game over (type range 4..4, span 1) with value 4 (code 5 -> "f") naming player 1 ("b").
GAME_OVER = {"players": ["A", "B", "C"], "deck": [{"suitIndex": 5, "rank": 5}, {"suitIndex": 0, "rank": 1}],
             "actions": [{"type": 4, "target": 1, "value": 4}], "options": {"variant": "6 Suits"}}


def test_hand_checked_links():
    assert replay_url(CANONICAL) == CANONICAL_URL
    assert replay_url(CANONICAL, 3) == CANONICAL_URL + "#3"
    assert replay_url(GAME_OVER) == "https://hanab.live/replay-json/3153a,44fb,1"
    assert replay_url(dict(GAME_OVER, actions=[])) == "https://hanab.live/replay-json/3153a,00,1"
    assert decode_replay("3153a,44fb,1") == (expected(GAME_OVER), None)


def test_what_decode_accepts():
    game = expected(CANONICAL)
    data = data_of(CANONICAL_URL)
    for text in (CANONICAL_URL, CANONICAL_URL.replace("https", "http"),
                 CANONICAL_URL.replace("/replay-json/", "/shared-replay-json/"), data, data.replace("-", ""),
                 f"  {CANONICAL_URL}\n"):
        assert decode_replay(text) == (game, None)
    assert decode_replay(CANONICAL_URL + "#7") == (game, 7)
    # hanab.live reads three fields and ignores the rest.
    assert decode_replay(CANONICAL_URL + ",p2v0s1#2") == (game, 2)
    assert reference_expand(data + ",p2v0s1") == game
    # hanab.live counts ranks from 1 whatever the lowest rank says: codes 0 and 1 are ranks 1 and 2.
    low_two = {"players": ["Alice", "Bob", "Cathy"], "deck": [{"suitIndex": 0, "rank": 1}, {"suitIndex": 0, "rank": 2}],
               "actions": [], "options": {"variant": "No Variant"}}
    assert decode_replay("325ab,00,0") == (low_two, None) and reference_expand("325ab,00,0") == low_two


def test_the_turn_is_hanab_live_s_one_based_position():
    game = seer_game(seeded_deal(3, 7))[0]
    moves = len(game["actions"])
    assert replay_url(game, 1).endswith("#1")  # the deal, before any action
    assert replay_url(game, moves + 1).endswith(f"#{moves + 1}")  # after the last action
    for bad in (0, moves + 2, -1, True, "3"):
        with pytest.raises(ValueError, match="expected a turn"):
            replay_url(game, bad)
    with_end = dict(game, actions=game["actions"] + [{"type": 4, "target": 0, "value": 1}])
    assert replay_url(with_end, moves + 1).endswith(f"#{moves + 1}")  # the game-over action is no move


# ---------------------------------------------------------------------------------------------
# Refusals and bad input.

@pytest.mark.parametrize("change, words", [
    ({"options": {"startingPlayer": 1}}, "player 0, not player 1"),
    ({"starting_player": 2}, "not player 2"),
    ({"options": {"deckPlays": True}}, "option deckPlays"),
    ({"options": {"emptyClues": True}}, "option emptyClues"),
    ({"options": {"oneExtraCard": True}}, "option oneExtraCard"),
    ({"options": {"oneLessCard": True}}, "option oneLessCard"),
    ({"options": {"allOrNothing": True}}, "option allOrNothing"),
    ({"options": {"detrimentalCharacters": True}}, "option detrimentalCharacters"),
    ({"characters": [{"name": "Fuming"}]}, "characters"),
    ({"options": {"variant": "Not A Variant"}}, "not one of hanab.live's"),
    ({"options": {"variant": "Rainbow & White (3 Suits)"}}, "removed from hanab.live on 2022-11-01"),
    ({"variant_id": 3}, "variant_id 3"),
    ({"players": ["solo"]}, "2 to 6 players"),
    ({"players": 7}, "2 to 6 players"),
    ({"deck": []}, "non-empty list"),
    ({"deck": [{"suitIndex": 0, "rank": 2}]}, "starts at rank 2"),
    ({"deck": [{"suitIndex": 0, "rank": 1}, {"suitIndex": 0, "rank": 10}]}, "ranks up to 9"),
    ({"deck": [{"suitIndex": 13, "rank": 1}, {"suitIndex": 0, "rank": 5}]}, "deck card 1"),
    ({"deck": [{"suit": 0, "rank": 1}]}, "deck card 1"),
    ({"actions": [{"type": 5, "target": 0}]}, "type in 0..4"),
    ({"actions": [{"type": 0, "target": 62}]}, "target"),
    ({"actions": [{"type": 2, "target": 1, "value": -1}]}, "value >= 0"),
    ({"actions": [{"type": 2, "target": 1, "value": 61}]}, "action 1"),
])
def test_unlinkable_games_give_one_line_reasons(change, words):
    game = dict(CANONICAL, **change)
    with pytest.raises(UnlinkableGame) as err:
        replay_url(game)
    assert isinstance(err.value, ValueError)
    url, reason = link_or_reason(game)
    assert url is None and words in reason and "\n" not in reason


def test_a_variant_under_its_earlier_name_is_linked_under_its_current_id():
    odd = dict(CANONICAL, options={"variant": "Odds And Evens (5 Suits)"})
    url, reason = link_or_reason(odd)
    assert reason is None and url.endswith(",1808")
    assert decode_replay(url)[0]["options"] == {"variant": "Odds and Evens (5 Suits)"}


def test_harmless_options_and_names_are_linked():
    timed = dict(CANONICAL, options={"variant": "No Variant", "timed": True, "timeBase": 120, "speedrun": True,
                                     "startingPlayer": 0, "deckPlays": False}, notes=[["x"]], seed="p2v0s1")
    assert link_or_reason(timed) == (CANONICAL_URL, None)
    assert replay_url(dict(CANONICAL, players=2)) == CANONICAL_URL


@pytest.mark.parametrize("text, words", [
    ("", "letters, digits"),
    ("hello world", "letters, digits"),
    ('{"players": ["a", "b"]}', "letters, digits"),
    ("https://example.com/replay-json/3153a,44fb,1", "a link to hanab.live"),
    ("ftp://hanab.live/replay-json/3153a,44fb,1", "http or https"),
    ("https://hanab.live/replay/12345", "save https://hanab.live/export/12345"),
    ("https://hanab.live/shared-replay/12345#4", "game 12345 holds only its number"),
    ("https://hanab.live/export/12345", "save https://hanab.live/export/12345"),
    ("https://hanab.live/history/alice", "/replay-json/<data>"),
    ("https://hanab.live/replay-json/3153a,44fb,1?x=1", "/replay-json/<data>"),
    ("https://hanab.live/replay-json/3153a,44fb,1#x", "turn number"),
    ("https://hanab.live/replay-json/3153a,44fb,1#0", "turn number"),
    ("https://hanab.live/replay-json/3153a,44fb,1#", "turn number"),
    ("3153a,44fb", "three comma-separated fields"),
    ("3153a", "three comma-separated fields"),
    ("3153a,44f,1", "two characters per action"),
    ("3153a,44fb,", "variant id"),
    ("3153a,44fb,99999", "variant id"),
    ("3153a,x4fb,1", "two decimal digits"),
    ("3513a,44fb,1", "lowest first"),
    ("3153a,40fb,1", "lowest first"),
    ("7153a,44fb,1", "number of players"),
    ("315,44fb,1", "deck's cards"),
])
def test_bad_input_is_one_input_error(text, words):
    with pytest.raises(InputError) as err:
        decode_replay(text, "link.txt")
    message = str(err.value)
    assert message.startswith("link.txt: ") and words in message and "\n" not in message


def test_truncated_links_are_refused_or_shorter():
    """Every cut of a link either raises InputError or, cut inside the variant id or the last
    action's pair, decodes to what hanab.live would read from the same cut."""
    url = replay_url(seer_game(seeded_deal(2, 3))[0])
    for cut in range(len("https://hanab.live/replay-json/"), len(url)):
        try:
            game, _ = decode_replay(url[:cut])
        except InputError:
            continue
        assert reference_expand(data_of(url[:cut])) == game


def test_looks_like_replay_link():
    assert looks_like_replay_link(CANONICAL_URL) and looks_like_replay_link(" " + data_of(CANONICAL_URL))
    assert looks_like_replay_link("https://example.com/x")  # a URL: decode_replay says what is wrong
    for text in ('{"players": 2}', "[]", "r1 y2 g3", "1r,2y,3g", "games.jsonl", ""):
        assert not looks_like_replay_link(text)
