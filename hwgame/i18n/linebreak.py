"""Where a line of text may break, in English, Japanese and Chinese.

English breaks at spaces. Japanese and Chinese are written without spaces, so a line may break between
two characters, except where a reader would see a word torn or a mark stranded:

- a closing mark (、。」）！？ー and small kana...) never begins a line and an opening mark (「（『...)
  never ends one; Latin words inside CJK text (a name, "SDG") stay whole;
- the words of the game (``GAME_WORDS``: the glossary's terms in both languages, and a few more) stay
  whole, and so does a run of katakana (ホームワールド, メニュー); in Japanese a run of kanji is one word
  (投了, 艦船) and the kana right after a word stays with it (勝ち, 恒星を);
- a number stays with its counter (2つ, 1回, 第 20 回合, 一艘) and a size word with its number (中型 2);
- a line never holds only the end of a sentence: it may not begin with the last one or two kana of a
  sentence (「す。」 of しま/す。) nor, in Chinese, with its last character;
- a key's name (Page Down, Ctrl + Z) stays whole.

These rules keep small pieces together; a piece they hold that is wider than the whole line breaks where
the weakest of them held it (a particle leaves its word, then a sentence's end what precedes it, then a
word breaks as the marks alone allow), so no line runs past its edge for their sake. Every rule is a
regular expression compiled once and a paragraph is read once by each, so breaking a text costs time
linear in its length. ``bad_break`` tells, apart from these rules, where a drawn text broke badly.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

# Characters that may not begin a line, and those that may not end one.
NO_LINE_START = set(
    "、。，．・：；？！）」』】〕〉》〗〙｝］ー～…‥々ゝゞヽヾ"  # closing marks, the long vowel, repeat marks
    "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"  # small kana
    "%)]},.!?:;"
)
NO_LINE_END = set("「『（【〔〈《〖〘｛［([{")
# Marks that begin a list entry, kept on one line with the entry's first word.
BULLETS = {"•"}

# The terms of hwgame/locale/GLOSSARY.md, both languages: each CJK run of a cell of two characters or
# more, a phrase cut at its possessive (あなたのホームワールド, 電腦的母星). A test keeps this table and
# the glossary in agreement.
GLOSSARY_WORDS = frozenset(
    "あなた アクション クリック コンピューター ハンデ バンク パス パズル ヒント ピラミッド ホームワールド "
    "レッスン 中型 交易 人口過剩 助数詞 勝ち 勝機 和局 回合 大型 大災害 失誤 小型 建造 引き分け 恆星 恒星 "
    "悪手 手番 手番終了 捕獲 提示 星系 棋子 棋譜 母星 母星系 災變 犠牲 犧牲 発見 發現 科技 移動 結束回合 "
    "能力 艦船 行動 見逃し 記法 課程 謎題 讓子 跳過 過密 量詞 金字塔 銀行 錯失 電腦 飛船 點選 指導対局 指導對局".split()
)
# Words a player reads on the screens beside the glossary's: the win rate, the colours and the words of
# a piece's comparisons.
MORE_WORDS = frozenset("勝率 紅色 黃色 綠色 藍色 顏色 大小 相同 敵方 對局 玩家 獲勝".split())
GAME_WORDS = GLOSSARY_WORDS | MORE_WORDS

# What a number counts: つ (things), 回 (times), 隻/艘 (ships), 個/顆 (pieces, stars), 手 (moves),
# 局 (games), 人, 次, 型 (a size)...
COUNTERS = "つ回隻艘個顆手局枚人名位次種件桁行字文月日年時分秒番色型步歩張倍号號點点頁度課問章%％"
# Names of keys written in two words, kept whole.
KEY_NAMES = ("Page Up", "Page Down", "Caps Lock", "Num Lock", "Scroll Lock", "Print Screen", "Pause Break",
             "Back Space", "Space Bar")

_HIRA = "\u3041-\u3096"
_KATA = "\u30a1-\u30fa\u30fc-\u30fe\u31f0-\u31ff\uff66-\uff9f"
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005-\u3007\U00020000-\U0003ffff"
_CLOSE = "」』）】〕〉》〗〙｝］)\\]"
_DIGITS = r"\d+(?:[.,:]\d+)*"
_HAN_DIGITS = "[〇一二三四五六七八九十百千兩两]+"
_SENTENCE_END = f"(?=[{_CLOSE}]*(?:[。！？]|\\s*\\Z))"
_SYLLABLE = f"[{_HIRA}][ぁぃぅぇぉゃゅょゎ]?"  # a kana and the small one that makes one sound with it (しょ)

_WIDE_CHARS = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff"  # as ``is_wide``
_WIDE = re.compile(f"[{_WIDE_CHARS}]")
# A paragraph read as spaces, CJK characters (each breakable from the next) and Latin words.
_TOKEN = re.compile(f"( +)|([{_WIDE_CHARS}])|[^ {_WIDE_CHARS}]+")
_KANA = re.compile(f"[{_HIRA}{_KATA}]")
# Spans inside which no line may break. The words of the game: found by a look-ahead, so that words
# that overlap are all found, behind a class of their first characters, which the engine skips to fast.
_WORD = re.compile(
    "(?=[" + "".join(sorted({word[0] for word in GAME_WORDS})) + "])"
    "(?=(" + "|".join(map(re.escape, sorted(GAME_WORDS, key=lambda word: (-len(word), word)))) + "))"
)
_KATAKANA_RUN = re.compile(f"[{_KATA}]{{2,}}")
# A number and its counter, a number after 第 or 全, a size word and its number.
_NUMBER = re.compile(
    f"[第全] ?{_DIGITS}(?: ?[{COUNTERS}])?"  # 第 20 回合, 全15
    f"|{_DIGITS} ?[{COUNTERS}]"  # 2つ, 1 次
    f"|{_HAN_DIGITS}[{COUNTERS}]"  # 一艘, 兩顆
    f"|[小中大]型 ?{_DIGITS}"  # 中型 2
)
# A key's name (Page Down, Ctrl + Z).
_KEY = re.compile(r"\b(?:" + "|".join(map(re.escape, KEY_NAMES)) + r")\b"
                  r"|\b(?:Ctrl|Shift|Alt|Cmd|Option)(?: ?\+ ?[A-Za-z0-9]+)+")
# The last one or two kana of a sentence (しょう counts two: しょ, う) stay with what comes before them;
# so does a sentence's last character in Chinese.
_LAST_KANA = re.compile(f"(?:{_SYLLABLE}){{1,2}}{_SENTENCE_END}")
_LAST_HAN = re.compile(f"(?<=[{_HAN}{_HIRA}{_KATA}])[{_HAN}]{_SENTENCE_END}")
# Japanese only: a run of kanji is a word, and a kana right after a word belongs to it (送り仮名, a
# particle: 勝ち, 恒星を, 「手番終了」を).
_KANJI_RUN = re.compile(f"[{_HAN}]{{2,}}")
_AFTER_WORD = re.compile(f"(?<=[{_HAN}{_KATA}A-Za-z0-9{_CLOSE}])[{_HIRA}]")


def is_wide(char: str) -> bool:
    """Whether a character belongs to CJK writing (it may break from its neighbours)."""
    code = ord(char)
    return (
        0x2E80 <= code <= 0x9FFF  # radicals, punctuation, kana, CJK ideographs
        or 0xF900 <= code <= 0xFAFF  # compatibility ideographs
        or 0xFF00 <= code <= 0xFFEF  # full- and half-width forms
        or 0x20000 <= code <= 0x3FFFF  # rarer ideographs
    )


def close_spaces(text: str) -> str:
    """``text`` without the spaces that stand between two CJK characters.

    A translation puts spaces around a name so that a Latin one stands apart ("Vega 的母星"); a name
    written in CJK ("玩家") needs none, and a space there reads as a gap in the sentence."""
    if " " not in text:
        return text
    out: list[str] = []
    for k, char in enumerate(text):
        if char == " " and out and k + 1 < len(text) and is_wide(out[-1]) and is_wide(text[k + 1]):
            continue
        out.append(char)
    return "".join(out)


# How strongly a rule holds two characters together: a piece too wide for a whole line is broken where
# the weakest rule held it first (a particle leaves its word, then a sentence's end leaves what precedes
# it, then words break as the marks alone allow).
PARTICLE, SENTENCE_END, WORD = 1, 2, 3


def _kept(paragraph: str) -> bytearray | None:
    """Where ``paragraph`` may not break for the rules of words, numbers, sentence ends and keys:
    ``kept[i]`` is how strongly a rule keeps a line from beginning at ``paragraph[i]`` (0: no rule);
    None when no rule holds anywhere. Each rule is written after the weaker ones, so the strongest wins."""
    keys = _KEY.search(paragraph) if " " in paragraph or "+" in paragraph else None
    wide = _WIDE.search(paragraph) is not None
    if keys is None and not wide:
        return None  # English: only the spaces matter
    kept = bytearray(len(paragraph) + 1)

    def keep(start: int, end: int) -> None:
        if end - start > 1:
            kept[start + 1:end] = bytes((WORD,)) * (end - start - 1)

    japanese = wide and _KANA.search(paragraph) is not None
    if japanese:
        for match in _AFTER_WORD.finditer(paragraph):
            kept[match.start()] = PARTICLE
    if wide:
        ends = [match.span() for pattern in (_LAST_KANA, _LAST_HAN) for match in pattern.finditer(paragraph)]
        for start, _end in ends:
            kept[start] = SENTENCE_END
        for start, end in ends:
            keep(start, end)  # the last kana among themselves hold as a word does
        for match in _WORD.finditer(paragraph):
            keep(*match.span(1))
        for pattern in (_KATAKANA_RUN, _NUMBER):
            for match in pattern.finditer(paragraph):
                keep(*match.span())
    if japanese:
        for match in _KANJI_RUN.finditer(paragraph):
            keep(*match.span())
    if keys is not None:
        for match in _KEY.finditer(paragraph, keys.start()):
            keep(*match.span())
    return kept


def units(paragraph: str, words: bool = True) -> list[tuple[str, bool]]:
    """A paragraph cut into pieces that must stay together, each with whether a space comes before it.
    ``words=False`` keeps only the marks' rules (closing and opening marks, Latin words, bullets, a
    piece's colour and size), as a piece too wide for a whole line is broken at last.

    Linear in the paragraph's length: each piece gathers its parts in a list, joined once at the end."""
    return [(piece.text, piece.spaced) for piece in _pieces(paragraph, _kept(paragraph) if words else None)]


