"""Levels and personas of the computer opponent, and ``choose_turn``, the one call a caller needs.

A level is a ``Thinking`` (``hwgame.ai.thinking``): when its search stops (time and node budgets,
depth), how it picks its turn (the safety check, how human its mistakes are), how wide it looks and what
it runs on. Beginner and Easy look one turn ahead and play as a person does who thinks of a few
turns only: the best-looking of a few drawn at random from the sensible ones (``person_pick``), never a
turn that hands the opponent a win at once while another does not, and never a pass with an action at
hand that looks as good. Normal (two turns: its own and the reply) and Hard (three: its next turn too,
when the time allows) search deeper and never hand the opponent a win they could avoid; Expert
searches as deep as about ten seconds allow, on every core. Every level takes a win that is there
this turn, and from Normal up a win in two proven over every reply (``win2``).

A seed makes play repeatable: the random choices of a move depend only on the seed and the position.
Budgets are counted in nodes so that a seeded game replays the same on a slower machine; the time
limit (in CPU seconds of the search, so a busy machine changes nothing but the wait) is a backstop
that only a much slower machine reaches. Hard's third turn is the exception: how far it gets is
bounded by its time, so a much slower or faster machine may see it choose differently. Expert alone
shares its search among the machine's cores (``Machine.workers``), which makes it stronger and its
choices no longer repeatable.
"""

from __future__ import annotations

import random
import zlib
from typing import TypeAlias

from hwgame.rules import PLAYING, EndTurn, Move, Pass, Position, Trade, Turn, apply_turn_unchecked, shown

from .evaluate import weights_for
from .explain import exposed_systems
from .handoff import Cancel, History, OnProgress, SearchInfo, SearchReply
from .parallel import workers_wanted
from .rootsplit import search_on
from .search import LIKELY, PROVEN, SearchParams
from .setup import rank_setups
from .tactics import find_win, win_possible
from .thinking import Breadth, Limit, Machine, Manner, Thinking

# How long Normal, Hard and the hints may look through every turn for one that survives a threat to
# win at once (seconds); well inside the time after which the window calls a search hung.
SURVIVE = 10.0

# A weak level's look (``Manner.sample``, ``Manner.among``): the best of this many turns drawn from
# this many best-looking ones. Chosen by matches against the levels around them (see ``hwgame.levels``).
BEGINNER_LOOK = (3, 30)
EASY_LOOK = (6, 20)

# Expert's budget and deepest iteration (it usually stops at depth 3 to 5 in a middle game).
EXPERT_NODES = 80_000
EXPERT_DEPTH = 8

# How each level of ``hwgame.levels.LEVEL_TABLE`` thinks, by the same names in the same order
# (weakest first; a test keeps the two in step).
LEVELS: dict[str, Thinking] = {
    "beginner": Thinking(Limit(time=0.5, nodes=4000, depth=1),
                         Manner(sample=BEGINNER_LOOK[0], among=BEGINNER_LOOK[1]),
                         Breadth(beam=2, root_cap=1200, root_keep=6, survive=SURVIVE)),
    "easy": Thinking(Limit(time=1.0, nodes=8000, depth=1, most=2.5),
                     Manner(sample=EASY_LOOK[0], among=EASY_LOOK[1]),
                     Breadth(beam=3, root_cap=2000, root_keep=8, survive=SURVIVE)),
    "normal": Thinking(Limit(time=1.2, nodes=6000, depth=2, most=1.5),
                       Manner(),
                       Breadth(beam=4, root_cap=2500, root_keep=8, inner_beam=2, inner_cap=300, inner_keep=6,
                               survive=SURVIVE, win2=2_000)),
    # Hard looks a third turn ahead, its own next one, where the time allows (about two middle-game
    # turns in three): that is what it sees that Normal does not, threats it makes and can carry out.
    "hard": Thinking(Limit(time=2.4, nodes=26000, depth=3, most=2.6),
                     Manner(),
                     Breadth(beam=6, root_cap=5000, root_keep=20, inner_beam=3, inner_cap=700, inner_keep=8,
                             survive=SURVIVE, win2=6_000)),
    # Hard's widths searched as deep as about ten seconds allow: the node budget is what a search
    # of this machine made in that time (7,000-9,000 a second); the time is the backstop. It shares
    # its work among every core (each process with that budget), so more cores search deeper.
    "expert": Thinking(Limit(time=10.0, nodes=EXPERT_NODES, depth=EXPERT_DEPTH, most=14.0),
                       Manner(),
                       Breadth(beam=6, root_cap=5000, root_keep=20, inner_beam=3, inner_cap=700, inner_keep=8,
                               survive=SURVIVE, win2=40_000),
                       Machine(workers=0)),
}  # fmt: skip

