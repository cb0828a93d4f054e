"""What limits a U3 search (:class:`SearchLimits`), and the SAT peer it hands an open deal to by default.

It imports nothing, PySAT least of all: the search (:mod:`solitaire.seer.bounds.u3`) and the runs take their
limits from here, and only a deal handed to a peer loads :mod:`solitaire.seer.bounds.peers`.
"""

from dataclasses import dataclass
from typing import Any

__all__ = ["SearchLimits", "PEER_SOLVER", "PEER_ENCODING", "PEER_ENCODINGS", "COMPLETIONS"]

#: The default solver. On the hard questions of the table (``benchmarks/README.md``, "the SAT peers") it is faster
#: than CaDiCaL 1.9.5 on 9 of 10 (1.4x..6.2x), CaDiCaL on some lines and refutations (0.24x).
PEER_SOLVER = "glucose4"

#: The encoding that closes open deals: on every question of ``benchmarks/bench_peer.py`` that
#: takes the turn-indexed formula over a second, the removal-indexed one is faster, up to 70
#: times (``benchmarks/README.md``).
PEER_ENCODING = "removals"

#: The encodings of the SAT peers (:data:`solitaire.seer.bounds.peers.PEERS`), by name: ``removals``, one step per
#: drawn card, and ``turns``, one step per turn.
PEER_ENCODINGS = ("removals", "turns")

#: The completions of a deck known only in part that U3 is searched over unless told
#: (:mod:`solitaire.seer.runs.partial`).
COMPLETIONS = 20


@dataclass(frozen=True)
class SearchLimits:
    """The limits of one U3 search (:func:`~solitaire.seer.bounds.u3.search.exact`): ``timeout`` seconds of
    search per deal (``None``: no limit), then, for a deal left open, ``peer_timeout`` seconds of the SAT peer
    ``peer_encoding`` (a name of :data:`solitaire.seer.bounds.peers.PEERS`) with the PySAT solver ``peer_solver``
    (``peer_timeout`` 0: no peer)."""

    timeout: float | None = None
    peer_timeout: float = 0
    peer_solver: str = PEER_SOLVER
    peer_encoding: str = PEER_ENCODING

    def to_row(self) -> dict[str, Any]:
        """What an open row records of these limits (:data:`~solitaire.seer.runs.rowfile.LIMITS`): ``timeout``
        and ``peer_timeout``, and the peer's solver and encoding only when the peer runs."""
        row: dict[str, Any] = {"timeout": self.timeout, "peer_timeout": self.peer_timeout or 0}
        if self.peer_timeout:
            row.update(peer_solver=self.peer_solver, peer_encoding=self.peer_encoding)
        return row
