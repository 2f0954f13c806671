"""The command line: ``--load FILE --smoke``, ``import``, ``export``, ``--data-dir`` (run as a real process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hwgame.persist.paths import ENV_VAR
from tests.catalogs import install_catalog

REPO = Path(__file__).resolve().parents[2]
TRANSCRIPT = """Homeworlds Online (SDG# 77)
Variants: "Hard time"
Started: 2006.01.02, Ended: 2006.01.03
Participants: Bob (S), Ann (N)
Winner: Bob

1) Ann: Homeworld G3 B2 Y3
\tBob: hello
2) Bob: Homeworld G3 B1 Y3

3) Ann: Build Y1 Ann
"""


def hwgame(*args: str, env_dir: Path | None = None, home: Path) -> subprocess.CompletedProcess:
    """Run ``python -m hwgame`` with a private home, so nothing can reach the player's real folders."""
    env = {k: v for k, v in os.environ.items() if k != ENV_VAR}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"))
    if env_dir is not None:
        env[ENV_VAR] = str(env_dir)
    return subprocess.run(
        [sys.executable, "-m", "hwgame", *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=60
    )


def one_line(text: str) -> str:
    assert "Traceback" not in text
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.mark.slow
def test_import_load_and_export(tmp_path):
    home, data = tmp_path / "home", tmp_path / "portable"
    (tmp_path / "t.txt").write_text(TRANSCRIPT)

    done = hwgame("--data-dir", str(data), "import", str(tmp_path / "t.txt"), home=home)
    assert done.returncode == 0, done.stderr
    save = Path(one_line(done.stdout))
    assert save == data / "saves" / "sdg-77.json"
    assert json.loads(save.read_text())["imported"]["winner"] == "Bob"
    assert not (home / "data").exists()  # the option moved everything

    done = hwgame("--data-dir", str(data), "--load", "sdg-77", "--smoke", home=home)
    assert done.returncode == 0, done.stderr
    # The record names Bob the winner of a game its turns leave undecided: the import keeps that result.
    assert one_line(done.stdout) == f"{save}: loads: 3 turns, Ann vs Bob, Bob wins: Ann resigned or ran out of time"

    out = tmp_path / "out.txt"
    done = hwgame("export", str(save), "--sdg", str(out), home=home)
    assert done.returncode == 0, done.stderr
    text = out.read_text()
    for line in ("Homeworlds Online (SDG# 77)", 'Variants: "Hard time"', "Started: 2006.01.02, Ended: 2006.01.03",
                 "Participants: Bob (S), Ann (N)", "Winner: Bob", "3) Ann: Build Y1 Ann"):  # fmt: skip
        assert line in text

    out.write_text("mine")
    done = hwgame("export", str(save), "--sdg", str(out), home=home)
    assert done.returncode == 1
    assert one_line(done.stderr) == f"hwgame: {out}: exists already: choose another name, or add --force to replace it"
    assert out.read_text() == "mine"
    done = hwgame("export", "sdg-77", "--sdg", str(out), "--force", "--data-dir", str(data), home=home)
    assert done.returncode == 0, done.stderr
    assert out.read_text() == text


@pytest.mark.slow
def test_the_environment_variable_chooses_the_folder(tmp_path):
    home, data = tmp_path / "home", tmp_path / "env"
    (tmp_path / "t.txt").write_text(TRANSCRIPT)
    done = hwgame("import", str(tmp_path / "t.txt"), env_dir=data, home=home)
    assert done.returncode == 0, done.stderr
    assert Path(one_line(done.stdout)) == data / "saves" / "sdg-77.json"


@pytest.mark.slow
def test_bad_files_give_one_line_and_a_failing_status(tmp_path):
    home = tmp_path / "home"
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"schema_version": 2, "players": [')
    done = hwgame("--load", str(bad), "--smoke", home=home)
    assert done.returncode == 1
    assert one_line(done.stderr).startswith(f"hwgame: {bad}: is cut short")
    assert bad.read_bytes() == b'{"schema_version": 2, "players": ['

    (tmp_path / "three.txt").write_text("Participants: A (N), B (S), C (E)\n\n1) A: Homeworld G3 B2 Y3\n")
    done = hwgame("import", str(tmp_path / "three.txt"), "--data-dir", str(tmp_path / "d"), home=home)
    assert done.returncode == 1
    assert "is not supported" in one_line(done.stderr)
    assert not (tmp_path / "d" / "saves").exists()

    done = hwgame("--load", str(tmp_path / "missing.json"), "--smoke", home=home)
    assert done.returncode == 1
    assert one_line(done.stderr).endswith("missing.json: no such file")

    # ``--smoke`` alone is the game's self-check now: tests/packaging/test_cli_build.py covers it.


@pytest.mark.slow
def test_the_example_saves_load_from_the_command_line(tmp_path):
    for name in ("demo-finished.json", "mid-game.json"):
        done = hwgame("--load", str(REPO / "saves" / name), "--smoke", home=tmp_path)
        assert done.returncode == 0, done.stderr
        assert "loads" in one_line(done.stdout)


def test_a_terminal_that_cannot_show_a_name_gets_escapes_not_a_crash(tmp_path):
    import subprocess
    import sys

    transcript = tmp_path / "names.txt"
    transcript.write_text("Participants: Ærø (N), ぱぱ (S)\n\n1) Ærø: Homeworld R1 B2 G3\n2) ぱぱ: Homeworld R2 B1 G3\n"
                          "3) Ærø: Discover G3 Ærø Y1 織女\n", encoding="utf-8")  # fmt: skip
    env = {"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin", "HWGAME_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-m", "hwgame", "verify", str(transcript)], capture_output=True,
                          text=True, encoding="ascii", errors="strict", env=env, timeout=120)  # fmt: skip
    assert "Traceback" not in done.stderr
    assert done.returncode == 1  # the discovery at an unreachable system is refused, in escaped words
    assert "\\u7e54\\u5973" in done.stdout or "\\u3071" in done.stdout or "\\xc6" in done.stdout


# --- the language of the command line ---------------------------------------------------------------------


def _japanese(monkeypatch) -> None:
    """A small Japanese catalog in place of the game's, for one test."""
    install_catalog(monkeypatch, [
        (("{count} game verified, {failed} failed", "{count} games verified, {failed} failed"),
         ("{count}局を検証、{failed}局が失敗",)),
        ("the ship is already at {system}", "船はすでに{system}にあります"),
        ("rule set (default: sdg)", "ルール（既定：sdg）"),
    ])


def test_lang_takes_a_code_or_a_locale_name_and_stays_on_the_namespace():
    from hwgame.__main__ import build_parser

    parser = build_parser()
    assert parser.parse_args(["--lang", "ja_JP.UTF-8"]).lang == "ja"
    assert parser.parse_args(["--lang", "zh_TW"]).lang == "zh-Hant"
    assert parser.parse_args(["--lang", "en"]).lang == "en"
    assert parser.parse_args([]).lang is None  # the window then keeps its saved language


def test_an_unknown_language_is_refused_in_one_line(tmp_path):
    done = hwgame("--lang", "klingon", "verify", "x.raw", home=tmp_path)
    assert done.returncode == 2
    assert "'klingon' is not a language of the game (en, ja, zh-Hant)" in done.stderr


def test_lang_makes_the_messages_speak_that_language(monkeypatch, capsys, tmp_path):
    from hwgame import i18n
    from hwgame.__main__ import main

    _japanese(monkeypatch)
    game = tmp_path / "g.raw"
    game.write_text("Participants: Ann (N), Bob (S)\n\n1) Ann: Homeworld Y2 B1 G3\n2) Bob: Homeworld B3 R2 G3\n"
                    "3) Ann: Move G3 Ann Ann\n")  # fmt: skip
    assert main(["--lang", "ja", "verify", str(game)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "1局を検証、1局が失敗"
    assert "船はすでにAnnにあります" in out[0]
    assert i18n.current_language() == "ja"
    assert main(["--lang", "en", "verify", str(game)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "1 game verified, 1 failed"


def test_without_lang_the_command_line_speaks_the_systems_language(monkeypatch, capsys, tmp_path):
    from hwgame.__main__ import build_parser, main

    _japanese(monkeypatch)
    monkeypatch.setenv("LANGUAGE", "ja_JP")
    game = tmp_path / "g.raw"
    game.write_text("Participants: Ann (N), Bob (S)\n\n1) Ann: Homeworld Y2 B1 G3\n")
    assert main(["verify", str(game)]) == 0
    assert capsys.readouterr().out.strip() == "1局を検証、0局が失敗"
    verify = build_parser()._subparsers._group_actions[0].choices["verify"]  # the help is in Japanese too
    assert "ルール（既定：sdg）" in verify.format_help()


@pytest.mark.slow
def test_a_save_dated_out_of_range_is_refused_in_one_line(tmp_path):
    home, data = tmp_path / "home", tmp_path / "data"
    good = json.loads((REPO / "saves" / "mid-game.json").read_text(encoding="utf-8"))
    for field, date in (("created", "0001-01-01T00:00:00+05:00"), ("updated", "9999-12-31T23:59:59-05:00")):
        bad = tmp_path / f"{field}.json"
        bad.write_text(json.dumps({**good, field: date}), encoding="utf-8")
        before = bad.read_bytes()
        done = hwgame("--data-dir", str(data), "--load", str(bad), "--smoke", home=home)
        assert done.returncode == 1
        assert one_line(done.stderr) == (f"hwgame: {bad}: is not a valid save: {field}: {date} is out of the range "
                                         "of dates (years 1 to 9999)")  # fmt: skip
        assert bad.read_bytes() == before
