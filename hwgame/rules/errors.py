"""Errors raised by the rules engine: a reason code and plain values, never a sentence.

The rules know no language. A refusal says *what* was wrong as a stable kebab-case code
(``"no-power-here"``) and the values a sentence needs (``colour="green", system="Alpha"``); the
wording is done outside the rules (``hwgame.words.refusal_text``), in the player's language.
``str(error)`` is the refusal's code and values (``plain_wording``), the same in every language.

Every code is listed below (``REFUSAL_CODES``, ``FRAME_CODES``, ``NOTE_CODES``, ``OUTCOME_CODES``)
with the names of the values it carries, so that others can match on codes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Self


@dataclass(frozen=True)
class Refusal:
    """Why something was refused (or what an import noted): a code, its values, and where it happened.

    ``frames`` are the places around the reason, outermost first, each itself a Refusal without
    frames (a code of ``FRAME_CODES``: "action 2", "turn 5 (game.raw:11)"). ``str()`` is its plain code form.
    """

    code: str
    values: Mapping[str, Any] = field(default_factory=dict)
    frames: tuple[Refusal, ...] = ()

    def within(self, code: str, **values: Any) -> Refusal:
        """The same reason inside one more place (the new frame becomes the outermost)."""
        return Refusal(self.code, self.values, (Refusal(code, values), *self.frames))

    @property
    def core(self) -> Refusal:
        """The reason alone, without the places around it."""
        return Refusal(self.code, self.values) if self.frames else self

    def __str__(self) -> str:
        return plain_wording(self)


def plain_wording(refusal: Refusal) -> str:
    """A refusal as its codes and values, in no language: ``"in-turn(turn=5): no-such-system(system='X')"``."""

    def one(r: Refusal) -> str:
        inside = ", ".join(f"{k}={v!r}" for k, v in r.values.items())
        return f"{r.code}({inside})" if inside else r.code

    return ": ".join([*(one(f) for f in refusal.frames), one(refusal.core)])


def _restore(
    cls: type[HomeworldsError],
    code: str,
    values: dict[str, Any],
    frames: tuple[Refusal, ...],
    state: dict[str, Any],
) -> HomeworldsError:
    error = cls.__new__(cls)
    Exception.__init__(error, code)
    error.code, error.values, error.frames = code, values, frames
    error.__dict__.update(state)
    return error


class HomeworldsError(ValueError):
    """Base class of every error the rules engine raises on bad input: ``code``, ``values``, ``frames``.

    ``str(error)`` is its refusal's plain code form (``plain_wording``); a player reads it worded by
    ``hwgame.words.refusal_text``.
    """

    def __init__(self, code: str, /, **values: Any):
        super().__init__(code)
        self.code = code
        self.values = values
        self.frames: tuple[Refusal, ...] = ()

    @classmethod
    def of(cls, refusal: Refusal) -> Self:
        """An error of this class carrying ``refusal`` (its code, values and frames)."""
        error = cls(refusal.code, **refusal.values)
        error.frames = refusal.frames
        return error

    def within(self, code: str, **values: Any) -> Self:
        """Add a place around the reason (outermost); return the error itself, to be raised."""
        self.frames = (Refusal(code, values), *self.frames)
        return self

    @property
    def refusal(self) -> Refusal:
        """The refusal this error carries."""
        return Refusal(self.code, self.values, self.frames)

    def __str__(self) -> str:
        return plain_wording(self.refusal)

    def __reduce__(self) -> tuple[Callable[..., HomeworldsError], tuple[object, ...]]:
        state = {k: v for k, v in self.__dict__.items() if k not in ("code", "values", "frames")}
        return (_restore, (type(self), self.code, self.values, self.frames, state))


class NotationError(HomeworldsError):
    """A line of notation could not be read."""


class IllegalActionError(HomeworldsError):
    """An action or turn breaks a rule; the code names the rule."""


class UnsupportedGameError(HomeworldsError):
    """A record of a game this program does not play (for example 3 or 4 players)."""


# --- Reason codes -------------------------------------------------------------------------------
# Every code an error of the rules engine carries, with the names of the values it carries. A code is
# stable: the tutorial matches a learner's mistake by it and hwgame.words words it. Value
# conventions: a key ending in "colour" holds a colour name of COLOR_NAMES ("green"), one ending in
# "piece" a piece as notation ("g1"), one ending in "power" a power name of POWER_NAMES ("build"),
# "kind" the kind of a name ("system" or "player"); text a player typed is given already quoted
# (``notation.quote``). Everything else is a plain name or number.
REFUSAL_CODES: dict[str, tuple[str, ...]] = {
    # The validator: an action that breaks a rule (IllegalActionError).
    "no-such-system": ("system",),
    "no-ship-to-trade": ("piece", "system"),
    "no-ship-to-move": ("piece", "system"),
    "no-ship-to-sacrifice": ("piece", "system"),
    "sacrifice-gave-other-power": ("colour", "power", "wanted_power"),
    "action-already-used": (),
    "no-power-here": ("colour", "system", "power"),
    "build-needs-own-colour": ("colour", "system"),
    "build-bank-empty": ("colour",),
    "build-not-smallest": ("colour", "piece"),
    "trade-needs-same-size": (),
    "trade-needs-other-colour": (),
    "trade-bank-empty": ("piece",),
    "move-to-same-system": ("system",),
    "not-connected": ("origin", "destination"),
    "star-bank-empty": ("piece",),
    "star-shares-size": ("system", "piece"),
    "name-taken-by-system": ("name", "system"),
    "name-taken-by-system-case": ("name", "system"),
    "name-taken-by-player": ("name", "player"),
    "name-taken-by-player-case": ("name", "player"),
    "capture-no-enemy-ship": ("piece", "system"),
    "capture-needs-own-ship": ("system",),
    "capture-too-small": ("system", "size", "target_size"),
    "second-sacrifice": (),
    "catastrophe-too-few": ("system", "count", "colour"),
    "homeworld-already-set": (),
    "homeworld-no-star": (),
    "homeworld-two-stars": (),
    "homeworld-bank-short": ("count", "piece"),
    "homeworld-first": (),
    "setup-not-done": (),
    "homeworld-after-setup": (),
    "not-an-action": ("value",),
    "field-not-a-piece": ("value",),
    "field-not-a-name": ("value",),
    "field-not-a-colour": ("value",),
    "end-turn-not-applied": (),
    # The game: turns, the end of the game, draws (IllegalActionError); its players (HomeworldsError).
    "game-over": (),
    "turn-in-progress": (),
    "turn-already-ended": (),
    "no-repetition-rule": (),
    "repetition-needs-three": (),
    "players-same-name": (),
    "not-two-players": ("count", "players"),
    "unknown-rules": ("name",),
    "unknown-handicap": ("name",),
    "wrong-player": ("player", "mover"),
    # Names of systems and players (notation.name_refusal).
    "name-not-text": ("kind", "type"),
    "name-empty": ("kind",),
    "name-too-long": ("name", "kind", "limit"),
    "name-has-space": ("name", "kind"),
    "name-has-other-space": ("name", "kind"),
    "name-unprintable": ("name", "kind"),
    "name-has-separator": ("name", "kind"),
    "name-breaks-transcript": ("name",),
    # SDG notation (NotationError).
    "notation-unknown-style": ("style",),
    "notation-action-not-text": ("type",),
    "notation-turn-not-text": ("type",),
    "notation-empty": (),
    "notation-unknown-verb": ("word",),
    "notation-word-count": ("verb", "count", "shape", "given"),
    "notation-homeworld-word-count": ("given",),
    "notation-takes-nothing": ("verb", "given"),
    "notation-not-a-piece": ("word",),
    "notation-not-a-ship": ("word",),
    "notation-not-a-star": ("word",),
    "notation-not-a-colour": ("word",),
    "notation-homeworld-no-star": (),
    "piece-unreadable": ("text",),
    # The one-line text of a position and a position read from data (NotationError, HomeworldsError).
    "position-not-text": ("type",),
    "position-too-long": ("length", "limit"),
    "position-bad-header": ("header",),
    "position-bad-system": ("part",),
    "position-bad-owner": ("system", "owner"),
    "position-bad-stars": ("system", "word"),
    "position-bad-ships": ("system", "word"),
    "position-homeworld-stars": ("system", "count"),
    "position-system-stars": ("system", "count"),
    "position-empty-system": ("system",),
    "position-setup-mover": ("stage",),
    "position-setup-systems": ("stage",),
    "position-bad-mover-stage": ("mover", "stage"),
    "position-duplicate-name": (),
    "position-two-homeworlds": (),
    "position-too-many-pieces": ("count", "pieces"),
    # A board composed in the editor (board_check.board_problems): what no position may hold, and why
    # no game could go on from it.
    "position-no-star": ("system",),
    "position-name-taken": ("system", "other"),
    "position-second-homeworld": ("system", "other", "player"),
    "position-empty-board": (),
    "position-no-homeworld": ("player",),
    "position-home-lost": ("system", "player"),
    "position-data-unreadable": ("why",),
    "position-data-bad-header": (),
    # SDG transcripts (TranscriptLineError, UnsupportedGameError, NotationError).
    "transcript-bad-participant": ("text",),
    "transcript-unsupported-players": ("count", "players"),
    "transcript-both-north": (),
    "transcript-both-south": (),
    "transcript-same-name": ("name",),
    "transcript-turn-number-digits": ("digits",),
    "transcript-sdg-number-digits": ("digits", "limit"),
    "transcript-header-too-long": ("header", "length", "limit"),
    "transcript-turn-out-of-order": ("number", "expected"),
    "transcript-no-participants": (),
    # Transcript files (TranscriptFileError).
    "file-missing": (),
    "file-permission": (),
    "file-unreadable": ("why",),
    "file-name-has-nul": (),
    "file-is-folder": (),
    "file-not-regular": (),
    "file-too-large": ("size_kb", "limit_kb"),
    "file-grew": (),
    "file-empty": (),
    "file-not-utf8": (),
}

# Where a refusal happened, worded around it ("action 2: ...", "turn 5 (game.raw:11), Ann: ..."). A
# refusal carries its frames outermost first; each frame's wording holds the words inside it.
FRAME_CODES: dict[str, tuple[str, ...]] = {
    "turn-action": ("action",),
    "cannot-read": ("text",),
    "not-a-position": (),
    "in-file": ("source",),
    "at-file-line": ("source", "line"),
    "at-line": ("line",),
    "in-turn": ("turn",),
    "in-turn-at-file-line": ("turn", "source", "line"),
    "in-turn-at-line": ("turn", "line"),
    "replay-action-at-file-line": ("turn", "source", "line", "mover", "text"),
    "replay-action-at-line": ("turn", "line", "mover", "text"),
    "replay-turn": ("turn", "mover"),
    "transcript-player-name": (),
}

# What the import of a transcript changed or ignored (Transcript.notes): not refusals, worded alike.
NOTE_CODES: dict[str, tuple[str, ...]] = {
    "note-ignored-words": ("ignored",),
    "note-setup-pass": ("player",),
    "note-sacrifice-pass": (),
    "note-late-home": ("player", "other"),
    "note-double-encoded": ("count",),
    # What a handicap did to the starting fleets (handicap.apply_handicap), told to the players.
    "note-handicap-extra-ship": ("player", "piece"),
    "note-handicap-extra-other": ("player", "piece", "wanted_piece"),
    "note-handicap-smaller-ship": ("player", "piece", "taken_piece"),
    "note-handicap-smaller-other": ("player", "piece", "taken_piece", "wanted_piece"),
    "note-handicap-not-large": ("player", "piece"),
    "note-handicap-bank-empty": ("player",),
}

# How a game ended (Outcome.code).
OUTCOME_CODES: dict[str, tuple[str, ...]] = {
    "win-homeworld-gone": ("winner", "loser"),
    "win-home-held": ("winner", "loser"),
    "win-home-empty": ("winner", "loser"),
    "win-resigned": ("winner", "loser"),
    "win-timeout": ("winner", "loser"),
    "win-recorded": ("winner", "loser"),  # a record names the winner, not how the game ended off the board
    "draw-both-lost": (),
    "draw-repetition": (),
    "draw-agreement": (),
}


ALL_CODES: frozenset[str] = (
    frozenset(REFUSAL_CODES) | frozenset(FRAME_CODES) | frozenset(NOTE_CODES) | frozenset(OUTCOME_CODES)
)
