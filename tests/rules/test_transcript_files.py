"""Reading a transcript file: only a regular file of a sensible size, in an encoding said plainly.

Files are untrusted: a named pipe must not block, a device must not be read for ever, a huge file
must not fill the memory, and UTF-16 or UTF-8 with a byte order mark must still be read.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from hwgame.rules.transcript import (
    MAX_BYTES,
    TranscriptFileError,
    decode_transcript,
    read_transcript,
    read_transcript_text,
)
from hwgame.words import refusal_text
from tests.refusing import refuses

GAME = "Participants: Ann (N), Bob (S)\n\n1) Ann: Homeworld R1 B2 G3\n2) Bob: Homeworld R2 B1 G3\n"
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and /dev/zero are POSIX")


def refused(path) -> str:
    """The reason read_transcript_text gives, after checking it is one short line."""
    start = time.perf_counter()
    with pytest.raises(TranscriptFileError) as info:
        read_transcript_text(path)
    assert time.perf_counter() - start < 5.0
    message = refusal_text(info.value)
    assert "\n" not in message and len(message) < 200
    return message


@posix_only
def test_a_named_pipe_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "game.raw"
    os.mkfifo(fifo)
    assert refused(fifo) == "is not a regular file (a pipe, a device or a socket)"


@posix_only
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_link_to_an_endless_device_is_refused(tmp_path):
    link = tmp_path / "game.raw"
    link.symlink_to("/dev/zero")
    assert refused(link) == "is not a regular file (a pipe, a device or a socket)"


def test_a_huge_file_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.raw"
    with open(big, "wb") as handle:
        handle.truncate(50 * MAX_BYTES)  # sparse: no disk is spent
    assert refused(big) == "is 51200 kB, far too large to be a transcript (at most 1024 kB)"


@pytest.mark.skipif(not Path("/proc/self/maps").is_file(), reason="no /proc here")
def test_a_file_longer_than_its_size_says_is_still_bounded(monkeypatch):
    # /proc files say they are empty and are not: the read itself stops after the limit.
    monkeypatch.setattr("hwgame.rules.transcript.MAX_BYTES", 16)
    assert "grew while it was read" in refused("/proc/self/maps")


def test_missing_folder_and_empty_files(tmp_path):
    assert refused(tmp_path / "absent.raw") == "no such file"
    assert refused(tmp_path) == "is a folder, not a transcript"
    (tmp_path / "blank.raw").write_text(" \n\t\n")
    assert refused(tmp_path / "blank.raw") == "is empty: it holds no game"
    assert "cannot be opened" in refused("bad\0name.raw")


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="needs file permissions that bind")
def test_an_unreadable_file(tmp_path):
    locked = tmp_path / "locked.raw"
    locked.write_text(GAME)
    locked.chmod(0)
    assert refused(locked) == "cannot be read: permission denied"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig", "utf-32", "utf-8"])
def test_utf16_utf32_and_utf8_with_a_byte_order_mark_are_read(tmp_path, encoding):
    path = tmp_path / "game.raw"
    data = GAME.replace("Bob", "Bøb").encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):
        data = ("\ufeff" + GAME.replace("Bob", "Bøb")).encode(encoding)  # the mark, in that byte order
    path.write_bytes(data)
    assert read_transcript_text(path) == GAME.replace("Bob", "Bøb")
    t = read_transcript(path)
    assert t.players == ("Ann", "Bøb") and t.numbers == [1, 2]


def test_utf16_without_a_byte_order_mark_is_named_plainly():
    why = "is not UTF-8 text (it is full of zero bytes: UTF-16 or UTF-32 without a byte order mark?): save it as UTF-8"
    for encoding in ("utf-16-le", "utf-16-be", "utf-32-le"):
        with pytest.raises(TranscriptFileError) as info:
            decode_transcript(GAME.encode(encoding))
        assert refusal_text(info.value) == why


def test_undecodable_bytes_in_chat_are_replaced():
    text = decode_transcript(GAME.encode() + b"\tAnn: caf\xe9\n")
    assert text.endswith("\tAnn: caf\ufffd\n")


def test_read_transcript_names_the_file(tmp_path):
    with refuses(TranscriptFileError, r"absent\.raw: no such file$"):
        read_transcript(tmp_path / "absent.raw")
