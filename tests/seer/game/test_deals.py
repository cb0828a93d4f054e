"""Deals: parsers (good and bad input), our seeded generator, and HLE's deal against the real engine."""

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from cli import main
from helpers import REAL_GAMES, standard_games
from solitaire.seer.game.deals import (STANDARD_COUNTS, STANDARD_TEXT, Deal, deal_to_hanablive, format_deal_text,
                             parse_deal_text, parse_hanablive, read_deal, read_hanablive, seeded_deal, splitmix64)
from solitaire.deckfile import format_deck
from solitaire.io.errors import InputError
from solitaire.seer.game.options import Options
from solitaire.seer.game.simulator import positions_of_game
from solitaire.seer.game.hle import HLE_TO_SUIT, MT19937, hle_deal, hle_deck, hle_game, uniform_int

REAL = REAL_GAMES / "hanablive_games.jsonl"
HERE = Path(__file__).resolve().parent


def test_text_round_trip_and_hand_sizes():
    deal = seeded_deal(4, 123)
    again = parse_deal_text(format_deal_text(deal), 4)
    assert np.array_equal(again.types, deal.types)
    assert [seeded_deal(p, 0).hand for p in (2, 3, 4, 5)] == [5, 5, 4, 4]
    assert parse_deal_text(STANDARD_TEXT.upper().replace(" ", ", "), 2).cards[0] == (1, 0)


def test_seeded_generator_follows_its_specification():
    # an independent transcription of the docstring's specification
    deck = [t for t in range(25) for _ in range(STANDARD_COUNTS[t])]
    state = 42
    for i in range(49, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        z ^= z >> 31
        j = z % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    assert seeded_deal(3, 42).types.tolist() == deck
    assert splitmix64(0)[1] == 0xE220A8397B1DCDAF  # the published first output for seed 0
    assert seeded_deal(2, 7).types.tolist() == seeded_deal(5, 7).types.tolist()


def test_every_generated_deal_is_the_standard_deck():
    for seed in range(50):
        for deal in (seeded_deal(2, seed), hle_deal(2, seed)):
            assert np.array_equal(np.bincount(deal.types, minlength=25), STANDARD_COUNTS)


@pytest.mark.parametrize("text, message", [
    (" ".join(STANDARD_TEXT.split()[:49]), "expected 50 cards"),
    (STANDARD_TEXT.replace("r1", "x1", 1), "expected a card such as 'r1'"),
    (STANDARD_TEXT.replace("r5", "r6", 1), "expected a rank in 1..5, got 6"),
    (STANDARD_TEXT.replace("r2", "r1", 1), "more copies than the deck has (3)"),
])
def test_text_parser_rejects_bad_deals(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_deal_text(text, 2, "bad.txt")


def test_text_errors_name_line_and_column():
    text = "r1 r1 r1\nr2 q2\n"
    with pytest.raises(InputError) as err:
        parse_deal_text(text, 2, "d.txt")
    assert str(err.value).startswith("d.txt:2:4: ")


def _game(deck, players=3):
    return {"deck": deck, "players": ["a", "b", "c"][:players] if players <= 3 else players}


def test_hanablive_objects_and_pairs_agree():
    deal = seeded_deal(3, 9)
    objects = [{"suitIndex": r_s[1], "rank": r_s[0]} for r_s in deal.cards]
    pairs = [[s, r] for r, s in deal.cards]
    a, b = parse_hanablive(_game(objects)), parse_hanablive(_game(pairs))
    assert np.array_equal(a.types, deal.types) and np.array_equal(b.types, deal.types)
    assert a.players == 3


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d[:49], "expected 50 cards"),
    (lambda d: d[:-1] + [{"suitIndex": 5, "rank": 1}], "suitIndex in 0..4"),
    (lambda d: d[:-1] + [{"suitIndex": 0, "rank": 6}], "rank in 1..5"),
    (lambda d: [{"suitIndex": 0, "rank": 1} if c == {"suitIndex": 0, "rank": 2} else c for c in d], "more copies"),
    (lambda d: d[:-1] + [{"suit": 0}], "expected"),
])
def test_hanablive_parser_rejects_bad_decks(mutate, message):
    deck = [{"suitIndex": s, "rank": r} for r, s in seeded_deal(2, 1).cards]
    with pytest.raises(InputError, match=message):
        parse_hanablive(_game(mutate(deck)), "g.json", 4)


