"""A game's opening path, as the book counts it, and the paths of a folder of transcripts.

``path_of`` takes a finished (or stopped) ``Game`` and keeps its first ``DEPTH`` turns; ``archive_paths``
reads every ``*.raw`` transcript of a folder (through ``hwgame.rules.read_transcript``, which caps what
it reads), replays it under the sdg rules and notes, in one line each, the files it skips.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from hwgame.rules import SDG, STANDARD, Game, HomeworldsError, Position, Turn, quote, read_transcript, replay
from hwgame.words import refusal_text

from .book import DEPTH, GamePath
from .keys import key_text, named_turn, stored_turn

MAX_FILES = 200_000  # transcripts read from one folder at most (the archive has about a thousand)


def _path(positions: list[Position], turns: list[Turn], depth: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Keys and stored turns of the first ``depth`` turns, stopping before a turn that does not lead to
    the next position by the rules alone (a handicap changes the fleets once both homeworlds stand)."""
    keys = [key_text(positions[0])]
    texts: list[str] = []
    for k in range(min(depth, len(turns))):
        text = stored_turn(positions[k], turns[k])
        child = key_text(positions[k + 1])
        try:
            reached = key_text(named_turn(positions[k], text)[1])
        except HomeworldsError:
            reached = None
        if reached != child:
            break
        keys.append(child)
        texts.append(text)
    return tuple(keys), tuple(texts)


def path_of(game: Game, depth: int = DEPTH) -> GamePath:
    """The opening path of ``game``, counted under its own rules; its result is the game's outcome (a
    resignation or a draw agreed counts too: the record says who won)."""
    keys, texts = _path(game.positions, game.turns, depth)
    outcome = game.outcome()
    return GamePath(keys, texts, None if outcome is None else outcome.winner, outcome is not None,
                    {game.rules.name: len(texts)})


def _standard_plies(game: Game, depth: int) -> int:
    """How many of the game's first ``depth`` turns are legal under the standard rules too."""
    again = Game(STANDARD, game.players, auto_repetition_draw=False, handicap=game.handicap)
    for k, turn in enumerate(game.turns[:depth]):
        try:
            again.play(turn)
        except HomeworldsError:
            return k
    return min(depth, len(game.turns))


def archive_path(game: Game, depth: int = DEPTH) -> GamePath:
    """The path of an archive game (played under the sdg rules), counted under sdg along all of it and
    under the standard rules along the turns legal there too; its result as ``Game.outcome`` gives it
    (a record that stops before a homeworld falls counts among the games only)."""
    keys, texts = _path(game.positions, game.turns, depth)
    outcome = game.outcome()
    return GamePath(keys, texts, None if outcome is None else outcome.winner, outcome is not None,
                    {SDG.name: len(texts), STANDARD.name: min(len(texts), _standard_plies(game, depth))})


def archive_paths(folder: str | Path, depth: int = DEPTH,
                  note: Callable[[str], object] = print) -> Iterator[GamePath]:
    """The paths of the transcripts (``*.raw``) of ``folder``, in the order of their names; a file that
    does not read or replay is skipped with a one-line ``note``."""
    files = sorted(Path(folder).glob("*.raw"))[:MAX_FILES]
    for file in files:
        try:
            game = replay(read_transcript(file))
        except HomeworldsError as exc:
            note(f"skipped {quote(file.name)}: {refusal_text(exc)}")
            continue
        except (OSError, RecursionError, ValueError) as exc:
            note(f"skipped {quote(file.name)}: {quote(str(exc), 160)}")
            continue
        yield archive_path(game, depth)


__all__ = ["MAX_FILES", "archive_path", "archive_paths", "path_of"]