class _Piece(NamedTuple):
    text: str
    spaced: bool  # a space comes before it
    held: int  # the weakest rule of words that holds it together (0: none; it may break there if too wide)
    start: int  # where it is in its paragraph
    end: int


def _pieces(paragraph: str, kept: bytearray | None, floor: int = PARTICLE) -> list[_Piece]:
    """``units``, by the rules of ``kept`` no weaker than ``floor``."""
    parts: list[list[str]] = []  # each piece's parts, joined once at the end
    spaces: list[bool] = []
    held: list[int] = []
    starts: list[int] = []
    space = False
    glue = False  # the last piece ended with an opening mark: the next one sticks to it
    bullet = False  # the last piece is a bullet alone
    last = ""  # the last character of the last piece
    for match in _TOKEN.finditer(paragraph):
        kind = match.lastindex  # 1: spaces, 2: a CJK character, None: a Latin word
        if kind == 1:
            space = True
            continue
        piece = match.group()
        at = match.start()
        if kind == 2 and space and last and is_wide(last):
            space = False  # no gap between two CJK characters (see ``close_spaces``)
        rule = kept[at] if kept is not None and parts else 0
        if bullet:
            # A bullet never stands alone at the end of a line: it stays with the first word of its entry.
            parts[-1].append(" " + piece if space else piece)
        elif space and last and piece[0].isdigit() and len(piece) <= 3 and (is_wide(last) or last.isalpha()):
            # A piece's size after its colour ("緑 1", "綠色 1", "green 1") stays on the colour's line.
            parts[-1].append(" " + piece)
        elif parts and not space and (glue or piece[0] in NO_LINE_START):
            parts[-1].append(piece)
        elif rule >= floor:
            parts[-1].append(" " + piece if space else piece)
            held[-1] = min(held[-1], rule) if held[-1] else rule
        else:
            parts.append([piece])
            spaces.append(space)
            held.append(0)
            starts.append(at)
        bullet = piece in BULLETS and len(parts[-1]) == 1
        glue = piece[-1] in NO_LINE_END
        last = piece[-1]
        space = False
    ends = [*starts[1:], len(paragraph)] if starts else []
    return [_Piece("".join(piece), spaced, rule, start, end)
            for piece, spaced, rule, start, end in zip(parts, spaces, held, starts, ends, strict=True)]


