"""docs/i18n.md: the Chinese catalogues, both domains (`django`: templates and Python; `djangojs`:
the table's scripts), are whole (every string translated, none fuzzy, the same placeholders), up
to date with the translated sources both ways, compiled to what Django reads; the translated
templates hold no English text left outside a translate tag; every call of the scripts is read."""

from __future__ import annotations

import functools
import gettext
import re

import pytest
from django.template.base import Lexer, TokenType

from mahjong_site import catalogues

FOLDERS = list(catalogues.LOCALES.values())
CATALOGUES = [(folder, domain) for folder in FOLDERS for domain in catalogues.DOMAINS]
PLACEHOLDER = re.compile(r"%\([a-z_]+\)s|%%")
TAG = re.compile(r"<[^<>]*>")
SCRIPT = re.compile(r"<(script|style)\b.*?</\1>", re.S)
SEEN_ATTRIBUTE = re.compile(r"""\b(aria-label|title|alt|placeholder)="([^"]*)\"""")

# Reading every source takes a second or so: once per domain for the whole module.
_sources = functools.cache(catalogues.sources_catalog)


def _messages(folder: str, domain: str = "django"):
    return [m for m in catalogues.read(catalogues.po_path(folder, domain)) if m.id]


def _key(message) -> tuple:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


@pytest.mark.parametrize(("folder", "domain"), CATALOGUES)
def test_every_message_is_translated_and_none_is_fuzzy(folder, domain):
    messages = _messages(folder, domain)
    assert len(messages) > 50, "the catalogue was not read"
    untranslated = [m.id for m in messages
                    if not all(m.string if isinstance(m.string, tuple) else [m.string])]
    fuzzy = [m.id for m in messages if m.fuzzy]
    assert not untranslated, f"{folder}: untranslated: {untranslated}"
    assert not fuzzy, f"{folder}: fuzzy: {fuzzy}"


@pytest.mark.parametrize(("folder", "domain"), CATALOGUES)
def test_a_translation_keeps_the_placeholders_and_the_markup(folder, domain):
    """A dropped %(name)s would raise as the page renders; a dropped link would lose the way.
    Chinese has one plural form, said for every count: it keeps the plural's placeholders."""
    for m in _messages(folder, domain):
        source, string = (m.id[1], m.string[0]) if isinstance(m.id, tuple) else (m.id, m.string)
        assert sorted(PLACEHOLDER.findall(string)) == sorted(PLACEHOLDER.findall(source)), m.id
        assert sorted(TAG.findall(string)) == sorted(TAG.findall(source)), m.id


@pytest.mark.parametrize(("folder", "domain"), CATALOGUES)
def test_the_catalogue_is_up_to_date_with_the_sources(folder, domain):
    """Every string of the translated sources is in the catalogue, and nothing else is: run
    `python -m mahjong_site.catalogues update` and translate what it adds."""
    wanted = {_key(m) for m in _sources(domain) if m.id}
    have = {_key(m) for m in _messages(folder, domain)}
    assert wanted - have == set(), f"{folder}: missing from the catalogue"
    assert have - wanted == set(), f"{folder}: no longer in the sources"


@pytest.mark.parametrize(("folder", "domain"), CATALOGUES)
def test_the_compiled_catalogue_is_the_po(folder, domain):
    catalogues.compile_all()
    mo = catalogues.po_path(folder, domain).with_suffix(".mo")
    with open(mo, "rb") as f:
        compiled = gettext.GNUTranslations(f)
    for m in _messages(folder, domain):
        if isinstance(m.id, str):
            asked = f"{m.context}\x04{m.id}" if m.context else m.id
            assert compiled._catalog.get(asked) == m.string, m.id


