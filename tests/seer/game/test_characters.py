"""hanab.live's detrimental characters (``detrimentalCharacters``): each character's rule on the simulator, as the
server states it (``server/src/characters.go``: ``characterValidateAction``, ``characterValidateSecondAction``,
``characterValidateClue``, ``characterCheckPlay``, ``characterCheckDiscard``, ``characterCheckMisplay``, the
``Post*`` updates, ``characterNeedsToTakeSecondTurn``, ``characterAdjustEndTurn``, ``characterCheckSoftlock``,
``characterSeesCard``), the characters read from a game export, and the solvers: U3 of games whose characters only
refuse moves, and of games with the four that do more, against the exhaustive search through the simulator (which
honours them), every line replayed; the token-free game's bound under the four.
"""

import json
import random

import pytest

from helpers import DATA, brute, free_value_by_slots, long_but, random_game, tiny_deal
from solitaire.io.errors import InputError
from solitaire.seer.bounds.alternation import free_position
from solitaire.seer.bounds.freegame import free_reaches
from solitaire.seer.bounds.relaxations import u2_value
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.characters import CHARACTERS, NOT_RESTRICTIONS, Character, restricts_only, seeded_characters
from solitaire.seer.game.deals import Deal, deal_to_hanablive, parse_hanablive, seeded_deal
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position, parse_position
from solitaire.seer.game.simulator import Game, finish, legal_actions, seer_line, simulate
from solitaire.seer.game.variants import UnsupportedVariant
from solitaire.seer.runs.analysis import analyze_game
from solitaire.seer.sources.dealsource import live_deals
from solitaire.seer.sources.history import judge

PLAY, DISCARD, COLOR, RANK = 0, 1, 2, 3
#: 3 players, hands of 5: player 0 holds cards 0..4, player 1 5..9, player 2 10..14 (slot 1: the last of each).
#: Types: suit * 5 + rank - 1 (red 0..4, yellow 5..9, green 10..14, blue 15..19, purple 20..24).
DECK = [0, 5, 10, 15, 1,   0, 6, 11, 16, 2,   20, 21, 3, 4, 7,   1, 2, 3, 8, 9, 12, 13, 14, 17, 18]


def game(*names, metadata=None, deck=DECK, clues=6):
    """A 3-player No Variant game on ``deck`` with these characters (player 0's first), player 0 to move, ``clues``
    tokens."""
    metadata = metadata or {}
    cast = tuple(Character(name, metadata.get(name, -1)) for name in names)
    g = Game(Deal(deck, len(names), "chars", options=Options(characters=cast)))
    g.clues = clues
    return g


def refused(g, action):
    return g.refusal(action)


def test_the_table_is_hanab_lives_and_four_characters_are_more_than_restrictions():
    assert len(CHARACTERS) == 31 and set(NOT_RESTRICTIONS) <= set(CHARACTERS.values())
    assert not restricts_only((Character("Genius"), Character("Miser")))
    assert restricts_only((Character("Miser"), Character("Greedy")))


@pytest.mark.parametrize("name, metadata, action, why", [
    ("Fuming", 2, {"type": COLOR, "target": 1, "value": 1}, "Fuming"),         # a colour other than its own
    ("Dumbfounded", 3, {"type": RANK, "target": 1, "value": 2}, "Dumbfounded"),  # a rank other than its own
    ("Inept", 0, {"type": RANK, "target": 1, "value": 1}, "Inept"),            # touches red 1 (suit 0)
    ("Awkward", 2, {"type": RANK, "target": 1, "value": 2}, "Awkward"),        # touches a 2
    ("Conservative", -1, {"type": COLOR, "target": 2, "value": 0}, "Conservative"),  # red 4 and red 5
    ("Greedy", -1, {"type": COLOR, "target": 1, "value": 1}, "Greedy"),        # one yellow card
    ("Picky", -1, {"type": RANK, "target": 1, "value": 2}, "Picky"),           # an even rank
    ("Picky", -1, {"type": COLOR, "target": 1, "value": 1}, "Picky"),          # the 2nd colour
    ("Spiteful", -1, {"type": COLOR, "target": 1, "value": 0}, "Spiteful"),    # the next seat
    ("Insolent", -1, {"type": COLOR, "target": 2, "value": 4}, "Insolent"),    # the previous seat
    ("Compulsive", -1, {"type": COLOR, "target": 1, "value": 2}, "Compulsive"),  # green, slot 3 only
    ("Blind Spot", -1, {"type": COLOR, "target": 1, "value": 0}, "sees"),      # sees no card of the next seat
    ("Oblivious", -1, {"type": COLOR, "target": 2, "value": 4}, "sees"),       # nor of the previous
    ("Slow-Witted", -1, {"type": RANK, "target": 2, "value": 3}, "sees"),      # yellow 3 is player 2's slot 1
    ("Hesitant", -1, {"type": PLAY, "target": 4}, "Hesitant"),                # slot 1
])
def test_a_character_refuses_what_the_server_refuses(name, metadata, action, why):
    g = game(name, "Quacker", "Miser", metadata={name: metadata})
    assert why in (refused(g, action) or ""), refused(g, action)
    assert refused(game("Quacker", "Greedy", "Miser"), action) is None or action["type"] == PLAY


