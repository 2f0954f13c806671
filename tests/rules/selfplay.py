"""Seeded random self-play for property tests: sensible or random setups, then random legal turns."""

from __future__ import annotations

import random

from hwgame.rules import PASS, SDG, STANDARD, Catastrophe, EndTurn, Game, Homeworld, end_turn, legal_turns
from hwgame.rules.apply import TurnState
from hwgame.rules.position import Position

# Growth (builds, discoveries) is favoured so that random games reach rich positions.
WEIGHTS = {"Build": 6.0, "Discover": 2.0, "Move": 2.0, "Capture": 4.0, "Sacrifice": 0.7, "Pass": 0.3}


def random_setup(rng: random.Random, game: Game) -> Homeworld:
    """A setup for the player to move: mostly what players choose (a large ship, two stars of different
    sizes and colours), sometimes any legal three pieces."""
    if rng.random() < 0.2:
        return rng.choice(game.legal_actions())
    bank = game.state.position.bank
    while True:
        a, b = rng.sample(range(12), 2)
        ship = rng.choice((2, 5, 8, 11))
        if a % 3 == b % 3 or a // 3 == b // 3 or not (bank[a] and bank[b]):
            continue
        if bank[ship] - (ship == a) - (ship == b) < 1:
            continue
        if game.rules.single_star_home and rng.random() < 0.1:
            return Homeworld(a, None, ship)
        return Homeworld(min(a, b), max(a, b), ship)


def random_actions(rng: random.Random, game: Game, visit=None) -> None:
    """Play random legal actions of the turn in progress until the turn is done or chosen to end.

    ``visit(game, action)`` is called before each action is played.
    """
    while True:
        acts = game.legal_actions()
        if game.state.done or rng.random() < 0.06:
            cats = [a for a in acts if isinstance(a, Catastrophe)]
            if cats and rng.random() < 0.3:
                action = rng.choice(cats)
            else:
                return
        else:
            choices = [a for a in acts if not isinstance(a, EndTurn)]
            action = rng.choices(choices, [WEIGHTS.get(type(a).__name__, 1.0) for a in choices])[0]
        if visit is not None:
            visit(game, action)
        game.act(action)


def random_turn(rng: random.Random, game: Game, visit=None) -> None:
    """Play and commit one random turn. A turn that would lose at once is usually tried again, and
    after many losing tries a random non-losing whole turn is played instead when there is one."""
    if game.in_setup:
        game.play([random_setup(rng, game)])
        return
    me = game.to_move
    for _ in range(12):
        random_actions(rng, game, visit)
        if me not in end_turn(game.state.position).losers() or rng.random() < 0.02:
            game.commit()
            return
        game.restart_turn()
    safe = [s.turn for s in legal_turns(game.position) if me not in s.position.losers()]
    game.play(rng.choice(safe) if safe else [PASS])


def random_game(seed: int, max_turns: int = 120, rules=None, visit=None) -> Game:
    """A game of random turns from a seed, stopped when over or after ``max_turns`` turns."""
    rng = random.Random(seed)
    if rules is None:
        rules = SDG if rng.random() < 0.3 else STANDARD
    game = Game(rules, auto_repetition_draw=False)
    while not game.is_over() and len(game.turns) < max_turns:
        random_turn(rng, game, visit)
    return game


def random_position(seed: int) -> Position:
    """The position at the start of a turn of a game in progress, reached by random play from a seed."""
    rng = random.Random(seed)
    rules = SDG if rng.random() < 0.3 else STANDARD
    game = Game(rules, auto_repetition_draw=False)
    target = rng.randint(2, 40)
    while len(game.turns) < target:
        random_turn(rng, game)
        if game.is_over():
            game.undo()
            break
    return game.position


def random_state(seed: int) -> TurnState:
    """A state inside a turn of a game in progress, reached by random play from a seed."""
    rng = random.Random(seed)
    rules = SDG if rng.random() < 0.3 else STANDARD
    game = Game(rules, auto_repetition_draw=False)
    target = rng.randint(2, 40)
    while len(game.turns) < target:
        random_turn(rng, game)
        if game.is_over():
            game.undo()
            break
    for _ in range(rng.randint(0, 3)):
        acts = [a for a in game.legal_actions() if not isinstance(a, EndTurn)]
        if not acts:
            break
        game.act(rng.choice(acts))
    return game.state
