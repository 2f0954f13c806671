"""The Hint button climbs a ladder: the idea in words of the board, then the pieces that act ringed, then
the whole turn and Show; an action, an undo or a new turn starts it again. Cards and lessons still ask for
the whole hint at once (``request_hint``)."""

from __future__ import annotations

from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.hint_ladder import IDEA, PIECES, TURN
from hwgame.app.control.targets import BankPieceTarget, ShipTarget
from hwgame.app.panels.play_board import hint_targets
from hwgame.app.scenes.play import PlayScene
from hwgame.rules import Discover, Game, Pass, Position, parse_piece, read_transcript, replay

from .helpers import fake_opponent, make_app, position, run_frames

P = parse_piece
# South's red 3 at Alpha can capture North's green 1 there; the hint flies the green 1 off.
DANGER = """
    North: g3 b2 | y3 |
    South: r1 b3 | | g3
    Alpha: y2 | g1 | r3
"""
ESCAPE = (Discover(P("g1"), "Alpha", P("b1"), "Beta"),)


def _controller(board: Position | str, hint) -> PlayController:
    pos = position(board) if isinstance(board, str) else board
    seats = (HUMAN, COMPUTER) if pos.to_move == 0 else (COMPUTER, HUMAN)
    return PlayController(Game.from_position(pos), seats, ("easy", "easy"), fake_opponent(hint=hint))


def _press(ctl: PlayController) -> None:
    assert ctl.next_hint() == ""
    for _ in range(3):
        ctl.update()


def test_the_first_press_names_the_idea_the_second_rings_the_pieces_the_third_gives_the_turn():
    ctl = _controller(DANGER, lambda pos: ESCAPE)
    _press(ctl)
    assert ctl.ladder.rung == IDEA and ctl.hint is None and ctl.hint_lit == ()
    assert ctl.hint_text == ("Your green 1 at Alpha is in danger: the computer could capture it next turn. "
                             "Press Hint again to see the pieces that act.")
    _press(ctl)
    assert ctl.ladder.rung == PIECES and ctl.hint is None
    # The rings are the pieces the hinted turn plays with, nothing else.
    assert set(ctl.hint_lit) == {ShipTarget("Alpha", 0, P("g1")), BankPieceTarget(P("b1"))}
    assert set(ctl.hint_lit) == set(hint_targets(ctl.game.position, ESCAPE))
    assert "The 2 pieces that act are ringed on the board." in ctl.hint_text
    _press(ctl)
    assert ctl.ladder.rung == TURN and ctl.hint == ESCAPE and ctl.hint_lit == ()
    assert ctl.hint_text.startswith("Hint: Discover Beta (a blue 1 star) with green 1 from Alpha.")
    _press(ctl)  # the top rung stays the top rung
    assert ctl.hint == ESCAPE


def test_an_action_or_an_undo_starts_the_ladder_again():
    ctl = _controller(DANGER, lambda pos: ESCAPE)
    _press(ctl)
    _press(ctl)
    assert ctl.hint_lit
    ctl.play(Pass())
    assert ctl.hint_lit == () and ctl.ladder.rung == 0
    ctl.undo()
    _press(ctl)
    assert ctl.ladder.rung == IDEA and ctl.hint is None and "in danger" in ctl.hint_text


def test_after_an_action_the_hint_is_the_whole_turn_from_the_start():
    ctl = _controller(DANGER, lambda pos: ESCAPE)
    ctl.play(Pass())
    _press(ctl)
    assert ctl.hint == ESCAPE and ctl.hint_text.startswith("Hint (from the start of the turn):")


def test_a_card_still_gets_the_whole_hint_at_once():
    ctl = _controller(DANGER, lambda pos: ESCAPE)
    assert ctl.request_hint() == ""
    ctl.update()
    assert ctl.hint == ESCAPE and ctl.ladder.rung == 0


def test_the_play_screens_hint_button_climbs_the_ladder_and_rings_the_pieces(screen):
    ctl = _controller(DANGER, lambda pos: ESCAPE)
    app = make_app(screen, still=True)
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    run_frames(app, screen, frames=3)
    drawn = []
    scene.place_of = lambda target, _place=scene.place_of: (drawn.append(target), _place(target))[1]
    scene.hint()
    run_frames(app, screen, frames=3)
    assert ctl.ladder.rung == IDEA and not drawn  # words only: nothing ringed yet
    scene.hint()
    run_frames(app, screen, frames=3)
    assert ctl.ladder.rung == PIECES and set(ctl.hint_lit) <= set(drawn)
    scene.hint()
    run_frames(app, screen, frames=3)
    assert ctl.hint == ESCAPE and scene.panel.show_hint.rect.width > 0  # Show is there at the top rung


def test_on_a_real_position_the_rungs_end_with_the_verdicts_best_turn(sdg_games):
    from hwgame.ai.thinking import Limit, Thinking
    from hwgame.analysis import judge

    game = replay(read_transcript(sdg_games / "709.raw"))
    pos = game.positions[16]
    best = judge(pos, Thinking(Limit(depth=1, nodes=2000)), 16).best
    ctl = _controller(pos, lambda p: best)
    _press(ctl)
    assert ctl.hint is None and ctl.hint_text
    _press(ctl)
    ringed = set(ctl.hint_lit)
    assert set(hint_targets(pos, best)) <= ringed  # every piece the turn plays with...
    places = {n for a in best for n in (getattr(a, "system", None), getattr(a, "origin", None)) if n}
    for target in ringed - set(hint_targets(pos, best)):  # ...and a ship that acts where the turn is played
        assert isinstance(target, ShipTarget) and target.system in places
        assert target.piece in pos.system_named(target.system).ships_of(target.owner)
    _press(ctl)
    assert ctl.hint == best


def test_the_longest_rungs_fit_the_panels_lines_at_1024x700():
    import pygame

    from hwgame.analysis import ideas
    from hwgame.analysis.ideas import Idea
    from hwgame.app.control.text import join_sentences
    from hwgame.words import Voice, ideas_text, lit_text, rung_text

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1024, 700))
    ctl = _controller(DANGER, lambda pos: ESCAPE)
    app = make_app(screen, still=True)
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    run_frames(app, screen, frames=2)
    width = round(scene.panel.box.w) - 28  # the panel's text width (``SidePanel._paint``)
    voice = Voice(("Marguerite", "Bartholomew"), you=0, computer=1)
    # The two longest ideas a rung can hold, with long names of players and systems.
    danger = Idea(ideas.DANGER, 0, "Betelgeuse", (P("g1"), P("b2")), 0)
    near = Idea(ideas.NEAR, 0, "Andromeda", owner=1, color=P("g1") // 3)
    for text in (join_sentences([ideas_text([danger, near], voice), rung_text()]),
                 join_sentences([ideas_text([danger, near], voice), lit_text(7)])):
        assert len(app.theme.wrap(text, 18, width)) <= 8, text  # the panel shows at most 8 lines of a hint