def test_what_the_characters_allow_is_allowed():
    assert refused(game("Fuming", "Quacker", "Miser", metadata={"Fuming": 1}),
                   {"type": COLOR, "target": 1, "value": 1}) is None
    assert refused(game("Fuming", "Quacker", "Miser", metadata={"Fuming": 1}),
                   {"type": RANK, "target": 1, "value": 1}) is None
    assert refused(game("Greedy", "Quacker", "Miser"), {"type": COLOR, "target": 2, "value": 0}) is None
    assert refused(game("Conservative", "Quacker", "Miser"), {"type": RANK, "target": 2, "value": 5}) is None
    assert refused(game("Slow-Witted", "Quacker", "Miser"), {"type": RANK, "target": 2, "value": 4}) is None
    assert refused(game("Compulsive", "Quacker", "Miser"), {"type": COLOR, "target": 1, "value": 0}) is None
    assert refused(game("Hesitant", "Quacker", "Miser"), {"type": PLAY, "target": 0}) is None


def test_receivers_vulnerable_and_color_blind():
    g = game("Quacker", "Vulnerable", "Color-Blind")
    assert "Vulnerable" in refused(g, {"type": RANK, "target": 1, "value": 2})
    assert refused(g, {"type": RANK, "target": 1, "value": 1}) is None
    assert "Color-Blind" in refused(g, {"type": COLOR, "target": 2, "value": 4})
    assert refused(g, {"type": RANK, "target": 2, "value": 1}) is None


def test_discards_by_the_number_of_tokens():
    for clues, anxious, traumatized, wasteful in [(7, True, False, False), (6, False, True, False),
                                                  (1, True, False, True), (0, False, True, True)]:
        for name, allowed in (("Anxious", anxious), ("Traumatized", traumatized), ("Wasteful", wasteful)):
            g = game(name, "Quacker", "Miser", clues=clues)
            assert (refused(g, {"type": DISCARD, "target": 0}) is None) == allowed, (name, clues)


def test_miser_needs_four_tokens():
    assert "Miser" in refused(game("Miser", "Quacker", "Greedy", clues=3), {"type": RANK, "target": 1, "value": 1})
    assert refused(game("Miser", "Quacker", "Greedy", clues=4), {"type": RANK, "target": 1, "value": 1}) is None


def test_mood_swings_alternates_its_own_clues_only():
    g = game("Mood Swings", "Quacker", "Miser")
    g.apply({"type": COLOR, "target": 1, "value": 0})
    g.apply({"type": COLOR, "target": 2, "value": 0})  # another player's colour clue does not count
    g.apply({"type": COLOR, "target": 0, "value": 0})
    assert "Mood Swings" in refused(g, {"type": COLOR, "target": 1, "value": 1})
    assert refused(g, {"type": RANK, "target": 1, "value": 1}) is None


