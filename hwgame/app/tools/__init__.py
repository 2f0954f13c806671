"""Developer tools that run the window: not part of a player's game.

``screenshots`` renders the main screens to PNG files (``python -m hwgame.app.tools.screenshots
FOLDER``), ``smoke`` is the quick check that a copy of the game works (``hwgame --smoke``),
``make_icon`` draws the game's icon (``python -m hwgame.app.tools.make_icon``) and ``samples`` makes
sample games for them and for the tests. Tools stand above every other room and may use any of them.
"""
