"""The window reads the one verdict of a position: the hint, the advantage bar and the warnings.

The worker is the tests' instant stand-in (``helpers.FakeWorker``): its verdicts hold the real exact
proofs (threats, a win or a loss at once), so what the player is told of a threat or a lost position is
the rules' truth; only the search's best turn and estimate are made up. Real positions come from the
SuperDuperGames archive when it is on the machine.
"""

from __future__ import annotations

import re
from pathlib import Path

from hwgame.ai.proofs import surviving_turn, threats
from hwgame.analysis import Verdict, percent
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.targets import BankPieceTarget, ShipTarget, StarTarget
from hwgame.app.kit.dialogs import Dialog
from hwgame.app.panels.play_board import threat_targets
from hwgame.app.scenes.play import PlayScene
from hwgame.rules import Capture, Game, Pass, Position, Trade, Turn, parse_piece, read_transcript, replay
from hwgame.words import chance_label

from .helpers import fake_opponent, make_app, position, run_frames

P = parse_piece
# North to move; South's red 3 sits at North beside North's only ship: a pass loses it.
THREAT = """
    North: g3 b2 | y3 | r3
    South: r1 b3 | | g3
"""
# North to move, lost at once: whatever North plays, South's reds take its last ships at home.
LOST = """
    North: g1 y2 | b1 | r3 r2
    South: r1 b3 | | g3
"""


def _vs_computer(board: Position | str, hint=None) -> tuple[PlayController, object]:
    """A controller with the human to move at ``board`` against an instant computer."""
    pos = position(board) if isinstance(board, str) else board
    opponent = fake_opponent(hint=hint)
    seats = (HUMAN, COMPUTER) if pos.to_move == 0 else (COMPUTER, HUMAN)
    return PlayController(Game.from_position(pos), seats, ("easy", "easy"), opponent), opponent._worker


def _judged(ctl: PlayController, frames: int = 3) -> None:
    """Poll as the screen does: the quick verdict is asked, comes back, then the full one."""
    for _ in range(frames):
        ctl.update()


def _play_scene(screen, ctl: PlayController, warnings: bool = True):
    app = make_app(screen, still=True)
    app.settings.advantage_bar = True
    app.settings.warnings = warnings
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    run_frames(app, screen, frames=3)
    return app, scene


def _sdg_position(folder: Path, name: str, index: int) -> Position:
    game = replay(read_transcript(folder / name))
    return game.positions[index]


# --- the hint ---
def test_the_hint_reads_the_cached_verdict_without_asking_again():
    ctl, worker = _vs_computer(THREAT, hint=lambda pos: (Pass(),))
    assert ctl.advantage(0) is None  # nothing known yet: nothing shown
    _judged(ctl)
    assert [quick for _pos, quick in worker.analyses] == [True, False]  # quick proofs, then the full verdict
    asked = len(worker.analyses)
    assert ctl.request_hint() == ""
    assert ctl.hint == (Pass(),) and len(worker.analyses) == asked  # at once, from the verdict kept
    assert ctl.hint_text.startswith("Hint: Pass")


def test_a_hint_asked_before_the_verdict_waits_for_it():
    ctl, worker = _vs_computer(THREAT, hint=lambda pos: (Pass(),))
    assert ctl.request_hint() == "" and ctl.hint is None
    assert ctl.hint_text == "Thinking about a hint..."
    assert worker.analyses[-1][1] is False  # the full verdict is asked for at once
    ctl.update()
    assert ctl.hint == (Pass(),)


def test_the_bar_and_the_hint_give_the_same_chance():
    ctl, worker = _vs_computer(THREAT, hint=lambda pos: (Pass(),))
    worker.score = 35.0
    _judged(ctl)
    chance = ctl.advantage(0)
    assert chance is not None and 0.0 < chance < 1.0
    ctl.request_hint()
    said = re.findall(r"(\d+)%", ctl.hint_text)
    assert said == [str(percent(chance))]
    assert ctl.hint_text.endswith(f"Chance to win for you: {percent(chance)}%.")
    verdict = ctl.verdict_shown()
    assert chance_label(0, verdict.proof_for(0), verdict.chance_for(0), ctl.voice()) == f"You: {percent(chance)}%"


def test_a_lost_position_says_lost_and_offers_the_turn_that_lasts_longest():
    trade = (Trade(P("b1"), P("r1"), "North"),)
    ctl, worker = _vs_computer(LOST, hint=lambda pos: trade)
    _judged(ctl)
    verdict = ctl.verdict_shown()
    assert verdict.proof_for(0).result == "loss"
    assert ctl.advantage(0) == 0.0
    ctl.request_hint()
    text = ctl.hint_text
    assert text.startswith("Lost: The computer wins on the next turn whatever you play.")
    assert text.endswith("This turn makes the win hardest for the computer: Trade blue 1 for red 1 at your "
                         "homeworld.")
    assert ctl.hint == trade  # its pieces are ringed and Show plays it, as any hint
    assert "%" not in text and "Without it" not in text and "Then you could" not in text
    assert chance_label(0, verdict.proof_for(0), 0.0, ctl.voice()) == "You: lost (proven)"


