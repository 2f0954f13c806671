"""The hint's ideas in words: every kind the ladder finds is said, with the pieces and places it names,
for the player to move, in each language the game speaks."""

from __future__ import annotations

import pytest

from hwgame.analysis import ideas
from hwgame.analysis.ideas import Idea
from hwgame.i18n import set_language
from hwgame.rules import parse_piece
from hwgame.words import Voice, idea_text, ideas_text, lit_text
from hwgame.words import ideas as idea_words

P = parse_piece
# Player 0 is "you", against the computer; the computer's homeworld is named after it.
VOICE = Voice(("You", "Computer"), you=0, computer=1)

SAMPLES = [
    (Idea(ideas.LOST, 0, turns=2), ["Lost", "hardest"]),
    (Idea(ideas.PROVEN_WIN, 0, "Computer", turns=3, at_home=True), ["3 turns", "the computer's homeworld"]),
    (Idea(ideas.THREAT, 0, "You", at_home=True), ["the computer", "your homeworld", "parry"]),
    (Idea(ideas.TARGET, 0, "Alpha", (P("g2"),), 1, turn=0), ["the computer's green 2 at Alpha", "this turn"]),
    (Idea(ideas.TARGET, 0, "Beta", (P("y1"),), 1, turn=2), ["the computer's yellow 1 at Beta", "next turn"]),
    (Idea(ideas.TARGET, 0, "Computer", (P("b3"),), 1, turn=0, at_home=True),
     ["The blue 3 at the computer's homeworld", "this turn"]),
    (Idea(ideas.DANGER, 0, "You", (P("y2"),), 0, at_home=True), ["The yellow 2 at your homeworld", "in danger"]),
    (Idea(ideas.BUILDING, 0, "Alpha", color=P("b1") // 3, turn=0), ["blue catastrophe", "Alpha"]),
    (Idea(ideas.BUILDING, 0, "Computer", color=P("r1") // 3, turn=2, at_home=True),
     ["red catastrophe", "the computer's homeworld"]),
    (Idea(ideas.NEAR, 0, "Alpha", owner=1, color=P("g1") // 3), ["green catastrophe is building at Alpha", "third"]),
    (Idea(ideas.OPENED, 0, "Beta", (P("r2"),), 1), ["lay the computer's red 2 at Beta open to capture"]),
    (Idea(ideas.OPENED, 0, "Computer", (P("y3"),), 1, at_home=True),
     ["the yellow 3 at the computer's homeworld open to capture"]),
    (Idea(ideas.ATTACK, 0, "Computer", turn=2, at_home=True), ["the computer's homeworld"]),
    (Idea(ideas.DANGER, 0, "Alpha", (P("g1"),), 0), ["Your green 1 at Alpha", "in danger", "the computer"]),
    (Idea(ideas.WEAK_HOME, 0, "You", at_home=True), ["Your homeworld", "defence"]),
    (Idea(ideas.FOCUS, 0, "Gamma"), ["Gamma"]),
    (Idea(ideas.FOCUS, 0, "Gamma", groups=("fleet", "pressure")),
     ["Gamma", "It strengthens your fleet and your pressure on the computer's homeworld."]),
]


def test_the_words_know_every_kind_the_ladder_finds():
    assert (idea_words.LOST, idea_words.PROVEN_WIN, idea_words.THREAT, idea_words.TARGET, idea_words.BUILDING,
            idea_words.ATTACK, idea_words.NEAR, idea_words.OPENED, idea_words.DANGER, idea_words.WEAK_HOME,
            idea_words.FOCUS) == ideas.KINDS
    assert {k.kind for k, _ in SAMPLES} == set(ideas.KINDS)


@pytest.mark.parametrize(("idea", "words"), SAMPLES, ids=lambda x: getattr(x, "kind", ""))
def test_each_idea_says_the_pieces_and_places_it_names(idea, words):
    text = idea_text(idea, VOICE)
    assert text[:1].isupper() and text.endswith(".")
    for word in words:
        assert word.lower() in text.lower(), (word, text)


@pytest.mark.parametrize("language", ["ja", "zh-Hant"])
def test_the_ideas_are_worded_in_other_languages_without_losing_a_name(language):
    set_language(language)
    for idea, _words in SAMPLES:
        text = idea_text(idea, VOICE)
        assert text and "{" not in text
        if idea.kind in (ideas.TARGET, ideas.BUILDING, ideas.FOCUS) and not idea.at_home:
            assert idea.system in text  # a system keeps its own name in every language


def test_the_first_rung_says_each_idea_once_and_the_second_counts_the_rings():
    both = ideas_text([SAMPLES[2][0], SAMPLES[3][0]], VOICE)
    assert both.startswith("The computer threatens") and both.count("captured") == 1
    assert lit_text(1) == "The piece that acts is ringed on the board."
    assert lit_text(3) == "The 3 pieces that act are ringed on the board."
