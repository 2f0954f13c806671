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

Transcripts come from anywhere, so reading one is bounded: ``read_transcript_text`` opens only a
regular file of at most ``MAX_BYTES``, every number read has a few digits at most, every pattern runs
in time linear in the line, and a message quotes at most ``notation.QUOTE_LIMIT`` characters of the
text, escaped. Every refusal carries a reason code (``errors.REFUSAL_CODES``) inside frames that say
where: the file, the line, the turn and who played it.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .actions import Action, Build, Capture, Discover, Homeworld, Move, Pass, Sacrifice, Trade, Turn
from .errors import HomeworldsError, IllegalActionError, NotationError, Refusal, UnsupportedGameError
from .game import Game
from .handicap import Handicap, format_handicap, parse_handicap
from .notation import format_action, name_refusal, parse_sdg_line, quote
from .pieces import size_of
from .position import SDG, RuleSet

MAX_BYTES = 1024 * 1024  # the longest game of the SDG archive is under 20 kB, chat included
MAX_TURN_DIGITS = 6  # the longest archive game has a few hundred turns
MAX_SDG_DIGITS = 9  # SDG game numbers have five digits
MAX_HEADER = 200  # characters of a header's value; the archive's longest is under 40

# Every pattern below runs in time linear in the line: each is anchored, and no two neighbouring
# parts can match the same characters, so a failed match never retries a split of a long run.
# Lines are stripped in Python before they are matched, which is why no pattern trims spaces.
_TITLE = re.compile(r"Homeworlds Online(?: \(SDG#\s*(\d+)\))?")
_HEADER = re.compile(r"(Variants|Started|Participants|Winner|Rules|Ending|Handicap):(.*)")
# Headers this program adds to its own exports, which SDG never wrote: the rule set of a game not
# played under SDG's, how a game ended off the board (the Winner line alone does not say), and the
# handicap a game was played with (``handicap.format_handicap``).
RULES_HEADER_VALUES = ("standard", "sdg")
ENDINGS = {"win-resigned": "resignation", "win-timeout": "timeout", "draw-agreement": "agreement"}
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_POWERS = (Build, Trade, Move, Discover, Capture)
_NAME_BREAKERS = re.compile(r"[\s,:()]")  # characters a player name cannot hold in a transcript


class TranscriptFileError(HomeworldsError):
    """A transcript file that cannot be read as text: missing, not a regular file, too large, empty or
    in an encoding this program does not read (a ``file-*`` code). ``read_transcript_text`` gives no
    file name, which each caller puts first in its own way; ``read_transcript`` adds an ``in-file``
    frame."""


def _place(source: str | None, line: int, turn: int | None = None) -> Refusal:
    """The frame of a line of a transcript: "game.raw:3", "line 3", "turn 5 (game.raw:11)"."""
    if turn is None:
        return (
            Refusal("at-file-line", {"source": source, "line": line}) if source else Refusal("at-line", {"line": line})
        )
    if source:
        return Refusal("in-turn-at-file-line", {"turn": turn, "source": source, "line": line})
    return Refusal("in-turn-at-line", {"turn": turn, "line": line})


class TranscriptLineError(NotationError):
    """A line of a transcript that cannot be read: ``line`` is its number, ``turn`` the turn it belongs
    to (None outside the turns); the outermost frame is that place and ``line_refusal`` is the refusal
    without it."""

    def __init__(
        self, code: str, /, *, source: str | None = None, line: int = 0, turn: int | None = None, **values: Any
    ):
        super().__init__(code, **values)
        self.line = line
        self.turn = turn
        self.frames = (_place(source, line, turn),)

    @classmethod
    def at(cls, refusal: Refusal, source: str | None, line: int, turn: int | None = None) -> TranscriptLineError:
        """The refusal of a line (say, a NotationError of its action) placed in the transcript."""
        error = cls(refusal.code, source=source, line=line, turn=turn)
        error.values = dict(refusal.values)  # set, not passed, so that no value can clash with the place
        error.frames = (*error.frames, *refusal.frames)
        return error

    @property
    def line_refusal(self) -> Refusal:
        """The refusal without its place in the transcript (the outermost frame)."""
        return Refusal(self.code, self.values, self.frames[1:])


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
    turns: list[Turn] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    movers: list[str] = field(default_factory=list)
    lines: list[tuple[int, ...]] = field(default_factory=list)
    texts: list[tuple[str, ...]] = field(default_factory=list)
    notes: list[Refusal] = field(default_factory=list)  # what the import ignored or changed, and where
    source: str | None = None
    rules: str | None = None  # "standard" or "sdg" when the record says (this program's exports do)
    ending: str | None = None  # "resignation", "timeout" or "agreement" when the record says
    handicap: Handicap | None = None  # when the record says (this program's exports of such games do)

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
    """An action of a transcript was refused: says which turn, which line and text (a frame), and why
    (the code and values of the rules' refusal, ``engine_refusal``)."""

    def __init__(self, code: str, /, *, turn: int = 0, line: int | None = None, text: str | None = None, **values: Any):
        super().__init__(code, **values)
        self.turn = turn
        self.line = line
        self.text = text

    @property
    def engine_refusal(self) -> Refusal:
        """The rules' refusal without the place in the transcript (the outermost frame)."""
        return Refusal(self.code, self.values, self.frames[1:])


