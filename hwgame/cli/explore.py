"""``hwgame explore [--json] [--rules sdg|standard] [POSITION]``: the opening book of the game archive at a
position (the start of the game when none is given; POSITION is the one-line text of
``hwgame.rules.format_position``).

It prints how many of the archive's games reached the position and how they ended for the side to move,
then the turns played next, most played first, each with its games, results and score; a turn with few
games is marked. With ``--json``, one object instead::

    {"games": N, "wins": w, "draws": d, "losses": l, "depth": 12, "in_book": true,
     "next": [{"turn": TURN, "games": n, "wins": w, "draws": d, "losses": l}, ...]}

wins and losses for the side to move at the position, ``turn`` in SDG notation with the position's names
(``hwgame.rules.format_turn``). A game whose record stops before it is decided counts in ``games`` only.
``--rules`` sets the rules the position is played under (by default the position's own, the standard
rules for the start): under the standard rules only the archive games whose turns so far are legal
there too count.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from hwgame.i18n import _, ngettext
from hwgame.openings import THIN, BookError, Explored, Tally, archive_book
from hwgame.rules import (
    STANDARD,
    HomeworldsError,
    Position,
    format_turn,
    initial_position,
    parse_position,
    ruleset_named,
)
from hwgame.words import refusal_text, rules_title

__all__ = ["explored_object", "explored_lines", "run_explore"]


def _counts(tally: Tally) -> dict[str, int]:
    return {"games": tally.games, "wins": tally.wins, "draws": tally.draws, "losses": tally.losses}


def explored_object(explored: Explored) -> dict[str, Any]:
    """The ``--json`` object of what the book says of a position."""
    return {**_counts(explored.total), "depth": explored.depth, "in_book": explored.in_book,
            "next": [{"turn": format_turn(n.turn), **_counts(n.tally)} for n in explored.next]}


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "-"


def _score(tally: Tally) -> str:
    return "-" if tally.score is None else f"{round(100 * tally.score)}%"


def explored_lines(explored: Explored, position: Position) -> list[str]:
    """The table a person reads: the games at the position, then one line per turn played next."""
    total = explored.total
    if not explored.in_book:
        return [_("No game of the archive reached this position (the book holds the first {depth} turns of "
                  "each game, setup included): it is out of the book.").format(depth=explored.depth)]
    lines = [ngettext("{games} game reached this position ({rules}).",
                      "{games} games reached this position ({rules}).", total.games).format(
                          games=total.games, rules=rules_title(position.rules.name)),
             _("For the side to move: {wins} wins, {draws} draws, {losses} losses, {open} without a result.").format(
                 wins=_percent(total.wins, total.games), draws=_percent(total.draws, total.games),
                 losses=_percent(total.losses, total.games),
                 open=_percent(total.games - total.decided, total.games))]
    if not explored.next:
        lines.append(_("No turn after it is in the book."))
        return lines
    # Translators: the header of the table of turns played next; keep the columns' widths.
    lines.append(_("  games   wins  draws losses  score  turn"))
    for n in explored.next:
        t = n.tally
        few = "  " + _("(few games)") if t.thin else ""
        lines.append(f"{t.games:7d} {t.wins:6d} {t.draws:6d} {t.losses:6d} {_score(t):>6}  {format_turn(n.turn)}{few}")
    lines.append(_("Wins and losses are the side to move's; fewer than {count} games say little.").format(count=THIN))
    return lines


def run_explore(position_text: str | None, rules: str | None, as_json: bool = False) -> int:
    """Print what the archive's book says of a position; return the exit status (2: a bad position or
    rules, 1: the book cannot be read)."""
    try:
        position = initial_position(STANDARD) if position_text is None else parse_position(position_text)
        if rules is not None:
            position = position._replace(rules=ruleset_named(rules))
    except HomeworldsError as exc:
        print(refusal_text(exc), file=sys.stderr)
        return 2
    try:
        book = archive_book()
    except BookError as exc:
        print(exc.message, file=sys.stderr)
        return 1
    explored = book.explore(position)
    text = json.dumps(explored_object(explored), ensure_ascii=False) if as_json else "\n".join(
        explored_lines(explored, position))
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``| head``): what it took is all it wanted; nothing more is said.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
