"""The catalogs: every marked English sentence translated into Japanese and Traditional Chinese, with its
placeholders, in the language's own script, and drawable by the fonts the game ships."""

from __future__ import annotations

import re

import pytest

from hwgame.i18n import LOCALE_DIRS, catalogs

TRANSLATED = [code for code in LOCALE_DIRS if code != "en"]
KANA = re.compile(r"[\u3040-\u30ff]")
HAN = re.compile(r"[\u3400-\u9fff]")
LETTERS = re.compile(r"[A-Za-z]{3,}")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def entries(code: str):
    """(English, translation) pairs of a language's catalog, plural forms flattened."""
    out = []
    for msg in catalogs.read_po(catalogs.po_path(code), catalogs.babel_locale(code)):
        if not msg.id:
            continue
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        out += [(ids[min(i, len(ids) - 1)], s) for i, s in enumerate(strings)]
    return out


@pytest.mark.slow
def test_the_catalogs_are_complete_current_and_compiled():
    found = catalogs.problems()
    assert not found, f"{len(found)} problems, the first ones:\n" + "\n".join(found[:25])


@pytest.mark.parametrize("code", TRANSLATED)
def test_sentences_are_written_in_the_language_not_left_in_english(code):
    left = [english for english, text in entries(code)
            if text and len(LETTERS.findall(PLACEHOLDER.sub("", english))) >= 2
            and not HAN.search(text) and not KANA.search(text)]
    assert not left[:1], f"{len(left)} entries with no {code} text, e.g. {left[:5]}"


def test_japanese_is_japanese_and_chinese_is_traditional_chinese():
    japanese = [text for _, text in entries("ja") if HAN.search(text) or KANA.search(text)]
    with_kana = sum(1 for text in japanese if KANA.search(text))
    assert with_kana >= 0.8 * len(japanese)  # Japanese sentences are written with kana, not kanji alone
    chinese = [text for _, text in entries("zh-Hant") if HAN.search(text)]
    assert not [t for t in chinese if KANA.search(t)][:1]
    # Simplified-only characters are not in Big5, the Traditional Chinese character set.
    simplified = {c for text in chinese for c in HAN.findall(text) if not _in_big5(c)}
    assert not simplified, f"characters outside Traditional Chinese: {''.join(sorted(simplified))}"


def _in_big5(char: str) -> bool:
    try:
        char.encode("big5")
    except UnicodeEncodeError:
        return False
    return True


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_game_terms_are_the_seeds_terms(code):
    """The powers and the big words are translated one way throughout (the rule texts' words)."""
    terms = {"ja": {"sacrifice": "犠牲", "catastrophe": "大災害", "homeworld": "ホームワールド"},
             "zh-Hant": {"sacrifice": "犧牲", "catastrophe": "災變", "homeworld": "母星"}}[code]
    for english, word in terms.items():
        hits = [text for en, text in entries(code) if re.search(rf"\b{english}\b", en, re.I) and text]
        if hits:
            used = sum(1 for text in hits if word in text)
            assert used >= 0.7 * len(hits), (english, word, [t for t in hits if word not in t][:5])
