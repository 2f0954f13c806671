"""The ``hwgame`` command: the game window, and subcommands for players and tools."""

from __future__ import annotations

import argparse
import sys

from . import __version__


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="hwgame", description="Homeworlds on your desktop.")
    parser.add_argument("--version", action="version", version=f"hwgame {__version__}")
    sub = parser.add_subparsers(dest="command")
    verify = sub.add_parser("verify", help="replay game transcripts and report any illegal move")
    verify.add_argument("--rules", choices=("sdg", "standard"), default="sdg", help="rule set (default: sdg)")
    verify.add_argument("files", nargs="+", metavar="FILE")
    sub.add_parser("engine", help="the computer opponent as a text protocol on stdin/stdout (see README)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "verify":
        from .verify import run_verify

        return run_verify(args.files, args.rules)
    if args.command == "engine":
        from .engine import run_engine

        return run_engine()
    print("The game window is not available in this build yet; try 'hwgame verify FILE'.", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
