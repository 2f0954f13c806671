"""Mutated real input at every door the game reads through: saves, settings, transcripts, position lines
and engine protocol lines. Each must give a clean result or a clean one-line error, never a traceback
and never a hang. The number of examples is fixed and the draws are derandomized, so the suite takes
the same bounded time on every run; ``python -m hwgame.bench`` is the place for long fuzz runs.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hwgame.cli.engine import Engine
from hwgame.persist import SaveError, Store
from hwgame.persist.sdg import transcript_text
from hwgame.rules import (
    HomeworldsError,
    format_position,
    parse_position,
    parse_transcript,
    replay,
)
from tests.conftest import games_dir

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SAVES = sorted((ROOT / "saves").glob("*.json"))
_FOUND = games_dir()
GAMES = _FOUND / "sdg" if _FOUND is not None else None
HANG_SECONDS = 30  # far beyond any sane answer: only a hang or a runaway loop reaches it

FUZZ = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)


@contextmanager
def no_hang(seconds: int = HANG_SECONDS):
    """Fail the example instead of waiting forever when the code under test hangs."""

    def alarm(signum, frame):
        raise AssertionError(f"no answer after {seconds} s: the input made the code hang")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def one_line(message: str) -> None:
    assert message and "\n" not in message and "Traceback" not in message
    assert len(message) < 600, message[:200]


# --- mutations -------------------------------------------------------------------------------------

HOSTILE = [
    b"", b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"9" * 5000, b"-1", b"1e999", b"NaN", b"null", b"[]", b"{}",
    b"\"", b"\\", b";", b"\n", b"\r\n", "織女".encode(), b" " * 3000, b"\t", b"\x1b[2J", b"Pass", b"Homeworld",
]  # fmt: skip


@st.composite
def mutated(draw, original: bytes) -> bytes:
    """``original`` with a few bytes changed, cut, repeated or replaced by hostile fragments."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["flip", "cut", "insert", "hostile", "truncate", "repeat"]))
        if kind == "flip" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif kind == "cut":
            del data[at : at + draw(st.integers(1, 40))]
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=12))
        elif kind == "hostile":
            data[at : at + draw(st.integers(0, 8))] = draw(st.sampled_from(HOSTILE))
        elif kind == "truncate":
            del data[at:]
        elif kind == "repeat":
            piece = data[at : at + draw(st.integers(1, 200))]
            data[at:at] = piece * draw(st.integers(1, 5))
    return bytes(data)


HUGE = "<a number of 5000 digits>"  # written as a bare number after encoding: json cannot make one
JSON_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=True),
    st.text(max_size=30), st.just(HUGE), st.just("x" * 100_000),
    st.lists(st.integers(), max_size=4), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)  # fmt: skip


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value[:30]):
            yield from _paths(item, prefix + (i,))


@st.composite
def json_mutated(draw, original: dict) -> bytes:
    """``original`` with one to three of its values (at any depth) replaced by something odd."""
    doc = json.loads(json.dumps(original))
    paths = list(_paths(doc))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths))
        if not path:
            continue
        holder = doc
        try:
            for key in path[:-1]:
                holder = holder[key]
            if draw(st.booleans()) and isinstance(holder, dict):
                holder.pop(path[-1], None)
            else:
                holder[path[-1]] = draw(JSON_VALUES)
        except (KeyError, IndexError, TypeError):
            continue
    return json.dumps(doc, allow_nan=True).replace(json.dumps(HUGE), "9" * 5000).encode()


# --- saves -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def save_seeds() -> list[bytes]:
    if not SAVES:
        pytest.skip("the example saves (saves/*.json) are not in this checkout")
    return [p.read_bytes() for p in SAVES]


