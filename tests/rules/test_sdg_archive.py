"""The SuperDuperGames archive: every two-player game replays under the sdg rules, and ``hwgame verify``.

The games live outside the project, in ``../shared/games/sdg`` (see that folder's README); they are
read from there, never copied. Games that really hold an illegal move are listed, with the reason
checked by hand, in ``data/sdg_known_illegal.json``; each must still fail exactly there.
"""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from hwgame.cli.verify import check_file
from hwgame.rules import SDG, UnsupportedGameError
from hwgame.rules.transcript import export_sdg, parse_transcript, read_transcript, replay
from tests.conftest import games_dir
from tests.refusing import refuses

_GAMES = games_dir()
ARCHIVE = _GAMES / "sdg" if _GAMES is not None else Path(__file__).resolve().parents[3] / "shared" / "games" / "sdg"
KNOWN_ILLEGAL = Path(__file__).resolve().parent / "data" / "sdg_known_illegal.json"
MULTI_PLAYER = {"610.raw", "638.raw", "684.raw"}
REPO = Path(__file__).resolve().parents[2]

needs_archive = pytest.mark.skipif(not ARCHIVE.is_dir(), reason=f"the SDG game archive is not at {ARCHIVE}")


@cache
def known_illegal() -> dict[str, dict]:
    data = json.loads(KNOWN_ILLEGAL.read_text(encoding="utf-8"))
    return {entry["file"]: entry for entry in data["games"]}


@cache
def two_player_files() -> tuple[Path, ...]:
    return tuple(sorted(p for p in ARCHIVE.glob("*.raw") if p.name not in MULTI_PLAYER))


@needs_archive
def test_the_archive_has_its_941_two_player_games():
    assert len(two_player_files()) == 941
    assert all((ARCHIVE / name).is_file() for name in MULTI_PLAYER)


@pytest.mark.slow
@needs_archive
def test_every_two_player_game_verifies():
    """Replays every game; a finished one must agree with the record's winner."""
    failures = []
    for path in two_player_files():
        failure = check_file(str(path), "sdg")
        if failure is not None and path.name not in known_illegal():
            failures.append(failure.describe())
    assert failures == []


@needs_archive
@pytest.mark.parametrize("name", sorted(known_illegal()))
def test_known_illegal_games_still_fail_where_listed(name):
    entry = known_illegal()[name]
    assert len(entry["reason"]) > 40, "each listed game needs a reason checked by hand"
    failure = check_file(str(ARCHIVE / name), "sdg")
    assert failure is not None, f"{name} now verifies: take it off the known-illegal list"
    assert failure.turn == entry["turn"]
    assert failure.text == entry["action"]
    assert entry["expect"] in failure.reason


@needs_archive
@pytest.mark.parametrize("name", sorted(MULTI_PLAYER))
def test_multi_player_games_are_refused_clearly(name):
    with refuses(UnsupportedGameError, "not supported"):
        read_transcript(ARCHIVE / name)
    assert "not supported" in check_file(str(ARCHIVE / name), "sdg").reason


@pytest.mark.slow
@needs_archive
def test_export_then_import_is_the_same_game_for_every_archived_game():
    checked = 0
    for path in two_player_files():
        if path.name in known_illegal():
            continue
        transcript = read_transcript(path)
        game = replay(transcript, SDG)
        text = export_sdg(game, sdg_number=transcript.sdg_number, winner=transcript.winner)
        again = replay(parse_transcript(text), SDG)
        assert again.players == game.players, path.name
        assert again.turns == game.turns, path.name
        assert again.positions[-1] == game.positions[-1], path.name
        checked += 1
    assert checked == 941 - len(known_illegal())