@dataclass
class _RawTurn:
    number: int
    mover: str
    actions: list[tuple[int, str]]  # (line number, action text)


def _lines(text: str) -> list[str]:
    """The lines of a text, split on line ends only.

    ``str.splitlines`` would also split at form feeds and Unicode separators that chat may hold, and
    then the line numbers in messages would not be those an editor shows.
    """
    return _LINE_BREAK.split(text)


def _variants(text: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in text.strip().strip('"').split(",") if v.strip())


def _player_problem(name: str) -> Refusal | None:
    """Why a participant's name cannot be read back from the turns, or None if it can."""
    why = name_refusal(name, "player")
    if why is None and _NAME_BREAKERS.search(name):
        why = Refusal("name-breaks-transcript", {"name": quote(name)})
    return why


def _participants(text: str, source: str | None, line: int) -> list[tuple[str, str]]:
    """The (name, seat) pairs of a Participants line: two players, one North and one South.

    More seats are refused as unsupported, and so are two players in one seat or with one name:
    the first to set up sits North, and each homeworld is named after its player.
    """
    seats = []
    for part in text.split(","):
        part = part.strip()
        # "NAME (S)": read by slicing rather than a pattern, which stays linear in the longest line.
        name, seat = part[:-3].rstrip(), part[-3:]
        if not name or seat[:1] + seat[2:] != "()" or seat[1:2] not in ("N", "S", "E", "W"):
            raise TranscriptLineError("transcript-bad-participant", source=source, line=line, text=quote(part))
        why = _player_problem(name)
        if why is not None:
            raise TranscriptLineError.at(why, source, line)
        seats.append((name, seat[1]))
    if len(seats) != 2 or any(seat not in "NS" for _, seat in seats):
        listed = ", ".join(f"{n} ({s})" for n, s in seats[:4]) + (", ..." if len(seats) > 4 else "")
        error = UnsupportedGameError("transcript-unsupported-players", count=len(seats), players=listed)
        raise error.within("in-file", source=source) if source else error
    (first, seat), (second, other) = seats
    if seat == other:
        code = "transcript-both-north" if seat == "N" else "transcript-both-south"
        raise TranscriptLineError(code, source=source, line=line)
    if first.lower() == second.lower():
        raise TranscriptLineError("transcript-same-name", source=source, line=line, name=quote(first))
    return seats


def _turn_header(line: str) -> tuple[str, str, str] | None:
    """Split ``"12) Name: action"`` into its number (as digits), name and action text, or None.

    Read with ``str.find`` and ``partition`` (linear), not a pattern: a name may hold any characters
    but ':', and a pattern trimming the spaces around it was quadratic on a long line of spaces.
    """
    close = line.find(")")
    digits = line[:close]
    if close <= 0 or not (digits.isascii() and digits.isdigit()):
        return None
    name, colon, rest = line[close + 1 :].partition(":")
    name = name.strip()
    if not colon or not name:
        return None
    return digits, name, rest.strip()


def _turn_number(digits: str, source: str | None, line: int) -> int:
    """The number of a turn header, refused before conversion when it has too many digits."""
    if len(digits.lstrip("0")) > MAX_TURN_DIGITS:
        raise TranscriptLineError("transcript-turn-number-digits", source=source, line=line, digits=len(digits))
    return int(digits)


