"""Names of things in the player's language: colours, powers, pieces, sizes, levels, rule sets, saves.

The rules name a colour ``"green"`` (or 1), a power ``"build"``, a piece ``"g1"`` (or its number); the
files name a level ``"easy"`` and a rule set ``"sdg"``. Each reaches the player through one function
here, which words it in the language of a ``Speaker``: the player's language in force (the default)
or one asked for (the engine protocol speaks English whatever the player's language). Call them where
the text is shown, never once at start-up, so that a change of language shows at once.
"""

from __future__ import annotations

import gettext
import re
from datetime import datetime

from hwgame import i18n
from hwgame.i18n import N_, _, pgettext
from hwgame.levels import LEVEL_TABLE
from hwgame.rules import COLOR_NAMES, POWER_NAMES, piece_text


class Speaker:
    """Translations in one language: the player's (``language`` None) or a given one ("en")."""

    def __init__(self, language: str | None = None) -> None:
        code = i18n.normalize_language(language) if language else None
        # The language spoken: None for the player's language in force.
        self.language: str | None = (code or "en") if language else None
        self._translations: gettext.NullTranslations | None = i18n.translations(code) if code else None
        if language and code is None:
            self._translations = gettext.NullTranslations()  # an unknown language: English

    def gettext(self, message: str) -> str:
        """``message`` translated."""
        if self._translations is None:
            return _(message)
        return self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural form for ``n``, translated."""
        if self._translations is None:
            return i18n.ngettext(singular, plural, n)
        return self._translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` translated in ``context``."""
        if self._translations is None:
            return pgettext(context, message)
        return self._translations.pgettext(context, message)


# --- colours, powers, pieces and sizes -------------------------------------------------------------------


def colour_name(colour: int | str, speaker: Speaker | None = None) -> str:
    """A colour as a word: ``colour`` is 0 (red) .. 3 (blue) or a name of ``COLOR_NAMES`` ("green");
    any other text is given back as it is."""
    s = speaker or Speaker()
    name = COLOR_NAMES[colour] if isinstance(colour, int) else colour
    words = {
        "red": s.pgettext("colour", "red"),
        "yellow": s.pgettext("colour", "yellow"),
        "green": s.pgettext("colour", "green"),
        "blue": s.pgettext("colour", "blue"),
    }
    return words.get(name, name)


def power_name(power: int | str, speaker: Speaker | None = None) -> str:
    """A power as a word: ``power`` is the colour that gives it, 0 (red: "capture") .. 3 (blue:
    "trade"), or a name of ``POWER_NAMES`` ("build"); any other text is given back as it is."""
    s = speaker or Speaker()
    name = POWER_NAMES[power] if isinstance(power, int) else power
    words = {
        "capture": s.pgettext("power", "capture"),
        "move": s.pgettext("power", "move"),
        "build": s.pgettext("power", "build"),
        "trade": s.pgettext("power", "trade"),
    }
    return words.get(name, name)


def piece_name(piece: int | str, speaker: Speaker | None = None) -> str:
    """A piece in words, its colour and its size as a digit: "green 1". ``piece`` is a piece's number
    or its notation ("g1", ``rules.piece_text``); other text is given back as it is."""
    s = speaker or Speaker()
    text = piece_text(piece) if isinstance(piece, int) else piece
    letters = {name[0]: name for name in COLOR_NAMES}
    if len(text) != 2 or text[0] not in letters or text[1] not in "123":
        return text
    # Translators: a piece: its colour, then its size 1 (small) to 3 (large), as in "green 1".
    return s.gettext("{colour} {size}").format(colour=colour_name(letters[text[0]], s), size=text[1])


def size_name(size: int) -> str:
    """A size (1..3) as a word: "small", "medium", "large"."""
    names = (pgettext("size", "small"), pgettext("size", "medium"), pgettext("size", "large"))
    return names[size - 1]


def kind_name(kind: str, speaker: Speaker | None = None) -> str:
    """A kind of name of the rules ("system" or "player") as words: "a system name"."""
    s = speaker or Speaker()
    words = {"system": s.gettext("a system name"), "player": s.gettext("a player name")}
    return words.get(kind, kind)


# --- levels and rule sets --------------------------------------------------------------------------------

# The computer's levels as the window lists them: the labels of the one table of levels.
LEVEL_LABELS = {level.name: level.label for level in LEVEL_TABLE}
# The rule sets, as a player chooses them and as a game's panel names them.
RULES_LABELS = {"standard": N_("Standard"), "sdg": N_("SuperDuperGames (sdg)")}
RULES_TITLES = {"standard": N_("Standard rules"), "sdg": N_("SDG rules")}


def level_word(name: str) -> str:
    """A computer level inside a phrase ("computer, easy"); an unknown name as it is."""
    words = {"beginner": pgettext("level", "beginner"), "easy": pgettext("level", "easy"),
             "normal": pgettext("level", "normal"), "hard": pgettext("level", "hard"),
             "expert": pgettext("level", "expert")}  # fmt: skip
    return words.get(str(name).lower(), str(name))


def level_label(name: str) -> str:
    """A computer level as a player picks it from a list ("Easy")."""
    found = LEVEL_LABELS.get(str(name).lower())
    return _(found) if found else str(name)


def rules_label(name: str) -> str:
    """A rule set as the new-game screen offers it."""
    found = RULES_LABELS.get(str(name).lower())
    return _(found) if found else str(name)


def rules_title(name: str | None) -> str:
    """A rule set as a game's panel and the list of saves name it ("Standard rules")."""
    found = RULES_TITLES.get(str(name).lower())
    return _(found) if found else _("{rules} rules").format(rules=name)


# --- saves -----------------------------------------------------------------------------------------------

# Titles the game itself writes into saves (in English, in the file), shown in the player's language.
_SAVE_TITLES = {
    "Demo: a whole game": N_("Demo: a whole game"),
    "Demo: a game in progress": N_("Demo: a game in progress"),
}
_SDG_TITLE = re.compile(r"^SDG game (\d+)$")
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))  # fmt: skip


def save_title(title: str) -> str:
    """A save's title as a player reads it: the titles the game writes (an imported game's "SDG game
    1001", the demos) in the language in force, a title the player gave as it is."""
    m = _SDG_TITLE.match(title)
    if m:
        return _("SDG game {number}").format(number=m.group(1))
    found = _SAVE_TITLES.get(title)
    return _(found) if found else title


def date_time_text(moment: datetime) -> str:
    """A local date and time for a list ("14 Mar 2025, 18:02"), in the language in force."""
    # Translators: a date and time in the list of saves; {month} is a short month name.
    return _("{day} {month} {year}, {hour}:{minute}").format(
        day=moment.day, month=_(MONTHS[moment.month - 1]), year=moment.year, hour=f"{moment.hour:02d}",
        minute=f"{moment.minute:02d}")


__all__ = [
    "LEVEL_LABELS", "MONTHS", "RULES_LABELS", "RULES_TITLES", "Speaker", "colour_name", "date_time_text",
    "kind_name", "level_label", "level_word", "piece_name", "power_name", "rules_label", "rules_title",
    "save_title", "size_name",
]  # fmt: skip
