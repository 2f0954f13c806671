"""``python -m hwgame.bench lessons``: mine the archive for the positions the strategy lessons teach from.

Reviews decided games of the SuperDuperGames archive at a level, the way the replay viewer does, and
writes one JSON line for each turn whose best turn is clear by the one verdict (a proven win, or a lead of
``CLEAR_LEAD`` in win chance over every other turn the search ranked), with the board, the review's
data of that turn and the ideas its best turn shows (``idea_tags``). The lines are what the lesson
author picks from; the lessons' tests check each picked position against the verdict again.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from hwgame.rules import (
    NO_HOME,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    HomeworldsError,
    Move,
    Position,
    Sacrifice,
    Trade,
    Turn,
    apply_turn_unchecked,
    format_turn,
    opponent_of,
    position_to_dict,
)

COLORS = ("red", "yellow", "green", "blue")


def _bank_sizes(position: Position, color: int) -> list[int]:
    return [size for size in range(3) if position.bank[color * 3 + size] > 0]


def idea_tags(position: Position, turn: Turn) -> list[str]:
    """The ideas the turn shows at ``position`` (its mover's): what it does and where, in a few tags."""
    me = position.to_move
    them = opponent_of(me)
    actions = [a for a in turn if not isinstance(a, EndTurn)]
    try:
        after = apply_turn_unchecked(position, tuple(actions))
    except HomeworldsError:
        return []
    tags: set[str] = set()
    home = next((s.name for s in position.systems if s.home == them), None)
    mine = next((s.name for s in position.systems if s.home == me), None)
    had = {piece // 3 for s in position.systems for piece in s.ships_of(me)}
    for action in actions:
        tags.add(type(action).__name__.lower())
        if isinstance(action, Capture) and action.system == home:
            tags.add("capture-at-home")
        if isinstance(action, Catastrophe):
            system = position.system_named(action.system)
            if action.system == home:
                tags.add("catastrophe-at-home")
                stars = system.stars if system is not None else ()
                if any(star // 3 == action.color for star in stars):
                    tags.add("star-demolition")
                else:
                    tags.add("fleet-catastrophe")
            elif action.system == mine:
                tags.add("catastrophe-at-own-home")
            else:
                tags.add("catastrophe-away")
        if isinstance(action, Sacrifice):
            tags.add(f"sacrifice-{COLORS[action.ship // 3]}")
        if isinstance(action, Trade) and action.new // 3 not in had:
            tags.add("trade-new-colour")
        if isinstance(action, Discover) or (isinstance(action, Move) and action.destination != mine):
            tags.add("moves-out")
    # Taking a colour's smallest pieces from the bank, where the other player has that colour's power.
    their_colours = {piece // 3 for s in position.systems for piece in s.ships_of(them)}
    for color in range(4):
        before, later = _bank_sizes(position, color), _bank_sizes(after, color)
        if before and (not later or later[0] > before[0]) and color in their_colours:
            tags.add("denies-smallest")
        if before and not later:
            tags.add("empties-colour")
    if after.is_over() and after.winner() == me:
        tags.add("wins-now")
    if not any(isinstance(a, (Capture, Catastrophe)) for a in actions):
        tags.add("quiet")
    if not any(s.home == NO_HOME and s.ships_of(me) for s in position.systems):
        tags.add("all-at-home")
    return sorted(tags)


# The ideas each lesson teaches, read from a mined line's tags and its review's proof and threats; the
# order is the order of choosing (the rarer ideas first, so that a position fitting two goes to the rarer).
CHOOSING = ("only-defence", "win-in-two", "colours", "freeze-out", "tempo", "investment", "direct-assault",
            "fleet-catastrophe", "star-demolition", "capture", "economy")  # fmt: skip
PER_LESSON = 6  # positions a lesson takes: three examples, then a test of three
SHARP = 0.10  # the lead in chance to win a chosen position must have at least (CLEAR_LEAD)


def lessons_of(line: dict) -> list[str]:
    """The lessons (of ``CHOOSING``) whose idea a mined position's taught turn shows."""
    tags, review = set(line["tags"]), line["review"]
    proof, threats = review.get("proof_before"), review.get("threats")
    out = []
    if proof and proof[0] == "win" and proof[1] == 2 and "quiet" in tags:
        out.append("win-in-two")  # the quiet setup: a first turn that captures nothing
    if threats and not proof:
        out.append("only-defence")
    if "star-demolition" in tags:
        out.append("star-demolition")
    if "fleet-catastrophe" in tags:
        out.append("fleet-catastrophe")
    if "capture-at-home" in tags and "catastrophe" not in tags:
        out.append("direct-assault")
    if "quiet" in tags and not proof and not threats:
        if "trade-new-colour" in tags:
            out.append("colours")
        if "empties-colour" in tags:
            out.append("freeze-out")
        if "build" in tags and "sacrifice" not in tags:
            out.append("economy")
        if "moves-out" in tags and "sacrifice" not in tags and "build" not in tags:
            out.append("tempo")
        if "sacrifice" in tags:
            out.append("investment")
    if "capture" in tags and not proof and not threats and "capture-at-home" not in tags and "catastrophe" not in tags:
        out.append("capture")
    return out


def lead_of(line: dict) -> float:
    """A mined position's lead, read again from its review's data (``mistakes.best_turn_lead``)."""
    from hwgame.analysis.mistakes import best_turn_lead
    from hwgame.analysis.review import turn_review_of
    from hwgame.rules import parse_turn, position_from_dict

    entry = turn_review_of(int(line["index"]), position_from_dict(line["board"]), parse_turn(line["played"]),
                           line["review"])  # fmt: skip
    return best_turn_lead(entry) or 0.0


def choose(mined: Path, left_out: set[str]) -> dict[str, tuple[list[str], list[str]]]:
    """For each lesson, its examples and its test: the clearest positions of the idea (a proof first,
    then the larger lead), one a game, no position in two lessons, none of ``left_out``."""
    lines = []
    with mined.open(encoding="utf-8") as source:
        for raw in source:
            line = json.loads(raw)
            line["lead"] = lead_of(line)
            if line["lead"] >= SHARP and position_id(line) not in left_out:
                lines.append(line)
    used: set[str] = set()
    chosen = {}
    for lesson in CHOOSING:
        games: set[str] = set()
        taken = []
        for line in sorted((x for x in lines if lesson in lessons_of(x)), key=lambda x: -x["lead"]):
            pid = position_id(line)
            if pid in used or line["game"] in games:
                continue
            games.add(line["game"])
            taken.append(pid)
            if len(taken) == PER_LESSON:
                break
        used.update(taken)
        examples = max(2, len(taken) - 3)
        chosen[lesson] = (taken[:examples], taken[examples:])
    return chosen


def position_id(line: dict) -> str:
    """The id of a mined position: the game and the turn's number ("sdg-1041-51")."""
    return f"sdg-{line['game']}-{int(line['index']) + 1}"


def pick(mined: Path, ids: list[str]) -> int:
    """Write the mined positions named by ``ids`` (in that order) to the package's position file."""
    from hwgame.tutorial.strategy import DATA

    lines = {}
    with mined.open(encoding="utf-8") as source:
        for raw in source:
            line = json.loads(raw)
            lines[position_id(line)] = line
    missing = [pid for pid in ids if pid not in lines]
    if missing:
        print(f"not mined: {', '.join(missing)}")
        return 1
    kept = ("game", "players", "index", "played", "board", "review", "tags", "lead")
    entries = [{"id": pid, **{key: lines[pid][key] for key in kept}} for pid in dict.fromkeys(ids)]
    DATA.write_text(json.dumps(entries, indent=0, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(entries)} positions written to {DATA}")
    return 0


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench lessons``."""
    from hwgame.ai.bots import level
    from hwgame.analysis.mistakes import CLEAR_LEAD, best_turn_lead
    from hwgame.analysis.review import review_game
    from hwgame.bench.movegen import games_dir
    from hwgame.rules import SDG, read_transcript, replay

    parser = argparse.ArgumentParser(prog="python -m hwgame.bench lessons", description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal", help="the level whose search reviews (default: normal)")
    parser.add_argument("--games", type=int, default=5, help="decided games to review (default: 5)")
    parser.add_argument("--skip", type=int, default=0, help="decided games to pass over first (default: 0)")
    parser.add_argument("--workers", type=int, default=2, help="processes to search in (default: 2)")
    parser.add_argument("--out", type=Path, default=Path("lesson_positions.jsonl"), help="lines appended here")
    parser.add_argument("--pick", nargs="+", metavar="ID",
                        help="instead of mining: write these positions (GAME-TURN, as the ids read) of --out to "
                             "the package's strategy_positions.json")  # fmt: skip
    parser.add_argument("--choose", action="store_true",
                        help="instead of mining: choose each lesson's positions among those of --out, print them "
                             "and write them to the package's strategy_positions.json")  # fmt: skip
    parser.add_argument("--leave-out", nargs="*", default=[], metavar="ID", help="with --choose: never these")
    args = parser.parse_args(argv)
    if args.choose:
        chosen = choose(args.out, set(args.leave_out))
        for lesson, (examples, test) in chosen.items():
            print(f"{lesson}: examples {' '.join(examples)}; test {' '.join(test)}")
        return pick(args.out, [pid for examples, test in chosen.values() for pid in examples + test])
    if args.pick:
        return pick(args.out, args.pick)
    folder = games_dir()
    if folder is None:
        print("skipped: the SuperDuperGames archive is not here (set HWGAME_GAMES_DIR)")
        return 0
    start, done, seen, kept = time.perf_counter(), 0, 0, 0
    with args.out.open("a", encoding="utf-8") as out:
        for path in sorted(folder.glob("*.raw")):
            if done >= args.games:
                break
            try:
                record = read_transcript(path)
                if record.winner is None or not 12 <= len(record.turns) <= 80:
                    continue
                game = replay(record, SDG)
            except (HomeworldsError, ValueError, OSError):
                continue
            seen += 1
            if seen <= args.skip:
                continue
            done += 1
            review = review_game(game.positions, game.turns, level(args.level), level=args.level,
                                 workers=args.workers)  # fmt: skip
            data = review.to_data()["turns"]
            for entry, turn_data in zip(review.turns, data, strict=False):
                lead = best_turn_lead(entry)
                if entry.position is None or entry.best is None or lead is None or lead < CLEAR_LEAD:
                    continue
                kept += 1
                line = {"game": path.stem, "players": list(entry.position.players), "index": entry.index,
                        "played": format_turn(entry.turn, "canonical"), "board": position_to_dict(entry.position),
                        "review": turn_data,
                        "tags": idea_tags(entry.position, entry.best), "lead": round(lead, 3),
                        "played_is_best": tuple(entry.best) == tuple(entry.turn)}  # fmt: skip
                out.write(json.dumps(line) + "\n")
            out.flush()
            print(f"{path.name}: {len(game.turns)} turns, {kept} kept so far, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip
    return 0


__all__ = ["CHOOSING", "choose", "idea_tags", "lead_of", "lessons_of", "pick", "position_id", "run"]
