"""Line breaking: English at spaces; Japanese and Chinese between characters, never before a closing
mark or after an opening one; Latin words inside CJK text kept whole; in Japanese and Chinese the
words of the game, a number and its counter, a sentence's last kana and a key's name kept together."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from hwgame.i18n.linebreak import GLOSSARY_WORDS, NO_LINE_END, NO_LINE_START, bad_break, units, wrap

GLOSSARY = Path(__file__).resolve().parents[2] / "hwgame" / "locale" / "GLOSSARY.md"


def test_english_breaks_only_at_spaces():
    assert wrap("Build a ship at Sol, now please", 10, len) == ["Build a", "ship at", "Sol, now", "please"]
    assert wrap("one\n\ntwo", 10, len) == ["one", "", "two"]


def test_a_word_wider_than_the_line_stands_alone():
    assert wrap("a Supercalifragilistic b", 6, len) == ["a", "Supercalifragilistic", "b"]


def test_a_word_wider_than_the_line_is_cut_where_the_window_asks():
    assert wrap("a Supercalifragilistic b", 6, len, cut=True) == ["a", "Superc", "alifra", "gilist", "ic b"]
    name = "Dsheldon_the_patient_one_of_forty_chars2"
    lines = wrap(f"{name} wins.", 16, len, cut=True)
    assert "".join(lines).replace(" ", "") == f"{name}wins." and all(len(line) <= 16 for line in lines)
    assert wrap("x" * 2000, 7, len, cut=True)[-1] == "x" * (2000 % 7)


def test_japanese_breaks_between_characters_but_not_before_closing_marks():
    text = "あなたの母星「Sol」に、船を1隻作りましょう。緑の力は建造です。"
    for width in range(3, 20):
        lines = wrap(text, width, len)
        assert "".join(lines) == text  # nothing lost, no spaces added
        for line in lines:
            assert line[0] not in NO_LINE_START, (width, lines)
            assert line[-1] not in NO_LINE_END, (width, lines)
            assert len(line) <= max(width, len("「Sol」"))  # only a piece glued to its marks is wider
        assert all("Sol" in line for line in lines if "S" in line)  # the name is never split


def test_chinese_wraps_with_full_width_punctuation():
    text = "犧牲一艘船，就能用它的顏色行動；這艘船回到銀行。"
    lines = wrap(text, 8, len)
    assert "".join(lines) == text
    assert all(line[0] not in "，；。" for line in lines)
    assert max(len(line) for line in lines) <= 8


def test_mixed_text_keeps_the_space_around_latin_words():
    lines = wrap("移動 Alpha から Beta へ", 100, len)
    assert lines == ["移動 Alpha から Beta へ"]


def test_a_piece_name_is_never_split_from_its_size():
    for text in ("あなたは緑 1をSolに建造しました。", "你在 Sol 建造了綠色 1。"):
        for width in range(2, len(text)):
            lines = wrap(text, width, len)
            assert not any(line.startswith(("1", " 1")) for line in lines), (width, lines)


def test_no_gap_between_two_cjk_characters_but_latin_names_stand_apart():
    from hwgame.i18n.linebreak import close_spaces

    assert close_spaces("玩家 的母星") == "玩家的母星"  # a CJK name in a sentence written for Latin ones
    assert close_spaces("電腦 在你之後建立") == "電腦在你之後建立"
    assert close_spaces("Vega 的母星") == "Vega 的母星"
    assert close_spaces("赤 1を") == "赤 1を"
    assert "".join(p for p, _ in units("玩家 的母星")) == "玩家的母星"


def test_a_bullet_stays_with_its_entry_and_a_piece_keeps_its_size():
    pieces = [p for p, _ in units("• 赤 1をSolで建造")]
    assert pieces[0] == "• 赤 1を"  # no bullet alone, no colour without its size (nor its particle)
    assert "Solで" in pieces  # a Latin name stays whole
    assert [p for p, _ in units("• 赤 1をSolで建造", words=False)][:3] == ["• 赤 1", "を", "Sol"]


def glossary_terms(markdown: str) -> set[str]:
    """The words of the glossary's table in Japanese and Chinese: each run of two CJK characters or
    more in their columns, a phrase cut at its possessive (あなたのホームワールド, 電腦的母星)."""
    terms: set[str] = set()
    rows = [line for line in markdown.splitlines() if line.startswith("|")][2:]  # after the head and rule
    for row in rows:
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        for cell in cells[1:3]:
            for run in re.findall(r"[\u3041-\u30ff\u3400-\u9fff\uf900-\ufaff\u3005]+", cell):
                terms.update(word for word in re.split("[の的]", run) if len(word) >= 2)
    return terms


def test_the_words_of_the_game_are_the_glossarys():
    terms = glossary_terms(GLOSSARY.read_text(encoding="utf-8"))
    assert terms == GLOSSARY_WORDS, (
        f"GLOSSARY_WORDS in hwgame/i18n/linebreak.py lacks {sorted(terms - GLOSSARY_WORDS)} "
        f"and has {sorted(GLOSSARY_WORDS - terms)} that the glossary does not"
    )


def lines_at_every_width(text: str):
    """``text`` wrapped at each width from its widest unit (narrower, a unit must break) to its whole
    length, checked for what always holds: nothing lost, no space added, no closing mark first, no
    opening mark last."""
    for width in range(max(len(piece) for piece, _ in units(text)), len(text) + 1):
        for cut in (False, True):
            lines = wrap(text, width, len, cut=cut)
            assert "".join(lines).replace(" ", "") == text.replace(" ", ""), (width, lines)
            assert "".join(lines).count(" ") <= text.count(" "), (width, lines)
            assert all(line[:1] not in NO_LINE_START and line[-1:] not in NO_LINE_END for line in lines), lines
            yield width, lines


# What a native reader found broken, each with the words that must stay on one line (JL2, JL5, ZL1).
WORDS_KEPT = [
    ("コストを払うか、（または犠牲）にします。", ["犠牲"]),
    ("Vegaが大災害で（赤 2の恒星）を失いました。", ["赤 2の", "恒星", "大災害"]),
    ("コンピューターのホームワールドの黄の恒星です。", ["コンピューター", "ホームワールド", "恒星"]),
    ("この手を指した後の勝率：69%。", ["勝率", "69%"]),
    ("あなたはSolで緑 1を建造し、青 3と交易。", ["緑 1", "建造", "交易"]),
    ("手番のプレイヤーがゲームメニュー（Esc）から申し出ることができます。", ["ゲームメニュー", "（Esc）"]),
    ("あなたは投了しました。コンピューターの勝ち。", ["投了", "勝ち", "コンピューター"]),
    ("Vega 的母星已沒有自己的飛船，而且被敵方佔領。", ["母星", "飛船", "敵方"]),
    ("用紅色 2 當飛船，再引發災變（移動）。", ["紅色 2", "飛船", "災變", "移動"]),
    ("點選你要的棋子，拖到星系上；大小相同、不同顏色。", ["點選", "棋子", "星系", "大小", "相同", "顏色"]),
]


@pytest.mark.parametrize(("text", "words"), WORDS_KEPT)
def test_a_word_of_the_game_stays_on_one_line(text, words):
    for width, lines in lines_at_every_width(text):
        for word in words:
            assert any(word in line for line in lines), (width, word, lines)


# A number and its counter, and a size word and its number (JL3).
NUMBERS_KEPT = [
    ("2つの恒星は大きさを変えることができます。", ["2つ"]),
    ("左右：アクション1つ、またはアクション2つ", ["1つ", "2つ"]),
    ("Solで赤 1を犠牲に、移動のアクション1回", ["1回"]),
    ("大きさは3種類（小型 1、中型 2、大型 3）です。", ["小型 1", "中型 2", "大型 3"]),
    ("在 Alpha 犧牲綠色 2：2 次建造行動", ["2 次", "綠色 2"]),
    ("第 20 回合，電腦只有一艘飛船。", ["第 20 回合", "一艘"]),
]


@pytest.mark.parametrize(("text", "numbers"), NUMBERS_KEPT)
def test_a_number_stays_with_its_counter(text, numbers):
    for width, lines in lines_at_every_width(text):
        for number in numbers:
            assert any(number in line for line in lines), (width, number, lines)


@pytest.mark.parametrize("text", [
    "ルールは以上です。相手が何をしても勝てる手はありません。",
    "過密を残したままにすると、あとの手番で大災害を起こせます。",
    "星系は大きさの違う恒星でつながります。",
    "駒をクリックして選びます",
    "這一步讓你贏了。電腦還能反擊嗎？",
])
def test_no_line_holds_only_the_end_of_a_sentence(text):
    for width, lines in lines_at_every_width(text):
        for line in lines[1:]:
            assert not re.match(r"[\u3041-\u3096]{1,2}[。！？]", line), (width, lines)
            assert not re.match(r"[\u4e00-\u9fff][。！？]", line), (width, lines)
        assert not re.fullmatch(r"[\u3041-\u3096]{1,2}", lines[-1]) or len(lines) == 1, (width, lines)


def test_a_keys_name_stays_whole():
    for text in ("↑キー、↓キー、Page Up、Page Down", "↑↓鍵、Page Up、Page Down、Home、End",
                 "Scroll with Page Up and Page Down"):
        for width, lines in lines_at_every_width(text):
            assert all(re.search(r"Page$", line) is None for line in lines), (width, lines)


def test_a_word_wider_than_the_line_breaks_where_its_weakest_rule_holds():
    # The particle leaves its word first, then the sentence's end, then the word breaks at last.
    assert wrap("しっかりしたホームワールドです。", 8, len) == ["しっかりした", "ホームワールド", "です。"]
    assert wrap("ホームワールドを", 7, len) == ["ホームワールド", "を"]
    assert wrap("ホームワールド", 4, len) == ["ホーム", "ワールド"]  # as the marks allow: ー stays
    assert wrap("ホームワールド", 4, len, cut=True) == ["ホーム", "ワールド"]
    assert wrap("a Page Down b", 6, len, cut=True) == ["a Page", "Down b"]  # the name wider than a line


def test_the_audit_of_a_break_finds_what_a_reader_would():
    assert bad_break("（または犠", "牲）") and bad_break("コンピューターのホームワー", "ルド")
    assert bad_break("アクション2", "つ") and bad_break("綠色 2：2", "次建造行動")
    assert bad_break("（小型 1、中型", "2）")
    assert bad_break("ゲームメ", "ニュー（Esc）") and bad_break("Page Up、Page", "Down")
    assert bad_break("起こせま", "す。次に") and bad_break("ありませ", "ん", end=True)
    assert not bad_break("（または", "犠牲）") and not bad_break("アクション", "2つ")
    assert not bad_break("起こ", "せます。")
    assert not bad_break("Build a green", "ship") and not bad_break("ありませ", "ん、それでも")

    from hwgame.app.view.theme import TextAudit

    audit = TextAudit()
    audit.wrapped("（または犠牲）", ["（または犠", "牲）"])
    audit.wrapped("犠牲にします。", ["犠牲にしま", "す。"])
    audit.wrapped("2つの恒星", ["2つの", "恒星"])
    assert sorted(audit.broken) == ["犠牲にします。", "（または犠牲）"], audit.broken


def test_breaking_a_long_text_takes_time_in_proportion_to_its_length():
    sentence = "コンピューターのホームワールドで緑 1を建造しました。Vega 的母星已沒有飛船，第 20 回合 Page Down。"

    def seconds(text: str) -> float:
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            wrap(text, 30, len, cut=True)
            best = min(best, time.perf_counter() - start)
        return best

    short, long = sentence * 20, sentence * 400  # a text twenty times longer
    assert seconds(long) < 100 * seconds(short)  # 20 when linear; 400 if it were quadratic
