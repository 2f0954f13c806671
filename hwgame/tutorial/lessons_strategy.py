"""Tiers 4 and 5, playing well and winning: strategy lessons on positions of real games.

Each lesson teaches one idea: its introduction says it as a teacher would, each position asks the
learner to find the turn where the idea decides (the verdict's best turn there, by a clear lead or a
proof), and its explanation comes after the turn is found or shown, with the verdict's own line. The
positions are named by id (``strategy.study_positions``); the lessons' tests check that every one is
there, legal, and confirmed by the verdict.
"""

from __future__ import annotations

from hwgame.i18n import N_

from .strategy import Example, StrategyLesson, study_positions


def _examples(ids: tuple[str, ...], task: str, why: str, hints: tuple[str, ...]) -> tuple[Example, ...]:
    """The same task, explanation and hints for each position of ``ids``: the idea is the lesson's, the
    board and the verdict's line make each position its own."""
    return tuple(Example(pid, task, why, hints) for pid in ids)


# The positions of each lesson: the examples, then the test (ids of ``strategy_positions.json``).
POSITIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "economy": (
        ("sdg-10821-13", "sdg-1853-16", "sdg-17929-51"),
        ("sdg-20989-22", "sdg-16493-17", "sdg-15149-43"),
    ),
    "colours": (
        ("sdg-1653-18", "sdg-13205-26", "sdg-16393-14"),
        ("sdg-11177-23", "sdg-19509-16", "sdg-20337-18"),
    ),
    "freeze-out": (
        ("sdg-15149-45", "sdg-10241-35", "sdg-17929-30"),
        ("sdg-13105-30", "sdg-16297-28", "sdg-1653-17"),
    ),
    "tempo": (
        ("sdg-18249-24", "sdg-1001-69", "sdg-1065-28"),
        ("sdg-15297-17", "sdg-19281-43", "sdg-13821-36"),
    ),
    "investment": (
        ("sdg-11073-14", "sdg-20257-38", "sdg-15297-41"),
        ("sdg-1421-21", "sdg-16153-45", "sdg-19685-54"),
    ),
    "capture": (
        ("sdg-18825-46", "sdg-16297-40", "sdg-13821-26"),
        ("sdg-1633-31", "sdg-20969-31", "sdg-1065-19"),
    ),
    "direct-assault": (
        ("sdg-1041-49", "sdg-10573-58", "sdg-1097-24"),
        ("sdg-11329-51", "sdg-12269-47", "sdg-12913-39"),
    ),
    "fleet-catastrophe": (
        ("sdg-10581-54", "sdg-11073-16", "sdg-1129-62"),
        ("sdg-11769-27", "sdg-12257-25", "sdg-12861-43"),
    ),
    "star-demolition": (
        ("sdg-10573-52", "sdg-11329-53", "sdg-1137-19"),
        ("sdg-11381-28", "sdg-12257-21", "sdg-15153-38"),
    ),
    "only-defence": (
        ("sdg-16969-18", "sdg-20649-63", "sdg-12133-19"),
        ("sdg-19225-31", "sdg-20001-52", "sdg-20777-28"),
    ),
    "win-in-two": (
        ("sdg-11161-22", "sdg-11309-13", "sdg-12257-23"),
        ("sdg-13105-54", "sdg-13881-21", "sdg-14457-67"),
    ),
}


def _lesson(lesson_id: str, title: str, tier: int, intro: str, task: str, why: str, hints: tuple[str, ...],
            outro: str) -> StrategyLesson:
    examples, test = POSITIONS[lesson_id]
    return StrategyLesson(lesson_id, title, tier, intro, _examples(examples, task, why, hints),
                          _examples(test, task, why, hints), outro)  # fmt: skip


ECONOMY = _lesson(
    "economy",
    N_("The economy: build while you can"),
    4,
    N_("Ships are your economy: each ship is one more piece to act with in the turns to come, and each colour "
       "you hold is a power you keep. A build costs nothing but the turn: it takes the smallest piece of its "
       "colour left in the bank, and every piece you take is one the other player cannot have. In each "
       "position of this lesson a build is the turn that keeps the game going your way."),
    N_("Find the turn that grows your fleet where it counts."),
    N_("A ship built now works for you every turn from now on, and the piece it took from the bank is one the "
       "other player cannot have."),
    (N_("Which colours can you build with, at each of your systems? A green ship or a green star there gives "
        "you the build."),
     N_("Compare the builds: which piece does each one take from the bank, and which does it leave for the "
        "other player?")),
    N_("Build early and often: a turn spent on a build is rarely wasted, and the bank is shared."),
)