# How far below the best score a turn the hint passes over may be replaced (evaluation points).
AVOID_MARGIN = 15.0

# Normal, careful with what it places: how the window's hints and its verdicts of a position think.
CAREFUL_NORMAL = LEVELS["normal"].with_manner(careful=True)


def level(name: str) -> Thinking:
    """The Thinking of a level by name (beginner, easy, normal, hard, expert), case-insensitive."""
    try:
        return LEVELS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown level {shown(name)}: use one of {', '.join(LEVELS)}") from None


def move_rng(position: Position, seed: int | None) -> random.Random:
    """The random source of one move: fixed by the seed and the position (stable across runs)."""
    if seed is None:
        return random.Random()
    return random.Random(seed * 1_000_003 + zlib.crc32(repr(position.key()).encode()))


MAX_DEPTH = 12  # deepest iteration a time- or depth-limited analysis may reach


def timed(thinking: Thinking, seconds: float) -> Thinking:
    """``thinking`` searching as deep as ``seconds`` allow and returning by then (a few ms aside): the
    level's depth cap and node budget do not apply, and the look for a turn that survives a threat
    stays within the time too (it may otherwise take ``SURVIVE`` seconds of its own)."""
    return (thinking.with_limit(time=max(0.001, seconds - 0.04), hard=seconds, nodes=None, depth=MAX_DEPTH,
                                wall_clock=True)
            .with_breadth(survive=0.0, win2=None, convert=False))  # fmt: skip


def params_for(thinking: Thinking, safety: bool | None = None, history: History = None) -> SearchParams:
    """Search parameters for a Thinking (``safety`` in place of its manner's when given)."""
    limit, breadth = thinking.limit, thinking.breadth
    hard = 2.5 * limit.time if limit.hard is None else limit.hard
    panic = limit.most
    if limit.hard is not None:
        panic = limit.hard + 0.02
    elif panic is not None:
        hard = min(hard, panic)
    return SearchParams(
        max_depth=limit.depth,
        time_limit=limit.time,
        hard_time=hard,  # root generation and the safety check may run past the soft limit
        panic_time=panic,
        wall_clock=limit.wall_clock,
        node_limit=limit.nodes,
        root_width=breadth.beam,
        root_cap=breadth.root_cap,
        root_keep=breadth.root_keep,
        inner_width=breadth.inner_beam,
        inner_cap=breadth.inner_cap,
        inner_keep=breadth.inner_keep,
        safety=thinking.manner.safety if safety is None else safety,
        survive=breadth.survive,
        win2_nodes=breadth.win2,
        convert=breadth.convert,
        wall_factor=thinking.machine.wall_factor,
        weights=weights_for(thinking.manner.persona, thinking.manner.weights),
        history=history,
    )


# A candidate turn with its score for the mover, as the search ranks them.
Scored: TypeAlias = tuple[float, Turn]


def person_pick(position: Position, ranked: list[Scored], sample: int, among: int, rng: random.Random,
                best: Scored) -> Scored:
    """A person's choice among the search's ranked (score, turn): the best-looking of ``sample`` turns
    drawn at random from the ``among`` best-looking sensible ones. Sensible: not known to lose at once,
    and no pass while a turn with an action looks as good. A drawn turn that lets the opponent win at
    once is seen as such and put aside; when none drawn survives, the best-looking of the ``among``
    that does is played (a person who sees the threat looks for the answer), else ``best`` (the
    search's, which looked at every turn for one that survives)."""
    pool = sorted((r for r in ranked if r[0] > -(LIKELY - 1000)), key=lambda r: -r[0])
    passes = [r for r in pool if not _played(r[1]) or isinstance(_played(r[1])[0], Pass)]
    if passes and any(r[0] >= passes[0][0] for r in pool if r not in passes):
        pool = [r for r in pool if r not in passes]  # an action at hand that looks as good: no pass
    looked = pool[:among]
    drawn = sorted(rng.sample(looked, min(sample, len(looked))), key=lambda r: -r[0])
    for r in drawn:
        if r[0] >= PROVEN or _survives(position, r[1]):
            return r
    for r in looked:
        if r not in drawn and _survives(position, r[1]):
            return r
    return best


