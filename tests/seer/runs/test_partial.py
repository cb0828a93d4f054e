"""Rows of ``bound`` for decks known only in part (solitaire.seer.runs.partial): the OpenSpiel games of
``tests/data/openspiel/games.jsonl`` that ended before the last draw."""

import pytest

from helpers import DATA
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.relaxations import u2
from solitaire.seer.game.deals import DECK_SIZE, MAX_SCORE, Deal, seeded_deal
from solitaire.seer.runs.boundrun import BoundOptions, BoundRun, bound_row, run_rows, summarize
from solitaire.seer.runs.partial import completion_decks, every_completion_high, partial_summary
from solitaire.seer.runs.rowfile import read_rows
from solitaire.seer.runs.texts import bound_row_text, bound_summary_text
from solitaire.seer.sources.dealsource import deal_source
from solitaire.seer.sources.openspiel import PartialDeal, read_openspiel_file

GAMES = DATA / "openspiel" / "games.jsonl"
LIMITS = SearchLimits(10.0)
COUNT = 3  # completions per partial deck: enough to check, quick to search


@pytest.fixture(scope="module")
def partials():
    items = [item for item in read_openspiel_file(GAMES) if isinstance(item, PartialDeal)]
    assert len(items) >= 3
    return items


@pytest.fixture(scope="module")
def rows(partials):
    return list(run_rows(partials, limits=LIMITS, completions=COUNT))


def test_a_partial_deck_has_a_row_of_its_own(partials, rows):
    for item, row in zip(partials, rows, strict=True):
        real = item.complete().meta
        assert row["id"] == item.ident and row["deck"] == "partial" and row["known_cards"] == len(item.known) < 50
        assert row["known_deck"] == item.known_text() and row["source"] == item.source
        assert (row["end"], row["played"], row.get("real_score")) == (real["end"], real["played"],
                                                                     real.get("real_score"))
        assert not {"U3", "U3_high", "exact", "method", "L", "U1", "U2", "refused"} & set(row)
        assert row["played"] <= row["L_all"] <= row["U_all"] <= MAX_SCORE
        assert row["completions_exact"] == row["completions"] <= COUNT


def test_every_completion_searched_lies_within_the_bounds(partials, rows):
    """Each completion's U3, searched on its own, is at least the cards the real game played (and its score) and
    at most the bound over every completion; the row's figures are those of these completions."""
    for item, row in zip(partials, rows, strict=True):
        decks, every = completion_decks(item, COUNT)
        assert every == row["completions_all"] and len(decks) == row["completions"]
        scores = []
        for deal in decks:
            assert deal.types[:len(item.known)].tolist() == list(item.known)
            found = bound_row(deal, figures=False, limits=LIMITS)
            assert found["exact"] and row["played"] <= found["U3"] <= row["U_all"]
            assert found["U3"] >= found.get("real_score", 0) and found["U2"] <= row["U_all"]
            scores.append(found["U3"])
        assert (row["U3_completions_min"], row["U3_completions_max"]) == (min(scores), max(scores))
        assert row["U3_completions_mean"] == pytest.approx(sum(scores) / len(scores))


def test_completions_are_seeded(partials, rows):
    item = min(partials, key=lambda it: len(it.known))  # many unknown cards: sampled
    first, every = completion_decks(item, COUNT)
    again, _ = completion_decks(item, COUNT)
    assert not every and [d.types.tolist() for d in first] == [d.types.tolist() for d in again]
    assert len({tuple(d.types.tolist()) for d in first}) == COUNT  # distinct seeds, distinct orders
    assert list(run_rows([item], limits=LIMITS, completions=COUNT)) == [rows[partials.index(item)]]


def test_few_unknown_cards_are_completed_in_every_order(partials):
    item = max(partials, key=lambda it: len(it.known))
    missing = item.missing()
    decks, every = completion_decks(item, 100)
    orders = {tuple(d.types[len(item.known):].tolist()) for d in decks}
    assert every and len(orders) == len(decks) and all(sorted(o) == missing for o in orders)
    assert len(decks) > 1 and not completion_decks(item, len(decks) - 1)[1]


