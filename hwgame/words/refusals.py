"""The rules' refusals in the player's words, in the language in force or in one asked for.

A refusal of the rules is a code and plain values (``hwgame.rules.Refusal``, carried by every error
of the rules and by a game's ``Outcome``); ``refusal_text`` words it through the templates
(``templates``). Values that are colours, pieces, powers or kinds of name are worded too ("green 1"
in Japanese is 緑1 when the catalog says so). Nothing here is installed anywhere: ``str()`` of a
refusal stays its plain code form, and whoever shows one to a player calls ``refusal_text``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from hwgame.rules import COLOR_NAMES, POWER_NAMES, Refusal, name_refusal

from .names import Speaker, colour_name, kind_name, piece_name, power_name
from .spacing import fill_map
from .templates import TEMPLATES, Plural
from .told import Voice

# The values that name a system where it is a place ("at Sol", "Sol and Alpha are not connected"):
# with a voice they are worded as places, a homeworld named after a player as that player's homeworld.
# Refusals about names ("the name Sol is taken") keep the name as it is written.
_PLACE_KEYS = ("system", "origin", "destination")


class Refused(Protocol):
    """Anything that carries a refusal: an error of the rules, a game's ``Outcome``."""

    @property
    def refusal(self) -> Refusal:
        """The code, values and frames."""
        ...


def _worded_value(key: str, value: Any, s: Speaker) -> Any:
    """A value as its template shows it: colours, pieces, powers and kinds of name in words."""
    if isinstance(value, str):
        if key.endswith("colour") and value in COLOR_NAMES:
            return colour_name(value, s)
        if key.endswith("power") and value in POWER_NAMES:
            return power_name(value, s)
        if key.endswith("piece"):
            return piece_name(value, s)
        if key == "kind":
            return kind_name(value, s)
    return value


class _Values(dict[str, Any]):
    """Values for ``str.format_map``: a placeholder without a value stays as it is written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def template_of(code: str, values: Mapping[str, Any], speaker: Speaker | None = None) -> str | None:
    """The template of ``code`` in the speaker's language (the plural form the values call for), or
    None for a code with no template."""
    s = speaker or Speaker()
    template = TEMPLATES.get(code)
    if template is None:
        return None
    if isinstance(template, Plural):
        count = values.get(template.key, 2)
        return template.choose(s, count if isinstance(count, int) else 2)
    return s.gettext(template)


def _one(refusal: Refusal, s: Speaker, reason: str | None, voice: Voice | None = None) -> str:
    template = template_of(refusal.code, refusal.values, s)
    values = _Values({k: _worded_value(k, v, s) for k, v in refusal.values.items()})
    if voice is not None and refusal.code != "no-such-system" and not refusal.code.startswith("name-"):
        for key in _PLACE_KEYS:
            if isinstance(values.get(key), str):
                values[key] = voice.place(values[key])
    if template is None:  # a code newer than this table: say it plainly rather than nothing
        inside = ", ".join(f"{k}={v}" for k, v in refusal.values.items())
        template = refusal.code + (f" ({inside})" if inside else "") + (": {reason}" if reason is not None else "")
        values = _Values()
    if reason is not None:
        values["reason"] = reason
    try:
        return fill_map(template, values, s.language)
    except (ValueError, IndexError, AttributeError, KeyError):  # a damaged translation: the English
        english = template_of(refusal.code, refusal.values, Speaker("en")) or refusal.code
        return english.format_map(values)


def refusal_text(item: Refusal | Refused, language: str | None = None, voice: Voice | None = None) -> str:
    """A refusal in words: ``item`` is a ``Refusal``, an error of the rules or an ``Outcome``;
    ``language`` a language code ("en") or None for the player's language in force. With a ``voice``
    (who the players are), a homeworld named after a player is worded as a place ("your homeworld and
    the computer's homeworld are not connected"), as the narration words it (``Voice.place``)."""
    refusal = item if isinstance(item, Refusal) else item.refusal
    s = Speaker(language)
    text = _one(refusal.core, s, None, voice)
    for frame in reversed(refusal.frames):
        text = _one(frame, s, text, voice)
    return text


def name_problem(name: str, kind: str = "system") -> str | None:
    """Why ``name`` cannot be a name, in the player's words, or None if it can; ``kind`` is "system"
    or "player" (``rules.name_refusal``)."""
    why = name_refusal(name, kind)
    return None if why is None else refusal_text(why)


__all__ = ["Refused", "name_problem", "refusal_text", "template_of"]
