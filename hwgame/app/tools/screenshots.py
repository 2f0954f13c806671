"""Render the main screens to PNG files: ``python -m hwgame.app.tools.screenshots [FOLDER]``.

Used by a test (into a temporary folder) and by hand to look at the screens. Runs on the dummy video
driver when no display is set, so it works on a headless machine.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import pygame as pygame_types

    from hwgame.app.app import App
    from hwgame.app.scenes.play import PlayScene
    from hwgame.rules import Position

SIZE = (1280, 800)
Shot = Callable[[str], None]  # saves the screen as a picture of that name


def _events(pygame: ModuleType, *specs: tuple[int, dict[str, Any]]) -> list[pygame_types.event.Event]:
    out = []
    for kind, attrs in specs:
        out.append(pygame.event.Event(kind, attrs))
    return out


def _settle(app: App, screen: pygame_types.Surface, frames: int = 40,
            events: Iterable[pygame_types.event.Event] = ()) -> None:
    """Run frames until animations and the computer are quiet."""
    import pygame

    app.step(list(events), 1 / 60, screen)
    for _ in range(frames):
        app.step(pygame.event.get(), 1 / 60, screen)


def _app(pygame: ModuleType, data_dir: Path, size: tuple[int, int] = SIZE) -> App:
    from hwgame.app.app import App
    from hwgame.app.main import _parse
    from hwgame.persist import set_data_dir

    set_data_dir(data_dir)  # a fresh folder: default settings, no saves of the player's touched
    return App(_parse(["--seed", "5"]), size)


CROWDED = (("North", "g3 y2", "y3 g1 r1", ""), ("South", "r1 y1", "", "g3 r2 y1"), ("Alpha", "b1", "b2 b3", "b1"),
           ("Beta", "y3", "", "g1"), ("Gamma", "g1", "g2", "r1"))


def _crowded_position() -> Position:
    """A position in play where Alpha holds four blue pieces (an overpopulation waiting)."""
    from hwgame.rules import NO_HOME, PLAYING, STANDARD, Position, System, parse_piece

    def pieces(text: str) -> tuple[int, ...]:
        return tuple(sorted(parse_piece(t) for t in text.split()))

    counts = [3] * 12
    systems = []
    for name, stars, ships0, ships1 in CROWDED:
        home = ("North", "South").index(name) if name in ("North", "South") else NO_HOME
        s = System(home, pieces(stars), pieces(ships0), pieces(ships1), name)
        for q in s.stars + s.ships0 + s.ships1:
            counts[q] -= 1
        systems.append(s)
    return Position(tuple(systems), tuple(counts), 0, PLAYING, STANDARD, ("North", "South"))


def _overpopulation_shots(app: App, screen: pygame_types.Surface, shot: Shot) -> None:
    """The play screen with an overpopulation: the panel's note, then the marker's tooltip on hover."""
    import pygame

    from hwgame.app.control.controller import COMPUTER, HUMAN
    from hwgame.app.control.flow import PlayController
    from hwgame.rules import Game

    ctl = PlayController(Game.from_position(_crowded_position()), (HUMAN, COMPUTER), ("beginner", "beginner"),
                         app.opponent, on_commit=lambda g: None)
    scene = cast("PlayScene", app.make_scene("play", ctl))
    app._open(scene)
    _settle(app, screen, 3)
    shot("overpopulation")
    _, lay, _ = scene.layouts(app.size, scene.display_position())
    alpha = lay.system("Alpha")
    assert alpha is not None  # the crowded position has it
    box = alpha.markers[0][0]
    hover = pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in box.center), rel=(0, 0),
                               buttons=(0, 0, 0))
    _settle(app, screen, 1, [hover])
    shot("marker-tooltip")


def _open_midgame(app: App, seed: int = 11) -> PlayScene:
    from hwgame.app.control.controller import COMPUTER, HUMAN
    from hwgame.app.control.flow import PlayController
    from hwgame.app.tools.samples import busy_game

    game = busy_game(seed, 70)
    seats = (HUMAN, COMPUTER) if game.to_move == 0 else (COMPUTER, HUMAN)
    ctl = PlayController(game, seats, ("beginner", "beginner"), app.opponent, on_commit=lambda g: None)
    scene = cast("PlayScene", app.make_scene("play", ctl))
    app._open(scene)
    return scene


def drag_events(pygame: ModuleType, scene: PlayScene, source_pos: tuple[int, int], target_pos: tuple[int, int],
                steps: int = 6, release: bool = True) -> list[pygame_types.event.Event]:
    """Mouse events of a drag from one point to another (press, several moves, release)."""
    evs = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=source_pos, button=1)]
    for i in range(1, steps + 1):
        x = source_pos[0] + (target_pos[0] - source_pos[0]) * i / steps
        y = source_pos[1] + (target_pos[1] - source_pos[1]) * i / steps
        evs.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(1, 0, 0)))
    if release:
        evs.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target_pos, button=1))
    return evs


def find_move_drag(scene: PlayScene) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """(ship centre, destination centre) of a legal move for the player to move, or None."""
    from hwgame.app.control.targets import ShipTarget
    from hwgame.rules import Move

    _, lay, _ = scene.layouts(scene.app.size, scene.display_position())
    for a in scene.ctl.legal:
        if isinstance(a, Move):
            origin, destination = lay.system(a.origin), lay.system(a.destination)
            if origin is None or destination is None:
                continue  # a legal move's systems are on the board: never here
            for pp in origin.pieces:
                t = pp.target
                if isinstance(t, ShipTarget) and t.owner == scene.ctl.me and t.piece == a.ship:
                    dest = destination.box
                    return (pp.box.center, (dest.x + 6, dest.y + dest.h / 2))
    return None


def _extra_shots(app: App, screen: pygame_types.Surface, scene: PlayScene, shot: Shot) -> None:
    """More views for looking at by hand: new-game form, star chooser, colour letters, an animation."""
    import pygame

    from hwgame.app.control.controller import Effect
    from hwgame.app.kit.dialogs import StarChooser
    from hwgame.rules import Discover

    app.open_scene("new-game")
    _settle(app, screen, 2)
    shot("newgame")
    app.scenes.pop()
    discovers = [a for a in scene.ctl.legal if isinstance(a, Discover)]
    if discovers:
        ship = discovers[0].ship
        app.scenes.push(StarChooser(app, [a for a in discovers if a.ship == ship], lambda a: None))
        _settle(app, screen, 2)
        shot("chooser")
        app.scenes.pop()
    app.theme.colour_blind = True
    _settle(app, screen, 2)
    shot("colourblind")
    app.theme.colour_blind = False
    game = scene.ctl.game
    before = game.positions[-2]
    from hwgame.rules import turn_steps

    for step in turn_steps(before, game.turns[-1]):
        if type(step.action).__name__ != "Pass":
            scene.ctl.effects.append(Effect(step.before, step.action, step.after, before.to_move, True))
    app.step([], 1 / 60, screen)
    for _ in range(12):
        app.step([], 1 / 60, screen)
    shot("animating")
    for _ in range(120):
        app.step(pygame.event.get(), 1 / 60, screen)


def _saves_for_shots() -> None:
    """Named saves, a broken file, a finished game's autosave and two unfinished games (the latest one
    against the computer, left in the middle of a turn)."""
    from hwgame import persist
    from hwgame.app.tools.samples import busy_game, finished_game
    from hwgame.rules import opponent_of

    busy = busy_game(11, 70)
    persist.save_game(busy, "Evening game", [persist.Player(name=busy.players[0]),
                                             persist.Player(name=busy.players[1], kind="computer", level="normal")])
    persist.save_game(finished_game(), "A quick win")
    persist.save_game(busy_game(4, 30), "Hotseat with Sam")
    saves = persist.default_store().saves_dir
    (saves / "Old laptop game.json").write_text('{"schema_version": 2, "players": [', encoding="utf-8")
    persist.autosave(finished_game(5))
    persist.autosave(busy_game(5, 40))
    mid = busy_game(9, 20)
    mid.act(next(a for a in mid.legal_actions() if type(a).__name__ in ("Build", "Move", "Trade")))
    seats = [persist.Player(name=name) for name in mid.players]
    other = opponent_of(mid.to_move)  # the computer waits while the human is in the middle of a turn
    seats[other] = persist.Player(name=mid.players[other], kind="computer", level="easy")
    persist.autosave(mid, seats)


def _record_shots(app: App, screen: pygame_types.Surface, shot: Shot, data: Path) -> None:
    """The title with a game to continue, the Load screen with unfinished games, named saves and a broken
    file, the Save and Import screens, and a replay mid-turn."""
    from hwgame import persist
    from hwgame.app.control.controller import HUMAN
    from hwgame.app.control.flow import PlayController
    from hwgame.app.control.timeline import Point
    from hwgame.app.tools.samples import busy_game

    _saves_for_shots()
    busy = persist.load_game("Evening game").game
    app.to_title()
    _settle(app, screen, 2)
    shot("title-continue")
    # Screens opened by name: their own members are read here, hence Any.
    load: Any = app.open_scene("load")
    _settle(app, screen, 2)
    shot("load")
    load.list.select(next(i for i, e in enumerate(load.list.entries) if e.error))
    _settle(app, screen, 2)
    shot("load-broken")
    ctl = PlayController(busy, (HUMAN, HUMAN), ("easy", "easy"), app.opponent, on_commit=lambda g: None)
    save: Any = app.make_scene("save-as", ctl)
    save.field.text = "Evening/game?"
    save.save()
    app.scenes.push(save)
    _settle(app, screen, 2)
    shot("save")
    app.scenes.pop()
    folder = data / "transcripts"
    folder.mkdir(parents=True, exist_ok=True)
    from hwgame.rules import export_sdg

    for n, seed in ((4242, 5), (4243, 6)):
        (folder / f"{n}.raw").write_text(export_sdg(busy_game(seed, 24), sdg_number=n), encoding="utf-8")
    (folder / "notes.txt").write_text("not a transcript", encoding="utf-8")
    importer: Any = app.make_scene("import", [folder])
    importer.field.text = str(folder / "notes.txt")
    importer.do_import()
    app.scenes.push(importer)
    _settle(app, screen, 2)
    shot("import")
    app.scenes.pop()
    replay: Any = app.scene_class("replay")
    replay = replay.from_file(app, persist.default_store().path_for("Evening game"))
    app.scenes.push(replay)
    mid = next(p for p in reversed(replay.timeline.points) if p.action and p.turn < 60)
    replay.go(replay.timeline.index_of(Point(mid.turn, mid.action)))
    _settle(app, screen, 2)
    shot("replay")
    app.scenes.pop()
    app.scenes.pop()
    _statistics_shot(app, screen, shot)
    _editor_shot(app, screen, shot)


# A board in the editor with something of each kind wrong: a homeworld of three stars, a system without a
# star, another without a ship, a name taken twice, a fourth green 1.
EDITED = ("standard North South 0 2; North 0 y1b2b3 - g1; South 1 r1y3 - g3; Alpha - - y1 -; Beta - g1 - -; "
          "Gamma - g1g1g1 y1 -; North - r2 r3 -")


def _editor_shot(app: App, screen: pygame_types.Surface, shot: Shot) -> None:
    """The board editor on a board it refuses, saying why beside the buttons that would play it."""
    from hwgame.rules import read_board_text

    app.to_title()
    app.open_scene("editor", read_board_text(EDITED))
    _settle(app, screen, 2)
    shot("editor")
    app.to_title()


def _statistics_shot(app: App, screen: pygame_types.Surface, shot: Shot) -> None:
    """The Statistics screen over a record of games against each level and one at a single screen."""
    from hwgame import persist
    from hwgame.app.tools.samples import finished_game

    for seed, level in enumerate(("easy", "normal", "normal", "hard", "beginner", None, "normal"), start=3):
        game = finished_game(seed)
        seats = [persist.Player(name=name) for name in game.players]
        if level is not None:
            seats[1] = persist.Player(name=game.players[1], kind="computer", level=level)
        persist.record_game(game, seats, seat=0)
    app.to_title()
    app.open_scene("statistics")
    _settle(app, screen, 2)
    shot("statistics")
    app.scenes.pop()


def _pump_until(app: App, screen: pygame_types.Surface, done: Callable[[], bool], seconds: float = 120.0) -> None:
    """Run frames (with short sleeps, so the computer's process gets the processor) until ``done``."""
    import time

    import pygame

    stop = time.monotonic() + seconds
    while not done() and time.monotonic() < stop:
        app.step(pygame.event.get(), 1 / 60, screen)
        time.sleep(0.05)
    _settle(app, screen, 3)


def _hint_shot(app: App, screen: pygame_types.Surface, scene: PlayScene, shot: Shot) -> None:
    """The middle game with a hint: its pieces ringed and its reasons on the panel."""
    for _rung in range(3):  # the hint's ladder: the idea, the pieces that act, then the whole turn
        scene.hint()
        _pump_until(app, screen, lambda: not scene.ctl.hint_waiting)
        if scene.ctl.hint is not None:
            break
    shot("hint")


def _review_shot(app: App, screen: pygame_types.Surface, shot: Shot) -> None:
    """A replay reviewed by the computer, with the first mark's words and its better turn."""
    from hwgame import persist
    from hwgame.ai.bots import level
    from hwgame.app.tools.samples import busy_game

    persist.save_game(busy_game(11, 70), "Reviewed game")
    replay: Any = app.scene_class("replay")
    replay = replay.from_file(app, persist.default_store().path_for("Reviewed game"))
    replay.review_thinking = level("normal")
    app.scenes.push(replay)
    _settle(app, screen, 2)
    replay.toggle_review()
    _pump_until(app, screen, lambda: replay.review_run is None)
    marks = replay.review.marks() if replay.review is not None else []
    if marks:
        centre = replay.graph.bar_box(marks[len(marks) // 2].index).center
        pygame_mod = __import__("pygame")
        app.step(_events(pygame_mod, (pygame_mod.MOUSEBUTTONDOWN, {"pos": centre, "button": 1}),
                         (pygame_mod.MOUSEBUTTONUP, {"pos": centre, "button": 1})), 1 / 60, screen)  # fmt: skip
        _settle(app, screen, 3)
    shot("review")
    app.scenes.pop()


def _camera(folder: Path, size: tuple[int, int]) -> tuple[pygame_types.Surface, list[Path], Shot]:
    """A window of ``size`` (on the dummy driver without a display), the list of pictures taken, and
    the function that saves the screen into ``folder`` under a name and adds it to that list."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    folder.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    out: list[Path] = []

    def shot(name: str) -> None:
        path = folder / f"{name}.png"
        pygame.image.save(screen, str(path))
        out.append(path)

    return screen, out, shot


def render_readme(folder: str | Path, size: tuple[int, int] = SIZE) -> list[Path]:
    """Render the README's pictures into ``folder``: a drag in a middle game, a hint, a review."""
    import pygame

    folder = Path(folder)
    previous = os.environ.get("HWGAME_DATA_DIR")
    screen, out, shot = _camera(folder, size)

    import tempfile

    with tempfile.TemporaryDirectory() as data:
        app = _app(pygame, Path(data), size)
        app.boot()
        scene = _open_midgame(app)
        _settle(app, screen, 30)
        found = find_move_drag(scene)
        if found is not None:
            (sx, sy), (tx, ty) = found
            dst = (round(tx), round(ty))
            app.step(drag_events(pygame, scene, (round(sx), round(sy)), dst, release=False), 1 / 60, screen)
            shot("play")
            app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dst, button=1)], 1 / 60, screen)
            scene.ctl.restart_turn()
            _settle(app, screen, 5)
        _hint_shot(app, screen, scene, shot)
        _review_shot(app, screen, shot)
        app.shutdown()
        from hwgame.persist import set_data_dir

        set_data_dir(previous)
    return out


