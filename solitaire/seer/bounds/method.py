"""What closed a deal's gap ``L <= U3 <= high``: the :class:`Method` a row's ``method`` names.

A module of names only (it loads no numba code), so that the readers of row files
(:mod:`solitaire.seer.runs.rowfile`, :mod:`solitaire.seer.runs.tabledeals`) check and count methods without
loading the search (:mod:`solitaire.seer.bounds.u3.search`, whose :attr:`ExactResult.method
<solitaire.seer.bounds.u3.search.ExactResult.method>` it is).
"""

from solitaire.io.textenum import TextEnum

__all__ = ["Method"]


class Method(TextEnum):
    """What closed a deal's gap: the bot's line reaching U2 without a search, the search (its bounds, the node
    bound at the root and the token-free game included), or the SAT peer
    (:func:`~solitaire.seer.bounds.u3.search.peer_close`)."""

    BOT = "bot"
    SEARCH = "search"
    PEER = "peer"
