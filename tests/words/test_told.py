"""Plain words for actions and turns: the same phrases in captions, the narration and the move log."""

from __future__ import annotations

import gettext
import re

import pytest
from babel.messages.extract import extract_from_file

from hwgame import i18n
from hwgame.rules import parse_turn
from hwgame.words import POSSIBLE, Voice, describe_action, describe_turn, log_entry, narrate_turn, sentence, turn_left
from tests.catalogs import compiled_catalog, install_catalog

# Sam plays the computer (Rex); their homeworlds are worded apart from the systems North and South.
AGAINST = Voice(("Sam", "Rex"), you=0, computer=1)
HOTSEAT = Voice(("Ann", "Bob"))

SHORTHAND = re.compile(r"\b[RGBY][123]\b")


def test_the_computers_turn_in_one_sentence_with_pieces_in_words():
    turn = parse_turn("sacrifice y2 North; move g1 North Alpha; move b1 North Alpha")
    text = narrate_turn(turn, 1, AGAINST)
    assert text == "The computer sacrifices yellow 2 at North and moves green 1 and blue 1 from North to Alpha."
    assert not SHORTHAND.search(text)


def test_a_capture_is_a_capture_and_says_whose_ship():
    turn = parse_turn("sacrifice r2 North; attack b1 Alpha; attack y1 Alpha")
    told = narrate_turn(turn, 1, AGAINST)
    assert told == "The computer sacrifices red 2 at North and captures your blue 1 and yellow 1 at Alpha."
    assert narrate_turn(parse_turn("attack g3 Vega"), 0, AGAINST) == "You capture the computer's green 3 at Vega."
    assert narrate_turn(parse_turn("attack g3 Vega"), 1, HOTSEAT) == "Bob captures Ann's green 3 at Vega."
    assert describe_action(parse_turn("attack g3 Vega")[0]) == "Capture the enemy green 3 at Vega"
    for turn in ("attack g3 Vega", "sacrifice r3 Sol; attack g1 Sol; attack g2 Sol"):
        assert "attack" not in narrate_turn(parse_turn(turn), 1, AGAINST).lower()


def test_every_kind_of_action_is_told():
    turn = parse_turn("build g1 Alpha; trade r1 b1 South; discover g3 North r2 Gamma; catastrophe Alpha g")
    text = narrate_turn(turn, 0, AGAINST)
    assert text == (
        "You build a green 1 at Alpha, trade red 1 for blue 1 at South, discover Gamma (a red 2 star) "
        "with green 3 from North and trigger a green catastrophe at Alpha."
    )
    home = narrate_turn(parse_turn("homeworld y1 b2 g3"), 1, HOTSEAT)
    assert home == "Bob sets up a homeworld: stars yellow 1 and blue 2, ship green 3."


def test_a_pass_is_told_only_when_nothing_else_happened():
    assert narrate_turn(parse_turn("pass"), 1, AGAINST) == "The computer passes."
    assert narrate_turn((), 0, AGAINST) == "You pass."
    given_up = narrate_turn(parse_turn("sacrifice y3 North; move g1 North Alpha; pass"), 1, AGAINST)
    assert given_up == "The computer sacrifices yellow 3 at North and moves green 1 from North to Alpha."


def test_a_log_entry_in_words_or_in_notation():
    turn = parse_turn("sacrifice y2 North; move g1 North Alpha; attack b1 Alpha")
    words = log_entry(12, turn, 1, AGAINST)
    assert words == (
        "12. The computer sacrifices yellow 2 at North, moves green 1 from North to Alpha and "
        "captures your blue 1 at Alpha."
    )
    notation = log_entry(12, turn, 1, AGAINST, notation=True)
    assert notation == "12. Rex: Sacrifice Y2 North; Move G1 North Alpha; Attack B1 Alpha"


def test_captions_keep_their_short_form():
    move, sacrifice = parse_turn("move y3 North Alpha; sacrifice y2 North")
    assert describe_action(move) == "Move yellow 3 from North to Alpha"
    assert describe_action(sacrifice) == "Sacrifice yellow 2 at North: 2 move actions"


# --- every phrase goes through the catalogs ----------------------------------------------------------------

SHOUTED = Voice(("ANN", "BOB"))
PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def _shout(text: str) -> str:
    """A stand-in translation: the words in capitals, the placeholders kept as they are."""
    return "".join(part if PLACEHOLDER.fullmatch(part) else part.upper() for part in PLACEHOLDER.split(text))


def shouting_catalog(*modules: str) -> gettext.GNUTranslations:
    """A catalog in which every phrase of ``modules`` is "translated" into capitals, compiled in memory."""
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
    messages = [
        (message, tuple(_shout(m) for m in message) if isinstance(message, tuple) else _shout(message), context)
        for module in modules
        for _line, message, _comments, context in extract_from_file("python", module, keywords=keywords)
    ]
    return compiled_catalog(messages)


@pytest.fixture
def shouting(monkeypatch):
    """The words of hwgame.words' turns told (and of the colours, powers and pieces they take from its
    names) in a "language" of capitals, for one test."""
    import hwgame.words.names
    import hwgame.words.told

    monkeypatch.setitem(i18n._cache, "ja", shouting_catalog(hwgame.words.told.__file__, hwgame.words.names.__file__))
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


