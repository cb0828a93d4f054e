"""Shared test helpers: hypothesis strategies for small instances and the shared data folder."""

import json
import os
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from solitaire.io.errors import InputError
from solitaire.model import Instance
from solitaire.seer.deals import parse_hanablive

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@st.composite
def instances(draw, max_n=3, max_c=3, max_r=3, max_h=3, max_N=12, min_N=0, min_r=0):
    """Random small instances: every card type appears min_r..max_r times, shuffled, cut to max_N."""
    n = draw(st.integers(1, max_n))
    c = draw(st.integers(1, max_c))
    h = draw(st.integers(0, max_h))
    cards = []
    for k in range(1, c + 1):
        for a in range(1, n + 1):
            cards += [(a, k)] * draw(st.integers(min_r, max_r))
    cards = draw(st.permutations(cards))[:max_N]
    if len(cards) < min_N:
        cards = cards + [(1, 1)] * (min_N - len(cards))
    return Instance.from_cards(n, c, h, cards) if cards else Instance(n, c, h, [], [])


def standard_games(path):
    """The games of a hanab.live JSON Lines file that are No Variant with default options (the
    others are refused by the reader), and their records."""
    games, records = [], []
    for number, line in enumerate(Path(path).read_text().splitlines(), start=1):
        record = json.loads(line)
        try:
            games.append(parse_hanablive(record, str(path), number))
        except InputError as err:
            if "is not supported" not in err.message:
                raise
            continue
        records.append(record)
    return games, records


def one_line_error(result, *words):
    """A command line result with exit code 2 and one line of error containing ``words``."""
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and len(lines) == 1, result.output
    assert all(w in lines[0] for w in words), lines[0]
