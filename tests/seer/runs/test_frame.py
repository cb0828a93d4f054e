"""to_frame: rows and results as a pandas DataFrame (the optional extra ``pandas``), and a clear error without it."""

import sys

import pytest

from solitaire.seer import bounds_of, seeded_deal, to_frame
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.runs.boundrun import bound_row


def test_the_rows_of_bound_become_one_row_each_with_their_columns_in_order():
    pytest.importorskip("pandas")
    deals = [seeded_deal(2, 12), seeded_deal(3, 0)]
    rows = [bound_row(deal, limits=SearchLimits(60)) for deal in deals]
    frame = to_frame(rows)
    assert list(frame.columns) == list(dict.fromkeys(key for row in rows for key in row))
    assert frame.to_dict("records")[0]["method"] == "search" and frame["U3"].tolist() == [23, 25]
    assert frame["id"].tolist() == ["P2-seed-12", "P3-seed-0"]


def test_results_become_rows_through_their_json_form():
    pytest.importorskip("pandas")
    results = [bounds_of(seeded_deal(2, seed), exact=seed != 11) for seed in (11, 12)]
    frame = to_frame(results)
    assert frame[["L", "U2"]].values.tolist() == [[25, 25], [17, 23]]
    assert frame["method"].isna().tolist() == [True, False] and frame["method"][1] == "search"
    assert list(frame.columns) == list(results[0].to_json())


def test_without_pandas_the_error_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas raises ImportError
    with pytest.raises(ImportError, match=r"hanabi-solitaire\[pandas\]"):
        to_frame([{"id": "P2-seed-0"}])


def test_a_record_that_is_not_a_row_is_refused():
    pytest.importorskip("pandas")
    with pytest.raises(TypeError, match="mapping or has to_json"):
        to_frame([3])