TURNS = [
    "sacrifice y2 NORTH; move g1 NORTH ALPHA; move b1 NORTH ALPHA",
    "sacrifice r2 NORTH; attack b1 ALPHA; attack y1 ALPHA",
    "build g1 ALPHA; trade r1 b1 SOUTH; discover g3 NORTH r2 GAMMA; catastrophe ALPHA g",
    "sacrifice g3 NORTH; build g1 ALPHA; build b1 ALPHA; build r1 ALPHA",
    "homeworld y1 b2 g3",
    "homeworld y1 - g3",
    "pass",
    "attack g3 VEGA",
]


@pytest.mark.parametrize("text", TURNS)
def test_no_english_word_reaches_the_player_without_the_catalog(shouting, text):
    turn = parse_turn(text)
    told = [
        narrate_turn(turn, 0, AGAINST),
        narrate_turn(turn, 1, AGAINST),
        narrate_turn(turn, 1, SHOUTED),
        log_entry(3, turn, 0, SHOUTED),
        describe_turn(turn),
        describe_turn(turn, "VEGA"),
        *(describe_action(a) for a in turn),
    ]
    for line in told:
        assert not re.search("[a-z]", line), line


def test_what_the_turn_still_allows_goes_through_the_catalog(shouting):
    from hwgame.rules import apply_checked, initial_position, start_turn

    state = start_turn(initial_position())
    assert turn_left(state) == "THIS TURN: SET UP A HOMEWORLD."
    state = apply_checked(state, parse_turn("homeworld y1 b2 g3")[0])
    assert turn_left(state) == "THIS TURN: HOMEWORLD READY, END THE TURN."


def test_a_language_orders_a_sentence_its_own_way(monkeypatch):
    install_catalog(monkeypatch, [
        ("The computer {actions}.", "コンピューターは{actions}。"),
        ("{first} and {last}", "{first}、{last}", "joining actions"),
        ("{first} and {last}", "{first}と{last}", "joining pieces"),
        ("sacrifices {ship} at {system}", "{system}で{ship}を犠牲にし", "a turn told, more follows"),
        ("moves {ships} from {origin} to {destination}", "{ships}を{origin}から{destination}へ動かした",
         "a turn told, played"),
        ("moves {ships} from {origin} to {destination}", "{ships}を{origin}から{destination}へ動かす"),
        ("{colour} {size}", "{colour}{size}"),
        ("green", "緑", "colour"),
        ("yellow", "黄", "colour"),
        ("blue", "青", "colour"),
    ])
    i18n.set_language("ja")
    try:
        turn = parse_turn("sacrifice y2 North; move g1 North Alpha; move b1 North Alpha")
        assert (
            narrate_turn(turn, 1, AGAINST)
            == "コンピューターはNorthで黄2を犠牲にし、緑1と青1をNorthからAlphaへ動かした。"
        )
        # A turn that could be played (a threat, a better turn) has words of its own.
        assert narrate_turn(turn, 1, AGAINST, POSSIBLE) == (
            "コンピューターはNorthで黄2を犠牲にし、緑1と青1をNorthからAlphaへ動かす。")
        assert sentence("何か") == "何か。"
    finally:
        i18n.set_language("en")
    assert sentence("you build") == "You build."


def test_a_homeworld_named_after_a_player_is_worded_as_that_players_homeworld():
    # Names that read as people ("Computer", "Player") would make nonsense as places: "at Computer".
    against = Voice(("Player", "Computer"), you=0, computer=1)
    assert narrate_turn(parse_turn("build g1 Computer"), 1, against) == (
        "The computer builds a green 1 at its homeworld."
    )
    assert narrate_turn(parse_turn("build g1 Player"), 1, against) == (
        "The computer builds a green 1 at your homeworld."
    )
    assert narrate_turn(parse_turn("move g1 player Alpha"), 0, against) == (
        "You move green 1 from your homeworld to Alpha."
    )
    assert narrate_turn(parse_turn("build g1 Bob"), 0, HOTSEAT) == "Ann builds a green 1 at Bob's homeworld."
    assert describe_action(parse_turn("build g1 Computer")[0], against) == "Build a green 1 at the computer's homeworld"
    assert describe_turn(parse_turn("attack g1 Sol"), "Vega", ("Sol", "Vega")) == (
        "Vega captures your green 1 at your homeworld"
    )
    # A discovered system keeps its name, and so does a system that is nobody's name.
    assert narrate_turn(parse_turn("discover g1 Alpha b3 Gamma"), 0, against) == (
        "You discover Gamma (a blue 3 star) with green 1 from Alpha."
    )


def test_a_refusal_words_homeworlds_as_places_but_names_as_names():
    from hwgame.rules import Refusal
    from hwgame.words import refusal_text

    against = Voice(("Player", "Computer"), you=0, computer=1)
    apart = Refusal("not-connected", {"origin": "Player", "destination": "Computer"})
    assert refusal_text(apart, voice=against) == (
        "your homeworld and the computer's homeworld are not connected: they share a star size"
    )
    assert refusal_text(apart) == "Player and Computer are not connected: they share a star size"
    taken = Refusal("name-taken-by-system", {"name": "Computer", "system": "Computer"})
    assert "the system Computer has it" in refusal_text(taken, voice=against)


def test_a_sentence_begins_with_a_capital_but_a_players_name_as_the_player_wrote_it():
    voice = Voice(("ts52", "OnePageWars"), you=1)
    assert voice.sentence("ts52 wins on the next turn") == "ts52 wins on the next turn"
    assert voice.sentence("the computer wins") == "The computer wins"
    assert voice.sentence("") == ""
