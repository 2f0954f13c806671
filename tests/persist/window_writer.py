"""One window's writes, as a process of its own: ``python -m tests.persist.window_writer SEED TURNS SAVE``.

It continues the game of SAVE (the autosave both windows opened, in the data folder ``HWGAME_DATA_DIR``:
named, since the other window may have finished it already, and then no unfinished game is left to
find) and starts a game
of its own, plays both on with turns of its own choosing, autosaving each after every turn and writing
the settings each time, as a window of the game does; then it prints, for each of its games, the
autosave it ended on and the number of turns it played (one line of JSON).
"""

from __future__ import annotations

import json
import random
import sys

from hwgame import persist
from hwgame.rules import Game, legal_turns


def play_one(game: Game, rng: random.Random) -> None:
    """A random legal whole turn that does not end the game, while there is one: a game that ended
    after a few turns would leave the two windows little to tell apart."""
    if game.is_over():
        return
    successors = legal_turns(game.position)
    going_on = [s for s in successors if not s.position.is_over()]
    game.play(rng.choice(going_on or successors).turn)


def main(seed: int, turns: int, opened: str) -> None:
    rng = random.Random(seed)
    store = persist.default_store()
    shared = persist.load_game(opened).game
    own = Game(players=(f"Ann{seed}", f"Bob{seed}"))
    settings = persist.load_settings()
    for i in range(turns):
        for game in (shared, own):
            play_one(game, rng)
            persist.autosave(game)
        settings.animation_speed = 0.5 + (seed * 100 + i) % 50 / 25
        persist.save_settings(settings)
    print(json.dumps({name: [str(store.autosave_of(game)), len(game.turns)]
                      for name, game in (("shared", shared), ("own", own))}))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
