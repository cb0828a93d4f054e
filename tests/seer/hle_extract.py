"""Print the deck order the real HLE engine deals for seeds (run with the venv that has the extra).

Usage: python tests/seer/hle_extract.py PLAYERS SEED [SEED ...]; prints one JSON list of
HLE card indices ``color * 5 + rank - 1`` per seed. The deck is read off by misplaying the
first card of the current player over and over with 50 life tokens, so every card is drawn.
"""

import json
import sys


def engine_deck(players, seed):
    """HLE card indices of the deck the real engine deals for ``seed``."""
    from hanabi_learning_environment import pyhanabi

    game = pyhanabi.HanabiGame({"players": players, "seed": seed, "max_life_tokens": 60})
    state = game.new_initial_state()
    order = []
    seen = [0] * players

    def collect():
        for p, hand in enumerate(state.player_hands()):
            for card in hand[seen[p]:]:
                order.append(card.color() * 5 + card.rank())
            seen[p] = len(hand)

    while state.cur_player() == pyhanabi.CHANCE_PLAYER_ID:
        state.deal_random_card()
    collect()
    while len(order) < 50:
        player = state.cur_player()
        state.apply_move(pyhanabi.HanabiMove.get_play_move(0))
        seen[player] -= 1
        while state.cur_player() == pyhanabi.CHANCE_PLAYER_ID:
            state.deal_random_card()
        collect()
    return order


if __name__ == "__main__":
    players = int(sys.argv[1])
    for seed in sys.argv[2:]:
        print(json.dumps(engine_deck(players, int(seed))))