COLOURS = _lesson(
    "colours",
    N_("Colours are powers: trade for what you lack"),
    4,
    N_("Every colour is a power: red captures, yellow moves, green builds, blue trades. A player who has a "
       "ship of every colour can do anything; a player who lacks one can only wait for a star to lend it. "
       "Trading (blue) changes a ship's colour without losing its size, so it is the quickest way to get a "
       "power you are missing. In each position here, a trade for a colour you lack is the turn."),
    N_("Find the turn that gives you the power you are missing."),
    N_("After the trade you hold a colour you did not have: a new action is open to you next turn."),
    (N_("List the colours of your ships. Which of the four is missing, and what would it let you do?"),
     N_("Trade needs blue: a blue star or a blue ship of yours at the system. Look for a ship to trade into "
        "the missing colour.")),
    N_("Count your colours every turn: the player with more powers has more good turns to choose from."),
)

FREEZE_OUT = _lesson(
    "freeze-out",
    N_("The freeze-out: empty a colour"),
    4,
    N_("The bank is shared. When it runs out of a colour, nobody can build that colour, trade into it, or "
       "discover a star of it until a piece comes back. Taking the last pieces of a colour the other player "
       "needs leaves them frozen out of that power: this is called a freeze-out. In each position here, the "
       "turn takes the last pieces of a colour."),
    N_("Find the turn that leaves the bank empty of a colour the other player needs."),
    N_("Look at the bank after this turn: that colour is gone from it, so the other player can neither build "
       "it nor trade into it."),
    (N_("Look at the bank: which colour has only one or two pieces left, and does the other player need it?"),
     N_("A build or a trade that takes those last pieces may be the turn.")),
    N_("Watch the bank as closely as the board: a colour you empty is a power the other player cannot get."),
)

TEMPO = _lesson(
    "tempo",
    N_("Tempo: go where the game is"),
    4,
    N_("A ship that stays at home defends, but it does not threaten anything. Moving out, to a new system or "
       "toward the other player's homeworld, puts your ships where they can act next turn: they threaten "
       "captures, claim stars, and make the other player answer you. Each position here asks for the move "
       "that gains a step on the other player."),
    N_("Find the move that puts a ship where it counts."),
    N_("The ship moved now is in place for the next turn."),
    (N_("Which of your ships can move: is there a yellow star, or a yellow ship of yours, at its system?"),
     N_("Think of where a ship would threaten something next turn, or claim a star you want.")),
    N_("Every turn is an action: use it to go where the game will be decided, before the other player does."),
)

INVESTMENT = _lesson(
    "investment",
    N_("Sacrifice as an investment"),
    4,
    N_("A sacrifice gives up one ship to take as many actions of its colour as its size: a large green gives "
       "three builds, a medium yellow two moves. Played at the right moment, it turns one ship into several, "
       "or into a turn the other player cannot match. In each position here a sacrifice is the turn."),
    N_("Find the sacrifice that gains more than it costs."),
    N_("The ship given up comes back as several actions at once."),
    (N_("Which ship could you give up, and how many actions of its colour would it give you?"),
     N_("Count what the actions bring: ships built, ships moved into place, colours gained.")),
    N_("A sacrifice is worth it when the actions it buys are worth more than the ship: count before you give."),
)

CAPTURE = _lesson(
    "capture",
    N_("Captures: take what is free"),
    4,
    N_("Red captures an enemy ship at the same system, no larger than your largest ship there. A capture is a "
       "double gain: the other player loses a ship and you gain one. But a capture that walks into a bigger "
       "answer, or leaves your home open, is no gain. In each position here a capture is the turn."),
    N_("Find the capture that gains the most."),
    N_("The ship taken changes sides: one fewer for the other player, one more for you."),
    (N_("Where do your ships stand next to the other player's, with red at hand (a red ship of yours there, "
        "or a red star)?"),
     N_("Before you take, look at the answer: can the other player capture back, or strike at your home?")),
    N_("Take what is free, and check the answer before you take."),
)

DIRECT_ASSAULT = _lesson(
    "direct-assault",
    N_("Direct assault: capture at the homeworld"),
    5,
    N_("A player who has no ship left at their homeworld at the end of a turn loses. The most direct way to "
       "win is to bring ships to the other player's homeworld and capture the defenders, often with a red "
       "sacrifice for several captures in one turn. In each position here the assault decides the game."),
    N_("Find the turn that takes the homeworld's defenders."),
    N_("The captures break the homeworld's defence: the win comes at once, or the other player can no longer stop it."),
    (N_("Count the defenders at the other homeworld, and the red actions you can bring: a red ship there, or "
        "a red ship to sacrifice."),
     N_("A red sacrifice gives as many captures as the ship's size, and your largest ship at the homeworld "
        "decides what you may take.")),
    N_("When the defenders are fewer than your captures, go for the homeworld."),
)

