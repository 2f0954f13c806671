"""Names in any script through the files and the commands: saves, settings, SDG import and export, and
the engine protocol. Players ``Ærø`` and ``ぱぱ`` discover ``Dy/dx`` and ``織女``."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from pydantic import ValidationError

from hwgame.cli.engine import Engine
from hwgame.persist import SaveError
from hwgame.persist.schema import Player, SaveGame, Settings
from hwgame.persist.sdg import import_transcript, transcript_text
from hwgame.persist.store import encode
from hwgame.rules import SDG, STANDARD, Build, Discover, EndTurn, Game, Sacrifice, parse_piece, parse_transcript, replay

from .test_roundtrip import assert_same_game

REPO = Path(__file__).resolve().parents[2]
WORLD = """Homeworlds Online (SDG# 4242)
Participants: ぱぱ (S), Ærø (N)

1) Ærø: Homeworld Y2 B1 G3

2) ぱぱ: Homeworld Y3 R2 G3

3) Ærø: Build G1 ærø

4) ぱぱ: Build G1 ぱぱ

5) Ærø: Discover G1 Ærø B3 Dy/dx

6) ぱぱ: Discover G1 ぱぱ Y1 織女

7) Ærø: Build G1 Ærø

8) ぱぱ: Move G1 織女 dy/DX

9) Ærø: Sacrifice G1 Dy/dx
Build G1 Ærø
"""


def world() -> Game:
    """The game of WORLD, then ぱぱ discovering a second 織女 (the first one is gone) in a turn in progress."""
    game = replay(parse_transcript(WORLD), SDG)
    game.act(Discover(parse_piece("g3"), "ぱぱ", parse_piece("r1"), "織女"))
    return game


def test_a_game_of_players_named_in_any_script_saves_and_loads_identically(saves):
    game = world()
    assert game.players == ("Ærø", "ぱぱ")
    assert [s.name for s in game.position.systems] == ["Ærø", "ぱぱ", "Dy/dx"]
    path = saves.save(game, "world")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [p["name"] for p in data["players"]] == ["Ærø", "ぱぱ"]
    assert data["turns"][-1] == "sacrifice g1 Dy/dx; build g1 Ærø"
    assert data["turn_in_progress"] == ["discover g3 ぱぱ r1 織女"]
    loaded = saves.load(path)
    assert_same_game(game, loaded.game)
    assert encode(saves.snapshot(loaded.game)) == path.read_bytes()
    assert saves.load(saves.autosave(loaded.game)).game.pending == [game.pending[0]]


POOL = ("織女", "Dy/dx", "Ωμέγα", "Жар-птица", "٣", "ñandú", "𝔊ödel", "ぱぱ2", "x.y", "Ærø-Ø")


def named_game(seed: int) -> Game:
    """Random legal actions by players Ærø and ぱぱ, each discovery named from POOL while a name is free."""
    rng = random.Random(seed)
    game = Game(rng.choice((STANDARD, SDG)), players=("Ærø", "ぱぱ"))
    for _ in range(rng.randint(0, 30)):
        if game.is_over():
            break
        for _ in range(rng.randint(1, 3)):
            acts = [a for a in game.legal_actions() if not isinstance(a, EndTurn)]
            if game.state.done or not acts:
                break
            action = rng.choice(acts)
            if isinstance(action, Discover):
                used = game.state.position.names_in_use()
                free = [name for name in POOL if name.lower() not in used]
                action = replace(action, name=rng.choice(free)) if free else action
            game.act(action)
        if game.state.done or not game.in_setup:
            game.commit()
        else:
            game.restart_turn()
    return game


def test_random_games_with_names_in_any_script_round_trip(saves, tmp_path):
    discovered = set()
    for seed in range(60):
        game = named_game(seed)
        discovered |= {a.name for turn in game.turns for a in turn if isinstance(a, Discover)}
        path = tmp_path / "memory.json"
        path.write_bytes(encode(saves.snapshot(game)))
        assert_same_game(game, saves.load(path).game)
    assert len(discovered & set(POOL)) >= 5


def test_player_names_follow_the_one_rule():
    for name in ("Ærø", "ぱぱ", "Dy/dx", "織女", "o'Neil", "Zed-9"):
        assert Player(name=name).name == name
        assert Settings(player_name=name).player_name == name
    for name, why in [
        ("Ann Lee", "'Ann Lee' cannot be a player name: it holds a space"),
        ("ぱ\x00ぱ", r"'ぱ\x00ぱ' cannot be a player name: it holds a character that cannot be printed"),
        ("Æ" * 41, "is too long for a player name (at most 40 characters)"),
        ("a;b", "'a;b' cannot be a player name: it holds ';', which separates the actions of a turn"),
    ]:
        with pytest.raises(ValidationError, match=re.escape(why)):
            Player(name=name)
        with pytest.raises(ValidationError):
            Settings(player_name=name)


def test_players_apart_only_by_case_cannot_share_a_save(saves):
    data = json.loads(encode(saves.snapshot(world())))
    data["players"][1]["name"] = "ÆRØ"
    with pytest.raises(ValidationError, match="both players are called 'Ærø' and 'ÆRØ'"):
        SaveGame.model_validate(data)


def test_a_name_no_turn_can_hold_is_refused_before_saving(saves):
    with pytest.raises(SaveError, match=r"this game cannot be saved: .*'a;b' cannot be a player name: it holds ';'"):
        saves.autosave(Game(STANDARD, players=("a;b", "Bob")))
    assert not list(saves.saves_dir.glob("autosave*"))


def test_sdg_export_and_import_keep_names_in_any_script(saves, tmp_path):
    source = tmp_path / "world.raw"
    source.write_text(WORLD, encoding="utf-8")
    first = saves.load(import_transcript(source, saves))
    text = transcript_text(first)
    assert "Participants: ぱぱ (S), Ærø (N)" in text.splitlines()
    assert "6) ぱぱ: Discover G1 ぱぱ Y1 織女" in text.splitlines()
    again = tmp_path / "again.raw"
    again.write_text(text, encoding="utf-8")
    second = saves.load(import_transcript(again, saves))
    assert_same_game(first.game, second.game)
    assert transcript_text(second) == text


@pytest.mark.slow
def test_hwgame_import_of_a_transcript_named_in_any_script(tmp_path, data_dir):
    source = tmp_path / "world.raw"
    source.write_text(WORLD, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "hwgame", "import", str(source)], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    path = Path(done.stdout.strip())
    assert path == data_dir / "saves" / "sdg-4242.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [p["name"] for p in data["players"]] == ["Ærø", "ぱぱ"]
    assert "discover g1 ぱぱ y1 織女" in data["turns"] and "move g1 織女 Dy/dx" in data["turns"]


# --- the engine protocol ----------------------------------------------------------------------

ENGINE_GAME = [
    "new sdg",
    "setup y3 b2 g3",
    "setup y1 b3 g3",
    "play Build G1 North",
    "play Build G1 South",
    "play Discover G1 North Y1 織女",
    "play Build G1 South",
    "play Sacrifice G1 織女; Build G1 north",
    "play Build G2 South",
    "play Discover G1 North B1 Dy/dx",
]


def test_the_engine_reads_turns_naming_systems_in_any_script():
    engine = Engine()
    assert [engine.handle(line) for line in ENGINE_GAME] == [["ok"]] * len(ENGINE_GAME)
    g1 = parse_piece("g1")
    assert engine.game.turns[-3] == (Sacrifice(g1, "織女"), Build(g1, "North"))
    assert engine.game.turns[-1] == (Discover(g1, "North", parse_piece("b1"), "Dy/dx"),)
    assert "Dy/dx: stars b1; ships North: g1" in engine.handle("position")
    assert engine.handle("play Discover G1 South R2 dy/DX") == [
        "error action 1: the name 'dy/DX' is already taken: the system Dy/dx has it"
        " (names are matched whatever their case)"
    ]
    assert engine.handle("play Discover G1 South R2 a\x07b") == [
        r"error cannot read 'Discover G1 South R2 a\x07b': 'a\x07b' cannot be a system name: it holds a character"
        " that cannot be printed"
    ]
    assert engine.handle("play Discover G1 South R2 織女") == ["ok"]  # the first 織女 is gone
    assert "織女: stars r2; ships South: g1" in engine.handle("position")


def test_the_engine_answers_names_in_utf8_whatever_the_locale():
    text = "\n".join([*ENGINE_GAME, "position", "quit"]) + "\n"
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C"}
    done = subprocess.run(
        [sys.executable, "-m", "hwgame", "engine"], input=text.encode("utf-8"), capture_output=True, env=env,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode("utf-8").splitlines()
    assert lines[: len(ENGINE_GAME)] == ["ok"] * len(ENGINE_GAME)
    assert "Dy/dx: stars b1; ships North: g1" in lines


# --- the longest names RULES.md allows ---------------------------------------------------------------

LONG_NAME = "Alpha_Centauri_and_the_Proxima_system"  # 37 characters, as long as the archive's longest
LONGEST = "x" * 40  # RULES.md: up to 40 characters
LONG_GAME = f"""Homeworlds Online (SDG# 4343)
Participants: Bob (S), Ann (N)

1) Ann: Homeworld Y2 B1 G3

