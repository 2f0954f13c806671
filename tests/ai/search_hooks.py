"""Stand-ins for ``choose_turn`` that the search process runs in tests (module-level, so they pickle).

They import nothing of the window, like the real search: a test can then ask the child what it holds.
"""

from __future__ import annotations

import os
import sys
import time

from hwgame.ai.handoff import SearchInfo, SearchReply


def broken(position, limit, seed=None, cancel=None, progress=None, history=None):
    """Fails on seed 1, else answers a dummy turn at once."""
    if seed == 1:
        raise RuntimeError("boom")
    return SearchReply(("turn",), 1.0, SearchInfo(depth=1))


def stuck(position, limit, seed=None, cancel=None, progress=None, history=None):
    """On seed 1 never answers nor looks at ``cancel`` (a search stuck in a loop); else answers at once."""
    while seed == 1:
        time.sleep(1.0)
    return SearchReply(("turn",), 1.0, SearchInfo(depth=1))


def modules(position, limit, seed=None, cancel=None, progress=None, history=None):
    """Answers with a dummy turn, and its process id, when the process has imported nothing of the
    window; else with an error naming what it imported."""
    loaded = sorted(name for name in sys.modules if name == "pygame" or name.startswith(("pygame.", "hwgame.app")))
    if loaded:
        return SearchReply(None, error=f"the search process imported {', '.join(loaded)}")
    return SearchReply(("turn",), 0.0, SearchInfo(pid=os.getpid()))
