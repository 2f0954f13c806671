"""Window frame times while the computer thinks: ``python -m hwgame.bench ui [--frames N]``.

Renders a busy middle game at 1280x800 on SDL's dummy video driver, paced at 60 frames per second like
the real loop, twice in one run: first with the computer idle, then while the Hard level searches the
whole time (a new search starts whenever one ends). The search runs in the AI worker's own process,
started (and warmed up) before either pass so its start-up is not measured. Each pass renders at
least 600 frames in three phases: the pointer wandering over the board, a drag in progress (legal
targets lit, a caption), and move animations.

Prints the time to the first frame, frame-time percentiles (the work of a frame: events, update,
draw, flip; the sleep that paces the loop is not counted), frame-interval percentiles (frame start to
frame start, what a player sees), and the frame interval's p95 while Hard thinks divided by its idle
p95. Targets: ratio <= 1.05, frame-time p95 <= 17 ms, first frame <= 1 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # the window is imported when the benchmark runs, after SDL is set up
    import pygame

    from hwgame.ai.thinking import Thinking
    from hwgame.ai.worker import AIWorker
    from hwgame.app.app import App
    from hwgame.app.control.controller import Effect
    from hwgame.app.control.flow import PlayController
    from hwgame.app.scenes.play import PlayScene
    from hwgame.rules import Game

SIZE = (1280, 800)
PHASES = ("pointer moving", "drag in progress", "animations")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


@dataclass
class Pass:
    """The figures of one pass, in milliseconds."""

    work: list[float] = field(default_factory=list)
    intervals: list[float] = field(default_factory=list)
    searches: int = 0

    def interval_p95(self) -> float:
        """The frame interval's 95th percentile (the first interval, from before the pass, is left out)."""
        return _percentile(self.intervals[1:], 95)


def _scene(app: App, game: Game) -> tuple[PlayScene, PlayController]:
    """A fresh play scene on ``game`` with the human to move (so the window's own opponent stays idle)."""
    from hwgame.app.control.controller import COMPUTER, HUMAN
    from hwgame.app.control.flow import PlayController

    seats = [COMPUTER, COMPUTER]
    seats[game.to_move] = HUMAN
    ctl = PlayController(game, (seats[0], seats[1]), ("hard", "hard"), app.opponent, on_commit=lambda g: None)
    scene = cast("PlayScene", app.make_scene("play", ctl))  # the screen opened by the name "play"
    app.scenes.reset(scene)
    return scene, ctl


def _recent_effects(game: Game) -> list[Effect]:
    """Animations to replay: the actions of the last few turns of the game."""
    from hwgame.app.control.controller import Effect
    from hwgame.rules import apply_checked, start_turn

    effects = []
    for k in range(max(0, len(game.turns) - 4), len(game.turns)):
        state = start_turn(game.positions[k])
        for action in game.turns[k]:
            if type(action).__name__ in ("Pass", "EndTurn"):
                continue
            after = apply_checked(state, action)
            effects.append(Effect(state.position, action, after.position, state.position.to_move, True))
            state = after
    return effects


def _render(
    pygame: ModuleType,
    app: App,
    screen: pygame.Surface,
    game: Game,
    frames: int,
    worker: AIWorker | None = None,
    thinking: Thinking | None = None,
) -> Pass:
    """Render ``frames`` frames through the three phases; keep ``worker`` searching when one is given."""
    from hwgame.app.tools.screenshots import find_move_drag

    scene, ctl = _scene(app, game)
    drag = find_move_drag(scene)
    effects = _recent_effects(game)
    figures = Pass()
    clock = pygame.time.Clock()
    last = time.perf_counter()
    for i in range(frames):
        if worker is not None and thinking is not None and not worker.busy:
            worker.request(game.position, thinking, seed=i)
            figures.searches += 1
        clock.tick(60)
        now = time.perf_counter()
        figures.intervals.append((now - last) * 1000)
        last = now
        events = []
        phase = i * 3 // frames
        if phase == 0:
            x = 200 + (i * 7) % 760
            y = 80 + (i * 13) % 640
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
        elif phase == 1 and drag is not None:
            src, dst = drag
            j = i - frames // 3
            if j == 0:
                events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(round, src)), button=1))
            t = (j % 60) / 60
            pos = (round(src[0] + (dst[0] - src[0]) * t), round(src[1] + (dst[1] - src[1]) * t))
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        elif phase == 2:
            if scene.tracker.dragging:
                scene.tracker.cancel()
            if not ctl.effects and scene.current is None and effects:
                ctl.effects.extend(effects)
        t0 = time.perf_counter()
        app.step(events, 1 / 60, screen)
        pygame.display.flip()
        figures.work.append((time.perf_counter() - t0) * 1000)
    if worker is not None:
        worker.cancel()
    return figures


