"""hanab.live variants in the real game: reading variant games, the simulator's clue rules, the bot
and the pooled bounds on variant decks, and hanab.live seed strings as a deal source."""

import json

import pytest
from click.testing import CliRunner

from cli import main
from helpers import DATA, REAL_GAMES, one_line_error
from solitaire.io.errors import InputError
from solitaire.seer.bounds.relaxations import u1, u2
from solitaire.seer.sources.dealsource import deal_source, live_deals
from solitaire.seer.game.deals import Deal, deal_to_hanablive, parse_hanablive
from solitaire.seer.game.simulator import Game, seer_line, simulate
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import parse_position
from solitaire.seer.game.seeds import deck_from_seed
from solitaire.seer.game.variants import get_variant

VARIANT_GAMES = [json.loads(line) for line in (DATA / "hanablive_variant_games.jsonl").read_text().splitlines()]
TABLED = ("6 Suits", "Black (6 Suits)", "Black (5 Suits)", "Rainbow (6 Suits)", "Dark Rainbow (6 Suits)",
          "4 Suits", "3 Suits")


def test_every_variant_game_replays():
    for record in VARIANT_GAMES:
        deal = parse_hanablive(record)
        assert deal.options.variant == record["options"].get("variant", record.get("variant"))
        assert deal.max_score == 5 * len(deal.variant.suits) and len(deal.types) == deal.variant.deck_size
        game = simulate(deal, record["actions"])
        assert game.score <= game.max_score and game.turn == len([a for a in record["actions"] if a["type"] != 4])
    assert len(VARIANT_GAMES) == 44


def test_the_bot_and_the_pooled_bounds_hold_on_every_variant_game():
    for record in VARIANT_GAMES:
        deal = parse_hanablive(record)
        actions, low = seer_line(deal)
        assert simulate(deal, actions).score == low
        real = simulate(deal, record["actions"]).score
        assert max(low, real) <= u2(deal).score <= u1(deal).score <= deal.max_score


def test_a_game_with_empty_clues_is_read_and_replays():
    records = [json.loads(line) for line in (REAL_GAMES / "hanablive_games.jsonl").read_text().splitlines()]
    found = [(parse_hanablive(r), r) for r in records if r.get("options", {}).get("emptyClues")]
    assert found
    for deal, record in found:
        assert deal.options.empty_clues and deal.rules.always_clue
        assert simulate(deal, record["actions"]).score == record["score"] <= u2(deal).score


def tiny(variant, types, players=2):
    return Deal(types, players, "tiny", options=Options(variant=variant))


def test_a_clue_must_touch_a_card_by_the_variants_rules():
    # the first player holds only Red 1 (type 0) and a rainbow 2 (type 26): a blue clue touches the
    # rainbow card in Rainbow (6 Suits); in No Variant the same blue clue touches nothing
    hands = [0, 0, 0, 0, 26] + [1] * 5 + [2]
    rainbow = Game(tiny("Rainbow (6 Suits)", hands))
    rainbow.current = 1  # player 1 to move
    rainbow.apply({"type": 2, "target": 0, "value": 3})
    plain = Game(Deal([0, 0, 0, 5, 1] + [6] * 2 + [7] * 2 + [8] + [9], 2, "tiny"))
    plain.current = 1
    with pytest.raises(ValueError, match="touches no card"):
        plain.apply({"type": 2, "target": 0, "value": 3})
    with pytest.raises(ValueError, match="not a color clue"):
        plain.apply({"type": 2, "target": 0, "value": 5})  # No Variant has five clue colours


def test_empty_clues_make_every_offered_clue_legal():
    deal = Deal([0, 0, 0, 1, 1] + [2] * 2 + [3] * 2 + [4] + [5], 2, "tiny", options=Options(empty_clues=True))
    game = Game(deal)
    game.apply({"type": 3, "target": 1, "value": 5})  # no 5 in player 1's hand
    assert game.clues == 7


@pytest.mark.parametrize("name", TABLED)
def test_seeded_variant_decks_keep_the_bounds_in_order(name):
    variant = get_variant(name)
    for players in (2, 3, 4, 5):
        for deal in live_deals([f"p{players}v{variant.id}s{k}" for k in range(1, 26)]):
            actions, low = seer_line(deal)
            assert simulate(deal, actions).score == low <= u2(deal).score <= u1(deal).score <= variant.max_score


