"""The puzzle deck's door to the analysis layer: puzzles made from a finished game's review, and the
judgement of a turn tried at a puzzle.

``add_review`` takes a finished game of the player's and its complete review (the replay viewer calls it
as a review finishes or a kept one is shown) and keeps, in the deck file (``persist.deck_file``), a
puzzle for every turn of the player's marked BLUNDER or MISTAKE (``analysis.mistakes.marked_turns``;
MISSED_WIN is left to the retry mode) where the better turn is clear (``better_turn_is_clear``). A
puzzle already in the deck keeps its schedule.

``TryRun`` judges a turn tried at a puzzle on a thread of its own (never touching pygame) with the
review's own search (``analysis.review.verdict_at``: the turn tried and the engine's best ranked in one
search, the same verdict the review marked the turn with); ``accepts`` reads it (see its docstring and
``MARGIN``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from hwgame.ai.proofs import WIN, proven_of_score
from hwgame.ai.winchance import estimate_chance, phase_of_turn, turns_in_play
from hwgame.analysis.mistakes import MARGIN, better_turn_is_clear, marked_turns
from hwgame.analysis.review import BLUNDER, MISTAKE, Review, fingerprint
from hwgame.persist.deck_file import DECK_FILE, Deck, DeckGame, DeckPuzzle, Schedule, change_deck, read_deck
from hwgame.rules import EndTurn, Game, HomeworldsError, Position, Turn, apply_turn_unchecked, format_turn

if TYPE_CHECKING:
    from hwgame.ai.thinking import Thinking
    from hwgame.analysis.review import Findings
    from hwgame.persist.schema import Player

# The kinds of mark that make puzzles of the deck: the player's own worse choices. A missed win is a
# different lesson (seeing a win), met in the retry mode.
DECK_KINDS = (BLUNDER, MISTAKE)
# A turn tried at a puzzle is accepted when, in the search that ranks it beside the engine's best, it
# keeps the player's chance to win within ``MARGIN`` of the best turn's (``analysis.mistakes``, the
# retry mode's margin too): two turns that close are equally good as far as the search can tell.
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
            "chance_before": turn.chance_before, "chance_after": turn.chance_after, "added": now,
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


@dataclass(frozen=True)
class TryVerdict:
    """The judgement of a turn tried at a puzzle: ``accepted``, the chances to win the best turn and the
    turn tried keep (for the player, from the same search) and the opponent's ``reply`` that punishes
    the turn tried (its winning reply, or the line the search expects), if any."""

    accepted: bool
    best_chance: float
    tried_chance: float
    reply: Turn | None = None


def _played(turn: Turn) -> Turn:
    return tuple(a for a in turn if not isinstance(a, EndTurn))


def accepts(position: Position, index: int, tried: Turn, best: Turn, found: Findings) -> TryVerdict:
    """The verdict on ``tried`` at ``position`` (turn ``index`` of its game), where the puzzle's better
    turn is ``best`` and ``found`` is the review's search there with ``tried`` ranked beside the engine's
    best. The better turn itself (or any turn to the same board) is always accepted; where the position is
    a proven win only a turn that keeps the win is; else a turn within ``MARGIN`` of the search's
    best chance that leaves the opponent no winning reply."""
    phase = phase_of_turn(turns_in_play(index))
    best_chance = estimate_chance(found.best_score, phase)
    score = found.played_score if found.played_score is not None else found.best_score
    tried_chance = estimate_chance(score, phase)
    reply = found.reply or (found.line[0] if found.line else None)
    try:
        after = apply_turn_unchecked(position, _played(tried))
        same = after.key() == apply_turn_unchecked(position, _played(best)).key()
    except HomeworldsError:
        return TryVerdict(False, best_chance, 0.0, None)
    if same or after.winner() == position.to_move:
        return TryVerdict(True, best_chance, max(tried_chance, best_chance))
    if found.proof is not None and found.proof.result == WIN:
        won = proven_of_score(score)
        ok = won is not None and won.result == WIN
        return TryVerdict(ok, 1.0, 1.0 if ok else tried_chance, None if ok else reply)
    ok = found.reply is None and best_chance - tried_chance <= MARGIN
    return TryVerdict(ok, best_chance, tried_chance, None if ok else reply)


class TryRun:
    """The judgement of one turn tried at a puzzle, computed on a thread of its own; the screen reads
    ``finished`` and then ``verdict`` or ``error``."""

    def __init__(self, position: Position, index: int, tried: Turn, best: Turn, thinking: Thinking | None = None):
        """Judge ``tried`` at ``position`` (turn ``index``) against the better turn ``best``, thinking as
        the review's level does (or as ``thinking`` says)."""
        self.verdict: TryVerdict | None = None
        self.error: str | None = None
        self.finished = False
        self.stop = threading.Event()
        args = (position, index, _played(tried), best, thinking)
        self._thread = threading.Thread(target=self._run, args=args, name="hwgame-deck-try", daemon=True)
        self._thread.start()

    def _run(self, position: Position, index: int, tried: Turn, best: Turn, thinking: Thinking | None) -> None:
        from hwgame.ai.bots import level
        from hwgame.analysis.review import verdict_at

        try:
            found = verdict_at(position, tried, thinking or level(JUDGE_LEVEL), cancel=self.stop)
            self.verdict = accepts(position, index, tried, best, found)
        except Exception as exc:  # a failed judgement is a message, never a closed window
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.finished = True

    def cancel(self) -> None:
        """Stop the judgement (the screen was left): its search stops within milliseconds."""
        self.stop.set()

    def join(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds for the judgement; True once it is there."""
        self._thread.join(max(0.0, timeout))
        return self.finished


__all__ = ["DECK_KINDS", "MARGIN", "TryRun", "TryVerdict", "accepts", "add_review", "deck_path", "game_key",
           "puzzles_of"]