def _title_number(digits: str | None, source: str | None, line: int) -> int | None:
    if digits is None:
        return None
    if len(digits) > MAX_SDG_DIGITS:
        raise TranscriptLineError(
            "transcript-sdg-number-digits", source=source, line=line, digits=len(digits), limit=MAX_SDG_DIGITS
        )
    return int(digits)


def undouble(line: str) -> str:
    """``line`` repaired when it was stored encoded twice (its UTF-8 bytes read as Latin-1 and written
    again as UTF-8: ``ã\x81±ã\x81±`` for ``ぱぱ``), else as it is. Only text that decodes cleanly that
    way is changed; a line of ASCII, or one with a character beyond Latin-1, never is."""
    if line.isascii() or max(line) > "\xff":
        return line
    try:
        return line.encode("latin-1").decode("utf-8")
    except UnicodeDecodeError:
        return line


def _scan(
    text: str, source: str | None, repaired: list[int] | None = None, header_lines: dict[str, int] | None = None
) -> tuple[dict[str, str], int | None, list[tuple[str, str]], list[_RawTurn]]:
    """Split the text into headers, the SDG number, the seats and the turns' action lines; drop chat.
    Lines stored encoded twice are repaired (``undouble``); their numbers go to ``repaired``, and the
    number of each header's line to ``header_lines``."""
    headers: dict[str, str] = {}
    sdg_number = None
    seats: list[tuple[str, str]] = []
    names: dict[str, str] = {}  # lower-case participant name -> name as written
    turns: list[_RawTurn] = []
    in_chat = True  # before the first turn header every stray line is ignored

    for no, stored in enumerate(_lines(text), start=1):
        raw = undouble(stored)
        if raw is not stored and repaired is not None and not raw.startswith("\t"):
            repaired.append(no)
        line = raw.strip()
        if not turns:
            m = _TITLE.fullmatch(line)
            if m:
                sdg_number = _title_number(m.group(1), source, no)
                continue
            m = _HEADER.fullmatch(line)
            if m and m.group(1) not in headers:
                key, value = m.group(1), m.group(2).strip()
                if len(value) > MAX_HEADER:
                    raise TranscriptLineError(
                        "transcript-header-too-long", source=source, line=no, header=key, length=len(value),
                        limit=MAX_HEADER,
                    )  # fmt: skip
                headers[key] = value
                if header_lines is not None:
                    header_lines[key] = no
                if key == "Participants":
                    seats = _participants(value, source, no)
                    names = {name.lower(): name for name, _ in seats}
                continue
        if raw.startswith("\t"):
            in_chat = True
            continue
        if not line:
            continue
        header = _turn_header(line)
        player = names.get(header[1].lower()) if header is not None else None
        number = _turn_number(header[0], source, no) if header is not None and player else None
        if header is not None and player and number == len(turns) + 1:
            turns.append(_RawTurn(number, player, []))
            in_chat = False
            if header[2]:
                turns[-1].actions.append((no, header[2]))
        elif in_chat:
            continue  # an untabbed continuation of a chat line
        elif player:
            raise TranscriptLineError(
                "transcript-turn-out-of-order", source=source, line=no, number=number, expected=len(turns) + 1
            )
        else:
            turns[-1].actions.append((no, line))
    if not seats:
        error = NotationError("transcript-no-participants")
        raise error.within("in-file", source=source) if source else error
    return headers, sdg_number, seats, turns


def _sdg_passes(row: list[Action]) -> list[int]:
    """Indices of the actions to play, leaving out passes that SDG counted as one forfeited action.

    On SDG a pass forfeits a single action of a sacrifice ("Sacrifice Y3; Pass; Move; Move"), while
    these rules read a pass as forfeiting all that is left. A pass followed by a later power in the
    same turn is therefore dropped, provided the sacrifice granted enough actions for the passes and
    powers together; otherwise the turn is left alone for the rules to refuse.
    """
    everything = list(range(len(row)))
    found = next(((i, a) for i, a in enumerate(row) if isinstance(a, Sacrifice)), None)
    last_power = max((i for i, a in enumerate(row) if isinstance(a, _POWERS)), default=-1)
    if found is None or last_power < found[0]:
        return everything
    sac, sacrifice = found
    used = sum(1 for a in row[sac + 1 :] if isinstance(a, (Pass, *_POWERS)))
    if used > size_of(sacrifice.ship):
        return everything
    return [i for i, a in enumerate(row) if not (isinstance(a, Pass) and sac < i < last_power)]


