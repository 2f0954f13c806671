"""Drawing primitives: what any screen draws with, knowing no screen.

Pure layout geometry (``layout``: where the systems, pieces, bank and panel go for a window size), the
pieces and the board (``pieces``, ``board``), animations (``anim``), widgets (``widgets``: buttons,
switches, text fields), tooltips, the evaluation graph and the best turn's marks, the theme and fonts
(``theme``, ``fonts``), the files the game ships (``assets``) and the drag tracker that turns mouse
events into intents (``input``). View imports control's plain data (targets, worded text), never a scene.
"""
