"""The application: settings, the scene stack, the computer opponent, starting and saving games.

``App.step(events, dt, surface)`` is one frame; ``main.run`` calls it in the window loop and tests
call it directly with hand-made events. Screens are opened by name (``open_scene``, ``replace_scene``,
``make_scene``; the names are in ``scenes.SCENES``).
"""

from __future__ import annotations

import argparse
import random
import traceback
import warnings
import weakref
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from hwgame.app.control.advice import suggest_homeworld
from hwgame.app.control.clock import PRESETS, preset_of
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.options import GameConfig, config_from_args, fit_window, window_defaults
from hwgame.app.control.text import Text, error_text, notices_text
from hwgame.app.control.timing import GameClock
from hwgame.app.scenes import make_scene, scene_class
from hwgame.app.services.opponent import DEFAULT_LEVEL, Opponent
from hwgame.app.services.sound import Sounds
from hwgame.app.stage import Scene, SceneStack
from hwgame.app.view.layout import MIN_HEIGHT, MIN_WIDTH
from hwgame.app.view.theme import Theme
from hwgame.app.view.toasts import Toasts, clear_of, draw_toasts
from hwgame.i18n import _, set_language, system_language
from hwgame.rules import Game, ruleset_named

if TYPE_CHECKING:
    from hwgame.persist import LoadedGame, Player, Settings
    from hwgame.persist.schema import ClockData


