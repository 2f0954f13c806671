"""The board editor's model: a board composed piece by piece, and what keeps it from being played.

No pygame here. The board is a ``Position`` built without checks (``rules.board_position``): while it is
being composed it may break every promise of a position (a system without a star, a fourth green 1
pasted in), and ``problems`` says all of what is wrong, at once and where (``rules.board_problems``).

A piece is taken from a ``Source`` (a cell of the bank, a star or a ship on the board: the play screen's
targets) and dropped on a ``Place``: a system's stars, one player's ships at a system, open space (a new
system with the piece as its star, named by the editor) or the bank. Every change can be taken back
(``undo``). Only a board without problems becomes a position (``playable_position``): the board's text
read back by ``parse_position``, the one gate every position of a game passes.
"""

from __future__ import annotations

from dataclasses import dataclass

from hwgame.app.control.targets import BankPieceTarget, Highlights, ShipTarget, StarTarget
from hwgame.i18n import _
from hwgame.rules import (
    LATE_HOME,
    NO_HOME,
    PLAYING,
    BoardProblem,
    HomeworldsError,
    Position,
    Refusal,
    System,
    board_position,
    board_problems,
    format_position,
    name_refusal,
    new_system_name,
    parse_position,
    quote,
    read_board_text,
    ruleset_named,
)
from hwgame.words import piece_name

PLAYERS = ("North", "South")  # the players of a board begun empty
UNDO_DEPTH = 200  # changes that can be taken back


@dataclass(frozen=True, slots=True)
class StarPlace:
    """Among the stars of a system."""

    system: str


@dataclass(frozen=True, slots=True)
class ShipPlace:
    """Among one player's ships at a system."""

    system: str
    owner: int


@dataclass(frozen=True, slots=True)
class NewSystemPlace:
    """Open space: a new system, the piece its star."""


@dataclass(frozen=True, slots=True)
class BankPlace:
    """Back to the bank."""


Place = StarPlace | ShipPlace | NewSystemPlace | BankPlace
Source = BankPieceTarget | StarTarget | ShipTarget
NEW_SYSTEM = NewSystemPlace()
TO_BANK = BankPlace()


def empty_board(rules_name: str = "standard", players: tuple[str, str] = PLAYERS) -> Position:
    """A board with nothing on it, the first player to move, in play."""
    return board_position([], 0, PLAYING, ruleset_named(rules_name), players)


def _with(s: System, stars: tuple[int, ...] | None = None, ships: tuple[tuple[int, ...], tuple[int, ...]] | None
          = None, home: int | None = None, name: str | None = None) -> System:
    """``s`` with some of its parts changed (pieces kept sorted, as every System holds them)."""
    ships0, ships1 = ships if ships is not None else (s.ships0, s.ships1)
    return System(s.home if home is None else home, tuple(sorted(s.stars if stars is None else stars)),
                  tuple(sorted(ships0)), tuple(sorted(ships1)), s.name if name is None else name)


def _without_one(pieces: tuple[int, ...], piece: int) -> tuple[int, ...]:
    i = pieces.index(piece)
    return pieces[:i] + pieces[i + 1 :]


