"""The command line's own words in the player's language: argparse's usage line, help headings and
error messages, which it looks up through gettext at the moment it writes them.

argparse calls the gettext module's functions under its own module-level names; pointing those names
at the game's catalogs makes ``hwgame --help`` and a mistyped option speak the player's language. A
message that is not in the catalogs (another Python's wording) stays in English.
"""

from __future__ import annotations

import argparse

from . import N_, _, ngettext

# The messages of argparse a player meets, in the wording of Python 3.11 to 3.13. They are marked here
# so that the catalogs hold them; argparse asks for them itself.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)


def speak_argparse() -> None:
    """Make argparse word its messages with the game's catalogs, in the language in force."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
