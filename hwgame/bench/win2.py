"""``python -m hwgame.bench win2``: does the computer see a forced win in two turns when one is there?

The set is mined from the archive's decided games (``--games``, default ``$HWGAME_GAMES_DIR/sdg``): in
each, the position before the winner's last two turns (the winner to move, then the loser, then the
winner's last turn). It goes into the set when a win in two is proven there over every reply
(``hwgame.ai.wintwo``): the turn the winner played first, then every other turn, within ``--cap``
seconds a position. Positions with a win at once are left out (that is another test). Positions where
the winner's turn threatened a win but a reply parries it, and no other turn wins in two, are kept as
controls: no level may claim a win there.

Then each level of ``--levels`` plays the set as it plays a game (``hard``: its own budget;
``hard@10000``: ``go movetime=10000``'s limits) and the figures are printed: how many wins in two it
found (its turn proven to win in two), how many it claimed as proven (its score), the median and
longest time until the search first reported a winning turn, the median time per position, and wrong
claims on the controls. ``--mine`` mines the set anew (about 20 minutes of CPU for the whole archive)
and ``--out FILE`` keeps it, one JSON object a line; otherwise the set is read from ``--set FILE`` or
the one shipped in ``fixtures/win2_positions.jsonl`` (mined with ``--cap 5``). ``--every N`` plays one
position in N. A level named ``NAME:N`` (``hard@2000:2``) shares its search among N processes.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from hwgame.ai.bots import LEVELS, choose_turn, timed
from hwgame.ai.evaluate import WIN as WIN_SCORE
from hwgame.ai.search import is_proven
from hwgame.ai.tactics import find_win
from hwgame.ai.thinking import Thinking
from hwgame.ai.wintwo import find_win_in_two, threatens, wins_whatever_reply
from hwgame.persist.errors import shown_path
from hwgame.rules import (
    PLAYING,
    SDG,
    HomeworldsError,
    Position,
    Turn,
    apply_turn_unchecked,
    format_position,
    format_turn,
    initial_position,
    parse_position,
    parse_turn,
    read_transcript,
)

from .movegen import games_dir

WIN, CONTROL = "win", "control"
SHIPPED = Path(__file__).resolve().parent / "fixtures" / "win2_positions.jsonl"
MAX_SET_BYTES = 4 << 20  # a set file is a few hundred lines
MAX_SET_LINE = 8192


class _OutOfTime(Exception):
    """The proof of one position ran past its cap."""


def _deadline_tick(seconds: float) -> Callable[[], None]:
    """A tick that raises ``_OutOfTime`` once ``seconds`` (CPU time) have passed."""
    until = time.process_time() + seconds
    count = [0]

    def tick() -> None:
        count[0] += 1
        if not count[0] & 63 and time.process_time() > until:
            raise _OutOfTime

    return tick


@dataclass(frozen=True)
class Entry:
    """One position of the set: a proven win in two (``kind`` WIN, ``turn`` one winning turn) or a
    control (CONTROL: the winner's threat there is parried, and no turn wins in two)."""

    label: str
    kind: str
    position: Position
    turn: Turn | None


def replayed(path: Path) -> tuple[list[Position], int] | None:
    """Every position of a decided record (before each turn and after the last) and the winner's
    seat; None for a record that cannot be read or replayed, or has no winner."""
    try:
        record = read_transcript(path)
    except (HomeworldsError, ValueError, OSError):
        return None
    if record.winner is None or record.winner not in record.players:
        return None
    pos = initial_position(SDG, record.players)
    positions = [pos]
    for turn in record.turns:
        try:
            pos = apply_turn_unchecked(pos, turn)
        except (HomeworldsError, ValueError, KeyError, IndexError):
            return None
        positions.append(pos)
    return positions, record.players.index(record.winner)


def before_last_two(positions: list[Position], winner: int) -> int | None:
    """The index of the position before the winner's last two turns, or None when there is none."""
    last = max((i for i in range(len(positions) - 1) if positions[i].to_move == winner), default=None)
    if last is None or last < 2:
        return None
    first = last - 2
    start = positions[first]
    if start.to_move != winner or start.stage < PLAYING or start.is_over() or positions[first + 1].to_move == winner:
        return None
    return first


def judge(position: Position, played: Position, cap: float) -> tuple[str, Turn | None] | None:
    """(WIN, a winning turn), (CONTROL, None), or None (a win at once, no threat, or out of time).
    ``played`` is the position after the turn the winner played."""
    tick = _deadline_tick(cap)
    try:
        if find_win(position, tick) is not None:
            return None
        threat = threatens(played, tick)
        if threat and wins_whatever_reply(played, tick):
            return WIN, _turn_to(position, played)
        turn = find_win_in_two(position, tick=tick)
    except _OutOfTime:
        return None
    if turn is not None:
        return WIN, turn
    return (CONTROL, None) if threat else None


def _turn_to(position: Position, after: Position) -> Turn | None:
    """A turn from ``position`` that reaches ``after`` (as the rules list it)."""
    from hwgame.rules import iter_turns

    key = after.key()
    return next((s.turn for s in iter_turns(position) if s.position.key() == key), None)


def mine(folder: Path, cap: float, most: int | None = None, say: Callable[[str], None] = print) -> list[Entry]:
    """The set from the records of ``folder`` (see the module docstring); at most ``most`` records."""
    entries: list[Entry] = []
    files = sorted(folder.glob("*.raw"))[:most]
    started = time.perf_counter()
    for n, path in enumerate(files, 1):
        found = replayed(path)
        if found is None:
            continue
        positions, winner = found
        first = before_last_two(positions, winner)
        if first is None:
            continue
        verdict = judge(positions[first], positions[first + 1], cap)
        if verdict is not None:
            entries.append(Entry(f"{path.name} turn {first + 1}", verdict[0], positions[first], verdict[1]))
        if n % 100 == 0:
            wins = sum(e.kind == WIN for e in entries)
            say(f"  mined {n}/{len(files)} records: {wins} wins in two, {len(entries) - wins} controls "
                f"({time.perf_counter() - started:.0f} s)")  # fmt: skip
    return entries


def save_set(entries: list[Entry], path: Path) -> None:
    """Write the set, one JSON object a line."""
    lines = []
    for e in entries:
        lines.append(json.dumps({"label": e.label, "kind": e.kind, "position": format_position(e.position),
                                 "turn": format_turn(e.turn) if e.turn else None}, ensure_ascii=False))  # fmt: skip
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


class SetFileError(ValueError):
    """A set file that cannot be read: the message is one line, the file's name first."""


def read_set_file(path: Path) -> bytes:
    """The bytes of a set file, read as saves are (``hwgame.persist.files.read_bytes``): only a regular
    file of at most ``MAX_SET_BYTES``, opened without waiting and checked on the open file itself, so
    that a pipe or a device can neither block the bench nor be swapped in after the check. Raise
    SetFileError saying why not."""
    where = shown_path(path)
    try:
        if path.is_dir():
            raise SetFileError(f"{where}: is a folder, not a set file")
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
        with os.fdopen(os.open(path, flags), "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise SetFileError(f"{where}: is not a regular file (a pipe, a device or a socket), not a set file")
            if info.st_size > MAX_SET_BYTES:
                raise SetFileError(f"{where}: is {info.st_size} bytes, more than a set file holds "
                                   f"(at most {MAX_SET_BYTES})")  # fmt: skip
            data = handle.read(MAX_SET_BYTES + 1)
    except FileNotFoundError:
        raise SetFileError(f"{where}: no such file") from None
    except PermissionError:
        raise SetFileError(f"{where}: cannot be read: permission denied") from None
    except SetFileError:
        raise
    except OSError as exc:
        raise SetFileError(f"{where}: cannot be read: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name: no file can be called that
        raise SetFileError(f"{where}: no such file") from None
    if len(data) > MAX_SET_BYTES:
        raise SetFileError(f"{where}: grew past {MAX_SET_BYTES} bytes while it was read")
    return data


def load_set(path: Path) -> Iterator[Entry]:
    """The entries of a set file (``read_set_file``, which raises SetFileError for a file that cannot
    be read); a line that cannot be read is skipped with a word on stderr."""
    data = read_set_file(path)
    for number, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            if len(line) > MAX_SET_LINE:
                raise ValueError("line too long")
            item = json.loads(line)
            kind = item["kind"] if item["kind"] in (WIN, CONTROL) else CONTROL
            turn = parse_turn(item["turn"]) if item.get("turn") else None
            yield Entry(str(item["label"])[:80], kind, parse_position(item["position"]), turn)
        except (ValueError, KeyError, TypeError, HomeworldsError) as exc:
            print(f"{path} line {number} skipped: {str(exc)[:80]!r}", file=sys.stderr)


@dataclass
class Trial:
    """One level at one position: its turn proven to win in two (``found``), its score a proven win
    (``claimed``) and in how many turns of its own (``turns``: 1 at once, 2, 3 ...), the search's
    seconds, and when it first reported a winning turn (None: never)."""

    found: bool
    claimed: bool
    seconds: float
    first: float | None
    turns: int = 0


def trial(entry: Entry, thinking: Thinking) -> Trial:
    """Ask ``thinking`` for a turn at ``entry``'s position and check it with the prover."""
    reports: list[tuple[float, Turn]] = []
    start = time.perf_counter()
    reply = choose_turn(entry.position, thinking, seed=1,
                        progress=lambda info: reports.append((info["seconds"], info["turn"])))  # fmt: skip
    seconds = time.perf_counter() - start
    proven: dict[Turn, bool] = {}

    def wins(turn: Turn) -> bool:
        if turn not in proven:
            after = apply_turn_unchecked(entry.position, turn)
            proven[turn] = wins_whatever_reply(after)
        return proven[turn]

    found = reply.turn is not None and wins(reply.turn)
    first = next((s for s, t in reports if wins(t)), seconds if found else None)
    claimed = is_proven(reply.score) and reply.score > 0
    # A proven win at ply p of the search (the side to move wins on its turn at ply p) is (p + 2) // 2
    # turns of its own; the search scores it WIN_SCORE - p.
    turns = (round(WIN_SCORE - reply.score) + 2) // 2 if claimed else 0
    return Trial(found, claimed, seconds, first, turns)


def thinking_named(name: str) -> Thinking:
    """``hard`` (a level as it plays), ``hard@10000`` (that level under ``go movetime=10000``), either
    with ``:N`` (its search shared among N processes) and ``/noproof`` (without the root's proof of a
    win in two, as the levels were before it)."""
    name, _, option = name.partition("/")
    if option not in ("", "noproof"):
        raise ValueError(f"unknown option {option!r}")
    name, colon, workers = name.partition(":")
    level, _, ms = name.partition("@")
    thinking = LEVELS[level]
    thinking = timed(thinking, int(ms) / 1000.0) if ms else thinking
    if colon:
        thinking = thinking.with_machine(workers=int(workers))
    return thinking.with_breadth(win2=0) if option else thinking


def report(entries: list[Entry], names: list[str], out: TextIO = sys.stdout) -> None:
    """Play every level of ``names`` on the set; print the table."""
    wins = [e for e in entries if e.kind == WIN]
    controls = [e for e in entries if e.kind == CONTROL]
    print(f"set: {len(wins)} wins in two, {len(controls)} controls", file=out, flush=True)
    for name in names:
        thinking = thinking_named(name)
        trials = [trial(e, thinking) for e in wins]
        found = [t for t in trials if t.found]
        firsts = [t.first for t in trials if t.first is not None]
        told = ", ".join(f"{e.label}" for e, t in zip(wins, trials, strict=True) if not t.found)
        print(f"{name}: found {len(found)}/{len(wins)}, claimed proven {sum(t.claimed for t in trials)}; "
              f"time to find median {_median(firsts)}, max {max(firsts, default=0):.2f} s; "
              f"time a position median {_median([t.seconds for t in trials])}", file=out)  # fmt: skip
        if told:
            print(f"  missed: {told}", file=out)
        # No win in two exists at a control: a claim of one is wrong; a longer win is not judged here.
        claims = [(e.label, trial(e, thinking)) for e in controls]
        wrong = [label for label, t in claims if t.claimed and t.turns <= 2]
        longer = [f"{label} (in {t.turns})" for label, t in claims if t.claimed and t.turns > 2]
        print(f"  controls: {len(wrong)} wrong claims of a win in two{': ' + ', '.join(wrong) if wrong else ''}; "
              f"{len(longer)} claims of a longer win, not checked here{': ' + ', '.join(longer) if longer else ''}",
              file=out, flush=True)  # fmt: skip


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} s" if values else "-"


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench win2``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench win2", description=__doc__.splitlines()[0])
    parser.add_argument("--games", help="folder of SDG records (default: $HWGAME_GAMES_DIR/sdg)")
    parser.add_argument("--cap", type=float, default=5.0, help="CPU seconds to prove one position (default 5)")
    parser.add_argument("--most", type=int, default=None, help="read at most this many records")
    parser.add_argument("--mine", action="store_true", help="mine the set from the archive (else: read it)")
    parser.add_argument("--set", help="the set to read (default: the one shipped, mined from the archive)")
    parser.add_argument("--out", help="write the mined set to this file")
    parser.add_argument("--every", type=int, default=1, help="play one position in N of the set")
    parser.add_argument("--levels", default="normal,hard,hard@10000",
                        help="levels to try, comma-separated; NAME@MS: that level with go movetime=MS; "
                             "NAME:N: its search shared among N processes; NAME/noproof: without the root's proof")
    args = parser.parse_args(argv)
    try:
        names = [n for n in args.levels.split(",") if n]
        for n in names:
            thinking_named(n)
    except (KeyError, ValueError):
        parser.error(f"--levels: use level names ({', '.join(LEVELS)}), each optionally @MILLISECONDS")
    if not args.mine:
        try:
            entries = list(load_set(Path(args.set) if args.set else SHIPPED))
        except SetFileError as exc:
            print(f"win2: {exc}", file=sys.stderr)
            return 1
    else:
        folder = Path(args.games) if args.games else games_dir()
        if folder is None or not folder.is_dir():
            print(f"no records: {folder} is not a folder (set --games or HWGAME_GAMES_DIR)", file=sys.stderr)
            return 1
        start = time.perf_counter()
        entries = mine(folder, args.cap, args.most)
        print(f"mined {len(entries)} positions in {time.perf_counter() - start:.0f} s", flush=True)
        if args.out:
            save_set(entries, Path(args.out))
    report(entries[:: max(1, args.every)], names)
    return 0


__all__ = ["CONTROL", "WIN", "Entry", "SetFileError", "before_last_two", "judge", "load_set", "mine", "read_set_file",
           "replayed", "report", "run", "save_set", "trial"]  # fmt: skip