def test_a_real_lost_position_is_said_lost(sdg_games):
    pos = _sdg_position(sdg_games, "11161.raw", 22)
    ctl, _worker = _vs_computer(pos)
    _judged(ctl)
    ctl.request_hint()
    assert ctl.hint_text.startswith("Lost: The computer wins on the next turn whatever you play.")
    assert "%" not in ctl.hint_text


# --- the threat warning ---
def test_a_threat_is_said_and_its_pieces_lit_before_the_player_moves(screen, data_dir):
    ctl, _worker = _vs_computer(THREAT)
    app, scene = _play_scene(screen, ctl)
    assert ctl.threat_shown() == ((Capture(P("y3"), "North"),),)
    assert scene.panel.danger() == ("Danger: the computer can win on its next turn. Like this: The computer "
                                    "captures your yellow 3 at your homeworld.")
    assert threat_targets(scene.ctl) == [ShipTarget("North", 0, P("y3"))]
    assert scene.place_of(ShipTarget("North", 0, P("y3"))) is not None  # a piece on the board, lit
    ctl.play(next(a for a in ctl.legal if type(a).__name__ == "Build"))
    assert scene.panel.danger() == ""  # said before the player moves, not over the turn being made


def test_a_real_threat_lights_the_pieces_its_catastrophe_takes(screen, data_dir, sdg_games):
    pos = _sdg_position(sdg_games, "10105.raw", 19)
    assert threats(pos)
    ctl, _worker = _vs_computer(pos)
    app, scene = _play_scene(screen, ctl)
    text = scene.panel.danger()
    assert text.startswith("Danger: the computer can win on its next turn.") and "catastrophe" in text
    lit = threat_targets(scene.ctl)
    assert BankPieceTarget(P("g2")) in lit and any(isinstance(t, (ShipTarget, StarTarget)) for t in lit)
    assert all(scene.place_of(t) is not None for t in lit)


def test_no_warning_when_the_setting_is_off(screen, data_dir):
    ctl, _worker = _vs_computer(THREAT)
    app, scene = _play_scene(screen, ctl, warnings=False)
    assert ctl.verdict_shown().threats  # the verdict knows of it...
    assert scene.panel.danger() == "" and threat_targets(scene.ctl) == []  # ...and says nothing
    assert ctl.end_turn_warnings() == ["You have not taken an action this turn: ending now passes."]


def test_a_puzzle_never_warns(screen, data_dir):
    from hwgame.tutorial import PUZZLES

    app = make_app(screen, still=True, boot=True)
    card = app.open_scene("puzzle", PUZZLES[0])
    run_frames(app, screen, frames=2)
    ctl = card.ctl
    start = ctl.game.position
    ctl.analyst.offer(start, len(ctl.game.turns), Verdict(start.to_move, threats=((Pass(),),)))
    assert not ctl.warnings_on and ctl.threat_shown() == () and card.play.panel.danger() == ""
    assert not ctl.end_would_lose()


# --- End turn before a losing turn ---
def _end_turn_dialog(app, screen, scene) -> Dialog | None:
    scene.request_end_turn()
    run_frames(app, screen, frames=1)
    top = app.scenes.top
    return top if isinstance(top, Dialog) else None


def test_end_turn_asks_before_a_turn_the_opponent_wins_after(screen, data_dir):
    ctl, _worker = _vs_computer(THREAT)
    app, scene = _play_scene(screen, ctl)
    assert ctl.end_would_lose() and scene.panel.end.danger()  # drawn in the danger colour
    dialog = _end_turn_dialog(app, screen, scene)
    assert dialog is not None
    assert "After this turn the computer can win at once. End the turn anyway?" in dialog.lines
    assert len(ctl.game.turns) == 0  # nothing ended without the player's yes


def test_end_turn_does_not_ask_after_a_safe_turn(screen, data_dir):
    ctl, _worker = _vs_computer(THREAT)
    app, scene = _play_scene(screen, ctl)
    safe: Turn = surviving_turn(ctl.game.position)
    assert safe is not None and safe != (Pass(),)
    for action in safe:
        assert ctl.play(action) is None
    run_frames(app, screen, frames=1)
    assert not ctl.end_would_lose() and not scene.panel.end.danger()
    assert _end_turn_dialog(app, screen, scene) is None
    assert ctl.game.turns[0] == safe  # ended at once (and the computer answered)


def test_end_turn_does_not_ask_when_every_turn_loses(screen, data_dir):
    ctl, _worker = _vs_computer(LOST)
    app, scene = _play_scene(screen, ctl)
    assert ctl.verdict_shown().proof_for(0).result == "loss"
    assert not ctl.end_would_lose()  # no turn would do better: nothing to ask


def test_the_bar_is_drawn_with_its_label_and_grey_before_a_verdict(screen, data_dir):
    ctl, _worker = _vs_computer(THREAT)
    app = make_app(screen, still=True)
    app.settings.advantage_bar = True
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    scene.draw(screen)  # no verdict yet: a grey bar, no number
    assert ctl.advantage(0) is None
    run_frames(app, screen, frames=3)
    assert ctl.advantage(0) is not None
