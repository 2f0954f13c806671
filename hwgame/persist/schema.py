"""The shapes of the files the game writes: ``SaveGame`` and ``Settings`` (pydantic models).

A save keeps a game as the turns that were played, in canonical notation (``"move y3 North Alpha"``,
actions of one turn joined by ``"; "``), never as a board picture: loading replays every turn through the
rules, so a save can only ever hold a game that was legal. Times are UTC.

``SCHEMA_VERSION`` counts incompatible changes of the save format; older files are brought up to date
by the steps in ``migrate.MIGRATIONS``. Settings only ever gain fields with defaults, so any older
settings file still loads, and fields a newer program added are kept when this one writes the file.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)

from ..rules import HomeworldsError, name_problem, parse_turn, quote, shown
from .levels import DEFAULT_LEVEL_NUMBER, MAX_LEVEL

SCHEMA_VERSION = 2
SETTINGS_VERSION = 1

RulesName = Literal["standard", "sdg"]
# How a finished game ended: the board decided it, a player resigned, both agreed a draw, a third
# repetition ended it at once (games against the computer), or the player to move claimed that draw.
Ending = Literal["board", "resignation", "agreement", "repetition", "claim"]
LanguageSetting = Literal["system", "en", "ja", "zh-Hant"]


def new_game_id() -> str:
    """A fresh, unique id for a saved game."""
    return uuid.uuid4().hex


def now_utc() -> datetime:
    """The current time in UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0)


def _utc(value: datetime) -> datetime:
    # A time without a zone is read as UTC (that is what this program writes); others are converted.
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


class Player(BaseModel):
    """A seat at the table: a name, human or computer, and the computer's level."""

    model_config = ConfigDict(extra="forbid")

    name: str
    kind: Literal["human", "computer"] = "human"
    level: int | None = Field(default=None, ge=1, le=MAX_LEVEL)

    @field_validator("name")
    @classmethod
    def _name_is_writable(cls, name: str) -> str:
        # A homeworld carries its player's name, so a player name follows the rule for every name.
        why = name_problem(name, "a player name")
        if why is not None:
            raise ValueError(why)
        return name

    @model_validator(mode="after")
    def _level_fits_kind(self) -> Player:
        if self.kind == "computer" and self.level is None:
            raise ValueError(f"the computer player {self.name} needs a level (1 to {MAX_LEVEL})")
        if self.kind == "human" and self.level is not None:
            raise ValueError(f"{self.name} is a human player: only a computer player has a level")
        return self


class Result(BaseModel):
    """How a finished game ended: ``winner`` 0 or 1, or None for a draw; ``reason`` is a sentence."""

    model_config = ConfigDict(extra="forbid")

    winner: Literal[0, 1] | None
    reason: str
    ending: Ending = "board"


class SdgRecord(BaseModel):
    """What an imported SuperDuperGames transcript said beyond its moves (kept for a faithful export)."""

    model_config = ConfigDict(extra="forbid")

    sdg_number: int | None = None
    winner: str | None = None
    variants: list[str] = Field(default_factory=list)
    started: str | None = None
    ended: str | None = None
    source: str | None = None


Score = Annotated[float, Field(allow_inf_nan=False)]


def _check_turn_text(text: str | None) -> str | None:
    if text is not None:
        try:
            parse_turn(text)
        except HomeworldsError as exc:
            raise ValueError(str(exc)) from None
    return text


class ReviewedTurn(BaseModel):
    """The review of one turn: evaluations for its mover before and after it, the computer's best turn
    at its start, and a mark (a missed win or a blunder) with its sentence and refutation."""

    model_config = ConfigDict(extra="forbid")

    before: Score | None = None
    after: Score | None = None
    best: str | None = None
    kind: Literal["missed_win", "blunder"] | None = None
    note: str = Field(default="", max_length=2000)
    refutation: str | None = None

    @field_validator("best", "refutation")
    @classmethod
    def _readable_turn(cls, text: str | None) -> str | None:
        return _check_turn_text(text)


class ReviewCache(BaseModel):
    """A finished review of the game kept with the save, so that the replay viewer shows it at once.

    ``fingerprint`` is the digest of the turns it was made for (``hwgame.ai.review.fingerprint``): a
    cache whose game has changed since is ignored. Optional: saves without it load as before.
    """

    model_config = ConfigDict(extra="forbid")

    level: str = Field(default="", max_length=40)
    fingerprint: str = Field(max_length=128)
    total: int = Field(ge=0)
    turns: list[ReviewedTurn] = Field(default_factory=list)
    final_best: str | None = None
    final_score: Score | None = None

    @field_validator("final_best")
    @classmethod
    def _readable_turn(cls, text: str | None) -> str | None:
        return _check_turn_text(text)


def _check_turns(texts: list[str], first: int, what: str) -> None:
    for i, text in enumerate(texts):
        number = first + i
        if not text.strip(";\n\t ").strip():
            raise ValueError(f"{what} {number} is empty (a turn that does nothing is written 'pass')")
        try:
            parse_turn(text)
        except HomeworldsError as exc:
            raise ValueError(f"{what} {number}: {exc}") from None


