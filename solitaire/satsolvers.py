"""The PySAT solvers the toolkit offers by name, and the one it uses unless told.

A module of names only (it imports nothing), so that the command line can list the choices of
``--solver`` and ``--peer-solver`` without loading PySAT or numba; :mod:`solitaire.satenc` and the SAT
peers of the real game (:mod:`solitaire.seer.bounds.peers`) take the solvers by these names.
"""

__all__ = ["DEFAULT_SOLVER", "SAT_SOLVERS"]

#: PySAT solver used unless another is named.
DEFAULT_SOLVER = "cadical195"

#: PySAT solvers offered on the command line (RC2 works with each; lingeling does not).
SAT_SOLVERS = ("cadical195", "cadical153", "cadical300", "glucose4", "glucose3", "minisat22", "maplechrono")
