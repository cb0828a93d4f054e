"""Where games come from: hanab.live histories and replay links, agent arenas' logs, an imperfect
player, and the deal sources of the batch commands.

Above :mod:`solitaire.seer.game` and beside :mod:`solitaire.seer.bounds`: it imports the game
layer only. ``history`` reads and judges real games, ``replaylink`` is hanab.live's replay link
format, ``openspiel`` reads OpenSpiel and Kaggle logs, ``jaxmarl`` JaxMARL's recorded games, ``pyhanabi`` the
logs of a human-AI experiment, ``noisy`` plays imperfect games, and
``dealsource`` gives the deals of a batch (seed ranges, seed strings, files) one at a time.
"""