def test_vindictive_must_clue_after_a_clue_and_is_softlocked_without_a_token():
    g = game("Quacker", "Vindictive", "Miser")
    g.apply({"type": RANK, "target": 1, "value": 1})
    assert "Vindictive" in refused(g, {"type": DISCARD, "target": 5})
    assert refused(g, {"type": RANK, "target": 0, "value": 1}) is None
    g.apply({"type": RANK, "target": 0, "value": 1})
    g.apply({"type": DISCARD, "target": 10})
    g.apply({"type": DISCARD, "target": 0})  # no clue to player 1 since its turn: free again
    assert refused(g, {"type": DISCARD, "target": 5}) is None
    g = game("Quacker", "Vindictive", "Miser", clues=1)
    g.apply({"type": RANK, "target": 1, "value": 1})  # the last token: Vindictive, to move, may not clue
    assert g.over and g.score == 0


def test_insistent_keeps_cluing_the_cards_it_clued_until_one_leaves():
    g = game("Insistent", "Quacker", "Miser", clues=3)
    g.apply({"type": COLOR, "target": 1, "value": 2})  # green: card 7 of player 1
    g.apply({"type": DISCARD, "target": 5})
    g.apply({"type": DISCARD, "target": 10})
    assert "Insistent" in refused(g, {"type": DISCARD, "target": 1})
    assert "Insistent" in refused(g, {"type": RANK, "target": 1, "value": 3})  # yellow 2... touches no green
    assert refused(g, {"type": RANK, "target": 1, "value": 2}) is None  # green 2 (card 7)
    g.apply({"type": RANK, "target": 1, "value": 2})
    g.apply({"type": DISCARD, "target": 7})  # the marked card leaves: Insistent is free
    g.apply({"type": DISCARD, "target": 11})
    assert refused(g, {"type": DISCARD, "target": 1}) is None


def test_impulsive_plays_its_clued_slot_1_and_indolent_rests_after_a_play():
    g = game("Quacker", "Impulsive", "Indolent", clues=3)
    g.apply({"type": RANK, "target": 1, "value": 3})  # player 1's slot 1 is red 3
    assert "Impulsive" in refused(g, {"type": DISCARD, "target": 5})
    assert "Impulsive" in refused(g, {"type": PLAY, "target": 5})
    g.apply({"type": PLAY, "target": 9})  # a misplay, but the one play allowed
    assert g.strikes == 1
    g.apply({"type": PLAY, "target": 10})  # Indolent plays purple 1
    g.apply({"type": DISCARD, "target": 1})
    g.apply({"type": DISCARD, "target": 5})
    assert "Indolent" in refused(g, {"type": PLAY, "target": 11})
    g.apply({"type": DISCARD, "target": 12})
    g.apply({"type": DISCARD, "target": 17})
    g.apply({"type": DISCARD, "target": 6})
    assert refused(g, {"type": PLAY, "target": 11}) is None


def test_stubborn_does_not_repeat_the_previous_action_type():
    g = game("Quacker", "Stubborn", "Miser")
    g.apply({"type": COLOR, "target": 1, "value": 0})
    assert "Stubborn" in refused(g, {"type": RANK, "target": 0, "value": 1})  # a clue follows a clue
    assert refused(g, {"type": DISCARD, "target": 5}) is None


def test_genius_gives_a_colour_then_a_rank_clue_to_the_same_player_in_one_turn():
    g = game("Genius", "Quacker", "Miser")
    assert "Genius" in refused(g, {"type": RANK, "target": 1, "value": 1})
    g.apply({"type": COLOR, "target": 1, "value": 0})
    assert g.current == 0 and g.clues == 5
    assert "Genius" in refused(g, {"type": RANK, "target": 2, "value": 1})
    assert "Genius" in refused(g, {"type": DISCARD, "target": 0})
    g.apply({"type": RANK, "target": 1, "value": 1})
    assert g.current == 1 and g.clues == 4 and g.turn == 1 and g.applied == 2
    assert "Genius" in refused(game("Genius", "Quacker", "Miser", clues=1), {"type": COLOR, "target": 1, "value": 0})


def test_panicky_discards_twice_at_four_tokens_or_fewer():
    g = game("Panicky", "Quacker", "Miser", clues=3)
    g.apply({"type": DISCARD, "target": 0})
    assert g.current == 0 and "Panicky" in refused(g, {"type": RANK, "target": 1, "value": 1})
    g.apply({"type": DISCARD, "target": 1})
    assert g.current == 1 and g.clues == 5
    g = game("Panicky", "Quacker", "Miser", clues=6)
    g.apply({"type": DISCARD, "target": 0})
    assert g.current == 1