class SaveGame(BaseModel):
    """A saved game: who plays, under which rules, every turn so far, and the result once it is over.

    ``setup`` holds the turns played while the homeworlds were set up, ``turns`` the rest, numbered on
    from the setup (turn 1 is the first setup turn). ``turn_in_progress`` holds the actions of a turn
    not yet ended. ``review`` (optional) keeps the replay viewer's finished review of the game.
    """

    model_config = ConfigDict(extra="forbid")

    schema_version: int
    program_version: str
    game_id: str = Field(default_factory=new_game_id)
    created: datetime
    updated: datetime
    title: str | None = None
    rules: RulesName = "standard"
    auto_repetition_draw: bool = True
    players: list[Player] = Field(min_length=2, max_length=2)
    setup: list[str] = Field(default_factory=list, max_length=2)
    turns: list[str] = Field(default_factory=list)
    turn_in_progress: list[str] = Field(default_factory=list)
    result: Result | None = None
    imported: SdgRecord | None = None
    review: ReviewCache | None = None

    @model_serializer(mode="wrap")
    def _without_empty_review(self, handler: SerializerFunctionWrapHandler) -> dict:
        # A save without a review is written exactly as before the field existed, so older copies of
        # the game (whose saves forbid unknown fields) still read it.
        data = handler(self)
        if isinstance(data, dict) and data.get("review") is None:
            data.pop("review", None)
        return data

    @field_validator("schema_version")
    @classmethod
    def _current_version(cls, version: int) -> int:
        if version != SCHEMA_VERSION:
            raise ValueError(f"save format {version} is not format {SCHEMA_VERSION} (upgrade it first)")
        return version

    @field_validator("created", "updated")
    @classmethod
    def _in_utc(cls, value: datetime) -> datetime:
        return _utc(value)

    @model_validator(mode="after")
    def _consistent(self) -> SaveGame:
        a, b = self.players
        if a.name.lower() == b.name.lower():
            same = "" if a.name == b.name else f" and {quote(b.name)} (names are matched whatever their case)"
            raise ValueError(f"both players are called {quote(a.name)}{same}: each homeworld needs its own name")
        _check_turns(self.setup, 1, "setup turn")
        _check_turns(self.turns, len(self.setup) + 1, "turn")
        for i, text in enumerate(self.turn_in_progress, start=1):
            try:
                if len(parse_turn(text)) != 1:
                    raise ValueError(f"the turn in progress, action {i}: write one action per entry, not {shown(text)}")
            except HomeworldsError as exc:
                raise ValueError(f"the turn in progress, action {i}: {exc}") from None
        if self.result is not None and self.turn_in_progress:
            raise ValueError("a finished game cannot have a turn in progress")
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


class Settings(BaseModel):
    """The player's preferences. Every field has a default, so an old or partial file still loads.

    This class is the one home of the defaults: the window reads the fields as they are, with no
    fallbacks of its own. Unknown fields (from a newer version of the game) are kept and written back
    unchanged.
    """

    model_config = ConfigDict(extra="allow", validate_assignment=True)

    schema_version: int = SETTINGS_VERSION
    ai_level: int = Field(default=DEFAULT_LEVEL_NUMBER, ge=1, le=MAX_LEVEL)  # hwgame.persist.levels numbers
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

    @field_validator("player_name")
    @classmethod
    def _usable_name(cls, name: str) -> str:
        # The name becomes a homeworld's name in saved turns, so it follows the same rule as in a save.
        return Player._name_is_writable(name)

    @field_validator("window_size")
    @classmethod
    def _sane_window(cls, size: tuple[int, int]) -> tuple[int, int]:
        w, h = size
        if not (320 <= w <= 16384 and 240 <= h <= 16384):
            raise ValueError(f"a window of {w}x{h} is not usable (from 320x240 to 16384x16384)")
        return size


def _field(key) -> str:
    """A field's name as a message shows it: a name of the schema as it is, a stranger key of the file
    quoted and cut short (a file may hold a key of any length or content)."""
    text = str(key)
    return text if text.isidentifier() and len(text) <= 40 else quote(text)


def describe_validation(exc: ValidationError, limit: int = 3) -> str:
    """A pydantic ValidationError as one readable line: ``field: problem; field: problem``."""
    parts = []
    for err in exc.errors()[:limit]:
        where = ""
        for item in err.get("loc", ()):
            where += f"[{item}]" if isinstance(item, int) else (f".{_field(item)}" if where else _field(item))
        msg = err.get("msg", "is not valid")
        for prefix in ("Value error, ", "Assertion failed, "):
            if msg.startswith(prefix):
                msg = msg[len(prefix) :]
        if err.get("type") == "missing":
            msg = "is missing"
        elif err.get("type") == "extra_forbidden":
            msg = "is not a field of a save"
        if not where:
            parts.append(msg)
        elif err.get("type") == "missing":
            parts.append(f"{where} {msg}")
        else:
            parts.append(f"{where}: {msg}")
    more = len(exc.errors()) - limit
    if more > 0:
        parts.append(f"and {more} more problem{'s' if more > 1 else ''}")
    return "; ".join(parts)
