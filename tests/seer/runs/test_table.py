"""The shipped winnability table (instances/table/seeds-*.jsonl.xz): complete, consistent, re-provable.

Each file holds the rows of ``table`` for P = 2..5 and 100,000 seeds from the one in its name
(README, "The winnability table"). Every row is checked for consistency, a sample of each file
is recomputed (the bot and U2 exactly, the search on rows it settled in few nodes), and every
deal shipped in ``instances/deals/hard-deals.jsonl`` must have proven bounds that overlap the
table's: two runs of different code may leave different deals open, never contradict each other.
The slow tests put the root bound of the current code to every deal of the table that needs a
search (it may never fall below the row's U3; about 20 s per file), and re-prove two rows of
each file that the SAT peer closed with the default peer.
"""

import random

import numpy as np
import pytest

from solitaire.examples import find_example
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.relaxations import u2_value
from solitaire.seer.bounds.u3 import exact, root_hope
from solitaire.seer.game.deals import seeded_deal
from solitaire.seer.game.ids import GameId, parse_id
from solitaire.seer.game.simulator import seer_score
from solitaire.seer.runs.exactrun import latest_rows
from solitaire.seer.runs.harddeals import hard_deals
from solitaire.seer.runs.rowfile import read_rows

FILES = find_example("table", "table").paths
SPAN, PLAYERS = 100_000, (2, 3, 4, 5)
HARD = hard_deals()


@pytest.fixture(scope="module", params=FILES, ids=lambda path: path.name)
def shipped(request):
    return request.param, latest_rows(read_rows(request.param))


@pytest.mark.long  # as the three tests below: 8 s and 600 MB of rows per file, too much for the default run
def test_a_file_holds_each_deal_of_its_seeds_once(shipped):
    path, rows = shipped
    first = int(path.name.split("-")[1].split(".")[0])
    assert sorted((r["players"], r["seed"]) for r in rows) == [(p, s) for p in PLAYERS for s in range(first, first + SPAN)]


@pytest.mark.long
def test_every_row_is_consistent(shipped):
    for row in shipped[1]:
        assert parse_id(row["id"]) == GameId(row["players"], "seed", str(row["seed"]))
        assert row["L"] <= row["U3"] <= row["U3_high"] <= row["U2"], row
        assert row["exact"] == (row["U3"] == row["U3_high"]) == (row["method"] is not None), row
        assert row["method"] != "bot" or row["L"] == row["U2"] == row["U3"], row


@pytest.mark.long
def test_a_sample_of_rows_is_recomputed(shipped):
    path, rows = shipped
    rng = random.Random(path.name)
    bots = rng.sample([r for r in rows if r["method"] == "bot"], 20)
    searched = rng.sample([r for r in rows if r["method"] == "search" and r["nodes"] <= 20_000], 8)
    for row in bots + searched:
        deal = seeded_deal(row["players"], row["seed"])
        assert (seer_score(deal), u2_value(deal)) == (row["L"], row["U2"]), row
    for row in searched:
        r = exact(seeded_deal(row["players"], row["seed"]), SearchLimits(30))
        assert (r.score, r.exact) == (row["U3"], True), row


@pytest.mark.long
def test_the_table_never_contradicts_the_hard_deals(shipped):
    rows = {(r["players"], r["seed"]): r for r in shipped[1]}
    for hard in HARD:
        row = rows.get((hard["players"], hard["seed"]))
        if row is not None:
            assert max(row["U3"], hard["U3"]) <= min(row["U3_high"], hard["U3_high"]), (row, hard)


@pytest.mark.slow
def test_the_root_bound_never_falls_below_the_table(shipped):
    """Every row's U3 is a proven value or the score of a real line, so no sound bound is below it."""
    for row in shipped[1]:
        if row["L"] < row["U2"]:
            deal = seeded_deal(row["players"], row["seed"])
            assert root_hope(np.array(deal.types, dtype=np.int64), deal.players, deal.hand) >= row["U3"], row


@pytest.mark.slow
def test_the_default_peer_reproves_a_sample_of_the_peers_rows(shipped):
    # Since the eleventh pass (instances/table/README.md) the peer rows are Glucose's but one; CaDiCaL, another
    # solver, must find the same U3 after a short search.
    path, rows = shipped
    proved = [r for r in rows if r["method"] == "peer"]
    for row in random.Random(path.name).sample(proved, min(2, len(proved))):
        r = exact(seeded_deal(row["players"], row["seed"]), SearchLimits(2, 300, peer_solver="cadical195"))
        assert (r.score, r.exact) == (row["U3"], True), row


def test_the_rows_of_table_are_table_rows_in_the_shipped_layout():
    """A settled row and an open one have the keys of :class:`TableRow` (the required ones are
    :data:`TABLE_KEYS`); a settled row's line is in the layout of the shipped files, the method as text."""
    import json

    from solitaire.seer.bounds.method import Method
    from solitaire.seer.runs.exactrun import TABLE_KEYS, Deals, TableRow, table_row
    from solitaire.seer.runs.tabledeals import _ROW, METHODS

    settled = table_row((2, 16, SearchLimits(30), Deals()))
    open_row = table_row((2, 12, SearchLimits(0), Deals()))
    for row in settled, open_row:
        assert TableRow.__required_keys__ <= set(row) <= TableRow.__required_keys__ | TableRow.__optional_keys__
    assert settled["method"] is Method.SEARCH and _ROW.fullmatch(json.dumps(settled)).group(8) == "search"
    assert open_row["method"] is None and {"timeout", "peer_timeout"} <= set(open_row)
    assert TABLE_KEYS == ("id", "players", "seed", "L", "U2", "U3", "U3_high", "exact", "method", "seconds")
    assert METHODS == (None, "bot", "search", "peer")
