"""Bringing saves written by older versions of the game up to the current format, one step at a time.

``MIGRATIONS[n]`` turns a save of format ``n`` into format ``n + 1``; ``upgrade`` applies the steps in
order. A step works on plain JSON data and never touches the file: loading stays read-only, and the
upgraded form is only written when the player saves again.

Format 1, the first one, kept every turn (setup included) in one ``turns`` list in SDG style, the players
as bare names with a parallel ``levels`` list (null for a human), one ``saved`` time, and the result as
``winner`` / ``reason`` / ``resigned`` fields. Format 2 kept a computer's level as a number, its place in
the table of levels of the time; format 3 keeps its name.

Settings have steps of their own, ``SETTINGS_MIGRATIONS`` (``upgrade_settings``): format 1 of settings
also kept the level as a number.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import N_
from ..rules import Homeworld, HomeworldsError, format_turn, opponent_of, parse_turn
from .errors import WordedProblem, worded
from .schema import SCHEMA_VERSION, SETTINGS_VERSION


class MigrationError(WordedProblem):
    """A file claims an older format but does not hold what that format held; worded when read, with the
    number of the turn concerned (``turn``), if any."""



def _canonical(text: str, number: int) -> str:
    try:
        return format_turn(parse_turn(text), "canonical")
    except HomeworldsError as exc:
        raise MigrationError(worded(N_("turn {number}: {problem}"), number=number, problem=exc), number) from None


def _from_1(data: dict) -> dict:
    """Format 1 -> 2: split setup from turns, canonical notation, players as objects, created/updated."""
    names = data.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise MigrationError(worded(N_("format 1 keeps 'players' as a list of names")))
    levels = data.get("levels") or [None] * len(names)
    if not isinstance(levels, list) or len(levels) != len(names):
        raise MigrationError(worded(N_("format 1 keeps one entry of 'levels' per player")))
    turns = data.get("turns", [])
    if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
        raise MigrationError(worded(N_("format 1 keeps 'turns' as a list of texts")))
    turns = [_canonical(t, i) for i, t in enumerate(turns, start=1)]
    # The setup is the leading turns that set up a homeworld; there are at most two of them.
    setup_count = 0
    while setup_count < min(2, len(turns)) and any(isinstance(a, Homeworld) for a in parse_turn(turns[setup_count])):
        setup_count += 1
    players = [
        {"name": name, "kind": "human"} if level is None else {"name": name, "kind": "computer", "level": level}
        for name, level in zip(names, levels, strict=True)
    ]
    saved = data.get("saved")
    out = {
        "schema_version": 2,
        "program_version": data.get("program_version", "unknown"),
        "created": saved,
        "updated": saved,
        "rules": data.get("rules", "standard"),
        # Format 1 only existed before the draw by repetition: no automatic draw for its games.
        "auto_repetition_draw": False,
        "players": players,
        "setup": turns[:setup_count],
        "turns": turns[setup_count:],
        "turn_in_progress": [_canonical(t, len(turns) + 1) for t in data.get("pending", [])],
    }
    if "resigned" in data:
        winner = opponent_of(data["resigned"])
        out["result"] = {"winner": winner, "reason": data.get("reason", "resigned"), "ending": "resignation"}
    elif data.get("finished"):
        out["result"] = {"winner": data.get("winner"), "reason": data.get("reason", ""), "ending": "board"}
    return out


# The levels as numbered by format 2 of saves and format 1 of settings, frozen here: the table of levels
# may change, what these numbers meant does not. Numbers up to NUMBERED_HIGHEST were accepted, room for
# levels to come, and a number above the hardest played as the hardest.
NUMBERED_LEVELS = {1: "beginner", 2: "easy", 3: "normal", 4: "hard"}
NUMBERED_HARDEST = "hard"
NUMBERED_HIGHEST = 10


def level_of_number(value: object) -> object:
    """The name of a level kept as a number by an older format; any other value as it is, for the schema
    to judge (a number out of range was never a level)."""
    if type(value) is int and 1 <= value <= NUMBERED_HIGHEST:
        return NUMBERED_LEVELS.get(value, NUMBERED_HARDEST)
    return value


def _from_2(data: dict) -> dict:
    """Format 2 -> 3: a computer's level by name instead of number."""
    players = data.get("players")
    if isinstance(players, list):
        players = [dict(p, level=level_of_number(p["level"])) if isinstance(p, dict) and "level" in p else p
                   for p in players]  # fmt: skip
    return {**data, "schema_version": 3, "players": players}


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _from_1, 2: _from_2}
OLDEST = min(MIGRATIONS)


def upgrade(data: dict) -> tuple[dict, list[int]]:
    """Bring ``data`` (a parsed save of an older format) to ``SCHEMA_VERSION``; return it and the steps taken.

    Raise MigrationError when a step finds the data is not what its format held.
    """
    steps = []
    version = data["schema_version"]
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise MigrationError(worded(N_("no way to upgrade save format {version} (the oldest this program reads is "
                                           "{oldest})"), version=version, oldest=OLDEST))
        try:
            data = step(data)
        except MigrationError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise MigrationError(worded(N_("upgrading format {version}: {problem}"), version=version,
                                        problem=repr(exc))) from None
        steps.append(version)
        version += 1
        if data.get("schema_version") != version:
            raise MigrationError(worded(N_("upgrading format {version} did not give format {wanted}"),
                                        version=steps[-1], wanted=version))
    return data, steps


def _settings_from_1(data: dict) -> dict:
    """Settings format 1 -> 2: the computer's level by name instead of number."""
    out = {**data, "schema_version": 2}
    if "ai_level" in out:
        out["ai_level"] = level_of_number(out["ai_level"])
    return out


SETTINGS_MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _settings_from_1}


def upgrade_settings(data: dict) -> dict:
    """Bring parsed settings of an older format (no ``schema_version``: the first) to ``SETTINGS_VERSION``.

    Never raises and never refuses: a value a step cannot read is left for the schema, which replaces it
    by its default as it does any bad setting; settings of a newer format are left as they are."""
    version = data.get("schema_version", 1)
    while type(version) is int and version < SETTINGS_VERSION and version in SETTINGS_MIGRATIONS:
        data = SETTINGS_MIGRATIONS[version](data)
        version += 1
    return data