def _report(name: str, figures: Pass) -> None:
    ms, iv = figures.work, figures.intervals[1:]
    print(f"{name}: frame time ms p50 {_percentile(ms, 50):.2f}  p95 {_percentile(ms, 95):.2f}  "
          f"p99 {_percentile(ms, 99):.2f}  max {max(ms):.2f}  mean {statistics.fmean(ms):.2f}")  # fmt: skip
    print(f"{name}: frame interval ms p50 {_percentile(iv, 50):.2f}  p95 {_percentile(iv, 95):.2f}  "
          f"p99 {_percentile(iv, 99):.2f}")  # fmt: skip
    third = len(ms) // 3
    parts = [f"{phase} p95 {_percentile(ms[k * third:(k + 1) * third], 95):.2f}" for k, phase in enumerate(PHASES)]
    print(f"{name}: frame time by phase: " + ", ".join(parts))


def run(argv: list[str]) -> int:
    """Run the benchmark and print its figures."""
    start = time.perf_counter()
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench ui")
    parser.add_argument("--frames", type=int, default=600, help="frames to render in each pass (at least 600)")
    parser.add_argument("--level", default="hard", help="the AI level searching meanwhile")
    parser.add_argument("--no-ai", action="store_true", help="render the idle pass only")
    args = parser.parse_args(argv)
    frames = max(600, args.frames)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from hwgame.ai.bots import LEVELS
    from hwgame.ai.worker import AIWorker
    from hwgame.app.app import App
    from hwgame.app.main import tune_threads
    from hwgame.app.tools.samples import busy_game

    tune_threads()
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    app = App(size=SIZE)
    game = busy_game(11, 70)
    _scene(app, game)
    app.step([], 1 / 60, screen)
    pygame.display.flip()
    first_frame = time.perf_counter() - start

    level = LEVELS.get(args.level, LEVELS["hard"])
    worker = None
    if not args.no_ai:
        worker = AIWorker()
        # The first request starts the search process; that happens once per game, not per frame.
        warm = worker.request(game.position, LEVELS["beginner"], seed=0).result(timeout=120)
        if warm.error is not None:
            print(f"the computer could not search: {warm.error}")
            return 1
    idle = _render(pygame, app, screen, game, frames)
    thinking = _render(pygame, app, screen, game, frames, worker, level) if worker is not None else None
    if worker is not None:
        worker.shutdown()
    app.shutdown()
    pygame.quit()

    print(f"frames: {frames} idle" + (f", then {frames} while {args.level} thinks ({thinking.searches} searches "
          f"started, in process {warm.info.pid})" if thinking else "") + f" at {SIZE[0]}x{SIZE[1]}")  # fmt: skip
    print(f"time to first frame: {first_frame * 1000:.0f} ms (target <= 1000)")
    _report("idle", idle)
    ok = first_frame <= 1.0 and _percentile(idle.work, 95) <= 17.0
    if thinking is not None:
        _report("thinking", thinking)
        ratio = thinking.interval_p95() / idle.interval_p95()
        print(f"frame interval p95: idle {idle.interval_p95():.2f} ms, while {args.level} thinks "
              f"{thinking.interval_p95():.2f} ms, ratio {ratio:.3f} (target <= 1.05)")  # fmt: skip
        ok = ok and ratio <= 1.05 and _percentile(thinking.work, 95) <= 17.0
    print("targets met" if ok else "targets NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
