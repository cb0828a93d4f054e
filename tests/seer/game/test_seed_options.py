"""hanab.live seed strings in every command: ``--hanab-live-seed`` (one string, any suffix),
``--hanab-live-seeds`` (a range) in ``bound``, ``deal``, ``analyze`` and ``table``, and game
records that give a ``seed`` in place of, or beside, their ``deck``."""

import json

import pytest
from click.testing import CliRunner

from cli import main
from helpers import one_line_error
from solitaire.io.errors import InputError
from solitaire.seer.sources.dealsource import deal_source
from solitaire.seer.game.deals import parse_hanablive
from solitaire.seer.game.seeds import deck_from_seed, parse_seed, split_seed_range
from solitaire.seer.game.variants import get_variant


def run(*args):
    return CliRunner().invoke(main, list(args))


def seed_types(seed):
    variant = get_variant(parse_seed(seed).variant_id)
    return [variant.type_of(card) for card in deck_from_seed(seed)]


def test_deal_prints_the_seed_of_its_game_and_the_game_reads_back_under_the_seed_s_id():
    result = run("deal", "--hanab-live-seed", "p3v2s17")
    assert result.exit_code == 0, result.output
    game = json.loads(result.output)
    assert game["seed"] == "p3v2s17" and game["options"]["variant"] == "Black (6 Suits)"
    deal = parse_hanablive(game)
    assert deal.ident == "P3-live-p3v2s17" and deal.types.tolist() == seed_types("p3v2s17")


def test_a_game_may_give_its_seed_in_place_of_its_deck():
    game = json.loads(run("deal", "--hanab-live-seed", "p4v0s5").output)
    without_deck = {key: value for key, value in game.items() if key != "deck"}
    assert parse_hanablive(without_deck).types.tolist() == parse_hanablive(game).types.tolist()


def test_a_deck_that_is_not_its_seed_s_deck_is_refused_naming_the_first_other_card():
    game = json.loads(run("deal", "--hanab-live-seed", "p2v0s3").output)
    game["deck"][7], game["deck"][40] = game["deck"][40], game["deck"][7]
    if game["deck"][7] == game["deck"][40]:
        pytest.skip("the two cards swapped are of one type")
    with pytest.raises(InputError, match="card 8 differs"):
        parse_hanablive(game)


@pytest.mark.parametrize("seed, words", [("p3v0s4", "3 players"), ("p2v1s4", "variant id 1")])
def test_a_seed_of_other_players_or_another_variant_than_the_game_s_is_refused(seed, words):
    """The variant named by the game (a game that names none is of its seed's)."""
    game = {"players": ["a", "b"], "seed": seed, "options": {"variant": "No Variant"}}
    with pytest.raises(InputError, match=words):
        parse_hanablive(game)


def test_a_seed_that_is_no_seed_string_is_ignored_beside_a_deck_and_refused_without_one():
    game = json.loads(run("deal", "--hanab-live-seed", "p2v0s3").output)
    assert parse_hanablive(dict(game, seed="JSON")).types.tolist() == seed_types("p2v0s3")
    with pytest.raises(InputError, match="seed"):
        parse_hanablive({"players": ["a", "b"], "seed": "JSON"})


def test_one_seed_string_may_have_any_suffix_and_its_deal_is_named_by_its_deck():
    deals = list(deal_source(hanab_live_seed="p3v0sfoo").deals())
    assert len(deals) == 1 and deals[0].ident.startswith("P3-deck-")
    assert deals[0].types.tolist() == seed_types("p3v0sfoo")
    game = json.loads(run("deal", "--hanab-live-seed", "p3v0sfoo").output)  # the seed in the record, not the id
    assert game["seed"] == "p3v0sfoo" and parse_hanablive(game).types.tolist() == seed_types("p3v0sfoo")
    seed_only = parse_hanablive({key: value for key, value in game.items() if key != "deck"})
    assert seed_only.types.tolist() == seed_types("p3v0sfoo")
    legacy = list(deal_source(hanab_live_seed="legacy-1-p3v0s9").deals())[0]
    assert legacy.ident == "P3-live-p3v0s9" and legacy.types.tolist() == seed_types("p3v0s9")


def test_a_range_refuses_a_suffix_other_than_digits_and_points_to_the_single_option():
    one_line_error(run("deal", "--hanab-live-seeds", "p3v0sfoo"), "--hanab-live-seeds", "--hanab-live-seed")


def test_bound_takes_one_seed_string():
    result = run("bound", "--hanab-live-seed", "p2v0s7", "--exact", "--no-figures", "-j", "1", "--json")
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)["rows"]
    assert row["id"] == "P2-live-p2v0s7" and row["L"] <= row["U3"] <= row["U2"]


def test_analyze_takes_seed_strings_as_games_with_no_action():
    result = run("analyze", "--hanab-live-seeds", "p2v0s1..3", "--hanab-live-seed", "p3v1s2", "--json")
    assert result.exit_code == 0, result.output
    games = json.loads(result.output)["games"]
    assert [g["id"] for g in games] == ["P2-live-p2v0s1", "P2-live-p2v0s2", "P2-live-p2v0s3", "P3-live-p3v1s2"]
    assert all(g["turns"] == [] and g["start_max"] <= g["max_score"] for g in games)
    assert games[-1]["max_score"] == 30


def test_analyze_without_games_or_seeds_says_what_is_missing():
    one_line_error(run("analyze"), "missing GAMES", "--hanab-live-seeds")


def test_table_of_a_seed_range_is_the_table_of_its_players_variant_and_seeds(tmp_path):
    by_range, by_options = tmp_path / "range.jsonl", tmp_path / "options.jsonl"
    common = ["--timeout", "1", "-j", "1", "--json"]
    assert run("table", "--hanab-live-seeds", "p3v2s4..9", "--out", str(by_range), *common).exit_code == 0
    assert run("table", "-p", "3", "--variant", "Black (6 Suits)", "--seed", "4", "--deals", "6",
               "--out", str(by_options), *common).exit_code == 0
    ids = [json.loads(line)["id"] for line in by_range.read_text().splitlines()]
    assert sorted(ids) == sorted(f"P3-live-p3v2s{k}" for k in range(4, 10))
    strip = [{k: v for k, v in json.loads(line).items() if k not in ("seconds", "nodes")}
             for line in by_range.read_text().splitlines()]
    again = [{k: v for k, v in json.loads(line).items() if k not in ("seconds", "nodes")}
             for line in by_options.read_text().splitlines()]
    assert sorted(strip, key=str) == sorted(again, key=str)


@pytest.mark.parametrize("extra", [["--deals", "3"], ["-p", "3"], ["--seed", "2"], ["--variant", "6 Suits"]])
def test_table_refuses_a_seed_range_with_the_options_it_replaces(tmp_path, extra):
    result = run("table", "--hanab-live-seeds", "p3v0s1..5", "--out", str(tmp_path / "t.jsonl"), *extra)
    one_line_error(result, "--hanab-live-seeds")
    assert not (tmp_path / "t.jsonl").exists()


def test_table_without_deals_or_seeds_says_what_is_missing(tmp_path):
    one_line_error(run("table", "--out", str(tmp_path / "t.jsonl")), "--deals")


@pytest.mark.parametrize("text", ["p3v0s5..2", "p3v0s1..x", "p3v0s\u0663", "p\u0663v0s1"])
def test_a_seed_range_with_other_digits_or_backwards_is_refused(text):
    with pytest.raises(InputError):
        split_seed_range(text)
