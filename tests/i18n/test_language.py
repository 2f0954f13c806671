"""Choosing the language: what the system asks for, what a player types, and switching while running."""

from __future__ import annotations

import pytest

from hwgame import i18n
from hwgame.i18n import _, current_language, normalize_language, set_language, system_language


@pytest.mark.parametrize(
    ("text", "code"),
    [("en", "en"), ("en_GB.UTF-8", "en"), ("ja", "ja"), ("ja_JP.UTF-8", "ja"), ("JA-jp", "ja"),
     ("zh-Hant", "zh-Hant"), ("zh_TW.Big5", "zh-Hant"), ("zh_HK", "zh-Hant"), ("zh_Hant_TW", "zh-Hant"),
     ("fr_FR.UTF-8", None), ("C", None), ("POSIX", None), ("", None), (None, None)],
)
def test_language_names_are_read_in_every_usual_spelling(text, code):
    assert normalize_language(text) == code


def test_the_system_language_follows_the_locale_variables(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert system_language() == "ja"
    monkeypatch.setenv("LANGUAGE", "fr:zh_TW:en")
    assert system_language() == "zh-Hant"  # the first language of the list the game has
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert system_language() == "en"  # LC_ALL decides; German is not offered, so English


def test_switching_language_translates_the_next_lookup_and_tells_listeners():
    heard = []
    i18n.on_change(heard.append)
    assert current_language() == "en"
    assert set_language("ja_JP") == "ja"
    assert current_language() == "ja"
    assert _("Settings") != "Settings"  # the Japanese catalog has the screen's name
    assert set_language("klingon") == "en"
    assert _("Settings") == "Settings"
    assert heard[-2:] == ["ja", "en"]


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
def test_a_damaged_catalog_falls_back_to_english_rather_than_failing(code, tmp_path, monkeypatch):
    broken = tmp_path / "hwgame.mo"
    broken.write_bytes(b"\x00not a catalog")
    monkeypatch.setattr(i18n, "catalog_path", lambda _code: broken)
    monkeypatch.setattr(i18n, "_cache", {})
    set_language(code)
    assert _("Settings") == "Settings"


@pytest.mark.parametrize(("code", "words"), [("ja", ("使い方", "エラー")), ("zh-Hant", ("用法", "錯誤")),
                                              ("en", ("usage", "error"))])
def test_the_command_lines_own_messages_speak_the_language(code, words, capsys):
    from hwgame.__main__ import main

    with pytest.raises(SystemExit) as stop:
        main(["--lang", code, "--level", "impossible"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert all(word in err for word in words), err
    assert "impossible" in err
