"""``hwgame verify``: replay game transcripts through the rules and report every game that fails.

A game fails when its transcript cannot be read, is not a two-player game, holds a move the rules
refuse, or ends in a finished position whose winner disagrees with the record's ``Winner:`` line.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from .rules.errors import HomeworldsError
from .rules.position import ruleset_named
from .rules.transcript import ReplayError, parse_transcript, replay


@dataclass(frozen=True)
class Failure:
    """Why one file failed: the turn and line (None when no turn is to blame), the action text, the reason."""

    file: str
    turn: int | None
    line: int | None
    text: str | None
    reason: str

    def describe(self) -> str:
        """One line for a report: file, turn, line, action and reason."""
        parts = [self.file]
        if self.turn is not None:
            parts.append(f"turn {self.turn}" + (f" (line {self.line})" if self.line is not None else ""))
        if self.text is not None:
            parts.append(repr(self.text))
        return ": ".join(parts) + f": {self.reason}"


def check_file(path: str, rules_name: str = "sdg") -> Failure | None:
    """Import and replay one transcript; return None when it verifies, else the Failure."""
    rules = ruleset_named(rules_name)
    try:
        # Read without a source name: the report puts the file first, so messages need not repeat it.
        transcript = parse_transcript(Path(path).read_text(encoding="utf-8", errors="replace"))
        game = replay(transcript, rules)
    except ReplayError as exc:
        return Failure(path, exc.turn, exc.line, exc.text, exc.engine_reason)
    except (HomeworldsError, OSError) as exc:
        return Failure(path, None, None, None, str(exc))
    outcome = game.outcome()
    if outcome is None:
        return None  # resigned, timed out or abandoned: the record's winner cannot be checked
    expected = transcript.winner_index()
    if outcome.winner != expected:
        said = transcript.winner or "nobody"
        found = "a draw" if outcome.winner is None else f"{game.players[outcome.winner]} wins"
        last = transcript.numbers[-1] if transcript.numbers else None
        return Failure(path, last, None, None, f"the record says {said} won, but the rules say {found}")
    return None


def run_verify(files: list[str], rules_name: str, out: TextIO | None = None) -> int:
    """Verify every file, print one line per failure and a summary; return 0 only if none failed."""
    out = out or sys.stdout
    failed = 0
    for path in files:
        failure = check_file(path, rules_name)
        if failure is not None:
            failed += 1
            print(failure.describe(), file=out)
    print(f"{len(files)} games verified, {failed} failed", file=out)
    return 0 if failed == 0 else 1
