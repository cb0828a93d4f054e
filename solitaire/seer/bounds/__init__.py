"""The bounds of a deal or a position: ``L <= U3 <= U2 <= U1``, and the solvers behind them.

Above :mod:`solitaire.seer.game`, beside :mod:`solitaire.seer.sources`: it imports the game
layer only. ``relaxations`` holds U1 and U2 (the pooled-hand solitaire of ``pace``), ``freegame``
the token-free game, ``u3`` the exact search, ``limits`` what limits it (its timeout, its SAT peer),
``peers`` the SAT peers that finish what the search leaves open, and ``maxscore`` the one call for the
optimum of a deal or a position.
"""