def test_hanablive_jsonl_and_list_forms():
    games, records = standard_games(REAL)
    assert len(games) == 298  # of 303: five were played with deckPlays, emptyClues or detrimentalCharacters
    assert all(g.meta["real_score"] == record["score"] for g, record in zip(games, records))
    two = [json.loads(line) for line in REAL.read_text().splitlines()[:2]]
    assert [g.players for g in read_hanablive(json.dumps(two))] == [two[0]["players"], two[1]["players"]]


def test_bad_line_in_jsonl_is_named(tmp_path):
    lines = REAL.read_text().splitlines()[:3]
    bad = json.loads(lines[1])
    bad["deck"] = bad["deck"][:49]
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join([lines[0], json.dumps(bad), lines[2]]) + "\n")
    with pytest.raises(InputError) as err:
        read_hanablive(path.read_text(), str(path))
    assert f"{path}:2: expected 50 cards" in str(err.value)


def test_deck_file_source(tmp_path):
    deal = seeded_deal(2, 3)
    path = tmp_path / "d.deck"
    path.write_text(format_deck(deal.to_instance(9)))
    assert np.array_equal(read_deal(str(path), 2).types, deal.types)
    path.write_text("p hanabi 5 4 3\n1 1\n")
    with pytest.raises(InputError, match="n = 5 values and c = 5 colors"):
        read_deal(str(path), 2)


@pytest.mark.parametrize("content", [
    " ".join(STANDARD_TEXT.split()[:49]),
    STANDARD_TEXT.replace("w5", "w6"),
    STANDARD_TEXT.replace("w5", "z5"),
    STANDARD_TEXT.replace("w4", "w5"),
])
def test_cli_bad_deal_is_one_line_exit_2(tmp_path, content):
    path = tmp_path / "bad.txt"
    path.write_text(content)
    result = CliRunner().invoke(main, ["bound", "--players", "2", "--deal", str(path)])
    assert result.exit_code == 2
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and str(path) in lines[0] and "Traceback" not in result.output


@pytest.mark.parametrize("name", ["149251", "game.JSON", "game.txt"])
def test_a_hanab_live_game_is_read_by_its_content_whatever_its_name(tmp_path, name):
    """``curl -O https://hanab.live/export/149251`` saves a game with no extension."""
    record = (REAL_GAMES / "hanablive_games.jsonl").read_text().splitlines()[0]
    (tmp_path / name).write_text(record)
    (tmp_path / "game.json").write_text(record)
    (named,), (plain,) = (read_deal(str(tmp_path / n), None) for n in (name, "game.json"))
    assert named.ident == plain.ident and named.cards == plain.cards and named.meta["actions"]
    named, plain = (CliRunner().invoke(main, ["bound", "--deal", str(tmp_path / n), "--json"])
                    for n in (name, "game.json"))
    assert named.exit_code == 0 and json.loads(named.output)["rows"][0]["U2"] == \
        json.loads(plain.output)["rows"][0]["U2"]


def test_a_record_of_a_seed_alone_is_of_the_seeds_variant():
    """hanab.live's seed string names its variant: a record that gives only ``players`` and ``seed`` is dealt the
    seed's deck in that variant (every seed/deck pair of hanab.live's data), and a variant named otherwise is
    refused."""
    pairs = [json.loads(line) for line in (REAL_GAMES / "hanablive_seed_decks.jsonl").read_text().splitlines()]
    assert {pair["variant_id"] for pair in pairs} > {0}
    for pair in pairs:
        deal = parse_hanablive({"players": pair["players"], "seed": pair["seed"]})
        assert deal.options.variant == pair["variant"]
        assert deal_to_hanablive(deal)["deck"] == [{"suitIndex": s, "rank": r} for s, r in pair["deck"]]
    with pytest.raises(InputError, match="variant id 2, the game of 3 players and variant id 0"):
        parse_hanablive({"players": 3, "seed": "p3v2s1", "options": {"variant": "No Variant"}})


