"""Handicaps: a change to the starting fleets that evens a game between a weaker and a stronger player.

The homeworld turn puts exactly one ship, so a handicap cannot be a choice made during it. It is applied
once, to the position in which both homeworlds first stand (``Game`` does it when a turn ends the setup),
with pieces taken from and returned to the bank, so the 36 pieces stay 36 and the position stays one the
rules could reach:

- ``EXTRA_SMALL``: the weaker player (``Handicap.seat``) gets an extra small ship at home, **of the colour
  of their starting ship**: a second ship like the one they chose, so their plan is unchanged and only
  their fleet grows. When the bank has no small piece of that colour left, the nearest choice is a small
  piece of another colour, tried in the order green, blue, yellow, red (build and trade first: the
  economy a new player is told to keep).
- ``MEDIUM_SHIP``: the stronger player (``Handicap.seat``) starts with a medium ship instead of a large
  one, of the same colour. With no medium of that colour left, a small one of that colour (the power
  kept, the fleet weaker still); with none of those either, a medium of another colour in the order
  above. A starting ship that is not large is left as it is: the player already took the handicap.

Either way ``apply_handicap`` says what it did (a note code of ``errors.NOTE_CODES`` with its values, worded
by ``hwgame.words``), so that a substitution is told to the players, never made silently. Pure standard
library, like the rest of the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import HomeworldsError, Refusal
from .notation import quote
from .pieces import BLUE, GREEN, RED, YELLOW, color_of, make_piece, piece_text, size_of
from .position import Position, System, opponent_of

EXTRA_SMALL = "extra-small"  # the weaker player's extra small ship at home
MEDIUM_SHIP = "medium-ship"  # the stronger player's medium ship instead of a large one
HANDICAP_KINDS = (EXTRA_SMALL, MEDIUM_SHIP)
# The colours tried when the colour asked for is not in the bank: build and trade first.
FALLBACK_COLOURS = (GREEN, BLUE, YELLOW, RED)
# How a transcript's ``Handicap:`` line says each kind after the player's name (read back in any case).
HEADER_WORDS = {
    EXTRA_SMALL: "starts with an extra small ship",
    MEDIUM_SHIP: "starts with a medium ship, not a large one",
}


@dataclass(frozen=True)
class Handicap:
    """A handicap: its ``kind`` (``HANDICAP_KINDS``) and the ``seat`` (0 or 1) whose starting fleet it
    changes: the weaker player for ``EXTRA_SMALL``, the stronger one for ``MEDIUM_SHIP``."""

    kind: str
    seat: int

    def __post_init__(self) -> None:
        if self.kind not in HANDICAP_KINDS:
            raise HomeworldsError("unknown-handicap", name=quote(str(self.kind)))
        if self.seat not in (0, 1):
            raise HomeworldsError("unknown-handicap", name=quote(str(self.seat)))

    @property
    def helped(self) -> int:
        """The seat of the weaker player, whom the handicap helps."""
        return self.seat if self.kind == EXTRA_SMALL else opponent_of(self.seat)

    def swapped(self) -> Handicap:
        """The same handicap once the players have changed seats (a rematch): it stays with its player."""
        return Handicap(self.kind, opponent_of(self.seat))


@dataclass(frozen=True)
class HandicapEffect:
    """What ``apply_handicap`` did: the position after it, the piece put on the board (``given``) and
    the one returned to the bank (``taken``), either None when nothing moved, and ``note``, a
    ``NOTE_CODES`` refusal saying it in words a player reads."""

    handicap: Handicap
    position: Position
    given: int | None
    taken: int | None
    note: Refusal

    @property
    def changed(self) -> bool:
        """True when a piece moved between the bank and the board."""
        return self.given is not None


def _first_in_bank(bank: tuple[int, ...], wanted: list[int]) -> int | None:
    return next((p for p in wanted if bank[p] > 0), None)


def _starting_ship(home: System, player: int) -> int:
    """The ship a handicap takes its colour from: the player's largest ship at home (the one the
    homeworld turn put there, unless the player has built since under late-home rules)."""
    ships = home.ships_of(player)
    return max(ships, key=lambda p: (size_of(p), -p))


def _with_ships(home: System, player: int, ships: list[int]) -> System:
    kept = tuple(sorted(ships))
    return home._replace(ships1=kept) if player else home._replace(ships0=kept)


def _placed(position: Position, home: System, player: int, ships: list[int], bank: list[int]) -> Position:
    systems = tuple(_with_ships(s, player, ships) if s is home else s for s in position.systems)
    return position._replace(systems=systems, bank=tuple(bank))


def apply_handicap(position: Position, handicap: Handicap) -> HandicapEffect:
    """The handicap applied to ``position`` (both homeworlds set up), with a note saying what it did.

    Pieces only move between the bank and the handicapped player's homeworld, so the position keeps its
    36 pieces; a player without a homeworld or a ship there (never so once both homeworlds stand) or a
    bank without a fitting piece leaves the position as it is, and the note says so.
    """
    player = handicap.seat
    name = position.players[player]
    home = position.home_of(player)
    if home is None or not home.ships_of(player):
        return HandicapEffect(handicap, position, None, None, Refusal("note-handicap-bank-empty", {"player": name}))
    ship = _starting_ship(home, player)
    colour = color_of(ship)
    others = [c for c in FALLBACK_COLOURS if c != colour]
    bank = list(position.bank)
    ships = list(home.ships_of(player))
    if handicap.kind == EXTRA_SMALL:
        wanted = make_piece(colour, 1)
        given = _first_in_bank(position.bank, [wanted] + [make_piece(c, 1) for c in others])
        if given is None:
            return HandicapEffect(handicap, position, None, None,
                                  Refusal("note-handicap-bank-empty", {"player": name}))
        bank[given] -= 1
        ships.append(given)
        values = {"player": name, "piece": piece_text(given)}
        if given == wanted:
            note = Refusal("note-handicap-extra-ship", values)
        else:
            note = Refusal("note-handicap-extra-other", {**values, "wanted_piece": piece_text(wanted)})
        return HandicapEffect(handicap, _placed(position, home, player, ships, bank), given, None, note)
    if size_of(ship) < 3:
        return HandicapEffect(handicap, position, None, None,
                              Refusal("note-handicap-not-large", {"player": name, "piece": piece_text(ship)}))
    wanted = make_piece(colour, 2)
    given = _first_in_bank(position.bank, [wanted, make_piece(colour, 1)] + [make_piece(c, 2) for c in others])
    if given is None:
        return HandicapEffect(handicap, position, None, None, Refusal("note-handicap-bank-empty", {"player": name}))
    ships.remove(ship)
    ships.append(given)
    bank[ship] += 1
    bank[given] -= 1
    values = {"player": name, "piece": piece_text(given), "taken_piece": piece_text(ship)}
    if given == wanted:
        note = Refusal("note-handicap-smaller-ship", values)
    else:
        note = Refusal("note-handicap-smaller-other", {**values, "wanted_piece": piece_text(wanted)})
    return HandicapEffect(handicap, _placed(position, home, player, ships, bank), given, ship, note)


def format_handicap(handicap: Handicap, players: tuple[str, str]) -> str:
    """The handicap as a transcript's ``Handicap:`` line says it: ``"Ann starts with an extra small ship"``."""
    return f"{players[handicap.seat]} {HEADER_WORDS[handicap.kind]}"


def parse_handicap(text: str, players: tuple[str, str]) -> Handicap:
    """Read what ``format_handicap`` wrote (any case, spaces trimmed); raise HomeworldsError
    ("unknown-handicap", quoting a short piece of the text) for anything else."""
    name, _, rest = text.strip().partition(" ")
    words = " ".join(rest.split()).lower()
    seats = [i for i, player in enumerate(players) if player.lower() == name.lower()]
    kinds = [kind for kind, said in HEADER_WORDS.items() if said == words]
    if len(seats) != 1 or not kinds:
        raise HomeworldsError("unknown-handicap", name=quote(text))
    return Handicap(kinds[0], seats[0])


__all__ = ["EXTRA_SMALL", "HANDICAP_KINDS", "MEDIUM_SHIP", "Handicap", "HandicapEffect", "apply_handicap",
           "format_handicap", "parse_handicap"]
