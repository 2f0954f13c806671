"""Where a line of text may break, in English, Japanese and Chinese.

English breaks at spaces. Japanese and Chinese are written without spaces, so a line may break between
any two characters, except that a closing mark (、。」）！？ー and small kana...) never begins a line and an
opening mark (「（『...) never ends one. Latin words inside CJK text (a name, "SDG") stay whole.
"""

from __future__ import annotations

from collections.abc import Callable

# Characters that may not begin a line, and those that may not end one.
NO_LINE_START = set(
    "、。，．・：；？！）」』】〕〉》〗〙｝］ー～…‥々ゝゞヽヾ"  # closing marks, the long vowel, repeat marks
    "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"  # small kana
    "%)]},.!?:;"
)
NO_LINE_END = set("「『（【〔〈《〖〘｛［([{")
# Marks that begin a list entry, kept on one line with the entry's first word.
BULLETS = {"•"}


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


def units(paragraph: str) -> list[tuple[str, bool]]:
    """A paragraph cut into pieces that must stay together, each with whether a space comes before it.

    Linear in the paragraph's length: each piece gathers its parts in a list, joined once at the end."""
    out: list[tuple[list[str], bool]] = []
    word: list[str] = []
    space = False
    glue = False  # the last piece ended with an opening mark: the next one sticks to it

    def last_char() -> str:
        return out[-1][0][-1][-1] if out else ""

    def push(piece: str, spaced: bool) -> None:
        nonlocal glue
        if out and len(out[-1][0]) == 1 and out[-1][0][0] in BULLETS:
            # A bullet never stands alone at the end of a line: it stays with the first word of its entry.
            out[-1][0].append((" " if spaced else "") + piece)
            glue = piece[-1] in NO_LINE_END
            return
        last = last_char()
        if out and spaced and piece[:1].isdigit() and len(piece) <= 3 and (is_wide(last) or last.isalpha()):
            # A piece's size after its colour ("緑 1", "綠色 1", "green 1") stays on the colour's line.
            out[-1][0].append(" " + piece)
            glue = False
            return
        if out and not spaced and (glue or piece[0] in NO_LINE_START):
            out[-1][0].append(piece)
        else:
            out.append(([piece], spaced))
        glue = piece[-1] in NO_LINE_END

    for char in paragraph:
        if char == " ":
            if word:
                push("".join(word), space)
                word = []
            space = True
        elif is_wide(char):
            if word:
                push("".join(word), space)
                word, space = [], False
            if space and out and is_wide(last_char()):
                space = False  # no gap between two CJK characters (see ``close_spaces``)
            push(char, space)
            space = False
        else:
            word.append(char)
    if word:
        push("".join(word), space)
    return [("".join(parts), spaced) for parts, spaced in out]


def wrap(text: str, width: float, measure: Callable[[str], float], cut: bool = False) -> list[str]:
    """``text`` cut into lines no wider than ``width`` (by ``measure``) where each language allows;
    a piece wider than the whole line (a long name, a path) stands alone, or with ``cut`` is cut
    between its characters (a window's text, where a line is always wider than a few characters).
    Newlines start paragraphs."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece, spaced in units(paragraph):
            trial = f"{line} {piece}" if (line and spaced) else line + piece
            if not line and not cut or measure(trial) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            if cut:
                *whole, line = _cut(piece, width, measure)
                lines += whole
            else:
                line = piece
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
