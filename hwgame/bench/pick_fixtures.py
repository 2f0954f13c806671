"""Rebuild the movegen benchmark fixtures from the SuperDuperGames archive.

``python -m hwgame.bench.pick_fixtures GAMES_DIR`` replays the chosen records under sdg rules and
writes the positions to ``fixtures/movegen_positions.json``. The choice spans the game: early
positions, the middle game and large late positions where sacrifices of big ships give many turns.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hwgame.rules import position_to_dict, read_transcript, replay

# (record, turns played, stage of the game)
CHOICES = (
    ("21133.raw", 7, "early"),
    ("34757.raw", 14, "early"),
    ("2169.raw", 14, "early"),
    ("29989.raw", 28, "middle"),
    ("7653.raw", 35, "middle"),
    ("32661.raw", 35, "middle"),
    ("10105.raw", 21, "middle, sacrifices"),
    ("14893.raw", 49, "late, sacrifices"),
    ("33849.raw", 70, "late, sacrifices"),
    ("35689.raw", 42, "late, sacrifices"),
)


def build(games_dir: Path) -> list[dict]:
    """The fixture entries: a label and the position after the given number of turns."""
    entries = []
    for record, turns, stage in CHOICES:
        game = replay(read_transcript(games_dir / record))
        entries.append(
            {"label": f"{stage}: {record} turn {turns}", "position": position_to_dict(game.positions[turns])}
        )
    return entries


def main(argv: list[str]) -> int:
    """Write the fixtures file from the archive folder given as the only argument."""
    if len(argv) != 1:
        print("usage: python -m hwgame.bench.pick_fixtures GAMES_DIR/sdg", file=sys.stderr)
        return 2
    out = Path(__file__).with_name("fixtures") / "movegen_positions.json"
    out.write_text(json.dumps(build(Path(argv[0])), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
