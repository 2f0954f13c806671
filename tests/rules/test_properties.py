"""Properties that hold in every position: random self-play, hypothesis, junk input, notation round trips."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hwgame.rules import (
    END_TURN,
    PASS,
    SDG,
    STANDARD,
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    Game,
    Homeworld,
    IllegalActionError,
    Move,
    NotationError,
    Pass,
    Sacrifice,
    Trade,
    apply_action,
    apply_checked,
    check_action,
    end_turn,
    legal_actions,
    legal_turns,
    start_turn,
)
from hwgame.rules.apply import TurnState
from hwgame.rules.notation import STYLES, format_action, format_turn, parse_action, parse_turn
from hwgame.rules.position import NO_HOME, initial_position, piece_count
from tests.rules.helpers import brute_force_keys
from tests.rules.selfplay import random_game, random_position, random_state, random_turn

pytestmark = pytest.mark.slow

PROPERTY = settings(deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def assert_sound(state: TurnState, committed: bool = False) -> None:
    """The invariants of every position, in the middle of a turn or just ``committed``."""
    pos = state.position
    assert piece_count(pos) == [3] * 12
    assert min(pos.bank) >= 0
    names = [s.name.lower() for s in pos.systems]
    assert len(names) == len(set(names)), names
    homes = [s.home for s in pos.systems if s.home != NO_HOME]
    assert len(homes) == len(set(homes))
    for s in pos.systems:
        assert s.stars, f"{s.name} has no star"
        assert list(s.stars) == sorted(s.stars) and list(s.ships0) == sorted(s.ships0)
        assert list(s.ships1) == sorted(s.ships1)
        if s.home == NO_HOME:
            assert len(s.stars) == 1
            assert s.ships0 or s.ships1, f"{s.name} is a non-home system without ships"
        else:
            assert len(s.stars) <= 2


# --- seeded self-play: thousands of turns ------------------------------------------------------


class Recorder:
    """Checks every state of a self-played game before each action, and counts what it saw."""

    def __init__(self, every_action: bool):
        self.every_action = every_action
        self.states = 0

    def __call__(self, game: Game, chosen) -> None:
        state = game.state
        self.states += 1
        assert_sound(state)
        actions = legal_actions(state)
        assert chosen in actions
        assert len(set(actions)) == len(actions)
        for action in actions if self.every_action else [chosen]:
            if isinstance(action, EndTurn):
                continue
            checked = apply_checked(state, action)
            assert checked == apply_action(state, action)
            assert_sound(checked)


@pytest.mark.parametrize("rules", [STANDARD, SDG], ids=["standard", "sdg"])
@pytest.mark.parametrize("chunk", range(4))
def test_self_play_keeps_every_invariant(rules, chunk):
    rng = random.Random(1000 + chunk)
    recorder = Recorder(every_action=True)
    turns = 0
    while turns < 2000:
        seed = rng.randrange(2**32)
        game = Game(rules, auto_repetition_draw=False)
        turn_rng = random.Random(seed)
        while not game.is_over() and len(game.turns) < 150:
            before = game.position
            random_turn(turn_rng, game, recorder)
            after = game.position
            assert_sound(start_turn(after), committed=True)
            # Undo restores the identical position, and redo the identical successor.
            assert game.undo()
            assert game.position == before
            assert game.redo()
            assert game.position == after
        turns += len(game.turns)
    assert recorder.states > turns


def test_undo_action_restores_each_state_of_the_turn():
    for seed in range(30):
        rng = random.Random(seed)
        game = random_game(seed, max_turns=rng.randint(2, 30))
        if game.is_over():
            continue
        states = [game.state]
        for _ in range(4):
            acts = [a for a in game.legal_actions() if not isinstance(a, EndTurn)]
            if not acts:
                break
            game.act(rng.choice(acts))
            states.append(game.state)
        while len(states) > 1:
            states.pop()
            assert game.undo_action()
            assert game.state == states[-1]
        assert not game.undo_action()


# --- the generator agrees with the validator ----------------------------------------------------


def all_candidates(state: TurnState):
    """Every syntactically possible action in a position (one fresh name for discoveries)."""
    pos = state.position
    names = [s.name for s in pos.systems]
    fresh = "Fresh"
    for name in names:
        for p in range(12):
            yield Build(p, name)
            yield Capture(p, name)
            yield Sacrifice(p, name)
            for q in range(12):
                yield Trade(p, q, name)
                yield Discover(p, name, q, fresh)
            for other in names:
                yield Move(p, name, other)
        for c in range(4):
            yield Catastrophe(name, c)
    yield PASS


def legal_by_validator(state: TurnState) -> set:
    """The actions the validator accepts, found by trying every candidate."""
    accepted = set()
    for action in all_candidates(state):
        try:
            accepted.add(check_action(state, action))
        except IllegalActionError:
            pass
    return accepted


@PROPERTY
@given(seeds)
def test_legal_actions_are_exactly_what_the_validator_accepts(seed):
    state = random_state(seed)
    generated = set()
    for action in legal_actions(state):
        if isinstance(action, Discover):
            action = Discover(action.ship, action.origin, action.star, "Fresh")
        generated.add(action)
    generated.discard(END_TURN)
    accepted = legal_by_validator(state)
    if state.done:
        accepted.discard(PASS)  # a pass after the action is harmless; it is not offered
    assert generated == accepted


# --- whole turns --------------------------------------------------------------------------------


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_legal_turns_are_distinct_and_each_turn_reaches_its_position(seed):
    position = random_position(seed)
    rng = random.Random(seed)
    successors = legal_turns(position)
    keys = [s.position.key() for s in successors]
    assert len(keys) == len(set(keys))
    assert end_turn(position).key() in keys  # passing is always possible
    sample = successors if len(successors) <= 300 else rng.sample(successors, 300)
    for successor in sample:
        game = Game.from_position(position)
        game.play(successor.turn)
        assert game.position == successor.position
        assert game.turns == [successor.turn]


@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_legal_turns_find_every_reachable_position(seed):
    position = random_game(seed, max_turns=random.Random(seed).randint(2, 30)).position
    if position.is_over():
        assert legal_turns(position) == []
        return
    found = {s.position.key() for s in legal_turns(position)}
    assert found == brute_force_keys(position)


def test_setup_turns_are_every_homeworld():
    first = legal_turns(initial_position())
    assert len(first) == 78 * 12
    assert all(isinstance(s.turn[0], Homeworld) and s.position.to_move == 1 for s in first)
    assert len(legal_turns(initial_position(SDG))) == 78 * 12 + 12 * 12


# --- junk and illegal input ----------------------------------------------------------------------

junk_values = st.one_of(
    st.integers(min_value=-3, max_value=15), st.none(), st.booleans(), st.text(max_size=3), st.floats()
)
junk_names = st.one_of(
    st.sampled_from(["North", "south", "Alpha", "Beta", "Gamma", "NORTH", "Nowhere", "", " "]),
    st.text(max_size=8),
    st.integers(),
    st.none(),
)
junk_actions = st.one_of(
    st.builds(Build, junk_values, junk_names),
    st.builds(Trade, junk_values, junk_values, junk_names),
    st.builds(Move, junk_values, junk_names, junk_names),
    st.builds(Discover, junk_values, junk_names, junk_values, junk_names),
    st.builds(Capture, junk_values, junk_names),
    st.builds(Sacrifice, junk_values, junk_names),
    st.builds(Catastrophe, junk_names, junk_values),
    st.builds(Homeworld, junk_values, junk_values, junk_values),
    st.just(PASS),
    st.just(END_TURN),
    junk_values,
    junk_names,
)


@settings(deadline=None, max_examples=1000, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, junk_actions)
def test_junk_actions_are_refused_cleanly_and_change_nothing(seed, action):
    state = random_state(seed % 64)  # a few dozen positions, many junk actions
    try:
        canonical = check_action(state, action)
    except IllegalActionError:
        canonical = None
    if canonical is not None and not isinstance(canonical, EndTurn | Pass):
        after = apply_checked(state, action)
        assert after == apply_action(state, canonical)
        assert_sound(after)
        offered = legal_actions(state)
        if isinstance(canonical, Discover):
            assert any(
                isinstance(a, Discover) and a.ship == canonical.ship and a.star == canonical.star for a in offered
            )
        else:
            assert canonical in offered
    game = Game.from_position(state.position)
    before = (game.state, list(game.pending), list(game.turns))
    try:
        game.act(action)
    except IllegalActionError:
        assert (game.state, list(game.pending), list(game.turns)) == before


def mutations(action, rng: random.Random, names: list[str]):
    """Variants of a legal action with one field changed to another piece, colour or system."""
    fields = {
        Build: ("piece", "system"),
        Trade: ("old", "new", "system"),
        Move: ("ship", "origin", "destination"),
        Discover: ("ship", "origin", "star"),
        Capture: ("piece", "system"),
        Sacrifice: ("ship", "system"),
        Catastrophe: ("system", "color"),
    }.get(type(action), ())
    for field in fields:
        value = getattr(action, field)
        if field in ("system", "origin", "destination"):
            new = rng.choice(names)
        elif field == "color":
            new = rng.randrange(4)
        else:
            new = rng.randrange(12)
        if new != value:
            kwargs = {f: getattr(action, f) for f in action.__slots__}
            kwargs[field] = new
            yield type(action)(**kwargs)


@PROPERTY
@given(seeds)
def test_random_illegal_actions_are_refused(seed):
    state = random_state(seed)
    rng = random.Random(seed)
    legal = set(legal_actions(state))
    names = [s.name for s in state.position.systems]
    tried = 0
    for action in list(legal):
        for changed in mutations(action, rng, names):
            if changed in legal:
                continue
            tried += 1
            with pytest.raises(IllegalActionError):
                apply_checked(state, changed)
    assert tried or len(legal) <= 3


# --- notation round trips ----------------------------------------------------------------------

ACTION_TYPES = (Homeworld, Build, Trade, Move, Discover, Capture, Sacrifice, Catastrophe, Pass, EndTurn)


@pytest.mark.parametrize("style", STYLES)
def test_every_setup_survives_format_then_parse(style):
    for rules in (STANDARD, SDG):
        for action in legal_actions(start_turn(initial_position(rules))):
            assert parse_action(format_action(action, style)) == action


@PROPERTY
@given(seeds)
def test_every_legal_action_survives_format_then_parse(seed):
    state = random_state(seed)
    for action in legal_actions(state):
        for style in STYLES:
            text = format_action(action, style)
            assert parse_action(text) == action, text


@settings(deadline=None, max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_every_legal_turn_survives_format_then_parse(seed):
    position = random_position(seed)
    successors = legal_turns(position)
    sample = successors if len(successors) <= 200 else random.Random(seed).sample(successors, 200)
    for successor in sample:
        for style in STYLES:
            text = format_turn(successor.turn, style)
            assert parse_turn(text) == successor.turn, text


notation_words = st.sampled_from(
    ["build", "B", "construct", "trade", "t", "move", "m", "discover", "d", "attack", "a", "capture", "sac",
     "cat", "c", "pass", "p", "homeworld", "h", "end", "g1", "G3", "r2N", "b1S", "y3", "x1", "g4", "-", "*",
     "Alpha", "north", "South", "red", "Y", "", ";", "\t", "\n", "G1!", "12)", ":"]
)  # fmt: skip
junk_text = st.one_of(st.text(max_size=30), st.lists(notation_words, max_size=7).map(" ".join))


@settings(deadline=None, max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(junk_text)
def test_junk_text_is_a_notation_error_or_an_action(text):
    for read in (parse_action, parse_turn):
        try:
            result = read(text)
        except NotationError:
            continue
        actions = result if isinstance(result, tuple) else (result,)
        assert all(isinstance(a, ACTION_TYPES) for a in actions)
