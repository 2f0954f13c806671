"""``python -m hwgame.bench explorer [--plies N] [--book FILE]``: the opening book's size and lookup time.

Prints the size of the book file shipped with the package (or ``--book``), the time to read it, and the
time of ``Book.explore`` (the games at a position and its next turns, each written with the board's
names and checked legal) over the book's positions of the first ``--plies`` turns: median and maximum.
The positions are rebuilt from the book itself (the stored turn of the first way into each), so no
archive is needed.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import deque
from pathlib import Path

from hwgame.openings import PACKAGE_FILE, Book, key_text, named_turn, read_book
from hwgame.rules import SDG, HomeworldsError, Position, initial_position

TARGET_MS = 50.0  # a lookup the window does when the board shown changes


def book_positions(book: Book, plies: int) -> list[Position]:
    """The positions of the book within ``plies`` turns of the start, each rebuilt once (breadth first)."""
    start = initial_position(SDG)
    seen = {key_text(start)}
    out: list[Position] = []
    queue: deque[tuple[Position, int]] = deque([(start, 0)])
    while queue:
        position, depth = queue.popleft()
        out.append(position)
        if depth >= plies:
            continue
        for child, (text, _counts) in book.links.get(key_text(position), {}).items():
            if child in seen:
                continue
            try:
                _turn, after = named_turn(position, text)
            except HomeworldsError:
                continue
            if key_text(after) == child:
                seen.add(child)
                queue.append((after, depth + 1))
    return out


def run(argv: list[str]) -> int:
    """Print the figures; return 0 (1 when the slowest lookup misses ``TARGET_MS``)."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.bench explorer")
    parser.add_argument("--plies", type=int, default=12, help="turns from the start, setup included (12)")
    parser.add_argument("--book", type=Path, default=PACKAGE_FILE, help="the book file")
    args = parser.parse_args(argv)
    size = args.book.stat().st_size
    t0 = time.perf_counter()
    book = read_book(args.book)
    load_ms = (time.perf_counter() - t0) * 1000
    positions = book_positions(book, args.plies)
    times = []
    for position in positions:
        t = time.perf_counter()
        book.explore(position)
        times.append((time.perf_counter() - t) * 1000)
    print(f"book {args.book.name}: {size} bytes ({size / 1024:.0f} KiB), read in {load_ms:.0f} ms; "
          f"{len(book.nodes)} positions, {sum(len(v) for v in book.links.values())} turns")
    print(f"lookup over {len(positions)} positions of the first {args.plies} turns: "
          f"median {statistics.median(times):.2f} ms, max {max(times):.1f} ms (target {TARGET_MS:.0f} ms)")
    return 0 if max(times) < TARGET_MS else 1
