"""The saves folder: where it is, autosave, named saves, the list, deleting, and the settings file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hwgame.persist import (
    SaveError,
    Settings,
    Store,
    autosave,
    delete_save,
    list_saves,
    load_game,
    load_settings,
    paths,
    save_game,
    save_settings,
    set_data_dir,
)
from hwgame.persist.store import file_name
from hwgame.rules import STANDARD, Game
from hwgame.words import refusal_text

from .games import game_of, random_game
from .test_roundtrip import assert_same_game


def test_the_data_folder_comes_from_the_option_then_the_variable(data_dir, tmp_path, monkeypatch):
    assert paths.locations().saves == data_dir / "saves"
    assert paths.locations().settings == data_dir / "settings.json"
    chosen = tmp_path / "portable"
    set_data_dir(chosen)
    try:
        assert paths.locations().saves == chosen / "saves"
        assert paths.os.environ[paths.ENV_VAR] == str(chosen)
    finally:
        set_data_dir(None)
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    default = paths.locations()
    assert default.saves.name == "saves" and "hwgame" in str(default.saves)
    assert default.settings.name == "settings.json"


def test_the_module_functions_use_the_data_folder(data_dir):
    game = game_of(6)
    path = autosave(game)
    assert path.parent == data_dir / "saves" and path.name.startswith("autosave-")
    named = save_game(game, "Evening game")
    assert named == data_dir / "saves" / "Evening game.json"
    assert_same_game(game, load_game("Evening game").game)
    assert [info.name for info in list_saves()] == [path.stem, "Evening game"]  # the unfinished game first
    delete_save("Evening game")
    assert not named.exists()
    settings = load_settings()
    save_settings(settings.model_copy(update={"sound_volume": 0.25}))
    assert load_settings().sound_volume == 0.25
    assert (data_dir / "settings.json").is_file()


def test_autosave_after_every_turn_keeps_identity_and_creation_time(saves):
    game = Game(STANDARD, players=("Ann", "Hal"))
    seats = [{"name": "Ann"}, {"name": "Hal", "kind": "computer", "level": "hard"}]
    first = None
    reference = random_game(42, max_turns=12)
    for turn in reference.turns:
        game.play(turn)
        path = saves.autosave(game, seats)
        data = json.loads(path.read_text())
        first = first or data
        assert data["game_id"] == first["game_id"]
        assert data["created"] == first["created"]
    loaded = saves.load(path)
    assert_same_game(game, loaded.game)
    assert loaded.players[1].level == "hard"
    # A game loaded and autosaved again stays the same game.
    assert json.loads(saves.autosave(loaded.game, loaded.players).read_text())["game_id"] == first["game_id"]


def test_a_new_game_never_replaces_the_autosave_of_another(data_dir):
    old = game_of(5)
    path = Store(data_dir).autosave(old)
    before = path.read_bytes()
    new = Store(data_dir).autosave(game_of(3, seed=50))  # a new session, a new game
    assert new != path and path.read_bytes() == before
    assert not path.with_name(path.name + ".bak").exists()


def test_each_autosave_of_a_game_keeps_the_one_before(saves):
    game = game_of(5)
    path = saves.autosave(game)
    before = path.read_bytes()
    game.undo()
    assert saves.autosave(game) == path
    assert path.with_name(path.name + ".bak").read_bytes() == before


def test_named_saves_refuse_to_replace_another_game_unless_asked(saves):
    a, b = game_of(4), game_of(4, seed=30)
    saves.save(a, "mine")
    a.undo()
    saves.save(a, "mine")  # the same game again: fine
    with pytest.raises(SaveError, match="a different game is saved under this name already"):
        saves.save(b, "mine")
    saves.save(b, "mine", overwrite=True)
    assert_same_game(b, saves.load("mine").game)


def test_save_names(saves):
    assert file_name("My game: round 2/3") == "My game_ round 2_3.json"
    assert file_name("nul") == "nul_.json"
    assert file_name("game.json") == "game.json"
    for bad in ("", "   ", "...", "///"):
        with pytest.raises(SaveError, match="cannot name a save"):
            file_name(bad)
    # What a player types is a name, never a path: it stays in the saves folder.
    assert saves.save(game_of(2), "../round 1/2") == saves.saves_dir / "_round 1_2.json"
    with pytest.raises(SaveError, match="kept for the autosave"):
        saves.save(game_of(2), "Autosave-3")


def test_the_list_shows_players_turns_result_and_problems(saves):
    running = game_of(7)
    finished = random_game(1)
    seed = 1
    while finished.outcome() is None:
        seed += 1
        finished = random_game(seed)
    saves.save(running, "running",
               [{"name": running.players[0]}, {"name": running.players[1], "kind": "computer", "level": "easy"}])
    saves.save(finished, "finished")
    (saves.saves_dir / "broken.json").write_text("{")
    (saves.saves_dir / "notes.txt").write_text("not a save")
    (saves.saves_dir / ".running.json.1-ab.tmp").write_text("{")
    infos = {info.name: info for info in saves.list_saves()}
    assert set(infos) == {"running", "finished", "broken"}
    assert infos["running"].turns_played == len(running.turns)
    assert infos["running"].result is None
    assert "computer, level easy" in infos["running"].describe()
    assert infos["finished"].result.winner == finished.outcome().winner
    assert refusal_text(finished.outcome(), "en") in infos["finished"].describe()  # a save keeps English
    assert "cut short" in infos["broken"].error
    assert infos["broken"].describe().startswith("broken: cannot be opened")
    assert saves.latest_autosave() is None  # named saves are not the Continue target
    path = saves.autosave(running)
    assert saves.latest_autosave() == path


def test_delete(saves, tmp_path):
    game = game_of(3)
    path = saves.save(game, "gone")
    saves.save(game, "gone")
    assert path.with_name("gone.json.bak").exists()
    saves.delete("gone")
    assert not path.exists() and not path.with_name("gone.json.bak").exists()
    with pytest.raises(SaveError, match="no such save"):
        saves.delete("gone")
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}")
    with pytest.raises(SaveError, match="only saves in"):
        saves.delete(outside)
    assert outside.exists()


def test_a_game_that_cannot_be_written_down_is_refused_clearly(saves):
    game = Game(STANDARD, players=("Ann Lee", "Bob"))  # a name the notation cannot hold
    with pytest.raises(SaveError, match="this game cannot be saved: .*'Ann Lee' cannot be a player name"):
        saves.autosave(game)
    assert not list(saves.saves_dir.glob("autosave*"))
    with pytest.raises(SaveError, match="this game cannot be saved: the players"):
        saves.autosave(Game(STANDARD, players=("Ann", "Bob")), [{"name": "Bob"}, {"name": "Ann"}])


# --- settings ---


def test_settings_default_when_there_is_no_file(saves):
    assert saves.load_settings() == Settings()
    assert saves.notices == []


def test_settings_round_trip_and_keep_unknown_fields(saves):
    path = saves.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"sound_volume": 0.5, "future_option": {"x": 1}, "tutorial": {"moves": {"step": 3}}}))
    settings = saves.load_settings()
    assert settings.sound_volume == 0.5
    assert settings.tutorial["moves"].step == 3 and not settings.tutorial["moves"].completed
    settings.tutorial["moves"].completed = True
    settings.window_size = (1024, 768)
    saves.save_settings(settings)
    data = json.loads(path.read_text())
    assert data["future_option"] == {"x": 1}
    assert data["tutorial"]["moves"] == {"completed": True, "step": 3}
    assert data["window_size"] == [1024, 768]
    assert saves.load_settings() == settings
    assert path.with_name("settings.json.bak").is_file()


def test_an_old_settings_file_still_loads(saves):
    path = saves.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"schema_version": 1, "ai_level": 2}')
    settings = saves.load_settings()
    assert settings.ai_level == "easy"  # format 1 kept the level by number
    assert settings.connection_lines is True
    assert saves.notices == []


def test_bad_setting_values_fall_back_to_their_defaults(saves):
    path = saves.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {"sound_volume": 7, "ai_level": 4, "window_size": [10, 10], "tutorial": {"a": {"step": -1}, "b": {}}}
        )
    )
    settings = saves.load_settings()
    assert settings.sound_volume == Settings().sound_volume
    assert settings.window_size == Settings().window_size
    assert settings.ai_level == "hard"  # no version: the first format, which kept the level by number
    assert set(settings.tutorial) == {"b"}
    joined = " | ".join(saves.notices)
    assert "sound_volume" in joined and "window_size" in joined and "tutorial.a.step" in joined


def test_an_unreadable_settings_file_is_kept_aside_before_it_is_replaced(saves):
    path = saves.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"sound_volume": 0.')
    settings = saves.load_settings()
    assert settings == Settings()
    assert "cut short" in saves.notices[0]
    assert path.read_bytes() == b'{"sound_volume": 0.'  # reading changed nothing
    saves.save_settings(settings)
    assert Path(str(path) + ".broken").read_bytes() == b'{"sound_volume": 0.'
    assert saves.load_settings() == settings


def test_a_repaired_settings_file_is_kept_where_the_next_repair_does_not_write(saves):
    path = saves.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    first, second = b'{"sound_volume": "loud"}', b'{"sound_volume": -3}'
    path.write_bytes(first)
    saves.save_settings(saves.load_settings())  # repaired: the volume back to its default
    path.write_bytes(second)
    saves.save_settings(saves.load_settings())
    saves.save_settings(saves.load_settings())  # a sound file now: nothing more is kept aside
    assert Path(str(path) + ".broken").read_bytes() == first
    assert Path(str(path) + ".broken1").read_bytes() == second
    assert not Path(str(path) + ".broken2").exists()


def test_settings_refuse_bad_values_when_set(saves):
    settings = Settings()
    with pytest.raises(ValueError, match="less than or equal to 1"):
        settings.sound_volume = 2
    with pytest.raises(ValueError, match="100x100 is not a window size the game can use: from 1024x700 to 7680x4320"):
        settings.window_size = (100, 100)


@pytest.mark.parametrize("size", [[16384, 16384], [7681, 4320], [7680, 4321], [1023, 700], [1024, 699], [-1, 800]])
def test_a_window_size_out_of_range_is_repaired_to_the_default(saves, size):
    # 16384x16384 would take over 2 GB for the window's picture alone.
    path = saves.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps({"window_size": size, "sound_volume": 0.25}).encode()
    path.write_bytes(raw)
    settings = saves.load_settings()
    assert settings.window_size == Settings().window_size and settings.sound_volume == 0.25
    (notice,) = saves.notices
    assert notice == (f"{path}: setting window_size: {size[0]}x{size[1]} is not a window size the game can use: "
                      "from 1024x700 to 7680x4320: using the default")  # fmt: skip
    assert path.read_bytes() == raw  # reading changed nothing
    saves.save_settings(settings)
    assert Path(str(path) + ".broken").read_bytes() == raw  # kept aside before it was replaced


@pytest.mark.parametrize("size", [(1024, 700), (7680, 4320), (1280, 800), (3840, 2160)])
def test_a_window_size_in_range_is_kept(saves, size):
    path = saves.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"window_size": list(size)}))
    assert saves.load_settings().window_size == size and saves.notices == []


def test_the_settings_bound_the_window_as_the_window_does():
    from hwgame.app.control.options import LARGEST, SMALLEST
    from hwgame.app.view.layout import MIN_HEIGHT, MIN_WIDTH
    from hwgame.persist.schema import WINDOW_LARGEST, WINDOW_SMALLEST

    assert WINDOW_SMALLEST == (MIN_WIDTH, MIN_HEIGHT) == SMALLEST
    assert WINDOW_LARGEST == LARGEST
