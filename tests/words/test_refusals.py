"""The rules' refusals carry a reason code and values; ``hwgame.words.refusal_text`` words them in the
player's language: every code has a template whose placeholders are the values its refusals give. The
rules word nothing themselves: ``str()`` of a refusal is its plain code form in every language, and
importing the rules loads no catalog."""

from __future__ import annotations

import gettext
import pickle
import random
import string
import subprocess
import sys

import pytest

from hwgame import i18n
from hwgame.rules import (
    ALL_CODES,
    BLUE,
    FRAME_CODES,
    NOTE_CODES,
    OUTCOME_CODES,
    REFUSAL_CODES,
    Build,
    Capture,
    Catastrophe,
    Discover,
    Game,
    HomeworldsError,
    IllegalActionError,
    Move,
    NotationError,
    Refusal,
    Sacrifice,
    Trade,
    check_action,
    parse_action,
    parse_position,
    parse_transcript,
    plain_wording,
    start_turn,
)
from hwgame.words import FRAMES, NOTES, OUTCOMES, REFUSALS, TEMPLATES, Plural, Speaker, refusal_text
from tests.catalogs import compiled_catalog
from tests.rules.helpers import G1, Y1, Y3, board, refused
from tests.rules.selfplay import random_position, random_state

PLACEHOLDER = string.Formatter()


def placeholders(template: str) -> set[str]:
    """The names of a template's {placeholders}."""
    return {name for _, name, _, _ in PLACEHOLDER.parse(template) if name}


def english_forms(template) -> list[str]:
    """Every English form of a template: one, or a plural's singular and plural."""
    if isinstance(template, Plural):
        en = Speaker("en")
        return [template.choose(en, 1), template.choose(en, 2)]
    return [template]


def test_every_code_has_a_template_and_every_template_a_code():
    assert set(REFUSALS) == set(REFUSAL_CODES)
    assert set(FRAMES) == set(FRAME_CODES)
    assert set(NOTES) == set(NOTE_CODES)
    assert set(OUTCOMES) == set(OUTCOME_CODES)
    assert set(TEMPLATES) == ALL_CODES


@pytest.mark.parametrize("code", sorted(ALL_CODES))
def test_a_templates_placeholders_are_the_values_of_its_code(code):
    declared = {**REFUSAL_CODES, **FRAME_CODES, **NOTE_CODES, **OUTCOME_CODES}[code]
    expected = set(declared) | ({"reason"} if code in FRAME_CODES else set())
    for form in english_forms(TEMPLATES[code]):
        assert placeholders(form) == expected, form


def test_codes_are_short_kebab_case():
    for code in ALL_CODES:
        assert code == code.lower() and " " not in code and "_" not in code and len(code) <= 40


# --- real refusals, from the validator on positions of real play ------------------------------------------


def candidate_actions(state, rng: random.Random) -> list:
    """Actions of every kind, mostly with the mover's own ships where they are, often illegal."""
    pos = state.position
    names = [s.name for s in pos.systems] + ["Nowhere"]
    out = []
    for s in pos.systems:
        for p in s.ships_of(pos.to_move):
            q, other = rng.randrange(12), rng.choice(names)
            out += [Build(p, s.name), Trade(p, q, s.name), Move(p, s.name, other), Sacrifice(p, s.name)]
            out.append(Discover(p, s.name, q, rng.choice([*names, "New", "two words", "x" * 30, "a;b"])))
        out += [Capture(p, s.name) for p in s.ships_of(1 - pos.to_move)]
        out.append(Catastrophe(s.name, rng.randrange(4)))
    for _ in range(5):
        p, q, a, b = rng.randrange(12), rng.randrange(12), rng.choice(names), rng.choice(names)
        out += [Build(p, a), Trade(p, q, a), Move(p, a, b), Capture(p, a)]
    return out


def sample_refusals(seeds=range(16)) -> list[Refusal]:
    found = []
    for seed in seeds:
        state = start_turn(random_position(seed)) if seed % 2 else random_state(seed)
        rng = random.Random(seed)
        for action in candidate_actions(state, rng):
            try:
                check_action(state, action)
            except IllegalActionError as exc:
                found.append(exc.refusal)
    return found


def test_real_refusals_give_exactly_the_values_their_code_declares_and_read_well():
    refusals = sample_refusals()
    codes = {r.code for r in refusals}
    # A broad sample: the refusals of every power appear.
    assert {"no-such-system", "no-power-here", "not-connected", "build-needs-own-colour", "name-has-space"} <= codes
    assert len(codes) >= 15
    for r in refusals:
        assert r.code in REFUSAL_CODES
        assert set(r.values) == set(REFUSAL_CODES[r.code]), r
        text = refusal_text(r)
        assert "{" not in text and text == text.strip() and "\n" not in text
        assert r.code not in text  # worded, not the plain code


