"""The ``hwgame`` command: the game window, and subcommands for players and tools.

``--lang CODE`` (en, ja, zh-Hant, or a locale name such as ja_JP) sets the language of the command
line's messages and of the window, where it wins over the saved setting; without it the command line
speaks the system's language (``hwgame.i18n.system_language``) and the window its saved setting.
"""

from __future__ import annotations

import argparse
import sys

from hwgame.cli import saves as persist_cli

from . import __version__
from .i18n import LANGUAGES, _, normalize_language, set_language, system_language
from .i18n.cli import speak_argparse


def language_code(text: str) -> str:
    """The language code of a ``--lang`` value (``ja_JP.UTF-8`` -> ``ja``); an argparse error if none."""
    code = normalize_language(text)
    if code is None:
        choices = ", ".join(LANGUAGES)
        raise argparse.ArgumentTypeError(_("{language} is not a language of the game ({choices})").format(
            language=repr(text), choices=choices))  # fmt: skip
    return code


def requested_language(argv: list[str] | None) -> str | None:
    """The language ``--lang`` asks for in ``argv`` (None when not given or not one of the game's),
    read before the parser is built so that its help is in that language."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", default=None)
    known, _rest = early.parse_known_args(argv)
    return normalize_language(known.lang)


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser with every subcommand, its help in the language in force."""
    parser = argparse.ArgumentParser(prog="hwgame", description=_("Homeworlds on your desktop."))
    parser.add_argument("--version", action="version", version=f"hwgame {__version__}",
                        help=_("show the game's version and exit"))
    parser.add_argument(
        "--lang",
        type=language_code,
        default=None,
        metavar="CODE",
        help=_("the language of the game and of these messages: {choices} (default: the system's)").format(
            choices=", ".join(LANGUAGES)
        ),
    )
    sub = parser.add_subparsers(dest="command")
    verify = sub.add_parser("verify", help=_("replay game transcripts and report any illegal move"))
    verify.add_argument("--rules", choices=("sdg", "standard"), default="sdg", help=_("rule set (default: sdg)"))
    verify.add_argument("files", nargs="+", metavar="FILE")
    sub.add_parser("engine", help=_("the computer opponent as a text protocol on stdin/stdout (see README)"))
    analyze = sub.add_parser(
        "analyze", help=_("review a game transcript turn by turn: chances to win, mistakes and the better turn")
    )
    analyze.add_argument(
        "--level",
        choices=("easy", "normal", "hard", "expert"),
        default="normal",
        help=_("how hard the computer looks at each turn (default: normal)"),
    )
    analyze.add_argument("--rules", choices=("sdg", "standard"), default="sdg", help=_("rule set (default: sdg)"))
    analyze.add_argument("--json", action="store_true", help=_("one JSON object per turn and a summary object"))
    analyze.add_argument("transcript", metavar="TRANSCRIPT")
    explore = sub.add_parser(
        "explore", help=_("the opening book of the game archive: games, results and the turns played next")
    )
    explore.add_argument("--rules", choices=("sdg", "standard"), default=None,
                         help=_("rule set (default: the position's; standard at the start)"))
    explore.add_argument("--json", action="store_true", help=_("one JSON object instead of the table"))
    explore.add_argument("position", metavar="POSITION", nargs="?", default=None,
                         help=_("a position in one line (the start of the game when left out)"))
    persist_cli.add_arguments(parser, sub)
    from hwgame.app.control.options import add_window_arguments

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
    # The language comes first: the parser's help and every message after it are in it.
    set_language(requested_language(argv) or system_language())
    speak_argparse()
    args = build_parser().parse_args(argv)
    status = persist_cli.apply_data_dir(args)
    if status:
        return status
    if args.command == "import":
        return persist_cli.run_import(args.transcript)
    if args.command == "export":
        return persist_cli.run_export(args.save, args.sdg, args.force)
    if args.smoke and not args.load and args.command is None:
        # Without a save to check: the whole headless self-check (assets, drawing, computer, saves).
        from hwgame.app.tools.smoke import run_smoke

        return run_smoke()
    if args.load:
        # A broken save is reported here, in one line, before any window opens; the window then opens
        # the game with hwgame.persist.load_game(args.load).
        status = persist_cli.check_load(args.load, args.smoke)
        if status or args.smoke:
            return status
    if args.command == "verify":
        from hwgame.cli.verify import run_verify

        return run_verify(args.files, args.rules)
    if args.command == "analyze":
        from hwgame.cli.analyze import run_analyze

        return run_analyze(args.transcript, args.level, args.rules, as_json=args.json)
    if args.command == "explore":
        from hwgame.cli.explore import run_explore

        return run_explore(args.position, args.rules, as_json=args.json)
    if args.command == "engine":
        from hwgame.cli.engine import run_engine

        return run_engine()
    from .app.main import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
