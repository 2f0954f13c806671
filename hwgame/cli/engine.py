"""``hwgame engine``: the computer opponent behind a line-based text protocol on stdin/stdout.

One command per line; every command but ``position`` answers with exactly one line (an analysing ``go``
prints ``info`` lines before its answer). Turns are written in SDG notation with actions separated by
``;`` (``hwgame.rules.notation``); system names may be in any script (``Discover G1 North Y1 織女``),
and the engine reads and writes UTF-8 whatever the locale. The engine keeps its own game and checks
every turn with the rules engine; ``go`` proposes a turn but does not play it, so the caller stays in
charge of the game and sends the turn back with ``play``.

    new [standard|sdg]          -> ok                 (a new game; standard rules by default)
    setup [homeworld] S1 S2 SHIP -> ok                (the side to move sets up: two stars, then the ship)
    play TURN                   -> ok | gameover REASON
    go [level=NAME] [movetime=MS] [nodes=N] [depth=N] [seed=N] [threads=N] [multiturn=N] [infinite]
                                -> bestturn TURN      (a homeworld during setup)
                                   movetime: search as deep as MS milliseconds allow and answer by
                                   then (the level's depth cap does not apply); nodes: search as deep
                                   as N nodes allow (no time limit; the same answer on any machine);
                                   depth: search N turns deep (no time limit); infinite: until
                                   ``stop`` (or until a movetime, nodes or depth given with it
                                   ends the search). These four print ``info depth D score S nodes N time MS
                                   turn TURN`` lines as the search improves, and one with its totals
                                   before the answer (score: points for the side to move, or
                                   ``win``/``loss`` when proven over every reply). Given
                                   together, each of movetime, nodes and depth stops the search.
                                   threads: processes the search shares its work among (default:
                                   every core for infinite, movetime, depth and level=expert, else
                                   1, so that a node budget answers the same on any machine).
                                   multiturn=N (1-32, with any of the others): rank the N best
                                   turns; after every whole depth, N lines ``info depth D multiturn
                                   K score S nodes N time MS turn TURN`` (K = 1..N, distinct turns,
                                   best first, fewer where fewer turns exist; score as above, a
                                   loss only where the turn lets the opponent win at once), then
                                   ``bestturn`` the first line's turn.
    stop                        -> the running go answers at once with its best turn so far
    position                    -> the position in words, a line ``text LINE`` with its one-line text
                                   (``hwgame.rules.format_position``), then a line with a single "."
    position LINE               -> ok                 (play on from that position: a puzzle, a study)
    undo                        -> ok                 (take back the last turn)
    quit                        -> (no answer; the engine exits)

Anything wrong (unknown command, bad notation, illegal turn, ``go`` after the game ended, a line over
``MAX_LINE`` bytes, judged on its first bytes) answers ``error REASON`` and the engine keeps running.
While a ``go`` searches, other commands wait for its answer; ``stop`` still reaches it (unless a later
``go`` waits: then it is that one's), and ``quit`` or the end of input end an infinite search at once.
The protocol is for programs: it speaks English whatever
the language of the system (the rules' refusals are worded in English, ``protocol_text``).
"""

from __future__ import annotations

import os
import queue
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO, TextIO

from hwgame.ai.bots import MAX_DEPTH, choose_turn, level, timed
from hwgame.ai.parallel import MOST_WORKERS
from hwgame.ai.proofs import LOSS, WIN
from hwgame.ai.search import Progress, is_proven
from hwgame.ai.thinking import Breadth, Limit, Thinking
from hwgame.analysis import Lines, Verdict, ranked_lines
from hwgame.rules import (
    PLAYING,
    Game,
    HomeworldsError,
    format_position,
    format_turn,
    parse_position,
    parse_turn,
    quote,
    ruleset_named,
)
from hwgame.words import refusal_text

ANALYSIS_SECONDS = 86_400.0  # "no time limit": a day
QUICK = Thinking(Limit(time=0.2, nodes=2000, depth=1), breadth=Breadth(beam=2, root_cap=600, root_keep=4))
NUMBER_DIGITS = 12  # longer numbers are refused before they are converted
MOST_TURNS = 32  # the most ranked turns ``go multiturn`` shows
MAX_NODES = 10**9  # a node budget beyond this would run for days


