"""Puzzles: small positions with one task each, judged by the rules engine.

Three kinds (see ``solve``): win this turn, survive the next turn, win in two turns. The player's
answer is played through the engine's validator and then judged by exhaustive search, so any answer
that does the job counts, not only the one the author had in mind. ``solution`` computes an answer
with the engine for a "show me" button; the ``known`` answer stored with a puzzle is only a
convenience for readers of this file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hwgame.i18n import N_, _, pgettext
from hwgame.rules import (
    Action,
    EndTurn,
    Game,
    HomeworldsError,
    IllegalActionError,
    Position,
    PositionData,
    Turn,
    legal_turns,
    opponent_of,
    outcome_of,
    parse_turn,
    position_from_dict,
)
from hwgame.words import PLAYED, Voice, describe_turn, refusal_text, sentence

from .board import board_dict
from .solve import SURVIVE, WIN, WIN_IN_TWO, Finder, first_win, is_null, natural_reply, solutions

# Translators: how hard a puzzle is, shown beside its title.
DIFFICULTIES = {1: "easy", 2: "medium", 3: "hard"}
KIND_TITLES = {WIN: N_("Win this turn"), SURVIVE: N_("Survive the next turn"), WIN_IN_TWO: N_("Win in two turns")}


@dataclass(frozen=True)
class Puzzle:
    """A position, a task (``kind``), a difficulty from 1 (easy) to 3 (hard), a prompt and a hint."""

    id: str
    title: str
    kind: str
    difficulty: int
    board: PositionData
    prompt: str
    hint: str
    known: str = ""
    # Win in two: the opponent's natural answers to the known first turn, in notation, tried in order.
    replies: tuple[str, ...] = ()
    # Where a puzzle from a real game comes from (the record, "SDG 22897", and the turn to play in it);
    # empty for a composed one.
    source: str = ""
    source_turn: int = 0

    def position(self) -> Position:
        """The puzzle's position, the solver to move."""
        return position_from_dict(self.board)

    @property
    def difficulty_name(self) -> str:
        """``"easy"``, ``"medium"`` or ``"hard"``, in the player's language."""
        # A context of their own: "medium" is also a ship's size, which other languages word apart.
        words = {
            1: pgettext("puzzle difficulty", "easy"),
            2: pgettext("puzzle difficulty", "medium"),
            3: pgettext("puzzle difficulty", "hard"),
        }
        return words[self.difficulty]

    @property
    def task(self) -> str:
        """The kind of task in words, for example "Win this turn", in the player's language."""
        return _(KIND_TITLES[self.kind])


@dataclass(frozen=True)
class Ruling:
    """The judgement of an answer: ``correct``, whether the engine accepted it (``legal``) and why.

    ``refutation`` is the opponent's turn that shows a wrong answer wrong, when there is one; ``detail``
    is the message without its opening "Solved!", for a dialog whose title says it already.
    """

    correct: bool
    legal: bool
    message: str
    refutation: Turn | None = None
    detail: str = ""


def _solved(detail: str) -> Ruling:
    """The ruling of a solved puzzle: "Solved!" and why (``detail``, a whole sentence)."""
    return Ruling(True, True, _("Solved! {reason}").format(reason=detail), detail=detail)


# A player's answer: a turn, or its notation.
Answer = str | Sequence[Action]


def _turn(answer: Answer) -> Turn:
    if isinstance(answer, str):
        return parse_turn(answer)
    return tuple(answer)


def play_answer(position: Position, answer: Answer) -> Position:
    """The position after the answer (a turn, or its notation) is played and ended; raises if illegal."""
    game = Game.from_position(position)
    game.play(tuple(a for a in _turn(answer) if not isinstance(a, EndTurn)))
    return game.position


