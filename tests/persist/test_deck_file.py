"""The puzzle deck's file is kept as a save is: what is written reads back; a file cut short or not a
deck at all is set aside (kept, never emptied) with a message while its backup is read; a puzzle that
does not read is left out with a message and kept in the file; a file of a newer version is never
written over; a write killed midway leaves the previous file whole."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from hwgame.i18n import text_of
from hwgame.persist import SaveError
from hwgame.persist.atomic import backup_path, is_temporary
from hwgame.persist.convert import game_to_save
from hwgame.persist.deck_file import (
    DECK_FILE,
    DECK_VERSION,
    DeckFile,
    DeckGame,
    DeckPuzzle,
    Schedule,
    change_deck,
    read_deck,
)

from .test_record import finished_game

REPO = Path(__file__).resolve().parents[2]


def add_puzzles(path: Path, seed: int, count: int = 2) -> None:
    """Keep ``count`` puzzles of a finished random game (the game's turns as played and best)."""
    game = finished_game(seed)
    key = f"game{seed}"

    def change(deck) -> None:
        deck.games[key] = DeckGame(title=f"Game {seed}", save=game_to_save(game))
        for i in range(count):
            deck.puzzles.append(DeckPuzzle.model_validate({
                "id": f"{key}:{i}", "game": key, "index": i, "player": i % 2, "kind": "mistake",
                "played": "pass", "best": "pass", "added": datetime(2026, 3, 1, tzinfo=UTC),
                "schedule": Schedule(due=date(2026, 3, 1 + i))}))

    change_deck(path, change)


def ids(path: Path) -> list[str]:
    return [p.id for p in read_deck(path).puzzles]


def test_a_deck_reads_back_as_written(data_dir):
    path = data_dir / DECK_FILE
    assert read_deck(path).puzzles == [] and not read_deck(path).notices  # no file: an empty deck
    add_puzzles(path, 1)
    add_puzzles(path, 2, 3)
    deck = read_deck(path)
    assert [p.id for p in deck.puzzles] == ["game1:0", "game1:1", "game2:0", "game2:1", "game2:2"]
    assert deck.puzzles[2].schedule.due == date(2026, 3, 1) and not deck.notices and not deck.broken
    assert deck.games["game2"].save.turns == game_to_save(finished_game(2)).turns
    # The file as a whole is the schema's, with its version.
    whole = DeckFile.model_validate_json(path.read_bytes())
    assert whole.version == DECK_VERSION and len(whole.puzzles) == 5 and set(whole.games) == {"game1", "game2"}


@pytest.mark.parametrize("damage", [lambda raw: raw[:-30], lambda raw: b"\x00\xff not json",
                                    lambda raw: b'{"format": "something else", "puzzles": []}'])
def test_a_broken_file_is_set_aside_with_a_message_and_its_backup_read(data_dir, damage):
    path = data_dir / DECK_FILE
    add_puzzles(path, 1)
    add_puzzles(path, 2)
    damaged = damage(path.read_bytes())
    path.write_bytes(damaged)
    deck = read_deck(path)
    assert deck.broken and "deck.json" in text_of(deck.notices[0]) and "set aside" in text_of(deck.notices[0])
    assert [p.id for p in deck.puzzles] == ["game1:0", "game1:1"]  # the backup: before the second game
    assert path.read_bytes() == damaged  # reading changes nothing
    add_puzzles(path, 3)
    assert path.with_name("deck.json.broken").read_bytes() == damaged  # kept, for the player to see
    assert ids(path) == ["game1:0", "game1:1", "game3:0", "game3:1"]
    assert not read_deck(path).broken


def test_a_broken_file_without_a_backup_is_set_aside_never_emptied_unseen(data_dir):
    path = data_dir / DECK_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{ cut")
    deck = read_deck(path)
    assert deck.broken and deck.puzzles == [] and deck.notices
    add_puzzles(path, 4)
    assert path.with_name("deck.json.broken").read_bytes() == b"{ cut"
    assert ids(path) == ["game4:0", "game4:1"]


def test_a_puzzle_that_does_not_read_is_left_out_and_kept(data_dir):
    path = data_dir / DECK_FILE
    add_puzzles(path, 5)
    data = json.loads(path.read_bytes())
    data["puzzles"][0]["schedule"]["ease"] = "very"
    path.write_text(json.dumps(data))
    deck = read_deck(path)
    assert [p.id for p in deck.puzzles] == ["game5:1"] and "1 puzzles did not read" in text_of(deck.notices[0])
    add_puzzles(path, 6, 1)
    kept = json.loads(path.read_bytes())["puzzles"]
    assert any(p.get("schedule", {}).get("ease") == "very" for p in kept)  # written back as it was


def test_a_file_of_a_newer_version_is_read_but_never_written_over(data_dir):
    path = data_dir / DECK_FILE
    add_puzzles(path, 7)
    data = json.loads(path.read_bytes())
    data["version"] = 99
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    deck = read_deck(path)
    assert deck.newer and len(deck.puzzles) == 2 and deck.notices
    with pytest.raises(SaveError):
        add_puzzles(path, 8)
    assert path.read_bytes() == before


# A process that starts to write the deck and stops in the middle, for the test to kill it there.
WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from hwgame.persist import atomic
    from tests.persist.test_deck_file import add_puzzles

    path, marker = Path(sys.argv[1]), sys.argv[2]
    real = atomic._write_chunks
    def slow(handle, data):
        if b'"hwgame-deck"' in data[:40]:
            handle.write(data[: len(data) // 2])
            handle.flush()
            open(marker, "w").close()
            time.sleep(120)
        real(handle, data)
    atomic._write_chunks = slow
    add_puzzles(path, 9)
    """
)


@pytest.mark.slow
def test_a_write_killed_midway_leaves_the_deck_as_it_was(data_dir, tmp_path):
    path = data_dir / DECK_FILE
    add_puzzles(path, 1)
    before = path.read_bytes()
    marker = tmp_path / "marker"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(marker)], cwd=REPO, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            assert time.monotonic() < deadline, "the writer never started writing"
            time.sleep(0.02)
        assert any(is_temporary(p) for p in data_dir.iterdir()), "the writer should be in a temporary file"
    finally:
        proc.kill()
        proc.wait()
    assert path.read_bytes() == before
    deck = read_deck(path)
    assert not deck.broken and ids(path) == ["game1:0", "game1:1"]
    # The killed writer's lock does not stop the next write.
    add_puzzles(path, 2)
    assert ids(path) == ["game1:0", "game1:1", "game2:0", "game2:1"]
    assert backup_path(path).exists()


@pytest.mark.parametrize("kind", ["folder", "pipe", "huge"])
def test_something_else_at_the_decks_name_is_never_read_only_moved_aside(data_dir, kind):
    import os

    path = data_dir / DECK_FILE
    data_dir.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        path.mkdir()
    elif kind == "pipe":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no named pipes here")
        os.mkfifo(path)
    else:
        with open(path, "wb") as handle:
            handle.truncate(200 << 20)  # sparse: 200 MB that are never read
    deck = read_deck(path)  # returns at once: a pipe is not waited on, a huge file not read
    assert deck.broken and deck.puzzles == [] and deck.notices
    add_puzzles(path, 1)
    assert ids(path) == ["game1:0", "game1:1"]
    assert os.path.lexists(path.with_name("deck.json.broken"))
