"""``hwgame --smoke``: a quick check that this copy of the game works, with no window on screen.

Used after a build (``dist/hwgame --smoke``) and from source. It runs on SDL's dummy drivers and:
loads every asset, draws a middle game and the first tutorial lesson, lets the Easy computer play one
turn (in its own search process, as in the game), then saves and loads a game in a temporary data
folder (the player's own saves are not touched).
Prints one line per step and exits 0, or prints one line naming the step that failed and exits 1.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    # Only for the types: pygame and the app are imported when the checks run, so that a pygame
    # that does not load is reported as a failed check.
    import pygame as pygame_types

    from hwgame.app.app import App
    from hwgame.rules import Game

SIZE = (1280, 800)


class SmokeFailure(Exception):
    """A check did not hold; the message is the reason."""


def _headless() -> None:
    # Forced, not defaulted: the check must never open a real window or a sound device.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@dataclass
class Context:
    """What the checks share: pygame, the dummy screen, and the app and game once made."""

    pygame: ModuleType
    screen: pygame_types.Surface
    app: App | None = None
    game: Game | None = None

    def the_app(self) -> App:
        """The app the middle-game check made; a SmokeFailure if it has not made one."""
        if self.app is None:
            raise SmokeFailure("no app to draw with: the middle game check makes it")
        return self.app

    def the_game(self) -> Game:
        """The middle game the middle-game check made; a SmokeFailure if it has not made one."""
        if self.game is None:
            raise SmokeFailure("no game to play: the middle game check makes it")
        return self.game


def check_assets(ctx: Context) -> str:
    """Load every file of the assets folder by its kind, and the text font."""
    from hwgame.app.view import assets

    folder = assets.asset_dir()
    if folder is None:
        raise SmokeFailure(f"no assets folder found (looked in {', '.join(map(str, assets.candidate_dirs()))})")
    files = assets.list_assets()
    for path in files:
        _load_asset(ctx.pygame, path)
    text = assets.ui_font(24).render("Homeworlds", True, (255, 255, 255))
    if text.get_width() < 20:
        raise SmokeFailure("the text font draws nothing")
    assets.set_window_icon()
    return f"{len(files)} files in {folder} and the text font ({assets.default_font_file().name})"


def _load_asset(pygame: ModuleType, path: Path) -> None:
    suffix = path.suffix.lower()
    try:
        if suffix in (".png", ".bmp", ".jpg", ".jpeg", ".gif", ".tga"):
            if pygame.image.load(str(path)).get_width() <= 0:
                raise SmokeFailure(f"{path.name} is an empty image")
        elif suffix in (".ttf", ".otf"):
            pygame.font.Font(str(path), 20).render("Homeworlds", True, (255, 255, 255))
        elif suffix == ".ico":
            _check_ico(pygame, path.read_bytes())
        elif not path.read_bytes():
            # Anything else (a licence text, a sound: the game stays silent without a sound device,
            # and so does this check) must at least be there and not empty.
            raise SmokeFailure(f"{path.name} is empty")
    except (OSError, pygame.error) as exc:
        raise SmokeFailure(f"{path.name} does not load ({exc})") from None


def _check_ico(pygame: ModuleType, data: bytes) -> None:
    """An .ico is read by Windows, not by the game; here its first picture must at least decode."""
    if len(data) < 22 or data[:4] != b"\x00\x00\x01\x00":
        raise SmokeFailure("icon.ico is not an icon file")
    size = int.from_bytes(data[14:18], "little")
    offset = int.from_bytes(data[18:22], "little")
    pygame.image.load(io.BytesIO(data[offset : offset + size]), "first.png")


def _colours(surface: pygame_types.Surface, step: int = 16) -> int:
    """How many different colours a coarse grid of the picture has (a blank frame has one)."""
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)})


def _frames(ctx: Context, count: int) -> None:
    app = ctx.the_app()
    for _ in range(count):
        app.step(ctx.pygame.event.get(), 1 / 60, ctx.screen)


def check_midgame(ctx: Context) -> str:
    """Draw a busy middle game on the play screen."""
    from hwgame.app.app import App
    from hwgame.app.control.controller import COMPUTER, HUMAN
    from hwgame.app.control.flow import PlayController
    from hwgame.app.control.options import window_defaults
    from hwgame.app.tools.samples import busy_game

    ctx.app = app = App(window_defaults(), SIZE)
    app.strict = True  # an error in a screen must fail the check, not become a message
    ctx.game = game = busy_game(11, 60)
    # The human seat is to move, so the computer does not start thinking.
    seats = (HUMAN, COMPUTER) if game.to_move == 0 else (COMPUTER, HUMAN)
    ctl = PlayController(game, seats, ("easy", "easy"), app.opponent, on_commit=lambda g: None)
    app.scenes.reset(app.make_scene("play", ctl))
    _frames(ctx, 3)
    if _colours(ctx.screen) < 8:
        raise SmokeFailure("the frame is blank")
    return f"{len(game.turns)} turns, {len(game.position.systems)} systems drawn"


def check_tutorial(ctx: Context) -> str:
    """Open the lesson list and the first lesson, and draw both; the puzzles from real games and every
    strategy lesson's positions are there, and the first strategy lesson draws."""
    from hwgame.tutorial import LESSONS, real_puzzles, runner_for
    from hwgame.tutorial.lessons_strategy import STRATEGY_LESSONS, offered_strategy_lessons

    if not real_puzzles():
        raise SmokeFailure("the puzzles from real games are missing (hwgame/tutorial/real_puzzles.json)")
    strategy = offered_strategy_lessons()
    if len(strategy) != len(STRATEGY_LESSONS):
        raise SmokeFailure("the strategy lessons' positions are missing (hwgame/tutorial/strategy_positions.json)")

    app = ctx.the_app()
    app.scenes.reset(app.make_scene("lessons"))
    _frames(ctx, 2)
    lesson = LESSONS[0]
    app.open_scene("lesson", runner_for((lesson.id, 0)))
    _frames(ctx, 3)
    if _colours(ctx.screen) < 8:
        raise SmokeFailure("the lesson frame is blank")
    app.open_scene("strategy", strategy[0], 0)
    _frames(ctx, 3)
    if _colours(ctx.screen) < 8:
        raise SmokeFailure("the strategy lesson's frame is blank")
    return (f"'{lesson.title}' drawn, {len(LESSONS)} lessons and {len(strategy)} strategy lessons listed, "
            f"{len(real_puzzles())} puzzles from real games")


