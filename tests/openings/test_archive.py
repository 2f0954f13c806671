"""The book shipped with the game says what the archive's transcripts say: counted here directly from
them (names of systems aside), at the setup and the first two turns; and it is made again from any
folder of transcripts, skipping a bad one with a note."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hwgame.openings import archive_book, key_text
from hwgame.openings.__main__ import main as build_main
from hwgame.openings.data import read_book
from hwgame.rules import SDG, Game, Position, System, read_transcript, replay

PLIES = 4  # the two setup turns and the first two turns after them


def nameless(position: Position) -> tuple:
    """The position's key without its rules: what the book matches (counted here without its code)."""
    to_move, stage, _rules, bodies = position.key()
    return to_move, stage, bodies


def archive_games(folder: Path) -> list[Game]:
    games = []
    for file in sorted(folder.glob("*.raw")):
        try:
            games.append(replay(read_transcript(file)))
        except Exception:  # noqa: BLE001 - the book skips what does not replay, and so does this count
            continue
    return games


@pytest.mark.slow
def test_the_book_counts_the_setup_and_first_two_turns_as_the_transcripts_do(sdg_games):
    games = archive_games(sdg_games)
    reached: Counter = Counter()
    results: Counter = Counter()
    went: Counter = Counter()
    example: dict[tuple, Position] = {}
    deepest: Counter = Counter()  # the latest turn at which a game reached each position
    for game in games:
        outcome = game.outcome()
        winner = "open" if outcome is None else outcome.winner
        seen = set()
        for k, position in enumerate(game.positions[: PLIES + 1]):
            key = nameless(position)
            example.setdefault(key, position)
            deepest[key] = max(deepest[key], k)
            if key not in seen:
                seen.add(key)
                reached[key] += 1
                results[key, winner] += 1
            if k < len(game.turns) and k < PLIES:
                went[key, nameless(game.positions[k + 1])] += 1
    book = archive_book()
    checked = 0
    for key, count in reached.most_common(60):
        position = example[key]
        explored = book.explore(position)
        side = position.to_move
        assert explored.total.games == count
        assert explored.total.wins == results[key, side]
        assert explored.total.losses == results[key, 1 - side]
        assert explored.total.draws == results[key, None]
        rows = {}
        for row in explored.next:
            again = Game.from_position(position)
            again.play(row.turn)  # every turn shown is legal at the position
            rows[nameless(again.position)] = row.tally.games
        expected = {child: n for (parent, child), n in went.items() if parent == key}
        if deepest[key] < PLIES:  # every game left it by a turn counted here: its turns are all known
            assert rows == expected
        checked += 1
    assert checked == 60 and reached[nameless(Game(SDG).position)] == len(games)


@pytest.mark.slow
def test_a_turn_of_the_archive_is_legal_on_a_board_named_otherwise(sdg_games):
    book = archive_book()
    games = [g for g in archive_games(sdg_games)[:40] if len(g.turns) >= 8]
    assert games
    for game in games[:10]:
        for k in (3, 5, 7):
            names = {s.name: f"Ω{i}" for i, s in enumerate(game.positions[k].systems)}
            names.update({p: n for p, n in zip(game.players, ("Ann", "Bob"), strict=True)})
            here = game.positions[k]
            here = here._replace(systems=tuple(System(*s[:4], names[s.name]) for s in here.systems),
                                 players=("Ann", "Bob"))
            explored = book.explore(here)
            assert explored.in_book and explored.next
            for row in explored.next[:5]:
                again = Game.from_position(here)
                again.play(row.turn)
                assert key_text(again.position) == row.child


def test_the_book_is_made_again_from_a_folder_and_a_bad_transcript_is_skipped(sdg_games, tmp_path, capsys):
    folder = tmp_path / "games"
    folder.mkdir()
    for file in sorted(sdg_games.glob("*.raw"))[:12]:
        (folder / file.name).write_bytes(file.read_bytes())
    (folder / "bad.raw").write_text("Homeworlds Online (SDG# 1)\nnothing like a game\n\x00\x01")
    out = tmp_path / "book.json.gz"
    assert build_main(["build", str(folder), "-o", str(out)]) == 0
    said = capsys.readouterr()
    notes = [line for line in said.err.splitlines() if "bad.raw" in line]
    assert len(notes) == 1
    book = read_book(out)
    good = len(archive_games(folder))
    assert book.games["sdg"] == good
    assert book.explore(Game(SDG).position).total.games == good


def test_building_from_a_folder_that_is_not_there_says_so(tmp_path, capsys):
    assert build_main(["build", str(tmp_path / "none"), "-o", str(tmp_path / "x.gz")]) == 2
    assert "not a folder" in capsys.readouterr().err
    assert not (tmp_path / "x.gz").exists()


@pytest.mark.slow
def test_the_shipped_book_is_the_one_the_archive_makes(sdg_games, tmp_path):
    from hwgame.openings import PACKAGE_FILE

    out = tmp_path / "again.json.gz"
    assert build_main(["build", str(sdg_games), "-o", str(out)]) == 0
    assert out.read_bytes() == PACKAGE_FILE.read_bytes(), "make it again: python -m hwgame.openings build FOLDER"