def _untranslated_text(source: str) -> list[str]:
    """Words a translated template shows outside {% translate %} and {% blocktranslate %}."""
    parts, inside, classes = [], False, False
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            word = token.split_contents()[0]
            # The body's class names ({% block body_class %}) are not shown.
            classes = token.split_contents()[:2] == ["block", "body_class"] or (
                classes and word != "endblock")
            inside = word in ("blocktranslate", "blocktrans") or (
                inside and word not in ("endblocktranslate", "endblocktrans"))
            parts.append("\x00")
        elif token.token_type == TokenType.TEXT and not inside and not classes:
            parts.append(token.contents)
        elif token.token_type == TokenType.VAR:
            parts.append("\x00")
    shown = SCRIPT.sub("", "".join(parts))
    found = [value for _, value in SEEN_ATTRIBUTE.findall(shown)
             if re.search(r"[A-Za-z]", value.replace("\x00", ""))]
    found += [text.strip() for text in TAG.sub("\x00", shown).split("\x00")
              if re.search(r"[A-Za-z]", text)]
    return found


@pytest.mark.parametrize("name", catalogues.TEMPLATES)
def test_a_translated_template_has_no_english_left_outside_the_tags(name):
    assert _untranslated_text((catalogues.ROOT / name).read_text()) == []


def test_the_template_check_finds_english_text_and_labels():
    assert _untranslated_text('<p>Hello</p>{% translate "Hi" %}') == ["Hello"]
    assert _untranslated_text('<nav aria-label="Site">') == ["Site"]
    assert _untranslated_text('<p>{% blocktranslate %}Hi {{ x }}{% endblocktranslate %}</p>') == []
    assert _untranslated_text("<script>// a comment</script>") == []
    assert _untranslated_text("{% block body_class %}table-page{% endblock %}<p>Hi</p>") == ["Hi"]


CALL = re.compile(r"""\b(?:n|p|np)?gettext(?:_noop)?\(\s*["']""")


@pytest.mark.parametrize("name", catalogues.JAVASCRIPT)
def test_every_call_of_a_script_is_read(name):
    """A call Babel's javascript extractor misses (say, inside a template literal) would show
    English on a Chinese page without failing anything else: each line holding one is read."""
    lines = {n + 1 for n, line in enumerate((catalogues.ROOT / name).read_text().splitlines())
             if CALL.search(line)}
    read = {line for m in _sources("djangojs") for where, line in m.locations
            if where == name}
    # Babel gives a call that runs over several lines the line its arguments end on.
    assert {n for n in lines if not read & {n, n + 1, n + 2}} == set()


LITERAL = r'"((?:[^"\\\n]|\\.)*)"'
MESSAGE = re.compile(r"\b(?:gettext|ngettext|gettext_noop)\(\s*" + LITERAL)
CONTEXT_MESSAGE = re.compile(r"\b(?:pgettext|npgettext)\(\s*" + LITERAL + r"\s*,\s*" + LITERAL)


@pytest.mark.parametrize("name", catalogues.JAVASCRIPT)
def test_every_message_a_script_asks_for_is_in_the_catalogue(name):
    """By the message, not the line: a call inside another call's arguments on the same line
    (which Babel's extractor skips) is caught too."""
    text = (catalogues.ROOT / name).read_text()
    asked = {m.group(1) for m in MESSAGE.finditer(text)}
    asked |= {m.group(2) for m in CONTEXT_MESSAGE.finditer(text)}
    have = {m.id[0] if isinstance(m.id, tuple) else m.id
            for m in _sources("djangojs")}
    assert {a for a in asked if "\\" not in a} - have == set()


def test_the_reasons_the_server_gives_the_page_are_in_the_scripts_catalogue():
    """The table page's config carries English reasons (no hints, no ready indicator, no free
    text); the browser shows them through the djangojs catalogue (static/js/i18n.js)."""
    from types import SimpleNamespace

    from games.services import frames, hints, talk

    have = {m.id for m in _sources("djangojs")}
    for tournament, rated, private in [(True, False, False), (False, True, False),
                                       (False, False, False)]:
        game = SimpleNamespace(tournament=tournament, rated=rated, private=private)
        for reason in (hints.hints_off(game), frames.ready_off(game), talk.free_text_off(game)):
            assert reason is None or reason in have, reason