def bounded_number(text: str, what: str, low: int, high: int) -> int:
    """An integer option between ``low`` and ``high``; ValueError in plain words otherwise."""
    if not text.isdigit() or len(text) > NUMBER_DIGITS or not low <= int(text) <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, not {quote(text)}")
    return int(text)


def protocol_text(exc: Exception) -> str:
    """An error as the protocol writes it: a refusal of the rules in English, in any language."""
    return refusal_text(exc, "en") if isinstance(exc, HomeworldsError) else str(exc)


def score_word(score: float) -> str:
    """A search's score as ``info`` lines write it: points for the side to move, or ``win``/``loss``
    when proven over every reply."""
    if is_proven(score):
        return "win" if score > 0 else "loss"
    return str(round(score))


def info_line(info: Progress, seconds: float) -> str:
    """An ``info`` line of the analysis: depth, score (or a proven result), nodes, time, best turn."""
    return (f"info depth {info.get('depth', 0)} score {score_word(info.get('score', 0.0))} "
            f"nodes {info.get('nodes', 0)} time {round(seconds * 1000)} turn {format_turn(info['turn'])}")  # fmt: skip


def verdict_word(verdict: Verdict) -> str:
    """A line's value as ``info`` lines write a score: ``win``, ``loss`` or 0 (a draw) where proven,
    else the estimate's points (``score_word``)."""
    proof = verdict.proof
    if proof is not None:
        return {WIN: "win", LOSS: "loss"}.get(proof.result, "0")
    return score_word(verdict.estimate.score if verdict.estimate is not None else 0.0)


def multiturn_lines(lines: Lines, seconds: float) -> list[str]:
    """The ``info`` lines of one depth of ``go multiturn``: one per ranked turn, best first."""
    return [f"info depth {lines.depth} multiturn {k} score {verdict_word(v)} nodes {lines.nodes} "
            f"time {round(seconds * 1000)} turn {format_turn(v.best)}"
            for k, v in enumerate(lines.verdicts, 1) if v.best is not None]  # fmt: skip


def split_multiturn(rest: str) -> tuple[str, int | None]:
    """The options of ``go`` without ``multiturn=N``, and N (None when not asked). Raises ValueError
    for a bad N."""
    kept: list[str] = []
    count = None
    for word in rest.split():
        name, eq, value = word.partition("=")
        if name.lower() == "multiturn":
            if not eq:
                raise ValueError("multiturn needs a number of turns, for example multiturn=3")
            count = bounded_number(value, "multiturn", 1, MOST_TURNS)
        else:
            kept.append(word)
    return " ".join(kept), count


