"""Always knowing what just happened: the computer's turn told in words as it is animated, the panel
waiting for the animation, and the move log in words (SDG notation one click away), never cut."""

from __future__ import annotations

import re

import pygame
import pytest

from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.scenes.play import PlayScene
from hwgame.rules import Game, Pass, parse_piece, parse_turn

from .helpers import click, drag, fake_opponent, key, make_app, position, run_frames

P = parse_piece
# North (the player, at the bottom) against the computer (South), North to move.
BOARD = """
    North: g3 b2 | y3 g1 |
    South: r1 y2 | | g1 b1 y3 r3
    Alpha: b3 | g2 |
"""
ANSWER = parse_turn("sacrifice y3 South; move g1 South Alpha; move b1 South Alpha")
# Homeworlds are named after the players, so they are told as whose homeworlds they are: the
# computer's own as its homeworld.
TOLD = ("The computer sacrifices yellow 3 at its homeworld and moves green 1 and blue 1 from its homeworld "
        "to Alpha.")
SHORTHAND = re.compile(r"\b[RGBY][123]\b")


def _open(screen, game, answers=(ANSWER,), speed: float = 1.0, hint=None):
    """A play screen at ``game``: the player (seat 0) against a computer that answers at once, with
    ``answers`` one after the other (the last one again and again); the verdicts of the player's
    positions offer ``hint`` (a random legal turn by default)."""
    app = make_app(screen)
    app.settings.animation_speed = speed
    queue = list(answers)
    opponent = fake_opponent(lambda pos: queue.pop(0) if len(queue) > 1 else queue[0])
    opponent._worker.hint = (lambda pos: hint) if hint is not None else opponent._worker.random_turn
    ctl = PlayController(game, (HUMAN, COMPUTER), ("easy", "easy"), opponent)
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    run_frames(app, screen)
    return app, scene


@pytest.fixture
def against(screen, data_dir):
    """The play screen at BOARD with animations on."""
    return _open(screen, Game.from_position(position(BOARD)))


def _pass_turn(app, scene, screen) -> None:
    """The player passes; the computer's answer arrives on the next frame."""
    scene.ctl.play(Pass())
    scene._end_turn()
    run_frames(app, screen, frames=0)


def _frames_until(app, screen, done, limit: int = 600) -> None:
    for _ in range(limit):
        if done():
            return
        app.step([], 1 / 60, screen)
    raise AssertionError("the screen never got there")


@pytest.mark.slow
def test_the_computers_turn_is_told_action_by_action_as_it_is_animated(screen, against):
    app, scene = against
    _pass_turn(app, scene, screen)
    assert scene.computer_showing() == 1
    assert scene.narration() == ("You pass.", 0)  # until the computer's first action starts to play out
    _frames_until(app, screen, lambda: scene.current_effect is not None and scene.current_effect.by_computer)
    assert scene.narration() == ("The computer sacrifices yellow 3 at its homeworld.", 1)
    _frames_until(app, screen, lambda: scene.current_effect is not None and scene.current_effect.action == ANSWER[1])
    assert scene.narration()[0] == (
        "The computer sacrifices yellow 3 at its homeworld and moves green 1 from its homeworld to Alpha."
    )
    _frames_until(app, screen, lambda: scene.computer_showing() is None)
    assert scene.narration() == (TOLD, 1)
    assert not SHORTHAND.search(TOLD)


@pytest.mark.slow
def test_the_panel_says_your_turn_only_when_the_animation_ends(screen, against):
    app, scene = against
    _pass_turn(app, scene, screen)
    assert scene.ctl.human_to_move()  # the game has moved on...
    status, _ = scene.panel.status()
    assert status == "The computer is playing..."  # ...but the board has not yet
    assert not scene.panel.end.enabled and not scene.panel.hint.enabled
    assert all(not line.startswith("2.") for line, _, _ in scene.panel.log_lines(app.theme, scene.ctl.game, 400))
    _frames_until(app, screen, lambda: scene.computer_showing() is None)
    assert scene.panel.status()[0] == "Your turn."
    assert scene.panel.end.enabled
    assert scene.panel.log_lines(app.theme, scene.ctl.game, 2000)[-1][0] == "2. " + TOLD


