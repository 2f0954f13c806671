"""Parts of a screen: drawn for a scene, never importing one.

A panel draws one part of a screen from what the scene gives it: a small frozen picture built each frame
(``play_board.BoardPicture``, ``replay_log.Shown``), or a small Protocol of what it reads of the scene
(``side.PanelHost``, ``show_me``'s painter). It may keep its own state (a log's scroll, caches of wrapped
text) but changes nothing of the scene or the game. Here: the play screen's board (``play_board``) and
side panel (``side``), the replay's move log (``replay_log``) and review strip (``review_strip``), the list
of saves that the Load and Save screens share (``save_list``), and Show me's ghost pieces (``show_me``).

A new part of a screen goes here when it is more than a few lines of drawing; a scene that grows past
about 600 lines gives its parts to panels.
"""
