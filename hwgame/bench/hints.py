"""``python -m hwgame.bench hints``: does the hint's first rung name something on the board, on real games?

Over held-out decided games of the SuperDuperGames archive (by default from record ``--skip`` on in sorted
order, past the games the tests replay), every ``--every``-th position in play up to ``--positions`` of
them is judged once (``analysis.judge`` at ``--level``: by default the thinking of the hint's verdict) and its ladder
built (``analysis.ideas.ladder_of``). Figures:
- **names the board**: the share of ladders whose first rung names a system or piece on the board (a
  blow, a threat, a ship in danger, a weak homeworld, a proven win, or at least the place of the turn);
- **beyond a place**: the share whose first rung says more than where the turn is played;
- **dropped**: ideas the verdict suggested that its line did not bear out (``holds`` refused them);
- **checked**: every idea said passes ``holds`` (a claim its line contradicts would be a defect);
- **second rung**: the share of ladders with pieces to ring, and the ladder's own time per position.
Prints the figures and a JSON line; exits 0.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter

from hwgame.bench.coach import decided_games
from hwgame.bench.movegen import games_dir

# The thinking the window's verdicts use (``app.services.opponent.CAREFUL_NORMAL_LEVEL``), by its name.
HINTS_THINK = "careful-normal"
PLACE_ONLY = "focus"
LOST = "lost"


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench hints``."""
    from hwgame.ai.bots import CAREFUL_NORMAL, level
    from hwgame.ai.proofs import in_play
    from hwgame.analysis import judge
    from hwgame.analysis.ideas import candidates, holds, ladder_of

    parser = argparse.ArgumentParser(prog="python -m hwgame.bench hints", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="decided games to read (default: 6)")
    parser.add_argument("--skip", type=int, default=500, help="records passed over first (default: 500)")
    parser.add_argument("--every", type=int, default=4, help="judge every n-th position (default: 4)")
    parser.add_argument("--positions", type=int, default=36, help="positions judged at most (default: 36)")
    parser.add_argument("--level", default=HINTS_THINK, help=f"the level whose search judges (default: {HINTS_THINK}, "
                        "the hint's own)")
    args = parser.parse_args(argv)
    folder = games_dir()
    if folder is None:
        print("skipped: the SuperDuperGames archive is not here (set HWGAME_GAMES_DIR)")
        return 0
    games = decided_games(folder, args.skip, args.games)
    thinking = CAREFUL_NORMAL if args.level == HINTS_THINK else level(args.level)
    judged = board = beyond = lit = dropped = said = wrong = 0
    kinds: Counter[str] = Counter()
    seconds: list[float] = []
    bare: list[str] = []
    for name, game in games:
        for i in range(2, len(game.turns), args.every):
            pos = game.positions[i]
            if judged == args.positions:
                break
            if not in_play(pos) or pos.is_over():
                continue
            verdict = judge(pos, thinking, i)
            judged += 1
            start = time.perf_counter()
            ladder = ladder_of(pos, verdict)
            seconds.append(time.perf_counter() - start)
            said += len(ladder.ideas)
            wrong += sum(not holds(pos, verdict, idea) for idea in ladder.ideas)
            dropped += sum(not holds(pos, verdict, idea) for idea in candidates(pos, verdict))
            kinds.update(idea.kind for idea in ladder.ideas)
            on_board = [k for k in ladder.ideas if k.kind != LOST and pos.system_named(k.system) is not None]
            board += bool(on_board)
            beyond += any(k.kind != PLACE_ONLY for k in on_board)
            lit += bool(ladder.lit)
            if not on_board:
                bare.append(f"{name} turn {i + 1}: {[k.kind for k in ladder.ideas]}")
    games_read = ", ".join(name for name, _game in games)
    print(f"{judged} positions of {len(games)} decided games from record {args.skip} on ({games_read}), "
          f"level {args.level}")
    print(f"first rung names the board: {board} of {judged}; beyond the place of the turn: {beyond} of {judged}")
    print(f"ideas said: {dict(kinds)}; suggested but not borne out by the line (dropped): {dropped}")
    print(f"ideas said that fail the check: {wrong} of {said}")
    print(f"second rung has pieces to ring: {lit} of {judged}")
    if seconds:
        print(f"ladder: {statistics.median(seconds) * 1000:.1f} ms median, longest {max(seconds) * 1000:.1f} ms")
    for line in bare[:10]:
        print("  names nothing on the board: " + line)
    print(json.dumps({"positions": judged, "board": board, "beyond": beyond, "said": said, "wrong": wrong,
                      "dropped": dropped, "lit": lit}))  # fmt: skip
    return 0


__all__ = ["run"]