def rule_on(position: Position, kind: str, answer: Answer, finder: Finder | None = None) -> Ruling:
    """Judge an answer to a task of ``kind`` in ``position`` (see ``check_answer``); ``finder`` finds
    a win at once where one is looked for (by default every turn is walked)."""
    find = finder or first_win
    try:
        after = play_answer(position, answer)
    except IllegalActionError as exc:
        voice = Voice(position.players, you=position.to_move)
        return Ruling(False, False, _("Not allowed: {reason}").format(reason=sentence(refusal_text(exc, voice=voice))))
    except HomeworldsError as exc:
        return Ruling(False, False, sentence(refusal_text(exc)))
    me = position.to_move
    rival = position.players[opponent_of(me)]
    names = (position.players[me], rival)
    outcome = outcome_of(after)
    if outcome is not None:
        if outcome.winner == me:
            return _solved(sentence(refusal_text(outcome)))
        if outcome.winner is None:
            return Ruling(False, True, _("That ends the game in a draw: both of you lose your homeworlds at once."))
        return Ruling(False, True, _("That loses: you would end your turn with no ship at your own homeworld."))
    if kind == WIN:
        text = _("Legal, but {player} still has a ship at home. Look for a turn that ends the game.")
        return Ruling(False, True, text.format(player=rival))
    if kind == SURVIVE:
        threat = find(after)
        if threat is None:
            return _solved(_("Whatever {player} does next turn, you are still in the game.").format(player=rival))
        words = describe_turn(threat, rival, names)
        text = _("Legal, but {player} could then win: {turn}.").format(player=rival, turn=words)
        return Ruling(False, True, text, threat)
    replies = legal_turns(after)
    # A first turn that threatens nothing is refuted by doing nothing: said so, rather than naming
    # some other turn of the opponent's as if it were the answer.
    idle = next((r for r in replies if is_null(r, after)), None)
    if idle is not None and find(idle.position) is None:
        text = _("Legal, but that threatens nothing: even if {player} did nothing, you would have no winning turn.")
        return Ruling(False, True, text.format(player=rival), idle.turn)
    for reply in replies:
        pos = reply.position
        words = describe_turn(reply.turn, rival, names)
        if pos.is_over():
            if pos.winner() == me:
                continue  # a reply that loses for the opponent is no defence
            if pos.winner() is not None:
                text = _("Legal, but {player} could win at once: {turn}.")
            else:
                text = _("Legal, but {player} could force a draw at once: {turn}.")
            return Ruling(False, True, text.format(player=rival, turn=words), reply.turn)
        if find(pos) is None:
            text = _("Legal, but {player} could answer: {turn}, and then you would have no winning turn.")
            return Ruling(False, True, text.format(player=rival, turn=words), reply.turn)
    return _solved(_("Every answer of {player} leaves you a winning turn.").format(player=rival))


def check_answer(puzzle: Puzzle, answer: Answer, finder: Finder | None = None) -> Ruling:
    """Play ``answer`` (a turn, or its notation) in the puzzle and judge it with the engine.

    Any answer that does the job counts. A refused answer gets the engine's reason; a legal answer
    that fails gets the reason it fails (for survive and win in two, the opponent's turn that shows it).
    ``finder`` is as for ``judge``.
    """
    return rule_on(puzzle.position(), puzzle.kind, answer, finder)


_SOLUTIONS: dict[str, Turn] = {}


def solution(puzzle: Puzzle, finder: Finder | None = None) -> Turn:
    """A turn that solves the puzzle, found by the engine (cached); raises ValueError if none exists.
    The known answer is checked by ``judge`` (with ``finder``) before it is trusted."""
    if (
        puzzle.id not in _SOLUTIONS
        and puzzle.known
        and rule_on(puzzle.position(), puzzle.kind, puzzle.known, finder).correct
    ):
        _SOLUTIONS[puzzle.id] = _turn(puzzle.known)  # checked by the same proof as any answer
    if puzzle.id not in _SOLUTIONS:
        found = solutions(puzzle.position(), puzzle.kind, limit=1)
        if not found:
            raise ValueError(f"puzzle {puzzle.id!r} has no solution")
        _SOLUTIONS[puzzle.id] = found[0].turn
    return _SOLUTIONS[puzzle.id]


def solution_text(puzzle: Puzzle) -> str:
    """The engine's solution in words."""
    position = puzzle.position()
    names = (position.players[position.to_move], position.players[opponent_of(position.to_move)])
    return sentence(describe_turn(solution(puzzle), names=names))