class Engine:
    """The protocol's state: one game and the default level."""

    def __init__(self, default_level: str = "normal"):
        self.game = Game()
        self.default_level = default_level

    def handle(self, line: str) -> list[str] | None:
        """Answer one command line; None means quit."""
        if line == TOO_LONG:
            return [too_long_answer()]
        words = line.split()
        if not words:
            return []
        command, rest = words[0].lower(), line.strip()[len(words[0]) :].strip()
        handler = getattr(self, f"cmd_{command}", None)
        if handler is None:
            return [f"error unknown command {quote(words[0])} (new, setup, play, go, stop, position, undo, quit)"]
        try:
            return handler(rest)
        except (HomeworldsError, ValueError) as exc:
            return [f"error {protocol_text(exc)}"]

    def cmd_quit(self, rest: str) -> None:
        return None

    def cmd_new(self, rest: str) -> list[str]:
        rules = ruleset_named(rest or "standard")
        self.game = Game(rules)
        return ["ok"]

    def cmd_setup(self, rest: str) -> list[str]:
        if not self.game.in_setup:
            return ["error both homeworlds are already set up"]
        text = rest if rest.lower().startswith(("homeworld", "h ")) else f"homeworld {rest}"
        return self._play(text)

    def cmd_play(self, rest: str) -> list[str]:
        if not rest:
            return ["error play needs a turn, for example: play Build G1 North"]
        return self._play(rest)

    def _play(self, text: str) -> list[str]:
        if self.game.is_over():
            return ["error the game is over"]
        turn = parse_turn(text)
        if not turn:
            return ["error no action given"]
        self.game.play(turn)
        outcome = self.game.outcome()
        if outcome is not None:
            return [f"gameover {refusal_text(outcome, 'en')}"]
        return ["ok"]

    def parse_go(self, rest: str) -> tuple[Thinking, int | None, bool, bool]:
        """The options of ``go``: (thinking, seed, infinite, show info lines). Raises ValueError."""
        thinking = level(self.default_level)
        seed = None
        infinite = analysis = False
        depth = movetime = nodes = threads = None
        for word in rest.split():
            name, eq, value = word.partition("=")
            name = name.lower()
            if name == "infinite" and not eq:
                infinite = analysis = True
                continue
            if not eq:
                raise ValueError(f"bad option {quote(word)}: use level=NAME, movetime=MS, nodes=N, depth=N, seed=N, "
                                 "threads=N, multiturn=N or infinite")  # fmt: skip
            if name == "level":
                thinking = level(value)
            elif name == "movetime":
                movetime = bounded_number(value, "movetime", 1, 86_400_000)
            elif name == "nodes":
                nodes = bounded_number(value, "nodes", 1, MAX_NODES)
            elif name == "depth":
                depth = bounded_number(value, "depth", 1, MAX_DEPTH)
            elif name == "seed":
                seed = bounded_number(value, "seed", 0, 2**63)
            elif name == "threads":
                threads = bounded_number(value, "threads", 1, MOST_WORKERS)
            else:
                raise ValueError(f"unknown option {quote(name)}: use level, movetime, nodes, depth, seed, threads, "
                                 "multiturn or infinite")  # fmt: skip
        if movetime is not None:
            thinking = timed(thinking, movetime / 1000.0)
            analysis = True
        if nodes is not None:
            if movetime is None:
                thinking = thinking.with_limit(time=ANALYSIS_SECONDS, hard=ANALYSIS_SECONDS).with_breadth(survive=0.0)
            thinking = thinking.with_limit(nodes=nodes, depth=MAX_DEPTH)
            analysis = True
        if depth is not None:
            if movetime is None and nodes is None:
                thinking = thinking.with_limit(time=ANALYSIS_SECONDS, hard=ANALYSIS_SECONDS, nodes=None)
            thinking = thinking.with_limit(depth=depth)
            analysis = True
        if infinite:
            # Until ``stop``, unless a movetime, node budget or depth given with it ends the search first.
            thinking = thinking.with_limit(depth=depth or MAX_DEPTH)
            if movetime is None:
                thinking = thinking.with_limit(time=ANALYSIS_SECONDS, hard=ANALYSIS_SECONDS)
            if nodes is None:
                thinking = thinking.with_limit(nodes=None)
        if threads is not None:
            thinking = thinking.with_machine(workers=threads)
        elif infinite or movetime is not None or (depth is not None and nodes is None):
            thinking = thinking.with_machine(workers=0)  # an analysis by time or depth: every core
        return thinking, seed, infinite, analysis

    def cmd_go(self, rest: str) -> list[str]:
        if self.game.is_over():
            return ["error the game is over"]
        rest, count = split_multiturn(rest)
        thinking, seed, _, analysis = self.parse_go(rest)
        return self.search(thinking, seed, analysis, threading.Event(), print, multiturn=count)

    def search(
        self, thinking: Thinking, seed: int | None, analysis: bool, stop: threading.Event, say: Callable[[str], None],
        multiturn: int | None = None,
    ) -> list[str]:
        """Run one search (``stop`` an Event that ends it early); ``say`` prints info lines. With
        ``multiturn`` the search ranks that many turns (``search_lines``)."""
        if multiturn is not None and self.game.position.stage >= PLAYING:
            return self.search_lines(thinking, multiturn, stop, say)
        start = time.perf_counter()
        deepest = [0]  # the deepest iteration reported, finished or not

        def progress(info: Progress) -> None:
            deepest[0] = max(deepest[0], info.get("depth", 0))
            if analysis and info.get("turn") is not None:
                say(info_line(info, time.perf_counter() - start))

        position = self.game.position
        result = choose_turn(position, thinking, seed=seed, cancel=stop, progress=progress,
                             history=self.game.repetition_counts())  # fmt: skip
        turn = result.turn
        if turn is None:  # stopped before any candidate: a quick answer instead of none
            turn = choose_turn(position, QUICK, seed=seed, history=self.game.repetition_counts()).turn
            assert turn is not None  # nothing cancels the quick search: it always has a turn
        elif analysis and position.stage >= PLAYING:
            # The search's totals: the nodes of the last, unfinished iteration included, and its depth
            # when it changed the turn (a cut iteration counts once its first candidate is searched).
            depth = max(deepest[0], result.info.depth)
            final: Progress = {
                "depth": depth,
                "nodes": result.info.nodes,
                "turn": turn,
                "score": result.score,
                "seconds": result.info.seconds,
            }
            say(info_line(final, time.perf_counter() - start))
        return [f"bestturn {format_turn(turn)}"]

    def search_lines(self, thinking: Thinking, count: int, stop: threading.Event,
                     say: Callable[[str], None]) -> list[str]:  # fmt: skip
        """``go multiturn=N``: the ``count`` best turns ranked at every whole depth (``info ... multiturn K``
        lines, best first), then the first one's turn as the answer."""
        start = time.perf_counter()
        position = self.game.position

        def heard(lines: Lines) -> None:
            for text in multiturn_lines(lines, time.perf_counter() - start):
                say(text)

        found = ranked_lines(position, count, turn_index=len(self.game.turns), history=self.game.repetition_counts(),
                             cancel=stop, on_depth=heard, max_depth=thinking.limit.depth,
                             workers=thinking.machine.workers, thinking=thinking)  # fmt: skip
        turn = found.verdicts[0].best if found.verdicts else None
        if turn is None:  # stopped before the first depth: a quick answer instead of none
            turn = choose_turn(position, QUICK, history=self.game.repetition_counts()).turn
            assert turn is not None  # nothing cancels the quick search: it always has a turn
        return [f"bestturn {format_turn(turn)}"]

    def cmd_position(self, rest: str) -> list[str]:
        if rest:
            self.game = Game.from_position(parse_position(rest))
            return ["ok"]
        pos = self.game.position
        lines = pos.describe().splitlines() if pos.systems else [f"to move: {pos.players[pos.to_move]}"]
        lines.insert(0, f"rules: {pos.rules.name}; stage: {'setup' if self.game.in_setup else 'play'}")
        outcome = self.game.outcome()
        if outcome is not None:
            lines.append(f"gameover {refusal_text(outcome, 'en')}")
        return lines + [f"text {format_position(pos)}", "."]

    def cmd_stop(self, rest: str) -> list[str]:
        return ["error nothing to stop: no search is running"]

    def cmd_undo(self, rest: str) -> list[str]:
        return ["ok"] if self.game.undo() else ["error nothing to undo"]


