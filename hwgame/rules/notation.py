"""Reading and writing actions and turns in SDG notation.

SDG notation is what the SuperDuperGames archive uses: one action per line, a keyword then pieces and
system names, for example ``Build G1 Dsheldon`` or ``Discover G1 Alpha B1 Beta``. Keywords are
case-insensitive and may be abbreviated; pieces are a colour letter and a size (``g1``), and a ship may
carry an owner suffix (``G1N``) that two-player games do not need. Two written styles exist:

- ``"sdg"``: ``Build G1 Alpha`` (capitalised keyword, upper-case pieces), as the archive prints it;
- ``"canonical"``: ``build g1 Alpha`` (keywords, pieces and colours in lower case).

System names keep their case in both styles: names are matched case-insensitively anyway, and a name
stays as its player typed it. A name is any run of up to 40 printable characters without whitespace,
in any script (``Dy/dx``, ``Ærø``, ``織女``), but no ``;`` (which separates the actions of a turn);
``name_refusal`` is that rule, for the validator, the saves and the window alike. A longer or
unprintable word is refused here, so no later message has to quote it. ``parse_action`` reads both
styles (and every abbreviation), and ``parse_action(format_action(a, style))`` equals ``a``.
``parse_sdg_line`` reads a line the way the SDG site did, for importing its records.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from .actions import (
    END_TURN,
    PASS,
    Action,
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    Homeworld,
    Move,
    Pass,
    Sacrifice,
    Trade,
    Turn,
)
from .errors import NotationError, Refusal
from .pieces import COLOR_LETTERS, COLOR_NAMES, make_piece, piece_text

STYLES = ("sdg", "canonical")

# Every keyword a player may write, with the action it names. "construct" is SDG's other word for
# build and "capture" the rule book's word for attack.
_KEYWORDS = {
    "homeworld": "homeworld",
    "build": "build",
    "construct": "build",
    "trade": "trade",
    "move": "move",
    "discover": "discover",
    "attack": "attack",
    "capture": "attack",
    "sacrifice": "sacrifice",
    "catastrophe": "catastrophe",
    "pass": "pass",
    "endturn": "end",
    "end": "end",
}
# One-letter abbreviations are fixed rather than found by prefix, because "c" would otherwise be
# ambiguous (construct, capture, catastrophe); SDG reads "c" as catastrophe.
_LETTERS = {
    "h": "homeworld",
    "b": "build",
    "t": "trade",
    "m": "move",
    "d": "discover",
    "a": "attack",
    "s": "sacrifice",
    "c": "catastrophe",
    "p": "pass",
    "e": "end",
}

# What follows each keyword, for the "wrong word count" refusal (homeworld and pass/end have their own).
_SHAPES = {
    "build": "PIECE SYSTEM",
    "trade": "OLD NEW SYSTEM",
    "move": "SHIP FROM TO",
    "discover": "SHIP FROM STAR NAME",
    "attack": "PIECE SYSTEM",
    "sacrifice": "SHIP SYSTEM",
    "catastrophe": "SYSTEM COLOUR",
}

_PIECE = re.compile(r"^([rygb])([123])([nsew]?)$", re.IGNORECASE)
_LOOSE_PIECE = re.compile(r"^([rygb])([123])(.*)$", re.IGNORECASE)
_COLOR_WORDS = {name: i for i, name in enumerate(COLOR_NAMES)}
_COLOR_WORDS.update({letter: i for i, letter in enumerate(COLOR_LETTERS)})


def keyword_of(word: str) -> str | None:
    """The action a keyword or abbreviation names ("build", "attack", ...), or None if none or ambiguous.

    A one-letter word uses the fixed SDG abbreviations; a longer word may be any prefix of exactly one
    keyword's action ("sac", "cat", "buil", "cap").
    """
    w = word.lower()
    if w in _KEYWORDS:
        return _KEYWORDS[w]
    if len(w) == 1:
        return _LETTERS.get(w)
    found = {action for key, action in _KEYWORDS.items() if key.startswith(w)}
    return found.pop() if len(found) == 1 else None


MAX_NAME = 40  # RULES.md: a name is up to 40 printable characters without whitespace (the archive's longest: 37)
QUOTE_LIMIT = 60  # the most characters of untrusted input a message repeats
WORD_LIMIT = 24  # the most a message repeats of a word meant as a keyword, a piece or a colour
TURN_SEPARATOR = ";"  # between the actions of a turn written on one line


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for a message: escaped like ``repr`` (no newline or control character gets
    through) and, when longer, cut to about ``limit`` characters as shown, saying how long it was."""
    if len(text) <= limit and len(repr(text)) <= limit + 2:
        return repr(text)
    # The longest start whose escaped form fits: escapes make a control character four wide.
    low, high = 0, min(len(text), limit)
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if len(repr(text[:mid])) <= limit + 2 else (low, mid - 1)
    return f"{text[:low]!r}... ({len(text)} characters)"