@pytest.mark.parametrize(
    "text",
    ["", "bild g1 x", "build g1", "pass x", "h g1", "build x1 A", "sacrifice q9 A", "discover g1 A blue B",
     "cat A q", "move g1 a;b c", "build g1 " + "x" * 41, "homeworld - - g3"],
)  # fmt: skip
def test_notation_refusals_give_the_values_their_code_declares(text):
    with pytest.raises(NotationError) as info:
        parse_action(text)
    error = info.value
    assert set(error.values) == set(REFUSAL_CODES[error.code])
    assert [f.code for f in error.frames] == ["cannot-read"]
    assert set(error.frames[0].values) == set(FRAME_CODES["cannot-read"])
    assert refusal_text(error).startswith(f"cannot read {text!r}: ")


@pytest.mark.parametrize(
    "text",
    ["chess North South 0 2", "standard North North 0 2", "standard North South 0 2; North 0 q1 - -",
     "standard North South 0 2; North 0 y1 g3 -; South 1 y2 b3 -; Alpha - g1 - -",
     "standard North South 0 1", "standard North South 0 2; North 7 y1 g3 -", "standard North South 3 9"],
)  # fmt: skip
def test_position_refusals_give_the_values_their_code_declares(text):
    with pytest.raises(NotationError) as info:
        parse_position(text)
    error = info.value
    assert set(error.values) == set(REFUSAL_CODES[error.code])
    assert error.frames[0].code == "not-a-position" and refusal_text(error).startswith("not a position: ")


# --- the English words, as a player read them before the codes ----------------------------------------------


def test_english_refusals_read_as_they_always_did():
    pos = board("North: g3 b2 | y3 |\nSouth: r1 y2 |    | y3\nAlpha: b1 | y1 |")
    assert refusal_text(refused(pos, Build(G1, "Alpha"))) == (
        "no green at Alpha: a green star or one of your green ships must be there to build"
    )
    assert refusal_text(refused(pos, Move(Y1, "Alpha", "alpha"))) == "the ship is already at Alpha"
    assert refusal_text(refused(pos, Catastrophe("Alpha", BLUE))) == (
        "Alpha has 1 blue piece: a catastrophe needs 4 or more"
    )
    game = Game()
    with pytest.raises(IllegalActionError) as info:
        game.play([parse_action("homeworld g1 b2 y3"), parse_action("build g1 North")])
    assert refusal_text(info.value) == "action 2: the game is still being set up: build your homeworld first"
    assert str(info.value) == plain_wording(info.value.refusal) == "turn-action(action=2): setup-not-done"
    assert info.value.code == "setup-not-done" and info.value.frames == (Refusal("turn-action", {"action": 2}),)


def test_a_transcripts_refusal_names_the_turn_line_and_player():
    text = (
        "Participants: Ann (N), Bob (S)\n\n1) Ann: Homeworld Y2 B1 G3\n2) Bob: Homeworld B3 R2 G3\n"
        "3) Ann: Move G3 Ann Nowhere\n"
    )
    from hwgame.rules import replay

    with pytest.raises(IllegalActionError) as info:
        replay(parse_transcript(text, source="g.raw"))
    error = info.value
    assert error.code == "no-such-system" and error.values == {"system": "'Nowhere'"}
    assert refusal_text(error) == "turn 3 (g.raw:5), Ann: 'Move G3 Ann Nowhere': there is no system named 'Nowhere'"
    assert refusal_text(error.engine_refusal) == "there is no system named 'Nowhere'"


def test_an_outcome_has_a_code_and_its_english_words_are_asked_for():
    game = Game()
    game.resign(0)
    outcome = game.outcome()
    assert (outcome.code, outcome.values) == ("win-resigned", {"winner": "South", "loser": "North"})
    assert refusal_text(outcome, "en") == "South wins: North resigned"


# --- the language in force ---------------------------------------------------------------------------------


def japanese_catalog() -> gettext.GNUTranslations:
    """A small Japanese catalog, compiled in memory, holding a few of the refusals' words."""
    return compiled_catalog([
        ("the ship is already at {system}", "船はすでに{system}にあります"),
        ("no {colour} at {system}: a {colour} star or one of your {colour} ships must be there to {power}",
         "{system}に{colour}がありません：{power}には{colour}の星か自分の{colour}の船が必要です"),
        ("green", "緑", "colour"),
        ("build", "建造", "power"),
        ("action {action}: {reason}", "{action}番目の行動：{reason}"),
    ])


@pytest.fixture
def japanese(monkeypatch):
    """The game's Japanese catalog replaced by the small one above, for one test."""
    monkeypatch.setitem(i18n._cache, "ja", japanese_catalog())
    yield
    i18n.set_language("en")


