"""The board editor's check after each change: ``python -m hwgame.bench editor [--games N] [--changes K]``.

For positions of the archive's records (``HWGAME_GAMES_DIR`` or the shared folder's ``games``; without
them, positions of seeded random play), the editor's model makes ``K`` changes to each board (a ship
back to the bank, a bank piece onto a system, a star into open space, a system removed) and the time
of the check that follows each change (``BoardEditor.problems``, that is ``rules.board_problems``) is
measured. Prints the number of changes, the median and the slowest check in milliseconds; the target
is under 10 ms, so the window can check the board at every change without a frame lost.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator

from hwgame.app.control.editor import NEW_SYSTEM, TO_BANK, BoardEditor, ShipPlace, StarPlace
from hwgame.app.control.targets import BankPieceTarget, ShipTarget, StarTarget
from hwgame.rules import Game, Position, board_problems

TARGET_MS = 10.0


def archive_boards(games: int) -> Iterator[Position]:
    """Every position of the first ``games`` records of the archive (none when it is absent)."""
    from hwgame.bench.archive import decided_positions
    from hwgame.bench.movegen import games_dir

    folder = games_dir()
    if folder is None:
        return
    for path in sorted(folder.glob("*.raw"))[:games]:
        for _n, position, _winner in decided_positions(path):
            yield position


def random_boards(count: int, seed: int = 7) -> Iterator[Position]:
    """Positions of seeded random play, when the archive is not there."""
    from hwgame.app.tools.samples import random_turn

    rng = random.Random(seed)
    while count > 0:
        game = Game(auto_repetition_draw=False)
        while not game.is_over() and len(game.turns) < 60 and count > 0:
            random_turn(game, rng)
            count -= 1
            yield game.position


def change(editor: BoardEditor, rng: random.Random) -> None:
    """One change a player might make: a piece moved, a piece added, a system removed."""
    board = editor.board
    systems = board.systems
    roll = rng.random()
    if systems and roll < 0.35:
        s = rng.choice(systems)
        owners = [o for o in (0, 1) if s.ships_of(o)]
        if owners:
            owner = rng.choice(owners)
            editor.drop(ShipTarget(s.name, owner, rng.choice(s.ships_of(owner))), TO_BANK)
            return
    free = [p for p in range(12) if board.bank[p] > 0]
    if systems and free and roll < 0.75:
        s = rng.choice(systems)
        place = ShipPlace(s.name, rng.randrange(2)) if rng.random() < 0.8 else StarPlace(s.name)
        editor.drop(BankPieceTarget(rng.choice(free)), place)
    elif systems and roll < 0.9:
        s = rng.choice(systems)
        if s.stars:
            editor.drop(StarTarget(s.name, rng.choice(s.stars)), NEW_SYSTEM)
    elif systems:
        editor.remove_system(rng.choice(systems).name)


def run(argv: list[str]) -> int:
    """Measure the check after each change (see module doc) and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench editor")
    parser.add_argument("--games", type=int, default=200, help="archive records to take positions from")
    parser.add_argument("--changes", type=int, default=3, help="changes made to each position")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    boards = list(archive_boards(args.games))
    source = f"{args.games} archive records"
    if not boards:
        boards = list(random_boards(2000))
        source = "random play (no archive found)"
    times: list[float] = []
    for position in boards:
        editor = BoardEditor(position)
        for _ in range(args.changes):
            change(editor, rng)
            start = time.perf_counter()
            board_problems(editor.board)
            times.append((time.perf_counter() - start) * 1000.0)
    median, worst = statistics.median(times), max(times)
    print(f"board editor check: {len(times)} changes on {len(boards)} positions of {source}")
    print(f"  median {median:.3f} ms, max {worst:.3f} ms (target under {TARGET_MS:.0f} ms)")
    return 0 if worst < TARGET_MS else 1


__all__ = ["run"]
