"""``python -m hwgame.bench coach``: is what the coach says true and about the board, on real games?

Over decided games of the SuperDuperGames archive (by default from record ``--skip`` on in sorted order,
past the games the tests replay), at a level (``--level``):
- **proof speed**: the exact threats and at-once proofs (``ai.proofs``) of every position, CPU time on
  one core: median, 95th percentile, longest;
- **review**: each game reviewed as the replay viewer and ``hwgame analyze`` do; seconds per turn;
- **words of the board**: the share of marks whose words name something on the board (a proof, a
  capture or catastrophe of the line, or a change of the board), not only a fall of the chance;
- **text and JSON**: each turn's text line and JSON object say the same chance and the same proof;
- **forced losses**: for the loser of each game, the turn where the loss became forced by an exact
  two-turn check (after it the winner wins at once, or the loser is left with every turn losing at
  once) against the review's mark with a proven loss after it;
- **the analyst's memory** after the verdicts of a long game (``--memory`` turns, default 200).
Prints the figures; exits 0.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import tracemalloc
from pathlib import Path

from hwgame.bench.movegen import games_dir
from hwgame.rules import SDG, Game, HomeworldsError, read_transcript, replay


def decided_games(folder: Path, skip: int, count: int, least: int = 12) -> list[tuple[str, Game]]:
    """``count`` decided games of at least ``least`` turns, from record ``skip`` on (sorted by number)."""
    paths = sorted(folder.glob("*.raw"), key=lambda p: int(p.stem) if p.stem.isdigit() else 0)
    out: list[tuple[str, Game]] = []
    for path in paths[skip:]:
        if len(out) == count:
            break
        try:
            game = replay(read_transcript(path), SDG)
        except (HomeworldsError, ValueError, OSError):
            continue
        outcome = game.outcome()
        if outcome is None or outcome.winner is None or len(game.turns) < least:
            continue
        out.append((path.name, game))
    return out


def loser_of(game: Game) -> int | None:
    """The seat that lost a decided game, or None (a game not over, or drawn)."""
    outcome = game.outcome()
    return None if outcome is None or outcome.winner is None else 1 - outcome.winner


def forced_turn(game: Game) -> int | None:
    """The loser's turn (index) where the loss became forced, by the exact two-turn check: the last of
    the loser's turns after which the winner wins at once or the loser is lost at once, while before it
    the loser was not lost at once. None when the game shows no such turn (or no loser)."""
    from hwgame.ai.proofs import in_play, lost_at_once
    from hwgame.ai.tactics import find_win

    loser = loser_of(game)
    if loser is None:
        return None

    positions = game.positions
    found = None
    for i in range(len(game.turns)):
        pos = positions[i]
        if pos.to_move != loser or not in_play(pos) or lost_at_once(pos):
            continue
        after = positions[i + 1]
        if after.is_over():
            forced = after.winner() != loser
        else:
            forced = find_win(after) is not None or (
                i + 2 < len(positions) and in_play(positions[i + 2]) and lost_at_once(positions[i + 2]))
        if forced:
            found = i
    return found


def proof_speed(games: list[tuple[str, Game]]) -> list[float]:
    """CPU seconds of the threats and the at-once proofs at every position of ``games``."""
    from hwgame.ai.proofs import short_proof, threats

    times = []
    for _name, game in games:
        for pos in game.positions:
            start = time.process_time()
            threats(pos)
            short_proof(pos)
            times.append(time.process_time() - start)
    return times


def analyst_memory(game: Game, turns: int, level_name: str) -> tuple[int, int]:
    """(verdicts kept, bytes) of an analyst holding the verdict of each of ``turns`` positions (the game's
    positions over and over when it is shorter)."""
    from hwgame.ai.bots import level
    from hwgame.analysis import Analyst, judge

    positions = [p for p in game.positions if not p.is_over()]
    verdicts = [judge(p, level(level_name), i) for i, p in enumerate(positions)]
    tracemalloc.start()
    analyst = Analyst()
    base = tracemalloc.get_traced_memory()[0]
    for i in range(turns):
        k = i % len(positions)
        # A verdict of its own per turn, as a game of that length would have.
        v = verdicts[k]
        analyst.offer(positions[k], i, type(v)(**{f: getattr(v, f) for f in v.__dataclass_fields__}))
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return len(analyst), used


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench coach``."""
    from hwgame.ai.bots import level
    from hwgame.analysis import percent
    from hwgame.analysis.review import BLUNDER, MISSED_WIN, review_game, review_workers
    from hwgame.cli.analyze import turn_line, turn_object
    from hwgame.words import Voice, board_text

    parser = argparse.ArgumentParser(prog="python -m hwgame.bench coach", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="decided games to review (default: 12)")
    parser.add_argument("--skip", type=int, default=400, help="records passed over first (default: 400)")
    parser.add_argument("--level", default="easy", help="the level whose search reviews (default: easy)")
    parser.add_argument("--memory", type=int, default=200, help="turns of the analyst's memory figure")
    args = parser.parse_args(argv)
    folder = games_dir()
    if folder is None:
        print("skipped: the SuperDuperGames archive is not here (set HWGAME_GAMES_DIR)")
        return 0
    games = decided_games(folder, args.skip, args.games)
    print(f"{len(games)} decided games from record {args.skip} on, level {args.level}")
    times = sorted(proof_speed(games))
    print(f"proofs and threats, {len(times)} positions: median {statistics.median(times) * 1000:.1f} ms, "
          f"95th percentile {times[int(0.95 * (len(times) - 1))] * 1000:.1f} ms, longest {times[-1]:.2f} s")
    marks = named = lines = agree = forced_games = placed = 0
    seconds: list[float] = []
    misplaced: list[str] = []
    bare: list[str] = []  # marks whose words name nothing on the board
    for name, game in games:
        start = time.perf_counter()
        review = review_game(game.positions, game.turns, level(args.level), level=args.level,
                             workers=review_workers())  # fmt: skip
        seconds.append((time.perf_counter() - start) / max(1, len(game.turns)))
        voice = Voice((game.players[0], game.players[1]))
        for entry in review.turns:
            if entry.kind is not None:
                marks += 1
                # A missed win or a blunder into a win at once narrates the winning turn itself.
                if board_text(entry, voice) or (entry.kind in (BLUNDER, MISSED_WIN) and entry.refutation):
                    named += 1
                else:
                    bare.append(f"{name} turn {entry.number}: {turn_line(entry, game.players)}")
            text, data = turn_line(entry, game.players), turn_object(entry, game.players)
            lines += 1
            after = data["win_after"]
            if after is None:
                agree += "[" in text
            elif data["proven_after"] is not None:
                agree += ("proven" in text) and after in (0.0, 0.5, 1.0)
            else:
                agree += f"{percent(after)}%" in text and round(after * 100) == percent(after)
        want = forced_turn(game)
        if want is None:
            continue
        loser = game.positions[want].to_move
        forced_games += 1
        got = [t.index for t in review.turns if t.player == loser and t.kind in (BLUNDER, MISSED_WIN)
               and t.proof_after is not None and t.proof_after.result == "loss"]  # fmt: skip
        if want in got:
            placed += 1
        else:
            misplaced.append(f"{name}: turn {want + 1} expected, marked {[g + 1 for g in got]}")
    print(f"review: {statistics.median(seconds):.2f} s a turn (median), longest {max(seconds):.2f} s")
    print(f"marks whose words name the board: {named} of {marks}")
    for line in bare[:10]:
        print("  " + line[:300])
    print(f"text and JSON agree: {agree} of {lines} turns")
    print(f"forced losses placed at the right turn: {placed} of {forced_games}")
    for line in misplaced[:10]:
        print("  " + line)
    longest = max(games, key=lambda g: len(g[1].turns))[1] if games else None
    if longest is not None:
        kept, used = analyst_memory(longest, args.memory, args.level)
        print(f"analyst after {args.memory} turns: {kept} verdicts, {used / 1024:.0f} KiB")
    print(json.dumps({"marks": marks, "named": named, "lines": lines, "agree": agree, "forced": forced_games,
                      "placed": placed}))  # fmt: skip
    return 0


__all__ = ["analyst_memory", "decided_games", "forced_turn", "loser_of", "proof_speed", "run"]
