"""SuperDuperGames transcripts and saves: importing a record as a save, exporting a save as a record.

An imported game keeps what the record said beyond its moves (SDG number, winner, variants, dates) in the
save's ``imported`` field, so that exporting it again writes the same record. Many records end by
resignation or timeout: the game then stays unfinished on the board and only the record names a winner.
"""

from __future__ import annotations

from pathlib import Path

from ..i18n import N_
from ..rules import (
    SDG,
    Game,
    HomeworldsError,
    ReplayError,
    Transcript,
    TranscriptLineError,
    export_sdg,
    parse_transcript,
    read_transcript_text,
    replay,
    ruleset_named,
)
from .atomic import atomic_write
from .errors import file_error, worded, worded_refusal
from .files import LoadedGame
from .paths import exists
from .schema import LONG_TEXT, SdgRecord, showable
from .store import SUFFIX, Store, file_name


def transcript_game(path: str | Path) -> tuple[Game, SdgRecord]:
    """Read and replay a transcript under the sdg rules; raise SaveError naming the file, line and reason.

    The file is read as ``hwgame verify`` reads it (``transcript.read_transcript_text``): a regular file
    of a sensible size only, so that a pipe or a device cannot hang or swamp the import.
    """
    path = Path(path)
    try:
        # Read without a source name, so that every message can start with the file, as for saves.
        transcript = parse_transcript(read_transcript_text(path))
        game = replay(transcript, ruleset_named(transcript.rules) if transcript.rules else SDG)
        _end_as_recorded(game, transcript)
    # An error of the rules is worded each time it is read, in the language in force.
    except ReplayError as exc:
        raise file_error(path, worded_refusal(exc), exc.turn, of_file=False) from None
    except TranscriptLineError as exc:
        raise file_error(path, worded_refusal(exc), exc.turn, of_file=False) from None
    except HomeworldsError as exc:  # the file cannot be read, or its game is not one this program plays
        raise file_error(path, worded_refusal(exc), of_file=False) from None
    def kept(text: str | None) -> str | None:
        # A header or a file name may hold anything; the save keeps what the window can show.
        return None if text is None else showable(text, LONG_TEXT)

    record = SdgRecord(
        sdg_number=transcript.sdg_number,
        winner=kept(transcript.winner),
        variants=[showable(v, LONG_TEXT) for v in transcript.variants[:50]],
        started=kept(transcript.started),
        ended=kept(transcript.ended),
        source=kept(path.name),
    )
    return game, record


def _end_as_recorded(game: Game, transcript: Transcript) -> None:
    """End a game the way its record says when its turns leave it undecided: the winner the record names
    wins by the loser's resignation or timeout (as the record says; a record of the site that does not
    say gets "win-recorded"), and a draw agreed is a draw. A winner the board contradicts, or one who is
    not a participant, is left alone."""
    if game.is_over():
        return
    winner = transcript.winner_index()
    if winner is not None:
        code = {"resignation": "win-resigned", "timeout": "win-timeout"}.get(transcript.ending or "", "win-recorded")
        game.concede(1 - winner, code)
    elif transcript.winner is None and transcript.ending == "agreement":
        game.agree_draw()


def _free_name(store: Store, stem: str) -> str:
    name = file_name(stem)[: -len(SUFFIX)]
    candidate, n = name, 1
    while exists(store.path_for(candidate)):  # a SaveError when the saves folder cannot be entered
        n += 1
        candidate = f"{name}-{n}"
    return candidate


def import_transcript(path: str | Path, store: Store) -> Path:
    """Turn an SDG transcript into a new save in the store's saves folder; return the save's path.

    The save is named after the SDG game number (``sdg-1001.json``), else the transcript's file name, with
    ``-2``, ``-3``... added rather than replacing an existing save.
    """
    game, record = transcript_game(path)
    stem = f"sdg-{record.sdg_number}" if record.sdg_number is not None else Path(path).stem
    title = f"SDG game {record.sdg_number}" if record.sdg_number is not None else record.source
    store.remember(game, title=title, imported=record)
    return store.save(game, _free_name(store, stem))