def test_switching_to_japanese_changes_a_refusals_words_colours_and_powers_included(japanese):
    pos = board("North: g3 b2 | y3 |\nSouth: r1 y2 |    | y3\nAlpha: b1 | y1 |")
    error = refused(pos, Build(G1, "Alpha"))
    english = refusal_text(error)
    i18n.set_language("ja")
    assert refusal_text(error) == "Alphaに緑がありません：建造には緑の星か自分の緑の船が必要です"
    assert refusal_text(error, "en") == english  # a language asked for wins over the one in force
    same = refused(pos, Move(Y1, "Alpha", "Alpha"))
    assert refusal_text(same) == "船はすでにAlphaにあります"
    i18n.set_language("en")
    assert refusal_text(error) == english


def test_a_frame_and_its_reason_are_both_translated(japanese):
    game = Game.from_position(board("North: g3 b2 | y3 |\nSouth: r1 y2 |    | y3\nAlpha: b1 | y1 |"))
    with pytest.raises(IllegalActionError) as info:
        game.play([Sacrifice(Y3, "North"), Move(Y1, "Alpha", "Alpha")])
    i18n.set_language("ja")
    assert refusal_text(info.value) == "2番目の行動：船はすでにAlphaにあります"


def test_an_untranslated_refusal_falls_back_to_english(japanese):
    i18n.set_language("ja")
    assert refusal_text(Refusal("trade-needs-same-size")) == (
        "a trade keeps the size: the new piece must be the same size as the old ship"
    )


# --- the plain wording: the rules word nothing ---------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "ja", "zh-Hant"])
def test_str_of_a_refusal_is_its_code_and_values_whatever_the_language(language):
    error = HomeworldsError("not-connected", origin="A", destination="B").within("turn-action", action=2)
    i18n.set_language(language)
    assert str(error) == "turn-action(action=2): not-connected(origin='A', destination='B')"
    assert str(error) == str(error.refusal) == plain_wording(error.refusal)
    assert str(Refusal("game-over")) == "game-over"
    i18n.set_language("en")
    assert refusal_text(error) == "action 2: A and B are not connected: they share a star size"


def test_importing_the_rules_loads_no_catalog_and_installs_no_wording():
    """In a fresh interpreter: the rules load neither the catalogs nor the words, and ``str()`` of an
    error stays its code form even after the words are imported (nothing is installed on import)."""
    program = (
        "import sys\n"
        "import hwgame.rules as rules\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('hwgame.i18n', 'hwgame.words')))\n"
        "print(loaded)\n"
        "error = rules.IllegalActionError('game-over')\n"
        "import hwgame.words\n"
        "print(str(error))\n"
        "print(not hasattr(rules, 'set_wording') and not hasattr(rules, 'worded'))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.splitlines() == ["[]", "game-over", "True"]


def test_an_error_keeps_its_code_values_and_frames_through_pickle():
    error = IllegalActionError("catastrophe-too-few", system="A", count=2, colour="blue").within("in-turn", turn=4)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalActionError
    assert (again.code, again.values, again.frames) == (error.code, error.values, error.frames)
    assert refusal_text(again) == "turn 4: A has 2 blue pieces: a catastrophe needs 4 or more"


def test_a_refusal_of_a_code_without_a_template_still_says_something():
    assert refusal_text(Refusal("some-new-code", {"n": 3})) == "some-new-code (n=3)"


def test_every_code_is_worded_with_sample_values():
    for code, keys in REFUSAL_CODES.items():
        values = {k: ("green" if k.endswith("colour") else "g1" if k.endswith("piece") else 2) for k in keys}
        if "kind" in keys:
            values["kind"] = "system"
        text = refusal_text(Refusal(code, values))
        assert "{" not in text and code not in text, code


# --- the real catalogs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["ja", "zh-Hant"])
def test_a_refusal_is_worded_from_each_languages_catalog(language):
    """The same refusal in English, Japanese and Chinese: the template, the colour and the power each
    looked up in the language's catalog."""
    catalog = i18n.translations(language)
    error = HomeworldsError("no-power-here", colour="green", system="Alpha", power="build").within(
        "turn-action", action=2)
    english = "action 2: no green at Alpha: a green star or one of your green ships must be there to build"
    assert refusal_text(error, "en") == english
    inner = catalog.gettext(REFUSALS["no-power-here"]).format(
        colour=catalog.pgettext("colour", "green"), system="Alpha", power=catalog.pgettext("power", "build"))
    expected = catalog.gettext(FRAMES["turn-action"]).format(action=2, reason=inner)
    assert refusal_text(error, language) == expected != english
    i18n.set_language(language)
    assert refusal_text(error) == expected  # the language in force
    assert refusal_text(error, "en") == english
    assert str(error) == plain_wording(error.refusal)
