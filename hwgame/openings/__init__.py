"""The opening explorer: how many games reached an early position, how they ended, and what came next.

Pure logic on the rules (no window, no files of the player): ``Book`` counts games' opening paths
(``GamePath``) by position, names of systems aside; ``Book.explore(position)`` says what the book holds
of a position (``Explored``: a ``Tally`` of the games, the ``NextTurn``s most played first, each written
with the board's names and legal there). The book of the game archive ships with the package
(``archive_book``, read once); ``python -m hwgame.openings build FOLDER`` makes it again from any
folder of SDG transcripts. The book holds the first ``DEPTH`` turns of each game (setup included);
beyond them a position is out of the book.
"""

from .book import DEPTH, THIN, Book, Explored, GamePath, NextTurn, Tally, tally_of
from .data import PACKAGE_FILE, BookError, archive_book, decode_book, encode_book, read_book, read_file
from .keys import key_text, named_turn, stored_turn, turn_for
from .paths import archive_path, archive_paths, path_of

__all__ = [
    "DEPTH", "THIN", "Book", "Explored", "GamePath", "NextTurn", "Tally", "tally_of",
    "PACKAGE_FILE", "BookError", "archive_book", "decode_book", "encode_book", "read_book", "read_file",
    "key_text", "named_turn", "stored_turn", "turn_for",
    "archive_path", "archive_paths", "path_of",
]  # fmt: skip