@pytest.mark.slow
def test_the_narration_stays_until_the_player_acts(screen, against):
    app, scene = against
    _pass_turn(app, scene, screen)
    _frames_until(app, screen, lambda: scene.computer_showing() is None)
    run_frames(app, screen, frames=600)  # ten seconds later
    assert scene.narration() == (TOLD, 1)
    _, lay, bank = scene.layouts(app.size, scene.display_position())
    north = lay.system("North").box
    run_frames(app, screen, drag(bank.cells[P("g1")].box.center, (north.x + 6, north.y + 6)), frames=2)
    assert scene.narration() == ("You build a green 1 at your homeworld.", 0)


def test_a_click_during_the_animation_shows_its_end_at_once(screen, data_dir):
    app, scene = _open(screen, Game.from_position(position(BOARD)), answers=(ANSWER, parse_turn("build g1 Alpha")))
    _pass_turn(app, scene, screen)
    assert scene.computer_showing() == 1
    run_frames(app, screen, click(scene.panel.end.rect.center), frames=0)
    assert scene.computer_showing() is None and scene.narration() == (TOLD, 1)
    assert scene.ctl.game.to_move == 0 and len(scene.ctl.game.turns) == 2  # the click ended no turn
    _pass_turn(app, scene, screen)  # the computer answers again...
    assert scene.computer_showing() == 1
    run_frames(app, screen, [key(pygame.K_RETURN)], frames=0)  # ...and Enter only skips its animation
    assert scene.computer_showing() is None and len(scene.ctl.game.turns) == 4


def test_without_animation_the_whole_turn_is_told_at_once(screen, data_dir):
    app, scene = _open(screen, Game.from_position(position(BOARD)), speed=0.0)
    _pass_turn(app, scene, screen)
    run_frames(app, screen)
    assert scene.narration() == (TOLD, 1)
    assert scene.panel.status()[0] == "Your turn."


def _entries(lines: list[str]) -> list[str]:
    """Log lines put back together into entries (an entry begins with its number)."""
    out: list[str] = []
    for line in lines:
        if re.match(r"\d+\. ", line) or not out:
            out.append(line)
        else:
            out[-1] += " " + line
    return out


def _played(*turns: str):
    """A game at BOARD after these turns."""
    game = Game.from_position(position(BOARD))
    for turn in turns:
        game.play(parse_turn(turn))
    return game


def test_log_entries_wrap_and_are_never_cut(data_dir):
    game = _played("pass", "sacrifice y3 South; move g1 South Alpha; move b1 South Alpha")
    app, scene = _open(pygame.display.set_mode((1024, 700)), game)
    th, panel = app.theme, scene.panel
    width = panel.log_rect.w - 16
    lines = [text for text, _, _ in panel.log_lines(th, game, width)]
    assert len(lines) > 3, "the computer's long entry goes on on further lines"
    assert _entries(lines) == ["1. You pass.", "2. " + TOLD]  # every word is there: nothing cut
    assert not any("…" in text for text in lines)
    assert all(th.font(18).size(text)[0] <= width for text in lines)
    assert _entries(panel.log_shown)[-1] == "2. " + TOLD  # and it is on screen


def test_a_long_name_is_broken_rather_than_cut(data_dir):
    from hwgame.app.view.widgets import wrap_hanging

    pygame.display.set_mode((320, 240))
    app = make_app(pygame.display.get_surface())
    lines = wrap_hanging(app.theme, "3. Bartholomew-Fitzwilliamson builds a green 1 at Alpha.", 18, 90, 16)
    assert "".join(lines).replace(" ", "") == "3.Bartholomew-Fitzwilliamsonbuildsagreen1atAlpha."
    assert all(app.theme.font(18).size(line)[0] <= (90 if k == 0 else 74) for k, line in enumerate(lines))