def transcript_text(loaded: LoadedGame) -> str:
    """The SDG transcript of a loaded save (committed turns only); raise SaveError if it cannot be written."""
    game, record = loaded.game, loaded.save.imported
    if loaded.save.start is not None:
        # An SDG transcript has no way to say where a game began: it always starts from the empty board.
        raise file_error(loaded.path, worded(N_("cannot be written as a transcript: the game began from a board "
                                                "set up in the board editor, and a transcript starts from the "
                                                "empty board")))
    winner = None
    if game.outcome() is None and record is not None:
        winner = record.winner  # a record won by resignation or timeout on the site
    try:
        text = export_sdg(
            game,
            sdg_number=record.sdg_number if record else None,
            winner=winner,
            variants=tuple(record.variants) if record else (),
        )
    except HomeworldsError as exc:
        raise file_error(loaded.path, worded(N_("cannot be written as a transcript: {problem}"), problem=exc)) from None
    if record is not None and record.started:
        # The dates go where SDG printed them, just before the participants.
        dates = f"Started: {record.started}" + (f", Ended: {record.ended}" if record.ended else "")
        text = text.replace("\nParticipants: ", f"\n{dates}\nParticipants: ", 1)
    return text


def export_transcript(loaded: LoadedGame, out: str | Path, force: bool = False) -> Path:
    """Write the transcript of a loaded save to ``out``; an existing file is only replaced with ``force``."""
    out = Path(out)
    text = transcript_text(loaded)
    there = exists(out)  # a SaveError when the folder cannot be entered
    if there and not force:
        raise file_error(out, worded(N_("exists already: choose another name, or add --force to replace it")))
    if there and out.is_dir():
        raise file_error(out, worded(N_("is a folder")))
    try:
        atomic_write(out, text.encode("utf-8"), backup=False)
    except OSError as exc:
        raise file_error(out, worded(N_("could not be written: {why}"), why=exc.strerror or str(exc))) from None
    return out


EXPORTS = "exports"  # the folder of the data folder that the window's Export writes into


def exports_dir(store: Store) -> Path:
    """The ``exports`` folder beside the saves folder (in the data folder)."""
    return store.saves_dir.parent / EXPORTS


def export_save(save: str | Path, store: Store) -> Path:
    """Write the SDG transcript of a save into the exports folder, under the save's name (``-2``,
    ``-3``... added rather than replacing an earlier export); return the path written."""
    loaded = store.load(save)
    folder = exports_dir(store)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise file_error(folder, worded(N_("could not be written: {why}"), why=exc.strerror or str(exc))) from None
    stem = Path(loaded.path).stem
    out, n = folder / f"{stem}.txt", 1
    while out.exists():
        n += 1
        out = folder / f"{stem}-{n}.txt"
    return export_transcript(loaded, out)


def export_game(game: Game, stem: str, store: Store) -> Path:
    """Write the SDG transcript of ``game``'s committed turns (the analysis board's main line) into the
    exports folder as ``stem.txt`` (``-2``, ``-3``... added rather than replacing an earlier export);
    return the path written. Raise SaveError when it cannot be written."""
    folder = exports_dir(store)
    try:
        text = export_sdg(game)
    except HomeworldsError as exc:
        raise file_error(folder, worded(N_("cannot be written as a transcript: {problem}"), problem=exc),
                         of_file=False) from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise file_error(folder, worded(N_("could not be written: {why}"), why=exc.strerror or str(exc))) from None
    stem = file_name(stem)[: -len(SUFFIX)]
    out, n = folder / f"{stem}.txt", 1
    while exists(out):
        n += 1
        out = folder / f"{stem}-{n}.txt"
    try:
        atomic_write(out, text.encode("utf-8"), backup=False)
    except OSError as exc:
        raise file_error(out, worded(N_("could not be written: {why}"), why=exc.strerror or str(exc))) from None
    return out
