"""How a game ended, in the player's words: the result line, the game-over card's title and clauses.

A result comes as a game's ``rules.Outcome`` (a code of ``rules.OUTCOME_CODES`` and the players'
names) or as a save's record of one, which keeps the rules' English sentence ("Ann wins: Bob
resigned"). A save's sentence is read back into its code by the English templates themselves
(``templates.OUTCOMES``), so the words match results by code only.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from hwgame.i18n import _, ngettext

from .templates import OUTCOMES


class Ended(Protocol):
    """A game's end as the rules give it (``rules.Outcome``): a code and the names it needs."""

    @property
    def code(self) -> str: ...
    @property
    def values(self) -> Mapping[str, Any]: ...


class Decided(Protocol):
    """Who won a game (``rules.Outcome.winner``): a seat, or None for a draw."""

    @property
    def winner(self) -> int | None: ...


class Recorded(Protocol):
    """A game's end as a save keeps it (``persist.Result``): the rules' English sentence."""

    @property
    def reason(self) -> str: ...


Result = Ended | Recorded | str


def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression reading an English template back: each placeholder is a name, which holds
    no space (``rules.name_refusal``)."""
    parts = []
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if field:
            parts.append(rf"(?P<{field}>\S+)")
    return re.compile("^" + "".join(parts) + "$")


_SENTENCES = [(code, _pattern(template)) for code, template in OUTCOMES.items()]


def _sentence_of(result: Result) -> str:
    """The sentence of a save's result, or the text itself."""
    return result if isinstance(result, str) else str(getattr(result, "reason", "") or "")


def _read(result: Result) -> tuple[str, dict[str, str]] | None:
    """(code of the ending, names) of a result: an Outcome by its code, else the rules' English sentence
    (a save keeps it), or None for a sentence the rules do not write (from a newer game, or worded)."""
    code = getattr(result, "code", None)
    if isinstance(code, str) and code in OUTCOMES:
        values = dict(getattr(result, "values", {}) or {})
        return code, {k: str(values[k]) for k in ("winner", "loser") if k in values}
    sentence = _sentence_of(result).strip()
    for code, pattern in _SENTENCES:
        m = pattern.match(sentence)
        if m:
            return code, m.groupdict()
    return None


def _why(code: str, names: Mapping[str, str]) -> str:
    """Why a game ended, as a clause without its full stop."""
    loser = names.get("loser", "")
    if code == "draw-both-lost":
        return _("both players lost their homeworlds at once")
    if code == "draw-repetition":
        return _("the same position has appeared three times")
    if code == "draw-agreement":
        return _("the players agreed to a draw")
    if code == "win-homeworld-gone":
        return _("{loser}'s homeworld is gone").format(loser=loser)
    if code == "win-home-held":
        return _("{loser} has no ship left at home and the enemy holds it").format(loser=loser)
    if code == "win-home-empty":
        return _("{loser} has no ship left at home").format(loser=loser)
    if code == "win-timeout":
        return _("{loser} ran out of time").format(loser=loser)
    if code == "win-recorded":
        return _("{loser} resigned or ran out of time").format(loser=loser)
    return _("{loser} resigned").format(loser=loser)


def result_text(result: Result) -> str:
    """A result in the player's words: "Ann wins: Bob resigned", "Draw: the players agreed to a draw".
    ``result`` is a ``rules.Outcome``, a save's ``Result`` or the rules' English sentence of one."""
    found = _read(result)
    if found is None:
        return _sentence_of(result)
    code, names = found
    if "winner" in names:
        return _("{winner} wins: {reason}").format(winner=names["winner"], reason=_why(code, names))
    return _("Draw: {reason}").format(reason=_why(code, names))


def result_detail(result: Result) -> str:
    """Only why the game ended, as a sentence ("Bob resigned."): the game-over card's title says who
    won already. ``result`` as for ``result_text``."""
    found = _read(result)
    if found is None:
        return _sentence_of(result)
    code, names = found
    why = _why(code, names)
    if not any(name and why.startswith(name) for name in names.values()):
        why = why[:1].upper() + why[1:]  # a name is written as its player wrote it ("ts52 resigned")
    # Translators: a sentence made of why a game ended; keep the full stop your language uses.
    return _("{reason}.").format(reason=why)


def result_title(outcome: Decided | None, players: Sequence[str], you: int | None = None) -> str:
    """The game-over card's title: "Game over" (no outcome), "Draw", "You win!" or "You lose" for the
    seat ``you`` of a player against the computer, else the winner's name: "Ann wins"."""
    if outcome is None:
        return _("Game over")
    if outcome.winner is None:
        return _("Draw")
    if you is not None:
        return _("You win!") if outcome.winner == you else _("You lose")
    return _("{player} wins").format(player=players[outcome.winner])


def turns_played(count: int) -> str:
    """How long the game lasted, under the game-over card's title: "after 12 turns"."""
    return ngettext("after {count} turn", "after {count} turns", count).format(count=count)


__all__ = ["Decided", "Ended", "Recorded", "Result", "result_detail", "result_text", "result_title", "turns_played"]