def test_contrarian_reverses_the_order_and_the_game_ends_two_turns_after_the_last_draw():
    deck = DECK[:17]  # two cards to draw
    g = game("Quacker", "Contrarian", "Miser", deck=deck, clues=4)
    g.apply({"type": DISCARD, "target": 0})
    assert g.current == 1
    g.apply({"type": DISCARD, "target": 5})  # Contrarian's turn, the last draw: the order reverses
    assert g.current == 0 and g.next_card == len(deck) and not g.over
    g.apply({"type": RANK, "target": 1, "value": 2})
    assert g.current == 2 and not g.over  # player 0's left is player 2 now
    g.apply({"type": DISCARD, "target": 10})
    assert g.over and g.turn == 4  # two turns after the last draw, Contrarian's own turn never came


def test_follower_misplays_until_two_stacks_reach_the_rank():
    deck = [0, 0, 5, 1, 2,   10, 15, 11, 16, 12,   4, 6, 7, 8, 9]
    g = Game(Deal(deck, 2, "f", options=Options(characters=(Character("Follower"), Character("Quacker")))))
    g.apply({"type": PLAY, "target": 0})  # red 1: no stack holds a 1 yet
    assert g.strikes == 1 and g.stacks[0] == 0
    g.apply({"type": PLAY, "target": 5})  # green 1, by player 1
    g.apply({"type": PLAY, "target": 2})  # yellow 1: one stack holds a 1
    assert g.strikes == 2 and g.stacks[1] == 0
    g.apply({"type": PLAY, "target": 6})  # blue 1, by player 1: two stacks hold a 1
    g.apply({"type": PLAY, "target": 1})  # red 1 plays
    assert g.strikes == 2 and g.stacks[0] == 1


def test_characters_are_read_from_an_export_and_written_back():
    deal = Deal(seeded_deal(3, 0).types, 3, "x", options=Options(characters=(Character("Fuming", 2), Character("Miser"),
                                                           Character("Greedy"))))
    game_json = deal_to_hanablive(deal)
    assert game_json["options"]["detrimentalCharacters"] is True
    assert game_json["characters"][0] == {"name": "Fuming", "metadata": 2}
    back = parse_hanablive(game_json)
    assert back.options.characters == deal.options.characters
    with pytest.raises(UnsupportedVariant, match="does not list them"):
        parse_hanablive({k: v for k, v in game_json.items() if k != "characters"})
    with pytest.raises(InputError, match="not a hanab.live character"):
        parse_hanablive(dict(game_json, characters=[{"name": "Wizard", "metadata": -1}] * 3))
    with pytest.raises(InputError, match="3 characters"):
        parse_hanablive(dict(game_json, characters=game_json["characters"][:2]))
    with pytest.raises(InputError, match="metadata -1"):  # only four characters have a value
        parse_hanablive(dict(game_json, characters=[{"name": "Miser", "metadata": 2}] * 3))


def test_a_position_keeps_the_characters_state():
    cast = (Character("Insistent"), Character("Vindictive"), Character("Miser"))
    g = Game(Deal(seeded_deal(3, 0).types, 3, "x", options=Options(characters=cast)))
    g.apply(next(a for a in legal_actions(g) if a["type"] in (COLOR, RANK) and a["target"] == 1))
    position = g.position()
    again = parse_position(json.loads(json.dumps(position.to_json())))
    assert (again.traits, again.deal.options.characters) == (position.traits, position.deal.options.characters)
    assert "Insistent" not in (Game.from_position(again).refusal({"type": DISCARD, "target": 5}) or "")
    assert "Vindictive" in Game.from_position(again).refusal({"type": DISCARD, "target": 5})


#: casts of pure restrictions on 2 players: clue, play and discard rules, forced moves, the softlock
CASTS = [("Miser", "Greedy"), ("Conservative", "Vindictive"), ("Insistent", "Stubborn"), ("Hesitant", "Impulsive"),
         ("Anxious", "Wasteful"), ("Mood Swings", "Indolent"), ("Awkward", "Traumatized"), ("Compulsive", "Picky"),
         ("Slow-Witted", "Color-Blind"), ("Fuming", "Vulnerable")]  # (hanab.live seats Spiteful, Insolent,
