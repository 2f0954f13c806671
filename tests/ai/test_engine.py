"""``hwgame engine``: the text protocol, driven through a real subprocess."""

from __future__ import annotations

import subprocess
import sys

import pytest


def talk(commands: list[str], timeout: float = 120) -> list[str]:
    """Send commands (quit appended) to a fresh engine; return its output lines."""
    text = "\n".join(commands + ["quit"]) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "hwgame", "engine"], input=text, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_setup_play_and_go():
    out = talk([
        "new standard",
        "setup g3 b2 y3",
        "setup homeworld y1 b3 g3",
        "play Build Y1 North",
        "go level=easy seed=1",
        "position",
    ])  # fmt: skip
    assert out[:4] == ["ok", "ok", "ok", "ok"]
    assert out[4].startswith("bestturn ")
    assert out[5].startswith("rules: standard")
    assert out[-1] == "."
    assert any(line.startswith("North (home of North)") for line in out)


def test_go_answers_a_homeworld_during_setup_and_the_turn_plays_back():
    out = talk(["new", "go seed=2", "setup g3 b2 y3", "go level=normal seed=2"])
    assert out[1].startswith("bestturn Homeworld ")
    assert out[2] == "ok"
    reply = out[3]
    assert reply.startswith("bestturn Homeworld ")
    # The proposed turn is legal: playing it back is accepted.
    out2 = talk(["new", "setup g3 b2 y3", "play " + reply.removeprefix("bestturn "), "go movetime=200 seed=1"])
    assert out2[:3] == ["ok", "ok", "ok"] and out2[3].startswith("bestturn ")
    turn = out2[3].removeprefix("bestturn ")
    out3 = talk(["new", "setup g3 b2 y3", "play " + reply.removeprefix("bestturn "), "play " + turn])
    assert out3[3] == "ok" or out3[3].startswith("gameover")


@pytest.mark.parametrize(
    "command",
    [
        "fly away",
        "play",
        "play Build Q1 North",
        "play Build G1 North",
        "setup g3",
        "new chess",
        "go level=grandmaster",
        "go movetime=abc",
        "go depth",
    ],
)
def test_bad_commands_answer_error_and_the_engine_keeps_running(command):
    out = talk(["new", "setup g3 b2 y3", "setup y1 b3 g3", command, "position"])
    assert out[2] == "ok"
    assert out[3].startswith("error "), out
    assert out[-1] == "."


def test_a_turn_that_ends_the_game_reports_it_and_go_refuses_after():
    out = talk([
        "new",
        "setup y1 b2 g3",
        "setup g1 b3 r3",
        "play Sacrifice G3 North",
        "go",
        "play Pass",
        "undo",
        "go seed=1",
    ])  # fmt: skip
    assert out[:3] == ["ok", "ok", "ok"]
    assert out[3].startswith("gameover South wins")
    assert out[4].startswith("error") and out[5].startswith("error")
    assert out[6] == "ok"
    assert out[7].startswith("bestturn ")
