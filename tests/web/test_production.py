"""`make run` defaults: DEBUG off, a secret key generated once and kept, friendly error pages,
static files still served."""

import stat

import pytest
from django.test import Client, RequestFactory
from django.views.defaults import server_error

from mahjong_site.env import secret_key


def test_secret_key_is_generated_once_and_kept_private(tmp_path, monkeypatch):
    monkeypatch.delenv("DJANGO_SECRET_KEY", raising=False)
    path = tmp_path / ".secret_key"
    first = secret_key("DJANGO_SECRET_KEY", path)
    assert len(first) >= 50 and secret_key("DJANGO_SECRET_KEY", path) == first
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    monkeypatch.setenv("DJANGO_SECRET_KEY", "from-the-environment")
    assert secret_key("DJANGO_SECRET_KEY", path) == "from-the-environment"


def test_debug_is_off_unless_asked(monkeypatch):
    import importlib

    import mahjong_site.settings as site_settings

    monkeypatch.delenv("DJANGO_DEBUG", raising=False)
    assert importlib.reload(site_settings).DEBUG is False
    monkeypatch.setenv("DJANGO_DEBUG", "1")
    assert importlib.reload(site_settings).DEBUG is True
    monkeypatch.delenv("DJANGO_DEBUG")
    importlib.reload(site_settings)


@pytest.mark.django_db
def test_missing_page_is_friendly(settings):
    settings.DEBUG = False
    response = Client().get("/game/999999/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "Nothing here" in text and 'href="/lobby/"' in text and "Traceback" not in text


def test_server_error_page_is_friendly():
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "nothing is\n    lost" in response.content.decode()


@pytest.mark.django_db
def test_static_files_are_served_with_debug_off(settings):
    settings.DEBUG = False
    response = Client().get("/static/css/site.css")
    assert response.status_code == 200
    assert b"".join(response.streaming_content)