class PuzzleSession:
    """One attempt at a puzzle in the window: answers, and for a win in two the opponent's defence.

    After a correct first turn of a win in two, the opponent answers with a real turn (the puzzle's
    natural answer when the engine accepts it, else the most stubborn turn that changes the board: never
    a pass while anything else is legal), and the session asks for the winning second turn (``stage``
    becomes 2). ``finder`` finds wins at once for the judgements (see ``judge``).
    """

    def __init__(self, puzzle: Puzzle, finder: Finder | None = None):
        self.puzzle = puzzle
        self.finder = finder
        self.reset()

    def reset(self) -> None:
        """Back to the puzzle's position."""
        self.position = self.puzzle.position()
        self.kind = self.puzzle.kind
        self.stage = 1
        self.solved = False
        self.log: list[str] = []
        # The turns played on the way (a win in two's first turn and the answer), for the move log.
        self.turns: list[Turn] = []

    def submit(self, answer: Answer) -> Ruling:
        """Judge an answer in the current position; a correct win-in-two first turn moves to stage 2."""
        if self.solved:
            return Ruling(True, True, _("Already solved."))
        verdict = rule_on(self.position, self.kind, answer, self.finder)
        if not verdict.correct:
            return verdict
        after = play_answer(self.position, answer)
        if self.kind == WIN_IN_TWO and not after.is_over():
            me = self.position.to_move
            reply = natural_reply(after, me, self.puzzle.replies, self.finder)
            if reply is not None:
                rival = after.players[after.to_move]
                words = sentence(describe_turn(reply.turn, rival, (after.players[me], rival), PLAYED))
                self.position = reply.position
                self.kind = WIN
                self.stage = 2
                self.log.append(words)
                self.turns = [tuple(a for a in _turn(answer) if not isinstance(a, EndTurn)), tuple(reply.turn)]
                return Ruling(True, True, _("Good first turn. {reply} Now win.").format(reply=words))
        self.solved = True
        return verdict


def _p(
    pid: str,
    title: str,
    kind: str,
    difficulty: int,
    text: str,
    prompt: str,
    hint: str,
    known: str,
    replies: Iterable[str] = (),
) -> Puzzle:
    return Puzzle(pid, title, kind, difficulty, board_dict(text), prompt, hint, known, tuple(replies))


