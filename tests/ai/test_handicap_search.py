"""The computer plays a game with a handicap: it sets up its homeworld as ever, the handicap changes the
fleets, and its search answers from the handicapped board with turns the validator accepts."""

from __future__ import annotations

import pytest

from hwgame.ai import LEVELS, choose_turn
from hwgame.rules import EXTRA_SMALL, MEDIUM_SHIP, STANDARD, Game, Handicap


@pytest.mark.parametrize("handicap", [Handicap(EXTRA_SMALL, 1), Handicap(MEDIUM_SHIP, 0)])
def test_the_computer_sets_up_and_plays_on_from_a_handicapped_board(handicap):
    game = Game(STANDARD, ("Ann", "Bob"), handicap=handicap)
    for seed in range(6):  # both setups, then four turns of play
        reply = choose_turn(game.position, LEVELS["beginner"], seed=seed, history=game.repetition_counts())
        assert reply.ok and reply.turn is not None
        game.play(reply.turn)  # through the validator: raises if the search chose an illegal turn
        if game.is_over():
            break
    effect = game.handicap_effect
    assert effect is not None and effect.changed
    home = game.positions[2].home_of(handicap.seat)
    assert home is not None
    # The board the search started from is the handicapped one.
    expected = 2 if handicap.kind == EXTRA_SMALL else 1
    assert len(home.ships_of(handicap.seat)) == expected