def _one_of(value: str, allowed: tuple[str, ...]) -> str | None:
    """A header's value when it is one of ``allowed`` (any case), else None: an unknown value is left
    aside as SDG's readers leave any header they do not know."""
    low = value.strip().lower()
    return low if low in allowed else None


def parse_transcript(text: str, source: str | None = None) -> Transcript:
    """Read a whole SDG transcript; raise NotationError (naming the line) or UnsupportedGameError.

    ``source`` (a file name) only decorates messages. A reading error within a turn is a
    ``TranscriptLineError`` naming the line and the turn.
    """
    repaired: list[int] = []
    header_lines: dict[str, int] = {}
    headers, sdg_number, seats, raw_turns = _scan(text, source, repaired, header_lines)
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
        rules=_one_of(headers.get("Rules", ""), RULES_HEADER_VALUES),
        ending=_one_of(headers.get("Ending", ""), tuple(ENDINGS.values())),
    )
    if repaired:
        tr.notes.append(Refusal("note-double-encoded", {"count": len(repaired)}, (_place(source, repaired[0]),)))
    homeworlds = 0  # turns that set up a homeworld so far
    waiting: tuple[_RawTurn, list[Action], int] | None = None  # the last pass left out, its row and note
    for raw in raw_turns:
        row = []
        for no, action_text in raw.actions:
            try:
                action, ignored = parse_sdg_line(action_text)
            except NotationError as exc:
                raise TranscriptLineError.at(exc.refusal, source, no, raw.number) from None
            if ignored:
                tr.notes.append(Refusal("note-ignored-words", {"ignored": quote(ignored)}, (_place(source, no),)))
            row.append(action)
        if homeworlds < 2 and all(isinstance(a, Pass) for a in row):
            # SDG let a player pass before the homeworlds were built, as often as they liked. Such a
            # pass changes nothing: it is left out, so the turns that remain alternate. A pass before
            # any homeworld hands the first setup (and the first move) to the opponent, who is then
            # player 0.
            tr.notes.append(Refusal("note-setup-pass", {"player": raw.mover}).within("in-turn", turn=raw.number))
            waiting = (raw, row, len(tr.notes) - 1)
            continue
        if homeworlds == 1 and waiting is not None and tr.movers and tr.movers[-1] == raw.mover != waiting[0].mover:
            # The player who set up plays on while the other has passed instead of setting up (SDG let
            # them): that pass was a turn after all, which these rules play (rules.LATE_HOME).
            passed, pass_row, note = waiting
            tr.notes[note] = Refusal("note-late-home", {"player": passed.mover, "other": raw.mover}).within(
                "in-turn", turn=passed.number)
            _keep(tr, passed, pass_row, list(range(len(pass_row))))
        waiting = None
        homeworlds += any(isinstance(a, Homeworld) for a in row)
        keep = _sdg_passes(row)
        if len(keep) < len(row):
            tr.notes.append(Refusal("note-sacrifice-pass").within("in-turn", turn=raw.number))
        _keep(tr, raw, row, keep)

    # Player 0 is whoever set up first: SDG seats North first, unless North passed. The seats were
    # checked to be one North and one South, so there is a North to find.
    first = tr.movers[0] if tr.movers else next(name for name, seat in seats if seat == "N")
    seats.sort(key=lambda pair: pair[0] != first)
    tr.players = (seats[0][0], seats[1][0])
    tr.seats = (seats[0][1], seats[1][1])
    tr.handicap = _handicap_of(headers.get("Handicap"), tr.players, source, header_lines.get("Handicap", 0))
    return tr


def _handicap_of(text: str | None, players: tuple[str, str], source: str | None, line: int) -> Handicap | None:
    """The handicap a ``Handicap:`` line names, once the seats are known. A line that does not say one
    (``handicap.format_handicap``) is refused, quoting a short piece of it: left aside, the game would come
    in without its handicap, or its turns be refused for a reason that is not theirs."""
    if text is None:
        return None
    try:
        return parse_handicap(text, players)
    except HomeworldsError as exc:
        raise TranscriptLineError.at(exc.refusal, source, line) from None


