"""What a save would replace, asked once: the plan the Save screen shows and ``save`` acts on."""

from __future__ import annotations

import pytest

from hwgame.persist import SaveError, Store, files, store

from .games import game_of

BROKEN = b'{"schema_version": 2, "players": ['



@pytest.fixture
def reads(monkeypatch):
    """The files read from now on, one entry per read (every read of a save goes through ``read_bytes``)."""
    seen: list[str] = []
    real = files.read_bytes

    def counting(path):
        seen.append(str(path))
        return real(path)

    monkeypatch.setattr(files, "read_bytes", counting)
    monkeypatch.setattr(store, "read_bytes", counting)
    return seen


def test_the_plan_says_where_the_save_goes_and_what_is_there(saves, data_dir):
    mine, theirs = game_of(4), game_of(4, seed=30)
    plan = saves.plan_save(mine, "Sunday")
    assert plan.path == saves.saves_dir / "Sunday.json"
    assert not plan.exists and not plan.broken and not plan.holds_another_game and plan.existing is None
    saves.save(mine, "Sunday", plan=plan)
    again = saves.plan_save(mine, "Sunday")
    assert again.exists and again.existing is not None and not again.holds_another_game
    other = Store(data_dir).plan_save(theirs, "Sunday")
    assert other.exists and other.holds_another_game and other.existing.game_id == again.game_id
    (saves.saves_dir / "Old.json").write_bytes(BROKEN)
    broken = saves.plan_save(mine, "Old")
    assert broken.broken and "cut short" in broken.problem.detail
    with pytest.raises(SaveError, match="kept for the autosave"):
        saves.plan_save(mine, "autosave-1")


def test_a_save_over_an_existing_file_reads_it_once(data_dir, reads):
    game = game_of(6)
    Store(data_dir).save(game, "Evening game")  # an earlier session wrote it
    assert reads == []
    later = Store(data_dir)
    loaded = later.load("Evening game")
    loaded.game.undo()
    reads.clear()
    # The Save screen's way: ask, then save on the answer.
    plan = later.plan_save(loaded.game, "Evening game")
    later.save(loaded.game, "Evening game", plan=plan)
    assert len(reads) == 1
    # Saving straight away, by a store that never read the file, reads it once too.
    reads.clear()
    fresh = Store(data_dir)
    fresh.save(game_of(5, seed=40), "Evening game", overwrite=True)
    assert len(reads) == 1


def test_a_plan_is_not_trusted_once_the_file_has_changed(saves, data_dir):
    mine, theirs = game_of(4), game_of(4, seed=30)
    plan = saves.plan_save(mine, "Shared")
    assert not plan.exists
    Store(data_dir).save(theirs, "Shared")  # another window saved there meanwhile
    with pytest.raises(SaveError, match="a different game is saved under this name already"):
        saves.save(mine, "Shared", plan=plan)
    plan = saves.plan_save(mine, "Shared")
    assert plan.holds_another_game
    path = saves.saves_dir / "Shared.json"
    path.write_bytes(BROKEN)  # ... and then the file was damaged
    with pytest.raises(SaveError, match="It is not replaced by this save"):
        saves.save(mine, "Shared", overwrite=True, plan=plan)
    assert path.read_bytes() == BROKEN


def test_a_plan_for_another_name_or_game_is_not_used(saves):
    mine, theirs = game_of(4), game_of(4, seed=30)
    saves.save(theirs, "Taken")
    elsewhere = saves.plan_save(mine, "Free")
    with pytest.raises(SaveError, match="a different game"):
        saves.save(mine, "Taken", plan=elsewhere)
    for_theirs = saves.plan_save(theirs, "Taken")
    with pytest.raises(SaveError, match="a different game"):
        saves.save(mine, "Taken", plan=for_theirs)
