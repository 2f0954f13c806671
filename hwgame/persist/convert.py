"""Between a rules ``Game`` and a ``SaveGame``: writing down the turns, and replaying them on load.

Nothing here touches a file. Replaying goes through ``Game.play`` and ``Game.act``, the validator every
move of the game goes through, so a save can never smuggle in an illegal position.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from .. import __version__
from ..i18n import N_
from ..rules import (
    PLAYING,
    EndTurn,
    Game,
    HomeworldsError,
    IllegalActionError,
    Position,
    RuleSet,
    Turn,
    format_position,
    format_turn,
    initial_position,
    opponent_of,
    outcome_of,
    parse_action,
    parse_position,
    parse_turn,
    player_pair,
    ruleset_named,
    shown,
)
from ..words import refusal_text
from .errors import Text, WordedProblem, worded
from .schema import (
    SCHEMA_VERSION,
    ClockData,
    Ending,
    HandicapData,
    Player,
    Problem,
    Result,
    RulesName,
    SaveGame,
    SdgRecord,
    new_game_id,
    now_utc,
)


class ReplayProblem(WordedProblem):
    """A save's turns do not replay: ``turn`` is the refused turn's number (None for the result).
    ``text`` says what is wrong, worded when read."""



# The seats of a game as a caller gives them: Player objects, or their fields as a dict.
Seats = Sequence[Player | dict[str, object]]


def players_of(game: Game, players: Seats | None) -> list[Player]:
    """The two seats of ``game`` as Players: those given (checked against the game's names), else humans."""
    if players is None:
        return [Player(name=name) for name in game.players]
    seats = [p if isinstance(p, Player) else Player.model_validate(p) for p in players]
    if [p.name for p in seats] != list(game.players):
        raise ValueError(f"the players {[p.name for p in seats]} are not the game's {list(game.players)}")
    return seats


def _seat(winner: int | None) -> Literal[0, 1] | None:
    """A winner as the save writes it: seat 0 or 1, or None for a draw."""
    if winner is None:
        return None
    if winner == 0:
        return 0
    if winner == 1:
        return 1
    raise ValueError(f"{shown(winner)} is not a player's seat")


def _rules_name(rules: RuleSet) -> RulesName:
    """The name a save gives the rule set."""
    if rules.name == "standard":
        return "standard"
    if rules.name == "sdg":
        return "sdg"
    raise ValueError(f"a save cannot name the rule set {rules.name!r}")


def result_of(game: Game) -> Result | None:
    """The game's result with how it came about, or None while it goes on."""
    outcome = game.outcome()
    if outcome is None:
        return None
    ending: Ending
    if outcome_of(game.position) == outcome:
        ending = "board"
    elif outcome.code == "win-timeout":
        ending = "timeout"
    elif outcome.code == "win-recorded":
        ending = "record"
    elif outcome.winner is not None:
        ending = "resignation"
    elif outcome.code == "draw-repetition":
        automatic = game.rules.repetition_draw and game.auto_repetition_draw and game.repetitions() >= 3
        ending = "repetition" if automatic else "claim"
    else:
        ending = "agreement"
    # A save keeps the result in English, whatever the player's language: the file's words.
    return Result(winner=_seat(outcome.winner), reason=refusal_text(outcome, "en"), ending=ending)


def _checked_text(turn: Turn, number: int) -> str:
    """The turn in canonical notation, refused if reading it back would not give the same actions."""
    text = format_turn(turn, "canonical")
    try:
        same = parse_turn(text) == tuple(turn)
    except HomeworldsError:
        same = False
    if not same:
        raise Problem(worded(N_("turn {number} ({text}) cannot be written in notation and read back the same"),
                             number=number, text=shown(text)))
    return text


def start_text(game: Game) -> str | None:
    """The one-line text of the board ``game`` began from (``rules.format_position``), or None when it
    began as every game does, on the empty board before setup."""
    first = game.positions[0]
    if first == initial_position(game.rules, game.players):
        return None
    return format_position(first)


def game_to_save(
    game: Game,
    players: Seats | None = None,
    *,
    created: datetime | None = None,
    game_id: str | None = None,
    title: str | None = None,
    imported: SdgRecord | None = None,
    clock: ClockData | None = None,
) -> SaveGame:
    """Write down ``game`` (turns, turn in progress, result, and its ``clock`` if it has one) as a
    SaveGame; raise ValueError if it cannot be."""
    setup: list[str] = []
    turns: list[str] = []
    for i, turn in enumerate(game.turns):
        text = _checked_text(turn, i + 1)
        (setup if game.positions[i].stage < PLAYING else turns).append(text)
    result = result_of(game)
    # A game can end in the middle of a turn (a player resigns with actions made): those actions were
    # never ended into a turn, and a finished game has no turn in progress to keep them in.
    pending = [] if result is not None else [_checked_text((a,), len(game.turns) + 1) for a in game.pending]
    now = now_utc()
    return SaveGame(
        schema_version=SCHEMA_VERSION,
        program_version=__version__,
        game_id=new_game_id() if game_id is None else game_id,
        created=created or now,
        updated=now,
        title=title,
        rules=_rules_name(game.rules),
        auto_repetition_draw=game.auto_repetition_draw,
        players=players_of(game, players),
        setup=setup,
        turns=turns,
        turn_in_progress=pending,
        result=result,
        imported=imported,
        handicap=HandicapData.of(game.handicap),
        clock=clock,
        start=start_text(game),
    )


# The endings of a save in which a player lost off the board, with the rules' code of each.
CONCEDED_BY = {"resignation": "win-resigned", "timeout": "win-timeout", "record": "win-recorded"}


def _declare(game: Game, result: Result) -> None:
    """Re-apply an ending the board does not show (resignation, agreed or claimed draw)."""
    if result.ending in CONCEDED_BY:
        if result.winner is None:
            raise ReplayProblem(worded(N_("the result says a player resigned but names no winner")))
        game.concede(opponent_of(result.winner), CONCEDED_BY[result.ending])
    elif result.ending == "agreement":
        game.agree_draw()
    elif result.ending == "claim":
        try:
            game.claim_draw()
        except IllegalActionError as exc:
            raise ReplayProblem(worded(N_("the result says a draw was claimed, but {problem}"), problem=exc)) from None


def save_to_game(save: SaveGame) -> Game:
    """Replay a SaveGame through the rules; raise ReplayProblem naming the first turn that is refused."""
    names = player_pair(p.name for p in save.players)
    handicap = None if save.handicap is None else save.handicap.rules()
    rules = ruleset_named(save.rules)
    if save.start is None:
        game = Game(rules, players=names, auto_repetition_draw=save.auto_repetition_draw, handicap=handicap)
    else:
        game = Game.from_position(_start_of(save, rules, names), save.auto_repetition_draw, handicap)
    texts = [(t, True) for t in save.setup] + [(t, False) for t in save.turns]
    for number, (text, is_setup) in enumerate(texts, start=1):
        if game.is_over():
            raise ReplayProblem(worded(N_("turn {number} ({text}) comes after the game was already over"),
                                       number=number, text=shown(text)), number)
        if is_setup != game.in_setup:
            if is_setup:
                where = N_("turn {number} ({text}) is listed as a setup turn, but both homeworlds are already set up")
            else:
                where = N_("turn {number} ({text}) is not listed as a setup turn, but the homeworlds are not all set "
                           "up yet")
            raise ReplayProblem(worded(where, number=number, text=shown(text)), number)
        try:
            game.play(parse_turn(text))
        except HomeworldsError as exc:
            mover = names[game.to_move]
            raise ReplayProblem(worded(N_("turn {number} ({text}) by {player} is illegal: {problem}"), number=number,
                                       text=shown(text), player=mover, problem=exc), number) from None
    for i, text in enumerate(save.turn_in_progress, start=1):
        number = len(texts) + 1
        try:
            action = parse_action(text)
            if isinstance(action, EndTurn):
                raise ReplayProblem(worded(N_("turn {number} in progress, action {action} ({text}) is illegal: a "
                                              "turn in progress has not ended: a finished turn belongs with the "
                                              "turns"), number=number, action=i, text=shown(text)), number)
            game.act(action)
        except HomeworldsError as exc:
            raise ReplayProblem(worded(N_("turn {number} in progress, action {action} ({text}) is illegal: {problem}"),
                                       number=number, action=i, text=shown(text), problem=exc), number) from None
    if save.result is not None and save.result.ending not in ("board", "repetition"):
        _declare(game, save.result)
    _check_result(game, save)
    return game


def _start_of(save: SaveGame, rules: RuleSet, names: tuple[str, str]) -> Position:
    """The board a save's game began from (``start``), checked to be of the save's rules and players."""
    try:
        start = parse_position(save.start or "")
    except HomeworldsError as exc:
        raise ReplayProblem(worded(N_("the board the game began from cannot be read: {problem}"),
                                   problem=exc)) from None
    if start.rules != rules or start.players != names:
        raise ReplayProblem(worded(N_("the board the game began from is of other rules or players ({text})"),
                                   text=shown(" ".join((start.rules.name, *start.players)))))
    return start


def _check_result(game: Game, save: SaveGame) -> None:
    found = game.outcome()
    said = save.result
    if said is None and found is not None:
        raise ReplayProblem(worded(N_("the file says the game goes on, but the turns end it: {result}"),
                                   result=found.refusal))
    if said is not None and found is None:
        raise ReplayProblem(worded(N_("the file says the game is over ({result}), but the turns do not end it"),
                                   result=said.reason))
    if said is not None and found is not None and said.winner != found.winner:

        def who(w: int | None) -> Text:
            return worded(N_("a draw")) if w is None else worded(N_("{player} won"), player=game.players[w])

        raise ReplayProblem(worded(N_("the file says {said}, but the turns say {found}"), said=who(said.winner),
                                   found=who(found.winner)))
