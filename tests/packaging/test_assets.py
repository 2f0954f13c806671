"""Finding the game's files from the source tree, an installed copy and the single-file build."""

from __future__ import annotations

import shutil
import struct
import sys
from pathlib import Path

import pygame
import pytest

from hwgame.app.view import assets

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def no_bundle(monkeypatch):
    """Run as from source even if the tests themselves were ever started from a build."""
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)


@pytest.fixture
def fake_bundle(tmp_path, monkeypatch):
    """A folder laid out as the single-file build unpacks itself, set as ``sys._MEIPASS``."""
    bundle = tmp_path / "_MEI123"
    shutil.copytree(REPO / "assets", bundle / "assets")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    return bundle


def test_from_source_the_assets_folder_of_the_repository_is_used(no_bundle):
    assert assets.asset_dir() == REPO / "assets"
    assert assets.asset_path("icon.png") == REPO / "assets" / "icon.png"
    names = [p.name for p in assets.list_assets()]
    assert "icon.png" in names and "icon.ico" in names
    assert ".gitkeep" not in names


def test_a_build_finds_its_own_copy_first(fake_bundle):
    assert assets.asset_dir() == fake_bundle / "assets"
    assert assets.find_asset("icon.png") == fake_bundle / "assets" / "icon.png"
    assert all(p.is_relative_to(fake_bundle) for p in assets.list_assets())


def test_a_build_without_assets_falls_back_to_the_next_place(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "empty"), raising=False)
    assert assets.asset_dir() == REPO / "assets"


def test_an_installed_copy_looks_in_the_prefix(tmp_path, monkeypatch, no_bundle):
    installed = tmp_path / "prefix"
    (installed / "share" / "hwgame" / "assets").mkdir(parents=True)
    shutil.copy(REPO / "assets" / "icon.png", installed / "share" / "hwgame" / "assets")
    monkeypatch.setattr(sys, "prefix", str(installed))
    assert (installed / "share" / "hwgame" / "assets") in assets.candidate_dirs()


def test_a_missing_file_is_one_line_naming_it(no_bundle):
    assert assets.find_asset("nothing.png") is None
    with pytest.raises(assets.AssetError) as caught:
        assets.asset_path("fonts", "nothing.ttf")
    message = str(caught.value)
    assert "fonts/nothing.ttf" in message and "\n" not in message


def test_no_assets_anywhere_gives_empty_answers(monkeypatch):
    monkeypatch.setattr(assets, "candidate_dirs", lambda: [])
    assert assets.asset_dir() is None
    assert assets.list_assets() == [] and assets.bundled_fonts() == []
    assert assets.find_asset("icon.png") is None


def test_the_icon_loads_and_the_ico_holds_every_size(no_bundle):
    icon = assets.load_image("icon.png")
    assert icon.get_size() == (256, 256)
    data = assets.asset_path("icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    sides = {data[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sides


def test_the_text_font_is_pygames_default_and_renders(no_bundle):
    pygame.font.init()
    assert assets.default_font_file().is_file()
    assert assets.ui_font(24).size("Homeworlds")[0] > 20


def test_the_text_font_falls_back_to_a_bundled_font(tmp_path, monkeypatch):
    pygame.font.init()
    bundle = tmp_path / "bundle"
    shutil.copytree(REPO / "assets", bundle / "assets")
    (bundle / "assets" / "fonts").mkdir(exist_ok=True)
    shutil.copy(assets.default_font_file(), bundle / "assets" / "fonts" / "Spare.ttf")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.setattr(assets, "default_font_file", lambda: tmp_path / "gone.ttf")
    # Scaled as pygame scales its default font, so text keeps the size the layout expects.
    expected = pygame.font.Font(None, 40).get_height()
    assert abs(assets.ui_font(40).get_height() - expected) <= 1


def test_without_any_font_the_error_says_so(monkeypatch, no_bundle):
    pygame.font.init()
    monkeypatch.setattr(assets, "default_font_file", lambda: Path("/nowhere/freesansbold.ttf"))
    monkeypatch.setattr(assets, "bundled_fonts", lambda: [])
    with pytest.raises(assets.AssetError, match="no font found"):
        assets.ui_font(20)


def test_a_missing_icon_leaves_the_window_plain(monkeypatch):
    pygame.display.init()
    monkeypatch.setattr(assets, "candidate_dirs", lambda: [])
    assert assets.set_window_icon() is False


def test_the_icon_script_draws_both_files(tmp_path):
    from hwgame.app.tools import make_icon

    png, ico = make_icon.write_icons(tmp_path)
    assert pygame.image.load(str(png)).get_size() == (256, 256)
    assert struct.unpack("<HHH", ico.read_bytes()[:6]) == (0, 1, len(make_icon.ICO_SIZES))
