"""Filling a template with words, spaced as the language in force spaces them where they meet.

Traditional Chinese puts a space between a Han character and a Latin letter or a figure ("在 Alpha
建造綠色 1", "捕獲 Vega 的紅色 2") and none between two Han characters ("在你的母星建造"). A template
cannot know what a placeholder will hold: a system is "Alpha" or "你的母星", an owner "你的" or
"Vega 的". ``fill`` decides the spacing where a value meets the template's text, from the characters
that meet there, and leaves the inside of every value and of the template as it is written (a name
keeps its own spaces). Other languages get ``str.format`` unchanged.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from hwgame.i18n import current_language

# The languages that space Han characters from Latin letters and figures (and not from each other).
SPACED_LANGUAGES = ("zh-Hant",)

_FORMATTER = string.Formatter()


def is_han(c: str) -> bool:
    """A Han character or a kana (a letter written without spaces around it)."""
    o = ord(c)
    return 0x3040 <= o <= 0x30FF or 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x2FFFF


def is_cjk_mark(c: str) -> bool:
    """CJK punctuation or a full-width form ("，", "（", "："): never spaced from anything."""
    o = ord(c)
    return 0x3000 <= o <= 0x303F or 0xFF00 <= o <= 0xFFEF


def _latin(c: str) -> bool:
    return (c.isalnum() or c == "%") and not is_han(c) and not is_cjk_mark(c)


def _meet(left: str, right: str, spaced: bool) -> str:
    """What goes between ``left`` (the last character before a seam) and ``right`` (the first after);
    ``spaced``: whether the template's text had a space there."""
    if is_cjk_mark(left) or is_cjk_mark(right):
        return ""
    if is_han(left) and is_han(right):
        return ""
    if is_han(left) and _latin(right) or _latin(left) and is_han(right):
        return " "
    return " " if spaced else ""


def _join(pieces: list[tuple[str, bool]]) -> str:
    """Template text (False) and values (True) joined: where a value meets its neighbour, the spaces
    between them are those of ``_meet``; text next to text keeps its own."""
    out: list[str] = []
    last = ""  # the last character written
    last_value = False
    gap = ""  # the template's spaces waiting at the seam
    for text, value in pieces:
        if value:
            core, lead, trail = text, "", ""
        else:
            core = text.strip(" ")
            lead = text[: len(text) - len(text.lstrip(" "))]
            trail = text[len(text.rstrip(" ")) :]
        if not core:
            gap += lead + trail if not value else ""
            continue
        gap += lead
        if last and (value or last_value):
            out.append(_meet(last, core[0], bool(gap)))
        else:
            out.append(gap)
        out.append(core)
        last, last_value, gap = core[-1], value, trail
    out.append(gap)
    return "".join(out)


def fill_map(template: str, values: Mapping[str, Any], language: str | None = None) -> str:
    """``template.format_map(values)``, spaced where the values meet the text in a language that spaces
    Han from Latin letters and figures (``language``, by default the one in force)."""
    if (language or current_language()) not in SPACED_LANGUAGES:
        return template.format_map(values)
    pieces: list[tuple[str, bool]] = []
    for literal, field, spec, conversion in _FORMATTER.parse(template):
        pieces.append((literal, False))
        if field is None:
            continue
        obj, _key = _FORMATTER.get_field(field, (), values)
        obj = _FORMATTER.convert_field(obj, conversion)
        pieces.append((_FORMATTER.format_field(obj, spec or ""), True))
    return _join(pieces)


def fill(template: str, /, **values: Any) -> str:
    """``template.format(**values)``, spaced as ``fill_map`` spaces it."""
    return fill_map(template, values)


__all__ = ["SPACED_LANGUAGES", "fill", "fill_map", "is_cjk_mark", "is_han"]
