"""The window's describer is ``hwgame.words``; these names are read from there."""

from hwgame.words import (  # noqa: F401
    ENEMY,
    Voice,
    describe_action,
    log_entry,
    narrate_clauses,
    narrate_turn,
    phrase,
    turn_left,
)
