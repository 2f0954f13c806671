"""How a game ended, in the player's words: from the rules' code and from the English a save keeps, the
same words; the game-over card's title and length."""

from __future__ import annotations

from hwgame import i18n
from hwgame.persist.schema import Result
from hwgame.rules import Game, outcome_of
from hwgame.words import refusal_text, result_detail, result_text, result_title, turns_played
from tests.rules.helpers import board
from tests.wide_language import install, leftovers


def _results() -> dict[str, object]:
    """An outcome of every way a game ends, from real games."""
    out = {}
    g = Game(players=("Ann", "Bob"))
    g.resign(0)
    out["resigned"] = g.outcome()
    g = Game(players=("Ann", "Bob"))
    g.agree_draw()
    out["agreement"] = g.outcome()
    out["gone"] = outcome_of(board("North: g1 b2 | r3 |\nVega: y3 | | g3", to_move=0))
    out["held"] = outcome_of(board("North: g1 b2 | r3 |\nSouth: y1 r2 | r1 |", to_move=0))
    out["empty"] = outcome_of(board("North: g1 b2 | r3 |\nSouth: y1 r2 | |\nVega: y3 | | g3", to_move=0))
    return out


def test_every_result_of_the_rules_is_worded_from_its_code_and_from_its_english():
    results = _results()
    assert all(r is not None for r in results.values())
    for kind, outcome in results.items():
        text = result_text(outcome)
        assert text == result_text(refusal_text(outcome, "en")), kind  # a save keeps the English: the same words
        assert text[:1].isupper() and (outcome.winner is None or text.startswith(outcome.values["winner"])), text
    assert result_text(results["resigned"]) == "Bob wins: Ann resigned"
    assert result_detail(results["resigned"]) == "Ann resigned."
    assert result_text(results["agreement"]) == "Draw: the players agreed to a draw"
    assert result_detail(results["gone"]).endswith("homeworld is gone.")
    # A name is written as its player wrote it, even at the head of the sentence.
    g = Game(players=("ts52", "Bob"))
    g.resign(0)
    assert result_detail(g.outcome()) == "ts52 resigned."
    # A sentence the rules do not write (a newer game's) is shown as it is rather than lost.
    assert result_text("Ann wins on time") == "Ann wins on time"
    assert result_text(Result(winner=1, reason="Bob wins: Ann resigned", ending="resignation")) == \
        "Bob wins: Ann resigned"


def test_results_in_another_language(monkeypatch):
    i18n.set_language(install(monkeypatch))
    names = {"Ann", "Bob", "North", "South", "Vega"}
    words = [result_text(r) for r in _results().values()] + [result_detail(r) for r in _results().values()]
    words += [result_title(r, ("Ann", "Bob")) for r in _results().values()] + [turns_played(3)]
    assert leftovers(words, names) == []


def test_the_game_over_title_speaks_to_the_player_against_the_computer():
    results = _results()
    resigned, agreed = results["resigned"], results["agreement"]  # Bob (seat 1) won by resignation
    assert result_title(None, ("Ann", "Bob")) == "Game over"
    assert result_title(agreed, ("Ann", "Bob")) == "Draw"
    assert result_title(resigned, ("Ann", "Bob")) == "Bob wins"
    assert result_title(resigned, ("Ann", "Bob"), you=1) == "You win!"
    assert result_title(resigned, ("Ann", "Bob"), you=0) == "You lose"
    assert turns_played(1) == "after 1 turn" and turns_played(12) == "after 12 turns"
