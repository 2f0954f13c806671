"""A save may keep a finished review of its game: old saves load without one, a save without one is
written as before, and a review survives the file, while a broken one is dropped and the game loads
(a review is only a cache of what the computer can work out again)."""

from __future__ import annotations

import json
import time

import pytest
from pydantic import ValidationError

from hwgame.persist import SaveError
from hwgame.persist.schema import ReviewCache, SaveGame
from hwgame.persist.store import encode
from hwgame.rules import Game

REVIEW = {
    "level": "normal",
    "fingerprint": "0123abcd",
    "method": 2,
    "total": 2,
    "turns": [
        {"before": None, "after": None, "later": None, "best": None, "kind": None, "note": "", "refutation": None,
         "line": [], "better_line": [], "proof_before": None, "proof_after": None, "threats": [], "second": None},
        {"before": 3.5, "after": -99998.0, "later": -99998.0, "best": "move y1 North Alpha", "kind": "blunder",
         "note": "blunder: after this, South wins with Pass", "refutation": "pass", "line": ["pass"],
         "better_line": ["pass", "pass"], "proof_before": None, "proof_after": ("loss", 1), "threats": ["pass"],
         "second": 1.5},
    ],
    "final_best": None,
    "final_score": None,
}  # fmt: skip


def _game() -> Game:
    game = Game()
    game.play(game.legal_actions()[0:1])
    return game


def test_a_save_without_a_review_is_written_and_read_as_before(saves):
    path = saves.save(_game(), "plain")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "review" not in data  # older copies of the game read it as they always did
    assert saves.load(path).save.review is None


def test_a_review_is_kept_in_the_save(saves):
    path = saves.save(_game(), "reviewed")
    loaded = saves.load(path)
    path.write_bytes(encode(loaded.save.model_copy(update={"review": ReviewCache.model_validate(REVIEW)})))
    again = saves.load(path)
    assert again.save.review is not None
    assert again.save.review.model_dump() == REVIEW
    assert again.game.turns == loaded.game.turns


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r["turns"][1].update(best="fly y1 North"), ["review.turns[1].best", "fly"]),
        (lambda r: r["turns"][1].update(kind="oops"), ["review.turns[1].kind"]),
        (lambda r: r["turns"][1].update(proof_after=["maybe", 1]), ["review.turns[1].proof_after"]),
        (lambda r: r["turns"][1].update(line=["fly y1 North"]), ["review.turns[1].line"]),
        (lambda r: r.pop("fingerprint"), ["review.fingerprint is missing"]),
        (lambda r: r.update(extra=1), ["review.extra"]),
    ],
)
def test_a_broken_review_is_dropped_and_the_game_loads(saves, change, words):
    path = saves.save(_game(), "broken")
    data = json.loads(path.read_text(encoding="utf-8"))
    review = json.loads(json.dumps(REVIEW))
    change(review)
    data["review"] = review
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = saves.load(path)
    assert loaded.save.review is None and loaded.game.turns == _game().turns
    with pytest.raises(ValidationError) as caught:  # the cache alone is refused, saying where
        ReviewCache.model_validate(review)
    assert words[0].removeprefix("review.").split(" ")[0].split("[")[0] in str(caught.value)
    assert SaveGame.model_fields["review"].default is None


# --- a review no JSON reader should follow: far too deep, or a number far too long --------------------

DEEP = 100_000  # levels: far beyond the JSON reader's recursion, and a review needs 4


def _review_with(field: str, number: str) -> str:
    """The text of REVIEW with ``number`` (as written) for its ``field``."""
    return json.dumps({**REVIEW, field: 0}).replace(f'"{field}": 0', f'"{field}": {number}')


