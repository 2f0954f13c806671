"""SDG transcripts: import a whole game record, replay it through the rules, and export a Game.

A transcript as SuperDuperGames printed it::

    Homeworlds Online (SDG# 1001)
    Variants: "Hard time"
    Started: 2005.10.16, Ended: 2005.10.23
    Participants: MrStickman (S), Evilaxe (N)
    Winner: MrStickman

    1) Evilaxe: Homeworld Y2 B1 G3
    <TAB>MrStickman: Hiya.
    ...
    23) Evilaxe: Sacrifice Y1 Evilaxe
    Move G1 New_derbyshire Lorem
    Catastrophe Lorem G

Further actions of a turn follow its header line untabbed. Chat lines start with a tab and may be
continued on untabbed lines, which can look like anything (even ``1) a question``). So once a chat line
has appeared after a turn's actions, every line is chat until the next real turn header: the next turn
number, said by one of the participants.

The site's own reading of a line is kept (see ``notation.parse_sdg_line``), and so are two habits of
its records that these rules express differently; ``Transcript.notes`` lists every such adjustment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .actions import Build, Capture, Discover, Homeworld, Move, Pass, Sacrifice, Trade
from .errors import IllegalActionError, NotationError, UnsupportedGameError
from .game import Game
from .notation import format_action, parse_sdg_line
from .position import SDG, RuleSet

_TITLE = re.compile(r"^Homeworlds Online(?: \(SDG#\s*(\d+)\))?\s*$")
_HEADER = re.compile(r"^(Variants|Started|Participants|Winner):\s*(.*?)\s*$")
_SEAT = re.compile(r"^(.+?)\s*\(([NSEW])\)$")
_TURN = re.compile(r"^(\d+)\)\s*([^:\s][^:]*?)\s*:\s*(.*?)\s*$")
_ENGINE_REASON = re.compile(r"^action (\d+): (.*)$", re.DOTALL)
_POWERS = (Build, Trade, Move, Discover, Capture)
_NAME_BREAKERS = re.compile(r"[\s,:()]")  # characters a player name cannot hold in a transcript


@dataclass
class Transcript:
    """A game record read from SDG text.

    ``players`` are in seating order: player 0 set up first. ``turns[i]`` holds the parsed actions of
    turn ``numbers[i]`` (the record's own numbering), played by ``movers[i]``; ``lines[i]`` and
    ``texts[i]`` give each action's source line number and text.
    """

    sdg_number: int | None
    players: tuple[str, str]
    seats: tuple[str, str]
    winner: str | None
    variants: tuple[str, ...] = ()
    started: str | None = None  # dates as the record gives them
    ended: str | None = None
    turns: list[tuple] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    movers: list[str] = field(default_factory=list)
    lines: list[tuple[int, ...]] = field(default_factory=list)
    texts: list[tuple[str, ...]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the import ignored or changed, and where
    source: str | None = None

    def winner_index(self) -> int | None:
        """The winner as a player index (0 or 1), or None when the record names no participant."""
        if self.winner is None:
            return None
        low = self.winner.lower()
        for i, name in enumerate(self.players):
            if name.lower() == low:
                return i
        return None


class ReplayError(IllegalActionError):
    """An action of a transcript was refused: says which turn, which line and text, and why."""

    def __init__(self, message: str, *, turn: int, line: int | None, text: str | None, engine_reason: str):
        super().__init__(message)
        self.turn = turn
        self.line = line
        self.text = text
        self.engine_reason = engine_reason


@dataclass
class _RawTurn:
    number: int
    mover: str
    actions: list[tuple[int, str]]  # (line number, action text)


def _where(source: str | None, line: int) -> str:
    return f"{source}:{line}" if source else f"line {line}"


def _variants(text: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in text.strip().strip('"').split(",") if v.strip())


def _participants(text: str, source: str | None, line: int) -> list[tuple[str, str]]:
    """The (name, seat) pairs of a Participants line; more than two players is refused here."""
    seats = []
    for part in text.split(","):
        m = _SEAT.match(part.strip())
        if m is None:
            raise NotationError(f"{_where(source, line)}: cannot read participant {part.strip()!r}")
        seats.append((m.group(1), m.group(2)))
    if len(seats) != 2 or any(seat not in "NS" for _, seat in seats):
        where = f"{source}: " if source else ""
        raise UnsupportedGameError(
            f"{where}a game of {len(seats)} players ({text}) is not supported: only two-player games can be played"
        )
    return seats


def _scan(text: str, source: str | None) -> tuple[dict, int | None, list[tuple[str, str]], list[_RawTurn]]:
    """Split the text into headers, the SDG number, the seats and the turns' action lines; drop chat."""
    headers: dict[str, str] = {}
    sdg_number = None
    seats: list[tuple[str, str]] = []
    names: dict[str, str] = {}  # lower-case participant name -> name as written
    turns: list[_RawTurn] = []
    in_chat = True  # before the first turn header every stray line is ignored

    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not turns:
            m = _TITLE.match(line)
            if m:
                sdg_number = int(m.group(1)) if m.group(1) else None
                continue
            m = _HEADER.match(line)
            if m and m.group(1) not in headers:
                headers[m.group(1)] = m.group(2)
                if m.group(1) == "Participants":
                    seats = _participants(m.group(2), source, no)
                    names = {name.lower(): name for name, _ in seats}
                continue
        if raw.startswith("\t"):
            in_chat = True
            continue
        if not line:
            continue
        m = _TURN.match(line)
        player = names.get(m.group(2).lower()) if m else None
        if player and int(m.group(1)) == len(turns) + 1:
            turns.append(_RawTurn(int(m.group(1)), player, []))
            in_chat = False
            if m.group(3):
                turns[-1].actions.append((no, m.group(3)))
        elif in_chat:
            continue  # an untabbed continuation of a chat line
        elif player:
            raise NotationError(f"{_where(source, no)}: turn {m.group(1)} where turn {len(turns) + 1} was expected")
        else:
            turns[-1].actions.append((no, line))
    if not seats:
        where = f"{source}: " if source else ""
        raise NotationError(f"{where}no 'Participants:' line: whose game is this?")
    return headers, sdg_number, seats, turns


def _sdg_passes(row: list) -> list[int]:
    """Indices of the actions to play, leaving out passes that SDG counted as one forfeited action.

    On SDG a pass forfeits a single action of a sacrifice ("Sacrifice Y3; Pass; Move; Move"), while
    these rules read a pass as forfeiting all that is left. A pass followed by a later power in the
    same turn is therefore dropped, provided the sacrifice granted enough actions for the passes and
    powers together; otherwise the turn is left alone for the rules to refuse.
    """
    everything = list(range(len(row)))
    sac = next((i for i, a in enumerate(row) if isinstance(a, Sacrifice)), None)
    last_power = max((i for i, a in enumerate(row) if isinstance(a, _POWERS)), default=-1)
    if sac is None or last_power < sac:
        return everything
    used = sum(1 for a in row[sac + 1 :] if isinstance(a, (Pass, *_POWERS)))
    if used > row[sac].ship % 3 + 1:
        return everything
    return [i for i, a in enumerate(row) if not (isinstance(a, Pass) and sac < i < last_power)]


def parse_transcript(text: str, source: str | None = None) -> Transcript:
    """Read a whole SDG transcript; raise NotationError (naming the line) or UnsupportedGameError.

    ``source`` (a file name) only decorates messages.
    """
    headers, sdg_number, seats, raw_turns = _scan(text, source)
    started, _, ended = headers.get("Started", "").partition(", Ended:")
    tr = Transcript(
        sdg_number,
        ("", ""),
        ("", ""),
        headers.get("Winner") or None,
        _variants(headers.get("Variants", "")),
        started.strip() or None,
        ended.strip() or None,
        source=source,
    )
    set_up = False
    for raw in raw_turns:
        row = []
        for no, action_text in raw.actions:
            try:
                action, ignored = parse_sdg_line(action_text)
            except NotationError as exc:
                raise NotationError(f"{_where(source, no)}: {exc}") from None
            if ignored:
                tr.notes.append(f"{_where(source, no)}: ignored {ignored!r} after the action, as SDG did")
            row.append(action)
        if not set_up and all(isinstance(a, Pass) for a in row):
            # A pass before any homeworld hands the first setup (and the first move) to the opponent,
            # who is then player 0; the pass itself changes nothing.
            tr.notes.append(f"turn {raw.number}: {raw.mover} passed before setting up: the other player set up first")
            continue
        set_up = set_up or any(isinstance(a, Homeworld) for a in row)
        keep = _sdg_passes(row)
        if len(keep) < len(row):
            tr.notes.append(f"turn {raw.number}: a pass among a sacrifice's actions forfeited only that action")
        tr.turns.append(tuple(row[k] for k in keep))
        tr.lines.append(tuple(raw.actions[k][0] for k in keep))
        tr.texts.append(tuple(raw.actions[k][1] for k in keep))
        tr.numbers.append(raw.number)
        tr.movers.append(raw.mover)

    # Player 0 is whoever set up first: SDG seats North first, unless North passed.
    first = tr.movers[0] if tr.movers else next(name for name, seat in seats if seat == "N")
    seats.sort(key=lambda pair: pair[0] != first)
    tr.players = (seats[0][0], seats[1][0])
    tr.seats = (seats[0][1], seats[1][1])
    return tr


def read_transcript(path: str | Path) -> Transcript:
    """Read a transcript file (UTF-8, undecodable bytes replaced: chat may hold anything)."""
    p = Path(path)
    return parse_transcript(p.read_text(encoding="utf-8", errors="replace"), source=str(p))


def replay(transcript: Transcript, rules: RuleSet = SDG) -> Game:
    """Play every turn of a transcript through ``Game.play``; raise ReplayError at the first refusal.

    The Game's players are the participants as the record spells them, and their homeworlds carry
    those names; SDG writes a homeworld capitalised its own way ("Mrstickman" for "MrStickman"),
    which the engine's case-insensitive names resolve.
    """
    game = Game(rules, players=transcript.players)
    for i, turn in enumerate(transcript.turns):
        number, mover = transcript.numbers[i], transcript.movers[i]
        if mover != game.players[game.to_move]:
            reason = f"it is {game.players[game.to_move]}'s turn, not {mover}'s"
            line = transcript.lines[i][0] if transcript.lines[i] else None
            raise ReplayError(f"turn {number}: {reason}", turn=number, line=line, text=None, engine_reason=reason)
        try:
            game.play(turn)
        except IllegalActionError as exc:
            m = _ENGINE_REASON.match(exc.reason)
            index, reason = (int(m.group(1)) - 1, m.group(2)) if m else (None, exc.reason)
            if index is not None and index < len(turn):
                line, text = transcript.lines[i][index], transcript.texts[i][index]
                message = f"turn {number} ({_where(transcript.source, line)}), {mover}: {text!r}: {reason}"
            else:
                line, text = None, None
                message = f"turn {number}, {mover}: {reason}"
            raise ReplayError(message, turn=number, line=line, text=text, engine_reason=reason) from None
    return game


def sdg_home_name(player: str) -> str:
    """The name SDG gives a player's homeworld: the player name with only its first letter capital."""
    return player[:1].upper() + player[1:].lower()


def _sdg_names(action, homes: dict[str, str]):
    """The action with each homeworld written the SDG way."""
    changes = {}
    for attr in ("system", "origin", "destination"):
        name = getattr(action, attr, None)
        if name is not None and name.lower() in homes:
            changes[attr] = homes[name.lower()]
    return replace(action, **changes) if changes else action


def export_sdg(
    game: Game, sdg_number: int | None = None, winner: str | None = None, variants: tuple[str, ...] = ()
) -> str:
    """Write a Game's committed turns as an SDG transcript that ``parse_transcript`` reads back.

    ``winner`` defaults to the winner of a finished (or resigned) game; with none the Winner line is
    left out. Player 0, who set up first, sits North as on SDG. Homeworlds are written as SDG wrote
    them ("Dsheldon"). Raise NotationError for a player name a transcript cannot hold.
    """
    for name in game.players:
        if not name or _NAME_BREAKERS.search(name):
            raise NotationError(f"player name {name!r} cannot be written in a transcript: no spaces, ',', ':' or '('")
    if winner is None:
        outcome = game.outcome()
        if outcome is not None and outcome.winner is not None:
            winner = game.players[outcome.winner]
    homes = {name.lower(): sdg_home_name(name) for name in game.players}
    out = [f"Homeworlds Online (SDG# {sdg_number})" if sdg_number is not None else "Homeworlds Online"]
    if variants:
        out.append(f'Variants: "{", ".join(variants)}"')
    out.append(f"Participants: {game.players[1]} (S), {game.players[0]} (N)")
    if winner is not None:
        out.append(f"Winner: {winner}")
    out.append("")
    for n, turn in enumerate(game.turns, start=1):
        texts = [format_action(_sdg_names(a, homes), "sdg") for a in turn] or ["Pass"]
        out.append(f"{n}) {game.players[(n - 1) % 2]}: {texts[0]}")
        out.extend(texts[1:])
        out.append("")
    return "\n".join(out)


__all__ = ["ReplayError", "Transcript", "export_sdg", "parse_transcript", "read_transcript", "replay", "sdg_home_name"]