def screen_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on, or None when the display does not say."""
    try:
        w, h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError, AttributeError):
        return None
    return (int(w), int(h)) if w > 0 and h > 0 else None


def auto_setup(ctl: PlayController, rng: random.Random | None = None) -> None:
    """Build both homeworlds with sound defaults (the ``--setup auto`` start)."""
    game = ctl.game
    while game.in_setup and not game.is_over():
        game.act(suggest_homeworld(game.position, rng))
        game.commit()


class App:
    """Everything one window needs; the current screen is ``scenes.top``."""

    def __init__(self, options: argparse.Namespace | None = None, size: tuple[int, int] = (1280, 800)):
        self.options = options if options is not None else window_defaults()
        self.size = size
        self._settings_writable = True  # False when the file could not be read: then nothing is written
        self.settings = self._load_settings()
        # Sound effects: ``self.sounds.play("build")``; silent when muted or without a sound device.
        self.sounds = Sounds(lambda: self.settings)
        self._frames = 0
        self._preparing = True  # sounds are still being made ready, one a frame
        self.theme = Theme(bool(self.settings.colour_blind or getattr(self.options, "colour_blind", False)))
        self.scenes = SceneStack()
        self.opponent = Opponent(seed=getattr(self.options, "seed", None))
        self.running = True
        self.toasts = Toasts()  # the short messages shown now (``toast``)
        self.rng = random.Random(getattr(self.options, "seed", None))
        self._failures = 0
        self.strict = False  # tests set this: an error in a screen is raised instead of shown
        # The name each game was last saved or loaded under: the Save screen offers it again.
        self.save_names: weakref.WeakKeyDictionary[Game, str] = weakref.WeakKeyDictionary()
        # The game on screen (set when this app opens one), whose autosave leaving it brings up to date,
        # and what its last autosave held, so that leaving writes only what changed.
        self.playing: PlayController | None = None
        self._autosaved: tuple | None = None
        self._recorded: weakref.WeakSet[Game] = weakref.WeakSet()  # games put into the record by this window
        self.record_waiting()  # games an earlier run could not write into the record
        self.last_config: GameConfig | None = None  # the game this window last started
        self.owns_window = False  # True in the window loop: F11 may change the display's mode
        self._windowed: tuple[int, int] | None = None  # the window's size before it went fullscreen
        self._notices_seen: dict[int, int] = {}  # store id -> how many of its notices were shown
        # True while the language comes from the command line (--lang): the saved setting is left alone.
        self.language_forced = False

    # --- settings ---
    def _load_settings(self) -> Settings:
        from hwgame import persist

        try:
            return persist.load_settings()
        except Exception:
            # The settings folder cannot even be found: play with the defaults, and leave the files alone.
            self._settings_writable = False
            return persist.Settings()

    def save_settings(self) -> None:
        """Write the settings (a failure only shows a message)."""
        self.theme.colour_blind = bool(self.settings.colour_blind)
        if not self._settings_writable:
            return
        try:
            from hwgame import persist

            persist.save_settings(self.settings)
        except Exception as exc:
            failed = exc
            self.toast(lambda: _("Settings not saved: {problem}").format(problem=error_text(failed)))

    @property
    def default_level(self) -> str:
        """The computer level the settings choose."""
        return self.settings.ai_level

    # --- scenes by name ---
    def scene_class(self, name: str) -> type[Scene]:
        """The class of the scene called ``name`` (for its class methods, e.g. ``ReplayScene.from_file``);
        an unknown name raises ``scenes.UnknownSceneError``."""
        return scene_class(name)

    def make_scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene called ``name`` (made with this app and ``args``), not shown yet."""
        return make_scene(self, name, *args, **kwargs)

    def open_scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Make the scene called ``name`` and put it on top of the stack; return it."""
        scene = self.make_scene(name, *args, **kwargs)
        self.scenes.push(scene)
        return scene

    def replace_scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Make the scene called ``name`` and put it in place of the top scene; return it."""
        scene = self.make_scene(name, *args, **kwargs)
        self.scenes.replace(scene)
        return scene

    # --- the language ---
    def apply_language(self) -> str:
        """Speak the language the window starts in: ``--lang`` when the command line gives one (the saved
        setting is then left as it is), else the Language setting ("system": the system's language).
        Returns the language code in force."""
        forced = getattr(self.options, "lang", None)
        if forced:
            self.language_forced = True
            return set_language(forced)
        setting = self.settings.language
        return set_language(system_language() if setting == "system" else setting)

    # --- starting ---
    def boot(self) -> None:
        """Open the first screen: a loaded game, a new game, or the title (in the language of the
        settings, or of ``--lang``)."""
        self.apply_language()
        self.scenes.reset(self.make_scene("title"))
        opts = self.options
        if getattr(opts, "load", None):
            self.load(opts.load)
        elif getattr(opts, "new_game", False):
            settings = self.settings
            self.new_game(config_from_args(opts, settings.player_name, self.default_level, settings.default_rules))

    def new_game(self, config: GameConfig) -> None:
        """Start a game: the setup screen, or straight to play when setup is automatic."""
        self.stop_game()
        self.last_config = config
        vs_computer = COMPUTER in config.seats
        game = Game(ruleset_named(config.rules), config.names, auto_repetition_draw=vs_computer,
                    handicap=config.handicap)
        ctl = self._play(game, config.seats, config.levels)
        control = PRESETS.get(config.clock)
        if control is not None:
            ctl.clock = GameClock(control)
        ctl.teach(config.teaching)
        if config.auto_setup:
            auto_setup(ctl, self.rng)
            self.autosave(ctl)
            self._open(self.make_scene("play", ctl))
        else:
            self._open(self.make_scene("setup", ctl))

    def open_game(self, game: Game, players: list[Player] | None = None, clock: ClockData | None = None,
                  teaching: bool = False) -> None:
        """Continue a game (loaded from a save, or begun at a board of the replay viewer): seats and levels
        from ``players``, the ``clock`` a save kept (held until the player's first action), and whether it
        is a teaching game. An unfinished game is autosaved at once, so Continue on the title finds it."""
        self.stop_game()
        seats, levels = [HUMAN, HUMAN], ["easy", "easy"]
        for i, p in enumerate(players or []):
            if getattr(p, "kind", HUMAN) == COMPUTER:
                seats[i] = COMPUTER
                levels[i] = getattr(p, "level", None) or DEFAULT_LEVEL
        if game.pending and seats[game.to_move] == COMPUTER:
            game.restart_turn()  # the computer plays whole turns: a turn it left half done starts afresh
        ctl = self._play(game, (seats[0], seats[1]), (levels[0], levels[1]))
        if clock is not None:
            ctl.clock = GameClock.from_data(clock)
            self._autosaved = self._state_of(ctl)
        ctl.teach(teaching)
        if not ctl.is_over():
            self.autosave(ctl)  # the game becomes the one Continue resumes at once
        if game.in_setup:
            self._open(self.make_scene("setup", ctl))
            return
        # A finished game opens on its board; the play screen shows the game-over card itself.
        self._open(self.make_scene("play", ctl))

    def config_of(self, ctl: PlayController) -> GameConfig:
        """The game of ``ctl`` as the new-game form describes one: its names, seats, levels, rules and
        handicap (homeworlds built automatically when this window started it so)."""
        game = ctl.game
        last = self.last_config
        auto = last is not None and last.names == tuple(game.players) and last.auto_setup
        clock = "none" if ctl.clock is None else preset_of(ctl.clock.control) or "none"
        return GameConfig((game.players[0], game.players[1]), (ctl.seats[0], ctl.seats[1]),
                          (ctl.levels[0], ctl.levels[1]), game.rules.name, auto, game.handicap, clock,
                          ctl.teacher is not None)  # fmt: skip

    def _open(self, scene: Scene) -> None:
        """Show ``scene`` over the title (Escape, then "Quit to title", comes back to it)."""
        self.scenes.reset(self.make_scene("title"))
        self.scenes.push(scene)

    def _play(self, game: Game, seats: tuple[str, str], levels: tuple[str, str]) -> PlayController:
        """The controller of a game this app opens; every change of it goes to the game's autosave."""
        ctl = PlayController(game, seats, levels, self.opponent, on_change=self.autosave)
        self.playing = ctl
        # Leaving writes only what changed here: a finished game opened to look at stays where it was.
        self._autosaved = self._state_of(ctl)
        return ctl

    def stop_game(self) -> None:
        """Leave the game on screen (new game, load, quit to title, quit): its autosave brought up to
        date, the computer's thinking cancelled."""
        self.keep_game()
        self.playing = None
        self.opponent.cancel()

    def to_title(self) -> None:
        """Back to the title screen."""
        self.stop_game()
        self.scenes.reset(self.make_scene("title"))

    # --- saving ---
    def players_of(self, ctl: PlayController) -> list[Player]:
        """The two seats as the save format's Player objects."""
        from hwgame.persist import Player

        out = []
        for i, name in enumerate(ctl.game.players):
            if ctl.seats[i] == COMPUTER:
                out.append(Player(name=name, kind="computer", level=ctl.levels[i]))
            else:
                out.append(Player(name=name))
        return out

    def autosave(self, ctl: PlayController) -> None:
        """Write the game of ``ctl`` to its own autosave, with the seats ``ctl`` plays (called after every
        action and turn, and on leaving the game); a failure shows a message."""
        game = ctl.game
        if not game.turns and not game.pending:
            return  # nothing played yet: nothing to lose
        state = self._state_of(ctl)
        try:
            from hwgame import persist

            if ctl.clock is not None:
                persist.default_store().remember(game, clock=ctl.clock.data())  # every later save keeps it
            if ctl.teacher is not None:
                persist.default_store().remember(game, teaching=True)  # so is a teaching game
            persist.autosave(game, self.players_of(ctl))
        except Exception as exc:
            failed = exc
            self.toast(lambda: _("Autosave failed: {problem}").format(problem=error_text(failed)))
            return
        self._autosaved = state
        if ctl.is_over():
            self.record_finished(ctl)
        self.show_notices()  # an autosave that had to move to a new file says so

    def record_seat(self, ctl: PlayController) -> int | None:
        """The seat of the player whose record a game goes into: the human against the computer; at one
        screen, the player named as in the settings; else None (the game counts, no side is theirs)."""
        if ctl.seats.count(COMPUTER) == 1:
            return ctl.seats.index(HUMAN)
        mine = self.settings.player_name.casefold()
        names = [name.casefold() for name in ctl.game.players]
        return names.index(mine) if mine in names else None

    def record_finished(self, ctl: PlayController) -> None:
        """Put the finished game of ``ctl`` into the record of finished games (once per game; a game the
        computer played against itself is left out); a failure shows a message. The game counts as
        recorded only once it is written: until then it waits (see ``persist.record``) and the next
        autosave of it tries again."""
        game = ctl.game
        if game in self._recorded or ctl.seats.count(COMPUTER) == 2:
            return
        try:
            from hwgame import persist

            persist.record_game(game, self.players_of(ctl), self.record_seat(ctl))
        except Exception as exc:
            failed = exc
            self.toast(lambda: _("The game was not added to the record: {problem}").format(problem=error_text(failed)))
            return
        self._recorded.add(game)

    def record_waiting(self) -> None:
        """Write the finished games that wait to go into the record (a write that failed or was killed
        in an earlier run); without waiting for another window, and silently: they wait on otherwise."""
        try:
            from hwgame import persist
            from hwgame.persist.record import write_waiting

            write_waiting(persist.default_store().record_path)
        except Exception:
            pass

    @staticmethod
    def _state_of(ctl: PlayController) -> tuple:
        """What an autosave of ``ctl`` holds: the game, its turns, the turn in progress, the result, the seats,
        the clock."""
        g = ctl.game
        clock = None if ctl.clock is None else ctl.clock.key()
        return (id(g), tuple(g.turns), tuple(g.pending), g.outcome(), tuple(ctl.seats), clock)

    def keep_game(self) -> None:
        """Bring the autosave of the game on screen up to date if anything changed since the last one."""
        ctl = self.playing
        if ctl is not None and self._state_of(ctl) != self._autosaved:
            self.autosave(ctl)

    def load(self, name: str | Path) -> bool:
        """Open a save by name or path; a problem shows a message and returns False."""
        from hwgame.app.kit.base import load_save  # the scenes' modules load when a scene is made

        def play_on(loaded: LoadedGame) -> bool:
            if not Path(loaded.path).stem.lower().startswith("autosave"):
                self.save_names[loaded.game] = Path(loaded.path).stem
            if loaded.save.variations is not None:
                # A game saved from the analysis board opens there again, its variations with it.
                self.stop_game()
                self._open(self.make_scene("analysis", loaded.game, variations=loaded.save.variations,
                                           players=loaded.players, game_id=loaded.save.game_id,
                                           bottom=1 if [p.kind for p in loaded.players] == [COMPUTER, HUMAN] else 0))
                return True
            self.open_game(loaded.game, loaded.players, loaded.save.clock, loaded.save.teaching)
            return True

        def failure(problem: str) -> str:
            return _("Could not load: {problem}").format(problem=problem)

        return load_save(self, name, failure, play_on) is not None

    def new_notices(self) -> tuple[Text, int] | None:
        """Messages of the saves folder not shown yet (a broken autosave kept aside, repaired settings):
        (their text, worded when shown, and how many), or None when there are none."""
        try:
            from hwgame.persist import default_store

            store = default_store()
        except Exception:
            return None
        seen = self._notices_seen.get(id(store), 0)
        now = len(store.notices)
        self._notices_seen[id(store)] = now
        if now <= seen:
            return None
        return (lambda: notices_text(store.notices[seen:now])), now - seen

    def show_notices(self) -> None:
        """Show the saves folder's new messages, if any, at the top of the window."""
        fresh = self.new_notices()
        if fresh is not None:
            text, count = fresh
            self.toast(text, 6.0 + 3.0 * count)

    # --- the frame ---
    def toast(self, text: Text, seconds: float = 4.0) -> None:
        """Show a short message for ``seconds``, stacked over the older ones in the strip the screen keeps
        free of text (``toast_strip``); ``text`` given as a function is worded at each frame, so it
        follows a change of language; given as words, it goes when the language changes."""
        self.toasts.add(text, seconds)

    @property
    def toast_text(self) -> str:
        """The newest message shown, in the language in force ("" when none is)."""
        return self.toasts.newest

    def toast_strip(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the messages go: the strip the screen on top keeps free of text (``Scene.toast_place``);
        over an overlay, the strip of the screen under it, clear of each overlay's card."""
        covers: list[pygame.Rect] = []
        place = None
        for scene in reversed(self.scenes.scenes):
            place = scene.toast_place(size)
            if place is not None or scene.opaque:
                break
            cover = scene.toast_cover(size)
            if cover is not None:
                covers.append(cover)
        if place is None:
            w, _h = size
            place = pygame.Rect(40, 8, w - 80, 60)  # a screen that names no strip: the top of the window
        for cover in covers:
            place = clear_of(place, cover)
        return place

    def handle_event(self, event: pygame.event.Event) -> None:
        """One event: window events and the keys of every screen (F1 or ?, F11) here, the rest to the
        top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.size = (max(event.w, MIN_WIDTH), max(event.h, MIN_HEIGHT))
            return
        if event.type == pygame.KEYDOWN and self._window_key(event):
            return
        self.scenes.handle_event(event)

    def _window_key(self, event: pygame.event.Event) -> bool:
        """F11: fullscreen on or off; F1, or ? where nothing is being typed: the card of keys. True when
        the key was one of them."""
        if event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            return True
        if event.key == pygame.K_F1 or (getattr(event, "unicode", "") == "?" and not self._typing()):
            from hwgame.app.scenes.shortcuts import ShortcutsScene

            if isinstance(self.scenes.top, ShortcutsScene):
                self.scenes.pop()
            else:
                self.open_scene("shortcuts")
            return True
        return False

    def _typing(self) -> bool:
        """True when a text field of the top screen has the keyboard (a ? typed there is a character)."""
        from hwgame.app.view.widgets import TextField

        top = self.scenes.top
        return top is not None and any(isinstance(v, TextField) and v.focused for v in vars(top).values())

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen (or go back to a window), and keep the choice for the next start."""
        self.settings.fullscreen = bool(on)
        self.save_settings()
        self.apply_fullscreen()

    def apply_fullscreen(self, windowed: tuple[int, int] | None = None) -> None:
        """Show the window as the Fullscreen setting says: the whole screen at the desktop's own size, or
        a window of ``windowed`` (the size the window opened at), else of the size it had before it went
        fullscreen, else the size kept in the settings, fitted to the screen. Only the window loop's own
        window is changed (a test draws on a surface of its own, which a new mode would take away)."""
        if not self.owns_window or not pygame.display.get_init() or pygame.display.get_surface() is None:
            return
        try:
            if self.settings.fullscreen:
                self._windowed = windowed or self.size  # the window's size to come back to
                surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                # The window's fullscreen state is cleared first: a new mode alone keeps it on some X11
                # set-ups (the window would stay the screen's size).
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().set_windowed()
                w, h = windowed or self._windowed or self.settings.window_size
                surface = pygame.display.set_mode(fit_window((w, h), screen_size()), pygame.RESIZABLE)
        except (AttributeError, pygame.error):
            return  # the screen refused: the window stays as it was, the setting is kept
        self.size = surface.get_size()

    def step(self, events: Iterable[pygame.event.Event], dt: float, surface: pygame.Surface) -> None:
        """One frame: events, update, draw. An error in a screen becomes a message, not a crash."""
        try:
            for event in events:
                self.handle_event(event)
                if not self.running:
                    return
            self.scenes.update(dt)
            self.toasts.pass_time(dt)
            audit = self.theme.audit  # set by the screens' tests: what each frame drew is checked
            if audit is not None:
                audit.frame_start()
            self.scenes.draw(surface)
            self._draw_toasts(surface)
            if audit is not None:
                audit.frame_end()
            self._failures = 0
            self._frames += 1
            if self._frames > 1 and self._preparing:
                # After the first frame (its time is measured), one sound a frame gets ready, so the first
                # sound of a game neither waits for the mixer nor for its synthesis.
                self._preparing = self.sounds.prepare()
        except Exception as exc:
            self._recover(exc)

    def rest(self) -> float:
        """Seconds the window's picture stays as it is if no event comes (see ``Scene.rest``): 0 while
        anything moves, the computer thinks or sounds are being made ready; the window loop sleeps
        that long rather than draw the same picture again."""
        if not self.running or self._preparing or self.opponent.thinking:
            return 0.0
        rest = min(self.scenes.rest(), self.toasts.rest())
        return max(0.0, rest)

    def pass_time(self, seconds: float) -> None:
        """Time spent at rest: the scenes' timers (a caret's blink, a message's time) move on by
        ``seconds`` before the next frame's events, which then start any animation from its beginning."""
        try:
            self.scenes.update(seconds)
            self.toasts.pass_time(seconds)
        except Exception as exc:
            self._recover(exc)

    def _recover(self, exc: Exception) -> None:
        if self.strict:
            raise exc
        self._failures += 1
        self._write_crash_log()
        if self._failures > 3:
            raise exc
        kind = type(exc).__name__
        self.toast(lambda: _("Something went wrong ({error}); the game tried to carry on.").format(error=kind))
        if self._failures > 2:
            self.to_title()

    def _write_crash_log(self) -> None:
        try:
            from hwgame.persist.paths import data_dir

            folder = data_dir() or Path.home()
            folder.mkdir(parents=True, exist_ok=True)
            with open(folder / "hwgame-errors.log", "a", encoding="utf-8") as f:
                f.write(traceback.format_exc() + "\n")
        except Exception:
            pass  # nowhere to write: the message on screen is all we can do

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        if self.toasts.shown:
            draw_toasts(surface, self.theme, self.toast_strip(surface.get_size()), self.toasts.shown)

    def quit(self) -> None:
        """Leave (the Quit button, the window's close button): the game kept in its autosave, the computer
        stopped, a review being computed ended with its processes, the loop ended."""
        self.running = False
        self.stop_game()
        self.stop_reviews()

    @staticmethod
    def stop_reviews() -> None:
        """End every review of a game being computed, and its processes, at once: they do not outlive
        the window."""
        from hwgame.app.services.reviewer import stop_reviews

        stop_reviews()

    def remember_window(self, save: bool = True) -> None:
        """Keep the window size for next time (not when it came from ``--size``, nor the screen's size in
        fullscreen)."""
        if not save or self.settings.fullscreen or tuple(self.settings.window_size) == tuple(self.size):
            return
        try:
            w, h = self.size
            self.settings.window_size = (w, h)
        except Exception:
            return
        self.save_settings()

    def shutdown(self) -> None:
        """The window is closing, however the loop ended: keep the game, release the worker thread, end
        any review being computed."""
        try:
            self.stop_game()
        finally:
            self.close_scenes()
            self.stop_reviews()
            self.opponent.shutdown()
            self.sounds.close()

    def close_scenes(self) -> None:
        """Tell every screen still open that it leaves for good, top first: what a screen started (the
        analysis board's search processes) does not outlive the window."""
        for scene in reversed(list(self.scenes.scenes)):
            try:
                scene.close()
            except Exception:  # one screen's trouble never keeps the others from closing
                continue
