"""The puzzle deck's door to the analysis layer: puzzles made from a finished game's review, and the
judgement of a turn tried at a puzzle.

``add_review`` takes a finished game of the player's and its complete review (the replay viewer calls it
as a review finishes or a kept one is shown) and keeps, in the deck file (``persist.deck_file``), a
puzzle for every turn of the player's marked BLUNDER or MISTAKE (``analysis.mistakes.marked_turns``;
MISSED_WIN is left to the retry mode) where the better turn is clear (``better_turn_is_clear``). A
puzzle already in the deck keeps its schedule.

A turn tried at a puzzle is judged exactly as the retry mode judges one (the deck's screen is the same
card, ``kit.asked_turn``: the one verdict of the board after the try, read by ``analysis.retry.judge_try``
with its ``MARGIN``); ``entry_of`` gives it the puzzle as the review's entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from hwgame.ai.proofs import WIN, Proven
from hwgame.analysis.mistakes import MARGIN, better_turn_is_clear, marked_turns
from hwgame.analysis.retry import Ruling
from hwgame.analysis.review import BLUNDER, MISTAKE, Review, TurnReview, fingerprint
from hwgame.persist.deck_file import DECK_FILE, Deck, DeckGame, DeckPuzzle, Schedule, change_deck, read_deck
from hwgame.rules import Game, Position, format_turn, parse_turn

if TYPE_CHECKING:
    from hwgame.persist.schema import Player


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


__all__ = ["DECK_KINDS", "JUDGE_LEVEL", "MARGIN", "Ruling", "entry_of", "add_review", "deck_path", "game_key",
           "puzzles_of"]
