"""The routes answered by page processes (mahjong_site/pages.py) name routes that exist, and
only reads among them (GET and HEAD), but for the import of a record."""

from __future__ import annotations

from django.urls import get_resolver

from mahjong_site import pages


def _names(resolver) -> set[str]:
    names = set()
    for p in resolver.url_patterns:
        names |= _names(p) if hasattr(p, "url_patterns") else ({p.name} if p.name else set())
    return names


def test_every_route_sent_to_page_processes_exists():
    assert (pages.ROUTES | pages.POSTS) - _names(get_resolver()) == set()


def test_only_reads_and_the_import_go_to_page_processes():
    assert pages.POSTS == {"game_import"}
    get = {"type": "http", "method": "GET", "path": "/games/"}
    assert pages.route_of(get) == "history"
    assert pages.route_of({**get, "method": "POST"}) is None  # a write stays with the tables
    assert pages.route_of({**get, "path": "/game/1/"}) is None  # the table itself stays
    assert pages.route_of({**get, "path": "/no/such/page/"}) is None
    assert pages.route_of({**get, "method": "POST", "path": "/games/import/"}) == "game_import"
