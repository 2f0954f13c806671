"""The window's name fields take names in any script (RULES.md: names): a discovered system's name typed
in the star chooser, the players' names of a new game and of ``--name``."""

from __future__ import annotations

import pygame
import pytest

from hwgame.app.app import App
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.options import GameConfig, config_from, config_from_args, valid_name, window_defaults
from hwgame.app.kit.dialogs import StarChooser
from hwgame.rules import Discover, parse_piece

P = parse_piece


@pytest.fixture
def chooser(screen, data_dir):
    """A star chooser for a yellow 3 leaving North, with the picked actions in ``picked``."""
    app = App(size=screen.get_size())
    picked: list[Discover] = []
    actions = [Discover(P("y3"), "North", P(star), "Alpha") for star in ("r1", "b1")]
    scene = StarChooser(app, actions, picked.append)
    app.scenes.push(scene)
    app.step([], 1 / 60, screen)
    scene.field.text = ""
    app.step([click(scene.field.rect.center)], 1 / 60, screen)
    return app, scene, screen, picked


def click(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


@pytest.mark.parametrize("name", ["織女", "Dy/dx", "Ærø", "Ωμέγα"])
def test_a_discovered_system_may_be_named_in_any_script(chooser, name):
    app, scene, screen, picked = chooser
    app.step([typed(name)], 1 / 60, screen)
    assert scene.field.text == name
    scene._pick(scene.actions[0])
    assert picked == [Discover(P("y3"), "North", scene.actions[0].star, name)]
    assert app.scenes.top is not scene


def test_the_name_field_keeps_out_what_no_name_may_hold(chooser):
    app, scene, screen, _ = chooser
    app.step([typed("織 女;\t\x00Dy/dx\u3000")], 1 / 60, screen)
    assert scene.field.text == "織女Dy/dx"
    app.step([typed("x" * 60)], 1 / 60, screen)
    assert len(scene.field.text) == 40


def test_a_name_the_rule_refuses_is_explained_and_the_chooser_stays(chooser):
    app, scene, screen, picked = chooser
    scene.field.text = "two words"  # pasted past the field's filter
    scene._pick(scene.actions[0])
    assert scene.problem == "'two words' cannot be a system name: it holds a space."
    scene.field.text = ""
    scene._pick(scene.actions[0])
    assert scene.problem == "A system name cannot be empty."
    assert picked == [] and app.scenes.top is scene


def test_players_may_be_named_in_any_script():
    assert GameConfig(("Ærø", "ぱぱ"), (HUMAN, COMPUTER)).problems() == []
    assert valid_name("Dy/dx") and valid_name("織女") and valid_name("A" * 40)
    assert not valid_name("A" * 41) and not valid_name("Ann Lee") and not valid_name("a;b") and not valid_name("")


def test_a_player_name_the_rule_refuses_says_why():
    assert GameConfig(("Ann Lee", "ぱぱ"), (HUMAN, HUMAN)).problems() == [
        "'Ann Lee' cannot be a player name: it holds a space."
    ]
    assert GameConfig(("Ærø", "x\x1b"), (HUMAN, HUMAN)).problems() == [
        r"'x\x1b' cannot be a player name: it holds a character that cannot be printed."
    ]


def test_players_named_apart_only_by_case_clash():
    assert GameConfig(("Ærø", "ÆRØ"), (HUMAN, HUMAN)).problems() == ["The two players need different names."]
    # The opponent's name is changed rather than clash with the player's, and stays a name.
    assert config_from("ぱぱ", HUMAN, "ぱぱ", "easy", "me", "standard").names == ("ぱぱ", "ぱぱ2")
    long = "Æ" * 40
    other = config_from(long, HUMAN, long.lower(), "easy", "me", "standard").names[1]
    assert other == "æ" * 39 + "2" and valid_name(other)


def test_the_name_option_takes_any_script():
    args = window_defaults()
    args.name, args.opponent_name = "Ærø", "織女"
    assert config_from_args(args, "Player", "easy", "standard").names == ("Ærø", "織女")
    args.name = "Ann Lee"
    assert config_from_args(args, "Player", "easy", "standard").names[0] == "Player"
