"""The PySAT solvers the toolkit offers by name, the one it uses unless told, and how large a lost deck's
maximum score is sought by MaxSAT unless asked.

A module of names only (it imports nothing), so that the command line can list the choices of
``--solver`` and ``--peer-solver`` without loading PySAT or numba; :mod:`solitaire.satenc` and the SAT
peers of the real game (:mod:`solitaire.seer.bounds.peers`) take the solvers by these names.
"""

__all__ = ["DEFAULT_SOLVER", "SAT_SOLVERS", "MAXSAT_CARDS"]

#: PySAT solver used unless another is named.
DEFAULT_SOLVER = "cadical195"

#: PySAT solvers offered on the command line (RC2 works with each; lingeling does not).
SAT_SOLVERS = ("cadical195", "cadical153", "cadical300", "glucose4", "glucose3", "minisat22", "maplechrono")

#: The largest lost deck whose maximum score :func:`solitaire.satenc.solve_sat` computes unless asked (RC2,
#: MaxSAT): on Theorem 7's decks of unsatisfiable formulas it takes 0.1 s at 590 cards, 11 s at 5,879 and over
#: 100 s at 10,238 (``hanabi-solitaire solve -a sat`` on ``reduce`` of random 3-SAT formulas).
MAXSAT_CARDS = 6_000
