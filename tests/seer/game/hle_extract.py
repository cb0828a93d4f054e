"""Print what the real HLE engine deals for seeds (run with the venv that has the extra).

Usage: python tests/seer/game/hle_extract.py PLAYERS SEED [SEED ...]; prints one JSON list of HLE card
indices ``color * 5 + rank - 1`` per seed. With ``--random-start`` (HLE's
``random_start_player``) each line is ``{"start": player, "deck": [...]}``, and with
``--after N,N,...`` the game dealt after earlier games of the same game object that drew
``N`` cards each. The deck is read off by misplaying the first card of the current player over
and over with 60 life tokens, so every card is drawn.
"""

import json
import sys


def _deal(state):
    from hanabi_learning_environment import pyhanabi

    while state.cur_player() == pyhanabi.CHANCE_PLAYER_ID:
        state.deal_random_card()


def _misplay(state):
    from hanabi_learning_environment import pyhanabi

    state.apply_move(pyhanabi.HanabiMove.get_play_move(0))
    _deal(state)


def _deck(state, players):
    """HLE card indices of every card the state deals, misplaying until the deck is drawn."""
    order, seen = [], [0] * players

    def collect():
        for p, hand in enumerate(state.player_hands()):
            for card in hand[seen[p]:]:
                order.append(card.color() * 5 + card.rank())
            seen[p] = len(hand)

    collect()
    while len(order) < 50:
        seen[state.cur_player()] -= 1
        _misplay(state)
        collect()
    return order


def engine_game(players, seed, random_start=False, earlier_draws=()):
    """``(start player, deck)`` of the game the real engine deals after games drawing ``earlier_draws`` cards."""
    from hanabi_learning_environment import pyhanabi

    game = pyhanabi.HanabiGame({"players": players, "seed": seed, "max_life_tokens": 60,
                                "random_start_player": random_start})
    for drawn in earlier_draws:
        state = game.new_initial_state()
        _deal(state)
        for _ in range(drawn - sum(len(hand) for hand in state.player_hands())):
            _misplay(state)
    state = game.new_initial_state()
    _deal(state)
    return state.cur_player(), _deck(state, players)


def engine_deck(players, seed):
    """HLE card indices of the deck the real engine deals for ``seed``."""
    return engine_game(players, seed)[1]


if __name__ == "__main__":
    args = sys.argv[1:]
    random_start = "--random-start" in args
    args = [a for a in args if a != "--random-start"]
    earlier = ()
    if "--after" in args:
        at = args.index("--after")
        earlier = tuple(int(n) for n in args[at + 1].split(","))
        del args[at:at + 2]
    players = int(args[0])
    for seed in args[1:]:
        start, deck = engine_game(players, int(seed), random_start, earlier)
        print(json.dumps({"start": start, "deck": deck} if random_start or earlier else deck))
