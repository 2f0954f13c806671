"""A made-up language for tests of what a player reads: every English letter made full-width.

The made-up catalog writes every letter of the English as its full-width twin ("Save" becomes
"Ｓａｖｅ"), placeholders kept, so a string that reached the screen through the catalogs has no plain
ASCII letter left, whatever was cut or wrapped; one that did not keeps its English letters. Names,
notation and numbers are not translated, so a check allows the names a test puts on the screen.
"""

from __future__ import annotations

import gettext
import re
import string

from hwgame import i18n

FAKE = "ja"  # the code the made-up catalog stands in for (a language with its own catalog)
_WIDE = {c: chr(ord(c) + 0xFEE0) for c in string.ascii_letters}
LETTER = re.compile(r"[A-Za-z]")
# Words the window shows in every language: the name of the notation, and each language by its own name.
ALWAYS = ("SDG", *i18n.LANGUAGES.values())


def widen(message: str) -> str:
    """``message`` with every ASCII letter outside ``{placeholders}`` made full-width."""
    out, depth = [], 0
    for ch in message:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        out.append(ch if depth else _WIDE.get(ch, ch))
    return "".join(out)


class WideCatalog(gettext.NullTranslations):
    """A catalog that "translates" everything by ``widen``."""

    def gettext(self, message):
        return widen(message)

    def ngettext(self, msgid1, msgid2, n):
        return widen(msgid1 if n == 1 else msgid2)

    def pgettext(self, context, message):
        return widen(message)

    def npgettext(self, context, msgid1, msgid2, n):
        return widen(msgid1 if n == 1 else msgid2)


def install(monkeypatch) -> str:
    """Make ``FAKE`` use the wide catalog (until the test ends); return its code."""
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda code: WideCatalog() if code == FAKE else real(code))
    return FAKE


def leftovers(texts, allowed=()) -> list[str]:
    """The drawn strings with letters of English left once the ``allowed`` names (and ``ALWAYS``) are
    taken out, whole or wrapped over lines (``_wrapped_names``): text that did not go through the catalogs."""
    names = sorted({str(a) for a in (*allowed, *ALWAYS) if a}, key=len, reverse=True)
    out = set()
    for text in texts:
        whole, wrapped = text, _wrapped_names(text, names)
        for name in names:
            whole, wrapped = whole.replace(name, ""), wrapped.replace(name, "")
        if LETTER.search(whole) and LETTER.search(wrapped):
            out.add(text)
    return sorted(out)


def _wrapped_names(text: str, names: list[str], inside: int = 8) -> str:
    """``text`` without the pieces of a name too long for its line (a path in a narrow message), which
    may be broken between any two characters: a line that is all inside one (``inside`` characters at the
    least, so that no word is taken for a name's piece), one's end that starts the line, one's start that
    ends it. What else the line says is still read."""
    if len(text.strip()) >= inside and any(text.strip() in name for name in names):
        return ""
    for name in names:
        for k in range(min(len(name), len(text)) - 1, 0, -1):
            if text.startswith(name[-k:]):
                text = text[k:]
                break
    for name in names:
        for k in range(min(len(name), len(text)) - 1, 0, -1):
            if text.endswith(name[:k]):
                text = text[:-k]
                break
    return text