MAX_LINE = 1 << 20  # a protocol line is short; a longer one is refused on its first bytes
TOO_LONG = "\x00too-long"  # what the reader hands on for a line over MAX_LINE (no real line holds a NUL)


def too_long_answer() -> str:
    """The one answer to a line over ``MAX_LINE`` bytes: the command is not read at all."""
    return f"error line too long (over {MAX_LINE} bytes): the command is ignored"


def split_lines(chunks: Iterable[bytes]) -> Iterator[str]:
    """The lines of a byte stream, decoded (bytes that are not UTF-8 replaced), in linear time; a line
    over ``MAX_LINE`` bytes becomes ``TOO_LONG`` once its first ``MAX_LINE`` bytes are seen, and the
    rest of it, up to its end, is skipped unread. A last line without its end counts too."""
    parts: list[bytes] = []  # the pieces of the line read so far
    size = 0
    skipping = False  # inside a line already refused
    for chunk in chunks:
        start = 0
        while start <= len(chunk):
            end = chunk.find(b"\n", start)
            piece = chunk[start:] if end < 0 else chunk[start:end]
            if not skipping:
                parts.append(piece)
                size += len(piece)
                if size > MAX_LINE:
                    # Judged on its first bytes: one answer for the whole line, however long it goes on.
                    skipping, parts, size = True, [], 0
                    yield TOO_LONG
            if end < 0:
                break
            if not skipping:
                yield b"".join(parts).decode("utf-8", errors="replace")
            parts, size, skipping = [], 0, False
            start = end + 1
    if parts and size:
        yield b"".join(parts).decode("utf-8", errors="replace")


def _chunks(source: BinaryIO | int) -> Iterator[bytes]:
    """What arrives on ``source``, as it arrives, until its end (or an error reading it)."""
    try:
        while True:
            chunk = os.read(source, 65536) if isinstance(source, int) else source.read(65536)
            if not chunk:
                return
            yield chunk
    except (OSError, ValueError):
        return