class BoardEditor:
    """A board being composed (see module doc): ``board`` is the board now, ``problems`` what is wrong."""

    def __init__(self, position: Position | None = None):
        board = empty_board() if position is None else position
        # The bank is worked out again from the systems: whatever it said, it is what they do not hold.
        self.board = board_position(list(board.systems), board.to_move, board.stage, board.rules, board.players)
        self.history: list[Position] = []
        self._checked: tuple[Position, tuple[BoardProblem, ...]] | None = None

    # --- reading ---
    @property
    def problems(self) -> tuple[BoardProblem, ...]:
        """Everything that keeps the board from being played (checked once per board)."""
        if self._checked is None or self._checked[0] is not self.board:
            self._checked = (self.board, board_problems(self.board))
        return self._checked[1]

    @property
    def playable(self) -> bool:
        """True when a game can go on from the board."""
        return not self.problems

    def playable_position(self) -> Position:
        """The board as a position a game can begin from; raises HomeworldsError when it has problems."""
        if self.problems:
            raise HomeworldsError(self.problems[0].code, **self.problems[0].values)
        return parse_position(format_position(self.board))

    def text(self) -> str:
        """The board's one-line text (``format_position``), to copy."""
        return format_position(self.board)

    def system(self, name: str) -> System | None:
        """The system of the board with exactly this name."""
        for s in self.board.systems:
            if s.name == name:
                return s
        return None

    def new_name(self) -> str:
        """A name for a new system that no system or player has."""
        return new_system_name(self.board)

    # --- changing ---
    def _change(self, systems: list[System], to_move: int | None = None, rules_name: str | None = None) -> None:
        """Make ``systems`` the board (what can be taken back first): a board in setup becomes a board in
        play once changed by hand, and the wait for the second homeworld (sdg) ends when it stands."""
        b = self.board
        rules = b.rules if rules_name is None else ruleset_named(rules_name)
        stage = b.stage
        if stage in (0, 1) or (stage == LATE_HOME and (not rules.late_home or any(s.home == 1 for s in systems))):
            stage = PLAYING
        new = board_position(systems, b.to_move if to_move is None else to_move, stage, rules, b.players)
        if new == b:
            return
        self.history.append(b)
        del self.history[:-UNDO_DEPTH]
        self.board = new

    def undo(self) -> bool:
        """Take back the last change; False when there is none."""
        if not self.history:
            return False
        self.board = self.history.pop()
        return True

    def clear(self) -> None:
        """Every piece back to the bank."""
        self._change([])

    def set_to_move(self, player: int) -> None:
        """Who moves first from the board."""
        self._change(list(self.board.systems), to_move=player)

    def set_rules(self, name: str) -> None:
        """The rule set the game from the board is played under (standard or sdg)."""
        self._change(list(self.board.systems), rules_name=name)

    def paste(self, text: str) -> HomeworldsError | None:
        """Put the board written as ``text`` in place of this one; the reason it cannot be read (and the
        board kept as it was) when it is not a position's text."""
        try:
            board = read_board_text(text)
        except HomeworldsError as exc:
            return exc
        if board != self.board:
            self.history.append(self.board)
            self.board = board
        return None

    def lift_refusal(self, source: Source) -> str | None:
        """Why ``source`` cannot be taken (in the player's words), or None when it can."""
        if isinstance(source, BankPieceTarget) and self.board.bank[source.piece] <= 0:
            return _("The bank has no {piece} left.").format(piece=piece_name(source.piece))
        return None

    def highlights(self, source: Source) -> Highlights:
        """Where ``source`` may be dropped: every system, every ship, open space; the bank for a piece of
        the board."""
        names = {s.name for s in self.board.systems}
        return Highlights(systems=names, bank=not isinstance(source, BankPieceTarget), space=True)

    def drop(self, source: Source, place: Place) -> bool:
        """Take the piece of ``source`` and put it at ``place``; False when nothing changes (the piece is not
        there any more, the bank has none, or the place is where it was)."""
        if self.lift_refusal(source) is not None:
            return False
        systems = list(self.board.systems)
        piece = source.piece
        if isinstance(source, (StarTarget, ShipTarget)):
            if _same_place(source, place):
                return False
            taken = self._take(systems, source)
            if not taken:
                return False
        if isinstance(place, NewSystemPlace):
            systems.append(System(NO_HOME, (piece,), (), (), self.new_name()))
        elif isinstance(place, (StarPlace, ShipPlace)):
            at = next((i for i, s in enumerate(systems) if s.name == place.system), None)
            if at is None:
                return False
            s = systems[at]
            if isinstance(place, StarPlace):
                systems[at] = _with(s, stars=s.stars + (piece,))
            else:
                ships = [s.ships0, s.ships1]
                ships[place.owner] = ships[place.owner] + (piece,)
                systems[at] = _with(s, ships=(ships[0], ships[1]))
        self._change(systems)
        return True

    @staticmethod
    def _take(systems: list[System], source: StarTarget | ShipTarget) -> bool:
        """Take the piece of ``source`` off ``systems``; a system left with no piece at all goes, unless it
        is a homeworld (its mark kept for the pieces to come). False when the piece is not there."""
        at = next((i for i, s in enumerate(systems) if s.name == source.system), None)
        if at is None:
            return False
        s = systems[at]
        if isinstance(source, StarTarget):
            if source.piece not in s.stars:
                return False
            s = _with(s, stars=_without_one(s.stars, source.piece))
        else:
            own = s.ships_of(source.owner)
            if source.piece not in own:
                return False
            ships = [s.ships0, s.ships1]
            ships[source.owner] = _without_one(own, source.piece)
            s = _with(s, ships=(ships[0], ships[1]))
        if not (s.stars or s.ships0 or s.ships1) and s.home == NO_HOME:
            del systems[at]
        else:
            systems[at] = s
        return True

    def give(self, system: str, owner: int, piece: int) -> bool:
        """The ship ``piece`` of one player at ``system`` goes to the other player."""
        return self.drop(ShipTarget(system, owner, piece), ShipPlace(system, 1 - owner))

    def set_home(self, name: str, owner: int) -> None:
        """Make ``name`` the homeworld of ``owner`` (NO_HOME: of no one); the player's homeworld so far
        becomes a plain system, so a player keeps one."""
        systems = []
        for s in self.board.systems:
            if s.name == name:
                s = _with(s, home=owner)
            elif owner != NO_HOME and s.home == owner:
                s = _with(s, home=NO_HOME)
            systems.append(s)
        self._change(systems)

    def remove_system(self, name: str) -> None:
        """Take a system off the board, its pieces back to the bank."""
        self._change([s for s in self.board.systems if s.name != name])

    def rename_refusal(self, name: str, new: str) -> Refusal | None:
        """Why system ``name`` cannot be called ``new`` (a refusal of the rules), or None when it can."""
        why = name_refusal(new)
        if why is not None:
            return why
        for s in self.board.systems:
            if s.name != name and s.name.lower() == new.lower():
                code = "name-taken-by-system" if s.name == new else "name-taken-by-system-case"
                return Refusal(code, {"name": quote(new), "system": s.name})
        return None

    def rename(self, name: str, new: str) -> Refusal | None:
        """Call system ``name`` ``new``; the refusal (and nothing changed) when it cannot be called so."""
        why = self.rename_refusal(name, new)
        if why is None:
            self._change([_with(s, name=new) if s.name == name else s for s in self.board.systems])
        return why


def _same_place(source: StarTarget | ShipTarget, place: Place) -> bool:
    """True when ``place`` is where the piece of ``source`` already is."""
    if isinstance(source, StarTarget):
        return isinstance(place, StarPlace) and place.system == source.system
    return isinstance(place, ShipPlace) and (place.system, place.owner) == (source.system, source.owner)


def problem_lines(editor: BoardEditor) -> list[tuple[str | None, str]]:
    """(system concerned or None, the problem in the player's words) for each problem of the board."""
    from hwgame.words import refusal_text

    return [(p.system, refusal_text(p.refusal)) for p in editor.problems]


__all__ = ["NEW_SYSTEM", "TO_BANK", "BankPlace", "BoardEditor", "NewSystemPlace", "Place", "ShipPlace", "Source",
           "StarPlace", "empty_board", "problem_lines"]
