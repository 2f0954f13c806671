"""The shapes of the files the game writes: ``SaveGame`` and ``Settings`` (pydantic models).

A save keeps a game as the turns that were played, in canonical notation (``"move y3 North Alpha"``,
actions of one turn joined by ``"; "``), never as a board picture: loading replays every turn through the
rules, so a save can only ever hold a game that was legal. Times are UTC.

``SCHEMA_VERSION`` counts incompatible changes of the save format; older files are brought up to date
by the steps in ``migrate.MIGRATIONS``. ``SETTINGS_VERSION`` does the same for settings (steps in
``migrate.SETTINGS_MIGRATIONS``); otherwise settings only gain fields with defaults, so any older settings
file still loads, and fields a newer program added are kept when this one writes the file.

A computer's level is kept by its name (``hwgame.levels``), never by its place in the table of levels.
"""

from __future__ import annotations

import unicodedata
import uuid
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StringConstraints,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ..i18n import N_, _, ngettext
from ..levels import DEFAULT_LEVEL, LEVEL_NAMES, is_level
from ..rules import (
    HANDICAP_KINDS,
    MAX_POSITION_TEXT,
    Handicap,
    HomeworldsError,
    parse_position,
    parse_turn,
    quote,
    shown,
)
from ..words import name_problem
from .errors import WordedProblem, worded, worded_refusal
from .variations import VariationsData

SCHEMA_VERSION = 3  # 3: levels by name (2 kept their number)
SETTINGS_VERSION = 2  # 2: the level by name (1 kept its number)

RulesName = Literal["standard", "sdg"]
# How a finished game ended: the board decided it, a player resigned, both agreed a draw, a third
# repetition ended it at once (games against the computer), the player to move claimed that draw, a
# player ran out of time (an imported record says so), or an imported record names the winner of a
# game its turns leave undecided without saying how.
Ending = Literal["board", "resignation", "agreement", "repetition", "claim", "timeout", "record"]
LanguageSetting = Literal["system", "en", "ja", "zh-Hant"]
# The new-game form's handicap: none, or a kind and whose fleet it changes (you or the opponent against
# the computer, the first or second player at one screen).
HandicapChoice = Literal["none", "extra-small:me", "extra-small:opponent", "medium-ship:me", "medium-ship:opponent",
                         "extra-small:first", "extra-small:second", "medium-ship:first", "medium-ship:second"]

# The new-game form's clock: none, a time per game ("5+5": 5 minutes and 5 seconds added each turn,
# "15d10": 15 minutes with a 10 second delay each turn), or a time per turn ("turn30": 30 seconds).
ClockChoice = Literal["none", "5+5", "10+10", "15d10", "30", "turn30", "turn60", "turn120"]


class Problem(WordedProblem):
    """A value the schema refuses, worded each time it is read (pydantic keeps the error itself, and
    ``describe_validation`` reads it again); ``turn`` is the number of the turn concerned, if any."""


def _showable(text: str) -> str:
    """``text`` when every character of it can be shown in a line of the window; else a problem naming
    the first that cannot (a control character such as a NUL or a line end, half of a surrogate pair)."""
    if text.isprintable():
        return text
    for index, ch in enumerate(text):
        if unicodedata.category(ch) in _UNSHOWN:
            raise Problem(worded(N_("holds a character that cannot be shown (U+{code:04X}) at character {index}"),
                                 code=ord(ch), index=index + 1))
    return text


_UNSHOWN = {"Cc", "Cs", "Zl", "Zp"}  # controls, lone surrogates, line and paragraph separators


def showable(text: str, limit: int) -> str:
    """``text`` made fit for a ``ShownText`` field: what cannot be shown replaced by U+FFFD, and cut to
    ``limit`` characters (for text the game takes from elsewhere, such as a transcript's headers)."""
    text = text[:limit]
    if text.isprintable():
        return text
    return "".join("\ufffd" if unicodedata.category(ch) in _UNSHOWN else ch for ch in text)

