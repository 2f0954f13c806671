"""The ``hwgame`` command: the game window, and subcommands for players and tools."""

from __future__ import annotations

import argparse
import sys

from . import __version__
from .persist import cli as persist_cli


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="hwgame", description="Homeworlds on your desktop.")
    parser.add_argument("--version", action="version", version=f"hwgame {__version__}")
    sub = parser.add_subparsers(dest="command")
    verify = sub.add_parser("verify", help="replay game transcripts and report any illegal move")
    verify.add_argument("--rules", choices=("sdg", "standard"), default="sdg", help="rule set (default: sdg)")
    verify.add_argument("files", nargs="+", metavar="FILE")
    sub.add_parser("engine", help="the computer opponent as a text protocol on stdin/stdout (see README)")
    analyze = sub.add_parser(
        "analyze", help="review a game transcript turn by turn: evaluations, missed wins and blunders"
    )
    analyze.add_argument(
        "--level",
        choices=("easy", "normal", "hard"),
        default="normal",
        help="how hard the computer looks at each turn (default: normal)",
    )
    analyze.add_argument("--rules", choices=("sdg", "standard"), default="sdg", help="rule set (default: sdg)")
    analyze.add_argument("transcript", metavar="TRANSCRIPT")
    persist_cli.add_arguments(parser, sub)
    from .app.options import add_window_arguments

    add_window_arguments(parser)
    return parser


def _tolerant_output() -> None:
    """Names may be in any script: on a terminal whose encoding cannot show a character, print an
    escape for it rather than fail."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass  # a stream that cannot change keeps its own rule


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    _tolerant_output()
    args = build_parser().parse_args(argv)
    persist_cli.apply_data_dir(args)
    if args.command == "import":
        return persist_cli.run_import(args.transcript)
    if args.command == "export":
        return persist_cli.run_export(args.save, args.sdg, args.force)
    if args.smoke and not args.load and args.command is None:
        # Without a save to check: the whole headless self-check (assets, drawing, computer, saves).
        from .app.smoke import run_smoke

        return run_smoke()
    if args.load:
        # A broken save is reported here, in one line, before any window opens; the window then opens
        # the game with hwgame.persist.load_game(args.load).
        status = persist_cli.check_load(args.load, args.smoke)
        if status or args.smoke:
            return status
    if args.command == "verify":
        from .verify import run_verify

        return run_verify(args.files, args.rules)
    if args.command == "analyze":
        from .analyze import run_analyze

        return run_analyze(args.transcript, args.level, args.rules)
    if args.command == "engine":
        from .engine import run_engine

        return run_engine()
    from .app.main import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
