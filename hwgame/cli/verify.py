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
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from hwgame.i18n import _, ngettext
from hwgame.rules import (
    MAX_NAME,
    HomeworldsError,
    Refusal,
    ReplayError,
    TranscriptFileError,
    TranscriptLineError,
    parse_transcript,
    quote,
    read_transcript_text,
    replay,
    ruleset_named,
)
from hwgame.words import refusal_text


def shown_path(path: str) -> str:
    """A file name as a message shows it: as typed, or escaped when it holds a newline or a control
    character (a file name may hold anything but '/' and NUL)."""
    return path if path.isprintable() else repr(path)


@dataclass(frozen=True)
class Failure:
    """Why one file failed: the turn and line (None when no turn is to blame), the action text, and
    why: a refusal of the rules, or words of this command (a function giving them in the language in
    force when the report is written).

    ``unreadable`` is set when the file could not even be read as text.
    """

    file: str
    turn: int | None
    line: int | None
    text: str | None
    why: Refusal | Callable[[], str]
    unreadable: bool = False

    @property
    def reason(self) -> str:
        """Why the file failed, worded now."""
        return refusal_text(self.why) if isinstance(self.why, Refusal) else self.why()

    def describe(self) -> str:
        """One line for a report: file, turn, line, action and reason."""
        told = self.reason
        if self.text is not None:
            # Translators: an action as the record writes it, then why the rules refuse it.
            told = _("{action}: {reason}").format(action=quote(self.text), reason=told)
        if self.turn is not None and self.line is not None:
            told = _("turn {turn} (line {line}): {reason}").format(turn=self.turn, line=self.line, reason=told)
        elif self.turn is not None:
            told = _("turn {turn}: {reason}").format(turn=self.turn, reason=told)
        elif self.line is not None:
            told = _("line {line}: {reason}").format(line=self.line, reason=told)
        return _("{file}: {reason}").format(file=shown_path(self.file), reason=told)


def _disagreement(said: str | None, winner: str | None) -> Callable[[], str]:
    """Words for a record whose winner is not the one the rules find (``winner`` None: a draw)."""

    def words() -> str:
        if said is None:
            return _("the record names no winner, but the rules say {winner} wins").format(winner=winner)
        if winner is None:
            return _("the record says {said} won, but the rules say it is a draw").format(said=said)
        return _("the record says {said} won, but the rules say {winner} wins").format(said=said, winner=winner)

    return words


def check_file(path: str, rules_name: str = "sdg") -> Failure | None:
    """Import and replay one transcript; return None when it verifies, else the Failure."""
    rules = ruleset_named(rules_name)
    try:
        text = read_transcript_text(path)
    except TranscriptFileError as exc:
        return Failure(path, None, None, None, exc.refusal, unreadable=True)
    try:
        # Read without a source name: the report puts the file first, so messages need not repeat it.
        transcript = parse_transcript(text)
        game = replay(transcript, rules)
    except ReplayError as exc:
        return Failure(path, exc.turn, exc.line, exc.text, exc.engine_refusal)
    except TranscriptLineError as exc:
        return Failure(path, exc.turn, exc.line, None, exc.line_refusal)
    except HomeworldsError as exc:
        return Failure(path, None, None, None, exc.refusal)
    outcome = game.outcome()
    if outcome is None:
        return None  # resigned, timed out or abandoned: the record's winner cannot be checked
    expected = transcript.winner_index()
    if outcome.winner != expected:
        said = transcript.winner
        if said is not None and (not said.isprintable() or len(said) > MAX_NAME):  # not a name: quoted and cut
            said = quote(said)
        found = None if outcome.winner is None else game.players[outcome.winner]
        last = transcript.numbers[-1] if transcript.numbers else None
        return Failure(path, last, None, None, _disagreement(said, found))
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
        count = len(files)
        summary = ngettext("{count} game verified, {failed} failed", "{count} games verified, {failed} failed", count)
        print(summary.format(count=count, failed=failed), file=out, flush=True)
    except BrokenPipeError:
        if out is sys.stdout:
            silence_stdout()
        return 1
    return 0 if failed == 0 else 1