def wrap(text: str, width: float, measure: Callable[[str], float], cut: bool = False) -> list[str]:
    """``text`` cut into lines no wider than ``width`` (by ``measure``) where each language allows;
    a piece wider than the whole line (a long name, a path) stands alone, or with ``cut`` is cut
    between its characters (a window's text, where a line is always wider than a few characters).
    A piece that the rules of words hold together (a word and its particle, a number and its counter...)
    and that is wider than the whole line breaks where its weakest rule held it, and so on down to the
    marks' rules alone. Newlines start paragraphs."""
    lines: list[str] = []
    line = ""

    def add(piece: _Piece, spaced: bool, paragraph: str, kept: bytearray | None) -> None:
        nonlocal line
        trial = f"{line} {piece.text}" if (line and spaced) else line + piece.text
        if not line and not cut and not piece.held or measure(trial) <= width:
            line = trial
            return
        if piece.held and kept is not None and (not line or measure(piece.text) > width):
            start, end = piece.start, piece.end
            for k, part in enumerate(_pieces(paragraph[start:end], kept[start:end + 1], piece.held + 1)):
                add(part, spaced if k == 0 else part.spaced, paragraph[start:end], kept[start:end + 1])
            return
        if line:
            lines.append(line)
        if cut:
            *whole, line = _cut(piece.text, width, measure)
            lines.extend(whole)
        else:
            line = piece.text

    for paragraph in text.split("\n"):
        line = ""
        kept = _kept(paragraph)
        for piece in _pieces(paragraph, kept):
            add(piece, piece.spaced, paragraph, kept)
        lines.append(line)
    return lines


