"""SDG transcripts: every public game imports as a save, exports, and imports again identically."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hwgame.persist import SaveError
from hwgame.persist.sdg import export_transcript, import_transcript, transcript_text
from hwgame.rules import outcome_of, parse_transcript

KNOWN_ILLEGAL = Path(__file__).resolve().parents[1] / "rules" / "data" / "sdg_known_illegal.json"


def refused_games() -> set[str]:
    """Games the rules refuse (listed by the rules tests), which an import must refuse clearly."""
    return {entry["file"] for entry in json.loads(KNOWN_ILLEGAL.read_text(encoding="utf-8"))["games"]}


@pytest.mark.slow
def test_every_public_game_imports_exports_and_imports_again(sdg_games, saves, tmp_path, monkeypatch):
    # Durability is tested in test_atomic; here two thousand fsyncs would only make the disk the bottleneck.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    refused = refused_games()
    imported = 0
    for raw in sorted(sdg_games.glob("*.raw")):
        try:
            first = saves.load(import_transcript(raw, saves))
        except SaveError as exc:
            assert exc.message.startswith(f"{raw}: ")
            assert "\n" not in exc.message
            assert raw.name in refused or "is not supported" in exc.message, exc.message
            continue
        assert raw.name not in refused
        text = transcript_text(first)
        out = tmp_path / "out" / raw.name
        export_transcript(first, out)
        second = saves.load(import_transcript(out, saves))

        assert second.game.turns == first.game.turns
        assert second.game.positions == first.game.positions
        assert second.game.players == first.game.players
        assert second.game.outcome() == first.game.outcome()
        a, b = first.save.imported, second.save.imported
        assert a.model_dump(exclude={"source"}) == b.model_dump(exclude={"source"})
        assert transcript_text(second) == text

        # The export says what the record said.
        original = parse_transcript(raw.read_text(encoding="utf-8", errors="replace"))
        again = parse_transcript(text)
        assert again.turns == original.turns
        assert again.players == original.players
        assert again.winner == original.winner
        assert again.sdg_number == original.sdg_number
        imported += 1
    assert imported >= 900
    names = {p.name for p in saves.saves_dir.iterdir()}
    assert "sdg-1001.json" in names and "sdg-1001-2.json" in names


def test_import_names_and_refusals(saves, tmp_path):
    (tmp_path / "game.txt").write_text(
        "Participants: Bob (S), Ann (N)\n\n1) Ann: Homeworld G3 B2 Y3\n\n2) Bob: Homeworld G3 B1 Y3\n\n"
        "3) Ann: Build Y1 Ann\n\n4) Bob: Build G1 Foo\n"
    )
    expected = r"game.txt: turn 4 \(line 9\), Bob: 'Build G1 Foo': there is no system named 'Foo'$"
    with pytest.raises(SaveError, match=expected):
        import_transcript(tmp_path / "game.txt", saves)
    assert not saves.saves_dir.exists() or not list(saves.saves_dir.iterdir())
    (tmp_path / "game.txt").write_text(
        "Participants: Bob (S), Ann (N)\nWinner: Bob\n\n1) Ann: Homeworld G3 B2 Y3\n\n2) Bob: Homeworld G3 B1 Y3\n"
    )
    path = import_transcript(tmp_path / "game.txt", saves)
    assert path.name == "game.json"
    loaded = saves.load(path)
    assert loaded.save.imported.winner == "Bob"
    # The record's winner is kept as the game's result, not invented on the board: the board itself
    # decides nothing, and the record does not say whether Ann resigned or ran out of time.
    assert outcome_of(loaded.game.position) is None
    assert loaded.game.outcome().winner == 1 and loaded.save.result.ending == "record"
    assert loaded.save.result.reason == "Bob wins: Ann resigned or ran out of time"
    assert "Winner: Bob" in transcript_text(loaded)
    assert "Ending:" not in transcript_text(loaded)  # a record of the site is written back as it was
    with pytest.raises(SaveError, match="no such file"):
        import_transcript(tmp_path / "missing.txt", saves)


def test_export_refuses_to_overwrite(saves, tmp_path):
    (tmp_path / "g.txt").write_text("Participants: Bob (S), Ann (N)\n\n1) Ann: Homeworld G3 B2 Y3\n")
    loaded = saves.load(import_transcript(tmp_path / "g.txt", saves))
    out = tmp_path / "out.txt"
    out.write_text("keep me")
    with pytest.raises(SaveError, match="exists already.*--force"):
        export_transcript(loaded, out)
    assert out.read_text() == "keep me"
    export_transcript(loaded, out, force=True)
    assert "1) Ann: Homeworld G3 B2 Y3" in out.read_text()


def test_passes_before_the_setup_import_as_turns_that_did_nothing(saves, tmp_path):
    (tmp_path / "g.txt").write_text(
        "Participants: Bob (S), Ann (N)\n\n1) Ann: Pass\n2) Bob: Pass\n3) Ann: Pass\n4) Bob: Homeworld G3 B1 Y3\n"
        "5) Ann: Homeworld G3 B2 Y3\n6) Bob: Build Y1 Bob\n"
    )
    loaded = saves.load(import_transcript(tmp_path / "g.txt", saves))
    assert loaded.game.players == ("Bob", "Ann")  # Bob set up first
    assert len(loaded.game.turns) == 3
    assert "1) Bob: Homeworld G3 B1 Y3" in transcript_text(loaded)


def test_import_refuses_what_is_not_a_transcript_file(saves, tmp_path):
    with pytest.raises(SaveError, match=r"^.*: is a folder, not a transcript$"):
        import_transcript(tmp_path, saves)
    (tmp_path / "same.txt").write_text("Participants: Bob (N), Ann (N)\n\n1) Ann: Homeworld G3 B2 Y3\n")
    with pytest.raises(SaveError, match=r"same\.txt: line 1: both players sit North \(N\)"):
        import_transcript(tmp_path / "same.txt", saves)
    (tmp_path / "bad.txt").write_text("Participants: Bob (S), Ann (N)\n\n1) Ann: Homeworld G3 B2 Y3\n2) Bob: Fly\n")
    with pytest.raises(SaveError, match=r"bad\.txt: turn 2 \(line 4\): cannot read 'Fly'") as info:
        import_transcript(tmp_path / "bad.txt", saves)
    assert info.value.turn == 2
    assert not saves.saves_dir.exists() or not list(saves.saves_dir.iterdir())


def test_a_game_played_on_before_the_second_homeworld_saves_loads_and_exports_again(saves, tmp_path):
    from tests.rules.test_transcript import LATE_HOME_RECORD

    record = tmp_path / "late.txt"
    record.write_text(LATE_HOME_RECORD)
    path = import_transcript(record, saves)
    loaded = saves.load(path)
    assert len(loaded.game.turns) == 8 and not loaded.game.position.is_over()  # the board decides nothing...
    assert loaded.game.outcome().code == "win-recorded"  # ...the record's winner is kept
    assert loaded.save.setup == ["homeworld g3 b2 y3", "pass"]  # the pass ended the setup
    again = parse_transcript(transcript_text(loaded))
    assert [len(t) for t in again.turns] == [1] * 8 and again.numbers == list(range(1, 9))


def test_an_imported_file_name_or_header_is_kept_as_a_line_can_show_it(saves, tmp_path):
    from tests.rules.test_transcript import LATE_HOME_RECORD

    record = tmp_path / "odd\u001bname.txt"
    record.write_text(LATE_HOME_RECORD.replace("SDG# 90001", "SDG").replace("Winner: alice", "Winner: al\u0007ice"))
    path = import_transcript(record, saves)
    save = saves.load(path).save
    assert save.title == "odd\ufffdname.txt" and save.imported is not None and save.imported.winner == "al\ufffdice"


def _played(rules_name: str):
    import random

    from hwgame.rules import Game, ruleset_named

    from .games import random_turn

    for seed in range(7, 100):
        rng = random.Random(seed)
        game = Game(ruleset_named(rules_name), players=("Ann", "Bob"))
        while len(game.turns) < 12 and not game.is_over():
            random_turn(rng, game)
        game.restart_turn()
        if not game.is_over():
            return game
    raise AssertionError("no seed gives a game still going after 12 turns")


def _round_trip(saves, tmp_path, game, name: str):
    """Save ``game``, export it as a transcript, import that again; return the loaded import."""
    exported = tmp_path / f"{name}.txt"
    export_transcript(saves.load(saves.save(game, name)), exported)
    return saves.load(import_transcript(exported, saves)), exported.read_text()


@pytest.mark.parametrize("rules_name", ["standard", "sdg"])
def test_an_exported_game_comes_back_under_its_own_rules(saves, tmp_path, rules_name):
    game = _played(rules_name)
    loaded, text = _round_trip(saves, tmp_path, game, f"rules-{rules_name}")
    assert loaded.save.rules == rules_name
    assert loaded.game.turns == game.turns
    assert ("Rules: standard" in text) == (rules_name == "standard")


@pytest.mark.parametrize(("end", "ending", "reason"), [
    (lambda g: g.resign(0), "resignation", "Bob wins: Ann resigned"),
    (lambda g: g.concede(1, "win-timeout"), "timeout", "Ann wins: Bob ran out of time"),
    (lambda g: g.agree_draw(), "agreement", "draw by agreement"),
])
def test_an_import_keeps_the_winner_and_how_the_game_ended(saves, tmp_path, end, ending, reason):
    game = _played("standard")
    end(game)
    loaded, text = _round_trip(saves, tmp_path, game, f"ended-{ending}")
    assert f"Ending: {ending}" in text
    result = loaded.save.result
    assert result is not None and (result.ending, result.reason) == (ending, reason)
    assert loaded.game.outcome().winner == game.outcome().winner


def test_an_ending_the_board_contradicts_or_an_unknown_one_is_not_taken(saves, tmp_path):
    (tmp_path / "odd.txt").write_text(
        "Participants: Bob (S), Ann (N)\nEnding: checkmate\nRules: chess\n\n1) Ann: Homeworld G3 B2 Y3\n\n"
        "2) Bob: Homeworld G3 B1 Y3\n"
    )
    loaded = saves.load(import_transcript(tmp_path / "odd.txt", saves))
    assert loaded.save.rules == "sdg" and loaded.save.result is None


def test_a_handicap_line_that_cannot_be_read_refuses_the_import_naming_its_line(saves, tmp_path):
    # Bob would start with a medium ship: left aside, the line would let the game in without its handicap
    # (counted in the rating), or its turns be refused as "the game is over".
    turns = "\n1) Ann: Homeworld G3 B2 Y3\n2) Bob: Homeworld G3 B1 Y3\n3) Ann: Build G1 Ann\n"
    for said, quoted in (("Bob starts with a medium ship", "'Bob starts with a medium ship'"),
                         ("Bob\x1b[2J " + "gets a head start " * 10, r"'Bob\x1b[2J gets a head start")):  # fmt: skip
        source = tmp_path / "evened.txt"
        source.write_text(f"Participants: Bob (S), Ann (N)\nHandicap: {said}\n{turns}", encoding="utf-8")
        with pytest.raises(SaveError) as refused:
            import_transcript(source, saves)
        message = refused.value.message
        assert message.startswith(f"{source}: line 2: unknown handicap {quoted}")
        assert "\x1b" not in message and len(message) < len(str(source)) + 110
        assert not saves.saves_dir.exists() or not list(saves.saves_dir.iterdir())
