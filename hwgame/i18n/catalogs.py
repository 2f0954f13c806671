"""Keeping the catalogs: extract the marked English, merge it into each language, compile, check.

    python -m hwgame.i18n.catalogs extract   # hwgame/locale/hwgame.pot from the marked strings
    python -m hwgame.i18n.catalogs update    # merge the template into each language's .po
    python -m hwgame.i18n.catalogs compile   # .po -> .mo (what the game reads)
    python -m hwgame.i18n.catalogs check     # everything translated, placeholders kept, .mo current
    python -m hwgame.i18n.catalogs todo ja [tutorial|other] FILE   # untranslated entries, as a .po file
    python -m hwgame.i18n.catalogs merge ja FILE                   # fill the language's .po from FILE

``update``, ``compile`` and ``merge`` take a language code to touch that language only. ``todo`` and
``merge`` let several translators work on one language at once: each fills a part in a file of its own
and merges it; merging holds a lock on the language's .po.

A development tool: it needs Babel (``pip install -e '.[dev]'``); the game itself reads the compiled
``.mo`` files with the standard library's gettext.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from . import DOMAIN, LOCALE_DIRS, LOCALE_ROOT

if TYPE_CHECKING:  # Babel is a development tool, imported where it is used
    from babel.messages.catalog import Catalog, Message

PACKAGE = LOCALE_ROOT.parent
TEMPLATE = LOCALE_ROOT / f"{DOMAIN}.pot"
TRANSLATED = [code for code in LOCALE_DIRS if code != "en"]
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
# Folders whose text no player reads: the rules speak in reason codes, the benchmarks to developers.
SKIPPED = ("rules", "bench", "locale", "__pycache__")
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:[:!][^{}]*)?\}")
PERCENT = re.compile(r"%(\([A-Za-z_]+\))?[sdr]")  # argparse's own messages use %-formatting


def po_path(code: str) -> Path:
    """The source catalog of a language."""
    return LOCALE_ROOT / LOCALE_DIRS[code] / "LC_MESSAGES" / f"{DOMAIN}.po"


def source_files() -> list[Path]:
    """The Python files whose marked strings make the template."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in SKIPPED:
            continue
        out.append(path)
    return out


def extract() -> Catalog:
    """A Babel catalog of every marked string in the game's sources."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(project="hwgame", domain=DOMAIN, charset="utf-8")
    for path in source_files():
        rel = path.relative_to(PACKAGE.parent).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True
        ):
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            catalog.add(message, None, [(rel, lineno)], auto_comments=comments, context=context,
                        flags=_flags(message))
    return catalog


def _flags(message: str | tuple[str, ...]) -> tuple[str, ...]:
    text = message[0] if isinstance(message, tuple) else message
    if PLACEHOLDER.search(text):
        return ("python-brace-format",)
    return ("python-format",) if PERCENT.search(text) else ()


def write_template() -> int:
    """Write the template; return the number of messages."""
    from babel.messages.pofile import write_po

    catalog = extract()
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)
    _write_atomic(TEMPLATE, _without_dates(buf.getvalue()))
    return len(catalog)


def _without_dates(data: bytes) -> bytes:
    # The creation date would change the file at every extraction and make a diff of nothing.
    return re.sub(rb'"POT-Creation-Date: [^"]*\\n"\n', b"", data)


def read_po(path: Path, locale: str | None = None) -> Catalog:
    """A catalog read from a .po file."""
    from babel.messages.pofile import read_po as babel_read_po

    with open(path, "rb") as fp:
        return babel_read_po(fp, locale=locale)


def babel_locale(code: str) -> str:
    """Babel's name for a language code."""
    return LOCALE_DIRS[code]


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _write_catalog(path: Path, catalog: Catalog) -> None:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False)
    _write_atomic(path, _without_dates(buf.getvalue()))


@contextlib.contextmanager
def _locked(code: str) -> Iterator[None]:
    """Hold the language's lock while its .po is read and written (translators merge at once)."""
    path = po_path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.parent / ".lock", "a+") as fp:
        try:
            import fcntl

            fcntl.flock(fp, fcntl.LOCK_EX)
        except ImportError:  # no flock on this system: one translator at a time
            pass
        yield


def update(codes: list[str] | None = None) -> None:
    """Merge the template into the languages' .po (new messages empty, gone ones dropped)."""
    from babel.messages.catalog import Catalog

    template = read_po(TEMPLATE)
    for code in codes or TRANSLATED:
        with _locked(code):
            path = po_path(code)
            if path.is_file():
                catalog = read_po(path, babel_locale(code))
            else:
                catalog = Catalog(locale=babel_locale(code), domain=DOMAIN, project="hwgame", charset="utf-8")
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            _write_catalog(path, catalog)


def compile_all(codes: list[str] | None = None) -> None:
    """Write the languages' .mo from their .po."""
    for code in codes or TRANSLATED:
        _write_atomic(po_path(code).with_suffix(".mo"), compiled(code))


def _is_tutorial(message: Message) -> bool:
    return any(loc.startswith(("hwgame/tutorial/", "hwgame/app/scenes/lesson", "hwgame/app/scenes/puzzle",
                               "hwgame/app/scenes/tutorial", "hwgame/app/scenes/reference", "hwgame/app/coach"))
               for loc, _line in message.locations)


