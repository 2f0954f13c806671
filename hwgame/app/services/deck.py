"""The player's puzzle deck, for the window: made from finished games' reviews, played as retries.

``add_review`` turns the review of a finished game into puzzles (``persist.deck.DeckCard``): every turn
of the given seats marked a mistake or a blunder whose better turn is clear (``analysis.retry.
clear_better``, the same test as the retry mode's). ``entry_of`` gives a card back as the reviewed turn
(``TurnReview``) the retry screen asks, ``answered`` schedules it after an answer (SM-2, in
``persist.deck``), ``due_today`` counts the puzzles due. Nothing here raises: a file that cannot be read
or written is a message.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from hwgame.analysis.retry import clear_better
from hwgame.analysis.review import BLUNDER, METHOD, MISTAKE, Review, TurnReview, fingerprint
from hwgame.i18n import Text
from hwgame.persist.deck import DECK_FILE, Deck, DeckCard, add_cards, answer, grade_of, read_deck
from hwgame.persist.errors import SaveError
from hwgame.rules import (
    Game,
    HomeworldsError,
    apply_turn_unchecked,
    format_turn,
    parse_turn,
    position_from_dict,
    position_to_dict,
)

DECK_KINDS = (MISTAKE, BLUNDER)  # a missed win is its own kind of lesson: the retry mode asks it, the deck not


def deck_path() -> Path:
    """The deck's file in the data folder in use (beside the record)."""
    from hwgame import persist

    return persist.default_store().record_path.parent / DECK_FILE


def load_deck(path: Path | None = None) -> Deck:
    """The deck as its file holds it now (never raises: a problem is among its notices)."""
    try:
        return read_deck(path or deck_path())
    except Exception as exc:  # noqa: BLE001 - a data folder that cannot even be named
        return Deck(notices=[str(exc) or type(exc).__name__], broken=True)


def cards_of(game: Game, review: Review, seats: Sequence[int], title: str = "", path: Path | str | None = None,
             today: dt.date | None = None) -> list[DeckCard]:  # fmt: skip
    """The puzzles a finished game's complete ``review`` gives for the players in ``seats``."""
    today = today or dt.date.today()
    data = review.to_data()["turns"]
    game_id = fingerprint(game.turns)
    out = []
    for entry in review.turns:
        if entry.player not in seats or entry.kind not in DECK_KINDS or entry.position is None:
            continue
        if entry.best is None or not clear_better(entry):
            continue
        kept = data[entry.index]
        out.append(DeckCard.model_validate({
            **kept, "id": f"{game_id}:{entry.index}", "position": position_to_dict(entry.position),
            "index": entry.index, "player": entry.player, "turn": format_turn(entry.turn, "canonical"),
            "level": review.level, "game_title": title, "game_path": None if path is None else str(path),
            "players": list(game.players), "added": today, "due": today,
            "start": position_to_dict(game.positions[0]),
            "game_turns": [format_turn(t, "canonical") for t in game.turns]}))
    return out


def add_review(game: Game, review: Review, seats: Sequence[int], title: str = "", path: Path | str | None = None,
               deck: Path | None = None) -> Text | None:  # fmt: skip
    """Add the puzzles of a finished game's complete review to the deck; a message when it failed."""
    if not review.complete or not seats:
        return None
    try:
        cards = cards_of(game, review, seats, title, path)
        if cards:
            add_cards(deck or deck_path(), cards)
    except SaveError as exc:
        return exc.text
    except (ValueError, HomeworldsError) as exc:
        return str(exc)
    return None


def entry_of(card: DeckCard) -> TurnReview | None:
    """The reviewed turn a card holds, as the review made it (None for a card that no longer reads)."""
    try:
        position = position_from_dict(card.position)
        turn = tuple(parse_turn(card.turn))
        after = apply_turn_unchecked(position, turn)
        fields = card.model_dump(mode="json")
        kept = {k: fields[k] for k in ("before", "after", "best", "kind", "refutation", "line", "better_line",
                                        "later", "proof_before", "proof_after", "threats", "second")}  # fmt: skip
        review = Review.from_data({"method": METHOD, "total": 1, "level": card.level,
                                   "turns": [{**kept, "note": ""}]}, [position, after], [turn])  # fmt: skip
    except (ValueError, HomeworldsError, KeyError, TypeError):
        return None
    return replace(review.turns[0], index=card.index)


def game_of_card(card: DeckCard) -> Game | None:
    """The game a card came from, replayed from its first board (None when it is not kept or does not
    replay)."""
    if card.start is None:
        return None
    try:
        game = Game.from_position(position_from_dict(card.start))
        for text in card.game_turns:
            game.play(parse_turn(text))
    except (ValueError, HomeworldsError, KeyError, TypeError):
        return None
    return game


def due_today(deck: Deck | None = None, today: dt.date | None = None) -> list[DeckCard]:
    """The puzzles due today (or before), the longest waiting first."""
    return (deck or load_deck()).due(today or dt.date.today())


def answered(card: DeckCard, found: bool, missed: bool, shown: bool, path: Path | None = None,
             today: dt.date | None = None) -> tuple[DeckCard, Text | None]:  # fmt: skip
    """Schedule ``card`` after an answer (found or not, after a wrong try, after Show) and keep it; the
    card as scheduled, and a message when the deck could not be written."""
    try:
        return answer(path or deck_path(), card, grade_of(found, missed, shown), today), None
    except SaveError as exc:
        return card, exc.text


__all__ = ["DECK_KINDS", "DeckCard", "add_review", "answered", "cards_of", "deck_path", "due_today", "entry_of",
           "game_of_card", "load_deck"]
