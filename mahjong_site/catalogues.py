"""The translation catalogues (docs/i18n.md), with Babel alone: no GNU gettext on the machine.

    python -m mahjong_site.catalogues            compile locale/*/LC_MESSAGES/*.po to .mo
    python -m mahjong_site.catalogues update     add the sources' new strings to the .po files

Two domains, as Django has them: `django` (templates and Python) and `djangojs` (the browser's
words, served by Django's JavaScriptCatalog at /jsi18n/ and read through static/js/i18n.js).
The .po files are the committed source; the .mo files are built from them (`make install`,
`make run`, `make test`, and the test run itself) and ignored by git. The strings are read from
the translated sources below the way Django's makemessages reads them (a template through
Django's own `templatize`, then the Python extractor; a script with Babel's javascript
extractor, template literals read as code first), so a msgid here is the one Django asks for.
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
    "templates/games/table.html",
    "templates/games/replay.html",
    "templates/games/analysis_board.html",
    "templates/games/calculator.html",
    "templates/games/puzzle.html",
    "templates/games/_plot.html",
    "templates/games/rules.html",
    "templates/games/rules_scoring.html",
    "templates/games/_glossary_example.html",
    "templates/games/history.html",
    "templates/games/_game_rows.html",
    "templates/games/_my_games.html",
    "templates/games/player.html",
    "templates/games/_rating_plot.html",
    "templates/games/_profile_card.html",
    "templates/games/_own_puzzles.html",
    "templates/games/leaderboard.html",
    "templates/games/queue.html",
    "templates/games/import.html",
    "templates/games/result_hidden.html",
    "templates/404.html",
    "templates/500.html",
    "templates/games/friends.html",
    "templates/games/profile_edit.html",
    "templates/games/_people_nav.html",
    "templates/games/bot_account.html",
    "templates/games/tournament_list.html",
    "templates/games/tournament_detail.html",
    "templates/games/tournament_claim.html",
    "templates/games/tournament_slips.html",
    "templates/games/_tournament_status.html",
    "templates/games/_table_status.html",
    "templates/admin/games/round/swap.html",
]
PYTHON = [
    "games/web/pages/lobby_rows.py",
    "games/realtime/refusals.py",
    "games/web/pages/replay.py",
    "games/web/pages/analysis_board.py",
    "games/web/pages/calculator.py",
    "games/web/pages/puzzles.py",
    "games/web/plots.py",
    "games/web/pages/rules.py",
    "games/web/pages/scoring_glossary.py",
    "games/templatetags/tile_pictures.py",
    "games/web/pages/history.py",
    "games/web/pages/players.py",
    "games/web/pages/leaderboard.py",
    "games/web/pages/queue.py",
    "games/web/pages/records.py",
    "games/web/forms.py",
    "games/models/stats.py",
    "games/services/forfeits.py",
    "games/services/queue.py",
    "games/access/policy.py",
    "games/web/pages/people.py",
    "games/web/pages/account.py",
    "games/web/pages/bot_api.py",
    "games/templatetags/bots.py",
    "games/web/pages/tournaments.py",
    "games/web/pages/tournament_rounds.py",
    "games/web/pages/tournament_claim.py",
    "games/web/pages/tournament_exports.py",
    "games/web/refusals.py",
    "games/web/pages/table.py",
    "games/web/pages/lobby.py",
    "games/templatetags/puzzle_tags.py",
    "games/access/limits.py",
    # The engine's reasons as a page says them: a record's, the board's, the calculator's.
    "games/web/reasons.py",
    # The admin's actions, their messages and columns (Django's admin has its own catalogues),
    # and the models' names, fields and choices as the admin lists them.
    "games/models/status.py",
    "games/models/games.py",
    "games/models/puzzles.py",
    "games/models/people.py",
    "games/models/talk.py",
    "games/models/tournaments.py",
    "games/models/tournament_records.py",
    "games/organiser/admin/base.py",
    "games/organiser/admin/games.py",
    "games/organiser/admin/moderation.py",
    "games/organiser/admin/records.py",
    "games/organiser/admin/tournaments.py",
    "games/organiser/seat_swap.py",
    "games/organiser/tournament_form.py",
    "games/organiser/entry_form.py",
]
# The browser's words (the djangojs domain): the live table's modules and what they draw with.
JAVASCRIPT = [
    "static/js/words.js",
    "static/js/tiles.js",
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "static/js/table").glob("*.js")),
    *(f"static/js/render/{name}.js" for name in (
        "board", "exchange", "gameover", "hand", "hints", "layout", "log", "melds", "proof", "prompt",
        "rituals", "seats", "sheet", "waits", "wall")),
    # The replay: its page and its modules (the table's renderers above draw it).
    "static/js/replay.js",
    *(f"static/js/replay/{name}.js" for name in (
        "analysis", "controls", "deals", "decisions", "draw", "load", "moves", "own_puzzles", "panel",
        "state", "talk")),
    # The analysis board and the position it draws (shared with the puzzles).
    "static/js/analysis_board.js",
    "static/js/calculator.js",
    "static/js/puzzles.js",
    "static/js/puzzles_position.js",
    "static/js/puzzle_themes.js",
    # The queue's page: how the wait goes.
    "static/js/queue.js",
    # The challenges' notices, on every page of a signed-in person.
    "static/js/notices.js",
    # What a person may do about a line of table talk: mute, block, report (the talk box's).
    "static/js/people.js",
    # A tournament's page: its tables' status badges.
    "static/js/tournament.js",
    # The English the server puts in the table page's config, listed for the catalogue.
    "locale/server_words.js",
]
DOMAINS = ("django", "djangojs")

# What Django's gettext functions are called in the sources, and where their arguments are.
KEYWORDS = {
    "gettext": None, "gettext_lazy": None, "gettext_noop": None, "_": None,
    "ngettext": (1, 2), "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2), "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3), "npgettext_lazy": ((1, "c"), 2, 3),
}
JS_KEYWORDS = {
    "gettext": None, "gettext_noop": None,
    "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ("Translators",)
HEADER = """\
# The site's %s catalogue (docs/i18n.md: the terms used and where they come from).
# Edited by hand; new strings added by `python -m mahjong_site.catalogues update`.
#"""