#: Blind Spot, Oblivious and Contrarian only with 3 players or more)


@pytest.mark.parametrize("cast", long_but([pytest.param(c, id="-".join(c)) for c in CASTS], fast=(1, 4)))
def test_u3_of_pure_restrictions_equals_the_exhaustive_search_through_the_simulator(cast):
    rng = random.Random(" ".join(cast))
    for case in range(3):
        base = tiny_deal(rng, 2, suits=(0, 1), draws=2)
        cast_ = tuple(Character(n, 1 if n in ("Fuming", "Dumbfounded", "Inept", "Awkward") else -1) for n in cast)
        deal = Deal(base.types, 2, "tiny", options=Options(characters=cast_))
        best = brute(deal)
        result = exact(deal)
        assert result.exact and result.score == best and result.method, (case, deal.types.tolist(), result)
        assert simulate(deal, result.actions).score == result.score
        actions, low = seer_line(deal)
        assert simulate(deal, actions).score == low <= best


#: casts with a character that does more than refuse moves; Contrarian among 3 players, where it reverses the order
MORE = [("Genius", "Miser"), ("Panicky", "Wasteful"), ("Follower", "Greedy"), ("Contrarian", "Miser", "Quacker")]


@pytest.mark.parametrize("cast, case", long_but([pytest.param(c, k, id=f"{c[0]}-{k}") for c in MORE for k in range(3)],
                                                       fast=(0, 6)))
def test_u3_of_characters_that_change_the_game_equals_the_exhaustive_search_and_the_token_free_game_bounds_it(
        cast, case):
    rng = random.Random(f"{' '.join(cast)} {case}")
    base = tiny_deal(rng, len(cast), suits=(0, 1), draws=2)
    deal = Deal(base.types, len(cast), "tiny", options=Options(characters=tuple(map(Character, cast))))
    for game in (Game(deal), random_game(deal, rng, 6)):  # the first turn, and a random position
        position = game.position()
        best = brute(deal, game=game)
        assert free_value_by_slots(position) >= best and u2_value(position) >= best
        result = exact(deal, start=position)
        assert result.exact and result.score == best and result.method, (deal.types.tolist(), result)
        assert simulate(position, result.actions).score == best


def test_the_token_free_game_plays_contrarians_final_round_in_its_order():
    # 3 players, the deck empty, 2 turns left: player 1 (Contrarian) to move holds red 2, player 0 red 3, player 2
    # red 4, red 1 played. Contrarian's turn reverses the order: player 0 moves next, then the game ends.
    deal = Deal([2, 1, 3, 0, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18, 20], 3, "x", options=Options(characters=(
        Character("Miser"), Character("Contrarian"), Character("Greedy"))))
    position = Position(deal, next_card=16, hands=((0,), (1,), (2,)), stacks=(1, 0, 0, 0, 0), clues=8, strikes=0,
                        to_move=1, turns_left=2, traits=((-1, -1, -1), (), False))
    assert free_reaches(position, 3)[0] and not free_reaches(position, 4)[0]
    assert simulate(position, [{"type": PLAY, "target": 1}, {"type": PLAY, "target": 0}]).score == 3


@pytest.mark.parametrize("players", [2, 3, 6])
def test_seeded_characters_are_distinct_kept_from_two_players_as_hanab_live_keeps_them_and_valued_in_range(players):
    kept_from_two = {"Spiteful", "Insolent", "Contrarian", "Blind Spot", "Oblivious"}
    seen = set()
    for k in range(1, 200):
        cast = seeded_characters(f"p{players}v0s{k}", players, 6)
        names = [c.name for c in cast]
        seen.update(names)
        assert len(set(names)) == players and cast == seeded_characters(f"p{players}v0s{k}", players, 6)
        assert players > 2 or not set(names) & kept_from_two
        for c in cast:
            valid = {"Fuming": range(6), "Inept": range(6), "Dumbfounded": range(1, 5), "Awkward": range(1, 5)}
            assert c.metadata in valid.get(c.name, (-1,)), c
    assert len(seen) == len(CHARACTERS) - (len(kept_from_two) if players == 2 else 0)


