"""A position on one line of text, for tests, puzzles, bug reports and the engine protocol.

The line is a header and one part per system, separated by ``;``::

    standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3; Alpha - r2 y1 b1

Header: the rule set, the two players, the player to move (0 or 1) and the stage (0 and 1: that
player sets up next, 2: both homeworlds are set up). A system: its name, whose homeworld it is
(0, 1 or ``-``), its stars, player 0's ships and player 1's ships, each a run of pieces such as
``y1b2`` or ``-`` for none. Names never hold whitespace or ``;`` (``notation.name_problem``), so the
line splits without quoting. The bank is not written: it is what the board does not hold.

Reading checks everything a position promises (piece counts, one homeworld each, star counts,
names), in time linear in the length of the line, and refuses with a short quoted reason.
"""

from __future__ import annotations

from .errors import NotationError
from .notation import name_problem, quote
from .pieces import COLOR_LETTERS, COPIES, make_piece, piece_text
from .position import NO_HOME, PLAYING, Position, System, player_pair, ruleset_named

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


def _bad(why: str) -> NotationError:
    return NotationError(f"not a position: {why}")


def _read_pieces(word: str, what: str) -> tuple[int, ...]:
    if word == "-":
        return ()
    if len(word) % 2 or len(word) > 2 * COPIES * 12:
        raise _bad(f"{what} {quote(word)} is not a run of pieces such as y1b2")
    pieces = []
    for i in range(0, len(word), 2):
        letter, size = word[i].lower(), word[i + 1]
        if letter not in COLOR_LETTERS or size not in "123":
            raise _bad(f"{what} {quote(word)} is not a run of pieces such as y1b2")
        pieces.append(make_piece(COLOR_LETTERS.index(letter), int(size)))
    return tuple(sorted(pieces))


def _read_system(part: str) -> System:
    words = part.split()
    if len(words) != 5:
        raise _bad(f"system {quote(part.strip())} needs five words: name, owner, stars, and both players' ships")
    name, owner, stars, ships0, ships1 = words
    problem = name_problem(name)
    if problem:
        raise _bad(problem)
    if owner not in _OWNERS:
        raise _bad(f"the owner of {quote(name)} is {quote(owner)}: write 0, 1 or - for no one")
    system = System(_OWNERS[owner], _read_pieces(stars, f"the stars of {quote(name)},"),
                    _read_pieces(ships0, f"the ships of {quote(name)},"),
                    _read_pieces(ships1, f"the ships of {quote(name)},"), name)  # fmt: skip
    if not 1 <= len(system.stars) <= (2 if system.home != NO_HOME else 1):
        kind = "a homeworld has one or two stars" if system.home != NO_HOME else "a system has one star"
        raise _bad(f"{quote(name)} has {len(system.stars)} stars: {kind}")
    if system.home == NO_HOME and not (system.ships0 or system.ships1):
        raise _bad(f"{quote(name)} has no ship: an empty system goes back to the bank")
    return system


def _check_setup(systems: list[System], to_move: int, stage: int) -> None:
    homes = sorted(s.home for s in systems if s.home != NO_HOME)
    if stage == PLAYING:
        return  # a homeworld may be gone: the position that ends a game is a position too
    if to_move != stage:
        raise _bad(f"in setup (stage {stage}) player {stage} is to move")
    if homes != list(range(stage)) or len(systems) != stage:
        raise _bad(f"stage {stage} of setup has {stage} homeworld{'s' if stage != 1 else ''} and nothing else")


def parse_position(text: str) -> Position:
    """Read the one-line text of a position (``format_position``); raise NotationError if it is not one."""
    if not isinstance(text, str):
        raise _bad(f"expected text, not {type(text).__name__}")
    if len(text) > MAX_POSITION_TEXT:
        raise _bad(f"{len(text)} characters is too long (at most {MAX_POSITION_TEXT})")
    parts = text.strip().split(";")
    head = parts[0].split()
    if len(head) != 5:
        raise _bad(f"{quote(parts[0].strip())} should be: rules, two players, player to move, stage")
    rules_name, first, second, mover, stage_text = head
    try:
        rules = ruleset_named(rules_name)
    except ValueError:
        raise _bad(f"unknown rules {quote(rules_name)}: standard or sdg") from None
    for name in (first, second):
        problem = name_problem(name, "a player's name")
        if problem:
            raise _bad(problem)
    if first.lower() == second.lower():
        raise _bad("the two players need different names")
    if mover not in ("0", "1") or stage_text not in ("0", "1", "2"):
        raise _bad(f"player to move {quote(mover)} must be 0 or 1 and stage {quote(stage_text)} 0, 1 or 2")
    systems = [_read_system(part) for part in parts[1:]]
    return checked_position(systems, int(mover), int(stage_text), rules, player_pair((first, second)))


def checked_position(systems: list[System], to_move: int, stage: int, rules, players: tuple[str, str]) -> Position:
    """A position from its parts once they are shown to fit together (names, homeworlds, setup stage,
    at most three of each piece); the bank is what the systems do not hold. Raises NotationError."""
    names = [s.name.lower() for s in systems]
    if len(set(names)) != len(names):
        raise _bad("two systems share a name")
    owners = [s.home for s in systems if s.home != NO_HOME]
    if len(set(owners)) != len(owners):
        raise _bad("a player has two homeworlds")
    _check_setup(systems, to_move, stage)
    bank = [COPIES] * 12
    for s in systems:
        for p in s.stars + s.ships0 + s.ships1:
            bank[p] -= 1
    short = [piece_text(p) for p in range(12) if bank[p] < 0]
    if short:
        raise _bad(f"more than {COPIES} pieces of {', '.join(short)}")
    return Position(tuple(systems), tuple(bank), to_move, stage, rules, players)