FLEET_CATASTROPHE = _lesson(
    "fleet-catastrophe",
    N_("Fleet catastrophe"),
    5,
    N_("Four or more pieces of one colour in a system are an overpopulation, and any player may then trigger "
       "a catastrophe: every piece of that colour there goes back to the bank, ships of both players alike. "
       "At the other player's homeworld, a catastrophe of the colour of their ships can wipe out the defence "
       "at one stroke. In each position here you can make that happen."),
    N_("Find the turn that removes the defenders with a catastrophe."),
    N_("The catastrophe takes the defenders back to the bank, and the homeworld is left empty or lost."),
    (N_("At the other homeworld, count the pieces of each colour: stars and both players' ships."),
     N_("Bring or make the fourth piece of a colour there, then trigger the catastrophe.")),
    N_("Count colours at every homeworld: three of one colour is a warning, four is a catastrophe."),
)

STAR_DEMOLITION = _lesson(
    "star-demolition",
    N_("Star demolition"),
    5,
    N_("A catastrophe removes stars too. A homeworld that loses both stars is destroyed, and its owner loses. "
       "A homeworld with one star left is weak: the lost star's power is gone, and one more catastrophe ends "
       "it. In each position here a catastrophe of a homeworld's star colour decides."),
    N_("Find the catastrophe that destroys a star of the other homeworld."),
    N_("With its star gone the homeworld loses the star's power, or vanishes with every ship there, which wins."),
    (N_("What colours are the other homeworld's stars? Count the pieces of those colours there."),
     N_("Every piece of that colour there counts, the other player's own ships too: bring yours until there "
        "are four.")),
    N_("A homeworld star is a target: keep the count of its colour at your own home below four."),
)

ONLY_DEFENCE = _lesson(
    "only-defence",
    N_("Defending: stop the threat"),
    5,
    N_("When the other player threatens to win next turn, nothing else matters: find every way they could "
       "win, and the turn that stops them all. Often only one turn does. In each position here the other "
       "player has a threat, and one turn stands clearly above the rest."),
    N_("Find the turn that stops the other player's threat."),
    N_("A defence must stop every way the other player could win next turn, not only the first one you see."),
    (N_("First ask how the other player would win next turn: a capture at your home, a catastrophe there, "
        "ships arriving?"),
     N_("Then look for the turn that stops every way at once: move a defender in, take the attacker, or break "
        "the count of a colour.")),
    N_("Before every turn, ask how the other player could win next turn."),
)

WIN_IN_TWO = _lesson(
    "win-in-two",
    N_("Win in two: the quiet setup"),
    5,
    N_("Often no turn wins at once, but one turn makes the win certain next turn, whatever the other player "
       "does: two threats at once, or one the other player cannot stop. Such a turn often captures nothing. "
       "In each position here the win in two is proven."),
    N_("Find the turn after which the other player cannot stop your win."),
    N_("Whatever the other player answers, the win can no longer be stopped."),
    (N_("Look for a turn that makes two threats at once, or a threat with no answer."),
     N_("Check the other player's answers: a capture, a move away, a catastrophe of their own.")),
    N_("When no turn wins now, look for the turn that leaves no defence."),
)

STRATEGY_LESSONS: tuple[StrategyLesson, ...] = (ECONOMY, COLOURS, FREEZE_OUT, TEMPO, INVESTMENT, CAPTURE,
                                                DIRECT_ASSAULT, FLEET_CATASTROPHE, STAR_DEMOLITION, ONLY_DEFENCE,
                                                WIN_IN_TWO)  # fmt: skip


def strategy_lesson_by_id(lesson_id: str) -> StrategyLesson:
    """The strategy lesson with this id; KeyError if there is none."""
    for lesson in STRATEGY_LESSONS:
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)


def strategy_lessons_in_tier(tier: int) -> tuple[StrategyLesson, ...]:
    """The strategy lessons of one tier, in teaching order."""
    return tuple(lesson for lesson in STRATEGY_LESSONS if lesson.tier == tier)


def offered_strategy_lessons() -> tuple[StrategyLesson, ...]:
    """The strategy lessons whose every position the package holds (none when its data does not read)."""
    held = study_positions()
    return tuple(lesson for lesson in STRATEGY_LESSONS if all(e.position in held for e in lesson.steps))


def next_strategy_lesson(lesson_id: str) -> StrategyLesson | None:
    """The strategy lesson after this one, or None after the last."""
    ids = [lesson.id for lesson in STRATEGY_LESSONS]
    i = ids.index(lesson_id)
    return STRATEGY_LESSONS[i + 1] if i + 1 < len(STRATEGY_LESSONS) else None


__all__ = ["STRATEGY_LESSONS", "next_strategy_lesson", "offered_strategy_lessons", "strategy_lesson_by_id",
           "strategy_lessons_in_tier"]  # fmt: skip
