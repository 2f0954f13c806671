"""Sample games made by random legal play, for screenshots, the UI benchmark and tests. Pure Python.

Play is random but leans towards building and exploring and avoids ending the game, so the positions
look like a real middle game: many systems, crowded homeworlds, overpopulated colours now and then.
Every action goes through ``Game.act``, so every sample is legal.
"""

from __future__ import annotations

import random

from hwgame.app.control.advice import suggest_homeworld
from hwgame.rules import (
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    Game,
    Homeworld,
    Move,
    Pass,
    Position,
    Sacrifice,
    Trade,
    end_turn,
)

WEIGHTS = {Build: 6.0, Discover: 4.0, Move: 3.0, Trade: 2.0, Sacrifice: 1.5, Capture: 0.7, Catastrophe: 0.2,
           Pass: 0.1, Homeworld: 1.0}  # fmt: skip


def random_turn(game: Game, rng: random.Random, max_actions: int = 6, tries: int = 6,
                avoid_end: bool = True) -> None:
    """Play and commit one random turn, avoiding turns that end the game when it can (``avoid_end``)."""
    if game.in_setup:
        game.act(suggest_homeworld(game.position, rng))
        game.commit()
        return
    for _ in range(tries):
        for _ in range(max_actions):
            acts = [a for a in game.legal_actions() if not isinstance(a, EndTurn)]
            if not acts:
                break
            action = rng.choices(acts, [WEIGHTS.get(type(a), 1.0) for a in acts])[0]
            if isinstance(action, Discover):  # named as the window names a discovery: never a name used before
                action = Discover(action.ship, action.origin, action.star, game.new_system_name())
            game.act(action)
            if isinstance(action, Pass):
                break
        if not avoid_end or not end_turn(game.state.position).losers():
            break
        game.restart_turn()
    game.commit()


def random_game(seed: int, turns: int) -> Game:
    """A game of ``turns`` random turns (fewer if it ended)."""
    rng = random.Random(seed)
    game = Game()
    for _ in range(turns):
        if game.is_over():
            break
        random_turn(game, rng)
    return game


def finished_game(seed: int = 3, turns: int = 400) -> Game:
    """A game played to its end with a winner: careful random play, then careless play until it ends."""
    rng = random.Random(seed)
    game = Game()
    for k in range(turns):
        outcome = game.outcome()
        if outcome is not None:
            if outcome.winner is not None:
                return game
            game = Game()  # a draw: start again, a win makes the better picture
        random_turn(game, rng, avoid_end=k % 40 < 30)
    return game


def busyness(position: Position) -> int:
    """How crowded a position looks: ships and systems on the board."""
    ships = sum(len(s.ships_of(player)) for s in position.systems for player in (0, 1))
    return ships * 2 + len(position.systems) * 3


def busy_game(seed: int = 7, turns: int = 60) -> Game:
    """A game stopped at its busiest position that is not over (for the midgame screenshot and bench)."""
    rng = random.Random(seed)
    game = Game()
    best_score, best_len = -1, 0
    for _ in range(turns):
        if game.is_over():
            break
        random_turn(game, rng)
        if not game.is_over() and busyness(game.position) > best_score:
            best_score, best_len = busyness(game.position), len(game.turns)
    while len(game.turns) > best_len:
        game.undo()
    return game