@needs_archive
@pytest.mark.parametrize(
    "name, turn, first_action",
    [
        ("12589.raw", None, None),  # chat continued on lines numbered "1) ...", "2) ...", "3) ..."
        ("15149.raw", 27, "Discover Y3 Supergnouf G2 Tiaw"),  # header alone, its action on the next line
        ("29725.raw", None, None),  # long untabbed chat, blank lines and "- - - -" rules
        ("1001.raw", 59, "Sacrifice Y3 Evilaxe"),  # five actions, two identical moves, a catastrophe
    ],
)
def test_real_chat_and_layout(name, turn, first_action):
    transcript = read_transcript(ARCHIVE / name)
    assert transcript.numbers == list(range(1, len(transcript.numbers) + 1))
    if turn is not None:
        assert transcript.texts[transcript.numbers.index(turn)][0] == first_action
    replay(transcript, SDG)


@needs_archive
def test_a_first_player_who_passes_the_setup_is_player_1():
    transcript = read_transcript(ARCHIVE / "16609.raw")  # 1) Danner: Pass, then dlwillson sets up
    assert transcript.players == ("dlwillson", "Danner")
    assert transcript.numbers[0] == 2
    game = replay(transcript, SDG)
    assert game.position.home_of(0).name == "dlwillson"


# --- the command line -----------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hwgame", "verify", *args], capture_output=True, text=True, cwd=REPO, timeout=120
    )


GOOD = """Homeworlds Online (SDG# 5)
Participants: bob (S), alice (N)
Winner: alice

1) alice: Homeworld Y2 B1 G3
2) bob: Homeworld B3 R2 G3
3) alice: Build G1 Alice
"""

BAD = GOOD + "4) bob: Trade G3 G3 Bob\n"
WRONG_WINNER = GOOD.replace("Winner: alice", "Winner: bob") + "4) bob: Sacrifice G3 Bob\nPass\n"


def test_cli_reports_each_failure_and_a_summary(tmp_path):
    good, bad, wrong = tmp_path / "good.raw", tmp_path / "bad.raw", tmp_path / "wrong.raw"
    good.write_text(GOOD)
    bad.write_text(BAD)
    wrong.write_text(WRONG_WINNER)
    result = run_cli(str(good), str(bad), str(wrong))
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    assert lines[-1] == "3 games verified, 2 failed"
    assert (
        lines[0]
        == f"{bad}: turn 4 (line 8): 'Trade G3 G3 Bob': a trade changes the colour: pick a piece of another colour"
    )
    assert lines[1].startswith(f"{wrong}: turn 4: the record says bob won, but the rules say alice wins")
    assert len(lines) == 3


def test_cli_exit_status_is_zero_when_all_verify(tmp_path):
    good = tmp_path / "good.raw"
    good.write_text(GOOD)
    result = run_cli("--rules", "standard", str(good))
    assert result.returncode == 0
    assert result.stdout.splitlines() == ["1 game verified, 0 failed"]


def test_cli_reports_a_missing_file(tmp_path):
    result = run_cli(str(tmp_path / "absent.raw"))
    assert result.returncode == 1
    assert result.stdout.splitlines()[-1] == "1 game verified, 1 failed"


@needs_archive
def test_cli_on_archived_games():
    files = [str(ARCHIVE / name) for name in ("1001.raw", "10009.raw", "638.raw")]
    result = run_cli(*files)
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    assert lines[-1] == "3 games verified, 1 failed"
    assert lines[0].startswith(f"{files[2]}: a game of 3 players") and "not supported" in lines[0]


@needs_archive
def test_an_emptied_homeworld_stays_until_the_end_of_the_turn_in_a_real_game():
    # 32289 turn 46: Felix's red catastrophe at Draw5playall takes every ship there and the r1 star;
    # the homeworld keeps its b3 star, Felix moves his y3 in, and wins at the end of the turn.
    transcript = read_transcript(ARCHIVE / "32289.raw")
    game = replay(transcript, SDG)
    turn = transcript.numbers.index(46)
    assert transcript.texts[turn][-2:] == ("Catastrophe Draw5playall Red", "Move Y3 In Draw5playall")
    after = game.positions[turn + 1]
    home = after.home_of(0)
    assert home is not None and home.name == "Draw5PlayAll"
    assert len(home.stars) == 1 and home.ships0 == () and len(home.ships1) == 1
    assert after.winner() == transcript.players.index(transcript.winner) == 1
