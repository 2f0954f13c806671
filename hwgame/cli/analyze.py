"""``hwgame analyze``: review a game transcript turn by turn with the computer opponent's search.

One line per turn (number, player, the turn in SDG notation, the chance to win after it for the player
who moved, and the mark of a missed win or a blunder), then a summary line; with ``--json``, one JSON
object per turn and a summary object instead, one per line, for other programs (``turn_object``).
A transcript is read the way ``hwgame verify`` reads it, after checking that it is a regular file of a
sensible size: files are untrusted, and a pipe or a huge file must neither hang nor swamp the program.
Ctrl+C stops the review and prints the summary of the turns done; SIGTERM, or the reader of the output
going away (``| head``), stops it without one. The review's processes end with it, and by themselves
should this process be killed outright.
"""

from __future__ import annotations

import json
import os
import select
import signal
import stat
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from hwgame.cli.verify import Failure, shown_path, silence_stdout
from hwgame.i18n import _
from hwgame.rules import MAX_TRANSCRIPT_BYTES as MAX_BYTES
from hwgame.rules import (
    Game,
    HomeworldsError,
    ReplayError,
    TranscriptFileError,
    TranscriptLineError,
    format_turn,
    parse_transcript,
    read_transcript_text,
    replay,
    ruleset_named,
)
from hwgame.words import Voice, mark_notation, mark_words, refusal_text, score_text, summary_text

if TYPE_CHECKING:  # the AI is imported when a review starts, not with the command line
    from hwgame.ai.proofs import Proven
    from hwgame.analysis.review import Review, TurnReview

INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl+C
TERMINATED = 143  # the shell's status for a program ended by SIGTERM
PIPE_LOOK = 0.2  # seconds between looks at whether the output's reader has gone

__all__ = ["INTERRUPTED", "MAX_BYTES", "TERMINATED", "TranscriptError", "load_game", "read_text", "reader_gone",
           "run_analyze", "summary_object", "turn_line", "turn_object"]  # fmt: skip

# The review's kinds of mark as the JSON form names them.
JSON_MARKS = {"missed_win": "missed-win", "blunder": "blunder", "mistake": "mistake", "inaccuracy": "inaccuracy"}


class TranscriptError(Exception):
    """A transcript that cannot be analysed; the message is one line naming the file."""


def read_text(path: str) -> str:
    """The text of a regular file of at most ``MAX_BYTES``; raise TranscriptError saying why not.

    The reading is ``hwgame verify``'s and ``hwgame import``'s: ``transcript.read_transcript_text``.
    """
    try:
        return read_transcript_text(path)
    except TranscriptFileError as exc:
        raise TranscriptError(_("{file}: {reason}").format(file=shown_path(path), reason=refusal_text(exc))) from None


def load_game(path: str, rules_name: str = "sdg") -> Game:
    """Read and replay a transcript; return the Game, or raise TranscriptError with the turn and reason."""
    text = read_text(path)
    try:
        return replay(parse_transcript(text), ruleset_named(rules_name))
    except ReplayError as exc:
        raise TranscriptError(Failure(path, exc.turn, exc.line, exc.text, exc.engine_refusal).describe()) from None
    except TranscriptLineError as exc:
        raise TranscriptError(Failure(path, exc.turn, exc.line, None, exc.line_refusal).describe()) from None
    except HomeworldsError as exc:
        raise TranscriptError(Failure(path, None, None, None, exc.refusal).describe()) from None


def turn_line(entry: TurnReview, players: Sequence[str]) -> str:
    """The line of one reviewed turn: number, player, turn, the verdict after it for the mover (a proven
    result as such, else the chance to win), the opponent's threat before it, and the mark."""
    from hwgame.analysis.review import standing

    if entry.after is None:
        # Translators: the evaluation of a setup turn in the review, which has none.
        value = _("setup")
    else:
        # Translators: the evaluation after a turn, for the player who moved.
        value = _("after: {score}").format(score=score_text(entry.after, standing(entry.proof_after),
                                                             entry.chance_after))  # fmt: skip
    # The turn is in SDG notation, which stays as it is in every language.
    line = f"{entry.number}. {players[entry.player]}: {format_turn(entry.turn)}  [{value}]"
    if entry.threats:
        # Translators: in ``hwgame analyze``, before a turn: the opponent could win at once with this turn.
        line += "  " + _("threat: {turn}").format(turn=format_turn(entry.threats[0]))
    if not entry.kind:
        return line
    line = f"{line}  {mark_notation(entry, players)}"
    if entry.best is not None and entry.kind != "missed_win":
        # Translators: after a marked turn in ``hwgame analyze``: the engine's better turn, in SDG notation.
        line += "  " + _("better: {turn}").format(turn=format_turn(entry.best))
    return line


def _rounded(chance: float | None) -> float | None:
    """A chance as the text shows it (a whole percentage), so that the text and the JSON agree."""
    if chance is None:
        return None
    from hwgame.analysis import round_chance

    return round_chance(chance)


def _proven(proof: Proven | None) -> dict[str, Any] | None:
    return None if proof is None else {"result": proof.result, "turns": proof.turns}


