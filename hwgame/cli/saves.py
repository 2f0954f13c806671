"""The persist commands of ``hwgame``: ``--load FILE [--smoke]``, ``import``, ``export``, ``--data-dir``.

Each returns an exit status and prints one line; a problem is one line on standard error, never a
traceback.
"""

from __future__ import annotations

import argparse
import sys

from hwgame.i18n import _, ngettext
from hwgame.persist.errors import SaveError, shown_path
from hwgame.persist.paths import ENV_VAR, data_dir, set_data_dir


def add_arguments(
    parser: argparse.ArgumentParser, sub: argparse._SubParsersAction[argparse.ArgumentParser]
) -> None:
    """Add ``--data-dir``, ``--load``, ``--smoke`` to ``parser`` and the ``import``/``export`` subcommands."""
    data_help = _("keep saves (in DIR/saves) and settings in DIR instead of the usual places (or set {variable})")
    data_help = data_help.format(variable=ENV_VAR)
    parser.add_argument("--data-dir", metavar="DIR", help=data_help)
    parser.add_argument("--load", metavar="FILE", help=_("open a saved game (a file, or the name of a save)"))
    parser.add_argument("--smoke", action="store_true", help=_("check without a window: alone, a self-check of the "
                        "game (assets, drawing, computer, saves); with --load, that the save loads"))  # fmt: skip
    imp = sub.add_parser("import", help=_("turn an SDG game transcript into a save and print its path"))
    imp.add_argument("transcript", metavar="TRANSCRIPT")
    exp = sub.add_parser("export", help=_("write a save as an SDG game transcript"))
    exp.add_argument("save", metavar="SAVE", help=_("a save file, or the name of a save"))
    exp.add_argument("--sdg", metavar="OUT", required=True, help=_("the transcript file to write"))
    exp.add_argument("--force", action="store_true", help=_("replace OUT if it exists"))
    for p in (imp, exp):
        p.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=data_help)


def apply_data_dir(args: argparse.Namespace) -> int:
    """Act on ``--data-dir`` (before anything looks for saves or settings); return 0, or 1 with one line
    on standard error when the data folder (given there or by the variable) cannot be reached."""
    try:
        if getattr(args, "data_dir", None):
            set_data_dir(args.data_dir)
        else:
            data_dir()  # the variable's folder, checked once here rather than deep inside the game
    except SaveError as exc:
        return _fail(exc)
    return 0


def _fail(exc: SaveError) -> int:
    print(f"hwgame: {exc.message}", file=sys.stderr)
    return 1


def check_load(name: str, smoke: bool) -> int:
    """Load a save; with ``smoke`` print a one-line summary. Return 0 if it loads, else 1 with the reason."""
    from hwgame.persist.store import default_store
    from hwgame.words import refusal_text

    try:
        loaded = default_store().load(name)
    except SaveError as exc:
        return _fail(exc)
    if smoke:
        game = loaded.game
        outcome = game.outcome()
        if outcome is not None:
            state = refusal_text(outcome)  # how the game ended, in the language in force
        else:
            state = _("{player} to play").format(player=game.players[game.to_move])
        n = len(game.turns)
        line = ngettext(
            "{file}: loads: {n} turn, {first} vs {second}, {state}",
            "{file}: loads: {n} turns, {first} vs {second}, {state}",
            n,
        )
        print(line.format(file=shown_path(loaded.path), n=n, first=game.players[0], second=game.players[1],
                          state=state))
    return 0


def run_import(transcript: str) -> int:
    """``hwgame import TRANSCRIPT``: save the game and print the new save's path."""
    from hwgame.persist.sdg import import_transcript
    from hwgame.persist.store import default_store

    try:
        path = import_transcript(transcript, default_store())
    except SaveError as exc:
        return _fail(exc)
    print(path)
    return 0


def run_export(save: str, out: str, force: bool) -> int:
    """``hwgame export SAVE --sdg OUT [--force]``: write the transcript; print its path."""
    from hwgame.persist.sdg import export_transcript
    from hwgame.persist.store import default_store

    try:
        path = export_transcript(default_store().load(save), out, force)
    except SaveError as exc:
        return _fail(exc)
    print(path)
    return 0
