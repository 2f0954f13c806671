"""The window's words for things the rules, the files and the computer name in English or by code.

The rules are pure and speak no language of the player's: a colour is ``"red"``, a level
``"easy"``, a result ``"Ann wins: Bob resigned"``, a name problem a sentence in English. The files
keep the same English (a save's result). Every one of these reaches the player through a function
here, which words it in the language in force at the moment it is called: call them where the text
is shown, never once at start-up.
"""

from __future__ import annotations

import re

from hwgame.i18n import N_, _
from hwgame.levels import LEVEL_TABLE
from hwgame.review_words import score_text
from hwgame.words import colour_name, level_word, piece_name, power_name

# --- names of things ---------------------------------------------------------------------------------

# The computer's levels as the window lists them: the labels of the one table of levels.
LEVEL_LABELS = {level.name: level.label for level in LEVEL_TABLE}
# The rule sets, as a player chooses them and as a game's panel names them.
RULES_LABELS = {"standard": N_("Standard"), "sdg": N_("SuperDuperGames (sdg)")}
RULES_TITLES = {"standard": N_("Standard rules"), "sdg": N_("SDG rules")}


def level_label(name: str) -> str:
    """A computer level as a player reads it ("Easy")."""
    found = LEVEL_LABELS.get(str(name).lower())
    return _(found) if found else str(name)


def rules_label(name: str) -> str:
    """A rule set as the new-game screen offers it."""
    found = RULES_LABELS.get(str(name).lower())
    return _(found) if found else str(name)


def rules_title(name: str | None) -> str:
    """A rule set as a game's panel and the list of saves name it ("Standard rules")."""
    found = RULES_TITLES.get(str(name).lower())
    return _(found) if found else _("{rules} rules").format(rules=name)


# Pieces, colours and powers in words: the one describer's (hwgame.words), under the names the
# window's modules use.
colour_text = colour_name
power_text = power_name
piece_text = piece_name


# --- saves ---------------------------------------------------------------------------------------------

# Titles the game itself writes into saves (in English, in the file), shown in the player's language.
_SAVE_TITLES = {
    "Demo: a whole game": N_("Demo: a whole game"),
    "Demo: a game in progress": N_("Demo: a game in progress"),
}
_SDG_TITLE = re.compile(r"^SDG game (\d+)$")
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))  # fmt: skip


def save_title(title: str) -> str:
    """A save's title as a player reads it: the titles the game writes (an imported game's "SDG game
    1001", the demos) in the language in force, a title the player gave as it is."""
    m = _SDG_TITLE.match(title)
    if m:
        return _("SDG game {number}").format(number=m.group(1))
    found = _SAVE_TITLES.get(title)
    return _(found) if found else title


def date_time_text(moment) -> str:
    """A local date and time for a list ("14 Mar 2025, 18:02"), in the language in force."""
    # Translators: a date and time in the list of saves; {month} is a short month name.
    return _("{day} {month} {year}, {hour}:{minute}").format(
        day=moment.day, month=_(MONTHS[moment.month - 1]), year=moment.year, hour=f"{moment.hour:02d}",
        minute=f"{moment.minute:02d}")


# --- how a game ended --------------------------------------------------------------------------------

# The rules' sentences for a result (``rules.Outcome.reason``, also kept in saves): the pattern, and
# the kind of ending it tells. Names hold no spaces, so ``\S+`` takes a whole name.
_RESULTS = (
    (re.compile(r"^draw: both players lost their homeworlds at once$"), "both-lost"),
    (re.compile(r"^draw: the same position has appeared three times$"), "repetition"),
    (re.compile(r"^draw by agreement$"), "agreement"),
    (re.compile(r"^(?P<winner>\S+) wins: (?P<loser>\S+)'s homeworld is gone$"), "gone"),
    (re.compile(r"^(?P<winner>\S+) wins: (?P<loser>\S+) has no ship left at home and the enemy holds it$"), "held"),
    (re.compile(r"^(?P<winner>\S+) wins: (?P<loser>\S+) has no ship left at home$"), "empty"),
    (re.compile(r"^(?P<winner>\S+) wins: (?P<loser>\S+) resigned$"), "resigned"),
)


# The rules' codes of a result (``rules.Outcome.code``) and the kind of ending each tells.
_OUTCOME_KINDS = {
    "win-homeworld-gone": "gone", "win-home-held": "held", "win-home-empty": "empty", "win-resigned": "resigned",
    "draw-both-lost": "both-lost", "draw-repetition": "repetition", "draw-agreement": "agreement",
}


def _reason_of(result) -> str:
    """The sentence of a result: an Outcome's or a save's ``reason``, or the text itself."""
    return result if isinstance(result, str) else str(getattr(result, "reason", "") or "")