def _keep(tr: Transcript, raw: _RawTurn, row: list[Action], keep: list[int]) -> None:
    """Add the actions ``keep`` (indices) of a turn's ``row`` to the transcript, with their lines."""
    tr.turns.append(tuple(row[k] for k in keep))
    tr.lines.append(tuple(raw.actions[k][0] for k in keep))
    tr.texts.append(tuple(raw.actions[k][1] for k in keep))
    tr.numbers.append(raw.number)
    tr.movers.append(raw.mover)


def decode_transcript(data: bytes) -> str:
    """The text of a transcript's bytes: UTF-8, or UTF-8, UTF-16 or UTF-32 marked by a byte order mark.

    Undecodable bytes are replaced (chat may hold anything), but text that is plainly in another
    encoding without a mark (many zero bytes: UTF-16 or UTF-32) raises TranscriptFileError.
    """
    # UTF-32's little-endian mark starts with UTF-16's, so it is looked for first.
    for bom, encoding in (
        (codecs.BOM_UTF32_LE, "utf-32"),
        (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            return data.decode(encoding, errors="replace")
    if data.count(0) * 8 > len(data):
        raise TranscriptFileError("file-not-utf8")
    return data.decode("utf-8", errors="replace")


def _read_bounded(path: str | Path) -> bytes:
    """At most ``MAX_BYTES + 1`` bytes of a regular file; raise TranscriptFileError or OSError."""
    if "\0" in str(path):
        raise TranscriptFileError("file-name-has-nul")
    if Path(path).is_dir():
        raise TranscriptFileError("file-is-folder")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    with os.fdopen(os.open(path, flags), "rb") as handle:
        info = os.fstat(handle.fileno())
        if stat.S_ISDIR(info.st_mode):
            raise TranscriptFileError("file-is-folder")
        if not stat.S_ISREG(info.st_mode):
            raise TranscriptFileError("file-not-regular")
        if info.st_size > MAX_BYTES:
            raise TranscriptFileError("file-too-large", size_kb=info.st_size // 1024, limit_kb=MAX_BYTES // 1024)
        return handle.read(MAX_BYTES + 1)


def read_transcript_text(path: str | Path) -> str:
    """The text of a transcript file; raise TranscriptFileError saying why it cannot be read.

    Only a regular file of at most ``MAX_BYTES`` is read: a named pipe would block forever and a
    device such as /dev/zero never ends. The file is opened without waiting and checked on the open
    file itself, so nothing can be swapped in between the check and the read.
    """
    try:
        data = _read_bounded(path)
    except FileNotFoundError:
        raise TranscriptFileError("file-missing") from None
    except PermissionError:
        raise TranscriptFileError("file-permission") from None
    except OSError as exc:
        raise TranscriptFileError("file-unreadable", why=str(exc.strerror or exc)) from None
    if len(data) > MAX_BYTES:
        raise TranscriptFileError("file-grew")
    text = decode_transcript(data)
    if not text.strip():
        raise TranscriptFileError("file-empty")
    return text


def read_transcript(path: str | Path) -> Transcript:
    """Read a transcript file (see ``read_transcript_text``); its refusals are framed by the file's name."""
    p = Path(path)
    try:
        text = read_transcript_text(p)
    except TranscriptFileError as exc:
        raise exc.within("in-file", source=str(p)) from None
    return parse_transcript(text, source=str(p))


def replay(transcript: Transcript, rules: RuleSet = SDG) -> Game:
    """Play every turn of a transcript through ``Game.play``; raise ReplayError at the first refusal.

    The Game's players are the participants as the record spells them, and their homeworlds carry
    those names; SDG writes a homeworld capitalised its own way ("Mrstickman" for "MrStickman"),
    which the engine's case-insensitive names resolve.
    """
    game = Game(rules, players=transcript.players, handicap=transcript.handicap)
    for i, turn in enumerate(transcript.turns):
        number, mover = transcript.numbers[i], transcript.movers[i]
        if mover != game.players[game.to_move]:
            line = transcript.lines[i][0] if transcript.lines[i] else None
            error = ReplayError("wrong-player", turn=number, line=line, player=game.players[game.to_move], mover=mover)
            raise error.within("in-turn", turn=number)
        try:
            game.play(turn)
        except IllegalActionError as exc:
            raise _replay_error(exc, transcript, i, len(turn)) from None
    return game


def _replay_error(exc: IllegalActionError, transcript: Transcript, i: int, actions: int) -> ReplayError:
    """The refusal of turn ``i`` placed in the transcript: its turn, line, player and text."""
    number, mover = transcript.numbers[i], transcript.movers[i]
    frames = exc.frames
    index = None
    if frames and frames[0].code == "turn-action":
        index = frames[0].values["action"] - 1
        frames = frames[1:]  # the transcript names the line instead
    line, text = None, None
    if index is not None and index < actions:
        line, text = transcript.lines[i][index], transcript.texts[i][index]
        place = {"turn": number, "line": line, "mover": mover, "text": quote(text)}
        if transcript.source:
            where = Refusal("replay-action-at-file-line", {"source": transcript.source, **place})
        else:
            where = Refusal("replay-action-at-line", place)
    else:
        where = Refusal("replay-turn", {"turn": number, "mover": mover})
    error = ReplayError(exc.code, turn=number, line=line, text=text)
    error.values = dict(exc.values)  # set, not passed, so that no value can clash with the place
    error.frames = (where, *frames)
    return error


def sdg_home_name(player: str) -> str:
    """The name SDG gives a player's homeworld: the player name with only its first letter capital.

    A letter whose capital would not match it again case-insensitively (``ß`` becomes ``SS``) is
    left as it is, so the homeworld is still found under its player's name.
    """
    first, rest = player[:1], player[1:].lower()
    if first.upper().lower() == first.lower():
        first = first.upper()
    return first + rest


def _sdg_names(action: Action, homes: dict[str, str]) -> Action:
    """The action with each homeworld written the SDG way."""
    changes: dict[str, Any] = {}  # only the name fields the action has (getattr found them)
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
    left out. A game under other rules than SDG's says so in a ``Rules:`` line, one that ended off
    the board (resigned, out of time, drawn by agreement) in an ``Ending:`` line, and one played with a
    handicap in a ``Handicap:`` line, all read back by ``parse_transcript``. Player 0, who set up first,
    sits North as on SDG. Homeworlds are written as SDG wrote them ("Dsheldon"). Raise NotationError for a
    player name a transcript cannot hold.
    """
    for name in game.players:
        why = _player_problem(name)
        if why is not None:
            raise NotationError.of(why.within("transcript-player-name"))
    if winner is None:
        outcome = game.outcome()
        if outcome is not None and outcome.winner is not None:
            winner = game.players[outcome.winner]
    homes = {name.lower(): sdg_home_name(name) for name in game.players}
    out = [f"Homeworlds Online (SDG# {sdg_number})" if sdg_number is not None else "Homeworlds Online"]
    if variants:
        out.append(f'Variants: "{", ".join(variants)}"')
    if game.rules.name != "sdg":
        out.append(f"Rules: {game.rules.name}")  # read back, so the game comes back under its own rules
    out.append(f"Participants: {game.players[1]} (S), {game.players[0]} (N)")
    if game.handicap is not None:
        out.append(f"Handicap: {format_handicap(game.handicap, game.players)}")  # read back by _handicap_of
    if winner is not None:
        out.append(f"Winner: {winner}")
    outcome = game.outcome()
    if outcome is not None and outcome.code in ENDINGS:
        out.append(f"Ending: {ENDINGS[outcome.code]}")
    out.append("")
    for n, turn in enumerate(game.turns, start=1):
        texts = [format_action(_sdg_names(a, homes), "sdg") for a in turn] or ["Pass"]
        out.append(f"{n}) {game.players[(n - 1) % 2]}: {texts[0]}")
        out.extend(texts[1:])
        out.append("")
    return "\n".join(out)


__all__ = [
    "MAX_BYTES",
    "ReplayError",
    "Transcript",
    "TranscriptFileError",
    "TranscriptLineError",
    "decode_transcript",
    "export_sdg",
    "parse_transcript",
    "read_transcript",
    "read_transcript_text",
    "replay",
    "sdg_home_name",
]
