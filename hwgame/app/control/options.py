"""Command-line options of the game window, and the description of a game to start. Pure Python.

``hwgame`` with no subcommand opens the window; these options let it start straight in a game (the
end-to-end tests use them so they need no menu clicks) and set the window up.
"""

from __future__ import annotations

import argparse
import os
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.i18n import LANGUAGES, _, pgettext, translations
from hwgame.levels import LEVEL_NAMES
from hwgame.rules import MAX_NAME, Handicap
from hwgame.words import name_problem, sentence

_SIZE = re.compile(r"^(\d{1,5})[xX](\d{1,5})$")
# The window's sizes: at least what the layout needs (``view.layout.MIN_WIDTH`` and ``MIN_HEIGHT``),
# at most an 8K screen; the settings' size is bounded the same way.
SMALLEST = (1024, 700)
LARGEST = (7680, 4320)
# Room kept under a window for the screen's own bars (a task bar, a menu bar).
SCREEN_MARGIN = 40
# The start-up benchmark runs the game (from source or the built binary) until this line appears.
FIRST_FRAME_MARKER = "hwgame: first frame drawn"
FIRST_FRAME_ENV = "HWGAME_EXIT_AFTER_FIRST_FRAME"


def add_window_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the window's options to the ``hwgame`` parser (their help in the language in force)."""
    g = parser.add_argument_group(_("game window"))
    g.add_argument("--new-game", action="store_true", help=_("start a new game at once instead of the title screen"))
    g.add_argument("--opponent", choices=(HUMAN, COMPUTER), default=COMPUTER, help=_("with --new-game: who you play"))
    g.add_argument("--level", choices=LEVEL_NAMES, default=None,
                   help=_("the computer's level (default: from settings)"))
    g.add_argument("--first", choices=("me", "opponent", "random"), default="me",
                   help=_("who sets up and moves first"))
    g.add_argument("--rules", dest="rule_set", choices=("standard", "sdg"), default=None, help=_("rule set"))
    g.add_argument("--name", default=None, help=_("your name (default: from settings)"))
    g.add_argument("--opponent-name", default=None, help=_("the other player's name"))
    g.add_argument("--setup", choices=("manual", "auto"), default="manual",
                   help=_("auto: both homeworlds are built with sound defaults (skips the setup screen)"))
    g.add_argument("--seed", type=int, default=None, help=_("make the computer's choices repeatable"))
    g.add_argument("--size", default=None, type=size_argument, metavar="WxH",
                   help=_("window size, for example 1280x800"))
    g.add_argument("--colour-blind", action="store_true", help=_("write the colour letter on every piece"))
    g.add_argument("--fps", type=int, default=60, help=argparse.SUPPRESS)
    g.add_argument("--max-frames", type=int, default=0, help=argparse.SUPPRESS)
    g.add_argument("--exit-after-first-frame", action="store_true",
                   help=_("draw one frame, print '{marker}' and quit (for timing the start; or set {variable}=1)")
                   .format(marker=FIRST_FRAME_MARKER, variable=FIRST_FRAME_ENV))


def size_argument(text: str) -> tuple[int, int]:
    """``--size``: ``WIDTHxHEIGHT`` within ``SMALLEST`` and ``LARGEST``; anything else is refused with a
    message that says what is wanted (argparse then stops with it, so a typo never goes unsaid)."""
    m = _SIZE.match(text.strip())
    shown = text[:20] + ("…" if len(text) > 20 else "")
    if not m:
        raise argparse.ArgumentTypeError(
            _("{text} is not a window size: write WIDTHxHEIGHT, for example 1280x800").format(text=repr(shown)))
    w, h = int(m.group(1)), int(m.group(2))
    if not (SMALLEST[0] <= w <= LARGEST[0] and SMALLEST[1] <= h <= LARGEST[1]):
        raise argparse.ArgumentTypeError(_("{text} is not a window size the game can use: from {least} to {most}")
                                         .format(text=repr(shown), least="{}x{}".format(*SMALLEST),
                                                 most="{}x{}".format(*LARGEST)))
    return w, h


def fit_window(size: tuple[int, int], screen: tuple[int, int] | None) -> tuple[int, int]:
    """The window size to open for ``size`` (asked with ``--size`` or kept in the settings) on a screen of
    ``screen`` pixels (None when unknown): no larger than the screen less ``SCREEN_MARGIN`` for its bars,
    no smaller than ``SMALLEST`` (the layout's least), whatever was kept."""
    w, h = size
    if screen is not None and screen[0] > 0 and screen[1] > 0:
        w, h = min(w, screen[0]), min(h, screen[1] - SCREEN_MARGIN)
    w, h = min(w, LARGEST[0]), min(h, LARGEST[1])
    return max(w, SMALLEST[0]), max(h, SMALLEST[1])


def valid_name(name: str) -> bool:
    """True when a player name can name a homeworld (``words.name_problem``: up to ``MAX_NAME`` (40) printable
    characters in any script, without whitespace)."""
    return name_problem(name, "player") is None


# The names the game offers before a player types one: English here, each language's in its catalog.
_DEFAULT_NAMES = {"player": "Player", "computer": "Computer", "other": "Player2"}


def default_name(kind: str) -> str:
    """The name offered for a seat, in the language in force: ``"player"`` (you), ``"computer"`` (the
    computer's seat) or ``"other"`` (a second person at the screen). Always a valid name."""
    # Translators: the names offered before a player types one become homeworld names: one word,
    # no spaces, at most 40 characters.
    words = {"player": pgettext("default name", "Player"), "computer": pgettext("default name", "Computer"),
             "other": pgettext("default name", "Player2")}  # fmt: skip
    name = words[kind]
    return name if valid_name(name) else _DEFAULT_NAMES[kind]


