"""Reading and writing the settings file.

Settings must never stop the game from starting: a missing file gives the defaults, a value out of range
is replaced by its default (with a notice saying which), and an unreadable file gives the defaults while
its bytes are kept aside in ``settings.json.broken`` (or the next free ``.brokenN``) before anything is
written over it; so is a file that could only be read with some settings repaired.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from pydantic import ValidationError

from ..i18n import N_
from .atomic import atomic_write
from .errors import SaveError, Text, file_error, shown_path, worded
from .files import parse_json_object, read_bytes
from .migrate import upgrade_settings
from .paths import exists
from .schema import Settings, describe_validation

_MAX_REPAIRS = 50  # each repair drops one bad value; a file cannot hold more than a few dozen


def _drop(data: dict, loc: tuple) -> bool:
    """Remove the bad value at ``loc``: one lesson inside ``tutorial``, else the whole top-level field."""
    if not loc:
        return False
    lessons = data.get("tutorial")
    if loc[0] == "tutorial" and len(loc) >= 2 and isinstance(lessons, dict) and loc[1] in lessons:
        # A copy, so that the caller's data is left as it was.
        data["tutorial"] = {k: v for k, v in lessons.items() if k != loc[1]}
        return True
    if loc[0] in data:
        del data[loc[0]]
        return True
    return False


def _repaired(exc: ValidationError) -> Text:
    """The notice of one setting replaced by its default, worded when read."""
    return worded(N_("setting {problem}: using the default"), problem=lambda: describe_validation(exc, limit=1))


def settings_from_data(data: dict) -> tuple[Settings, list[Text]]:
    """Settings from parsed JSON (of any format, upgraded first), each bad value replaced by its default;
    return them and the notices (worded when read)."""
    data = upgrade_settings(dict(data))
    notices: list[Text] = []
    for _attempt in range(_MAX_REPAIRS):
        try:
            return Settings.model_validate(data), notices
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = tuple(err.get("loc", ()))
            notices.append(_repaired(exc))
            if not _drop(data, loc):
                break
    return Settings(), [*notices, worded(N_("the settings could not be repaired: using the defaults"))]


def read_settings(path: str | Path) -> tuple[Settings, list[Text]]:
    """The settings in ``path`` (defaults when there is no file); never raises. Also returns notices, worded
    when read (``errors.text_of``)."""
    path = Path(path)
    try:
        if not exists(path):
            return Settings(), []
        data = parse_json_object(path, read_bytes(path, what="settings"), what="settings")
    except SaveError as exc:
        return Settings(), [worded(N_("{problem}: using the default settings"), problem=exc.text)]
    settings, notices = settings_from_data(data)
    return settings, [worded(N_("{path}: {problem}"), path=shown_path(path), problem=n) for n in notices]


def _damaged(path: Path) -> bool:
    """True when the file cannot be read, or only with settings repaired (dropped to their defaults)."""
    try:
        data = parse_json_object(path, read_bytes(path, what="settings"), what="settings")
    except SaveError:
        return True
    return bool(settings_from_data(data)[1])


def _keep_aside(path: Path) -> Path:
    """Keep a damaged settings file under a free ``.broken`` name so writing cannot lose it: a second
    name for the same file where the system allows (nothing is read, however large it is), else a copy."""
    n = 0
    while True:
        aside = path.with_name(path.name + (".broken" if n == 0 else f".broken{n}"))
        if not exists(aside):
            try:
                os.link(path, aside)  # fails rather than replace a file that appeared meanwhile
            except FileExistsError:
                n += 1
                continue
            except OSError:
                shutil.copyfile(path, aside)
            return aside
        n += 1


def write_settings(path: str | Path, settings: Settings) -> Path:
    """Write the settings atomically, the previous file kept as ``settings.json.bak``; raise SaveError."""
    path = Path(path)
    text = json.dumps(settings.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
    try:
        damaged = path.is_file() and _damaged(path)
        if damaged:
            _keep_aside(path)
        # A damaged file is kept aside already; its copy as the backup would read it all again.
        return atomic_write(path, text.encode("utf-8"), backup=not damaged)
    except OSError as exc:
        raise file_error(path, worded(N_("could not be written: {why}"), why=exc.strerror or str(exc))) from None
