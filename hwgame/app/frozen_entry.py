"""What the single-file build runs: exactly the ``hwgame`` command (see pyinstaller.spec).

PyInstaller needs a script rather than a package's ``__main__`` with relative imports, hence this file.
"""

import sys

from hwgame.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
