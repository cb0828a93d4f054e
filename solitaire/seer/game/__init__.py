"""The real game: its rules, its variants, its deals and how they are dealt, positions and the simulator.

The lowest layer of :mod:`solitaire.seer`: it imports nothing of the other layers
(:mod:`solitaire.seer.sources`, :mod:`solitaire.seer.bounds`, :mod:`solitaire.seer.runs`).
``variants`` and ``options`` hold the rules a game is played under, ``deals`` what is dealt
(with the dealers of ``seeds``/``gorand``, hanab.live's, and ``hle``, the Hanabi Learning
Environment's), ``ids`` the name of a game, ``position`` any state a game can reach and
``simulator`` the rules themselves, the bot ``L`` and the replay of a line.
"""
