"""Everything a player reads about the game, in the player's language.

- ``names``: colours, powers, pieces, sizes, levels, rule sets, saves' titles and dates;
- ``templates`` and ``refusals``: the rules' reason codes worded (``refusal_text``);
- ``told``: actions and turns told (captions, narration, the move log, the tutorial's sentences);
- ``review``: the computer's review; ``coach``: what a reviewed turn gave
  away or missed, from the search's line;
- ``results``: how a game ended;
- ``verdict``: a position's verdict (a proof, a chance); ``warnings``: threats and losing turns;
- ``ideas``: the idea of a hint (its first rungs);
- ``board_lines``: the analysis board's lines, their verdicts and the depth reached.

Imports only ``hwgame.rules`` and ``hwgame.i18n`` and installs nothing on import: ``str()`` of a
rules error is its plain code form, and whoever shows one to a player calls ``refusal_text``. Every
function words its text in the language in force when it is called (or in a language asked for), so
call them where the text is shown.
"""

from .board_lines import depth_text, line_verdict, line_words
from .ideas import idea_text, ideas_text, lit_text, rung_text
from .marks import (
    better_text,
    board_text,
    consequence_text,
    event_text,
    homeworld_of,
    mark_label,
    mark_line,
    mark_text,
    why_sentences,
)
from .names import (
    LEVEL_LABELS,
    MONTHS,
    RULES_LABELS,
    RULES_TITLES,
    Speaker,
    colour_name,
    date_time_text,
    kind_name,
    level_label,
    level_word,
    piece_name,
    power_name,
    rules_label,
    rules_title,
    save_title,
    size_name,
)
from .phrases import sentences
from .reasons import reason_text, reasons_text, strengthens_text, weighed_text
from .refusals import Refused, name_problem, refusal_text, template_of
from .results import Decided, Ended, Recorded, Result, result_detail, result_text, result_title, turns_played
from .review import (
    Reviewed,
    ReviewedTurn,
    chance_text,
    mark_notation,
    mark_words,
    player_summary,
    score_text,
    summary_text,
)
from .spacing import fill, fill_map
from .templates import FRAMES, NOTES, OUTCOMES, REFUSALS, TEMPLATES, Plural, Template
from .told import (
    PLAYED,
    POSSIBLE,
    Voice,
    describe_action,
    describe_turn,
    join_actions,
    join_pieces,
    log_entry,
    narrate_clauses,
    narrate_turn,
    sentence,
    turn_left,
)
from .verdict import chance_sentence, in_sentence, proof_short, proof_text, standing_text
from .warnings import chance_label, losing_end_text, lost_hint_text, threat_warning

__all__ = [
    # names
    "LEVEL_LABELS", "MONTHS", "RULES_LABELS", "RULES_TITLES", "Speaker", "colour_name", "date_time_text",
    "kind_name", "level_label", "level_word", "piece_name", "power_name", "rules_label", "rules_title",
    "save_title", "size_name",
    # refusals
    "FRAMES", "NOTES", "OUTCOMES", "REFUSALS", "TEMPLATES", "Plural", "Refused", "Template", "name_problem",
    "refusal_text", "template_of",
    # turns told
    "PLAYED", "POSSIBLE", "Voice", "describe_action", "describe_turn", "join_actions", "join_pieces", "log_entry",
    "narrate_clauses", "narrate_turn", "sentence", "sentences", "turn_left", "fill", "fill_map",
    # the review
    "Reviewed", "ReviewedTurn", "mark_notation", "mark_words",
    "chance_text", "player_summary", "score_text", "summary_text",
    # the coach
    "better_text", "board_text", "mark_text", "consequence_text", "event_text", "homeworld_of", "mark_label",
    "mark_line",
    "why_sentences",
    # the hint's ladder
    "idea_text", "ideas_text", "lit_text", "rung_text",
    # verdicts and warnings
    "chance_label", "chance_sentence", "in_sentence", "losing_end_text", "lost_hint_text", "proof_short",
    "proof_text", "standing_text", "threat_warning",
    # what a turn changes on the board
    "reason_text", "reasons_text", "strengthens_text", "weighed_text",
    # the analysis board
    "depth_text", "line_verdict", "line_words",
    # results
    "Decided", "Ended", "Recorded", "Result", "result_detail", "result_text", "result_title", "turns_played",
]  # fmt: skip