def po_path(folder: str, domain: str = "django") -> Path:
    return LOCALE / folder / "LC_MESSAGES" / f"{domain}.po"


def _python_messages(source: str, name: str):
    for lineno, message, comments, context in extract(
        "python", io.BytesIO(source.encode()), keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    ):
        yield message, context, (name, lineno), comments


REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


def _templates_as_code(source: str) -> str:
    """The script with each template literal's text blanked and its `${...}` kept as code in
    parentheses, lines kept: Babel's own reading of template literals ends an expression at its
    first `}` (an object of values) and lets a quote of the text (an attribute's) swallow a call."""
    out = list(source)
    i, n = 0, len(source)
    stack: list = []  # "t": inside a template literal's text; an int: brace depth of a ${...}
    last = ""  # the last significant character of code, to tell a regex from a division

    def skip_string(i: int, quote: str) -> int:
        i += 1
        while i < n and source[i] != quote:
            i += 2 if source[i] == "\\" else 1
        return i + 1

    while i < n:
        c = source[i]
        if stack and stack[-1] == "t":
            if c == "`":
                out[i] = " "
                stack.pop()
                last = "a"
                i += 1
            elif source.startswith("${", i):
                out[i], out[i + 1] = " ", "("
                stack.append(0)
                last = "("
                i += 2
            else:
                step = 2 if c == "\\" else 1
                for k in range(i, min(n, i + step)):
                    if source[k] != "\n":
                        out[k] = " "
                i += step
            continue
        if c in "\"'":
            i = skip_string(i, c)
            last = "a"
        elif c == "`":
            out[i] = " "
            stack.append("t")
            i += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c == "/" and last in REGEX_BEFORE:
            i += 1
            klass = False
            while i < n and (source[i] != "/" or klass):
                if source[i] == "\\":
                    i += 1
                elif source[i] == "[":
                    klass = True
                elif source[i] == "]":
                    klass = False
                i += 1
            i += 1
            last = "a"
        elif c == "{" and stack:
            stack[-1] += 1
            last = c
            i += 1
        elif c == "}" and stack and stack[-1] == 0:
            out[i] = ")"
            stack.pop()  # back in the template's text
            i += 1
        else:
            if c == "}" and stack:
                stack[-1] -= 1
            if not c.isspace():
                last = c if not (c.isalnum() or c in "_$") else "a"
            i += 1
    return "".join(out)


def _javascript_messages(source: str, name: str):
    source = _templates_as_code(source)
    for lineno, message, comments, context in extract(
        "javascript", io.BytesIO(source.encode()), keywords=JS_KEYWORDS,
        comment_tags=COMMENT_TAGS, strip_comment_tags=True,
        options={"jsx": False},
    ):
        yield message, context, (name, lineno), comments


def sources_catalog(domain: str = "django") -> Catalog:
    """Every translatable string of the translated sources, as an empty template catalogue."""
    from django.utils.translation.template import templatize

    template = Catalog(project=PROJECT, fuzzy=False)
    if domain == "djangojs":
        for name in JAVASCRIPT:
            for found in _javascript_messages((ROOT / name).read_text(encoding="utf-8"), name):
                _add(template, *found)
        return template
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
    for folder, domain in ((f, d) for f in LOCALES.values() for d in DOMAINS):
        po = po_path(folder, domain)
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
    for domain in DOMAINS:
        _update(domain)


def _update(domain: str) -> None:
    template = sources_catalog(domain)
    for folder in LOCALES.values():
        po = po_path(folder, domain)
        po.parent.mkdir(parents=True, exist_ok=True)
        catalog = read(po) if po.exists() else Catalog(
            locale=folder, project=PROJECT, fuzzy=False,
            header_comment=HEADER % f"{folder} {domain}")
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