def turn_object(entry: TurnReview, players: Sequence[str]) -> dict[str, Any]:
    """One reviewed turn as plain data: ``turn`` (the transcript's number, 1 the first homeworld),
    ``player`` (the name as in the transcript), ``played`` and ``best`` (SDG notation; ``best`` is the
    engine's turn at that point), ``win_before`` and ``win_after`` (the mover's chance to win, 0..1,
    rounded to the whole percentage the text shows; 1.0 or 0.0 where proven; None during setup),
    ``proven_before`` and ``proven_after`` (None, or ``{"result": "win"|"loss"|"draw", "turns": N}`` for
    the mover, ``turns`` counted in the winner's turns), ``threats`` (the opponent's turns that would win
    at once had the mover passed, in SDG notation), ``mark`` (None, "inaccuracy", "mistake", "blunder" or
    "missed-win") and ``why`` (what the mark is for, in the language in force; None without a mark)."""

    return {
        "turn": entry.number,
        "player": players[entry.player],
        "played": format_turn(entry.turn),
        "win_before": _rounded(entry.chance_before),
        "win_after": _rounded(entry.chance_after),
        "proven_before": _proven(entry.proof_before),
        "proven_after": _proven(entry.proof_after),
        "threats": [format_turn(t) for t in entry.threats],
        "best": None if entry.best is None else format_turn(entry.best),
        "mark": JSON_MARKS.get(entry.kind) if entry.kind else None,
        "why": mark_words(entry, Voice((players[0], players[1]))) if entry.kind else None,
    }


def summary_object(review: Review) -> dict[str, Any]:
    """The review's summary as plain data: the players, the level, how many turns were reviewed out of
    how many, each player's count of each mark, and each player's average loss of win chance per turn
    (0..1; None for a player with no reviewed turn in play)."""
    marks = {name: {mark: 0 for mark in JSON_MARKS.values()} for name in review.players}
    for entry in review.marks():
        if entry.kind in JSON_MARKS:
            marks[review.players[entry.player]][JSON_MARKS[entry.kind]] += 1
    losses = {name: _rounded(review.average_loss(player)) for player, name in enumerate(review.players)}
    return {"summary": True, "players": list(review.players), "level": review.level, "reviewed": len(review.turns),
            "turns": review.total, "complete": review.complete, "marks": marks, "average_loss": losses}  # fmt: skip


def reader_gone(out: TextIO) -> Callable[[], bool]:
    """A test that is True once the reader of ``out`` has gone (``hwgame analyze game.raw | head`` after
    its line): a pipe whose other end closed shows it at once, before anything more is written, so a
    review with nobody to read it stops within a fraction of a second instead of at its next line. Looked
    at no more often than every ``PIPE_LOOK`` seconds; always False where the system cannot tell."""
    try:
        fd = out.fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode) or not hasattr(select, "poll"):
            return lambda: False
    except (AttributeError, OSError, ValueError):
        return lambda: False  # not a real file (a test's buffer)
    poller = select.poll()
    poller.register(fd, 0)  # no event asked for: an error or a hang-up is reported all the same
    looked = [0.0, False]

    def gone() -> bool:
        now = time.monotonic()
        if not looked[1] and now - looked[0] >= PIPE_LOOK:
            looked[0] = now
            try:
                looked[1] = any(events & (select.POLLERR | select.POLLHUP) for _fd, events in poller.poll(0))
            except OSError:
                looked[1] = True
        return bool(looked[1])

    return gone


def run_analyze(path: str, level_name: str = "normal", rules_name: str = "sdg", out: TextIO | None = None,
                as_json: bool = False) -> int:  # fmt: skip
    """Review the game of a transcript, print a line per turn and a summary (``as_json``: a JSON object
    per line for each); return the exit status (0 done, 1 the file cannot be analysed or the output's
    reader went away, 130 stopped by Ctrl+C, 143 ended by SIGTERM).

    Ctrl+C stops the review and prints the summary of the turns done; SIGTERM stops it without one.
    Either way, and when the reader of the output goes away, the review's processes are ended before
    this returns (each also ends by itself should this process be killed outright)."""
    from hwgame.ai.bots import level
    from hwgame.analysis.review import judge_game, review_workers

    out = out or sys.stdout
    try:
        game = load_game(path, rules_name)
    except TranscriptError as exc:
        print(f"hwgame: {exc}", file=sys.stderr)
        return 1
    if not game.turns:
        print("hwgame: " + _("{file}: holds no turns to analyse").format(file=shown_path(path)), file=sys.stderr)
        return 1
    stop = threading.Event()
    ended = threading.Event()  # SIGTERM: stop, and say nothing more
    gone = reader_gone(out)

    def interrupted(*_signal: object) -> None:
        stop.set()

    def terminated(*_signal: object) -> None:
        ended.set()
        stop.set()

    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        # Ctrl+C asks the search to stop (it checks every few nodes) instead of killing it mid-turn,
        # so the turns already reviewed still get their summary. SIGTERM stops it the same way, so that
        # the review's processes are ended before this one.
        previous[signal.SIGINT] = signal.signal(signal.SIGINT, interrupted)
        previous[signal.SIGTERM] = signal.signal(signal.SIGTERM, terminated)
    try:
        review = judge_game(
            game.positions,
            game.turns,
            level(level_name),
            lambda: stop.is_set() or gone(),
            level=level_name,
            workers=review_workers(),
            on_turn=lambda entry: print(json.dumps(turn_object(entry, game.players), ensure_ascii=False) if as_json
                                        else turn_line(entry, game.players), file=out, flush=True),
        )
        if gone():
            raise BrokenPipeError
        if ended.is_set():
            return TERMINATED
        if as_json:
            print(json.dumps(summary_object(review), ensure_ascii=False), file=out, flush=True)
        else:
            summary = summary_text(review)
            if not review.complete:
                summary = _("{summary} (stopped)").format(summary=summary)
            print(summary, file=out, flush=True)
    except BrokenPipeError:
        # The reader went away (``hwgame analyze game.raw | head``): stop quietly.
        if out is sys.stdout:
            silence_stdout()
        return 1
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    return 0 if review.complete else INTERRUPTED
