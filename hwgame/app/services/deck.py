"""The puzzle deck's door to the analysis layer: puzzles made from a finished game's review, and the
judgement of a turn tried at a puzzle.

``add_review`` takes a finished game of the player's and its complete review (the replay viewer calls it
as a review finishes or a kept one is shown) and keeps, in the deck file (``persist.deck_file``), a
puzzle for every turn of the player's marked BLUNDER or MISTAKE (``analysis.mistakes.marked_turns``;
MISSED_WIN is left to the retry mode) where the better turn is clear (``better_turn_is_clear``). A
puzzle already in the deck keeps its schedule.

``TryRun`` judges a turn tried at a puzzle exactly as the retry mode judges one (``services.retry.TryJudge``:
the one verdict of the board after the try, asked of the computer's own process, read by
``analysis.retry.judge_try`` with its ``MARGIN``); ``entry_of`` gives it the puzzle as the review's entry.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from hwgame.ai.proofs import WIN, Proven
from hwgame.analysis.mistakes import MARGIN, better_turn_is_clear, marked_turns
from hwgame.analysis.retry import Ruling
from hwgame.analysis.review import BLUNDER, MISTAKE, Review, TurnReview, fingerprint
from hwgame.persist.deck_file import DECK_FILE, Deck, DeckGame, DeckPuzzle, Schedule, change_deck, read_deck
from hwgame.rules import EndTurn, Game, Position, Turn, format_turn, parse_turn

from .retry import TryJudge

if TYPE_CHECKING:
    from hwgame.persist.schema import Player

    from .opponent import Opponent

# The kinds of mark that make puzzles of the deck: the player's own worse choices. A missed win is a
# different lesson (seeing a win), met in the retry mode.
DECK_KINDS = (BLUNDER, MISTAKE)
# A turn tried at a puzzle is accepted when the verdict of the board after it keeps the player's chance
# to win within ``MARGIN`` of the better turn's (``analysis.mistakes``, the retry mode's margin too).
JUDGE_LEVEL = "normal"  # the review's own level: the puzzle is judged as its turn was marked


def deck_path() -> Path:
    """The deck file of the data folder, beside the record."""
    from hwgame.persist import default_store

    return default_store().record_path.with_name(DECK_FILE)


def game_key(game: Game) -> str:
    """The key a game's puzzles share: a digest of its turns (the same game reviewed twice adds nothing)."""
    return fingerprint(game.turns)[:24]


def puzzles_of(review: Review, player: int, key: str, now: datetime) -> list[DeckPuzzle]:
    """The deck's puzzles of ``review`` for ``player``: the turns marked BLUNDER or MISTAKE whose better
    turn is clear, each due at once."""
    out = []
    for turn in marked_turns(review, player):
        if turn.kind not in DECK_KINDS or turn.best is None or not better_turn_is_clear(turn):
            continue
        out.append(DeckPuzzle.model_validate({
            "id": f"{key}:{turn.index}", "game": key, "index": turn.index, "player": turn.player, "kind": turn.kind,
            "played": format_turn(turn.turn, "canonical"), "best": format_turn(turn.best, "canonical"),
            "chance_before": turn.chance_before, "chance_after": turn.chance_after, "score_before": turn.before,
            "won_before": turn.proof_before is not None and turn.proof_before.result == WIN,
            "refutation": format_turn(turn.refutation, "canonical") if turn.refutation else None, "added": now,
            "schedule": Schedule(due=now.date())}))
    return out


def add_review(path: Path, game: Game, players: Sequence[Player] | None, review: Review, player: int,
               title: str = "", source: Path | None = None, today: date | None = None) -> int:
    """Keep the puzzles of ``game``'s complete ``review`` for ``player`` in the deck at ``path`` (see the
    module docstring); return how many are new. A review not complete, or a game not over, adds none.
    Raise SaveError when the deck cannot be written."""
    from hwgame.persist.convert import game_to_save

    if not review.complete or not game.is_over():
        return 0
    now = datetime.now(UTC)
    if today is not None:
        now = datetime.combine(today, now.timetz())
    key = game_key(game)
    found = puzzles_of(review, player, key, now)
    if not found:
        return 0
    save = game_to_save(game, players, title=title or None)
    added: list[int] = []

    def change(deck: Deck) -> None:
        new = [p for p in found if deck.puzzle(p.id) is None]
        if new:
            deck.games.setdefault(key, DeckGame(title=title[:200], source=str(source) if source else None, save=save))
            deck.puzzles.extend(new)
        added.append(len(new))

    if all(read_deck(path).puzzle(p.id) is not None for p in found):
        return 0  # nothing new: the file is not written at all
    change_deck(path, change)
    return added[0] if added else 0


def entry_of(puzzle: DeckPuzzle, position: Position) -> TurnReview:
    """The puzzle as the review's entry of its turn (at ``position``, the board before it), as the retry
    mode's judgement reads one."""
    won = Proven(WIN, 1) if puzzle.won_before else None
    refutation = parse_turn(puzzle.refutation) if puzzle.refutation else None
    return TurnReview(puzzle.index, puzzle.player, parse_turn(puzzle.played), puzzle.score_before, None,
                      parse_turn(puzzle.best), puzzle.kind, refutation=refutation, position=position,
                      proof_before=won)  # fmt: skip


def percents(ruling: Ruling) -> tuple[int, int]:
    """The chances to win, in percent, that the turn tried and the better turn keep, as a card says them
    (a ruling given without a chance, such as the better turn itself, keeps the better turn's)."""
    best = ruling.best_chance if ruling.best_chance is not None else 0.0
    tried = ruling.chance if ruling.chance is not None else (best if ruling.accepted else 0.0)
    return round(tried * 100), round(best * 100)


class TryRun:
    """The judgement of one turn tried at a puzzle (see the module docstring); the screen calls ``poll``
    each frame until it is True, then reads ``verdict`` (the retry mode's ``Ruling``) or ``error``."""

    def __init__(self, opponent: Opponent, entry: TurnReview, tried: Turn, level: str | None = None):
        """Judge ``tried`` at ``entry``'s board at ``level`` (None: the review's, ``JUDGE_LEVEL``)."""
        self.verdict: Ruling | None = None
        self.error: str | None = None
        self.finished = False
        self.judge = TryJudge(opponent, level or JUDGE_LEVEL)
        self._take(self.judge.ask(entry, tuple(a for a in tried if not isinstance(a, EndTurn))))

    def _take(self, ruling: Ruling | None) -> None:
        if ruling is None:
            return
        self.finished = True
        if self.judge.error:
            self.error = self.judge.error
        else:
            self.verdict = ruling

    def poll(self) -> bool:
        """True once the judgement is there (never waits)."""
        if not self.finished:
            self._take(self.judge.poll())
        return self.finished

    def cancel(self) -> None:
        """Withdraw the judgement (the screen was left)."""
        self.judge.cancel()

    def join(self, timeout: float) -> bool:
        """Poll until the judgement is there or ``timeout`` seconds passed (for scripts and tests)."""
        deadline = time.monotonic() + timeout
        while not self.poll() and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.finished


__all__ = ["DECK_KINDS", "MARGIN", "Ruling", "TryRun", "entry_of", "percents", "add_review", "deck_path", "game_key",
           "puzzles_of"]
