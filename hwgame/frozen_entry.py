"""What the single-file build runs: exactly the ``hwgame`` command (see pyinstaller.spec).

PyInstaller needs a script rather than a package's ``__main__`` with relative imports, hence this file.
It sits beside ``hwgame/__main__.py`` (not inside ``hwgame.app``), so that it imports only downwards.
The computer's search runs in a child process started by ``multiprocessing`` (spawn); in the frozen
build that child is this same executable, and ``freeze_support()`` is what turns it into the search
process instead of a second game. It comes first, before the game's imports, so the child loads only
what the search needs.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from hwgame.__main__ import main

    sys.exit(main())