def test_a_position_is_refused_as_a_game_not_read_as_its_first_turn(tmp_path):
    game = json.loads((REAL_GAMES / "hanablive_games.jsonl").read_text().splitlines()[0])
    path = tmp_path / "pos60.json"
    path.write_text(json.dumps(positions_of_game(game)[60].to_json()))
    for command in (["bound", "--deal", path], ["analyze", path], ["bound", "--hanab-live", path]):
        result = CliRunner().invoke(main, [str(a) for a in command])
        assert "expected a game, got a position" in result.output, command
        assert result.exit_code == 2 and "Traceback" not in result.output


def _hle_engine_games(seeds, players=2, random_start=False, earlier=()):
    """``(start, deck)`` per seed from the real HLE engine (``tests/hle_extract.py``), in this
    interpreter or the one named by HANABI_HLE_PYTHON."""
    try:
        sys.path.insert(0, str(HERE))
        import hle_extract
        from hanabi_learning_environment import pyhanabi  # noqa: F401
        return [hle_extract.engine_game(players, s, random_start, earlier) for s in seeds]
    except ImportError:
        python = os.environ.get("HANABI_HLE_PYTHON")
        if not python:
            pytest.skip("hanabi-learning-environment not installed (set HANABI_HLE_PYTHON to a venv's python)")
        flags = (["--random-start"] if random_start else []) + (["--after", ",".join(map(str, earlier))] if earlier else [])
        out = subprocess.run([python, str(HERE / "hle_extract.py"), str(players), *map(str, seeds), *flags],
                             capture_output=True, text=True, check=True).stdout
        games = [json.loads(line) for line in out.splitlines()]
        return [(g["start"], g["deck"]) if isinstance(g, dict) else (0, g) for g in games]
    finally:
        sys.path.remove(str(HERE))


def _hle_engine_decks(seeds):
    return [deck for _, deck in _hle_engine_games(seeds)]


def test_hle_deals_match_the_engines_recorded_decks():
    """Always runs: decks the real engine dealt, recorded in tests/seer/game/hle_engine_decks.txt."""
    lines = [ln for ln in (HERE / "hle_engine_decks.txt").read_text().splitlines() if not ln.startswith("#")]
    recorded = {int(seed): [int(c) for c in cards.split()] for seed, cards in (ln.split(":") for ln in lines)}
    assert len(recorded) == 102 and {0, 99, 2**31 - 1} <= set(recorded)
    assert all(hle_deck(seed) == deck for seed, deck in recorded.items())


def test_hle_deals_match_the_real_engine():
    seeds = list(range(300)) + [2**31 - 1, 123456789]
    assert _hle_engine_decks(seeds) == [hle_deck(s) for s in seeds]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hle_random_start_matches_the_real_engine(players):
    seeds = list(range(100)) + [2**31 - 1]
    assert _hle_engine_games(seeds, players, True) == [hle_game(players, s, True) for s in seeds]


@pytest.mark.parametrize("random_start", [False, True])
@pytest.mark.parametrize("earlier", [(50,), (10,), (10, 37, 50), (50, 50, 50, 12)])
def test_later_games_of_one_engine_match_the_draw_counts(random_start, earlier):
    seeds = range(0, 60, 3)
    assert _hle_engine_games(seeds, 2, random_start, earlier) == [hle_game(2, s, random_start, earlier) for s in seeds]


def test_hle_suit_mapping_is_a_permutation():
    assert sorted(HLE_TO_SUIT) == [0, 1, 2, 3, 4]
    assert isinstance(hle_deal(3, 5), Deal)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@st.composite
