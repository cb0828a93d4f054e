"""bounds_of, the one call for every bound of a deal: it agrees with ``bound``'s rows on every shipped example deal
and game and on 1,000 seeded deals (a sample of them in the default run), given another form of the same deck; its
record, its JSON form and its lines."""

import json
from dataclasses import fields

import pytest

from helpers import long_but
from solitaire.examples import examples
from solitaire.seer import Bounds, bounds_of, max_score, seeded_deal, seer_line, simulate
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.game.deals import format_deal_text, read_deal
from solitaire.seer.runs.boundrun import bound_row
from solitaire.seer.runs.rowfile import row_max

#: The search's time per deal in both computations: far above what any deal checked here takes, so that each is
#: closed and the two give the same figures.
TIMEOUT = 60.0


def _example_deals():
    """Every shipped example that ``bound --example`` reads as a deal (the games, and the decks of the standard
    deck for each number of players), each also with another player moving first."""
    found = []
    for example in examples():
        if example.kind == "game":
            found += [(example.name, deal) for deal in read_deal(example.paths[0], None)]
        elif example.kind == "deck" and example.name == "standard-deck-h5":
            found += [(f"{example.name}-P{p}", read_deal(example.paths[0], p)) for p in range(2, 6)]
    return [(name, deal.starting(start)) for name, deal in found for start in (0, deal.players - 1)]


def _seeded(seed):
    """The deal of ``seed``: 2 to 5 players and a starting player by turns."""
    players = 2 + seed % 4
    return seeded_deal(players, seed).starting(seed // 4 % players)


def _check_agreement(deal, b):
    """``b`` (:func:`bounds_of` of ``deal`` in another form) against ``bound``'s row of ``deal``, lines and U3
    included."""
    row = bound_row(deal, figures=False, lines=True, limits=SearchLimits(TIMEOUT))
    assert (b.L, b.U1, b.U2, b.max_score) == (row["L"], row["U1"], row["U2"], row_max(row))
    assert (b.bot_actions, b.u1_line, b.u2_line) == (row["bot_actions"], row["u1_line"], row["u2_line"])
    assert b.exact and row["exact"], "a deal left open: raise TIMEOUT"
    assert (b.U3, b.U3_high, b.method, b.game) == (row["U3"], row["U3_high"], row["method"], row["u3_game"])
    assert simulate(b.start, b.line).score == b.U3 == simulate(deal, b.game["actions"]).score
    assert b.L <= b.U3 == b.U3_high <= b.U2 <= b.U1 <= b.max_score


@pytest.mark.parametrize("name, deal", _example_deals(), ids=lambda value: value if isinstance(value, str) else "")
def test_bounds_of_agrees_with_the_rows_of_bound_on_every_shipped_example(name, deal):
    _check_agreement(deal, bounds_of(deal, timeout=TIMEOUT))
    if deal.standard:
        text = format_deal_text(deal)
        _check_agreement(deal, bounds_of(text, deal.players, deal.start_player, timeout=TIMEOUT))


@pytest.mark.parametrize("seed", long_but(range(1000), set(range(12))))
def test_bounds_of_agrees_with_the_rows_of_bound_on_seeded_deals(seed):
    deal = _seeded(seed)
    pairs = [[t // 5, t % 5 + 1] for t in deal.types.tolist()]
    _check_agreement(deal, bounds_of(pairs, deal.players, deal.start_player, timeout=TIMEOUT))


def test_without_the_search_the_record_has_the_rows_bounds_and_no_u3():
    deal = seeded_deal(2, 12)
    b = bounds_of(deal, exact=False)
    row = bound_row(deal, figures=False)
    assert (b.L, b.U1, b.U2) == (row["L"], row["U1"], row["U2"]) == (17, 25, 23)
    assert (b.U3, b.U3_high, b.exact, b.method, b.line, b.game) == (None,) * 6 and "U3" not in row


def test_the_record_has_the_fields_the_issue_names_and_a_json_form():
    assert [f.name for f in fields(Bounds)][:8] == ["L", "U1", "U2", "U3", "U3_high", "exact", "method", "max_score"]
    b = bounds_of(seeded_deal(2, 12))
    out = json.loads(json.dumps(b.to_json()))
    assert out == {"L": 17, "U1": 25, "U2": 23, "U3": 23, "U3_high": 23, "exact": True, "method": "search",
                   "max_score": 25, "line": b.line}
    assert simulate(b.start, out["line"]).score == 23


def test_from_a_position_the_line_starts_there_and_no_game_is_given():
    deal = seeded_deal(3, 83).starting(2)
    position = simulate(deal, seer_line(deal)[0][:12]).position()
    b = bounds_of(position)
    assert b.start is position and b.game is None and b.exact
    assert b.U3 == max_score(position).score == simulate(position, b.line).score
    assert seer_line(position)[1] == b.L and b.L <= b.U3 <= b.U2 <= b.U1


def test_a_timeout_leaves_proven_bounds():
    b = bounds_of(seeded_deal(2, 12), timeout=0)
    assert b.U3 is not None and b.U3_high is not None
    assert b.L <= b.U3 <= 23 <= b.U3_high <= b.U2 and b.exact == (b.U3_high == b.U3)
