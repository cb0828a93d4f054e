"""The two SAT peers of U3 by name, and the one :func:`solitaire.seer.bounds.u3.search.exact` uses by default.

Both decide "can the team reach score ``t`` from this position under the real rules?" as CNF for
PySAT, every "yes" with a line the simulator replays from the position: ``"removals"`` has one step
per drawn card, the clues folded into the turn-order gap between removals
(:mod:`solitaire.seer.bounds.peers.removals`); ``"turns"`` has one step per turn, like the public SAT approach
(:mod:`solitaire.seer.bounds.peers.turns`). Each is ``reaches(start, target, solver, timeout=None) -> (answer,
actions)``, ``start`` a :class:`~solitaire.seer.game.position.Position` or a deal (its first turn, whose
formulas are those of the deal). Both encode the deck of the deal's variant (3 to 6 suits, any copies
of each card, any hand size) and refuse a deal whose rules they do not encode: those the simulator does
not model, and cards no clue touches unless a clue is always legal
(:func:`~solitaire.seer.bounds.peers.turns.check_encoded`).
"""

from collections.abc import Callable

from solitaire.seer.bounds.limits import PEER_ENCODING, PEER_ENCODINGS
from solitaire.seer.bounds.peers.removals import removal_reaches
from solitaire.seer.bounds.peers.turns import peer_reaches
from solitaire.seer.game.simulator import Action

__all__ = ["PEERS", "PEER_ENCODING", "peer_of"]

#: The SAT peers by encoding (the names: :data:`~solitaire.seer.bounds.limits.PEER_ENCODINGS`; the default:
#: :data:`~solitaire.seer.bounds.limits.PEER_ENCODING`).
PEERS = dict(zip(PEER_ENCODINGS, (removal_reaches, peer_reaches), strict=True))


def peer_of(encoding: str) -> Callable[..., tuple[bool | None, list[Action] | None]]:
    """``PEERS[encoding]``; a :class:`ValueError` naming the encodings for any other name."""
    try:
        return PEERS[encoding]
    except KeyError:
        raise ValueError(f"unknown peer encoding {encoding!r}: expected one of {', '.join(sorted(PEERS))}") from None
