"""The bot with noise: legal hanab.live actions, reproducible from its seed, the bot's game without noise."""

import pytest

from solitaire.seer.game.deals import seeded_deal
from solitaire.seer.game.simulator import Game, legal_actions, seer_line, simulate
from solitaire.seer.sources.noisy import noisy_line


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_noisy_games_replay_in_the_simulator_to_their_score(players):
    for seed in range(20):
        deal = seeded_deal(players, seed)
        for noise in (0.1, 0.5, 1.0):
            actions, score = noisy_line(deal, noise, seed)
            game = simulate(deal, actions)
            assert game.over and game.score == score and game.turn == len(actions)


def test_no_noise_is_the_bots_game():
    for players in (2, 3, 4, 5):
        for seed in range(10):
            deal = seeded_deal(players, seed)
            assert noisy_line(deal, 0.0, seed=seed + 100) == seer_line(deal)


def test_the_same_seed_gives_the_same_game_and_noise_changes_it():
    deal = seeded_deal(2, 3)
    assert noisy_line(deal, 0.3, 5) == noisy_line(deal, 0.3, 5)
    assert len({str(noisy_line(deal, 0.3, seed)[0]) for seed in range(10)}) > 1
    assert noisy_line(deal, 0.3, 5)[0] != seer_line(deal)[0]


def test_noisy_game_from_a_position_with_another_starting_player():
    deal = seeded_deal(3, 1).starting(2)
    start = simulate(deal, seer_line(deal)[0][:10]).position()
    actions, score = noisy_line(start, 0.2, 7)
    assert simulate(start, actions).score == score
    assert Game(deal).current == 2


def test_noise_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError, match="noise"):
        noisy_line(seeded_deal(2, 0), 1.5, 0)


def test_legal_actions_are_legal_and_offer_one_clue():
    deal = seeded_deal(4, 2)
    actions, _ = noisy_line(deal, 0.5, 2)
    game = Game(deal)
    for action in actions:
        moves = legal_actions(game)
        assert sum(m["type"] in (2, 3) for m in moves) == (1 if game.clues > 0 else 0)
        for move in moves:
            game.copy().apply(move)  # raises if illegal
        game.apply(action)