# Text a save keeps and the window shows (a title, an id, what an imported record said): printable,
# and short enough to measure and draw at once; a file with more is refused with the reason.
LONG_TEXT = 500  # characters: a title, a result, a record's field
ShownText = Annotated[str, StringConstraints(max_length=LONG_TEXT), AfterValidator(_showable)]
GameId = Annotated[str, StringConstraints(min_length=1, max_length=100), AfterValidator(_showable)]
Note = Annotated[str, StringConstraints(max_length=2000), AfterValidator(_showable)]


def known_level(name: str) -> str:
    """``name`` (any case) in lower case when it names a level; else a problem listing the levels, the
    same as for any other value a file may not hold (a save refuses it, settings use the default)."""
    low = name.lower()
    if not is_level(low):
        expected = ", ".join(repr(n) for n in LEVEL_NAMES[:-1]) + f" or {LEVEL_NAMES[-1]!r}"
        raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})
    return low


def new_game_id() -> str:
    """A fresh, unique id for a saved game."""
    return uuid.uuid4().hex


def now_utc() -> datetime:
    """The current time in UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0)


# The dates a save may hold, in UTC: the calendar's (years 1 to 9999) but for a margin wider than any
# zone's offset, so that the time shown for one in any local time stays a date too.
_DATE_MARGIN = timedelta(days=2)
EARLIEST = datetime.min.replace(tzinfo=UTC) + _DATE_MARGIN
LATEST = datetime.max.replace(tzinfo=UTC) - _DATE_MARGIN


def utc_in_range(value: datetime) -> datetime:
    """``value`` in UTC: a time without a zone is read as UTC (that is what this program writes), others
    are converted. A time out of range in UTC (``0001-01-01T00:00:00+05:00`` falls before the year 1) is
    a problem, a refusal like any other, never an exception of another kind."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    try:
        utc: datetime | None = value.astimezone(UTC)
    except (OverflowError, ValueError):
        utc = None
    if utc is None or not EARLIEST <= utc <= LATEST:
        raise Problem(worded(N_("{date} is out of the range of dates (years 1 to 9999)"), date=value.isoformat()))
    return utc


class Player(BaseModel):
    """A seat at the table: a name, human or computer, and the computer's level."""

    model_config = ConfigDict(extra="forbid")

    name: str
    kind: Literal["human", "computer"] = "human"
    level: str | None = None  # a name of ``hwgame.levels.LEVEL_NAMES``

    @field_validator("level")
    @classmethod
    def _known_level(cls, level: str | None) -> str | None:
        return None if level is None else known_level(level)

    @field_validator("name")
    @classmethod
    def _name_is_writable(cls, name: str) -> str:
        # A homeworld carries its player's name, so a player name follows the rule for every name.
        if name_problem(name, "player") is not None:
            raise Problem(lambda: name_problem(name, "player") or "")
        return name

    @model_validator(mode="after")
    def _level_fits_kind(self) -> Player:
        if self.kind == "computer" and self.level is None:
            raise Problem(worded(N_("the computer player {name} needs a level ({levels})"), name=self.name,
                                 levels=", ".join(LEVEL_NAMES)))
        if self.kind == "human" and self.level is not None:
            raise Problem(worded(N_("{name} is a human player: only a computer player has a level"), name=self.name))
        return self


class Result(BaseModel):
    """How a finished game ended: ``winner`` 0 or 1, or None for a draw; ``reason`` is a sentence."""

    model_config = ConfigDict(extra="forbid")

    winner: Literal[0, 1] | None
    reason: ShownText
    ending: Ending = "board"


class SdgRecord(BaseModel):
    """What an imported SuperDuperGames transcript said beyond its moves (kept for a faithful export)."""

    model_config = ConfigDict(extra="forbid")

    sdg_number: int | None = None
    winner: ShownText | None = None
    variants: list[ShownText] = Field(default_factory=list, max_length=50)
    started: ShownText | None = None
    ended: ShownText | None = None
    source: ShownText | None = None