HOSTILE_REVIEWS = {
    "deep-lists": "[" * DEEP + "]" * DEEP,
    "deep-objects": '{"a": ' * DEEP + "1" + "}" * DEEP,
    "deep-with-texts": '["[{\\"]", ' * DEEP + "0" + "]" * DEEP,  # brackets and quotes inside texts
    "deep-inside-turns": json.dumps({**REVIEW, "turns": []})[:-1] + ', "turns": [' + "[" * DEEP + "]" * DEEP + "]}",
    "deep-but-not-too-deep": "[" * 20 + "]" * 20,  # the JSON reader follows it; the review does not need it
    "int-of-31-digits": _review_with("total", "1" * 31),
    "negative-int": _review_with("total", "-" + "9" * 30),
    "long-float": _review_with("final_score", "0." + "5" * 39),
    "number-alone": "1" * 5000,
    "number-deep-inside": json.dumps(REVIEW).replace('"later": -99998.0', '"later": ' + "7" * 100),
}  # fmt: skip


def _with_review(saves, review_text: str, name: str = "hostile"):
    """A good save with ``review_text`` (JSON text, written as it is) for its review, and its bytes."""
    path = saves.save(_game(), name)
    text = path.read_text(encoding="utf-8")
    assert '"review"' not in text
    # The review first, then every field of the save, and a line after it: the rest must still be read.
    raw = ('{\n  "review": ' + review_text + ",\n" + text.lstrip()[1:]).encode("utf-8")
    path.write_bytes(raw)
    return path, raw


@pytest.mark.parametrize("name", list(HOSTILE_REVIEWS))
def test_a_review_too_deep_or_with_a_number_too_long_is_dropped_and_the_game_loads(saves, name):
    path, raw = _with_review(saves, HOSTILE_REVIEWS[name])
    loaded = saves.load(path)
    assert loaded.save.review is None and loaded.game.turns == _game().turns
    assert path.read_bytes() == raw  # nothing is lost: the file stays as it was
    (info,) = saves.list_saves()
    assert info.error is None and info.turns_played == len(_game().turns)


def test_a_review_after_the_other_fields_is_dropped_the_same_way(saves):
    path = saves.save(_game(), "last")
    data = json.loads(path.read_text(encoding="utf-8"))
    text = json.dumps(data, indent=2)
    raw = (text[: text.rindex("}")].rstrip() + ',\n  "review": ' + "[" * DEEP + "]" * DEEP + "\n}\n").encode()
    path.write_bytes(raw)
    assert saves.load(path).save.review is None and path.read_bytes() == raw


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("title", "[" * DEEP + "]" * DEEP, "its data is nested too deeply"),
        ("title", "1" * 31, "it holds a number of 31 digits"),
        ("turns", "[" + "[" * DEEP + "]" * DEEP + "]", "its data is nested too deeply"),
    ],
)
def test_the_same_outside_the_review_still_refuses_the_save(saves, field, value, words):
    path, _raw = _with_review(saves, json.dumps(REVIEW))
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop(field, None)
    raw = (json.dumps(data)[:-1] + f', "{field}": {value}}}').encode()
    path.write_bytes(raw)
    with pytest.raises(SaveError, match=words):
        saves.load(path)
    assert path.read_bytes() == raw


def test_a_file_cut_short_in_its_review_is_still_a_file_cut_short(saves):
    path, raw = _with_review(saves, json.dumps(REVIEW))
    path.write_bytes(raw[: raw.index(b'"turns"')])
    with pytest.raises(SaveError, match="is cut short"):
        saves.load(path)


@pytest.mark.slow
def test_a_review_of_many_megabytes_is_dropped_in_linear_time(saves):
    # The most the file may hold, nested as deep as it goes: read in a few seconds at most, not minutes.
    levels = 1_500_000
    reviews = {"objects": '{"a": [' * levels + "]}" * levels, "lists": "[" * 4 * levels + "]" * 4 * levels}
    for name, review in reviews.items():
        path, _raw = _with_review(saves, review, name)
        start = time.perf_counter()
        assert saves.load(path).save.review is None
        assert time.perf_counter() - start < 10
