"""``hwgame analyze``: review a game transcript turn by turn with the computer opponent's search.

One line per turn (number, player, the turn in SDG notation, the evaluation after it for the player
who moved, and the mark of a missed win or a blunder), then a summary line. A transcript is read the
way ``hwgame verify`` reads it, after checking that it is a regular file of a sensible size: files
are untrusted, and a pipe or a huge file must neither hang nor swamp the program. Ctrl+C stops the
review and prints the summary of the turns done.
"""

from __future__ import annotations

import os
import signal
import stat
import sys
import threading
from pathlib import Path
from typing import TextIO

from .rules.errors import HomeworldsError
from .rules.notation import format_turn
from .rules.position import ruleset_named
from .rules.transcript import ReplayError, parse_transcript, replay
from .verify import Failure

MAX_BYTES = 1024 * 1024  # the longest game of the SDG archive is under 20 kB, chat included
INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl+C


class TranscriptError(Exception):
    """A transcript that cannot be analysed; the message is one line naming the file."""


def read_text(path: str) -> str:
    """The text of a regular file of at most ``MAX_BYTES``; raise TranscriptError saying why not."""
    try:
        if Path(path).is_dir():
            raise TranscriptError(f"{path}: is a folder, not a transcript")
        # Opened without waiting and checked on the open file itself: a pipe named like a transcript
        # cannot block the program, nor a file be swapped in between the check and the read.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise TranscriptError(f"{path}: is not a regular file (a pipe, a device or a socket)")
            if info.st_size > MAX_BYTES:
                raise TranscriptError(f"{path}: is {info.st_size // 1024} kB, far too large to be a transcript")
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise TranscriptError(f"{path}: no such file") from None
    except PermissionError:
        raise TranscriptError(f"{path}: cannot be read: permission denied") from None
    except OSError as exc:
        raise TranscriptError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise TranscriptError(f"{path}: is far too large to be a transcript (it grew while it was read)")
    if not data.strip():
        raise TranscriptError(f"{path}: is empty: it holds no game")
    # Chat may hold anything: undecodable bytes are replaced, as ``hwgame verify`` does.
    return data.decode("utf-8", errors="replace")


def load_game(path: str, rules_name: str = "sdg"):
    """Read and replay a transcript; return the Game, or raise TranscriptError with the turn and reason."""
    text = read_text(path)
    try:
        return replay(parse_transcript(text), ruleset_named(rules_name))
    except ReplayError as exc:
        raise TranscriptError(Failure(path, exc.turn, exc.line, exc.text, exc.engine_reason).describe()) from None
    except HomeworldsError as exc:
        raise TranscriptError(f"{path}: {exc}") from None


def turn_line(entry, players) -> str:
    """The line of one reviewed turn: number, player, turn, evaluation after it for the mover, mark."""
    from .ai.review import describe_score

    value = "setup" if entry.after is None else f"after: {describe_score(entry.after)}"
    line = f"{entry.number}. {players[entry.player]}: {format_turn(entry.turn)}  [{value}]"
    return f"{line}  {entry.note}" if entry.note else line


def run_analyze(path: str, level_name: str = "normal", rules_name: str = "sdg", out: TextIO | None = None) -> int:
    """Review the game of a transcript, print a line per turn and a summary; return the exit status
    (0 done, 1 the file cannot be analysed, 130 stopped by Ctrl+C)."""
    from .ai.bots import level
    from .ai.review import review_of

    out = out or sys.stdout
    try:
        game = load_game(path, rules_name)
    except TranscriptError as exc:
        print(f"hwgame: {exc}", file=sys.stderr)
        return 1
    if not game.turns:
        print(f"hwgame: {path}: holds no turns to analyse", file=sys.stderr)
        return 1
    stop = threading.Event()
    previous = None
    if threading.current_thread() is threading.main_thread():
        # Ctrl+C asks the search to stop (it checks every few nodes) instead of killing it mid-turn,
        # so the turns already reviewed still get their summary.
        previous = signal.signal(signal.SIGINT, lambda *_: stop.set())
    try:
        review = review_of(
            game,
            level(level_name),
            stop,
            level=level_name,
            on_turn=lambda entry: print(turn_line(entry, game.players), file=out, flush=True),
        )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    print(review.summary() + ("" if review.complete else " (stopped)"), file=out)
    return 0 if review.complete else INTERRUPTED