def render_all(folder: str | Path, extra: bool = False, size: tuple[int, int] = SIZE) -> list[Path]:
    """Render title, setup, midgame, a drag in progress and game over into ``folder``; return the files.

    ``extra`` adds more views (new-game form, star chooser, colour letters, an animation frame, an
    overpopulation and its marker's tooltip, saves and the replay); ``size`` is the window's size."""
    import pygame

    folder = Path(folder)
    previous = os.environ.get("HWGAME_DATA_DIR")
    screen, out, shot = _camera(folder, size)

    app = _app(pygame, folder / "data", size)
    app.boot()
    _settle(app, screen, 5)
    shot("title")

    from hwgame.app.control.options import GameConfig

    app.new_game(GameConfig(("Player", "Computer"), ("human", "computer"), ("beginner", "beginner")))
    _settle(app, screen, 5)
    setup: Any = app.scenes.top  # the setup screen, opened by name
    setup.slots = [3, 10, 7]  # yellow 1, blue 2 and a medium green ship: draws a warning
    _settle(app, screen, 2)
    shot("setup")

    scene = _open_midgame(app)
    _settle(app, screen, 30)
    shot("midgame")

    found = find_move_drag(scene)
    if found is not None:
        (sx, sy), (tx, ty) = found
        src, dst = (round(sx), round(sy)), (round(tx), round(ty))
        app.step(drag_events(pygame, scene, src, dst, release=False), 1 / 60, screen)
        shot("drag")
        app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dst, button=1)], 1 / 60, screen)

    if extra:
        _extra_shots(app, screen, scene, shot)
        _overpopulation_shots(app, screen, shot)
        _record_shots(app, screen, shot, folder / "data")

    from hwgame.app.tools.samples import finished_game

    app.open_game(finished_game(), None)
    _settle(app, screen, 10)
    shot("gameover")
    app.shutdown()
    from hwgame.persist import set_data_dir

    set_data_dir(previous)
    return out


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots to a folder (default /tmp/hwgame_shots) at a window size (default 1280x800)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m hwgame.app.tools.screenshots",
                                     description="Render the main screens of the game to PNG files.")
    parser.add_argument("folder", nargs="?", default="/tmp/hwgame_shots", help="where the PNG files go")
    parser.add_argument("--size", default=f"{SIZE[0]}x{SIZE[1]}", help="window size as WIDTHxHEIGHT")
    parser.add_argument("--few", action="store_true", help="only title, setup, midgame, drag, game over")
    parser.add_argument("--readme", action="store_true",
                        help="only the README's pictures: a drag, a hint, a review (play.png, hint.png, review.png)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    w, _, h = args.size.lower().partition("x")
    size = (int(w), int(h))
    paths = render_readme(Path(args.folder), size) if args.readme else render_all(Path(args.folder), not args.few, size)
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
