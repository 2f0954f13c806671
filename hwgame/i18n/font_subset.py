"""Make the Japanese and Traditional Chinese fonts the game ships: subsets of Noto Sans CJK (SIL Open
Font License 1.1), holding every character of the catalogs plus the characters common in names.

    python -m hwgame.i18n.font_subset [SOURCE.ttc]

SOURCE defaults to Debian's ``fonts-noto-cjk`` file (``apt-get install fonts-noto-cjk``). Writes
``assets/fonts/NotoSansCJKjp-hwgame.otf``, ``assets/fonts/NotoSansCJKtc-hwgame.otf`` and the licence
beside them (``assets/fonts/OFL.txt``, with the copyright notice read from the font). Run it again after
the catalogs gain characters (``tests/i18n`` fails when a catalog character is missing from the fonts).

Which characters (besides the catalogs'):
- Japanese face: kana, CJK punctuation, full- and half-width forms, and the kanji of JIS X 0208 levels 1
  and 2 and Windows' extra kanji (the ones nearly every Japanese name is written with);
- Traditional Chinese face: Bopomofo, CJK punctuation, full-width forms, and Big5's frequently used
  characters (its first level, 5,401 hanzi).

A development tool (it needs fontTools); the game reads the fonts with pygame.
"""

from __future__ import annotations

import sys
from pathlib import Path

from . import LOCALE_DIRS, LOCALE_ROOT

REPO = LOCALE_ROOT.parents[1]
FONT_DIR = REPO / "assets" / "fonts"
DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
# Face names inside the Noto Sans CJK collection, and the file each subset is written to.
FACES = {
    "ja": ("Noto Sans CJK JP", "NotoSansCJKjp-hwgame.otf"),
    "zh-Hant": ("Noto Sans CJK TC", "NotoSansCJKtc-hwgame.otf"),
}
BASIC = set(range(0x20, 0x7F)) | set(range(0xA0, 0x180)) | set(range(0x2000, 0x2070)) | set(range(0x2190, 0x2200))
# Shapes the window draws as text beside the catalogs: the check mark, arrows, the middle dot, boxes.
SYMBOLS = {ord(c) for c in "✓✔✗×·•…—–←→↑↓○●◎△▲▼◆◇□■★☆"}
CJK_PUNCT = set(range(0x3000, 0x3040)) | set(range(0xFF01, 0xFF5F))


def catalog_characters() -> set[int]:
    """Every non-ASCII character of the template and of the translated catalogs."""
    chars: set[int] = set()
    paths = [LOCALE_ROOT / "hwgame.pot"] + [
        LOCALE_ROOT / folder / "LC_MESSAGES" / "hwgame.po" for code, folder in LOCALE_DIRS.items() if code != "en"
    ]
    for path in paths:
        if path.is_file():
            chars.update(ord(c) for c in path.read_text(encoding="utf-8") if ord(c) > 0x7F)
    return chars


def japanese_characters() -> set[int]:
    """Kana, punctuation, full/half-width forms and the JIS X 0208 level 1 and 2 kanji."""
    out = set(range(0x3040, 0x3100)) | set(range(0x31F0, 0x3200)) | set(range(0xFF61, 0xFFA0)) | CJK_PUNCT
    for first in range(0xB0, 0xF5):  # EUC-JP rows 16-84: level 1 (16-47) and level 2 (48-84) kanji
        for second in range(0xA1, 0xFF):
            try:
                out.add(ord(bytes((first, second)).decode("euc_jp")))
            except (UnicodeDecodeError, TypeError):
                continue
    for first in (0xED, 0xEE, 0xFA, 0xFB, 0xFC):  # Windows' extra kanji, common in family names (髙, 﨑)
        for second in range(0x40, 0xFD):
            try:
                char = bytes((first, second)).decode("cp932")
            except UnicodeDecodeError:
                continue
            if 0x4E00 <= ord(char) <= 0x9FFF or 0xF900 <= ord(char) <= 0xFAFF:
                out.add(ord(char))
    return out


def traditional_chinese_characters() -> set[int]:
    """Bopomofo, punctuation, full-width forms and Big5's frequently used hanzi."""
    out = set(range(0x3100, 0x3130)) | CJK_PUNCT
    for first in range(0xA4, 0xC7):  # Big5 0xA440-0xC67E: the frequently used characters
        for second in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
            if (first, second) > (0xC6, 0x7E):
                break
            try:
                out.add(ord(bytes((first, second)).decode("big5")))
            except UnicodeDecodeError:
                continue
    return out


def face_index(source: Path, name: str) -> int:
    """The index of a face in a font collection, found by its family name."""
    from fontTools.ttLib import TTCollection

    collection = TTCollection(str(source), lazy=True)
    for index, font in enumerate(collection.fonts):
        if font["name"].getDebugName(1) == name:
            return index
    raise SystemExit(f"{source} has no face named {name!r}")


def make_subset(source: Path, code: str, wanted: set[int]) -> Path:
    """Write the subset of one face holding ``wanted`` (what the face has of it); return its path."""
    from fontTools import subset

    family, filename = FACES[code]
    options = subset.Options()
    options.font_number = face_index(source, family)
    options.layout_features = ["*"]  # vertical forms and locale shapes stay as the designers made them
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False  # CFF hints are not used by the renderer at the game's sizes
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted))
    subsetter.subset(font)
    FONT_DIR.mkdir(parents=True, exist_ok=True)
    out = FONT_DIR / filename
    subset.save_font(font, str(out), options)
    return out


def write_licence(source: Path) -> Path:
    """Write OFL.txt: the fonts' copyright notice (from the source font) and the licence text."""
    from fontTools.ttLib import TTCollection

    notice = TTCollection(str(source), lazy=True).fonts[0]["name"].getDebugName(0) or ""
    licence = Path(__file__).with_name("OFL-1.1.txt").read_text(encoding="utf-8")
    out = FONT_DIR / "OFL.txt"
    out.write_text(
        "The files NotoSansCJKjp-hwgame.otf and NotoSansCJKtc-hwgame.otf are subsets of Noto Sans CJK,\n"
        "made by hwgame/i18n/font_subset.py. They are licensed under the SIL Open Font License 1.1:\n\n"
        f"{notice}\n\n{licence}",
        encoding="utf-8",
    )
    return out


def main(argv: list[str] | None = None) -> int:
    """Write both subsets and the licence; print their sizes."""
    args = sys.argv[1:] if argv is None else argv
    source = Path(args[0]) if args else DEFAULT_SOURCE
    if not source.is_file():
        print(f"{source} not found: apt-get install fonts-noto-cjk, or give the path of a Noto Sans CJK .ttc")
        return 2
    common = catalog_characters() | BASIC | SYMBOLS
    for code, chars in (("ja", japanese_characters()), ("zh-Hant", traditional_chinese_characters())):
        path = make_subset(source, code, common | chars)
        print(f"{path.relative_to(REPO)}: {path.stat().st_size / 1e6:.2f} MB")
    print(f"{write_licence(source).relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