class HandicapData(BaseModel):
    """The handicap a game is played with (``hwgame.rules.Handicap``): its kind and the seat whose
    starting fleet it changes. Optional in a save: a save without it is a game without a handicap.
    Fields a newer version may add are ignored, so its saves still read here."""

    model_config = ConfigDict(extra="ignore")

    kind: str = Field(max_length=40)
    seat: Literal[0, 1]

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in HANDICAP_KINDS:
            raise Problem(worded(N_("the handicap {kind} is not one this version of the game knows ({kinds})"),
                                 kind=quote(kind), kinds=", ".join(HANDICAP_KINDS)))
        return kind

    @classmethod
    def of(cls, handicap: Handicap | None) -> HandicapData | None:
        """The handicap as a save keeps it (None for none)."""
        return None if handicap is None else cls(kind=handicap.kind, seat=1 if handicap.seat else 0)

    def rules(self) -> Handicap:
        """The handicap for the rules' ``Game``."""
        return Handicap(self.kind, self.seat)


# The longest a clock may show: a day. A save with more is refused (no control the game offers comes near).
MAX_CLOCK_MS = 24 * 60 * 60 * 1000
ClockMillis = Annotated[int, Field(ge=0, le=MAX_CLOCK_MS)]
TurnIndex = Annotated[int, Field(ge=0, le=1_000_000)]


