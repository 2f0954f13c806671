"""The quick reference: every topic a player looks up is there, in order, with its facts."""

from __future__ import annotations

import pytest

from hwgame.rules import BLUE, GREEN, RED, YELLOW
from hwgame.tutorial.reference import FULL_RULES, SECTIONS, as_text, full_rules_text, section_named


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


# --- the rules on screen say what the rule book (RULES.md) says ---


def _full() -> str:
    return full_rules_text()


def _paragraph(head: str) -> str:
    found = [p for p in _full().split("\n\n") if p.startswith(head)]
    assert found, f"the rules page has no {head!r} paragraph"
    return found[0]


def test_only_non_home_systems_vanish_when_emptied_and_a_homeworld_is_lost_at_the_end_of_a_turn():
    for text in (_paragraph("SYSTEMS THAT VANISH"), " ".join(section_named("Systems that vanish").lines)):
        assert "not a homeworld" in text
        assert "until the end of the turn" in text
    # No sentence anywhere says that every system without ships disappears.
    everything = _full() + as_text()
    assert "Systems left without ships" not in everything
    for sentence in everything.replace("\n", " ").split(". "):
        if "no ship" in sentence and ("vanish" in sentence or "disappear" in sentence):
            assert "not a homeworld" in sentence, sentence
    goal = _paragraph("GOAL")
    assert "At the end of every turn" in goal and "has lost" in goal


def test_a_homeworld_counts_both_star_sizes():
    assert "a homeworld counts both of its sizes" in _paragraph("THE MAP")
    assert "A homeworld counts both of its star sizes." in section_named("Connections").lines


def test_the_three_wins_star_demolition_included():
    win = _paragraph("WINNING")
    for way in ("Direct assault", "Fleet catastrophe", "Star demolition"):
        assert way in win
    assert "both stars" in win


def test_setup_and_who_moves_first():
    for text in (_paragraph("SETUP"), " ".join(section_named("Setup").lines)):
        assert "first player" in text and "second" in text
        assert "two stars and one ship" in text
        assert "first player takes the first turn" in text


def test_draws_on_the_rules_page():
    draws = _paragraph("DRAWS")
    assert "Both players losing" in draws and "third time" in draws and "agree" in draws
    assert "draw" in _paragraph("GOAL")


def test_a_catastrophe_is_optional_free_and_open_to_either_player():
    for text in (_paragraph("CATASTROPHE"), " ".join(section_named("Catastrophe").lines)):
        assert "optional" in text or "never forced" in text
        assert "free" in text or "no action" in text
        assert "either player" in text
        assert "no ship" in text


def test_the_quick_reference_says_what_a_capture_and_a_trade_keep():
    rows = {row.cells[1]: row.cells[2] for row in section_named("The four powers").rows}
    assert "keeps its size and colour" in rows["Capture"]
    assert "keeps its place and owner" in rows["Trade"]
    turn = _paragraph("A TURN")
    assert "same size and colour" in turn and "keeps its place and its owner" in turn


def test_sacrifice_and_passing_as_the_rule_book_words_them():
    sac = _paragraph("SACRIFICE")
    assert "fewer" in sac and "a ship of the colour you build" in sac
    assert "pass" in _paragraph("END TURN")


def test_every_text_on_both_pages_is_marked_for_translation():
    from hwgame.i18n.catalogs import TEMPLATE, read_po

    ids = {m.id for m in read_po(TEMPLATE) if m.id}
    texts = [line for block in FULL_RULES for line in block]
    for section in SECTIONS:
        texts += [section.title, *section.lines, *section.header]
        texts += [cell for row in section.rows for cell in row.cells]
    missing = [t for t in texts if t not in ids]
    assert not missing, f"not in the catalog template (run the extract command): {missing[:3]}"


def test_the_pages_are_worded_in_the_language_in_force(monkeypatch):
    import hwgame.tutorial.reference as ref

    monkeypatch.setattr(ref, "_", lambda text: text.upper())
    assert ref.full_rules_text() == ref.full_rules_text().upper()
    assert "THE ACTING SHIP IS ALWAYS YOURS" in ref.as_text()
