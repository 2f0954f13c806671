"""``python -m hwgame.bench ratings RESULT... [--anchor NAME=RATING]``: Elo ratings fitted to match scores.

Each RESULT is ``A B SCORE GAMES``: A scored SCORE (a win 1, a draw 0.5) in GAMES games against B, as
the matches of ``python -m hwgame.bench ai`` print them. Each score says how far apart the two stand on
the Elo scale, 400 log10(s / (1 - s)), and how surely: the variance of a score over n games,
s(1 - s) / n, carried through that logarithm. The ratings are the weighted least-squares fit of every
difference at once, one player held at its anchor, and each comes with the 95% interval the games
allow. A score of all wins (or all losses) says only that the gap is large: it is read as half a game
less (or more), which keeps the fit finite and its interval wide.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass

from .linalg import solve

SPREAD = 400.0 / math.log(10.0)  # d(elo)/d(logit): the Elo scale's unit of the score's log-odds
Z95 = 1.96


@dataclass(frozen=True)
class Result:
    """``first`` scored ``score`` in ``games`` games against ``second``."""

    first: str
    second: str
    score: float
    games: int


@dataclass(frozen=True)
class Rating:
    """A fitted rating and the half-width of its 95% interval (0 for the anchor)."""

    name: str
    rating: float
    within: float


def parse_result(text: str) -> Result:
    """``A B SCORE GAMES`` as a Result; ValueError says what is wrong."""
    words = text.split()
    if len(words) != 4:
        raise ValueError(f"a result is 'A B SCORE GAMES', not {text[:60]!r}")
    first, second, score_text, games_text = words
    score, games = float(score_text), int(games_text)
    if games <= 0 or not 0 <= score <= games or first == second:
        raise ValueError(f"a score of {score} in {games} games between {first[:20]!r} and {second[:20]!r} cannot be")
    return Result(first, second, score, games)


def gap(result: Result) -> tuple[float, float]:
    """The Elo difference ``first`` minus ``second`` a result says, and its variance."""
    n = result.games
    share = min(max(result.score, 0.5), n - 0.5) / n
    difference = SPREAD * math.log(share / (1.0 - share))
    return difference, SPREAD * SPREAD / (n * share * (1.0 - share))


def fit(results: list[Result], anchor: str, at: float) -> list[Rating]:
    """Every player's rating, ``anchor`` held at ``at``; ValueError when a player is not linked to the
    anchor through the results."""
    names = sorted({r.first for r in results} | {r.second for r in results})
    if anchor not in names:
        raise ValueError(f"the anchor {anchor[:20]!r} played none of these games")
    linked, reach = {anchor}, [anchor]
    while reach:  # who is tied to the anchor through results: a rating of anyone else means nothing
        here = reach.pop()
        for r in results:
            for one, other in ((r.first, r.second), (r.second, r.first)):
                if one == here and other not in linked:
                    linked.add(other)
                    reach.append(other)
    apart = [n for n in names if n not in linked]
    if apart:
        raise ValueError(f"{apart[0][:20]!r} is not linked to the anchor by any result")
    free = [n for n in names if n != anchor]
    index = {n: i for i, n in enumerate(free)}
    size = len(free)
    normal = [[0.0] * size for _ in range(size)]
    right = [0.0] * size
    for r in results:
        difference, variance = gap(r)
        weight = 1.0 / variance
        # One row of the design: +1 for first, -1 for second; the anchor's known rating moves right.
        row = {index[r.first]: 1.0} if r.first in index else {}
        if r.second in index:
            row[index[r.second]] = -1.0
        target = difference + (at if r.second == anchor else 0.0) - (at if r.first == anchor else 0.0)
        for i, a in row.items():
            right[i] += weight * a * target
            for j, b in row.items():
                normal[i][j] += weight * a * b
    values = solve(normal, right)
    ratings = [Rating(anchor, at, 0.0)]
    for i, name in enumerate(free):
        unit = [1.0 if j == i else 0.0 for j in range(size)]
        variance = solve(normal, unit)[i]  # the diagonal of the inverse: the rating's variance
        ratings.append(Rating(name, values[i], Z95 * math.sqrt(max(variance, 0.0))))
    return sorted(ratings, key=lambda r: r.rating)


def run(argv: list[str]) -> int:
    """Entry point of ``python -m hwgame.bench ratings``."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench ratings", description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", help="'A B SCORE GAMES': A scored SCORE in GAMES games against B")
    parser.add_argument("--anchor", default="beginner=800", help="NAME=RATING held fixed (default: beginner=800)")
    args = parser.parse_args(argv)
    name, sep, value = args.anchor.partition("=")
    try:
        if not sep:
            raise ValueError("--anchor wants NAME=RATING")
        ratings = fit([parse_result(t) for t in args.results], name, float(value))
    except ValueError as exc:
        parser.error(str(exc))
    for r in ratings:
        print(f"{r.name}: {r.rating:.0f}" + (f" +- {r.within:.0f}" if r.within else " (anchor)"))
    return 0


__all__ = ["Rating", "Result", "fit", "gap", "parse_result", "run"]
