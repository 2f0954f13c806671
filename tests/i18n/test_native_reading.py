"""What a native reader of Japanese and Traditional Chinese found wrong in the words, kept from coming
back at its cause: a sentence names its subject once (its own homeworld is 自分の / 自己的), a turn
told as played is in the past and one that could be played is not, no action is left hanging on a
particle, the side panel's line is one sentence, Chinese spaces Han apart from Latin letters and
figures (and only from them), sentences follow one another without a space, and one thing has one
word across the screens."""

from __future__ import annotations

import re

import pytest

from hwgame import i18n
from hwgame.rules import Game, parse_turn
from hwgame.words import POSSIBLE, Voice, describe_action, describe_turn, narrate_turn, turn_left

from .test_catalogs import entries

# Turns of every kind, at both homeworlds and elsewhere: "Ann" and "Computer" are homeworlds named
# after their players.
TURNS = [
    "build g1 Computer",
    "build g1 Ann",
    "build g1 Computer; build b1 Computer",
    "move g1 Computer Alpha",
    "move g1 Alpha Computer; move b1 Alpha Computer",
    "attack r2 Computer",
    "attack r2 Ann; attack y1 Ann",
    "trade g1 b1 Computer",
    "discover g1 Computer b3 Gamma",
    "sacrifice y2 Computer; move g1 Computer Alpha",
    "sacrifice r3 Computer; attack g1 Ann; attack b2 Ann; attack y1 Ann",
    "sacrifice g2 Ann; build g1 Ann; catastrophe Ann g",
    "catastrophe Computer b",
    "homeworld y1 b2 g3",
    "pass",
]
AGAINST = Voice(("Ann", "Computer"), you=0, computer=1)
HOTSEAT = Voice(("Ann", "Computer"))
# How each language would name the homeworld of "you" and of "the computer" by its owner.
SUBJECTS = {
    "ja": {"you": "あなたのホームワールド", "computer": "コンピューターのホームワールド"},
    "zh-Hant": {"you": "你的母星", "computer": "電腦的母星"},
}
HAN = "\u3400-\u9fff"


@pytest.fixture
def speak():
    def use(code: str) -> None:
        i18n.set_language(code)

    yield use
    i18n.set_language("en")


def _told(voice: Voice, player: int, mood: str) -> list[str]:
    return [narrate_turn(parse_turn(text), player, voice, mood) for text in TURNS]


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
def test_no_sentence_names_its_subjects_homeworld_by_the_subject(speak, code):
    speak(code)
    words = SUBJECTS[code]
    for mood in ("played", POSSIBLE):
        for told in _told(AGAINST, 0, mood):
            assert words["you"] not in told, told  # あなたは自分のホームワールドで…
        for told in _told(AGAINST, 1, mood):
            assert words["computer"] not in told, told  # コンピューターは自分のホームワールドで…
        for told in _told(HOTSEAT, 1, mood):  # a player by name: Computerは自分の…, not Computerの…
            assert "Computerのホームワールド" not in told and "Computer 的母星" not in told, told
    # The subject's homeworld is its own; the other's keeps its owner.
    assert "自" in narrate_turn(parse_turn("build g1 Computer"), 1, AGAINST)
    assert words["you"] in narrate_turn(parse_turn("attack r2 Ann"), 1, AGAINST)


def test_english_says_whose_homeworld_once():
    build = parse_turn("build g1 Computer")
    assert narrate_turn(build, 1, AGAINST) == "The computer builds a green 1 at its homeworld."
    assert narrate_turn(build, 1, HOTSEAT) == "Computer builds a green 1 at their homeworld."
    assert narrate_turn(parse_turn("build g1 Ann"), 0, AGAINST) == "You build a green 1 at your homeworld."
    assert narrate_turn(parse_turn("build g1 Ann"), 1, AGAINST) == "The computer builds a green 1 at your homeworld."


def test_japanese_tells_a_played_turn_in_the_past_and_leaves_no_action_hanging(speak):
    speak("ja")
    for told in _told(AGAINST, 1, "played") + _told(HOTSEAT, 0, "played"):
        assert told.endswith("ました。"), told
        assert not re.search("犠牲に[、。]", told), told  # 「犠牲に、」「犠牲に。」
        assert not re.search("(建造|移動|捕獲|交易|発見|パス)[、。]", told), told  # a bare noun for a verb
    for told in _told(AGAINST, 0, POSSIBLE):
        assert told.endswith("ます。") and not told.endswith("ました。"), told
    sacrifice = narrate_turn(parse_turn("sacrifice y1 Alpha; move y1 Alpha Beta"), 0, AGAINST)
    assert sacrifice == "あなたはAlphaで黄 1を犠牲にし、黄 1をAlphaからBetaへ移動しました。"
    home = narrate_turn(parse_turn("homeworld r1 y2 b3"), 1, Voice(("Sol", "Vega"), you=0))
    assert home == "Vegaは赤 1と黄 2を恒星に、青 3を艦船にしてホームワールドを作りました。"
    assert describe_action(parse_turn("sacrifice r1 Sol")[0]).endswith("得る")  # a caption's verb, not 「犠牲に：」


