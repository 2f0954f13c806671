"""The play screen's line on what just happened: the computer's turn told as far as it has been animated.

The screen hands each of the computer's actions to ``TurnTeller.tell`` as its animation starts; the
teller keeps the turn being told (a new one when an action does not follow on from the last) and words
the line with the describer, from the board's own game for everything else.
"""

from __future__ import annotations

from hwgame.app.control.controller import Effect
from hwgame.rules import Action, Game, Position
from hwgame.words import Voice, narrate_turn


class TurnTeller:
    """The computer's turn as far as its animation has gone, and the sentence for the narration line."""

    def __init__(self) -> None:
        # (player, the actions animated so far, the board after the last of them)
        self.told: tuple[int, list[Action], Position] | None = None

    def tell(self, effect: Effect) -> None:
        """An action of the computer starts its animation: add it to the turn being told (a new turn
        when it does not follow on from the last action told)."""
        told = self.told
        if told is not None and told[0] == effect.player and told[2] == effect.before:
            self.told = (effect.player, [*told[1], effect.action], effect.after)
        else:
            self.told = (effect.player, [effect.action], effect.after)

    def narration(self, game: Game, voice: Voice, showing: int | None, animating: Effect | None
                  ) -> tuple[str, int] | None:  # fmt: skip
        """What just happened, as (sentence, player): the computer's turn (by ``showing``) as far as it
        has been animated (``animating``: the effect on screen now); else the turn in progress once it
        has an action; else the last turn played."""
        if showing is not None:
            told = self.told
            if animating is not None and animating.by_computer and told is not None and told[0] == showing:
                return narrate_turn(told[1], showing, voice), showing
            # The computer's turn waits behind the end of another animation: the turn before it is
            # still what just happened.
            return turn_told(game, len(game.turns) - 2, voice)
        if game.pending:
            return narrate_turn(game.pending, game.to_move, voice), game.to_move
        return turn_told(game, len(game.turns) - 1, voice)


def turn_told(game: Game, k: int, voice: Voice) -> tuple[str, int] | None:
    """Committed turn ``k`` of ``game`` in words and who played it (None before the first turn)."""
    if k < 0:
        return None
    player = game.positions[k].to_move
    return narrate_turn(game.turns[k], player, voice), player


__all__ = ["TurnTeller", "turn_told"]
