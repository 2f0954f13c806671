"""A position on one line of text, for tests, puzzles, bug reports and the engine protocol.

The line is a header and one part per system, separated by ``;``::

    standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3; Alpha - r2 y1 b1

Header: the rule set, the two players, the player to move (0 or 1) and the stage (0 and 1: that
player sets up next, 2: both homeworlds are set up, 3: in play under sdg while the second player, who
passed instead of setting up, has yet to build a homeworld). A system: its name, whose homeworld it is
(0, 1 or ``-``), its stars, player 0's ships and player 1's ships, each a run of pieces such as
``y1b2`` or ``-`` for none. Names never hold whitespace or ``;`` (``notation.name_refusal``), so the
line splits without quoting. The bank is not written: it is what the board does not hold.

Reading checks everything a position promises (piece counts, one homeworld each, star counts,
names), in time linear in the length of the line, and refuses with a reason code (``position-*``)
inside a ``not-a-position`` frame, quoting at most a short part of the text.
"""

from __future__ import annotations

from typing import Any

from .errors import NotationError, Refusal
from .notation import name_refusal, quote
from .pieces import COLOR_LETTERS, COPIES, make_piece, piece_text
from .position import LATE_HOME, NO_HOME, PLAYING, Position, RuleSet, System, player_pair, ruleset_named

MAX_POSITION_TEXT = 4096  # a real position is a few hundred characters; longer text is refused unread
_OWNERS = {"0": 0, "1": 1, "-": NO_HOME}


def _pieces_text(pieces: tuple[int, ...]) -> str:
    return "".join(piece_text(p) for p in pieces) or "-"


def format_position(position: Position) -> str:
    """The one-line text of ``position`` (see the module docstring); ``parse_position`` reads it back."""
    head = f"{position.rules.name} {position.players[0]} {position.players[1]} {position.to_move} {position.stage}"
    parts = [head]
    for s in position.systems:
        owner = "-" if s.home == NO_HOME else str(s.home)
        parts.append(f"{s.name} {owner} {_pieces_text(s.stars)} {_pieces_text(s.ships0)} {_pieces_text(s.ships1)}")
    return "; ".join(parts)


def _bad(code: str, **values: Any) -> NotationError:
    return NotationError(code, **values).within("not-a-position")


def _bad_name(why: Refusal) -> NotationError:
    return NotationError.of(why).within("not-a-position")


def _read_pieces(word: str, code: str, system: str) -> tuple[int, ...]:
    if word == "-":
        return ()
    if len(word) % 2 or len(word) > 2 * COPIES * 12:
        raise _bad(code, system=quote(system), word=quote(word))
    pieces = []
    for i in range(0, len(word), 2):
        letter, size = word[i].lower(), word[i + 1]
        if letter not in COLOR_LETTERS or size not in "123":
            raise _bad(code, system=quote(system), word=quote(word))
        pieces.append(make_piece(COLOR_LETTERS.index(letter), int(size)))
    return tuple(sorted(pieces))


def _read_system(part: str) -> System:
    words = part.split()
    if len(words) != 5:
        raise _bad("position-bad-system", part=quote(part.strip()))
    name, owner, stars, ships0, ships1 = words
    problem = name_refusal(name)
    if problem:
        raise _bad_name(problem)
    if owner not in _OWNERS:
        raise _bad("position-bad-owner", system=quote(name), owner=quote(owner))
    system = System(_OWNERS[owner], _read_pieces(stars, "position-bad-stars", name),
                    _read_pieces(ships0, "position-bad-ships", name),
                    _read_pieces(ships1, "position-bad-ships", name), name)  # fmt: skip
    if not 1 <= len(system.stars) <= (2 if system.home != NO_HOME else 1):
        code = "position-homeworld-stars" if system.home != NO_HOME else "position-system-stars"
        raise _bad(code, system=quote(name), count=len(system.stars))
    if system.home == NO_HOME and not (system.ships0 or system.ships1):
        raise _bad("position-empty-system", system=quote(name))
    return system


def _check_setup(systems: list[System], to_move: int, stage: int) -> None:
    homes = sorted(s.home for s in systems if s.home != NO_HOME)
    if stage == PLAYING:
        return  # a homeworld may be gone: the position that ends a game is a position too
    if stage == LATE_HOME:
        if 1 in homes:  # the second player has yet to build a homeworld
            raise _bad("position-setup-systems", stage=stage)
        return
    if to_move != stage:
        raise _bad("position-setup-mover", stage=stage)
    if homes != list(range(stage)) or len(systems) != stage:
        raise _bad("position-setup-systems", stage=stage)


