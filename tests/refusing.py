"""The words a player reads for an error: ``pytest.raises`` with ``match`` read in those words.

The rules' errors carry a reason code and values, and ``str()`` of one is that plain code form; a test of
what the player reads matches ``hwgame.words.refusal_text`` of it instead (any other error: its ``str``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from hwgame.rules import ALL_CODES, HomeworldsError
from hwgame.words import refusal_text


def words_of(error: BaseException) -> str:
    """What a player reads for ``error``, in the language in force: a refusal of the rules (one of its
    codes) worded, anything else (a save's error, which words itself) its ``str``."""
    if isinstance(error, HomeworldsError) and error.code in ALL_CODES:
        return refusal_text(error)
    return str(error)


@contextmanager
def refuses(kind: type[BaseException] | tuple[type[BaseException], ...], match: str) -> Iterator[pytest.ExceptionInfo]:
    """Like ``pytest.raises(kind, match=match)``, the pattern searched in the player's words of the error."""
    with pytest.raises(kind) as info:
        yield info
    words = words_of(info.value)
    assert re.search(match, words), f"{match!r} not found in {words!r}"
