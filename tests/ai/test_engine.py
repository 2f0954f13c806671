"""``hwgame engine``: the text protocol, driven through a real subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from tests.catalogs import install_catalog

pytestmark = pytest.mark.slow


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
    out2 = [line for line in out2 if not line.startswith("info ")]
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


OPENED = ["new", "setup g3 b2 y3", "setup y1 b3 g3"]


def test_depth_search_reports_each_depth_then_answers():
    out = talk(OPENED + ["go depth=3 seed=1", "position"])
    infos = [line for line in out if line.startswith("info ")]
    depths = {int(line.split()[2]) for line in infos}
    assert depths == {1, 2, 3}
    assert all(" score " in line and " nodes " in line and " turn " in line for line in infos)
    answer = out[3 + len(infos)]
    assert answer.startswith("bestturn ")
    assert out[-1] == "."  # the command sent during the search waited for it, then answered


def test_infinite_search_answers_when_stopped():
    engine = subprocess.Popen([sys.executable, "-m", "hwgame", "engine"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert engine.stdin is not None and engine.stdout is not None
        engine.stdin.write("\n".join(OPENED + ["go infinite"]) + "\n")
        engine.stdin.flush()
        assert [engine.stdout.readline().strip() for _ in range(3)] == ["ok", "ok", "ok"]
        first = engine.stdout.readline()
        assert first.startswith("info depth 1 ")  # it is searching, and says so
        engine.stdin.write("stop\n")
        engine.stdin.flush()
        line = first
        while line.startswith("info "):
            line = engine.stdout.readline()
        assert line.startswith("bestturn ")
        engine.stdin.write("play " + line.removeprefix("bestturn ").strip() + "\nquit\n")
        engine.stdin.flush()
        assert engine.stdout.readline().strip() in ("ok",) or line.startswith("gameover")
        assert engine.wait(timeout=30) == 0
    finally:
        engine.kill()


@pytest.mark.parametrize("option", ["movetime=" + "9" * 400, "depth=0", "depth=99", "seed=-1", "movetime=1.5"])
def test_absurd_numbers_are_refused_in_a_short_message(option):
    out = talk(OPENED + [f"go {option}", "position"])
    assert out[3].startswith("error ") and len(out[3]) < 160
    assert out[-1] == "."


def test_bytes_that_are_not_utf8_and_a_stray_stop_do_not_end_the_engine():
    text = ("\n".join(OPENED) + "\nplay Build \xff\xfe North\nstop\nposition\nquit\n").encode("latin-1")
    done = subprocess.run([sys.executable, "-m", "hwgame", "engine"], input=text, capture_output=True,
                          timeout=60, env={**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"})  # fmt: skip
    out = done.stdout.decode("utf-8").splitlines()
    assert done.returncode == 0 and not done.stderr
    assert out[3].startswith("error ") and out[4].startswith("error ")
    assert out[-1] == "."


def test_position_prints_its_one_line_text_and_a_line_sets_a_position_to_play_on():
    board = "standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3b1; Alpha - r3 y1 b1"
    out = talk(["new", f"position {board}", "position", "play Build G1 North", "position"])
    assert out[0] == "ok" and out[1] == "ok"
    first_end = out.index(".")
    assert out[first_end - 1] == f"text {board}"
    assert out[first_end + 1] == "ok"
    assert "text standard North South 1 2; North 0 y1b2 g1g3 -;" in "\n".join(out[first_end + 2 :])


def test_a_bad_position_line_is_refused_and_the_game_goes_on():
    out = talk(["new", "setup g3 b2 y3", "position standard North South 0 2; North 0 y1b2 g3", "position"])
    assert out[2].startswith("error not a position: system") and "five words" in out[2]
    assert out[-2] == "text standard North South 1 1; North 0 g3b2 y3 -"  # the game as it was


def test_the_protocol_speaks_english_whatever_the_players_language(monkeypatch):
    """The protocol is for programs: a refusal is worded in English even on a Japanese system."""
    from hwgame import i18n
    from hwgame.cli.engine import Engine

    install_catalog(monkeypatch, [
        ("the game is still being set up: build your homeworld first", "まだ準備中です"),
        ("action {action}: {reason}", "{action}番目の行動：{reason}"),
    ])
    i18n.set_language("ja")
    try:
        engine = Engine()
        answer = engine.handle("play Build G1 North")
        assert answer == ["error action 1: the game is still being set up: build your homeworld first"]
        assert engine.handle("new chess") == ["error unknown rule set 'chess': use standard or sdg"]
    finally:
        i18n.set_language("en")


def _engine_bytes(data: bytes, timeout: float = 60) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, "-m", "hwgame", "engine"], input=data, capture_output=True,
                          timeout=timeout)  # fmt: skip
    assert not done.stderr, done.stderr[-500:]
    return done.returncode, done.stdout.decode("utf-8").splitlines()


@pytest.mark.parametrize("line", [
    b" " * (1 << 20) + b"x" * 100,  # blank for its whole first MiB
    b"position " + b"y" * 10_000_000,  # a command word, then far too much
    b"play " + b"\xff" * (3 << 20),  # bytes that are not text
])  # fmt: skip
def test_a_line_over_the_cap_gets_one_answer_judged_on_its_first_bytes(line):
    status, out = _engine_bytes(line + b"\nundo\nquit\n")
    assert status == 0
    assert out == ["error line too long (over 1048576 bytes): the command is ignored", "error nothing to undo"]


def test_lines_are_cut_in_linear_time_whatever_their_length():
    import time

    from hwgame.cli.engine import MAX_LINE, TOO_LONG, split_lines

    chunk = b"y" * 65536
    start = time.perf_counter()
    out = list(split_lines([b"position "] + [chunk] * 400 + [b"\nnew", b"\nundo"]))  # 26 MB on one line
    assert time.perf_counter() - start < 5
    assert out == [TOO_LONG, "new", "undo"]
    assert list(split_lines([b"a" * MAX_LINE + b"\n"])) == ["a" * MAX_LINE]  # the cap itself is allowed


@pytest.mark.parametrize("end", ["stop", "quit", ""])
def test_stop_quit_and_end_of_input_reach_an_infinite_search_after_other_commands(end):
    """A client that sent a command during ``go infinite`` can still stop it, quit or hang up: the
    engine answers each command once and exits instead of searching for ever."""
    engine = subprocess.Popen([sys.executable, "-m", "hwgame", "engine"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    import threading

    watchdog = threading.Timer(60, engine.kill)  # an engine deaf to the end is killed: the test then fails
    watchdog.start()
    try:
        assert engine.stdin is not None and engine.stdout is not None
        engine.stdin.write("\n".join(OPENED + ["go infinite", "undo", "go depth=1"]) + "\n")
        engine.stdin.flush()
        assert [engine.stdout.readline().strip() for _ in range(3)] == ["ok", "ok", "ok"]
        assert engine.stdout.readline().startswith("info ")  # it searches
        if end:
            engine.stdin.write(end + "\n")
            engine.stdin.flush()
        if end != "stop":
            engine.stdin.close()
        answers: list[str] = []
        while len(answers) < 3:
            line = engine.stdout.readline()
            assert line, answers  # the engine ended before answering every command
            if not line.startswith("info "):
                answers.append(line.strip())
        if end == "stop":
            engine.stdin.close()
        assert engine.wait(timeout=30) == 0
        assert answers[0].startswith("bestturn ") and answers[1] == "ok" and answers[2].startswith("bestturn ")
    finally:
        watchdog.cancel()
        engine.kill()


def test_an_infinite_search_with_a_movetime_answers_by_then_without_a_stop():
    engine = subprocess.Popen([sys.executable, "-m", "hwgame", "engine"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    # Should the movetime be ignored, the stop sent after a while still ends the search: a late answer.
    late = threading.Timer(20.0, lambda: (engine.stdin.write("stop\n"), engine.stdin.flush()))
    try:
        assert engine.stdin is not None and engine.stdout is not None
        engine.stdin.write("\n".join(OPENED) + "\n")
        engine.stdin.flush()
        assert [engine.stdout.readline().strip() for _ in range(3)] == ["ok", "ok", "ok"]
        asked = time.monotonic()
        engine.stdin.write("go infinite movetime=1500\n")
        engine.stdin.flush()
        late.start()
        line = engine.stdout.readline()
        while line.startswith("info "):
            line = engine.stdout.readline()
        answered = time.monotonic() - asked
        assert line.startswith("bestturn ")
        assert 1.0 <= answered <= 5.0, answered  # by its movetime (starting the helpers aside)
        engine.stdin.write("quit\n")
        engine.stdin.flush()
        assert engine.wait(timeout=30) == 0
    finally:
        late.cancel()
        engine.kill()


def test_go_multiturn_ranks_turns_at_every_depth_then_answers():
    from hwgame.rules import format_position
    from tests.ai.helpers import make_position

    two = format_position(make_position("North: r1 | r1 |\nSouth: b3 y2 | | g3"))
    # A command after the last go waits for its answer, so the closing quit cannot cut that search short
    # (a quit with nothing waiting ends a search at once, by design).
    out = talk(OPENED + ["go multiturn=3 depth=2", "go multiturn=0", f"position {two}", "go multiturn=3 depth=2",
                         "undo"])
    assert out[:3] == ["ok", "ok", "ok"]
    infos = [line.split() for line in out if line.startswith("info ")]
    answers = [line for line in out[3:] if not line.startswith("info ")]
    assert answers[0].startswith("bestturn ")
    assert answers[1].startswith("error multiturn must be a whole number")
    assert answers[2] == "ok" and answers[3] == "bestturn Pass"
    # Three turns at depths 1 and 2 in the opening, then two (all there are) in the position of two turns.
    assert [(int(w[2]), int(w[4])) for w in infos] == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3),
                                                        (1, 1), (1, 2), (2, 1), (2, 2)]  # fmt: skip
    first_go = out[3 : 3 + 6]
    assert answers[0] == "bestturn " + " ".join(first_go[3].split()[12:])