def shown(value: object) -> str:
    """Any value as a message may show it: text through ``quote``, anything else by its ``repr`` cut
    the same way (a number too long to convert to digits is only described)."""
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except ValueError:  # a number inside too long to write out
        return f"a {type(value).__name__} too big to show"
    return text if len(text) <= QUOTE_LIMIT else quote(text)


def name_character(ch: str) -> bool:
    """True when ``ch`` may be part of a name: printable, not whitespace, not the ``;`` between actions."""
    # isprintable() is False for control and format characters and for every space but " ".
    return ch.isprintable() and not ch.isspace() and ch != TURN_SEPARATOR


NAME_KINDS = ("system", "player")


def name_refusal(name: str, kind: str = "system") -> Refusal | None:
    """Why ``name`` cannot be a name (a refusal of the ``name-*`` codes), or None if it can.

    The one rule for the names of systems and players (RULES.md, "Systems and the map"): up to
    ``MAX_NAME`` printable characters in any script, without whitespace. A ``;`` is refused as well,
    because it separates the actions of a turn written on one line (saves, the engine protocol), where
    a name holding one could not be read back. ``kind`` is ``"system"`` or ``"player"``.
    """
    if not isinstance(name, str):
        return Refusal("name-not-text", {"kind": kind, "type": type(name).__name__})
    if not name:
        return Refusal("name-empty", {"kind": kind})
    if len(name) > MAX_NAME:
        return Refusal("name-too-long", {"name": quote(name), "kind": kind, "limit": MAX_NAME})
    code = None
    if " " in name:
        code = "name-has-space"
    elif any(ch.isspace() for ch in name):
        code = "name-has-other-space"
    elif not name.isprintable():
        code = "name-unprintable"
    elif TURN_SEPARATOR in name:
        code = "name-has-separator"
    return None if code is None else Refusal(code, {"name": quote(name), "kind": kind})


def _bad(text: str, code: str, **values: Any) -> NotationError:
    return NotationError(code, **values).within("cannot-read", text=quote(text))


def _name(text: str, word: str) -> str:
    """A system name as written; refuse a word that no name could be."""
    why = name_refusal(word)
    if why is not None:
        raise NotationError.of(why).within("cannot-read", text=quote(text))
    return word


def _piece(text: str, word: str, what: str, ship: bool, strict: bool) -> int:
    """Read a piece; a ship may carry an owner suffix (N, S, E, W) that is ignored.

    Not strict, any characters after the colour and size are ignored, as SDG did ("G1!", "B2k").
    """
    m = _PIECE.match(word) if strict else _LOOSE_PIECE.match(word)
    if m is None or (strict and m.group(3) and not ship):
        raise _bad(text, f"notation-not-a-{what}", word=quote(word, WORD_LIMIT))
    return make_piece(COLOR_LETTERS.index(m.group(1).lower()), int(m.group(2)))


def _color(text: str, word: str) -> int:
    color = _COLOR_WORDS.get(word.lower())
    if color is None:
        raise _bad(text, "notation-not-a-colour", word=quote(word, WORD_LIMIT))
    return color


# How many words follow each keyword: the fewest and the most.
_COUNTS = {"homeworld": (3, 4), "trade": (3, 3), "move": (3, 3), "discover": (4, 4), "pass": (0, 0), "end": (0, 0)}


