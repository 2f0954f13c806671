"""The example saves in the project's ``saves/`` folder, and the script that makes them.

``python -m hwgame.persist.examples [FOLDER]`` writes:

- ``demo-finished.json``: a whole game under the standard rules, played to its end by two scripted
  players that pick random legal turns, except that they take a win when one is there and avoid a turn
  that loses at once;
- ``mid-game.json``: a game of the same players stopped after a dozen turns, with one action of the
  next turn already played.

Seeds and times are fixed, so running the script again writes the same bytes.
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime
from pathlib import Path

from ..rules import STANDARD, Game, legal_turns, opponent_of, player_pair
from .atomic import atomic_write
from .convert import game_to_save
from .schema import Player, SaveGame
from .store import encode

FOLDER = Path(__file__).resolve().parents[2] / "saves"
DEMO_SEED = 3
MID_GAME_SEED = 11
MID_GAME_TURNS = 12
PLAYERS = (Player(name="Vega"), Player(name="Rigel"))
WHEN = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)


def scripted_turn(rng: random.Random, game: Game) -> tuple:
    """A random legal turn, but a winning one when there is one and not one that loses at once."""
    me = game.to_move
    successors = legal_turns(game.position)
    wins = [s for s in successors if s.position.losers() == (opponent_of(me),)]
    if wins:
        return rng.choice(wins).turn
    safe = [s for s in successors if me not in s.position.losers()]
    return rng.choice(safe or successors).turn


def scripted_game(seed: int, max_turns: int) -> Game:
    """A game between two scripted players from ``seed``, stopped when over or after ``max_turns`` turns."""
    rng = random.Random(seed)
    game = Game(STANDARD, players=player_pair(p.name for p in PLAYERS))
    while not game.is_over() and len(game.turns) < max_turns:
        game.play(scripted_turn(rng, game))
    return game


def _fixed(game: Game, title: str, seed: int) -> SaveGame:
    save = game_to_save(game, PLAYERS, created=WHEN, game_id=f"example-{seed}", title=title)
    return save.model_copy(update={"updated": WHEN})


def demo_saves() -> dict[str, SaveGame]:
    """The example saves by file name."""
    demo = scripted_game(DEMO_SEED, 400)
    if not demo.is_over():
        raise RuntimeError(f"the demo game of seed {DEMO_SEED} did not end in 400 turns")
    mid = scripted_game(MID_GAME_SEED, MID_GAME_TURNS)
    mid.act(mid.legal_actions()[0])  # a turn in progress, as a player leaves it mid-turn
    return {
        "demo-finished.json": _fixed(demo, "Demo: a whole game", DEMO_SEED),
        "mid-game.json": _fixed(mid, "Demo: a game in progress", MID_GAME_SEED),
    }


def write_examples(folder: Path = FOLDER) -> list[Path]:
    """Write the example saves into ``folder``; return their paths."""
    written = []
    for name, save in demo_saves().items():
        written.append(atomic_write(folder / name, encode(save), backup=False))
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the examples to the folder given (default: the project's saves/) and print their paths."""
    argv = sys.argv[1:] if argv is None else argv
    for path in write_examples(Path(argv[0]) if argv else FOLDER):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