def _read_result(result) -> tuple[str, dict] | None:
    """(kind of ending, names) of a result: an Outcome by its code, else the rules' sentence (a save keeps
    it), or None for a sentence the rules do not write (from a newer game, or already worded)."""
    kind = _OUTCOME_KINDS.get(str(getattr(result, "code", "")))
    if kind is not None:
        values = dict(getattr(result, "values", {}) or {})
        return kind, {k: str(values[k]) for k in ("winner", "loser") if k in values}
    reason = _reason_of(result).strip()
    for pattern, kind in _RESULTS:
        m = pattern.match(reason)
        if m:
            return kind, m.groupdict()
    return None


def _why(kind: str, names: dict) -> str:
    """Why a game ended, as a clause without its full stop."""
    loser = names.get("loser", "")
    if kind == "both-lost":
        return _("both players lost their homeworlds at once")
    if kind == "repetition":
        return _("the same position has appeared three times")
    if kind == "agreement":
        return _("the players agreed to a draw")
    if kind == "gone":
        return _("{loser}'s homeworld is gone").format(loser=loser)
    if kind == "held":
        return _("{loser} has no ship left at home and the enemy holds it").format(loser=loser)
    if kind == "empty":
        return _("{loser} has no ship left at home").format(loser=loser)
    return _("{loser} resigned").format(loser=loser)


def result_text(result) -> str:
    """A result in the player's words: "Ann wins: Bob resigned", "Draw: the players agreed to a draw".
    ``result`` is a ``rules.Outcome``, a save's ``Result`` or the rules' sentence of one."""
    found = _read_result(result)
    if found is None:
        return _reason_of(result)
    kind, names = found
    if "winner" in names:
        return _("{winner} wins: {reason}").format(winner=names["winner"], reason=_why(kind, names))
    return _("Draw: {reason}").format(reason=_why(kind, names))


def result_detail(result) -> str:
    """Only why the game ended, as a sentence ("Bob resigned."): the game-over card's title says who
    won already. ``result`` as for ``result_text``."""
    found = _read_result(result)
    if found is None:
        return _reason_of(result)
    why = _why(*found)
    # Translators: a sentence made of why a game ended; keep the full stop your language uses.
    return _("{reason}.").format(reason=why[:1].upper() + why[1:])


def outcome_text(outcome) -> str:
    """A game's ``rules.Outcome`` in words (see ``result_text``)."""
    return result_text(outcome)


# --- what the computer says --------------------------------------------------------------------------

# The computer's reasons for a turn (``hwgame.ai.explain.REASONS``, in English), each as a sentence.
REASON_SENTENCES = {
    "it adds to your fleet": N_("It adds to your fleet."),
    "it gives you a large ship": N_("It gives you a large ship."),
    "it gives you a bigger ship": N_("It gives you a bigger ship."),
    "it gives you a ship of a new colour": N_("It gives you a ship of a new colour."),
    "it brings a new power to your homeworld": N_("It brings a new power to your homeworld."),
    "it gives you a new power away from home": N_("It gives you a new power away from home."),
    "it spreads your fleet over more systems": N_("It spreads your fleet over more systems."),
    "it gives your ships more powers where they are": N_("It gives your ships more powers where they are."),
    "it strengthens the defence of your homeworld": N_("It strengthens the defence of your homeworld."),
    "it eases the danger of a catastrophe at your homeworld":
        N_("It eases the danger of a catastrophe at your homeworld."),
    "it eases the danger to your homeworld": N_("It eases the danger to your homeworld."),
    "it brings your ships closer to the enemy homeworld": N_("It brings your ships closer to the enemy homeworld."),
    "it keeps your ships out of reach of a catastrophe": N_("It keeps your ships out of reach of a catastrophe."),
    "it threatens a catastrophe among the enemy's ships": N_("It threatens a catastrophe among the enemy's ships."),
    "it keeps your ships out of reach of a capture": N_("It keeps your ships out of reach of a capture."),
    "it threatens to capture enemy ships": N_("It threatens to capture enemy ships."),
    "it keeps both stars of your homeworld": N_("It keeps both stars of your homeworld."),
    "it builds a fleet that can capture anything": N_("It builds a fleet that can capture anything."),
    "it lets you build more colours": N_("It lets you build more colours."),
    "it keeps the next piece of the bank for you": N_("It keeps the next piece of the bank for you."),
    "it frees ships that could not move or trade": N_("It frees ships that could not move or trade."),
    "it gives a lonely ship company": N_("It gives a lonely ship company."),
    "it wins the game": N_("It wins the game."),
}


def reason_sentences(reasons: list[str]) -> list[str]:
    """The computer's reasons (``ai.explain.reasons``) as sentences in the player's language; a reason
    without a sentence here is left out rather than shown in English."""
    return [_(REASON_SENTENCES[r]) for r in reasons if r in REASON_SENTENCES]


__all__ = [
    "LEVEL_LABELS", "MONTHS", "REASON_SENTENCES", "RULES_LABELS", "RULES_TITLES", "colour_text", "date_time_text",
    "level_label", "level_word", "outcome_text", "piece_text", "power_text", "reason_sentences", "result_detail",
    "result_text", "rules_label", "rules_title", "save_title", "score_text",
]