def _cut(piece: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """``piece`` in parts no wider than ``width``, cut between characters (at least one a part); the
    longest part that fits is found by halving, so a long piece costs few measurements."""
    parts: list[str] = []
    while piece:
        if measure(piece) <= width:
            parts.append(piece)
            break
        low, high = 1, len(piece) - 1  # piece[:low] is kept even if it is wider; piece[:high + 1] is not
        while low < high:
            mid = (low + high + 1) // 2
            if measure(piece[:mid]) <= width:
                low = mid
            else:
                high = mid - 1
        parts.append(piece[:low])
        piece = piece[low:]
    return parts


_LONGEST_WORD = max(map(len, GAME_WORDS))
_KATAKANA = re.compile(f"[{_KATA}]")
_LAST_WORD = re.compile(r"[A-Za-z]+$")
_FIRST_WORD = re.compile(r"[A-Za-z]+")
_SENTENCE_TAIL = re.compile(f"(?:{_SYLLABLE}){{1,2}}[{_CLOSE}]*[。！？]")
_TEXT_TAIL = re.compile(f"(?:{_SYLLABLE}){{1,2}}[{_CLOSE}]*[。！？]?")
_BEFORE_NUMBER = ("第", "全", "小型", "中型", "大型")


def bad_break(head: str, tail: str, end: bool = False) -> str | None:
    """What a reader of Japanese or Chinese finds wrong where a line ending ``head`` is followed by a
    line beginning ``tail`` (the text's last line if ``end``), or None: a word of the game or a katakana
    word torn in two, a number parted from its counter (2 / つ) or a size word from its number
    (中型 / 2), a key's name parted (Page / Down), a line that holds only a sentence's last kana
    (しま / す。).

    A check of what was drawn, written apart from the rules that break lines: the screens' audit asks
    it of every two lines of a wrapped text."""
    a, b = head.rstrip(), tail.lstrip()
    if not a or not b:
        return None
    near = a[1 - _LONGEST_WORD:] + b[: _LONGEST_WORD - 1]
    at = len(near) - min(len(b), _LONGEST_WORD - 1)  # where the line broke in ``near``
    for start in range(at):
        for stop in range(at + 1, min(len(near), start + _LONGEST_WORD) + 1):
            if near[start:stop] in GAME_WORDS:
                return f"the word {near[start:stop]} broken ({a[-4:]} / {b[:4]})"
    if _KATAKANA.match(a[-1]) and _KATAKANA.match(b[0]):
        return f"a katakana word broken ({a[-4:]} / {b[:4]})"
    if (a[-1].isdigit() or a[-1] in "〇一二三四五六七八九十百千兩两") and b[0] in COUNTERS:
        return f"a number parted from its counter ({a[-4:]} / {b[:2]})"
    if a.endswith(_BEFORE_NUMBER) and b[0].isdigit():
        return f"a number parted from the word before it ({a[-4:]} / {b[:4]})"
    last, first = _LAST_WORD.search(a), _FIRST_WORD.match(b)
    if last and first and f"{last.group()} {first.group()}" in KEY_NAMES:
        return f"a key's name broken ({last.group()} / {first.group()})"
    if _SENTENCE_TAIL.match(b) or (end and _TEXT_TAIL.fullmatch(b)):
        return f"a line of only a sentence's end ({a[-4:]} / {b})"
    return None
