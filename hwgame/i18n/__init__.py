"""The player's language: gettext catalogs for English, Japanese and Traditional Chinese.

Every sentence a player reads is written in English in the code, marked for the catalogs, and looked up
here at the moment it is shown, so that a change of language takes effect at the next frame:

- ``_("text")`` translates now; use it where the text is shown (a draw, a message, a refusal).
- ``N_("text")`` only marks text for the catalogs: for module-level data (lesson cards, button labels in
  a table) that is translated later with ``_(value)`` where it is shown.
- ``ngettext(singular, plural, n)`` for counts, ``pgettext(context, text)`` for a short word whose
  meaning depends on where it stands.

Placeholders are named (``_("{name} builds").format(name=...)``) so that a translation can put them in
its own order. The compiled catalogs live in ``hwgame/locale/<dir>/LC_MESSAGES/hwgame.mo``; the sources
(``.po``) beside them are kept with ``python -m hwgame.i18n.catalogs`` (see its docstring).

This package is pure standard library: the rules never import it (their refusals carry reason codes
that :mod:`hwgame.words` words), and everything else may.
"""

from __future__ import annotations

import gettext
import os
import threading
from collections.abc import Callable
from pathlib import Path

DOMAIN = "hwgame"
ENGLISH = "en"
# Language code -> the language's own name, as a player looks for it in a list.
LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語", "zh-Hant": "繁體中文"}
# Language code -> folder name under hwgame/locale (gettext's locale folder names).
LOCALE_DIRS: dict[str, str] = {"en": "en", "ja": "ja", "zh-Hant": "zh_Hant"}
__all__ = [
    "DOMAIN", "ENGLISH", "LANGUAGES", "LOCALE_DIRS", "LOCALE_ROOT", "N_", "_", "catalog_path", "current_language",
    "is_cjk_language", "ngettext", "normalize_language", "on_change", "pgettext", "set_language",
    "system_language", "translations", "Text", "text_of",
]
LOCALE_ROOT = Path(__file__).resolve().parent.parent / "locale"

_lock = threading.Lock()
_current = ENGLISH
_translations: gettext.NullTranslations = gettext.NullTranslations()
_cache: dict[str, gettext.NullTranslations] = {}
_listeners: list[Callable[[str], object]] = []


def normalize_language(text: str | None) -> str | None:
    """The supported language code for a code or locale name (``ja_JP.UTF-8`` -> ``ja``,
    ``zh_TW`` / ``zh-Hant`` -> ``zh-Hant``), or None when it is none of the three."""
    if not text:
        return None
    code = str(text).strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    if not code or code in ("c", "posix"):
        return None
    head = code.split("_")[0]
    if head == "en":
        return "en"
    if head == "ja":
        return "ja"
    if head == "zh":
        # The only Chinese written here is Traditional; a reader of Simplified reads it more easily
        # than a foreign language.
        return "zh-Hant"
    return None


def system_language() -> str:
    """The language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG; Windows and macOS
    through the locale module), among the three; English when it is none of them."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            for part in value.split(":"):
                code = normalize_language(part)
                if code:
                    return code
            if var != "LANGUAGE":
                return ENGLISH  # the first variable set decides, as gettext does
    try:
        import locale

        code = normalize_language(locale.getlocale()[0])
    except (ValueError, TypeError):
        code = None
    return code or ENGLISH


def catalog_path(code: str) -> Path:
    """The compiled catalog (``.mo``) of a language."""
    return LOCALE_ROOT / LOCALE_DIRS[code] / "LC_MESSAGES" / f"{DOMAIN}.mo"


def translations(code: str) -> gettext.NullTranslations:
    """The catalog of a language (English, or a missing file, translates nothing)."""
    found = _cache.get(code)
    if found is None:
        found = gettext.NullTranslations()
        if code != ENGLISH and code in LOCALE_DIRS:
            try:
                with open(catalog_path(code), "rb") as fp:
                    found = gettext.GNUTranslations(fp)
            except (OSError, ValueError):
                pass  # a missing or damaged catalog: English text rather than no game
        _cache[code] = found
    return found


def set_language(code: str | None) -> str:
    """Speak ``code`` (any spelling :func:`normalize_language` reads; None or unknown: English) from now
    on; return the code in force. Listeners (see :func:`on_change`) are told after a change."""
    global _current, _translations
    new = normalize_language(code) or ENGLISH
    with _lock:
        changed = new != _current
        _current = new
        _translations = translations(new)
    if changed:
        for listener in list(_listeners):
            listener(new)
    return new


def current_language() -> str:
    """The language code in force."""
    return _current


def on_change(listener: Callable[[str], object]) -> None:
    """Call ``listener(code)`` after each change of language (a screen drops its cached text)."""
    if listener not in _listeners:
        _listeners.append(listener)


def _(message: str) -> str:
    """``message`` in the player's language (itself when the catalog has no translation)."""
    return _translations.gettext(message)


def N_(message: str) -> str:  # noqa: N802  (the conventional marker name)
    """Mark ``message`` for the catalogs without translating it (translate it where it is shown)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the player's language."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language, told apart from the same English by ``context``."""
    return _translations.pgettext(context, message)


# Words kept a while before they are read (a message, a label, a problem with a file): a plain string,
# or a function that words them in the language in force each time it is called.
Text = str | Callable[[], str]


def text_of(text: Text | None) -> str:
    """The words of ``text`` now: a function is called, anything else is its ``str``, None is empty."""
    if text is None:
        return ""
    return text() if callable(text) else str(text)


def is_cjk_language(code: str | None = None) -> bool:
    """Whether the language (default: the one in force) writes without spaces between words."""
    return (code or _current) in ("ja", "zh-Hant")
