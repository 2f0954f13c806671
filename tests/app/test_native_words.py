"""The screens' words as a native reader of Japanese and Traditional Chinese reads them, kept from coming
back at their cause: a label with a meaning of its own has a msgid of its own (the New game row of the
homeworlds is not the game's title, the Delete key is not the Delete button), the colour-blind mode's
letters are the player's language's, a homeworld's label and a computer's level fit as the language
writes them, the review says its percentages are chances to win, the replay words a homeworld as one,
the Statistics line asks for what was not done yet, and a tooltip keeps clear of the side panel."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from hwgame import i18n
from hwgame.i18n import text_of

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def speak():
    def use(code: str) -> None:
        i18n.set_language(code)

    yield use
    i18n.set_language("en")


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
def test_every_label_of_the_new_game_screen_is_translated(screen, data_dir, speak, code):
    from hwgame.app.scenes.title import NewGameScene

    from .helpers import make_app

    app = make_app(screen)
    form = NewGameScene(app)
    speak(code)
    labels = [text_of(widget.label) for widget in form.widgets]
    assert len(labels) == len(form.widgets) and all(labels)
    assert not [label for label in labels if LATIN_WORD.search(label)], labels
    # The row of the homeworlds is not the game's title, which Chinese keeps in Latin letters.
    if code == "zh-Hant":
        assert text_of(form.setup.label) != i18n._("Homeworlds")


def test_the_colour_letters_are_the_languages_own(speak):
    from hwgame.app.view.pieces import colour_letter
    from hwgame.words import colour_name

    seen = {}
    for code in ("en", "ja", "zh-Hant"):
        speak(code)
        letters = [colour_letter(c) for c in range(4)]
        assert len(set(letters)) == 4 and all(len(letter) == 1 for letter in letters)
        # The letter is the colour's own name's first character: R for red, 赤, 紅.
        assert letters == [colour_name(c)[0].upper() for c in range(4)]
        seen[code] = "".join(letters)
    assert seen == {"en": "RYGB", "ja": "赤黄緑青", "zh-Hant": "紅黃綠藍"}


def test_a_homeworlds_label_is_written_as_the_language_writes_it(speak):
    from hwgame.app.view.board import home_label

    assert home_label("Sol") == "Sol  (home)"
    speak("ja")
    assert home_label("コンピューター") == "コンピューター（ホーム）"  # no space before a full-width bracket
    speak("zh-Hant")
    assert home_label("電腦") == "電腦（母星）"


def test_a_computers_level_is_kept_in_the_player_list(speak):
    from hwgame.app.panels.side import seat_words

    assert seat_words("Hal", "Beginner") == ("computer, Beginner", "(Beginner)", "computer")
    speak("ja")
    level = i18n.pgettext("level", "Beginner")
    # The name offered by default already says コンピューター: the level follows, never the word again.
    assert seat_words("コンピューター", level) == (f"（{level}）",)
    assert all(level in words for words in seat_words("Hal", level)[:2])


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
def test_the_delete_key_keeps_its_name_and_the_button_its_word(speak, code):
    from hwgame.app.scenes.shortcuts import sections

    speak(code)
    keys = [key() for _title, rows in sections() for key, _what in rows]
    assert "Delete" in keys
    assert i18n._("Delete") != "Delete"  # the Load screen's button


def _review_line(number, player, chances):
    from hwgame.app.control.timeline import Point, Timeline
    from hwgame.app.panels.review_strip import turn_lines
    from hwgame.app.tools.samples import random_game

    game = random_game(5, 6)
    timeline = Timeline(game)
    entry = SimpleNamespace(player=player, number=number, kind=None, before=0.5, after=0.4, proof_before=None,
                            proof_after=None, chance_before=chances[0], chance_after=chances[1], best=None)
    review = SimpleNamespace(at=lambda _k: entry)
    return turn_lines(review, timeline, Point(number), None)[0][0], timeline.players[player]


@pytest.mark.parametrize(("code", "words"), [("en", "chance to win"), ("ja", "勝率"), ("zh-Hant", "勝率")])
def test_the_reviews_percentages_say_they_are_chances_to_win(speak, code, words):
    speak(code)
    line, name = _review_line(4, 0, (0.67, 0.61))
    assert words in line and "67%" in line and "61%" in line and name in line, line


@pytest.mark.parametrize(("code", "home"), [("en", "Computer's homeworld"), ("ja", "Computerのホームワールド"),
                                          ("zh-Hant", "Computer 的母星")])
def test_the_replay_words_a_homeworld_named_after_a_player_as_a_homeworld(speak, code, home):
    from hwgame.app.panels.replay_log import action_text
    from hwgame.rules import parse_turn

    speak(code)
    said = action_text(parse_turn("build g1 Computer")[0], False, ("Player", "Computer"))
    assert home in said, said  # never "at Computer", read as "with the computer"
    assert action_text(parse_turn("build g1 Computer")[0], True, ("Player", "Computer")) == "Build G1 Computer"


def test_the_rating_line_asks_for_what_was_not_done(speak):
    from hwgame.app.scenes.stats import rating_line

    assert "without a handicap" in rating_line(None, handicapped=True)
    assert rating_line(None) != rating_line(None, handicapped=True)
    speak("ja")
    assert "ハンデなし" in rating_line(None, handicapped=True)
    speak("zh-Hant")
    assert "不讓子" in rating_line(None, handicapped=True)


def test_a_tooltip_near_the_panel_keeps_clear_of_its_border():
    from hwgame.app.panels.play_board import caption_bounds
    from hwgame.app.view.layout import screen_layout
    from hwgame.app.view.tooltip import TIP_MARGIN, tip_rect

    size = (1280, 800)
    panel = screen_layout(*size).panel
    for x in range(round(panel.x) - 400, round(panel.x), 7):  # a wide Chinese tooltip, the pointer anywhere
        rect = tip_rect(size, (x, 300), (360, 80), caption_bounds(size))
        assert rect.right <= panel.x - TIP_MARGIN, (x, rect)
