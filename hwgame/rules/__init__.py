"""The Homeworlds rules engine: pure standard library, no screen, no threads."""

from .actions import (
    END_TURN,
    PASS,
    Action,
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    Homeworld,
    Move,
    Pass,
    Sacrifice,
    Trade,
    Turn,
)
from .apply import TurnState, apply_action, apply_turn_unchecked, end_turn, start_turn
from .errors import (
    ALL_CODES,
    FRAME_CODES,
    NOTE_CODES,
    OUTCOME_CODES,
    REFUSAL_CODES,
    HomeworldsError,
    IllegalActionError,
    NotationError,
    Refusal,
    UnsupportedGameError,
    plain_wording,
)
from .movegen import catastrophe_actions, legal_actions, new_system_name
from .pieces import (
    BLUE,
    COLOR_NAMES,
    COPIES,
    GREEN,
    POWER_NAMES,
    RED,
    SIZE_NAMES,
    YELLOW,
    color_of,
    make_piece,
    parse_piece,
    piece_text,
    size_of,
    smallest_in_bank,
)
from .position import (
    LATE_HOME,
    NO_HOME,
    PLAYING,
    SDG,
    STANDARD,
    Position,
    PositionKey,
    RuleSet,
    System,
    connected,
    initial_position,
    opponent_of,
    player_pair,
    ruleset_named,
)

__all__ = [
    "Action", "Turn", "color_of", "size_of", "opponent_of",
    "END_TURN", "PASS", "Build", "Capture", "Catastrophe", "Discover", "EndTurn", "Homeworld", "Move",
    "Pass", "Sacrifice", "Trade", "TurnState", "apply_action", "apply_turn_unchecked", "end_turn",
    "start_turn", "ALL_CODES", "FRAME_CODES", "NOTE_CODES", "OUTCOME_CODES", "REFUSAL_CODES", "Refusal",
    "plain_wording", "HomeworldsError", "IllegalActionError", "NotationError",
    "UnsupportedGameError",
    "Successor", "LazySuccessor", "catastrophe_actions", "iter_turns", "legal_actions", "legal_turns",
    "new_system_name", "BLUE", "GREEN", "RED", "YELLOW", "COLOR_NAMES", "POWER_NAMES", "SIZE_NAMES", "COPIES",
    "make_piece", "parse_piece", "piece_text", "smallest_in_bank", "NO_HOME", "PLAYING", "LATE_HOME", "SDG",
    "STANDARD", "Position", "PositionKey", "RuleSet", "System", "connected", "initial_position", "player_pair",
    "ruleset_named",
]  # fmt: skip

from .board_check import OVER_CODES, BoardProblem, board_problems, is_playable  # noqa: E402
from .game import Game, Outcome, TurnStep, outcome_of, turn_steps  # noqa: E402
from .handicap import (  # noqa: E402
    EXTRA_SMALL,
    HANDICAP_KINDS,
    MEDIUM_SHIP,
    Handicap,
    HandicapEffect,
    apply_handicap,
    format_handicap,
    parse_handicap,
)
from .notation import (  # noqa: E402
    MAX_NAME,
    format_action,
    format_turn,
    name_character,
    name_refusal,
    parse_action,
    parse_turn,
    quote,
    shown,
)
from .serialize import PositionData, SystemData, position_from_dict, position_to_dict  # noqa: E402
from .successors import LazySuccessor, Successor, iter_turns, legal_turns  # noqa: E402
from .textform import MAX_POSITION_TEXT, board_position, format_position, parse_position, read_board_text  # noqa: E402
from .transcript import MAX_BYTES as MAX_TRANSCRIPT_BYTES  # noqa: E402
from .transcript import (  # noqa: E402
    ReplayError,
    Transcript,
    TranscriptFileError,
    TranscriptLineError,
    export_sdg,
    parse_transcript,
    read_transcript,
    read_transcript_text,
    replay,
)
from .validate import apply_checked, check_action, refusal_of  # noqa: E402

__all__ += [
    "Game", "Outcome", "outcome_of", "apply_checked", "check_action", "refusal_of", "format_action", "format_turn",
    "parse_action", "parse_turn", "MAX_NAME", "name_character", "name_refusal", "quote", "shown",
    "Transcript",
    "export_sdg", "parse_transcript", "read_transcript", "replay", "MAX_TRANSCRIPT_BYTES", "ReplayError",
    "TranscriptFileError", "TranscriptLineError", "read_transcript_text", "TurnStep", "turn_steps",
    "PositionData", "SystemData", "position_from_dict", "position_to_dict", "MAX_POSITION_TEXT", "format_position",
    "parse_position", "EXTRA_SMALL", "HANDICAP_KINDS", "MEDIUM_SHIP", "Handicap", "HandicapEffect",
    "apply_handicap", "format_handicap", "parse_handicap", "board_position", "read_board_text", "OVER_CODES",
    "BoardProblem", "board_problems", "is_playable",
]  # fmt: skip
