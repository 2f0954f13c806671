"""Opening sets for the matches against the reference: pairs of homeworlds as real players set them up.

An opening is a pair of setups (first player's, second player's), each written ``"r1 b2 g3"``: the two
stars, then the ship, in the words of ``Homeworld``. A set comes from one of three places:

- ``fixed``: the 20 most frequent pairs of the archive, the set the levels were tuned on;
- ``archive``: every pair of two-star setups in the archive's two-player games, weighted by how often
  it occurs, split into two halves by a seed (``tune`` and ``report``: a level is tuned on one half
  and its strength reported on the other, so a score never comes from an opening it was tuned on);
  the openings played are drawn from the chosen half, weighted by frequency, without repeats;
- a file: one opening a line, ``r1 b2 g3 / r3 b1 g3``; ``#`` starts a comment.

The halves are stratified: pairs are ranked by frequency and each consecutive two is shared out at
random, one to each half, so both halves hold about the same weight of common and rare openings. The
20 of ``fixed``, on which the levels were tuned, always belong to the tune half.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from hwgame.rules import (
    STANDARD,
    Homeworld,
    HomeworldsError,
    apply_checked,
    end_turn,
    initial_position,
    parse_turn,
    piece_text,
    read_transcript,
    start_turn,
)

Opening = tuple[str, str]

# The 20 most frequent pairs of two-star setups in the archive's 941 games (first player, second
# player), most frequent first: "stars ship".
OPENINGS = (
    ("r1 b2 g3", "r3 b1 g3"), ("y1 b2 g3", "r1 b3 g3"), ("y1 b2 g3", "y3 b1 g3"), ("r1 b3 g3", "r2 b1 g3"),
    ("y3 b1 g3", "y1 b2 g3"), ("r1 b2 g3", "y3 b1 g3"), ("r1 b2 g3", "r2 b3 g3"), ("y2 b1 g3", "r1 b3 g3"),
    ("y2 b1 g3", "g3 b1 b3"), ("y1 b3 g3", "y2 b1 g3"), ("r1 b2 g3", "y3 b2 g3"), ("y1 b2 g3", "y3 b2 g3"),
    ("y3 b1 g3", "r1 b2 g3"), ("r1 b2 g3", "y2 b3 g3"), ("y2 b3 g3", "y1 b2 g3"), ("y1 b3 g3", "r2 b1 g3"),
    ("r1 b3 g3", "y2 b1 g3"), ("y1 b2 g3", "r3 b1 g3"), ("r2 b1 g3", "y1 b3 g3"), ("y3 b2 g3", "r1 b2 g3"),
)  # fmt: skip

HALVES = ("tune", "report", "all")
MAX_FILE_BYTES = 1 << 20  # an opening file is a few hundred short lines
MAX_LINE = 200


def setup_text(action: object) -> str | None:
    """A two-star homeworld as ``"r1 b2 g3"`` (stars in a fixed order), or None for anything else."""
    if not isinstance(action, Homeworld) or action.star2 is None:
        return None
    stars = sorted((action.star1, action.star2))
    return " ".join(piece_text(p).lower() for p in (*stars, action.ship))


def checked(opening: Opening) -> Opening:
    """``opening`` when both setups are legal in turn under the standard rules; ValueError otherwise."""
    pos = initial_position(STANDARD)
    for setup in opening:
        try:
            turn = parse_turn("homeworld " + setup)
            if len(turn) != 1:
                raise ValueError("one homeworld a side")
            pos = end_turn(apply_checked(start_turn(pos), turn[0]).position)
        except (HomeworldsError, ValueError) as exc:
            raise ValueError(f"not a homeworld: {setup[:40]!r} ({str(exc)[:80]})") from None
    return opening


def archive_openings(folder: Path) -> Counter[Opening]:
    """How often each pair of two-star setups opens a two-player game of ``folder`` (SDG records)."""
    counts: Counter[Opening] = Counter()
    for path in sorted(folder.glob("*.raw")):
        try:
            record = read_transcript(path)
        except (HomeworldsError, ValueError, OSError):
            continue
        if len(record.players) != 2 or len(record.turns) < 2:
            continue
        first, second = (setup_text(t[0]) if len(t) == 1 else None for t in record.turns[:2])
        if first is not None and second is not None:
            counts[(first, second)] += 1
    return counts


def split_halves(
    counts: Counter[Opening], seed: int, tuned: Iterable[Opening] = ()
) -> tuple[Counter[Opening], Counter[Opening]]:
    """The (tune, report) halves of ``counts`` (see the module docstring); the same seed, the same split.
    Openings of ``tuned`` (already used to tune) all go to the tune half."""
    rng = random.Random(seed)
    before = set(tuned)
    ranked = sorted((o for o in counts if o not in before), key=lambda o: (-counts[o], o))
    tune: Counter[Opening] = Counter({o: counts[o] for o in before if o in counts})
    report: Counter[Opening] = Counter()
    for i in range(0, len(ranked), 2):
        two = ranked[i : i + 2]
        rng.shuffle(two)
        tune[two[0]] = counts[two[0]]
        if len(two) > 1:
            report[two[1]] = counts[two[1]]
    return tune, report


def draw(counts: Counter[Opening], n: int, seed: int) -> list[Opening]:
    """``n`` different openings of ``counts`` drawn with chances by frequency (all of them when fewer)."""
    rng = random.Random(seed)
    pool = sorted(counts, key=lambda o: (-counts[o], o))
    out: list[Opening] = []
    while pool and len(out) < n:
        pick = rng.choices(range(len(pool)), weights=[counts[o] for o in pool])[0]
        out.append(pool.pop(pick))
    return out


def read_openings(path: Path) -> list[Opening]:
    """The openings of a file (see the module docstring); ValueError naming the line that is wrong.
    Only a regular file of at most ``MAX_FILE_BYTES`` is read."""
    if not path.is_file():
        raise ValueError(f"{path}: not a regular file")
    with open(path, "rb") as f:
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"{path}: larger than {MAX_FILE_BYTES} bytes")
    return list(_parsed(data.decode("utf-8", errors="replace").splitlines(), path))


def _parsed(lines: Iterable[str], path: Path) -> Iterable[Opening]:
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        first, slash, second = text.partition("/")
        try:
            if len(text) > MAX_LINE or not slash:
                raise ValueError("write an opening as 'r1 b2 g3 / r3 b1 g3'")
            yield checked((" ".join(first.lower().split()), " ".join(second.lower().split())))
        except ValueError as exc:
            raise ValueError(f"{path} line {number}: {exc}") from None


def opening_set(source: str, n: int, half: str = "report", split_seed: int = 1, seed: int = 1,
                games_dir: Path | None = None) -> list[Opening]:  # fmt: skip
    """The openings a match plays: ``fixed``, ``archive`` (``n`` drawn from ``half`` of the split made
    by ``split_seed``, with ``seed``; records from ``games_dir``) or the path of a file."""
    if source == "fixed":
        return list(OPENINGS)
    if source != "archive":
        return read_openings(Path(source))
    if games_dir is None or not games_dir.is_dir():
        raise ValueError(f"no archive of records at {games_dir} (set HWGAME_GAMES_DIR)")
    counts = archive_openings(games_dir)
    tune, report = split_halves(counts, split_seed, tuned=OPENINGS)
    chosen = {"tune": tune, "report": report, "all": counts}[half]
    return [checked(o) for o in draw(chosen, n, seed)]


__all__ = ["HALVES", "OPENINGS", "Opening", "archive_openings", "checked", "draw", "opening_set", "read_openings",
           "setup_text", "split_halves"]  # fmt: skip