def test_a_full_log_shows_the_latest_turns_and_the_wheel_scrolls_back(data_dir, monkeypatch):
    from hwgame.app.tools.samples import busy_game

    game = busy_game(11, 30)
    surface = pygame.display.set_mode((1024, 700))
    app, scene = _open(surface, game, answers=[(Pass(),)])
    panel = scene.panel
    entries = _entries(panel.log_shown)
    assert len(entries) < len(game.turns), "the log is full"
    assert entries[-1].startswith(f"{len(game.turns)}. ")  # the newest turn ends the log
    assert all(entry.endswith(".") for entry in entries)  # whole entries only, the first one too
    assert not any(SHORTHAND.search(entry) or "attack" in entry.lower() for entry in entries)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: panel.log_rect.center)
    run_frames(app, surface, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=400, flipped=False)])
    assert _entries(panel.log_shown)[0].startswith("1. ")


def test_the_log_switches_to_sdg_notation_and_remembers_it(screen, data_dir):
    from hwgame import persist

    app, scene = _open(screen, _played("pass", "sacrifice y3 South; move g1 South Alpha; move b1 South Alpha"))
    panel = scene.panel
    assert _entries(panel.log_shown) == ["1. You pass.", "2. " + TOLD]
    run_frames(app, screen, click(panel.notation.segments()[1].center))
    assert panel.in_notation
    assert _entries(panel.log_shown) == ["1. North: Pass",
                                         "2. South: Sacrifice Y3 South; Move G1 South Alpha; Move B1 South Alpha"]
    assert persist.load_settings().move_log_notation is True
    assert PlayScene(app, scene.ctl).panel.in_notation  # the next game opens its log the same way
    run_frames(app, screen, click(panel.notation.segments()[0].center))
    assert not panel.in_notation and persist.load_settings().move_log_notation is False


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_the_narration_strip_keeps_clear_of_the_map(size, data_dir):
    from hwgame.app.tools.samples import busy_game
    from hwgame.app.view.layout import check_layout, screen_layout

    app, scene = _open(pygame.display.set_mode(size), busy_game(11, 30), answers=[(Pass(),)])
    strip = scene.narration_box(screen_layout(*size).board)
    _, lay, _ = scene.layouts(size, scene.display_position())
    assert check_layout(lay) == []
    assert not any(strip.intersects(sp.box) for sp in lay.systems)
    assert scene.narration() is not None


def test_once_the_computers_turn_is_shown_the_line_says_why_it_was_played(screen, data_dir):
    # North's red 3 at Alpha threatens the computer's green 1 there; the computer flies it off to a new
    # star. The line says so once the turn has been shown.
    board = """
        North: r1 b3 | g3 |
        South: g3 b2 | | y3
        Alpha: y2 | r3 | g1
    """
    escape = parse_turn("discover g1 Alpha b1 Beta")
    app, scene = _open(screen, Game.from_position(position(board)), answers=(escape,), speed=0.0)
    _pass_turn(app, scene, screen)
    run_frames(app, screen)
    told, player = scene.narration()
    assert player == 1
    assert told == ("The computer discovers Beta (a blue 1 star) with green 1 from Alpha. Without it, you capture "
                    "the computer's green 1 at Alpha next turn.")
    # The player acts: the line tells that, and the computer's reason is gone with its turn.
    scene.ctl.play(Pass())
    assert "Without it" not in scene.narration()[0]


def test_show_plays_the_hint_with_ghost_pieces_and_a_click_ends_it(screen, data_dir):
    hint = parse_turn("build g1 North")
    app, scene = _open(screen, Game.from_position(position(BOARD)), answers=(hint,), speed=0.0, hint=hint)
    assert not scene.panel.show_hint.rect.w  # no hint yet: no Show button
    for _rung in range(3):  # the idea, the pieces that act, then the whole turn and Show
        scene.hint()
        run_frames(app, screen, frames=2)
    assert scene.ctl.hint == hint and scene.panel.show_hint.rect.w > 0 and scene.panel.show_hint.enabled
    board_before = scene.ctl.game.position
    run_frames(app, screen, click(scene.panel.show_hint.rect.center), frames=1)
    assert scene.demo is not None
    run_frames(app, screen, frames=30)
    assert scene.demo is not None and scene.demo.position != board_before  # the ghost's move is on the board
    run_frames(app, screen, click((5, 5)), frames=1)
    assert scene.demo is None and scene.ctl.game.position == board_before  # only painted: the game is as it was