def deal_texts(draw):
    """A shuffled standard deck in upper or lower case with separators and comments, one token
    perhaps replaced by junk (then the text is invalid)."""
    cards = draw(st.permutations(STANDARD_TEXT.split()))
    cards = [c.upper() if draw(st.booleans()) else c for c in cards]
    if draw(st.booleans()):
        cards[draw(st.integers(0, len(cards) - 1))] = draw(st.text(alphabet="rygbwxz0123456789-", min_size=1, max_size=3))
    seps = draw(st.lists(st.sampled_from([" ", ",", "\n", " ,\t", " # a comment\n"]),
                         min_size=len(cards), max_size=len(cards)))
    return "".join(c + sep for c, sep in zip(cards, seps))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="rygbwRYGBWxz0123456789 ,\n#-", max_size=300) | deal_texts())
def test_text_parser_fuzz_only_raises_input_error(text):
    try:
        deal = parse_deal_text(text, 2)
    except InputError as err:
        assert "\n" not in str(err)
        return
    assert np.array_equal(np.bincount(deal.types, minlength=25), STANDARD_COUNTS)
    tokens = " ".join(line.split("#")[0] for line in text.splitlines()).replace(",", " ").split()
    if all(len(t) == 2 and t[1].isdigit() for t in tokens):  # suit first, as deal_texts writes them
        assert format_deal_text(deal).split() == [t.lower() for t in tokens]


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-3, 7) | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
                        st.sampled_from(["deck", "players", "suitIndex", "rank", "score"]), inner, max_size=4),
                    max_leaves=30))
def test_hanablive_parser_fuzz_only_raises_input_error(obj):
    try:
        read_hanablive(json.dumps(obj))
    except InputError:
        pass


def test_mt19937_matches_pythons_mersenne_twister_and_the_standards_vector():
    """Python's ``random`` runs the same twister: loaded with our state it must give our outputs;
    the C++ standard fixes the 10000th output of a default-seeded std::mt19937 (4123659995)."""
    import random

    ours = MT19937(2024)
    python = random.Random()
    python.setstate((3, tuple(ours._mt) + (624,), None))
    assert [ours.next() for _ in range(2000)] == [python.getrandbits(32) for _ in range(2000)]
    default = MT19937(5489)
    assert [default.next() for _ in range(10000)][-1] == 4123659995


class _Script:
    """A generator that gives the listed 32-bit outputs."""

    def __init__(self, outputs):
        self.outputs = list(outputs)

    def next(self):
        return self.outputs.pop(0)