def _read(text: str, strict: bool) -> tuple[Action, str]:
    """Read one action; return it and the words ignored after it (always empty when strict)."""
    if not isinstance(text, str):
        error = NotationError("notation-action-not-text", type=type(text).__name__)
        raise error.within("cannot-read", text=shown(text))
    words = text.split()
    if not words:
        raise _bad(text, "notation-empty")
    kind = keyword_of(words[0])
    if kind is None:
        raise _bad(text, "notation-unknown-verb", word=quote(words[0], WORD_LIMIT))
    args = words[1:]
    low, high = _COUNTS.get(kind, (2, 2))
    ignored = ""
    if len(args) > high and not strict:
        ignored = " ".join(args[high:])
        args = args[:high]
    if not low <= len(args) <= high:
        if kind == "homeworld":
            raise _bad(text, "notation-homeworld-word-count", given=len(args))
        if not high:
            raise _bad(text, "notation-takes-nothing", verb=kind, given=len(args))
        raise _bad(text, "notation-word-count", verb=kind, count=low, shape=_SHAPES[kind], given=len(args))

    def piece(i: int, what: str = "ship", ship: bool = True) -> int:
        return _piece(text, args[i], what, ship, strict)

    def name(i: int) -> str:
        return _name(text, args[i])

    action: Action
    if kind == "build":
        action = Build(piece(0, "piece"), name(1))
    elif kind == "trade":
        action = Trade(piece(0, "piece"), piece(1, "piece"), name(2))
    elif kind == "move":
        action = Move(piece(0), name(1), name(2))
    elif kind == "discover":
        action = Discover(piece(0), name(1), piece(2, "star", False), name(3))
    elif kind == "attack":
        action = Capture(piece(0), name(1))
    elif kind == "sacrifice":
        action = Sacrifice(piece(0), name(1))
    elif kind == "catastrophe":
        action = Catastrophe(name(0), _color(text, args[1]))
    elif kind == "pass":
        action = PASS
    elif kind == "end":
        action = END_TURN
    else:
        # Homeworld: a fourth word is the "*" of an unusual setup; SDG also ignored a stray name there
        # (the homeworld is always named after its player), so any single extra word is accepted.
        written = [None if w == "-" else piece(i, "star", False) for i, w in enumerate(args[:2])]
        stars = [p for p in written if p is not None]
        if not stars:
            raise _bad(text, "notation-homeworld-no-star")
        action = Homeworld(stars[0], stars[1] if len(stars) > 1 else None, piece(2))
    return action, ignored


def parse_action(text: str) -> Action:
    """Read one action written in SDG notation (either style); raise NotationError if it cannot be read.

    Only the notation is checked here; whether the action is legal is the validator's business.
    """
    return _read(text, strict=True)[0]


def parse_sdg_line(text: str) -> tuple[Action, str]:
    """Read a line as the SDG site did: return the action and the text it ignored (often "").

    SDG read the words an action needs and dropped the rest ("Attack G1 Sol North", a two-word system
    name of which only the first word counted), and ignored junk after a piece ("G1!"). Records made
    there are replayed the way the site understood them.
    """
    return _read(text, strict=False)


def _check_style(style: str) -> None:
    if style not in STYLES:
        raise NotationError("notation-unknown-style", style=shown(style))


def format_action(action: Action, style: str = "sdg") -> str:
    """Write one action in SDG notation: ``"sdg"`` as the archive prints it, ``"canonical"`` in lower case."""
    _check_style(style)
    upper = style == "sdg"

    def p(piece: int) -> str:
        t = piece_text(piece)
        return t.upper() if upper else t

    def k(word: str) -> str:
        return word.capitalize() if upper else word

    if isinstance(action, Build):
        return f"{k('build')} {p(action.piece)} {action.system}"
    if isinstance(action, Trade):
        return f"{k('trade')} {p(action.old)} {p(action.new)} {action.system}"
    if isinstance(action, Move):
        return f"{k('move')} {p(action.ship)} {action.origin} {action.destination}"
    if isinstance(action, Discover):
        return f"{k('discover')} {p(action.ship)} {action.origin} {p(action.star)} {action.name}"
    if isinstance(action, Capture):
        return f"{k('attack')} {p(action.piece)} {action.system}"
    if isinstance(action, Sacrifice):
        return f"{k('sacrifice')} {p(action.ship)} {action.system}"
    if isinstance(action, Catastrophe):
        letter = COLOR_LETTERS[action.color]
        return f"{k('catastrophe')} {action.system} {letter.upper() if upper else letter}"
    if isinstance(action, Pass):
        return k("pass")
    if isinstance(action, EndTurn):
        return "EndTurn" if upper else "endturn"
    if isinstance(action, Homeworld):
        star2 = "-" if action.star2 is None else p(action.star2)
        return f"{k('homeworld')} {p(action.star1)} {star2} {p(action.ship)}"
    raise TypeError(f"{action!r} is not an action")


def parse_turn(text: str) -> Turn:
    """Read a turn: actions separated by ';' or new lines (blank parts are skipped)."""
    if not isinstance(text, str):
        error = NotationError("notation-turn-not-text", type=type(text).__name__)
        raise error.within("cannot-read", text=shown(text))
    parts = [part.strip() for line in text.splitlines() for part in line.split(TURN_SEPARATOR)]
    return tuple(parse_action(part) for part in parts if part)


def format_turn(turn: Iterable[Action], style: str = "sdg") -> str:
    """Write a turn on one line, its actions joined by ``"; "``."""
    return f"{TURN_SEPARATOR} ".join(format_action(a, style) for a in turn)


__all__ = [
    "MAX_NAME",
    "STYLES",
    "TURN_SEPARATOR",
    "format_action",
    "format_turn",
    "keyword_of",
    "name_character",
    "name_refusal",
    "parse_action",
    "parse_sdg_line",
    "parse_turn",
    "quote",
]