def test_chinese_tells_a_played_turn_as_done(speak):
    speak("zh-Hant")
    assert narrate_turn(parse_turn("build g1 Computer"), 1, AGAINST) == "電腦在自己的母星建造了綠色 1。"
    assert narrate_turn(parse_turn("build g1 Ann"), 0, AGAINST, POSSIBLE) == "你在自己的母星建造綠色 1。"


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
def test_the_tutorial_tells_a_played_turn_in_the_past_and_a_turn_to_play_as_one(speak, code):
    speak(code)
    played = describe_turn(parse_turn("homeworld r1 y2 b3"), "Vega", ("Sol", "Vega"), "played")
    to_play = describe_turn(parse_turn("homeworld r1 y2 b3"), "Vega", ("Sol", "Vega"))
    assert played != to_play
    if code == "ja":
        assert played.endswith("ました") and to_play.endswith("ます")


def test_chinese_spaces_han_from_latin_letters_and_figures_only(speak):
    speak("zh-Hant")
    told = [*_told(AGAINST, 1, "played"), *_told(HOTSEAT, 0, POSSIBLE), *_told(Voice(("Vega", "Sol")), 1, "played")]
    told += [describe_action(a, AGAINST) for text in TURNS for a in parse_turn(text)]
    for text in told:
        assert not re.search(f"[{HAN}][A-Za-z0-9]|[A-Za-z0-9][{HAN}]", text), text  # 捕獲Vega, 綠色 2代替
        assert not re.search(f"[{HAN}] [{HAN}]", text), text  # 在 你的母星 建造
    assert "捕獲了 Vega 的紅色 2" in narrate_turn(parse_turn("attack r2 Alpha"), 1, Voice(("Vega", "Sol")))


def test_a_handicap_note_spaces_its_pieces(speak):
    from hwgame.rules import Refusal
    from hwgame.words import refusal_text

    speak("zh-Hant")
    note = refusal_text(Refusal("note-handicap-smaller-ship", {"player": "Vega", "piece": "g2", "taken_piece": "g3"}))
    assert note == "讓子：Vega 開局時以綠色 2 代替綠色 3"


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
def test_the_turns_line_is_one_sentence(speak, code):
    speak(code)
    game = Game(players=("Ann", "Bob"))
    lines = [turn_left(game.state)]
    game.act(parse_turn("homeworld y1 b2 g3")[0])
    lines.append(turn_left(game.state))
    game.commit()
    game.play(parse_turn("homeworld r1 g2 b3"))
    lines.append(turn_left(game.state))  # one action
    game.act(parse_turn("build g1 Ann")[0])
    lines.append(turn_left(game.state))  # the action used
    game.commit()
    game.play(parse_turn("pass"))
    game.act(parse_turn("sacrifice g1 Ann")[0])
    lines.append(turn_left(game.state))  # a build from the sacrifice
    assert len(set(lines)) == 5
    for line in lines:
        assert line.count("：") + line.count(":") == 0, line  # 「この手番：アクション使用済み：…」


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
def test_sentences_of_the_tutorial_follow_one_another_without_a_space(speak, code):
    from hwgame.tutorial import LESSONS, LessonRunner

    speak(code)
    runner = LessonRunner(LESSONS[0])
    said = []
    while not runner.finished:
        step = runner.step
        for text in step.solution:
            feedback = runner.try_action(text)
            said.append(feedback.message)
    assert said and not [s for s in said if "。 " in s or "。\u0020" in s]


@pytest.mark.parametrize(("code", "avoided"), [
    ("zh-Hant", "悔回"),  # not a word: 收回 a turn, 悔棋
    ("zh-Hant", "卡片"),  # a dialog is 對話框
    ("ja", "カードを"),  # a dialog is ダイアログ
    ("ja", "申し出"),  # a repetition draw is claimed (宣言), not offered
    ("zh-Hant", "提出和局"),  # 宣告和局
    ("ja", "しっかり"),  # a sound homeworld is バランスの良い
    ("ja", "手番を指"),  # one plays a 手, not a 手番
    ("ja", "勝てる手番"),
    ("ja", "あなたに勝つ"),  # "to beat you": the puzzle's message read backwards
    ("ja", "この船"),  # a ship is 艦船
    ("zh-Hant", "這艘船"),  # a ship is 飛船
    ("ja", "持ち主と反対の方向"),
    ("zh-Hant", "在此視窗"),
    ("ja", "このウィンドウで"),
])
def test_one_word_for_one_thing_as_a_native_reads_it(code, avoided):
    used = [english for english, text in entries(code) if avoided in text]
    assert not used, f"{avoided} in {len(used)} entries, such as {used[:3]}"


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
def test_a_puzzle_solved_says_so_once(speak, code):
    from hwgame.tutorial.puzzles import _solved

    speak(code)
    ruling = _solved(i18n._("Every answer of {player} leaves you a winning turn.").format(player="Vega"))
    title = i18n._("Solved!")
    assert ruling.message.startswith(title) and title not in ruling.detail
