"""A save may keep a finished review of its game: old saves load without one, a save without one is
written as before, and a review survives the file, while a broken one is dropped and the game loads
(a review is only a cache of what the computer can work out again)."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

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
         "line": [], "better_line": [], "proof_before": None, "proof_after": None, "threats": []},
        {"before": 3.5, "after": -99998.0, "later": -99998.0, "best": "move y1 North Alpha", "kind": "blunder",
         "note": "blunder: after this, South wins with Pass", "refutation": "pass", "line": ["pass"],
         "better_line": ["pass", "pass"], "proof_before": None, "proof_after": ("loss", 1), "threats": ["pass"]},
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
