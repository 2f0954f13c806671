"""``hwgame engine``: the computer opponent behind a line-based text protocol on stdin/stdout.

One command per line; every command but ``position`` answers with exactly one line. Turns are written
in SDG notation with actions separated by ``;`` (``hwgame.rules.notation``). The engine keeps its own
game and checks every turn with the rules engine; ``go`` proposes a turn but does not play it, so the
caller stays in charge of the game and sends the turn back with ``play``.

    new [standard|sdg]          -> ok                 (a new game; standard rules by default)
    setup [homeworld] S1 S2 SHIP -> ok                (the side to move sets up: two stars, then the ship)
    play TURN                   -> ok | gameover REASON
    go [level=NAME] [movetime=MS] [seed=N]
                                -> bestturn TURN      (a homeworld during setup)
    position                    -> the position, then a line with a single "."
    undo                        -> ok                 (take back the last turn)
    quit                        -> (no answer; the engine exits)

Anything wrong (unknown command, bad notation, illegal turn, ``go`` after the game ended) answers
``error REASON`` and the engine keeps running.
"""

from __future__ import annotations

import sys
from typing import TextIO

from .ai.bots import choose_turn, level
from .rules import Game, HomeworldsError, ruleset_named
from .rules.notation import format_turn, parse_turn


class Engine:
    """The protocol's state: one game and the default level."""

    def __init__(self, default_level: str = "normal"):
        self.game = Game()
        self.default_level = default_level

    def handle(self, line: str) -> list[str] | None:
        """Answer one command line; None means quit."""
        words = line.split()
        if not words:
            return []
        command, rest = words[0].lower(), line.strip()[len(words[0]) :].strip()
        handler = getattr(self, f"cmd_{command}", None)
        if handler is None:
            return [f"error unknown command {words[0]!r} (new, setup, play, go, position, undo, quit)"]
        try:
            return handler(rest)
        except (HomeworldsError, ValueError) as exc:
            return [f"error {exc}"]

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
            return [f"gameover {outcome.reason}"]
        return ["ok"]

    def cmd_go(self, rest: str) -> list[str]:
        if self.game.is_over():
            return ["error the game is over"]
        limit = level(self.default_level)
        seed = None
        for word in rest.split():
            name, eq, value = word.partition("=")
            if not eq:
                return [f"error bad option {word!r}: use level=NAME, movetime=MS or seed=N"]
            name = name.lower()
            if name == "level":
                limit = level(value)
            elif name == "movetime":
                ms = int(value)
                if ms <= 0:
                    return ["error movetime must be a positive number of milliseconds"]
                limit = limit.with_changes(time=ms / 1000.0, nodes=None)
            elif name == "seed":
                seed = int(value)
            else:
                return [f"error unknown option {name!r}: use level, movetime or seed"]
        result = choose_turn(self.game.position, limit, seed=seed, history=self.game.repetition_counts())
        return [f"bestturn {format_turn(result.turn)}"]

    def cmd_position(self, rest: str) -> list[str]:
        pos = self.game.position
        lines = pos.describe().splitlines() if pos.systems else [f"to move: {pos.players[pos.to_move]}"]
        lines.insert(0, f"rules: {pos.rules.name}; stage: {'setup' if self.game.in_setup else 'play'}")
        outcome = self.game.outcome()
        if outcome is not None:
            lines.append(f"gameover {outcome.reason}")
        return lines + ["."]

    def cmd_undo(self, rest: str) -> list[str]:
        return ["ok"] if self.game.undo() else ["error nothing to undo"]


def run_engine(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Read commands until ``quit`` or end of input; return the exit status."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    engine = Engine()
    for line in stdin:
        try:
            answer = engine.handle(line)
        except Exception as exc:  # keep serving: one bad command must not end the session
            answer = [f"error internal: {type(exc).__name__}: {exc}"]
        if answer is None:
            break
        for out in answer:
            stdout.write(out + "\n")
        stdout.flush()
    return 0


__all__ = ["Engine", "run_engine"]