def todo(code: str, part: str, out: Path) -> int:
    """Write the untranslated entries of a language (``part``: tutorial, other or all) to ``out`` as a
    .po file to fill in; return how many."""
    from babel.messages.catalog import Catalog

    update([code])
    catalog = read_po(po_path(code), babel_locale(code))
    part_catalog = Catalog(locale=babel_locale(code), domain=DOMAIN, project="hwgame", charset="utf-8")
    count = 0
    for msg in catalog:
        if not msg.id or (msg.string and not msg.fuzzy and (not isinstance(msg.string, tuple) or all(msg.string))):
            continue
        if part != "all" and _is_tutorial(msg) != (part == "tutorial"):
            continue
        part_catalog[msg.id] = msg
        count += 1
    _write_catalog(out, part_catalog)
    return count


def merge(code: str, source: Path) -> int:
    """Copy the translations in ``source`` into the language's .po (entries the template has); return
    how many were taken."""
    with _locked(code):
        catalog = read_po(po_path(code), babel_locale(code))
        taken = 0
        for msg in read_po(source, babel_locale(code)):
            if not msg.id or not msg.string:
                continue
            entry = catalog.get(msg.id, context=msg.context)
            if entry is None:
                continue
            entry.string = msg.string
            entry.flags.discard("fuzzy")
            taken += 1
        _write_catalog(po_path(code), catalog)
    compile_all([code])
    return taken


def compiled(code: str) -> bytes:
    """The .mo bytes of a language's .po (fuzzy entries left out, as gettext's tools do)."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, read_po(po_path(code), babel_locale(code)), use_fuzzy=False)
    return buf.getvalue()


def _messages(mo: bytes) -> dict[str | tuple[str, int], str]:
    """The translations of a compiled catalog, its header (which holds dates) left out."""
    import gettext

    try:
        table = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)  # type: ignore[attr-defined]
    except (OSError, ValueError):
        return {}
    table.pop("", None)
    return table


def placeholders(text: str) -> set[str]:
    """The placeholders of a message: ``{name}``, ``%(name)s``, and ``%s`` numbered by order."""
    found = set(PLACEHOLDER.findall(text))
    for index, match in enumerate(PERCENT.finditer(text)):
        found.add(match.group(0) if match.group(1) else f"%{index}")
    return found


def problems() -> list[str]:
    """Everything wrong with the catalogs, one line each (empty when all is well)."""
    out: list[str] = []
    wanted = {m.id if not isinstance(m.id, tuple) else m.id[0]: m for m in extract() if m.id}
    if not TEMPLATE.is_file():
        return [f"{TEMPLATE.name} is missing: run `python -m hwgame.i18n.catalogs extract`"]
    have = {m.id if not isinstance(m.id, tuple) else m.id[0] for m in read_po(TEMPLATE) if m.id}
    if set(wanted) != have:
        out.append(f"{TEMPLATE.name} is out of date ({len(set(wanted) - have)} new, {len(have - set(wanted))} gone):"
                   " run `python -m hwgame.i18n.catalogs extract`")
    for code in TRANSLATED:
        path = po_path(code)
        if not path.is_file():
            out.append(f"{code}: {path.name} is missing")
            continue
        catalog = read_po(path, babel_locale(code))
        for key, msg in wanted.items():
            entry = catalog.get(msg.id, context=msg.context)
            label = key[:60]
            if entry is None or not entry.string or (isinstance(entry.string, tuple) and not all(entry.string)):
                out.append(f"{code}: not translated: {label!r}")
                continue
            if entry.fuzzy:
                out.append(f"{code}: marked fuzzy: {label!r}")
            # A plural entry holds a sequence of strings (and of ids), a singular one a string.
            strings = (entry.string,) if isinstance(entry.string, str) else entry.string
            ids = (msg.id,) if isinstance(msg.id, str) else msg.id
            need = set().union(*(placeholders(i) for i in ids))
            for s in strings:
                if placeholders(s) - need or (need - placeholders(s) and not isinstance(msg.id, tuple)):
                    out.append(f"{code}: placeholders differ in {label!r}: {sorted(placeholders(s))} vs {sorted(need)}")
        mo = path.with_suffix(".mo")
        if not mo.is_file() or _messages(mo.read_bytes()) != _messages(compiled(code)):
            out.append(f"{code}: {mo.name} is not compiled from {path.name}:"
                       " run `python -m hwgame.i18n.catalogs compile`")
    return out


def main(argv: list[str] | None = None) -> int:
    """Run one command (extract, update, compile, check, all); return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    codes = [a for a in args[1:2] if a in TRANSLATED] or None
    if command == "todo" and len(args) == 4 and codes:
        print(f"{todo(args[1], args[2], Path(args[3]))} entries to translate in {args[3]}")
        return 0
    if command == "merge" and len(args) == 3 and codes:
        print(f"{merge(args[1], Path(args[2]))} translations merged into {po_path(args[1]).name} ({args[1]})")
        return 0
    if command in ("todo", "merge"):
        print("usage: todo CODE tutorial|other|all FILE, or merge CODE FILE (CODE: ja or zh-Hant)")
        return 2
    if command in ("extract", "all"):
        print(f"{TEMPLATE.relative_to(PACKAGE.parent)}: {write_template()} messages")
    if command in ("update", "all"):
        update(codes)
    if command in ("compile", "all"):
        compile_all(codes)
    if command == "check":
        found = problems()
        for line in found[:200]:
            print(line)
        if len(found) > 200:
            print(f"... and {len(found) - 200} more")
        return 1 if found else 0
    if command not in ("extract", "update", "compile", "all", "check"):
        print(f"unknown command {command[:30]!r}: extract, update, compile, check or all")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
