"""U3, the exact optimum of a real Hanabi deal with perfect information, by a compiled search.

- :mod:`~solitaire.seer.bounds.u3.search`: the driver (:func:`exact`, under the
  :class:`~solitaire.seer.bounds.limits.SearchLimits` of a deal), its schedule of searches, the lines it returns
  and the hand-off to the SAT peers;
- :mod:`~solitaire.seer.bounds.u3.kernel`: the compiled depth-first search (moves, canonical states);
- :mod:`~solitaire.seer.bounds.u3.hope`: the node bound, each of its rules with its proof;
- :mod:`~solitaire.seer.bounds.u3.table`: the transposition table of proven bounds;
- :mod:`~solitaire.seer.bounds.u3.bot`: the bot L compiled, the line the driver starts from;
- :mod:`~solitaire.seer.bounds.u3.llvm`: the two processor instructions the kernel reaches through LLVM.

None of them imports PySAT: :func:`exact` loads the SAT peers only when it hands a deal to them.
"""

from solitaire.seer.bounds.u3.search import (
    MEMO_BITS,
    TT_BITS,
    ExactResult,
    Schedule,
    exact,
    exact_search,
    root_hope,
    tt_table,
    warm_up,
)

__all__ = ["ExactResult", "Schedule", "exact", "exact_search", "root_hope", "tt_table", "warm_up", "TT_BITS",
           "MEMO_BITS"]