def check_languages(ctx: Context) -> str:
    """Each language's catalog is there and translates, and the CJK fonts draw its words."""
    from hwgame import i18n
    from hwgame.app.view import fonts

    before = i18n.current_language()
    found = []
    try:
        for code in i18n.LANGUAGES:
            if code == i18n.ENGLISH:
                continue
            i18n.set_language(code)
            word = i18n._("End turn")
            if word == "End turn":
                raise SmokeFailure(f"the {code} catalog is missing or empty ({i18n.catalog_path(code)})")
            if fonts.missing_characters(word, code):
                raise SmokeFailure(f"no shipped font draws the {code} word {word!r}")
            found.append(f"{code} {word}")
    finally:
        i18n.set_language(before)
    return ", ".join(found)


def check_ai_turn(ctx: Context) -> str:
    """The Easy computer chooses a turn in the middle game, in its own search process as in the game,
    and the rules engine accepts it."""
    from hwgame.ai import AIWorker, level

    game = ctx.the_game()
    before = len(game.turns)
    worker = AIWorker()
    try:
        result = worker.request(game.position, level("easy"), seed=1, history=game.repetition_counts()).result(120)
    finally:
        worker.shutdown()
    if result.error is not None:
        raise SmokeFailure(f"the Easy computer failed: {result.error}")
    if result.turn is None:
        raise SmokeFailure("the Easy computer found no turn")
    pid = result.info.pid
    if pid is None or pid == os.getpid():
        reason = result.info.in_thread or "no process id came back"
        raise SmokeFailure(f"the computer's search process did not start ({reason})")
    game.play(result.turn)  # checked: an illegal turn raises with the reason
    if len(game.turns) != before + 1:
        raise SmokeFailure("the computer's turn was not recorded")
    return f"{len(result.turn)} actions in {result.info.seconds:.2f} s, searched in process {pid}"


def check_save_load(ctx: Context) -> str:
    """Save the game in the data folder in use and load it back unchanged."""
    from hwgame import persist

    game = ctx.the_game()
    players = [persist.Player(name=game.players[0]),
               persist.Player(name=game.players[1], kind="computer", level="easy")]
    path = persist.save_game(game, "smoke-check", players, overwrite=True)
    loaded = persist.load_game("smoke-check")
    if loaded.game.position.key() != game.position.key() or len(loaded.game.turns) != len(game.turns):
        raise SmokeFailure("the loaded game differs from the saved one")
    return f"{len(game.turns)} turns through {Path(path).name}"


CHECKS = (
    ("assets", check_assets),
    ("middle game", check_midgame),
    ("tutorial", check_tutorial),
    ("languages", check_languages),
    ("computer turn", check_ai_turn),
    ("save and load", check_save_load),
)


def run_smoke(out: TextIO | None = None) -> int:
    """Run every check; print a line for each, return 0 when all pass and 1 at the first failure."""
    out = out or sys.stdout
    _headless()
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="hwgame-smoke-") as folder:
            _run(out, folder)
    except SmokeFailure as exc:
        print(f"hwgame --smoke: FAILED: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # whatever broke, the answer is one line, not a traceback
        print(f"hwgame --smoke: FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(f"hwgame --smoke: all checks passed in {time.perf_counter() - start:.1f} s", file=out)
    return 0


def _run(out: TextIO, folder: str) -> None:
    try:
        import pygame
    except ImportError as exc:
        raise SmokeFailure(f"pygame does not load ({exc})") from None
    from hwgame.persist import set_data_dir

    previous = os.environ.get("HWGAME_DATA_DIR")
    set_data_dir(folder)  # settings, saves and the autosave all go to the temporary folder
    ctx = None
    try:
        pygame.display.init()
        pygame.font.init()
        ctx = Context(pygame, pygame.display.set_mode(SIZE))
        for name, check in CHECKS:
            try:
                detail = check(ctx)
            except SmokeFailure as exc:
                raise SmokeFailure(f"{name}: {exc}") from None
            except Exception as exc:
                raise SmokeFailure(f"{name}: {type(exc).__name__}: {exc}") from None
            print(f"hwgame --smoke: {name}: ok ({detail})", file=out, flush=True)
    finally:
        if ctx is not None and ctx.app is not None:
            ctx.app.shutdown()
        pygame.quit()
        set_data_dir(previous)
