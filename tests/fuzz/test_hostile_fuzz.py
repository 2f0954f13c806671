"""The families of hostile input found by attacking the game as a player's system could: folders with
every permission, loops of symbolic links, control characters and megabyte strings in every text field
the window shows, and protocol lines around the line cap. Each case ends in a clean result or a
one-line ``SaveError``/error answer, within seconds; ``python -m hwgame.bench`` holds long runs.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hwgame.cli.engine import MAX_LINE, TOO_LONG, Engine, split_lines, too_long_answer
from hwgame.persist import SaveError, Store
from hwgame.rules import Game, parse_turn

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "saves" / "mid-game.json"
FINISHED = ROOT / "saves" / "demo-finished.json"


def one_line(message: str) -> None:
    assert message and "\n" not in message and "Traceback" not in message and len(message) < 600, message[:300]


# --- folders with every permission, as an ordinary user ----------------------------------------------

PERMISSION_SCRIPT = r"""
import itertools, json, os, sys
from pathlib import Path
from hwgame.persist import SaveError, Store
from hwgame.persist.sdg import import_transcript
from hwgame.rules import Game, parse_turn

base, example, transcript = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
modes = [0o000, 0o100, 0o300, 0o400, 0o500, 0o700]
tried = handled = 0
crashes = []
for n, (data_mode, saves_mode, file_mode) in enumerate(itertools.product(modes, modes, [0o000, 0o200, 0o600])):
    data = base / f"d{n}"
    saves = data / "saves"
    saves.mkdir(parents=True)
    (saves / "mine.json").write_bytes(example.read_bytes())
    (data / "settings.json").write_text("{}")
    (saves / "mine.json").chmod(file_mode)
    (data / "settings.json").chmod(file_mode)
    saves.chmod(saves_mode)
    data.chmod(data_mode)
    store = Store(data)
    game = Game(players=("Ann", "Bob"))
    game.play(parse_turn("homeworld y1 g3 g2"))
    actions = [lambda: store.list_saves(), lambda: store.latest_unfinished(), lambda: store.load("mine"),
               lambda: store.load(saves / "mine.json"), lambda: store.autosave(game),
               lambda: store.save(game, "other"), lambda: store.plan_save(game, "mine"),
               lambda: store.delete("mine"), lambda: store.load_settings(),
               lambda: store.save_settings(store.load_settings()),
               lambda: import_transcript(transcript, store)]
    for action in actions:
        tried += 1
        try:
            action()
        except SaveError as exc:
            assert "\n" not in exc.message and "Traceback" not in exc.message
        except Exception as exc:
            crashes.append(f"{oct(data_mode)} {oct(saves_mode)} {oct(file_mode)}: {type(exc).__name__}: {exc}"[:300])
            continue
        handled += 1
