"""One autosave per game: a second game never takes the first one's place, Continue finds the most recent
unfinished game, the turn in progress comes back as it was, and the single autosave of earlier versions
still loads and is continued in place."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hwgame.persist import Store
from hwgame.persist.autosaves import LEGACY_SLOT
from hwgame.persist.schema import SCHEMA_VERSION
from hwgame.persist.store import encode
from hwgame.rules import STANDARD, Game, Pass

from .games import random_game
from .test_roundtrip import assert_same_game

DATA = Path(__file__).parent / "data"


def unfinished(turns: int, seed: int = 0, pending: bool = False) -> Game:
    """A game that goes on after ``turns`` turns (with or without actions of the next turn made)."""
    while True:
        game = random_game(seed, max_turns=turns + 20)
        if len(game.turns) >= turns and game.outcome() is None and bool(game.pending) == pending:
            return game
        seed += 1


def play_on(game: Game) -> None:
    """One more turn: the turn in progress ended, or a pass."""
    if game.pending:
        game.commit()
    else:
        game.play((Pass(),))


def finished(seed: int = 1) -> Game:
    while True:
        game = random_game(seed)
        if game.outcome() is not None:
            return game
        seed += 1


def test_two_games_keep_two_autosaves_and_continue_finds_the_latest(saves):
    first, second = unfinished(6), unfinished(9, seed=40)
    a = saves.autosave(first)
    before = a.read_bytes()
    b = Store(saves.saves_dir.parent).autosave(second)  # a new game, even in another session
    assert a != b and a.read_bytes() == before
    assert saves.latest_autosave() == b
    # Played on, the first game is the most recent again, written to its own file.
    play_on(first)
    assert saves.autosave(first) == a
    assert saves.latest_autosave() == a
    assert_same_game(first, saves.load(a).game)
    assert_same_game(second, saves.load(b).game)


def test_the_list_puts_unfinished_games_first_then_the_others_newest_first(saves):
    saves.save(unfinished(4), "named early")
    done = saves.autosave(finished())
    one = saves.autosave(unfinished(5, seed=10))
    saves.save(unfinished(7, seed=20), "named late")
    (saves.saves_dir / "broken.json").write_text("{")
    two = saves.autosave(unfinished(6, seed=30))
    infos = saves.list_saves()
    assert [i.path for i in infos[:2]] == [two, one]
    assert all(i.unfinished for i in infos[:2]) and not any(i.unfinished for i in infos[2:])
    rest = [i.name for i in infos[2:]]
    assert set(rest) == {"named early", "named late", "broken", done.stem}
    assert rest.index("named late") < rest.index("named early")  # newest first
    # A finished game's autosave is listed, but it is never what Continue resumes.
    assert saves.latest_unfinished().path == two
    assert next(i for i in infos if i.path == done).result is not None


def test_a_finished_game_is_not_the_continue_target(saves):
    game = finished()
    path = saves.autosave(game)
    assert saves.latest_autosave() is None
    info = next(i for i in saves.list_saves() if i.path == path)
    assert info.is_autosave and not info.unfinished


def test_the_turn_in_progress_comes_back_as_it_was(saves):
    game = unfinished(8, seed=3, pending=True)
    path = saves.autosave(game)
    data = json.loads(path.read_text())
    assert len(data["turn_in_progress"]) == len(game.pending)
    later = Store(saves.saves_dir.parent).load(path)
    assert_same_game(game, later.game)
    assert later.game.state == game.state
    info = next(i for i in saves.list_saves() if i.path == path)
    assert info.actions_in_progress == len(game.pending) and info.to_move == game.players[game.to_move]
    # An action taken back is taken back in the file too.
    game.undo_action()
    saves.autosave(game)
    assert Store(saves.saves_dir.parent).load(path).game.pending == game.pending


def test_a_game_continued_from_its_autosave_writes_that_file_again(data_dir):
    game = unfinished(5)
    path = Store(data_dir).autosave(game)
    store = Store(data_dir)  # the next session
    loaded = store.load(path)
    assert store.autosave_of(loaded.game) == path
    play_on(loaded.game)
    assert store.autosave(loaded.game, loaded.players) == path
    assert [p.name for p in data_dir.joinpath("saves").glob("autosave*.json")] == [path.name]


def test_an_old_single_autosave_still_loads_and_is_continued_in_place(saves):
    saves.saves_dir.mkdir(parents=True)
    old = saves.saves_dir / LEGACY_SLOT
    shutil.copy(DATA / "format1-in-progress.json", old)
    before = old.read_bytes()
    info = saves.latest_unfinished()
    assert info is not None and info.path == old  # listed and offered as Continue
    # A new game does not touch it.
    other = saves.autosave(unfinished(3, seed=5))
    assert old.read_bytes() == before and other != old
    loaded = saves.load(old)
    assert loaded.upgraded_from == 1 and loaded.game.pending  # its turn in progress too
    loaded.game.commit()
    assert saves.autosave(loaded.game, loaded.players) == old
    assert json.loads(old.read_text())["schema_version"] == SCHEMA_VERSION
    assert old.with_name(LEGACY_SLOT + ".bak").read_bytes() == before


def test_the_old_slot_name_stands_for_the_latest_unfinished_game(saves):
    path = saves.autosave(unfinished(4))
    assert saves.load("autosave").path == path
    assert saves.load(saves.saves_dir / LEGACY_SLOT).path == path
    # Any folder's old slot name stands for that folder's latest unfinished game.
    assert Store(saves.saves_dir.parent.parent / "elsewhere").load(saves.saves_dir / LEGACY_SLOT).path == path
    # Where the file exists, it is that file.
    (saves.saves_dir / LEGACY_SLOT).write_bytes(path.read_bytes())
    assert saves.load(saves.saves_dir / LEGACY_SLOT).path == saves.saves_dir / LEGACY_SLOT


def test_opening_a_named_save_never_writes_over_a_later_autosave_of_that_game(data_dir):
    game = unfinished(6, seed=8)
    store = Store(data_dir)
    named = store.save(game, "Evening game")
    play_on(game)
    ahead = store.autosave(game)  # the game went on after it was saved by name
    ahead_bytes = ahead.read_bytes()
    later = Store(data_dir)
    back = later.load(named)  # the player opens the named save again, behind the autosave
    fork = later.autosave(back.game, back.players)
    assert fork != ahead and ahead.read_bytes() == ahead_bytes
    # The same state as the autosave takes its place instead of making a copy.
    again = Store(data_dir)
    same = again.load(named)
    play_on(same.game)
    assert again.autosave(same.game, same.players) == ahead


def test_an_autosave_changed_by_another_window_is_kept(saves, data_dir):
    game = unfinished(6, seed=12)
    path = saves.autosave(game)
    window = Store(data_dir)
    elsewhere = window.load(path)  # a second window plays the same game on
    play_on(elsewhere.game)
    assert window.autosave(elsewhere.game, elsewhere.players) == path
    theirs = path.read_bytes()
    game.undo()  # this window goes another way
    moved = saves.autosave(game)
    assert moved != path and path.read_bytes() == theirs
    assert any("another state of this game" in n for n in saves.notices)


def test_a_strange_game_id_does_not_steer_the_file_name(saves):
    game = unfinished(3)
    data = json.loads(encode(saves.snapshot(game)))
    data["game_id"] = "../../../etc/passwd"
    saves.saves_dir.mkdir(parents=True)
    source = saves.saves_dir / "odd.json"
    source.write_text(json.dumps(data))
    loaded = saves.load(source)
    path = saves.autosave(loaded.game, loaded.players)
    assert path.parent == saves.saves_dir and path.name == "autosave-etcpassw.json"


def test_resigning_in_the_middle_of_a_turn_saves_the_result(saves):
    game = unfinished(8, seed=21, pending=True)
    game.resign(game.to_move)
    path = saves.autosave(game)
    loaded = saves.load(path)
    assert loaded.save.result is not None and loaded.save.turn_in_progress == []
    assert loaded.game.outcome() == game.outcome()
    assert saves.latest_autosave() is None


def test_an_empty_game_can_be_autosaved_and_a_first_autosave_picks_a_free_name(saves):
    game = Game(STANDARD, players=("Ann", "Bob"))
    path = saves.autosave(game)
    other = Game(STANDARD, players=("Cy", "Di"))
    meta_id = saves.snapshot(other).game_id
    # A folder where the name would go: the next name is taken instead.
    blocked = saves.saves_dir / f"autosave-{meta_id[:8]}.json"
    blocked.mkdir()
    assert saves.autosave(other) == saves.saves_dir / f"autosave-{meta_id[:8]}-2.json"
    assert path.exists()


def test_continue_passes_over_an_autosave_that_does_not_replay(saves):
    good = saves.autosave(unfinished(5))
    data = json.loads(good.read_text())
    data["game_id"] = "b" * 32
    data["turns"][1] = "build g1 Nowhere"  # well formed, but no such system: it does not replay
    bad = saves.saves_dir / "autosave-bbbbbbbb.json"
    bad.write_text(json.dumps(data))
    infos = saves.list_saves()
    assert next(i for i in infos if i.path == bad).error is not None
    assert saves.latest_autosave() == good
    assert bad.read_text() == json.dumps(data)


def test_the_list_follows_a_file_that_changed(saves):
    game = unfinished(5)
    path = saves.autosave(game)
    assert saves.list_saves()[0].turns_played == len(game.turns)
    play_on(game)
    saves.autosave(game)
    assert saves.list_saves()[0].turns_played == len(game.turns)
    saves.delete(path)
    assert saves.list_saves() == []
