"""The translation catalogues (docs/i18n.md), with Babel alone: no GNU gettext on the machine.

    python -m mahjong_site.catalogues            compile locale/*/LC_MESSAGES/django.po to .mo
    python -m mahjong_site.catalogues update     add the sources' new strings to the .po files

The .po files are the committed source; the .mo files are built from them (`make install`,
`make run`, `make test`, and the test run itself) and ignored by git. The strings are read from
the translated sources below the way Django's makemessages reads them (a template through
Django's own `templatize`, then the Python extractor), so a msgid here is the one Django asks for.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
# Django's language code -> the folder its catalogue lives in.
LOCALES = {"zh-hans": "zh_Hans", "zh-hant": "zh_Hant"}
PROJECT = "Classical Mahjong"

# The sources translated so far (issue 42 goes on page by page): each of their strings must be
# in every catalogue, translated. A page that becomes translated is added here.
TEMPLATES = [
    "templates/base.html",
    "templates/_language.html",
    "templates/home.html",
    "templates/games/lobby.html",
    "templates/games/_find_game.html",
    "templates/games/_puzzle_of_the_day.html",
    "templates/registration/login.html",
    "templates/registration/signup.html",
]
PYTHON = [
    "games/web/pages/lobby_rows.py",
]

# What Django's gettext functions are called in the sources, and where their arguments are.
KEYWORDS = {
    "gettext": None, "gettext_lazy": None, "_": None,
    "ngettext": (1, 2), "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2), "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3), "npgettext_lazy": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ("Translators",)
HEADER = """\
# The site's %s catalogue (docs/i18n.md: the terms used and where they come from).
# Edited by hand; new strings added by `python -m mahjong_site.catalogues update`.
#"""


def po_path(folder: str) -> Path:
    return LOCALE / folder / "LC_MESSAGES" / "django.po"


def _python_messages(source: str, name: str):
    for lineno, message, comments, context in extract(
        "python", io.BytesIO(source.encode()), keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    ):
        yield message, context, (name, lineno), comments


def sources_catalog() -> Catalog:
    """Every translatable string of the translated sources, as an empty template catalogue."""
    from django.utils.translation.template import templatize

    template = Catalog(project=PROJECT, fuzzy=False)
    for name in TEMPLATES:
        text = (ROOT / name).read_text(encoding="utf-8")
        for found in _python_messages(templatize(text, origin=name), name):
            _add(template, *found)
    for name in PYTHON:
        for found in _python_messages((ROOT / name).read_text(encoding="utf-8"), name):
            _add(template, *found)
    return template


def _add(catalog: Catalog, message, context, location, comments) -> None:
    flags = ("python-format",) if "%(" in "".join(
        message if isinstance(message, tuple) else [message]) else ()
    existing = catalog.get(message[0] if isinstance(message, tuple) else message, context)
    if existing is not None:
        existing.locations.append(location)
        return
    catalog.add(message, locations=[location], auto_comments=comments, context=context,
                flags=flags)


def read(path: Path) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f)


def _write_atomic(path: Path, data: bytes) -> None:
    """Several test processes may compile at once: each writes a file of its own, then renames."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def compile_all(force: bool = False) -> list[Path]:
    """Compile each .po whose .mo is missing or older; the .mo files written."""
    written = []
    for folder in LOCALES.values():
        po = po_path(folder)
        mo = po.with_suffix(".mo")
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        out = io.BytesIO()
        write_mo(out, read(po), use_fuzzy=False)
        _write_atomic(mo, out.getvalue())
        written.append(mo)
    return written


def update() -> None:
    """Bring each .po up to date with the sources: new strings added untranslated, strings the
    sources no longer have dropped (translate the new ones, then compile)."""
    template = sources_catalog()
    for folder in LOCALES.values():
        po = po_path(folder)
        po.parent.mkdir(parents=True, exist_ok=True)
        catalog = read(po) if po.exists() else Catalog(
            locale=folder, project=PROJECT, fuzzy=False, header_comment=HEADER % folder)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        out = io.BytesIO()
        write_po(out, catalog, width=100, sort_output=False, include_lineno=False)
        _write_atomic(po, out.getvalue())


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        import django
        from django.conf import settings

        settings.configure()  # templatize reads no setting, but Django's lexer wants them set
        django.setup()
        update()
        return 0
    for mo in compile_all(force="--force" in argv):
        print(f"compiled {mo.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
