"""Words that read as a person wrote them: the seeds' terms, one word for one thing, homeworlds worded
as homeworlds, and the sentences players found stiff, in Japanese and Traditional Chinese."""

from __future__ import annotations

import pytest

from hwgame import i18n
from hwgame.rules import parse_turn
from hwgame.words import Voice, narrate_turn, refusal_text

from .test_catalogs import entries


@pytest.fixture
def speak():
    def use(code: str) -> None:
        i18n.set_language(code)

    yield use
    i18n.set_language("en")


@pytest.mark.parametrize(("code", "avoided"), [
    ("zh-Hant", "過度集中"),  # the seeds say 人口過剩
    ("zh-Hant", "點擊"),  # Taiwan says 點選
    ("zh-Hant", "失著"),  # one word for a blunder: 失誤
    ("ja", "CPU"),  # コンピューター, as everywhere else
    ("ja", "勝ち逃し"),  # 勝ちの見逃し
])
def test_one_word_for_one_thing(code, avoided):
    used = [english for english, text in entries(code) if avoided in text]
    assert not used, f"{avoided} in {len(used)} entries, such as {used[:3]}"


def test_a_turn_at_a_homeworld_named_after_a_player_reads_as_a_sentence(speak):
    against = Voice(("Player", "Computer"), you=0, computer=1)
    speak("ja")
    assert narrate_turn(parse_turn("build g1 Computer"), 1, against) == (
        "コンピューターは自分のホームワールドで緑 1を建造しました。"
    )
    speak("zh-Hant")
    assert narrate_turn(parse_turn("build g1 Computer"), 1, against) == "電腦在自己的母星建造了綠色 1。"
    from hwgame.rules import Refusal

    apart = Refusal("not-connected", {"origin": "Player", "destination": "Computer"})
    assert refusal_text(apart, voice=against).startswith("你的母星和電腦的母星不相連")


def test_the_sentences_players_found_stiff_are_reworded(speak):
    from hwgame.tutorial import lesson_by_id
    from hwgame.tutorial.runner import solution_words

    homeworld_step = lesson_by_id("good-homeworld").steps[0]
    speak("ja")
    assert i18n._("Your turn: {play} Play it on the board.").startswith("今度はあなたの番です。")
    assert solution_words(homeworld_step, ("Sol", "Vega")) == (
        "青 1と赤 3を恒星に、緑 3を艦船にしてホームワールドを作ります。")
    trade = i18n._("Your small blue ship can trade itself.")
    assert trade == "青 1は自分の青の能力で、自分自身を別の色と交易できます。"
    speak("zh-Hant")
    assert solution_words(homeworld_step, ("Sol", "Vega")) == "你用藍色 1 和紅色 3 當恆星、綠色 3 當飛船，建立母星。"
    assert i18n._("The moves must come from a sacrifice.") == "這裡只能靠犧牲取得移動能力。"
    from hwgame.__main__ import build_parser

    speak("ja")
    assert "ゲームのバージョンを表示して終了する" in build_parser().format_help()  # --version, not English
