"""Every catalog string draws with the fonts the game ships: no character shows as a box (tofu),
whatever fonts the player's system has."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hwgame.app.view import fonts  # noqa: E402
from hwgame.app.view.assets import find_asset  # noqa: E402
from hwgame.i18n import LOCALE_DIRS, catalogs  # noqa: E402

from .test_catalogs import entries  # noqa: E402


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    yield


def test_the_cjk_fonts_ship_with_their_licence():
    for name in fonts.SHIPPED.values():
        assert find_asset("fonts", name) is not None, name
    licence = find_asset("fonts", "OFL.txt")
    assert licence is not None
    text = licence.read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text and "Adobe" in text


@pytest.mark.slow
@pytest.mark.parametrize("code", list(LOCALE_DIRS))
def test_every_catalog_string_draws_without_boxes(code):
    texts = [english for english, _ in entries("ja")] if code == "en" else [t for _, t in entries(code) if t]
    assert texts, "an empty catalog proves nothing"
    missing = {}
    for text in texts:
        lost = fonts.missing_characters(text, code)  # the shipped fonts only
        if lost:
            missing[text[:40]] = "".join(sorted(lost))
    assert not missing, f"{len(missing)} strings with characters no shipped font has: {list(missing.items())[:8]}"


def test_names_in_any_of_the_three_scripts_draw():
    # Common name characters beyond the catalogs: kana, frequent kanji and hanzi, accented Latin.
    for name in ("さくら", "タロウ", "織女", "渡辺", "髙橋", "陳美玲", "張偉", "Ærø", "Łódź", "Dy/dx"):
        assert not fonts.missing_characters(name, "en"), name


def test_the_finished_lesson_mark_and_the_arrows_draw():
    for code in LOCALE_DIRS:
        assert not fonts.missing_characters("✓←→…·—", code)


def test_a_character_no_font_has_is_reported():
    assert fonts.missing_characters("\U0001F47E", "ja") == {"\U0001F47E"}  # an emoji: not shipped


def test_the_template_is_not_empty():
    assert len(list(catalogs.read_po(catalogs.TEMPLATE))) > 300


def test_a_character_outside_the_subsets_is_drawn_by_a_system_cjk_font_when_there_is_one():
    rare = "龘"  # outside JIS X 0208 and Big5's common characters: not in the shipped subsets
    assert fonts.missing_characters(rare, "ja") == {rare}
    system = fonts.system_faces()
    if not system or not fonts.has_glyph(system[0], rare):
        pytest.skip("no system CJK font with that character on this machine")
    font = fonts.ChainFont(20, language="ja")
    runs = font.runs(f"Sol {rare}")
    assert font.faces[runs[-1][0]] == system[0] and runs[-1][1] == rare
    assert not fonts.missing_characters(rare, "ja", with_system=True)
    assert font.render(f"Sol {rare}", True, (255, 255, 255)).get_width() > font.size("Sol ")[0]
