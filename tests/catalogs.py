"""A small catalog made in memory for a test, put in place of a language's real one."""

from __future__ import annotations

import gettext
import io


def compiled_catalog(messages, code: str = "ja") -> gettext.GNUTranslations:
    """A catalog of ``messages``: ``(english, translation)`` or ``(english, translation, context)``
    items; an English plural is a ``(singular, plural)`` pair with a tuple of translations."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale=code, domain="hwgame")
    for item in messages:
        english, translation, *context = item
        catalog.add(english, translation, context=context[0] if context else None)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def install_catalog(monkeypatch, messages, code: str = "ja") -> None:
    """Use a catalog of ``messages`` for ``code`` until the test ends (switch to it with
    ``hwgame.i18n.set_language``)."""
    from hwgame import i18n

    monkeypatch.setitem(i18n._cache, code, compiled_catalog(messages, code))
