"""The quick reference: every topic a player looks up is there, in order, with its facts."""

from __future__ import annotations

import pytest

from hwgame.rules import BLUE, GREEN, RED, YELLOW
from hwgame.tutorial.reference import SECTIONS, as_text, section_named


def test_every_topic_is_covered():
    titles = [s.title for s in SECTIONS]
    for topic in ("The four powers", "Access", "Sacrifice", "Catastrophe", "Connections", "How to win", "Draws"):
        assert topic in titles
    for section in SECTIONS:
        assert section.lines and all(line.endswith(".") for line in section.lines)
        for row in section.rows:
            assert len(row.cells) == len(section.header)


def test_powers_and_their_colours():
    powers = section_named("the four powers")
    assert {row.color for row in powers.rows} == {RED, YELLOW, GREEN, BLUE}
    names = {row.color: row.cells[1] for row in powers.rows}
    assert names == {RED: "Capture", YELLOW: "Move", GREEN: "Build", BLUE: "Trade"}


def test_sacrifice_counts_and_the_three_wins():
    assert [row.cells[1] for row in section_named("Sacrifice").rows] == ["1 action", "2 actions", "3 actions"]
    wins = [row.cells[0] for row in section_named("How to win").rows]
    assert wins == ["Direct assault", "Fleet catastrophe", "Star demolition"]
    assert "share no star size" in " ".join(section_named("Connections").lines)
    assert "never" in " ".join(section_named("Access").lines).lower()


def test_plain_text_and_lookup():
    text = as_text()
    assert text.startswith("PIECES AND THE BANK")
    assert "Yellow | Move" in text
    with pytest.raises(KeyError):
        section_named("Chess")