def _reader(source: BinaryIO | int, lines: queue.Queue[str | None]) -> None:
    """Feed decoded lines (see ``split_lines``), then None.

    Standard input is read from its descriptor without Python's buffered reader, whose lock a
    reader thread would still hold when the interpreter shuts down."""
    for line in split_lines(_chunks(source)):
        lines.put(line)
    lines.put(None)


def run_engine(stdin: BinaryIO | None = None, stdout: TextIO | None = None) -> int:
    """Read commands until ``quit`` or end of input; return the exit status.

    A reader thread takes the input line by line, so that ``stop`` reaches a running ``go``; any
    other command sent during a search waits until the search has answered."""
    source: BinaryIO | int = stdin if stdin is not None else sys.stdin.fileno()
    out = stdout or _utf8_stdout()
    engine = Engine()
    lines: queue.Queue[str | None] = queue.Queue()  # None: the input has ended
    threading.Thread(target=_reader, args=(source, lines), daemon=True, name="engine-input").start()
    pending: deque[str | None] = deque()
    lock = threading.Lock()

    def say(text: str) -> None:
        with lock:
            out.write(text + "\n")
            out.flush()

    try:
        while True:
            line = pending.popleft() if pending else lines.get()
            if line is None:
                break
            words = line.split()
            if words and words[0].lower() == "go" and not engine.game.is_over():
                _go(engine, line, lines, pending, say)
                continue
            try:
                answer = engine.handle(line)
            except Exception as exc:  # keep serving: one bad command must not end the session
                answer = [f"error internal: {type(exc).__name__}"]
            if answer is None:
                break
            for text in answer:
                say(text)
    except BrokenPipeError:
        _quiet_stdout()
    return 0


def _go(
    engine: Engine,
    line: str,
    lines: queue.Queue[str | None],
    pending: deque[str | None],
    say: Callable[[str], None],
) -> None:
    """Run ``go`` while reading ``stop`` and ``quit``; other lines wait, and go back to ``pending``.

    ``stop`` ends this search even when other commands came in between, unless a ``go`` is waiting
    among them (then it is that go's), but an infinite search, which nothing else ends, takes any
    stop. ``quit`` and the end of input end the search at once when nothing waits, or whatever waits
    when it is infinite (else the search ends by itself first); the waiting commands are then answered
    in order, and the quit is acted on after them."""
    try:
        rest, count = split_multiturn(line.strip()[2:])
        thinking, seed, infinite, analysis = engine.parse_go(rest)
    except ValueError as exc:
        say(f"error {protocol_text(exc)}")
        return
    stop = threading.Event()
    answer: list[str] = []

    def work() -> None:
        try:
            answer.extend(engine.search(thinking, seed, analysis, stop, say, multiturn=count))
        except Exception as exc:  # an error answers, it does not end the engine
            answer.append(f"error internal: {type(exc).__name__}")

    searcher = threading.Thread(target=work, daemon=True, name="engine-search")
    searcher.start()
    later: list[str | None] = []  # commands that wait for this search to answer, in order
    while searcher.is_alive():
        if pending:
            nxt = pending.popleft()
        else:
            try:
                nxt = lines.get(timeout=0.01)
            except queue.Empty:
                continue
        word = nxt.split()[0].lower() if nxt and nxt.split() else ""
        if nxt is None or word == "quit":
            if infinite or not later:
                stop.set()
            later.append(nxt)
        elif word == "stop" and (infinite or not any(_is_go(w) for w in later)):
            stop.set()
        else:
            later.append(nxt)
    searcher.join()
    pending.extendleft(reversed(later))
    for text in answer:
        say(text)


def _is_go(line: str | None) -> bool:
    """True for a ``go`` command line."""
    words = line.split() if line else []
    return bool(words) and words[0].lower() == "go"


def _utf8_stdout() -> TextIO:
    """Standard output, set to write UTF-8 as the input is read: a name in any script can be answered
    under a locale (or a Windows console) whose encoding lacks it."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(encoding="utf-8", errors="replace")
        except (OSError, ValueError):
            pass  # a stream that cannot change keeps its encoding
    return sys.stdout


def _quiet_stdout() -> None:
    """After the reader of our output went away: no traceback at exit for the unflushed rest."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


__all__ = ["Engine", "run_engine"]