class ClockData(BaseModel):
    """A game's clock (``hwgame.app.control.timing.GameClock``): the time control (``kind`` "game": a time
    per game with an increment or a delay each turn; "turn": a time per turn), each player's time at the
    start of the turn under way, whose clock runs, the time used of the turn under way, and each
    player's time at the start of every turn so far (``starts``: turn index, then the two times), for
    an undo. Times in milliseconds. Optional in a save: a save without it is a game without a clock."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["game", "turn"]
    base_ms: Annotated[int, Field(ge=1000, le=MAX_CLOCK_MS)]
    increment_ms: Annotated[int, Field(ge=0, le=10 * 60 * 1000)] = 0
    delay_ms: Annotated[int, Field(ge=0, le=10 * 60 * 1000)] = 0
    remaining_ms: list[ClockMillis] = Field(min_length=2, max_length=2)
    running: Literal[0, 1] | None = None
    used_ms: ClockMillis = 0
    starts: list[tuple[TurnIndex, ClockMillis, ClockMillis]] = Field(default_factory=list, max_length=100_000)

    @model_validator(mode="after")
    def _consistent(self) -> ClockData:
        if self.kind == "turn" and (self.increment_ms or self.delay_ms):
            raise Problem(worded(N_("a time per turn has no increment and no delay")))
        if self.increment_ms and self.delay_ms:
            raise Problem(worded(N_("a clock has an increment or a delay, not both")))
        return self


def without_none(data: object, *keys: str) -> object:
    """Serialised model data without the optional ``keys`` that are None: a file without them is
    written exactly as before those fields existed, so older copies of the game (which forbid unknown
    fields) still read it."""
    if isinstance(data, dict):
        for key in keys:
            if data.get(key) is None:
                data.pop(key, None)
    return data


Score = Annotated[float, Field(allow_inf_nan=False)]
ProvenResult = tuple[Literal["win", "loss", "draw"], Annotated[int, Field(ge=0, le=999)]]


def _check_turn_text(text: str | None) -> str | None:
    if text is not None:
        try:
            parse_turn(text)
        except HomeworldsError as exc:
            raise Problem(worded_refusal(exc)) from None  # the refusal, worded each time it is read
    return text


class ReviewedTurn(BaseModel):
    """The review of one turn: evaluations for its mover (the computer's best turn, the turn played, the
    board after it as the next search saw it), the computer's best turn, a mark with its sentence and
    refutation, and the lines the search expected after the turn played and after the best one."""

    model_config = ConfigDict(extra="forbid")

    before: Score | None = None
    after: Score | None = None
    later: Score | None = None
    best: str | None = None
    kind: Literal["missed_win", "blunder", "mistake", "inaccuracy"] | None = None
    note: Note = ""
    refutation: str | None = None
    line: list[str] = Field(default_factory=list, max_length=8)
    better_line: list[str] = Field(default_factory=list, max_length=8)
    # Proven results for the mover before and after the turn: [result, the winner's turns].
    proof_before: ProvenResult | None = None
    proof_after: ProvenResult | None = None
    threats: list[str] = Field(default_factory=list, max_length=8)
    # The best score of another turn the search ranked before the turn (absent in older reviews).
    second: Score | None = None

    @field_validator("best", "refutation")
    @classmethod
    def _readable_turn(cls, text: str | None) -> str | None:
        return _check_turn_text(text)

    @field_validator("line", "better_line", "threats")
    @classmethod
    def _readable_line(cls, texts: list[str]) -> list[str]:
        for text in texts:
            _check_turn_text(text)
        return texts


class ReviewCache(BaseModel):
    """A finished review of the game kept with the save, so that the replay viewer shows it at once.

    ``fingerprint`` is the digest of the turns it was made for (``hwgame.analysis.review.fingerprint``): a
    cache whose game has changed since is ignored. Optional: saves without it load as before.
    """

    model_config = ConfigDict(extra="forbid")

    level: str = Field(default="", max_length=40)
    fingerprint: str = Field(max_length=128)
    # How the review was made (``hwgame.analysis.review.METHOD``); 1 for reviews of older versions, which are
    # made again rather than shown.
    method: int = 1
    total: int = Field(ge=0)
    turns: list[ReviewedTurn] = Field(default_factory=list)
    final_best: str | None = None
    final_score: Score | None = None

    @field_validator("final_best")
    @classmethod
    def _readable_turn(cls, text: str | None) -> str | None:
        return _check_turn_text(text)


def _check_turns(texts: list[str], first: int, setup: bool) -> None:
    for i, text in enumerate(texts):
        number = first + i
        if not text.strip(";\n\t ").strip():
            raise Problem(worded(N_("setup turn {number} is empty (a turn that does nothing is written 'pass')")
                                 if setup else
                                 N_("turn {number} is empty (a turn that does nothing is written 'pass')"),
                                 number=number), number)
        try:
            parse_turn(text)
        except HomeworldsError as exc:
            raise Problem(worded(N_("setup turn {number}: {problem}") if setup else N_("turn {number}: {problem}"),
                                 number=number, problem=exc), number) from None


class SaveGame(BaseModel):
    """A saved game: who plays, under which rules, every turn so far, and the result once it is over.

    ``setup`` holds the turns played while the homeworlds were set up, ``turns`` the rest, numbered on
    from the setup (turn 1 is the first setup turn). ``turn_in_progress`` holds the actions of a turn
    not yet ended. ``review`` (optional) keeps the replay viewer's finished review of the game,
    ``handicap`` (optional) the handicap it is played with, ``clock`` (optional) its clock,
    ``variations`` (optional) the turns tried on the analysis board (``variations.VariationsData``),
    ``start`` (optional) the board it began from when that is not the empty board before setup, and
    ``teaching`` whether it is a teaching game (written only when it is one).
    """

    model_config = ConfigDict(extra="forbid")

    schema_version: int
    program_version: str
    game_id: GameId = Field(default_factory=new_game_id)
    created: datetime
    updated: datetime
    title: ShownText | None = None
    rules: RulesName = "standard"
    auto_repetition_draw: bool = True
    players: list[Player] = Field(min_length=2, max_length=2)
    setup: list[str] = Field(default_factory=list, max_length=2)
    turns: list[str] = Field(default_factory=list)
    turn_in_progress: list[str] = Field(default_factory=list)
    result: Result | None = None
    imported: SdgRecord | None = None
    review: ReviewCache | None = None
    handicap: HandicapData | None = None
    clock: ClockData | None = None
    variations: VariationsData | None = None
    # The board the game began from, as one line (``rules.format_position``), when it is not the empty
    # board before setup: a game begun at a board composed in the editor. Its turns replay from there.
    start: str | None = Field(default=None, max_length=MAX_POSITION_TEXT)
    # A teaching game (``hwgame.app.control.teaching``): it stops after a turn that gives much away, and
    # is left out of the rating.
    teaching: bool = False

    @field_validator("start")
    @classmethod
    def _readable_start(cls, text: str | None) -> str | None:
        if text is not None:
            try:
                parse_position(text)
            except HomeworldsError as exc:
                raise Problem(worded(N_("the board the game began from cannot be read: {problem}"),
                                     problem=worded_refusal(exc))) from None
        return text

    @field_validator("review", mode="wrap")
    @classmethod
    def _review_or_none(cls, value: object, handler: ValidatorFunctionWrapHandler) -> ReviewCache | None:
        # A review is only a cache of what the computer can work out again: one that does not read (kept
        # by another version, or damaged) is dropped and the game loads all the same.
        try:
            return handler(value)
        except ValidationError:
            return None

    @field_validator("variations", mode="wrap")
    @classmethod
    def _variations_or_none(cls, value: object, handler: ValidatorFunctionWrapHandler) -> VariationsData | None:
        # The analysis board's tree is an extra of the game: one that does not read is left out (loading
        # says so, ``files.load_bytes``) and the game, whose turns hold the main line, loads all the same.
        try:
            return handler(value)
        except ValidationError:
            return None

    @model_serializer(mode="wrap")
    def _without_empty_review(self, handler: SerializerFunctionWrapHandler) -> dict:
        # A save without a review or a handicap is written exactly as before those fields existed, so
        # older copies of the game (whose saves forbid unknown fields) still read it.
        data = handler(self)
        without_none(data, "review", "handicap", "clock", "variations", "start")
        if isinstance(data, dict) and data.get("teaching") is False:
            data.pop("teaching")
        return data

    @field_validator("schema_version")
    @classmethod
    def _current_version(cls, version: int) -> int:
        if version != SCHEMA_VERSION:
            raise Problem(worded(N_("save format {version} is not format {current} (upgrade it first)"),
                                 version=version, current=SCHEMA_VERSION))
        return version

    @field_validator("created", "updated")
    @classmethod
    def _in_utc(cls, value: datetime) -> datetime:
        return utc_in_range(value)

    @model_validator(mode="after")
    def _consistent(self) -> SaveGame:
        a, b = self.players
        if a.name.lower() == b.name.lower():
            if a.name == b.name:
                raise Problem(worded(N_("both players are called {name}: each homeworld needs its own name"),
                                     name=quote(a.name)))
            raise Problem(worded(N_("both players are called {name} and {other} (names are matched whatever their "
                                    "case): each homeworld needs its own name"), name=quote(a.name),
                                 other=quote(b.name)))
        _check_turns(self.setup, 1, True)
        _check_turns(self.turns, len(self.setup) + 1, False)
        for i, text in enumerate(self.turn_in_progress, start=1):
            try:
                if len(parse_turn(text)) != 1:
                    raise Problem(worded(N_("the turn in progress, action {number}: write one action per entry, not "
                                            "{text}"), number=i, text=shown(text)))
            except HomeworldsError as exc:
                raise Problem(worded(N_("the turn in progress, action {number}: {problem}"), number=i,
                                     problem=exc)) from None
        if self.result is not None and self.turn_in_progress:
            raise Problem(worded(N_("a finished game cannot have a turn in progress")))
        if self.clock is not None and any(start[0] > self.turn_count for start in self.clock.starts):
            raise Problem(worded(N_("the clock names a turn the game has not reached")))
        return self

    @property
    def turn_count(self) -> int:
        """How many turns were committed, setup included."""
        return len(self.setup) + len(self.turns)


class LessonProgress(BaseModel):
    """How far a player got in one tutorial lesson."""

    model_config = ConfigDict(extra="allow")

    completed: bool = False
    step: int = Field(default=0, ge=0)


# The window sizes the settings may keep: at least what the window's layout needs
# (``hwgame.app.view.layout.MIN_WIDTH`` and ``MIN_HEIGHT``), at most an 8K screen, as ``--size`` takes
# (``hwgame.app.control.options.SMALLEST`` and ``LARGEST``). A window as large as 16384x16384 would
# take gigabytes.
WINDOW_SMALLEST = (1024, 700)
WINDOW_LARGEST = (7680, 4320)


class Settings(BaseModel):
    """The player's preferences. Every field has a default, so an old or partial file still loads.

    This class is the one home of the defaults: the window reads the fields as they are, with no
    fallbacks of its own. Unknown fields (from a newer version of the game) are kept and written back
    unchanged.
    """

    model_config = ConfigDict(extra="allow", validate_assignment=True)

    schema_version: int = SETTINGS_VERSION
    ai_level: str = DEFAULT_LEVEL  # a name of ``hwgame.levels.LEVEL_NAMES``
    ai_think_seconds: float = Field(default=2.0, gt=0, le=600)
    animation_speed: float = Field(default=1.0, ge=0, le=4)  # 0: no animation
    # Sound effects: quiet unless the player turns them up (a sound follows every action of a game).
    sound_volume: float = Field(default=0.6, ge=0, le=1)
    sound_muted: bool = False
    colour_blind: bool = False
    connection_lines: bool = True
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    default_rules: RulesName = "standard"
    player_name: str = "Player"
    move_log_notation: bool = False  # True: the play screen's move log in SDG notation
    # The window's language: "system" follows the system's language; a code of hwgame.i18n.LANGUAGES.
    language: LanguageSetting = "system"
    tutorial: dict[str, LessonProgress] = Field(default_factory=dict)
    # The new-game form offers the last game's choices again (level, rules and name have fields above).
    last_opponent: Literal["computer", "human"] = "computer"
    last_first: Literal["me", "opponent", "random"] = "me"
    last_auto_setup: bool = False
    last_handicap: HandicapChoice = "none"  # the form's value (``hwgame.app.control.options.handicap_choice``)
    last_clock: ClockChoice = "none"  # the form's clock (``hwgame.app.control.clock.PRESETS``)
    last_teaching: bool = False  # the form's teaching game against the computer (``control.teaching``)
    # A ship dropped on the bank asks before it is sacrificed (a slip there costs a ship).
    confirm_sacrifice: bool = True
    # A bar beside the board with each player's chance to win, from the verdict of the board shown.
    advantage_bar: bool = False
    # Before the player moves: a threat to parry is said and lit on the board, and End Turn asks before
    # a turn after which the opponent can win at once (never in lessons and puzzles).
    warnings: bool = True

    @field_validator("ai_level")
    @classmethod
    def _known_level(cls, level: str) -> str:
        return known_level(level)

    @field_validator("player_name")
    @classmethod
    def _usable_name(cls, name: str) -> str:
        # The name becomes a homeworld's name in saved turns, so it follows the same rule as in a save.
        return Player._name_is_writable(name)

    @field_validator("window_size")
    @classmethod
    def _sane_window(cls, size: tuple[int, int]) -> tuple[int, int]:
        # Out of range, the settings file's size is replaced by the default, as any bad setting is.
        w, h = size
        (least_w, least_h), (most_w, most_h) = WINDOW_SMALLEST, WINDOW_LARGEST
        if not (least_w <= w <= most_w and least_h <= h <= most_h):
            raise Problem(worded(N_("{text} is not a window size the game can use: from {least} to {most}"),
                                 text=f"{w}x{h}", least=f"{least_w}x{least_h}", most=f"{most_w}x{most_h}"))
        return size


def _field(key: object) -> str:
    """A field's name as a message shows it: a name of the schema as it is, a stranger key of the file
    quoted and cut short (a file may hold a key of any length or content)."""
    text = str(key)
    return text if text.isidentifier() and len(text) <= 40 else quote(text)


# Pydantic's kinds of error, in the player's words (its own English for the rest); {name} fields come
# from the error's context.
_KINDS = {
    "missing": N_("is missing"),
    "int_type": N_("should be a whole number"),
    "int_parsing": N_("should be a whole number"),
    "int_from_float": N_("should be a whole number"),
    "float_type": N_("should be a number"),
    "float_parsing": N_("should be a number"),
    "finite_number": N_("should be a finite number"),
    "bool_type": N_("should be true or false"),
    "bool_parsing": N_("should be true or false"),
    "string_type": N_("should be a text"),
    "string_unicode": N_("holds text that is not valid Unicode (half of a surrogate pair)"),
    "list_type": N_("should be a list"),
    "tuple_type": N_("should be a list"),
    "dict_type": N_("should be an object of named fields"),
    "model_type": N_("should be an object of named fields"),
    "model_attributes_type": N_("should be an object of named fields"),
    "literal_error": N_("should be {expected}"),
    "greater_than_equal": N_("should be at least {ge}"),
    "less_than_equal": N_("should be at most {le}"),
    "greater_than": N_("should be more than {gt}"),
    "less_than": N_("should be less than {lt}"),
    "too_short": N_("should have at least {min_length} entries"),
    "too_long": N_("should have at most {max_length} entries"),
    "string_too_long": N_("should be at most {max_length} characters long"),
    "datetime_type": N_("should be a date and time"),
    "datetime_parsing": N_("should be a date and time"),
    "datetime_from_date_parsing": N_("should be a date and time"),
}


def _problem_of(err: Any) -> str:
    """One error of pydantic's as a phrase in the language in force."""
    kind = err.get("type")
    error = (err.get("ctx") or {}).get("error")
    if kind in ("value_error", "assertion_error") and error is not None:
        return str(error)  # the schema's own problem, worded now
    if kind == "extra_forbidden":
        return _("is not a field of a save")
    phrase = _KINDS.get(str(kind))
    if phrase is not None:
        try:
            return _(phrase).format(**{k: str(v) for k, v in (err.get("ctx") or {}).items()})
        except (KeyError, IndexError, ValueError):
            pass  # a context without the value the phrase names: pydantic's own words below
    msg = str(err.get("msg", "")) or _("is not valid")
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    return msg


def describe_validation(exc: ValidationError, limit: int = 3) -> str:
    """A pydantic ValidationError as one readable line, ``field: problem; field: problem``, in the
    language in force (call it where the line is shown)."""
    parts = []
    for err in exc.errors()[:limit]:
        where = ""
        for item in err.get("loc", ()):
            where += f"[{item}]" if isinstance(item, int) else (f".{_field(item)}" if where else _field(item))
        msg = _problem_of(err)
        if not where:
            parts.append(msg)
        elif err.get("type") == "missing":
            # Translators: a field of a file and what is wrong with it, "players[0].name is missing".
            parts.append(_("{field} {problem}").format(field=where, problem=msg))
        else:
            parts.append(_("{field}: {problem}").format(field=where, problem=msg))
    more = len(exc.errors()) - limit
    if more > 0:
        parts.append(ngettext("and {count} more problem", "and {count} more problems", more).format(count=more))
    return "; ".join(parts)


def validation_turn(exc: ValidationError) -> int | None:
    """The number of the turn the first problem of ``exc`` concerns, if it concerns one."""
    for err in exc.errors():
        turn = getattr((err.get("ctx") or {}).get("error"), "turn", None)
        if turn is not None:
            return turn
    return None
