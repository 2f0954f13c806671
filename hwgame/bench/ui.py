"""Window frame times while the computer thinks: ``python -m hwgame.bench ui [--frames N]``.

Renders a busy middle game at 1280x800 on SDL's dummy video driver for at least 600 frames, paced at
60 frames per second like the real loop, while the Hard level searches on the AI worker thread the
whole time (a new search starts whenever one ends). The frames go through three phases: the pointer
wandering over the board, a drag in progress (legal targets lit, a caption), and move animations.
Prints the time to the first frame and frame-time percentiles (the work of a frame: events, update,
draw, flip; the sleep that paces the loop is not counted). Targets: p95 <= 17 ms, first frame <= 1 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

SIZE = (1280, 800)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def run(argv: list[str]) -> int:
    """Run the benchmark and print its figures."""
    start = time.perf_counter()
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench ui")
    parser.add_argument("--frames", type=int, default=600, help="frames to render (at least 600)")
    parser.add_argument("--level", default="hard", help="the AI level searching meanwhile")
    parser.add_argument("--no-ai", action="store_true", help="measure without the AI thread (for comparison)")
    args = parser.parse_args(argv)
    frames = max(600, args.frames)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from hwgame.ai.bots import LEVELS
    from hwgame.ai.worker import AIWorker
    from hwgame.app.app import App
    from hwgame.app.controller import COMPUTER, HUMAN, Effect
    from hwgame.app.flow import PlayController
    from hwgame.app.main import tune_threads
    from hwgame.app.samples import busy_game
    from hwgame.app.scenes.play import PlayScene
    from hwgame.app.screenshots import find_move_drag
    from hwgame.rules import apply_checked, start_turn

    tune_threads()
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    app = App(size=SIZE)
    game = busy_game(11, 70)
    seats = [COMPUTER, COMPUTER]
    seats[game.to_move] = HUMAN
    ctl = PlayController(game, tuple(seats), ("hard", "hard"), app.opponent, on_commit=lambda g: None)
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    app.step([], 1 / 60, screen)
    pygame.display.flip()
    first_frame = time.perf_counter() - start

    worker = None if args.no_ai else AIWorker()
    limit = LEVELS.get(args.level, LEVELS["hard"])
    searches = 0
    drag = find_move_drag(scene)
    # Effects to replay in the animation phase: the actions of the last few turns of the game.
    effects = []
    for k in range(max(0, len(game.turns) - 4), len(game.turns)):
        state = start_turn(game.positions[k])
        for action in game.turns[k]:
            if type(action).__name__ in ("Pass", "EndTurn"):
                continue
            after = apply_checked(state, action)
            effects.append(Effect(state.position, action, after.position, state.position.to_move, True))
            state = after
    clock = pygame.time.Clock()
    work: list[float] = []
    intervals: list[float] = []
    last = time.perf_counter()
    for i in range(frames):
        if worker is not None and not worker.busy:
            worker.request(game.position, limit, seed=i)
            searches += 1
        clock.tick(60)
        now = time.perf_counter()
        intervals.append(now - last)
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
        work.append(time.perf_counter() - t0)
    if worker is not None:
        worker.shutdown(wait=False)
    app.shutdown()
    pygame.quit()
    ms = [w * 1000 for w in work]
    iv = [w * 1000 for w in intervals[1:]]
    print(f"frames: {len(ms)} at {SIZE[0]}x{SIZE[1]}, AI: {'off' if worker is None else args.level} "
          f"({searches} searches started)")
    print(f"time to first frame: {first_frame * 1000:.0f} ms (target <= 1000)")
    print(f"frame time ms: p50 {_percentile(ms, 50):.2f}  p95 {_percentile(ms, 95):.2f}  "
          f"p99 {_percentile(ms, 99):.2f}  max {max(ms):.2f}  mean {statistics.fmean(ms):.2f} (target p95 <= 17)")
    print(f"frame interval ms (paced at 60 fps): p50 {_percentile(iv, 50):.2f}  p95 {_percentile(iv, 95):.2f}  "
          f"p99 {_percentile(iv, 99):.2f}")
    third = len(ms) // 3
    names = ("pointer moving", "drag in progress", "animations")
    parts = [f"{name} p95 {_percentile(ms[k * third:(k + 1) * third], 95):.2f}" for k, name in enumerate(names)]
    print("by phase: " + ", ".join(parts))
    ok = _percentile(ms, 95) <= 17.0 and first_frame <= 1.0
    print("targets met" if ok else "targets NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