def careful_pick(position: Position, ranked: list[Scored], best: Scored, look: int = 8) -> Scored:
    """The best of the ``look`` best (score, turn) that leaves no placed ship open to a catastrophe and
    does not let the opponent win at once, or ``best`` when none of them is."""
    for score, turn in sorted(ranked, key=lambda r: -r[0])[:look]:
        if score >= PROVEN:
            return score, turn  # a win proven over every reply needs no care for what it leaves
        if score <= -(LIKELY - 1000):
            break
        if exposed_systems(position, turn) or not _survives(position, turn):
            continue
        return score, turn
    return best


def _survives(position: Position, turn: Turn) -> bool:
    """True when the opponent cannot win at once after ``turn`` (candidates the search did not check
    may be ranked among the checked ones, so a careful pick checks again)."""
    after = apply_turn_unchecked(position, turn)
    if after.is_over():
        return after.winner() == position.to_move
    return not win_possible(after) or find_win(after) is None


def choose_turn(
    position: Position, thinking: Thinking, seed: int | None = None, cancel: Cancel = None,
    progress: OnProgress = None, history: History = None,
) -> SearchReply:
    """Choose a turn for the side to move in ``position`` (a homeworld during setup), as ``thinking`` says.

    ``cancel`` is an Event-like object (``is_set``) or a callable returning True to stop;
    ``progress`` is called with a dict (depth, nodes, turn, score, seconds) as the search improves;
    ``history`` maps position keys to how often they occurred (``Game.repetition_counts()``), so the
    computer sees draws by repetition coming.
    """
    rng = move_rng(position, seed)
    manner = thinking.manner
    if position.stage < PLAYING:
        ranked = rank_setups(position)
        margin = 8.0 if manner.sample > 0 else 0.0
        good = [r for r in ranked if r[0] >= ranked[0][0] - margin]
        score, setup = rng.choice(good)
        return SearchReply(setup, score, SearchInfo(nodes=len(ranked)))
    safety = manner.safety
    params = params_for(thinking, safety, history)
    result = search_on(workers_wanted(thinking.machine.workers), position, params, cancel, progress)
    turn: Turn | None = result.turn
    score = result.score
    if turn is not None and not result.won and manner.sample > 0 and result.ranked:
        score, turn = person_pick(position, result.ranked, manner.sample, manner.among, rng, (score, turn))
    elif turn is not None and not result.won and manner.careful and result.ranked:
        score, turn = careful_pick(position, result.ranked, (score, turn))
    # The line is the search's, after its own turn: a turn the manner picked instead has none.
    line = tuple(result.line) if turn == result.turn else ()
    if manner.avoid and turn is not None and not result.won and _played(turn) in manner.avoid:
        score, turn = _instead(position, result.ranked, (score, turn), manner.avoid)
        line = ()
    why = None
    if thinking.explain and turn is not None and not result.cancelled:
        from .why import why_turn

        why = why_turn(position, turn)
    info = SearchInfo(depth=result.depth, nodes=result.nodes, seconds=result.seconds, cancelled=result.cancelled,
                      won=result.won, safety=safety, line=line, best_turn=result.turn, best_score=result.score,
                      why=why)  # fmt: skip
    return SearchReply(turn, score, info)


def _played(turn: Turn) -> Turn:
    return tuple(a for a in turn if not isinstance(a, EndTurn))


def _instead(position: Position, ranked: list[Scored], chosen: Scored, avoid: tuple[Turn, ...]) -> Scored:
    """Another good turn for ``chosen`` when it is one of the ``avoid`` turns and parries no threat: the
    best ranked one that is not avoided, survives and scores at most a little below it."""
    from .why import why_turn

    if why_turn(position, chosen[1]).parried:
        return chosen  # the board asks for it: the threat it parries is the reason, and the hint says so
    for score, turn in sorted(ranked, key=lambda r: -r[0]):
        if score < chosen[0] - AVOID_MARGIN:
            break
        if _played(turn) not in avoid and _survives(position, turn):
            return score, turn
    return chosen


def reversal_of(turn: Turn) -> Turn | None:
    """The turn that undoes ``turn`` when it is a single trade or move (a trade back, a move back), else None."""
    played = _played(turn)
    if len(played) != 1:
        return None
    action = played[0]
    if isinstance(action, Trade):
        return (Trade(action.new, action.old, action.system),)
    if isinstance(action, Move):
        return (Move(action.ship, action.destination, action.origin),)
    return None


__all__ = ["CAREFUL_NORMAL", "LEVELS", "MAX_DEPTH", "Scored", "careful_pick", "choose_turn", "level", "move_rng",
           "params_for", "person_pick", "reversal_of", "timed"]  # fmt: skip