def _read_header(text: str) -> tuple[list[str], RuleSet, tuple[str, str], int, int]:
    """The parts of a position's text and its header read (rules, players, mover, stage); raise
    NotationError when the text is not a position's line at all."""
    if not isinstance(text, str):
        raise _bad("position-not-text", type=type(text).__name__)
    if len(text) > MAX_POSITION_TEXT:
        raise _bad("position-too-long", length=len(text), limit=MAX_POSITION_TEXT)
    parts = text.strip().split(";")
    head = parts[0].split()
    if len(head) != 5:
        raise _bad("position-bad-header", header=quote(parts[0].strip()))
    rules_name, first, second, mover, stage_text = head
    try:
        rules = ruleset_named(rules_name)
    except ValueError:
        raise _bad("unknown-rules", name=quote(rules_name)) from None
    for name in (first, second):
        problem = name_refusal(name, "player")
        if problem:
            raise _bad_name(problem)
    if first.lower() == second.lower():
        raise _bad("players-same-name")
    late = rules.late_home and stage_text == str(LATE_HOME)  # only rules that allow it know that stage
    if mover not in ("0", "1") or (stage_text not in ("0", "1", "2") and not late):
        raise _bad("position-bad-mover-stage", mover=quote(mover), stage=quote(stage_text))
    return parts, rules, player_pair((first, second)), int(mover), int(stage_text)


def parse_position(text: str) -> Position:
    """Read the one-line text of a position (``format_position``); raise NotationError if it is not one."""
    parts, rules, players, mover, stage = _read_header(text)
    systems = [_read_system(part) for part in parts[1:]]
    return checked_position(systems, mover, stage, rules, players)


def read_board_text(text: str) -> Position:
    """Read the one-line text of a position as a board that may break the position's promises (for the
    board editor, which then says all that is wrong: ``board_check.board_problems``): only what makes
    the text unreadable is refused (the header, a system's five words, its owner, its pieces), with
    the reason ``parse_position`` gives. The bank is what the systems do not hold, a count below zero
    where they hold more than three of a piece."""
    parts, rules, players, mover, stage = _read_header(text)
    systems = []
    for part in parts[1:]:
        words = part.split()
        if len(words) != 5:
            raise _bad("position-bad-system", part=quote(part.strip()))
        name, owner, stars, ships0, ships1 = words
        if owner not in _OWNERS:
            raise _bad("position-bad-owner", system=quote(name), owner=quote(owner))
        systems.append(System(_OWNERS[owner], _read_pieces(stars, "position-bad-stars", name),
                              _read_pieces(ships0, "position-bad-ships", name),
                              _read_pieces(ships1, "position-bad-ships", name), name))  # fmt: skip
    return board_position(systems, mover, stage, rules, players)


def board_position(
    systems: list[System], to_move: int, stage: int, rules: RuleSet, players: tuple[str, str]
) -> Position:
    """A position from its parts, unchecked: the bank is what the systems do not hold (below zero where
    they hold too many of a piece). For the board editor; ``checked_position`` for a game."""
    bank = [COPIES] * 12
    for s in systems:
        for p in s.stars + s.ships0 + s.ships1:
            bank[p] -= 1
    return Position(tuple(systems), tuple(bank), to_move, stage, rules, players)


def checked_position(
    systems: list[System], to_move: int, stage: int, rules: RuleSet, players: tuple[str, str]
) -> Position:
    """A position from its parts once they are shown to fit together (names, homeworlds, setup stage,
    at most three of each piece); the bank is what the systems do not hold. Raises NotationError."""
    names = [s.name.lower() for s in systems]
    if len(set(names)) != len(names):
        raise _bad("position-duplicate-name")
    owners = [s.home for s in systems if s.home != NO_HOME]
    if len(set(owners)) != len(owners):
        raise _bad("position-two-homeworlds")
    _check_setup(systems, to_move, stage)
    bank = [COPIES] * 12
    for s in systems:
        for p in s.stars + s.ships0 + s.ships1:
            bank[p] -= 1
    short = [piece_text(p) for p in range(12) if bank[p] < 0]
    if short:
        raise _bad("position-too-many-pieces", count=COPIES, pieces=", ".join(short))
    return Position(tuple(systems), tuple(bank), to_move, stage, rules, players)
