"""``hwgame verify``: replay game transcripts through the rules and report every game that fails.

A game fails when its transcript cannot be read, is not a two-player game, holds a move the rules
refuse, or ends in a finished position whose winner disagrees with the record's ``Winner:`` line.
The report (one line per failed game, then a summary) goes to standard output; a file that cannot
be read at all (missing, a pipe, too large, not text) is an error of the command line and goes to
standard error, as other command-line tools do. It still counts as a failed game.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TextIO

from .rules import (
    HomeworldsError,
    ReplayError,
    TranscriptFileError,
    TranscriptLineError,
    parse_transcript,
    quote,
    read_transcript_text,
    replay,
    ruleset_named,
)


def shown_path(path: str) -> str:
    """A file name as a message shows it: as typed, or escaped when it holds a newline or a control
    character (a file name may hold anything but '/' and NUL)."""
    return path if path.isprintable() else repr(path)


@dataclass(frozen=True)
class Failure:
    """Why one file failed: the turn and line (None when no turn is to blame), the action text, the reason.

    ``unreadable`` is set when the file could not even be read as text.
    """

    file: str
    turn: int | None
    line: int | None
    text: str | None
    reason: str
    unreadable: bool = False

    def describe(self) -> str:
        """One line for a report: file, turn, line, action and reason."""
        parts = [shown_path(self.file)]
        if self.turn is not None:
            parts.append(f"turn {self.turn}" + (f" (line {self.line})" if self.line is not None else ""))
        elif self.line is not None:
            parts.append(f"line {self.line}")
        if self.text is not None:
            parts.append(quote(self.text))
        return ": ".join(parts) + f": {self.reason}"


def check_file(path: str, rules_name: str = "sdg") -> Failure | None:
    """Import and replay one transcript; return None when it verifies, else the Failure."""
    rules = ruleset_named(rules_name)
    try:
        text = read_transcript_text(path)
    except TranscriptFileError as exc:
        return Failure(path, None, None, None, str(exc), unreadable=True)
    try:
        # Read without a source name: the report puts the file first, so messages need not repeat it.
        transcript = parse_transcript(text)
        game = replay(transcript, rules)
    except ReplayError as exc:
        return Failure(path, exc.turn, exc.line, exc.text, exc.engine_reason)
    except TranscriptLineError as exc:
        return Failure(path, exc.turn, exc.line, None, exc.reason)
    except HomeworldsError as exc:
        return Failure(path, None, None, None, str(exc))
    outcome = game.outcome()
    if outcome is None:
        return None  # resigned, timed out or abandoned: the record's winner cannot be checked
    expected = transcript.winner_index()
    if outcome.winner != expected:
        said = transcript.winner or "nobody"
        if not said.isprintable() or len(said) > 24:  # not a name: quoted, escaped and cut short
            said = quote(said)
        found = "a draw" if outcome.winner is None else f"{game.players[outcome.winner]} wins"
        last = transcript.numbers[-1] if transcript.numbers else None
        return Failure(path, last, None, None, f"the record says {said} won, but the rules say {found}")
    return None


def silence_stdout() -> None:
    """Send what is left of standard output nowhere, once its reader has gone (``hwgame verify | head``).

    Python would otherwise fail again while flushing it at exit, and print that failure.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # standard output is not a real file (a test's buffer): nothing will flush it at exit


def run_verify(files: list[str], rules_name: str, out: TextIO | None = None) -> int:
    """Verify every file, print one line per failure and a summary; return 0 only if none failed.

    When the reader of the report goes away (a pipe into ``head``), stop quietly with status 1.
    """
    out = out or sys.stdout
    failed = 0
    try:
        for path in files:
            failure = check_file(path, rules_name)
            if failure is None:
                continue
            failed += 1
            if failure.unreadable:
                out.flush()  # keep the report and the errors in order on a terminal
                print(f"hwgame: {failure.describe()}", file=sys.stderr, flush=True)
            else:
                # Flushed line by line: a long run shows its failures as they are found.
                print(failure.describe(), file=out, flush=True)
        print(f"{len(files)} games verified, {failed} failed", file=out, flush=True)
    except BrokenPipeError:
        if out is sys.stdout:
            silence_stdout()
        return 1
    return 0 if failed == 0 else 1
