"""Write the OpenSpiel and Kaggle fixtures of ``tests/data/openspiel/`` (run with the venv that has the
``openspiel`` and ``kaggle`` extras: ``python tests/seer/sources/openspiel_extract.py``).

``games.jsonl``: games of OpenSpiel's ``hanabi`` played by :func:`play` (seeded), one a line, each
``{"serializedGameAndState": text, "returns": r, "players": P, "seed": s}``; ``games.txt`` the same
serialized texts one after another. ``kaggle_hanabi.json``: one episode of Kaggle's
``open_spiel_hanabi`` played by two :func:`kaggle_agent` agents, ``env.toJSON()`` with every step but
the last dropped (the last step holds the serialized state; the others only repeat observations) and
of ``info.stateHistory`` (a state dump after every action) the last entry only. ``kaggle_hanabi_arena.json``: one
episode of Kaggle's 2v2 ``open_spiel_hanabi_arena`` (team A two :func:`kaggle_agent` agents, team B Kaggle's
``random`` agents), every step dropped (the reader needs none) and of ``info.stateHistory`` the first and the
last entries (the first deals the starting hands, the last holds each table's moves).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "data" / "openspiel"
#: (players, seed, play probability, skill, extra game parameters) of each fixture game.
GAMES = [(2, 1, 0.02, 0.9, {}), (3, 2, 0.05, 0.9, {}), (4, 3, 0.05, 0.6, {}), (5, 4, 0.03, 0.9, {}),
         (2, 5, 0.5, 0.0, {}), (3, 6, 0.1, 0.9, {"random_start_player": True}),
         (4, 7, 0.02, 0.9, {"random_start_player": True}), (2, 8, 0.05, 0.9, {"colors": 4})]


def playable_slots(state) -> list[int]:
    """The hand slots of the player to move whose card plays now, read off ``str(state)`` (HLE's
    ``HanabiState::ToString``: fireworks ``R0 Y0 ...``, then every hand, oldest card first)."""
    lines = str(state).splitlines()
    fireworks = {tok[0]: int(tok[1:]) for tok in lines[2].split()[1:]}
    hands, current = [[]], None
    for line in lines[lines.index("Hands:") + 1:]:
        if line.startswith("Deck size"):
            break
        if line == "-----":
            hands.append([])
        elif line == "Cur player":
            current = len(hands) - 1
        else:
            hands[-1].append(line.split()[0])
    return [i for i, card in enumerate(hands[current]) if fireworks[card[0]] == int(card[1]) - 1]


def choose(state, hand: int, rng: random.Random, play: float, skill: float) -> int:
    """A legal move of the player to move: with probability ``skill`` a card that plays (seen in the
    state), else a play with probability ``play`` (or when nothing else is legal), else any other
    legal move, uniformly."""
    legal = state.legal_actions()
    plays = [a for a in legal if hand <= a < 2 * hand]
    others = [a for a in legal if not hand <= a < 2 * hand]
    good = playable_slots(state) if skill else []
    if good and rng.random() < skill:
        return hand + rng.choice(good)
    return rng.choice(plays) if plays and (rng.random() < play or not others) else rng.choice(others)


def first_mover(state) -> int:
    """The player who moves first from the initial ``state`` (a copy dealt its first chance outcomes)."""
    state = state.clone()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state.current_player()


def play(players: int, seed: int, play_probability: float, extra: dict | None = None, skill: float = 0.0):
    """``(game, terminal state)`` of one seeded game of OpenSpiel's Hanabi: chance outcomes drawn with
    their probabilities, moves by :func:`choose` with ``skill``; under ``random_start_player`` the first mover
    ``random.Random(seed).randrange(players)``."""
    import pyspiel

    game = pyspiel.load_game("hanabi", dict({"players": players}, **(extra or {})))
    hand = int(game.get_parameters().get("hand_size", 5 if players < 4 else 4))
    state, rng = game.new_initial_state(), random.Random(seed)
    # HLE draws a random_start_player from std::random_device (the game has no "seed"): draw states until the
    # first mover is the one this seed names, so that the script writes the same games every run
    start = random.Random(seed).randrange(players) if (extra or {}).get("random_start_player") else None
    while start is not None and first_mover(state) != start:
        state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(choose(state, hand, rng, play_probability, skill))
    return game, state


def kaggle_agent(seed: int, arena: bool = False):
    """A Kaggle agent (2 players, hands of 5) that reads its observation (in the arena, its table's): it plays a
    card its clues prove playable, else clues the rank of a teammate's card that plays, else discards its oldest
    card, else moves at random."""
    rng = random.Random(seed)

    def agent(observation, configuration):
        legal = list(observation.get("legalActions") or [])
        if not legal:
            return None
        seen = json.loads(observation["observationString"])
        seen = seen["table"] if arena else seen
        fireworks = seen["fireworks"]
        mine, theirs = sorted(seen["hands"], key=lambda h: not h["is_observer"])
        for slot, card in enumerate(mine["cards"]):
            if all(fireworks[c] == r - 1 for c in card["plausible_colors"] for r in card["plausible_ranks"]):
                return {"submission": 5 + slot}
        for card in theirs["cards"]:
            face = card["card"]
            color, rank = 10 + "RYGWB".index(face["color"]), 14 + face["rank"]
            for clue in ((color, rank) if len(card["plausible_ranks"]) == 1 else (rank, color)):
                if fireworks[face["color"]] == face["rank"] - 1 and clue in legal:
                    return {"submission": clue}
        return {"submission": 0 if 0 in legal else rng.choice(legal)}

    return agent


def kaggle_episode(seed: int, agents: list, name: str = "open_spiel_hanabi") -> dict:
    """``env.toJSON()`` of one episode of the Kaggle environment ``name`` with ``seed`` and ``agents``."""
    from kaggle_environments import make

    env = make(name, configuration={"seed": seed, "includeLegalActions": True})
    env.run(agents)
    return env.toJSON()


def main() -> None:
    import pyspiel

    OUT.mkdir(parents=True, exist_ok=True)
    lines, texts = [], []
    for players, seed, probability, skill, extra in GAMES:
        game, state = play(players, seed, probability, extra, skill)
        text = pyspiel.serialize_game_and_state(game, state)
        texts.append(text)
        lines.append(json.dumps({"serializedGameAndState": text, "returns": int(state.returns()[0]),
                                 "players": players, "seed": seed}))
    (OUT / "games.jsonl").write_text("\n".join(lines) + "\n")
    (OUT / "games.txt").write_text("".join(texts))
    episode = kaggle_episode(11, [kaggle_agent(0), kaggle_agent(1)])
    episode["steps"] = episode["steps"][-1:]
    episode["info"]["stateHistory"] = episode["info"]["stateHistory"][-1:]
    (OUT / "kaggle_hanabi.json").write_text(json.dumps(episode) + "\n")
    arena = kaggle_episode(12, [kaggle_agent(0, True), kaggle_agent(1, True), "random", "random"],
                           "open_spiel_hanabi_arena")
    arena["steps"] = []
    arena["info"]["stateHistory"] = arena["info"]["stateHistory"][:1] + arena["info"]["stateHistory"][-1:]
    (OUT / "kaggle_hanabi_arena.json").write_text(json.dumps(arena) + "\n")
    print(f"wrote {len(lines)} games and two Kaggle episodes to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
