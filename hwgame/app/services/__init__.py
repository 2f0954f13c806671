"""Long-lived things the screens ask for: the window's only door to the computer and the analysis layer.

``opponent`` drives the computer's worker thread and its search process (a turn, a hint, a verdict,
each request polled each frame); ``coach`` is the window's client of the analysis layer (the verdicts
of a game's positions, whether ending a turn loses at once, a puzzle's winning turn); ``reviewer`` runs
the review of a whole game on a thread of its own and keeps it in its save; ``deck`` makes the puzzle
deck's puzzles from a finished game's review and judges a turn tried at one; ``sound`` makes the game's
sounds; ``folders`` shows a folder in the system's file manager. A clock belongs here too.

No other room of the window imports ``hwgame.ai`` or ``hwgame.analysis`` (a test keeps it so), so what
the window asks of the computer is written in one place. Services import no other room of the window.
"""
