"""The window's logic without pygame: what a game in the window does, apart from how it is drawn.

Here live the controller that turns a player's intents (a drag, a drop, a click) into actions of the
rules (``controller``: ``ActionResolver``), the flow of a game in the window (``flow``: whose turn,
playing and committing, undo, the computer's turns, hints, warnings), the targets a drag can start from
or end on (``targets``), a record as a timeline to step through (``timeline``), what the narration says
(``narration``), the notices of a game (``events``, ``notices``), the advice for a setup (``advice``),
the options a window starts from (``options``), the puzzle deck's SM-2 schedule (``deck``) and text
that is worded when drawn (``text``).

Nothing here imports pygame (a test keeps it so), so all of it runs in plain tests. It sits below the
view and above the services: the flow asks the opponent and the coach for the computer's turns and
verdicts, never the computer itself.
"""
