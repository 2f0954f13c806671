"""The one judgement of a position, read by every screen that judges a board.

``Verdict`` (``verdict``) holds a proof or an estimate, the best turn and its line, the opponent's
threats; ``judge`` (``analyst``) reaches it, proofs first; ``Analyst`` keeps a game's verdicts. The hint,
the advantage bar, the warnings, the review and ``hwgame analyze`` read verdicts and search nothing of
their own. ``ranked_lines`` (``lines``) judges the best few turns of a position, a verdict each, for the
study board. Imports the AI and the rules only.
"""

from .analyst import Analyst, Stopped, VerdictInfo, exact_verdict, final_verdict, judge, verdict_of, verdict_reply
from .lines import Lines, line_value, ranked_lines
from .verdict import DRAW, LOSS, WIN, Estimate, Proof, Verdict, estimate_of, percent, proof_from_score, round_chance

__all__ = ["DRAW", "LOSS", "WIN", "Analyst", "Estimate", "Lines", "Proof", "Stopped", "Verdict", "VerdictInfo",
           "estimate_of", "exact_verdict", "final_verdict", "judge", "line_value", "percent", "proof_from_score",
           "ranked_lines", "round_chance", "verdict_of", "verdict_reply"]  # fmt: skip
