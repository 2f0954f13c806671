"""Small phrases every explanation uses: a chance to win as people read it, a player's homeworld,
whole sentences one after the other in the language in force."""

from __future__ import annotations

from collections.abc import Sequence

from hwgame.i18n import _, is_cjk_language, pgettext

from .spacing import fill
from .told import Voice


def chance_text(chance: float) -> str:
    """A chance to win as people read it: a whole percentage, 0% and 100% only for certainties."""
    if chance <= 0.0:
        percent = 0
    elif chance >= 1.0:
        percent = 100
    else:
        percent = max(1, min(99, round(chance * 100)))
    # Translators: a player's chance to win, as a percentage.
    return _("{percent}%").format(percent=percent)


def homeworld_of(player: int, voice: Voice) -> str:
    """A player's homeworld in words: "your homeworld", "Vega's homeworld"."""
    # Translators: a player's homeworld; {owner} is "your", "the computer's" or "Vega's".
    return fill(pgettext("homeworld", "{owner} homeworld"), owner=voice.owner(player))


def sentences(parts: Sequence[str]) -> str:
    """Whole sentences one after the other: a space between them, none in a language written without
    spaces (Japanese, Chinese)."""
    return ("" if is_cjk_language() else " ").join(p for p in parts if p)


# The words a sentence of the game's own may start with that are written small inside another sentence;
# any other first word (a player's or a system's name) keeps its letters as they are written.
_SMALL_INSIDE = frozenset({"you", "your", "the", "a", "an", "it", "its", "their", "this", "that", "every", "no"})


def inside_sentence(text: str) -> str:
    """``text``, a sentence of the game's own, as part of another: its first word in small letters when
    it is a common word ("You capture…" becomes "you capture…"), never a name ("South destroys…" stays)."""
    first = text.split(" ", 1)[0]
    if first.lower() in _SMALL_INSIDE:
        return text[:1].lower() + text[1:]
    return text