def test_seeded_characters_are_the_casts_gos_own_generator_draws_for_hanab_live_seeds():
    rows = [json.loads(line) for line in (DATA / "hanablive_character_casts.jsonl").read_text().splitlines()]
    assert len(rows) == 1000 and {r["players"] for r in rows} == set(range(2, 7))
    for row in rows:
        cast = seeded_characters(row["seed"], row["players"], row["clue_colors"])
        assert [[c.name, c.metadata] for c in cast] == row["characters"], row["seed"]


def test_a_line_the_walk_finds_at_the_bound_is_proven_by_the_search():
    """p2v0s4 (Dumbfounded, Hesitant): the game without them reaches 25 and its line is refused under them; the walk
    from the refused move finds a line of 25 under them, which meets the bound: proven, by the search."""
    from solitaire.seer.bounds.method import Method

    plain = live_deals(["p2v0s4"])[0]
    deal = Deal(plain.types, 2, plain.ident, options=Options(characters=seeded_characters("p2v0s4", 2, 5)))
    result = exact(deal, SearchLimits(timeout=30))
    assert (result.score, result.exact, result.method) == (25, True, Method.SEARCH) and result.L < 25
    assert simulate(deal, result.actions).score == 25


def test_contrarians_final_round_costs_a_point_on_a_hanab_live_deal_and_u2_proves_it():
    plain = live_deals(["p5v0s477"])[0]
    cast = seeded_characters("p5v0s477", 5, 5)
    assert "Contrarian" in [c.name for c in cast]
    deal = Deal(plain.types, 5, plain.ident, options=Options(characters=cast))
    result, without = exact(deal, SearchLimits(timeout=30)), exact(plain, SearchLimits(timeout=30))
    assert (result.score, result.high, result.U2) == (24, 24, 24) and without.score == without.high == 25
    assert simulate(deal, result.actions).score == 24


def test_a_game_with_characters_that_change_it_is_analysed_and_each_drops_line_replays():
    cast = (Character("Contrarian"), Character("Genius"), Character("Panicky"))
    deal = Deal(seeded_deal(3, 2).types, 3, "x", options=Options(characters=cast))
    misplay = {"type": PLAY, "target": 3, "value": 0}
    actions, end = finish(simulate(deal, [misplay]), [misplay])
    played = judge(parse_hanablive(dict(deal_to_hanablive(deal), actions=actions)))
    analysis = analyze_game(played, timeout=1)  # the first action misplays a 5: the maximum drops at once
    assert analysis.final.low == end.score and len(analysis.turns) == len(actions)
    maxima = [t.low for t in analysis.turns] + [analysis.final.low]
    assert maxima == sorted(maxima, reverse=True) and analysis.drops[0].turn == 1
    for drop in analysis.drops:
        assert simulate(deal, drop.line["actions"]).score == drop.before


def test_panickys_second_discard_may_draw_the_last_card_and_the_position_keeps_its_extra_turn():
    base = tiny_deal(random.Random(5), 2, suits=(0, 1), draws=1)
    deal = Deal(base.types, 2, "tiny", options=Options(characters=(Character("Panicky"), Character("Miser"))))
    g = Game(deal)
    g.clues = 2
    g.apply({"type": DISCARD, "target": 0})  # draws the last card; a second discard is due in the same turn
    assert g.next_card == len(deal.types) and g.current == 0 and g.position().turns_left == 3
    position = g.position()
    result = exact(deal, start=position)
    assert result.exact and result.score == brute(deal, game=g) == simulate(position, result.actions).score


def test_the_guide_of_a_reversed_order_runs_forward_from_the_player_to_move():
    g = game("Contrarian", "Miser", "Greedy")
    g.apply({"type": DISCARD, "target": 0})
    assert g.traits.inverted and g.current == 2  # after Contrarian's turn the order runs 0, 2, 1
    free = free_position(g.position())
    assert free.deal.options.characters == () and free.to_move == 0
    assert free.hands == (tuple(g.hands[2]), tuple(g.hands[1]), tuple(g.hands[0]))