PUZZLES = (
    _p(
        "sacrifice-for-a-capture", N_("A red from afar"), WIN, 1,
        """
        Sol@0:  g1 b2 | y3 r1 |
        Vega@1: y1 g3 | b3    | r2
        """,
        N_("Vega's last ship at home is a medium red. Your large blue is beside it, but you have no red there."),
        N_("A sacrificed ship's actions work in any system where you have a ship."),
        "sacrifice r1 Sol; attack r2 Vega",
    ),
    _p(
        "small-red-big-friend", N_("Power and size"), WIN, 1,
        """
        Sol@0:  y1 b2 | g3    |
        Vega@1: y3 g1 | r1 b3 | g3
        """,
        N_("Vega defends its home with a large green. Your ships there are a small red and a large blue."),
        N_("The red can come from a small ship; the size comes from your largest ship there."),
        "attack g3 Vega",
    ),
    _p(
        "green-flood", N_("Green flood"), WIN, 1,
        """
        Sol@0:  y1 b2 | g3 |
        Vega@1: g2 r1 |    | g1 g3
        Alpha:  y3    | g1 |
        """,
        N_("Vega's home is crowded with green."),
        N_("Count the greens at Vega, stars included."),
        "move g1 Alpha Vega; catastrophe Vega g",
    ),
    _p(
        "two-captures", N_("Two at once"), WIN, 2,
        """
        Sol@0:  y1 b2 | r2 g3 |
        Vega@1: g2 y3 | b2    | y1 b1
        """,
        N_("Vega has two small ships at home, and your medium blue is there with them."),
        N_("One action is not enough. What does a medium red give when you sacrifice it?"),
        "sacrifice r2 Sol; attack b1 Vega; attack y1 Vega",
    ),
    _p(
        "last-star", N_("The last star"), WIN, 2,
        """
        Sol@0:  r1 y3 | y2 g3 |
        Vega@1: b2    | b1    | r3 g3
        Alpha:  y1    | b2    |
        Beta:   g1    | b3    |
        """,
        N_("Vega's homeworld has one star left, a medium blue. Its ships are too strong to capture."),
        N_("Four blues at Vega would take the star. There is more than one way to get them there."),
        "sacrifice y2 Sol; move b2 Alpha Vega; move b3 Beta Vega; catastrophe Vega b",
    ),
    _p(
        "trade-into-yellow", N_("Change of colours"), WIN, 3,
        """
        Sol@0:  g1 r2 | b2 g3 |
        Vega@1: y2 b1 | g1 r1 | y3
        """,
        N_("Your two small ships at Vega are green and red. Vega's star and its only ship there are yellow."),
        N_("A sacrificed blue ship gives trades; a trade can change the colour of your ships at Vega."),
        "sacrifice b2 Sol; trade g1 y1 Vega; trade r1 y1 Vega; catastrophe Vega y",
    ),
    _p(
        "hold-the-fort", N_("Hold the fort"), SURVIVE, 1,
        """
        Sol@0:  b1 y2 | g3 | r3
        Vega@1: g1 y3 |    | b3
        """,
        N_("Vega's large red has arrived at Sol, where your large green is alone."),
        N_("One capture cannot take two ships."),
        "build g1 Sol",
    ),
    _p(
        "strike-first", N_("Strike first"), SURVIVE, 1,
        """
        Sol@0:  r1 y2 | y3 | r3 g3
        Vega@1: g1 b3 |    | y1
        """,
        N_("Two large Vega ships sit at Sol. Sol's red star gives the capture power to both of you."),
        N_("The best defence here is to act before Vega does."),
        "attack r3 Sol",
    ),
    _p(
        "too-much-green", N_("Too much green"), SURVIVE, 2,
        """
        Sol@0:  g2 y1 | g1 g3 |
        Vega@1: r1 b2 |       | y2
        Alpha:  y3    |       | g2
        """,
        N_("Sol holds three greens. Vega's medium green at Alpha is one move away."),
        N_("Four greens at Sol would take your star and both your ships."),
        "move g1 Sol Alpha",
    ),
    _p(
        "two-threats", N_("Two threats"), SURVIVE, 2,
        """
        Sol@0:  b2 y1 | b3 b1 | r3
        Vega@1: r2 g3 |       | y2 g1
        Alpha:  y3    |       | b1
        """,
        N_("Vega's large red is at Sol, and Vega's small blue waits at Alpha. Both are threats."),
        N_("One trade can answer both: keep two ships, and fewer blues."),
        "trade b1 r1 Sol",
    ),
    _p(
        "hidden-sacrifice", N_("The hidden sacrifice"), SURVIVE, 3,
        """
        Sol@0:  g1 b2 | y2 b1 | r3
        Vega@1: y1 g3 |       | r2 b3
        """,
        N_("You have two ships at Sol and Vega has one large red there. Two ships should be enough... or are they?"),
        N_("Vega's medium red at home can be sacrificed for two captures at Sol."),
        "build b1 Sol",
    ),
    _p(
        "no-way-out", N_("No way out"), WIN_IN_TWO, 2,
        """
        Sol@0:  g1 b2 | g3 |
        Vega@1: y1 b2 |    | y3
        Alpha:  y3    | r3 |
        """,
        N_("Vega's only ship at home is a large yellow. Vega cannot build there."),
        N_("Get a large red next to Vega's large yellow: a trade will not save Vega."),
        "move r3 Alpha Vega", ("trade y3 r3 Vega",),
    ),
    _p(
        "green-trap", N_("Green trap"), WIN_IN_TWO, 2,
        """
        Sol@0:  b1 y2 | r3    |
        Vega@1: g2 r1 |       | g3
        Alpha:  y3    | g1 g1 |
        """,
        N_("Vega owns only green ships, and its homeworld has a green star."),
        N_("Everything Vega can build is green too."),
        "move g1 Alpha Vega", ("attack g1 Vega",),
    ),
    _p(
        "nowhere-to-hide", N_("Nowhere to hide"), WIN_IN_TWO, 3,
        """
        Sol@0:  g1 b2 | g3    |
        Vega@1: y2 g1 |       | y3
        Alpha:  b3    | r3 y1 |
        """,
        N_("Vega has one large yellow at home, beside a yellow star and a green star. It can neither trade nor "
        "capture there."),
        N_("Prepare a capture, or a fourth yellow, that Vega has no way to stop."),
        "move r3 Alpha Vega", ("build y1 Vega",),
    ),
)  # fmt: skip


def puzzle_by_id(pid: str) -> Puzzle:
    """The puzzle with this id; KeyError if there is none."""
    for puzzle in PUZZLES:
        if puzzle.id == pid:
            return puzzle
    raise KeyError(pid)


__all__ = [
    "Answer", "DIFFICULTIES", "KIND_TITLES", "PUZZLES", "Puzzle", "PuzzleSession", "Ruling", "check_answer", "rule_on",
    "play_answer", "puzzle_by_id", "solution", "solution_text",
]  # fmt: skip
