"""The game window: the only package that imports pygame.

Its rooms, from the top down (a room imports only the rooms below it; ARCHITECTURE.md draws them):
``tools`` (screenshots, smoke run, icon), the window itself (``main``: the loop; ``app``: the App),
``scenes`` (every screen), ``kit`` (what screens are made of: bases, dialogs, the tutorial's card),
``panels`` (parts of a screen), ``stage`` (Scene, the scene
stack, and AppLike, what a scene may use of the App), ``view`` (drawing primitives), ``control``
(the window's logic without pygame) and ``services`` (the opponent, the coach, the reviewer, sound).
"""

import os

# pygame prints a greeting on import unless told not to; the game's output stays for the game.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