def _check_load(folder: Path, data: bytes, good: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    (folder / "good.json").write_bytes(good)
    bad = folder / "bad.json"
    bad.write_bytes(data)
    store = Store(folder)
    with no_hang():
        try:
            loaded = store.load(bad)
        except SaveError as exc:
            one_line(exc.message.replace(str(bad), "FILE"))  # the folder's name is no part of the reason
        else:
            assert loaded.game.positions, "a loaded game has a position"
        listed = {info.path.name: info for info in store.list_saves(folder)}
    # One broken file hides no good one, and reading changed neither.
    assert "good.json" in listed and store.load(folder / "good.json").game.positions
    assert bad.read_bytes() == data and (folder / "good.json").read_bytes() == good


@FUZZ
@given(data=st.data())
def test_a_mutated_save_loads_or_is_refused_in_one_line(tmp_path_factory, save_seeds, data):
    seed = data.draw(st.sampled_from(save_seeds))
    _check_load(tmp_path_factory.mktemp("saves"), data.draw(mutated(seed)), seed)


@FUZZ
@given(data=st.data())
def test_a_save_with_odd_values_loads_or_is_refused_in_one_line(tmp_path_factory, save_seeds, data):
    seed = data.draw(st.sampled_from(save_seeds))
    _check_load(tmp_path_factory.mktemp("saves"), data.draw(json_mutated(json.loads(seed))), seed)


@FUZZ
@given(data=st.data())
def test_mutated_settings_are_repaired_and_the_original_kept(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("settings")
    store = Store(folder)
    store.save_settings(store.load_settings())
    path = next(folder.rglob("settings*.json"))
    original = path.read_bytes()
    if data.draw(st.booleans()):
        broken = data.draw(mutated(original))
    else:
        broken = data.draw(json_mutated(json.loads(original)))
    path.write_bytes(broken)
    with no_hang():
        settings_read = Store(folder).load_settings()
    assert settings_read is not None
    kept = [p.read_bytes() for p in path.parent.iterdir() if p != path]
    assert path.read_bytes() == broken or broken in kept, "a repaired settings file is kept aside"


# --- transcripts -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def transcript_seeds(save_seeds, tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("export")
    texts = []
    for i, raw in enumerate(save_seeds):
        path = folder / f"seed{i}.json"
        path.write_bytes(raw)
        texts.append(transcript_text(Store(folder).load(path)))
    if GAMES is not None:
        texts += [p.read_text(encoding="utf-8") for p in sorted(GAMES.glob("*.raw"))[:40:8]]
    return texts


def _check_transcript(text: str) -> None:
    with no_hang():
        try:
            game = replay(parse_transcript(text))
        except HomeworldsError as exc:
            one_line(str(exc))
        else:
            assert game.positions


@FUZZ
@given(data=st.data())
def test_a_mutated_transcript_replays_or_names_what_is_wrong(transcript_seeds, data):
    seed = data.draw(st.sampled_from(transcript_seeds))
    _check_transcript(data.draw(mutated(seed.encode())).decode("utf-8", errors="replace"))


@FUZZ
@given(data=st.data())
def test_a_transcript_with_lines_moved_replays_or_names_what_is_wrong(transcript_seeds, data):
    lines = data.draw(st.sampled_from(transcript_seeds)).splitlines()
    order = data.draw(st.permutations(range(len(lines))))
    keep = data.draw(st.integers(1, len(lines)))
    # Mostly the record as written with a few lines swapped, dropped or repeated.
    picked = sorted(order[:keep]) if data.draw(st.booleans()) else list(order[:keep])
    if data.draw(st.booleans()):
        picked += picked[: data.draw(st.integers(0, 5))]
    _check_transcript("\n".join(lines[i] for i in picked))


@pytest.mark.skipif(sys.platform == "win32", reason="the command-line check runs a POSIX shell")
@settings(max_examples=8, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=st.data())
def test_verify_on_a_mutated_file_exits_with_a_message_not_a_traceback(tmp_path_factory, transcript_seeds, data):
    path = tmp_path_factory.mktemp("verify") / "game.raw"
    path.write_bytes(data.draw(mutated(data.draw(st.sampled_from(transcript_seeds)).encode())))
    done = subprocess.run([sys.executable, "-m", "hwgame", "verify", str(path)], capture_output=True, text=True,
                          timeout=120, errors="replace")  # fmt: skip
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-2000:]
    assert done.returncode in (0, 1, 2)
    if done.returncode:
        assert done.stderr.strip() or done.stdout.strip()


# --- position lines and protocol lines -------------------------------------------------------------

POSITION_SEEDS = [
    "standard North South 0 2; North 0 y1b2 g3 -; South 1 r1y3 - g3b1; Alpha - r3 y1 b1",
    "sdg 織女 Ærø 1 2; 織女 0 y1b2 g3 -; Ærø 1 r1y3 - g3; Dy/dx - r2 y1 -",
    "standard North South 1 1; North 0 g3b2 y3 -",
]


@FUZZ
@given(data=st.data())
def test_a_mutated_position_line_reads_back_exactly_or_is_refused(data):
    seed = data.draw(st.sampled_from(POSITION_SEEDS))
    text = data.draw(mutated(seed.encode())).decode("utf-8", errors="replace")
    with no_hang():
        try:
            pos = parse_position(text)
        except HomeworldsError as exc:
            one_line(str(exc))
        else:
            assert parse_position(format_position(pos)) == pos


COMMANDS = ["new", "setup", "play", "go", "stop", "position", "undo", "fly"]
WORDS = ["standard", "sdg", "g3", "b2", "y3", "y1", "b3", "Build", "G1", "North", "South", "Move", "Trade",
         "Sacrifice", "Catastrophe", "Homeworld", "Discover", "Pass", ";", "level=normal", "movetime=",
         "depth=", "seed=", "9" * 500, "-5", "織女", "\ufffd", "infinite", "x" * 3000, "=", "level="]  # fmt: skip
OPENING = ["new", "setup g3 b2 y3", "setup y1 b3 g3"]


@FUZZ
@given(lines=st.lists(st.tuples(st.sampled_from(COMMANDS), st.lists(st.sampled_from(WORDS), max_size=8)),
                      min_size=1, max_size=6))  # fmt: skip
def test_protocol_lines_answer_ok_or_an_error_line(lines):
    engine = Engine()
    for line in OPENING:
        engine.handle(line)
    for command, words in lines:
        line = " ".join([command, *words])
        with no_hang():
            if command == "go":
                # A search runs for its time; the options are what a line can get wrong.
                try:
                    engine.parse_go(line[2:].strip())
                except ValueError as exc:
                    one_line(str(exc))
                continue
            answer = engine.handle(line)
        assert answer is not None
        for reply in answer:
            one_line(reply)
        if command not in ("position",):
            assert len(answer) == 1 and answer[0].split()[0] in ("ok", "error", "gameover"), answer
