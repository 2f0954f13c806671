"""The window's door to "Retry your mistakes": the turns asked, and each try judged by the one verdict.

The logic lives in ``hwgame.analysis.retry`` (which turns, the acceptance test, the progress); this module
adds what the window alone has: the opening book that leaves common opening turns out (``book_common``,
the archive's book through ``services.openings``), and ``TryJudge``, which asks the search process for
the verdict of the board after a try (``coach.verdict_chooser`` through the opponent, as the play flow
asks for its verdicts) and turns the reply into a ruling without the window ever waiting.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from hwgame.analysis.retry import (
    ASKED_KINDS,
    BEST,
    CLEAR_LEAD,
    FOUND,
    GIVES_UP_WIN,
    MARGIN,
    PLAYED,
    SHOWN,
    SKIPPED,
    STILL_WINS,
    WINS_NOW,
    WITHIN,
    WORSE,
    RetryRound,
    Ruling,
    asked_turns,
    better_turn_is_clear,
    judge_try,
    quick_ruling,
)
from hwgame.analysis.review import Review, TurnReview
from hwgame.app.services.coach import verdict_chooser, verdict_of
from hwgame.app.services.opponent import Purpose
from hwgame.i18n import _
from hwgame.openings import Book, key_text
from hwgame.rules import EndTurn, HomeworldsError, Position, Turn, apply_turn_unchecked

if TYPE_CHECKING:
    from hwgame.app.services.opponent import Opponent

# An opening turn played from the same board in at least this many games of the archive is a turn real
# players chose often: not a mistake to ask again, whatever a search of it says.
BOOK_COMMON = 10


def book_common(book: Book | None, least: int = BOOK_COMMON) -> Callable[[TurnReview], bool]:
    """The test of a reviewed turn that leaves it out of the retry: the turn played leads, in ``book``,
    from the board before it to the board after it in ``least`` games or more (under the game's rules)."""

    def common(entry: TurnReview) -> bool:
        if book is None or entry.position is None:
            return False
        position = entry.position
        try:
            after = apply_turn_unchecked(position, tuple(a for a in entry.turn if not isinstance(a, EndTurn)))
        except HomeworldsError:
            return False
        link = book.links.get(key_text(position), {}).get(key_text(after))
        if link is None:
            return False
        counts = link[1].get(position.rules.name)
        return counts is not None and counts[0] >= least

    return common


def archive_common() -> Callable[[TurnReview], bool]:
    """``book_common`` of the archive's opening book (no turn left out when the book cannot be read)."""
    from hwgame.app.services.openings import archive_loaded

    return book_common(archive_loaded().book)


def asked_for(review: Review, player: int, common: Callable[[TurnReview], bool] | None = None) -> list[TurnReview]:
    """The turns of ``player`` asked again (``analysis.retry.asked_turns``), the archive's common opening
    turns left out unless ``common`` says otherwise."""
    return asked_turns(review, player, archive_common() if common is None else common)


class TryJudge:
    """Judges one try at a time: at once where no verdict is needed (``quick_ruling``), else through the
    opponent's search process at the review's ``level``; ``poll`` gives the ruling once it is there."""

    def __init__(self, opponent: Opponent, level: str) -> None:
        self.opponent = opponent
        self.level = level
        self._asked: tuple[TurnReview, Turn] | None = None
        self.error: str | None = None

    @property
    def waiting(self) -> bool:
        """True while a verdict is out."""
        return self._asked is not None

    def ask(self, entry: TurnReview, tried: Turn, before: Sequence[Position] = ()) -> Ruling | None:
        """Judge ``tried`` at ``entry``'s board: the ruling when it is known at once, else None (the
        verdict is asked for; ``poll`` gives the ruling). ``before`` are the game's boards up to that one
        (the draws by repetition count them). A computer that cannot be asked sets ``error`` and gives an
        unjudged refusal."""
        self.cancel()
        self.error = None
        quick = quick_ruling(entry, tried)
        if quick is not None or entry.position is None:
            return quick or Ruling(False, WORSE)
        after = apply_turn_unchecked(entry.position, tried)
        history = Counter(p.key() for p in (*before, after)) if after.rules.repetition_draw else None
        asked = self.opponent.request(after, self.level, Purpose.ANALYSE, history,
                                      choose=verdict_chooser(entry.index + 1, False))  # fmt: skip
        if isinstance(asked, str):
            self.error = asked
            return judge_try(entry, tried, None)
        self._asked = (entry, tried)
        return None

    def poll(self) -> Ruling | None:
        """The ruling on the try out, once its verdict came back (None until then)."""
        if self._asked is None:
            return None
        if self.opponent.purpose != Purpose.ANALYSE:
            if self.opponent.thinking:
                return None
            # Withdrawn by another user of the worker: the try is given back unjudged, with a reason.
            entry, tried = self._asked
            self._asked = None
            self.error = _("the computer was asked something else meanwhile")
            return judge_try(entry, tried, None)
        reply = self.opponent.poll()
        if reply is None:
            return None
        entry, tried = self._asked
        self._asked = None
        verdict = verdict_of(reply)
        if verdict is None:
            self.error = reply.error or "no verdict"
        return judge_try(entry, tried, verdict)

    def cancel(self) -> None:
        """Withdraw the verdict out, if any."""
        if self._asked is not None:
            self._asked = None
            if self.opponent.purpose == Purpose.ANALYSE:
                self.opponent.cancel()


__all__ = ["ASKED_KINDS", "BEST", "BOOK_COMMON", "CLEAR_LEAD", "FOUND", "GIVES_UP_WIN", "MARGIN", "PLAYED", "SHOWN",
           "SKIPPED", "STILL_WINS", "WINS_NOW", "WITHIN", "WORSE", "RetryRound", "Review", "Ruling", "TryJudge",
           "TurnReview", "archive_common", "asked_for", "book_common", "better_turn_is_clear", "judge_try",
           "quick_ruling"]  # fmt: skip