def test_a_game_won_before_the_last_draw_is_exact_on_every_completion(partials, rows):
    won = [row for row in rows if row["played"] == MAX_SCORE]
    assert won
    for row in won:
        assert row["L_all"] == row["U_all"] == row["U3_completions_min"] == MAX_SCORE


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_bound_over_every_completion_holds_for_the_deal_itself(players):
    """A seeded deal is one completion of each of its prefixes: its U2 never exceeds the prefix's bound, which is
    the deal's own U2 when the whole deck is known."""
    for seed in range(8):
        deal = seeded_deal(players, seed)
        whole = u2(deal).score
        for known in (0, 10, 25, 40, 45, 48, DECK_SIZE):
            prefix = PartialDeal(None, "test", "known in part", players, tuple(deal.types[:known].tolist()))
            high = every_completion_high(prefix)
            assert whole <= high and (known < DECK_SIZE or high == whole)


def test_without_u3_a_partial_row_has_the_bounds_only(partials):
    row, = run_rows(partials[:1])
    assert {"L_all", "U_all"} <= set(row) and not any(key.startswith("completions") for key in row)


def test_the_summary_counts_partial_decks_apart(partials, rows):
    whole = list(run_rows([it for it in read_openspiel_file(GAMES) if isinstance(it, Deal)], limits=LIMITS))
    assert whole
    mixed = summarize(whole + rows)
    assert {k: v for k, v in mixed.items() if k != "partial"} == summarize(whole)
    part = mixed["partial"]
    assert part == partial_summary(rows) and part["deals"] == len(rows)
    assert part["completions"] == sum(r["completions"] for r in rows)
    assert part["mean_U3_completions"] == pytest.approx(sum(r["U3_completions_mean"] for r in rows) / len(rows))
    assert "decks known in part 3" in bound_summary_text(mixed)
    assert "every completion" in bound_row_text(rows[0]) and "U3=" not in bound_row_text(rows[0])


@pytest.mark.parametrize("csv_format", [False, True])
def test_resume_reuses_partial_rows(tmp_path, csv_format):
    out = tmp_path / ("rows.csv" if csv_format else "rows.jsonl")
    options = BoundOptions(figures=False, limits=LIMITS, completions=COUNT)
    with BoundRun(deal_source(openspiel=str(GAMES)), options, out, csv_format) as run:
        first = list(run.rows())
        summary = run.summary()
    stored = [r for r in read_rows(out, csv_format) if r.get("deck") == "partial"]
    assert len(stored) == summary["partial"]["deals"] == 3
    with BoundRun(deal_source(openspiel=str(GAMES)), options, out, csv_format, resume=True) as run:
        again = list(run.rows())
        assert [r for r in again if "refused" not in r] == [] and run.summary() == summary
    assert len(first) == 8 and len(again) == 1
    more = BoundOptions(figures=False, limits=LIMITS, completions=COUNT + 1)  # other completions: searched again
    with BoundRun(deal_source(openspiel=str(GAMES)), more, out, csv_format, resume=True) as run:
        redone = [r for r in run.rows() if r.get("deck") == "partial"]
    assert 1 <= len(redone) < 3  # the deck completed in every order is reused
    latest = {r["id"]: r for r in read_rows(out, csv_format)}
    assert all(latest[r["id"]] == r and r["completions"] == COUNT + 1 for r in redone)


def test_a_file_listed_twice_gives_each_game_one_row_partial_decks_too(tmp_path):
    """Every game of a log read twice (``cat games games``) is one row, a deck known only in part too, and
    ``repeated`` counts every record read before; a refused record stays a row of each place it is."""
    twice = tmp_path / "twice.jsonl"
    twice.write_text(GAMES.read_text() * 2)
    once, both = deal_source(openspiel=str(GAMES)), deal_source(openspiel=str(twice))
    assert [item.ident for item in both.items() if item.ident] == [item.ident for item in once.items() if item.ident]
    refused = sum(1 for item in once.records if not item.ident)
    assert both.repeated == len(once.records) - refused and both.count == once.count + refused