def test_seed_strings_give_their_decks_and_ids():
    source = deal_source(hanab_live_seeds="p3v2s1..20")
    deals = list(source.deals())
    assert len(source) == len(deals) == 20
    for k, deal in enumerate(deals, start=1):
        assert deal.ident == f"P3-live-p3v2s{k}" and deal.ident in source
        assert deal.options.variant == "Black (6 Suits)" and deal.players == 3
        assert [(t // 5, t % 5 + 1) for t in deal.types.tolist()] == [tuple(c) for c in deck_from_seed(f"p3v2s{k}")]
    assert "P3-live-p3v2s21" not in source and "P2-seed-1" not in source


@pytest.mark.parametrize("text, words", [
    ("p2v0sabc", ("suffix",)),
    ("p7v0s1", ("2..6 players",)),
    ("p2v999999s1", ("variant",)),
])
def test_seed_strings_the_toolkit_cannot_deal_are_refused_in_one_line(text, words):
    result = CliRunner().invoke(main, ["deal", "--hanab-live-seeds", text])
    one_line_error(result, "--hanab-live-seeds", *words)


def test_a_seed_of_other_players_than_asked_is_refused():
    with pytest.raises(InputError, match="3 players"):
        deal_source(players=2, hanab_live_seeds="p3v0s17")


def test_the_deal_command_prints_a_variant_game_that_reads_back():
    result = CliRunner().invoke(main, ["deal", "--hanab-live-seeds", "p4v3s5"])
    assert result.exit_code == 0
    game = json.loads(result.output)
    assert game["options"]["variant"] == "Rainbow (6 Suits)" and len(game["deck"]) == 60
    back = parse_hanablive(game)
    original = next(iter(live_deals(["p4v3s5"])))
    assert back.options == original.options and back.types.tolist() == original.types.tolist()
    assert deal_to_hanablive(back)["options"]["variant"] == "Rainbow (6 Suits)"


def test_a_variant_position_reads_back_from_its_json():
    deal = next(iter(live_deals(["p2v2s9"])))
    actions, _ = seer_line(deal)
    position = simulate(deal, actions[:20]).position()
    back = parse_position(json.loads(json.dumps(position.to_json())))
    assert len(back.stacks) == 6 and back.deal.options == deal.options
    assert back.hands == position.hands and back.stacks == position.stacks and back.clues == position.clues


def test_bound_rows_of_variant_seeds_name_the_variant_and_its_maximum():
    result = CliRunner().invoke(main, ["bound", "--hanab-live-seeds", "p2v2s1..4", "--no-figures", "-j", "1", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert all(r["variant"] == "Black (6 Suits)" and r["max_score"] == 30 for r in out["rows"])
    wins = sum(r["U2"] == 30 for r in out["rows"])
    assert out["summary"]["share_U2_25"] == wins / 4


def test_every_variant_game_is_analysed_and_scores_at_most_its_maximum():
    from solitaire.seer.runs.analysis import analyze_game

    for record in VARIANT_GAMES:
        deal = parse_hanablive(record)
        analysis = analyze_game(deal, timeout=5)
        final = simulate(deal, record["actions"])
        real = final.played
        assert analysis.max_score == deal.max_score and analysis.played == real
        variant = record.get("variant") or record.get("options", {}).get("variant")
        assert analysis.to_json()["variant"] == deal.options.variant and variant in (None, deal.options.variant)
        assert analysis.score == (real if analysis.end == "normal" else None if analysis.end == "unfinished" else 0)
        assert real <= analysis.turns[0].high <= deal.max_score
        highs = [turn.high for turn in analysis.turns] + [analysis.final.high]
        assert all(a >= b for a, b in zip(highs, highs[1:]))  # the maximum never rises
        for drop in analysis.drops:  # each exported line replays to the maximum before the drop
            line = parse_hanablive(drop.line)
            assert line.options == deal.options
            assert simulate(line, drop.line["actions"]).score >= drop.before
