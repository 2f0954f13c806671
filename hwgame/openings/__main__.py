"""``python -m hwgame.openings build FOLDER [-o FILE] [--depth N]``: make the opening book from a folder
of SDG transcripts (``*.raw``). Without ``-o`` the book shipped with the package is written over."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .book import DEPTH, Book
from .data import MAX_FILE_BYTES, PACKAGE_FILE, encode_book
from .paths import archive_paths


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it, so that no reader sees half a book."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    """Build the book; print what was counted and skipped; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m hwgame.openings", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="make the opening book from a folder of SDG transcripts")
    build.add_argument("folder", type=Path, help="a folder of SDG transcripts (*.raw)")
    build.add_argument("-o", "--output", type=Path, default=PACKAGE_FILE, help="the book file to write")
    build.add_argument("--depth", type=int, default=DEPTH, help=f"turns kept per game, setup included ({DEPTH})")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"not a folder: {args.folder}", file=sys.stderr)
        return 2
    if not 1 <= args.depth <= 40:
        print("the depth must be between 1 and 40", file=sys.stderr)
        return 2
    skipped: list[str] = []
    book = Book(args.depth).extend(archive_paths(args.folder, args.depth, note=skipped.append))
    for line in skipped:
        print(line, file=sys.stderr)
    data = encode_book(book)
    if len(data) > MAX_FILE_BYTES:
        print(f"the book would be {len(data)} bytes, over {MAX_FILE_BYTES}: try a smaller --depth", file=sys.stderr)
        return 1
    try:
        _write(args.output, data)
    except OSError as exc:
        print(f"cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    counted = ", ".join(f"{n} under {rules}" for rules, n in sorted(book.games.items()))
    print(f"{args.output}: {len(data)} bytes; {counted}; {len(book.nodes)} positions, "
          f"{sum(len(v) for v in book.links.values())} turns; {len(skipped)} files skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
