"""Line breaking: English at spaces; Japanese and Chinese between characters, never before a closing
mark or after an opening one; Latin words inside CJK text kept whole."""

from __future__ import annotations

from hwgame.i18n.linebreak import NO_LINE_END, NO_LINE_START, wrap


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
    from hwgame.i18n.linebreak import close_spaces, units

    assert close_spaces("玩家 的母星") == "玩家的母星"  # a CJK name in a sentence written for Latin ones
    assert close_spaces("電腦 在你之後建立") == "電腦在你之後建立"
    assert close_spaces("Vega 的母星") == "Vega 的母星"
    assert close_spaces("赤 1を") == "赤 1を"
    assert "".join(p for p, _ in units("玩家 的母星")) == "玩家的母星"


def test_a_bullet_stays_with_its_entry_and_a_piece_keeps_its_size():
    from hwgame.i18n.linebreak import units

    pieces = [p for p, _ in units("• 赤 1をSolで建造")]
    assert pieces[0] == "• 赤 1"  # no bullet alone, no colour without its size
    assert "Sol" in pieces  # a Latin name stays whole