2) Bob: Homeworld Y3 R2 G3

3) Ann: Build G1 Ann

4) Bob: Build G1 Bob

5) Ann: Discover G1 Ann B3 {LONG_NAME}

6) Bob: Discover G1 Bob Y1 {LONGEST}

7) Ann: Build G1 {LONG_NAME.lower()}
"""


def test_a_system_name_of_37_or_40_characters_imports_saves_loads_and_exports(saves, tmp_path):
    assert len(LONG_NAME) == 37
    source = tmp_path / "long.raw"
    source.write_text(LONG_GAME, encoding="utf-8")
    loaded = saves.load(import_transcript(source, saves))
    assert f"discover g1 Ann b3 {LONG_NAME}" in loaded.save.turns
    assert f"build g1 {LONG_NAME}" in loaded.save.turns  # named as on the map
    assert loaded.game.position.system_named(LONGEST) is not None
    text = transcript_text(loaded)
    assert f"5) Ann: Discover G1 Ann B3 {LONG_NAME}" in text.splitlines()
    assert Player(name=LONGEST).name == LONGEST and Settings(player_name=LONGEST).player_name == LONGEST
    with pytest.raises(ValidationError, match=r"at most 40 characters"):
        Player(name=LONGEST + "x")


def test_the_engine_takes_a_system_name_of_40_characters():
    engine = Engine()
    lines = ["new sdg", "setup y3 b2 g3", "setup y1 b3 g3", "play Build G1 North", "play Build G1 South",
             f"play Discover G1 North Y1 {LONGEST}"]
    assert [engine.handle(line) for line in lines] == [["ok"]] * len(lines)
    assert f"{LONGEST}: stars y1; ships North: g1" in engine.handle("position")
    (refused,) = engine.handle(f"play Discover G1 South R1 {LONGEST}x")
    assert refused.startswith("error cannot read 'Discover G1 South R1 xxx")
    assert refused.endswith(f"'{LONGEST}x' is too long for a system name (at most 40 characters)")
