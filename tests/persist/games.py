"""Seeded random games for the persist tests: whole legal turns, single actions, every way a game ends."""

from __future__ import annotations

import random

from hwgame.rules import SDG, STANDARD, EndTurn, Game, end_turn, legal_turns

NAMES = ("North", "South", "Ann", "B0b", "o'Neil", "x.y", "Zed-9", "A_b", "Dsheldon", "Q")


def _actions(rng: random.Random, game: Game, most: int) -> None:
    """Play up to ``most`` random legal actions of the turn in progress."""
    for _ in range(most):
        if game.state.done:
            return
        acts = [a for a in game.legal_actions() if not isinstance(a, EndTurn)]
        if not acts:
            return
        game.act(rng.choice(acts))


def random_turn(rng: random.Random, game: Game) -> None:
    """One committed turn: sometimes a random whole turn from ``legal_turns``, else random single actions;
    either way mostly not a turn that loses at once, so that games last."""
    me = game.to_move
    if not game.in_setup and rng.random() < 0.25:
        successors = legal_turns(game.position)
        safe = [s for s in successors if me not in s.position.losers()]
        pool = safe if safe and rng.random() < 0.95 else successors
        game.play(rng.choice(pool).turn)
        return
    for _ in range(4):
        _actions(rng, game, rng.randint(1 if game.in_setup else 0, 4))
        if me not in end_turn(game.state.position).losers() or rng.random() < 0.05:
            break
        game.restart_turn()
    game.commit()


def random_game(seed: int, max_turns: int = 40) -> Game:
    """A random game from ``seed``: either rule set, random names, any length, maybe a turn in progress,
    and sometimes ended by resignation or agreement."""
    rng = random.Random(seed)
    rules = rng.choice((STANDARD, SDG))
    players = tuple(rng.sample(NAMES, 2))
    game = Game(rules, players=players, auto_repetition_draw=rng.random() < 0.5)
    length = rng.randint(0, max_turns)
    while not game.is_over() and len(game.turns) < length:
        random_turn(rng, game)
    if not game.is_over():
        roll = rng.random()
        if roll < 0.05:
            game.resign(rng.randint(0, 1))
        elif roll < 0.08:
            game.agree_draw()
        elif roll < 0.5:
            _actions(rng, game, rng.randint(1, 3))
    return game


def game_of(turns: int, seed: int = 0) -> Game:
    """A random game still going after at least ``turns`` turns (the first such seed from ``seed``)."""
    while True:
        game = random_game(seed, max_turns=turns + 20)
        if len(game.turns) >= turns and game.outcome() is None:
            return game
        seed += 1