print(json.dumps({"tried": tried, "handled": handled, "crashes": crashes[:10]}))
"""


@pytest.mark.slow
def test_every_folder_and_file_permission_is_handled_as_an_ordinary_user():
    user: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: folder permissions cannot be tried as an ordinary user")
        user = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    base = Path(tempfile.mkdtemp(prefix="hwgame-perm-"))
    try:
        base.chmod(0o777)
        transcript = base / "t.txt"
        transcript.write_text("Homeworlds Online (SDG# 5)\nParticipants: Ann (N), Bob (S)\n\n"
                              "1) Ann: Homeworld G3 B2 Y3\n")
        transcript.chmod(0o644)
        try:
            done = subprocess.run([*user, sys.executable, "-c", PERMISSION_SCRIPT, str(base), str(EXAMPLE),
                                   str(transcript)], cwd="/", capture_output=True, text=True, timeout=600,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
        except OSError as exc:
            pytest.skip(f"cannot start the game as an ordinary user here ({exc.strerror})")
        if done.returncode != 0 and "No module named" in done.stderr:
            pytest.skip("the ordinary user cannot read the project or its packages here")
        assert done.returncode == 0, done.stderr[-2000:]
        report = json.loads(done.stdout)
        assert report["crashes"] == [] and report["tried"] == report["handled"] == 6 * 6 * 3 * 11
    finally:
        for root, dirs, _files in os.walk(base):
            for d in dirs:
                os.chmod(os.path.join(root, d), 0o755)
        shutil.rmtree(base, ignore_errors=True)


# --- loops of symbolic links ---------------------------------------------------------------------------

LOOPS = ["data", "saves", "save-file", "settings", "transcript"]


@pytest.mark.parametrize("where", LOOPS)
def test_a_loop_of_links_anywhere_is_a_clean_error(tmp_path, where):
    from hwgame.persist.sdg import import_transcript

    data = tmp_path / "data"
    if where == "data":
        data.symlink_to(data)
    else:
        (data / "saves").mkdir(parents=True)
    target = {"saves": data / "saves", "save-file": data / "saves" / "loop.json",
              "settings": data / "settings.json", "transcript": tmp_path / "t.txt"}.get(where)  # fmt: skip
    if target is not None:
        if target.is_dir():
            target.rmdir()
        target.symlink_to(target)
    game = Game(players=("Ann", "Bob"))
    game.play(parse_turn("homeworld y1 g3 g2"))
    handled = 0
    try:
        store = Store(data)
    except SaveError as exc:
        one_line(exc.message)
        assert where == "data"
        return
    for action in (store.list_saves, store.latest_unfinished, lambda: store.load("loop"),
                   lambda: store.autosave(game), lambda: store.save(game, "x"), store.load_settings,
                   lambda: store.save_settings(store.load_settings()),
                   lambda: import_transcript(tmp_path / "t.txt", store)):  # fmt: skip
        try:
            action()
        except SaveError as exc:
            one_line(exc.message)
        handled += 1
    assert handled == 8


# --- control characters and megabyte strings in every text field the window shows ---------------------

CONTROLS = [chr(c) for c in [*range(0, 32), 127, *range(0x80, 0xA0)]] + ["\u2028", "\u2029", "\ud800", "\udfff"]
FIELDS = [("title",), ("game_id",), ("players", 0, "name"), ("players", 1, "name"), ("result", "reason"),
          ("imported", "winner"), ("imported", "source"), ("imported", "started"), ("imported", "variants", 0)]
MEGA = ["x" * 1_000_000, "ぱ" * 1_000_000, "ー" * 500_000, ("a\u0000 " * 400_000)]


def _set(doc: dict, path: tuple, value: str) -> None:
    holder = doc
    for key in path[:-1]:
        if isinstance(holder, dict) and holder.get(key) is None:
            holder[key] = [] if key == "variants" else {}
        holder = holder[key]
    if isinstance(holder, list):
        holder[:] = [value]
    else:
        holder[path[-1]] = value


@pytest.mark.slow
def test_control_characters_and_megabyte_strings_in_every_shown_field(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from hwgame.app.panels.save_list import SaveList
    from hwgame.app.view.theme import Theme

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1000, 700))
    finished = json.loads(FINISHED.read_text())
    store = Store(tmp_path)
    tried = refused = 0
    start = time.perf_counter()
    for path, value in itertools.chain(
        ((f, f"a{c}b") for f in FIELDS for c in CONTROLS),
        ((f, m) for f in FIELDS for m in MEGA),
    ):
        doc = json.loads(json.dumps(finished))
        if path[0] == "result" and doc.get("result") is None:
            continue
        _set(doc, path, value)
        file = tmp_path / "saves" / "case.json"
        file.parent.mkdir(parents=True, exist_ok=True)
        raw = json.dumps(doc).encode("utf-8", "surrogatepass")
        file.write_bytes(raw)
        tried += 1
        try:
            store.load(file)
        except SaveError as exc:
            one_line(exc.message)
            refused += 1
        (info,) = store.list_saves()
        listing = SaveList()
        listing.rect = pygame.Rect(0, 0, 900, 400)
        listing.set_entries([info])
        listing.draw(screen, Theme())  # the row is drawn (or costs itself), never the screen
        assert file.read_bytes() == raw
    assert tried == len(FIELDS) * (len(CONTROLS) + len(MEGA))
    assert refused == tried  # none of them is a text a line can show
    assert time.perf_counter() - start < 120


# --- protocol lines over the line cap ----------------------------------------------------------------

@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(
    lines=st.lists(st.tuples(st.sampled_from([b"", b" ", b"position ", b"go ", b"stop", b"quit", b"\xff"]),
                             st.sampled_from([0, 1, MAX_LINE - 10, MAX_LINE, MAX_LINE + 1, 3 * MAX_LINE]),
                             st.sampled_from([b" ", b"y", b"\xe3\x81\xb1", b"\t"])),
                   min_size=1, max_size=4),
    chunk=st.sampled_from([1 << 12, 1 << 16, 1 << 20, 7 * 1024 * 1024]),
)  # fmt: skip
def test_protocol_lines_around_the_cap_each_get_one_answer(lines, chunk):
    stream = b"".join(head + fill * (length // len(fill)) + b"\n" for head, length, fill in lines)
    pieces = (stream[i : i + chunk] for i in range(0, len(stream), chunk))
    out = list(split_lines(pieces))
    assert len(out) == len(lines)  # one line out per line in, whatever its length and however it arrives
    engine = Engine()
    for (head, length, fill), line in zip(lines, out, strict=True):
        size = len(head) + len(fill) * (length // len(fill))
        assert (line == TOO_LONG) == (size > MAX_LINE)
        if line == TOO_LONG:
            assert engine.handle(line) == [too_long_answer()]
