"""The English templates of everything the rules say by code: refusals, the places around them, the
notes of an import and how a game ended.

The rules say why something was refused as a code and plain values (``hwgame.rules.REFUSAL_CODES``);
each code has one English template here with named placeholders, translated through the catalogs when
it is worded (``refusals.refusal_text``). The places around a reason ("action 2: ...", "turn 5
(game.raw:11), Ann: ...") are templates of their own, holding the words inside them as ``{reason}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from hwgame.i18n import N_

from .names import Speaker


class Plural(NamedTuple):
    """A template whose words depend on a count: ``choose(speaker, n)`` gives the form for ``n``."""

    key: str  # the name of the value that is the count
    choose: Callable[[Speaker, int], str]


Template = str | Plural

# The reasons (hwgame.rules.REFUSAL_CODES). They are clauses, lower case and without a full stop: a
# caller may put one after "Not possible: " or make a sentence of it.
REFUSALS: dict[str, Template] = {
    # The validator.
    "no-such-system": N_("there is no system named {system}"),
    "no-ship-to-trade": N_("you have no {piece} ship at {system} to trade"),
    "no-ship-to-move": N_("you have no {piece} ship at {system} to move"),
    "no-ship-to-sacrifice": N_("you have no {piece} ship at {system} to sacrifice"),
    "sacrifice-gave-other-power": N_("your sacrifice gave {colour} actions ({power}), not {wanted_power}"),
    "action-already-used": N_("you have already used your action this turn: end the turn or trigger a catastrophe"),
    "no-power-here": N_(
        "no {colour} at {system}: a {colour} star or one of your {colour} ships must be there to {power}"
    ),
    "build-needs-own-colour": N_(
        "you have no {colour} ship at {system}: you can only build a colour you already have there"
    ),
    "build-bank-empty": N_("the bank has no {colour} pieces left to build"),
    "build-not-smallest": N_("a build takes the smallest {colour} in the bank, which is {piece}"),
    "trade-needs-same-size": N_("a trade keeps the size: the new piece must be the same size as the old ship"),
    "trade-needs-other-colour": N_("a trade changes the colour: pick a piece of another colour"),
    "trade-bank-empty": N_("the bank has no {piece} to trade for"),
    "move-to-same-system": N_("the ship is already at {system}"),
    "not-connected": N_("{origin} and {destination} are not connected: they share a star size"),
    "star-bank-empty": N_("the bank has no {piece} to make a new star"),
    "star-shares-size": N_("a new star must not share a size with {system}'s stars: {piece} would not be connected"),
    "name-taken-by-system": N_("the name {name} is already taken: the system {system} has it"),
    "name-taken-by-system-case": N_(
        "the name {name} is already taken: the system {system} has it (names are matched whatever their case)"
    ),
    "name-taken-by-player": N_(
        "the name {name} is already taken: {player} is a player's name, kept for their homeworld"
    ),
    "name-taken-by-player-case": N_(
        "the name {name} is already taken: {player} is a player's name, kept for their homeworld "
        "(names are matched whatever their case)"
    ),
    "capture-no-enemy-ship": N_("there is no enemy {piece} ship at {system} to capture"),
    "capture-needs-own-ship": N_("you need a ship of your own at {system} to capture there"),
    "capture-too-small": N_(
        "your largest ship at {system} is size {size}: it cannot capture a size {target_size} ship"
    ),
    "second-sacrifice": N_("you are using a sacrifice's actions: a second sacrifice is not allowed in one turn"),
    "catastrophe-too-few": Plural(
        "count",
        lambda s, n: s.ngettext(
            "{system} has {count} {colour} piece: a catastrophe needs 4 or more",
            "{system} has {count} {colour} pieces: a catastrophe needs 4 or more",
            n,
        ),
    ),
    "homeworld-already-set": N_("your homeworld is already set up: end the turn"),
    "homeworld-no-star": N_("a homeworld needs a star"),
    "homeworld-two-stars": N_("a homeworld needs two stars under the standard rules"),
    "homeworld-bank-short": N_("the bank has only {count} {piece} left"),
    "homeworld-first": N_("set up your homeworld first: two stars and a ship"),
    "setup-not-done": N_("the game is still being set up: build your homeworld first"),
    "homeworld-after-setup": N_("homeworlds are set up only at the start of the game"),
    "not-an-action": N_("{value} is not an action"),
    "field-not-a-piece": N_("{value} is not a piece"),
    "field-not-a-name": N_("{value} is not a system name"),
    "field-not-a-colour": N_("{value} is not a colour"),
    "end-turn-not-applied": N_("the end of a turn is committed by the game, not applied to a turn"),
    # The game.
    "game-over": N_("the game is over"),
    "turn-in-progress": N_("a turn is already in progress: finish or restart it first"),
    "turn-already-ended": N_("the turn has already ended"),
    "no-repetition-rule": N_("these rules have no draw by repetition"),
    "repetition-needs-three": N_("a draw by repetition needs the same position three times"),
    "players-same-name": N_("the two players need different names: their homeworlds are named after them"),
    "not-two-players": N_("a game has two players, not {count}: {players}"),
    "unknown-rules": N_("unknown rule set {name}: use standard or sdg"),
    "unknown-handicap": N_("unknown handicap {name}"),
    "wrong-player": N_("it is {player}'s turn, not {mover}'s"),
    # Names.
    "name-not-text": N_("{kind} must be text, not {type}"),
    "name-empty": N_("{kind} cannot be empty"),
    "name-too-long": N_("{name} is too long for {kind} (at most {limit} characters)"),
    "name-has-space": N_("{name} cannot be {kind}: it holds a space"),
    "name-has-other-space": N_("{name} cannot be {kind}: it holds a tab, a line break or another kind of space"),
    "name-unprintable": N_("{name} cannot be {kind}: it holds a character that cannot be printed"),
    "name-has-separator": N_("{name} cannot be {kind}: it holds ';', which separates the actions of a turn"),
    "name-breaks-transcript": N_("{name} cannot be a player name: it holds ',', ':', '(' or ')'"),
    # SDG notation. The keywords and letters of the notation stay as they are written.
    "notation-unknown-style": N_("unknown notation style {style}: use 'sdg' or 'canonical'"),
    "notation-action-not-text": N_("an action is written as text, not {type}"),
    "notation-turn-not-text": N_("a turn is written as text, not {type}"),
    "notation-empty": N_("the line is empty"),
    "notation-unknown-verb": N_(
        "{word} is not a known action (use homeworld, build, trade, move, discover, attack, sacrifice, "
        "catastrophe, pass, or an abbreviation)"
    ),
    # Translators: {verb} is an SDG keyword (build, move...) and {shape} what the notation writes after
    # it (PIECE SYSTEM): keep both as they are.
    "notation-word-count": N_("{verb} takes {count} words after it ({shape}), not {given}"),
    "notation-homeworld-word-count": N_(
        "homeworld takes 3 or 4 words after it (STAR1 STAR2 SHIP; a star may be '-', an optional '*' may "
        "follow), not {given}"
    ),
    "notation-takes-nothing": N_("{verb} takes no words after it, not {given}"),
    "notation-not-a-piece": N_(
        "{word} is not a piece (a colour r, y, g or b, a size 1, 2 or 3 and an optional owner N, S, E or W)"
    ),
    "notation-not-a-ship": N_(
        "{word} is not a ship (a colour r, y, g or b, a size 1, 2 or 3 and an optional owner N, S, E or W)"
    ),
    "notation-not-a-star": N_("{word} is not a star (a colour r, y, g or b, a size 1, 2 or 3)"),
    "notation-not-a-colour": N_("{word} is not a colour (use r, y, g, b or red, yellow, green, blue)"),
    "notation-homeworld-no-star": N_("a homeworld needs at least one star"),
    "piece-unreadable": N_("{text} is not a piece (a colour letter r, y, g or b and a size 1, 2 or 3)"),
    # Positions as text and as data.
    "position-not-text": N_("expected text, not {type}"),
    "position-too-long": N_("{length} characters is too long (at most {limit})"),
    "position-bad-header": N_("{header} should be: rules, two players, player to move, stage"),
    "position-bad-system": N_("system {part} needs five words: name, owner, stars, and both players' ships"),
    "position-bad-owner": N_("the owner of {system} is {owner}: write 0, 1 or - for no one"),
    "position-bad-stars": N_("the stars of {system}, {word}, are not a run of pieces such as y1b2"),
    "position-bad-ships": N_("the ships of {system}, {word}, are not a run of pieces such as y1b2"),
    "position-homeworld-stars": Plural(
        "count",
        lambda s, n: s.ngettext(
            "{system} has {count} star: a homeworld has one or two stars",
            "{system} has {count} stars: a homeworld has one or two stars",
            n,
        ),
    ),
    "position-system-stars": Plural(
        "count",
        lambda s, n: s.ngettext(
            "{system} has {count} star: a system has one star", "{system} has {count} stars: a system has one star", n
        ),
    ),
    "position-empty-system": N_("{system} has no ship: an empty system goes back to the bank"),
    "position-setup-mover": N_("in setup (stage {stage}) player {stage} is to move"),
    "position-setup-systems": Plural(
        "stage",
        lambda s, n: s.ngettext(
            "stage {stage} of setup has {stage} homeworld and nothing else",
            "stage {stage} of setup has {stage} homeworlds and nothing else",
            n,
        ),
    ),
    "position-bad-mover-stage": N_("player to move {mover} must be 0 or 1 and stage {stage} 0, 1 or 2"),
    "position-duplicate-name": N_("two systems share a name"),
    "position-two-homeworlds": N_("a player has two homeworlds"),
    "position-too-many-pieces": N_("more than {count} pieces of {pieces}"),
    "position-no-star": N_("{system} has no star: drop a piece from the bank on it to be its star"),
    "position-name-taken": N_(
        "two systems are called {other} and {system}: a name is for one system only, whatever its case"
    ),
    "position-second-homeworld": N_("{system} is a second homeworld of {player}, who has {other} already"),
    "position-empty-board": N_("the board is empty: drag pieces from the bank onto it"),
    "position-no-homeworld": N_("{player} has no homeworld: the game would be over"),
    "position-home-lost": N_("{player} has no ship at their homeworld {system}: the game would be over"),
    "position-data-unreadable": N_("the data cannot be read ({why})"),
    "position-data-bad-header": N_("needs two players, to_move 0 or 1 and stage 0..2"),
    # SDG transcripts.
    "transcript-bad-participant": N_("cannot read the participant {text}: write a name and a seat, as 'Ann (N)'"),
    "transcript-unsupported-players": N_(
        "a game of {count} players ({players}) is not supported: only two-player games can be played"
    ),
    "transcript-both-north": N_("both players sit North (N): a two-player game has one North (N) and one South (S)"),
    "transcript-both-south": N_("both players sit South (S): a two-player game has one North (N) and one South (S)"),
    "transcript-same-name": N_("both players are called {name}: each homeworld is named after its player"),
    "transcript-turn-number-digits": N_(
        "a turn number of {digits} digits cannot be right: turns are numbered 1, 2, 3..."
    ),
    "transcript-sdg-number-digits": N_("an SDG game number of {digits} digits cannot be right (at most {limit})"),
    # Translators: {header} is the name of a line of an SDG record (Variants, Started, Participants, Winner).
    "transcript-header-too-long": N_("the {header} line is {length} characters long (at most {limit})"),
    "transcript-turn-out-of-order": N_("turn {number} where turn {expected} was expected"),
    "transcript-no-participants": N_("no 'Participants:' line: whose game is this?"),
    # Transcript files: the file's name comes before these words.
    "file-missing": N_("no such file"),
    "file-permission": N_("cannot be read: permission denied"),
    "file-unreadable": N_("cannot be read: {why}"),
    "file-name-has-nul": N_("cannot be opened: a file name cannot hold a NUL character"),
    "file-is-folder": N_("is a folder, not a transcript"),
    "file-not-regular": N_("is not a regular file (a pipe, a device or a socket)"),
    "file-too-large": N_("is {size_kb} kB, far too large to be a transcript (at most {limit_kb} kB)"),
    "file-grew": N_("is far too large to be a transcript (it grew while it was read)"),
    "file-empty": N_("is empty: it holds no game"),
    "file-not-utf8": N_(
        "is not UTF-8 text (it is full of zero bytes: UTF-16 or UTF-32 without a byte order mark?): save it as UTF-8"
    ),
}

# The places around a reason (hwgame.rules.FRAME_CODES): {reason} is the worded reason inside.
FRAMES: dict[str, str] = {
    # Translators: {action} is the number of an action within a turn (1, 2, ...).
    "turn-action": N_("action {action}: {reason}"),
    "cannot-read": N_("cannot read {text}: {reason}"),
    "not-a-position": N_("not a position: {reason}"),
    "in-file": N_("{source}: {reason}"),
    "at-file-line": N_("{source}:{line}: {reason}"),
    "at-line": N_("line {line}: {reason}"),
    "in-turn": N_("turn {turn}: {reason}"),
    "in-turn-at-file-line": N_("turn {turn} ({source}:{line}): {reason}"),
    "in-turn-at-line": N_("turn {turn} (line {line}): {reason}"),
    # Translators: {mover} is a player's name and {text} the action as the record writes it.
    "replay-action-at-file-line": N_("turn {turn} ({source}:{line}), {mover}: {text}: {reason}"),
    "replay-action-at-line": N_("turn {turn} (line {line}), {mover}: {text}: {reason}"),
    "replay-turn": N_("turn {turn}, {mover}: {reason}"),
    "transcript-player-name": N_("the player name cannot be written in a transcript: {reason}"),
}

# What an import noted (hwgame.rules.NOTE_CODES) and how a game ended (hwgame.rules.OUTCOME_CODES).
NOTES: dict[str, str] = {
    "note-ignored-words": N_("ignored {ignored} after the action, as SDG did"),
    "note-setup-pass": N_("{player} passed before both homeworlds were set up: the pass changed nothing"),
    "note-sacrifice-pass": N_("a pass among a sacrifice's actions forfeited only that action"),
    "note-late-home": N_("{player} passed instead of setting up, and {other} played on meanwhile, as SDG allowed: "
                         "{player} cannot lose before building a homeworld"),
    "note-double-encoded": N_("text stored encoded twice (UTF-8 read as Latin-1) was repaired on {count} line(s)"),
    # Translators: what a handicap did at the start of a game; {piece} is a piece in words ("green 1").
    "note-handicap-extra-ship": N_("Handicap: {player} starts with an extra ship at home, a {piece}"),
    "note-handicap-extra-other": N_("Handicap: {player} starts with an extra ship at home, a {piece} (the bank has "
                                    "no {wanted_piece} left)"),
    "note-handicap-smaller-ship": N_("Handicap: {player} starts with a {piece} instead of the {taken_piece}"),
    "note-handicap-smaller-other": N_("Handicap: {player} starts with a {piece} instead of the {taken_piece} (the "
                                      "bank has no {wanted_piece} left)"),
    "note-handicap-not-large": N_("Handicap: {player}'s starting ship, a {piece}, is not large: it stays as it is"),
    "note-handicap-bank-empty": N_("Handicap: the bank has no piece for {player}'s handicap: nothing changes"),
}
OUTCOMES: dict[str, str] = {
    "win-homeworld-gone": N_("{winner} wins: {loser}'s homeworld is gone"),
    "win-home-held": N_("{winner} wins: {loser} has no ship left at home and the enemy holds it"),
    "win-home-empty": N_("{winner} wins: {loser} has no ship left at home"),
    "win-resigned": N_("{winner} wins: {loser} resigned"),
    "win-timeout": N_("{winner} wins: {loser} ran out of time"),
    "win-recorded": N_("{winner} wins: {loser} resigned or ran out of time"),
    "draw-both-lost": N_("draw: both players lost their homeworlds at once"),
    "draw-repetition": N_("draw: the same position has appeared three times"),
    "draw-agreement": N_("draw by agreement"),
}

TEMPLATES: dict[str, Template] = {**REFUSALS, **FRAMES, **NOTES, **OUTCOMES}


__all__ = ["FRAMES", "NOTES", "OUTCOMES", "REFUSALS", "TEMPLATES", "Plural", "Template"]