@pytest.mark.parametrize("n", [2, 3, 5, 7])
def test_lemire_draw_scales_and_rejects_the_low_products(n):
    top = 2**32 - 1
    assert uniform_int(_Script([top]), n) == n - 1 and uniform_int(_Script([2**31]), n) == n // 2
    low = [x for x in range(2**32 // n - 2, 2**32 // n + 2)] + [0, 1]  # products just below/above 2^32 and 0
    for x in low:
        refused = (x * n) % 2**32 < (2**32 % n)  # 2^32 mod n = (2^32 - n) mod n: the threshold
        assert uniform_int(_Script([x, top]), n) == (n - 1 if refused else x * n >> 32), x
    assert uniform_int(_Script([0, 0, top]), 3) == 2  # 0 * 3 is below 2^32 mod 3 = 1: refused twice


def test_hle_random_start_matches_the_engines_recorded_games():
    """Always runs: games the real engine dealt, recorded in tests/seer/game/hle_engine_games.txt."""
    lines = [ln for ln in (HERE / "hle_engine_games.txt").read_text().splitlines() if not ln.startswith("#")]
    for line in lines:
        head, deck = line.split(":")
        players, seed, random_start, earlier, start = head.split()
        earlier = () if earlier == "-" else tuple(int(n) for n in earlier.split(","))
        expected = (int(start), [int(c) for c in deck.split()])
        assert hle_game(int(players), int(seed), random_start == "1", earlier) == expected, line
    assert len(lines) == 32


def test_hle_seeds_beyond_a_c_int_and_impossible_draw_counts_are_refused():
    with pytest.raises(ValueError, match="2\\^31"):
        hle_deal(2, 2**31)
    with pytest.raises(ValueError, match="draws 10..50"):
        hle_deal(2, 1, earlier_draws=(9,))
    deal = hle_deal(3, 42, random_start=True, earlier_draws=(50,))
    assert deal.ident == "P3-hlerandom-42g2" and deal.start_player == hle_game(3, 42, True, (50,))[0]


def test_a_deal_sent_to_a_worker_keeps_its_cards_read_only_and_reads_its_rules_again():
    deal = seeded_deal(3, 7)
    assert deal.rules.players == 3 and not deal.types.flags.writeable
    copy = pickle.loads(pickle.dumps(deal))
    assert not copy.types.flags.writeable and "rules" not in copy.__dict__  # one compiled type of the cards
    assert copy.types.tolist() == deal.types.tolist() and copy.rules == deal.rules


@pytest.mark.parametrize("players, seed, message", [
    (7, 0, "`players`: expected a whole number in 2..6, got 7"),
    (1, 0, "`players`: expected a whole number in 2..6, got 1"),
    ("2", 0, "`players`: expected a whole number in 2..6, got '2'"),
    (2.0, 0, "`players`: expected a whole number in 2..6, got 2.0"),
    (2, -1, "`seed`: expected a whole number in 0..2^64-1, got -1"),
    (2, 2**64, f"`seed`: expected a whole number in 0..2^64-1, got {2**64}"),
    (2, "a", "`seed`: expected a whole number in 0..2^64-1, got 'a'"),
    (2, 1.5, "`seed`: expected a whole number in 0..2^64-1, got 1.5"),
    (2, True, "`seed`: expected a whole number in 0..2^64-1, got True"),
])
def test_seeded_deal_names_the_players_or_the_seed_it_refuses(players, seed, message):
    with pytest.raises(InputError) as caught:
        seeded_deal(players, seed)
    assert str(caught.value) == message


def test_another_number_of_players_is_checked_before_the_id_names_it():
    with pytest.raises(InputError, match="^`players`: expected a whole number in 2..6, got 7$"):
        seeded_deal(2, 0).with_players(7)
    assert seeded_deal(2, 0).with_players(np.int64(3)).ident == "P3-seed-0"


def test_numpy_integers_are_whole_numbers_of_players_and_seeds():
    deal = seeded_deal(np.int64(3), np.uint64(7))
    assert deal.ident == "P3-seed-7" and type(deal.players) is int
    assert deal.types.tolist() == seeded_deal(3, 7).types.tolist()


@pytest.mark.parametrize("types, options, message", [
    (np.full(50, 99), Options(), "`types`: expected card types in 0..24 (No Variant), got 99"),
    ([-1] + list(range(24)), Options(), "`types`: expected card types in 0..24 (No Variant), got -1"),
    (list(range(26)), Options(), "`types`: expected card types in 0..24 (No Variant), got 25"),
    (list(range(31)), Options(variant="Black (6 Suits)"), "`types`: expected card types in 0..29 (Black (6 Suits)), "
                                                           "got 30"),
])
def test_a_deal_refuses_a_card_type_its_variant_does_not_have(types, options, message):
    with pytest.raises(InputError) as caught:
        Deal(types, 2, options=options)
    assert str(caught.value) == message


def test_a_deal_takes_the_cards_a_search_or_a_crafted_position_deals():
    """The copies are not checked (Deal's docstring): the search deals a Sudoku deck as No Variant with two of each
    5, and a crafted position holds part of a deck."""
    assert Deal([4, 4, 9, 9], 2).types.tolist() == [4, 4, 9, 9]
    assert Deal(list(range(30)), 2, options=Options(variant="Black (6 Suits)")).n_types == 30
    with pytest.raises(InputError, match="`players`: expected a whole number in 2..6, got 2.0"):
        Deal(seeded_deal(2, 0).types, 2.0)


def test_hle_deals_two_to_five_players_only():
    for deal in (lambda: hle_deal(6, 0), lambda: hle_game(6, 0), lambda: hle_deal(1, 0)):
        with pytest.raises(InputError, match="`players`: expected a whole number in 2..5 \\(HLE deals at most 5"):
            deal()
    with pytest.raises(InputError, match="`seed`: expected a whole number in 0..2\\^31-1"):
        hle_deal(2, "7")
    assert hle_deal(5, 0).players == 5