def is_default_name(name: str, kind: str) -> bool:
    """True when ``name`` is the name the game offers for ``kind`` (see ``default_name``) in English or in
    any of the game's languages: a name the player did not choose, which may be offered anew."""
    english = _DEFAULT_NAMES[kind]
    offered = {english, default_name(kind)}
    for code in LANGUAGES:
        offered.add(translations(code).pgettext("default name", english))
    return name in offered


def versus(names: Iterable[object]) -> str:
    """The players of a game, for a title or a list: ``"Ann vs Bob"``."""
    shown = [str(n) for n in names]
    if len(shown) == 2:
        return _("{first} vs {second}").format(first=shown[0], second=shown[1])
    return ", ".join(shown)


@dataclass
class GameConfig:
    """A game to start: seats in turn order, names, levels, rules, whether setup is automatic, and the
    handicap (its seat is one of ``seats``)."""

    names: tuple[str, str] = ("You", "Computer")
    seats: tuple[str, str] = (HUMAN, COMPUTER)
    levels: tuple[str, str] = ("easy", "easy")
    rules: str = "standard"
    auto_setup: bool = False
    handicap: Handicap | None = None
    clock: str = "none"  # a key of ``clock.PRESETS``: no clock, or the time control of the game
    teaching: bool = False  # a teaching game against the computer (``teaching``)

    def problems(self) -> list[str]:
        """What is wrong with the names, as sentences in the language in force (empty when the game can
        start)."""
        out = []
        for n in self.names:
            why = name_problem(n, "player")
            if why is not None:
                out.append(sentence(why))
        if self.names[0].lower() == self.names[1].lower():
            out.append(_("The two players need different names."))
        return out


def rematch(config: GameConfig) -> GameConfig:
    """The same game again with the sides swapped: the same level and rules, and who moved second now
    moves first. A handicap stays with its player (the weaker player is still helped), so its seat
    changes with theirs."""
    handicap = None if config.handicap is None else config.handicap.swapped()
    return GameConfig((config.names[1], config.names[0]), (config.seats[1], config.seats[0]),
                      (config.levels[1], config.levels[0]), config.rules, config.auto_setup, handicap, config.clock,
                      config.teaching)


# A handicap as the new-game form offers it: "none", or a kind of ``hwgame.rules.HANDICAP_KINDS`` and
# whose fleet it changes, "kind:side". Against the computer the side is "me" or "opponent"; at one screen,
# where either person may sit first, it is "first" or "second" (the player who sets up first, or second).
HANDICAP_SIDES = {COMPUTER: ("me", "opponent"), HUMAN: ("first", "second")}


def handicap_choice(value: str, i_am_first: bool) -> Handicap | None:
    """The handicap a form value (``"extra-small:me"``, ``"medium-ship:second"``, ``"none"``) names, its
    seat set from who plays first; None for "none" or a value that names no handicap."""
    kind, _sep, side = value.partition(":")
    if side in ("me", "opponent"):
        seat = 0 if (side == "me") == i_am_first else 1
    elif side in ("first", "second"):
        seat = 0 if side == "first" else 1
    else:
        return None
    try:
        return Handicap(kind, seat)
    except ValueError:
        return None


def handicap_value(handicap: Handicap | None, against: str, my_seat: int) -> str:
    """The form value of ``handicap`` in a game against ``against`` (COMPUTER or HUMAN) in which the
    form's player sits in ``my_seat``: the inverse of ``handicap_choice``."""
    if handicap is None:
        return "none"
    if against == COMPUTER:
        return f"{handicap.kind}:{'me' if handicap.seat == my_seat else 'opponent'}"
    return f"{handicap.kind}:{'first' if handicap.seat == 0 else 'second'}"


def config_from(me: str, opponent_kind: str, opponent_name: str | None, level: str, first: str,
                rules: str, auto_setup: bool = False, rng: random.Random | None = None,
                handicap: str = "none", clock: str = "none", teaching: bool = False) -> GameConfig:
    """Arrange seats from a human's point of view: who plays first decides who is player 0 (and the
    seat of a ``handicap`` given as the form's value, see ``handicap_choice``); ``teaching`` holds only
    against the computer."""
    other = opponent_name or default_name("computer" if opponent_kind == COMPUTER else "other")
    if other.lower() == me.lower():
        other = other[: MAX_NAME - 1] + "2"
    if first == "random":
        first = (rng or random.Random()).choice(("me", "opponent"))
    mine = (me, HUMAN, level)
    theirs = (other, opponent_kind, level)
    a, b = (mine, theirs) if first == "me" else (theirs, mine)
    return GameConfig((a[0], b[0]), (a[1], b[1]), (a[2], b[2]), rules, auto_setup,
                      handicap_choice(handicap, first == "me"), clock, teaching and opponent_kind == COMPUTER)


def config_from_args(args: argparse.Namespace, default_player: str, default_level: str, default_rules: str
                     ) -> GameConfig:
    """The game that ``--new-game`` and its options describe."""
    me = args.name or default_player
    if not valid_name(me):
        me = default_name("player")
    return config_from(
        me,
        args.opponent,
        args.opponent_name,
        args.level or default_level,
        args.first,
        args.rule_set or default_rules,
        args.setup == "auto",
    )


def exit_after_first_frame(options: argparse.Namespace) -> bool:
    """True when the window should quit after its first frame (the option or the environment variable)."""
    return bool(getattr(options, "exit_after_first_frame", False)) or os.environ.get(FIRST_FRAME_ENV, "") not in (
        "", "0")


def window_defaults() -> argparse.Namespace:
    """The options as if none were given (for tests and the benchmark)."""
    parser = argparse.ArgumentParser()
    add_window_arguments(parser)
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--load", default=None)
    return parser.parse_args([])
