"""`make run` defaults: DEBUG off, a secret key generated once and kept, friendly error pages,
static files still served. Issue 36 §5: a production environment passes `check --deploy`,
errors are logged with their tracebacks to stderr, and two processes starting at once agree on
the secret key."""

import os
import secrets
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.test import Client, RequestFactory
from django.views.defaults import server_error

from mahjong_site import env
from mahjong_site.env import secret_key

ROOT = Path(__file__).resolve().parents[2]
# What README's "Production" section asks a deployment behind a TLS proxy to set.
PRODUCTION = {
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "mahjong.example.org",
    "DJANGO_HTTPS": "1",
    "DJANGO_HSTS_INCLUDE_SUBDOMAINS": "1",
    "DJANGO_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO",
}


def _python(code: str, extra: dict, *args: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environ |= {"DJANGO_SETTINGS_MODULE": "mahjong_site.settings", **extra}
    return subprocess.run([sys.executable, *(["-c", code] if code else []), *args], cwd=ROOT,
                          env=environ, capture_output=True, text=True, timeout=120)


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


def test_secret_key_two_at_once_end_with_the_same_key(tmp_path, monkeypatch):
    """Both generate a key before either links its file: one wins, both return the winner's."""
    monkeypatch.delenv("DJANGO_SECRET_KEY", raising=False)
    path = tmp_path / ".secret_key"
    both_generated = threading.Barrier(2)
    generate = secrets.token_urlsafe

    def slow_token(n):
        key = generate(n)
        both_generated.wait(timeout=10)
        return key

    monkeypatch.setattr(env.secrets, "token_urlsafe", slow_token)
    keys = []
    threads = [threading.Thread(target=lambda: keys.append(secret_key("DJANGO_SECRET_KEY", path)))
               for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    assert len(keys) == 2 and keys[0] == keys[1] == path.read_text().strip()
    assert [p.name for p in tmp_path.iterdir()] == [".secret_key"]  # no temporary file left


def test_secret_key_processes_starting_at_once_agree(tmp_path):
    code = "import sys; from pathlib import Path; from mahjong_site.env import secret_key; " \
           "print(secret_key('DJANGO_SECRET_KEY', Path(sys.argv[1])))"
    environ = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    path = str(tmp_path / ".secret_key")
    procs = [subprocess.Popen([sys.executable, "-c", code, path], cwd=ROOT, env=environ,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(6)]
    outputs = [p.communicate(timeout=60) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in outputs]
    assert len({out.strip() for out, _ in outputs}) == 1


def test_testserver_is_not_a_default_host(monkeypatch):
    import importlib

    import mahjong_site.settings as site_settings

    monkeypatch.delenv("DJANGO_ALLOWED_HOSTS", raising=False)
    try:
        assert "testserver" not in importlib.reload(site_settings).ALLOWED_HOSTS
    finally:
        importlib.reload(site_settings)


def test_check_deploy_is_clean_in_production():
    done = _python("", PRODUCTION, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_https_settings_are_off_by_default_and_in_debug():
    code = ("import json, django; django.setup(); from django.conf import settings as s; "
            "print(json.dumps([s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
            "s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
            "s.SECURE_PROXY_SSL_HEADER]))")
    plain = _python(code, {})
    assert plain.stdout.strip() == "[false, false, false, 0, false, null]", plain.stderr
    on = _python(code, PRODUCTION)
    assert on.stdout.strip() == \
        '[true, true, true, 31536000, true, ["HTTP_X_FORWARDED_PROTO", "https"]]', on.stderr
    debug = _python(code, {**PRODUCTION, "DJANGO_DEBUG": "1"})
    assert debug.stdout.strip().startswith("[false, false, false, 0,"), debug.stderr


def test_request_errors_and_games_errors_reach_stderr_with_tracebacks():
    code = """
import logging, django
django.setup()
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils.log import log_response
try:
    1 / 0
except ZeroDivisionError as exc:
    log_response("Internal Server Error: %s", "/boom/", response=HttpResponse(status=500),
                 request=RequestFactory().get("/boom/"), exception=exc)
try:
    {}["missing"]
except KeyError:
    logging.getLogger("games.realtime.timers").exception("ticker failed")
log_response("Not Found: %s", "/nothing/", response=HttpResponse(status=404),
             request=RequestFactory().get("/nothing/"))
"""
    done = _python(code, PRODUCTION)
    assert done.returncode == 0, done.stderr
    err = done.stderr
    assert "ERROR django.request" in err and "Internal Server Error: /boom/" in err
    assert "ZeroDivisionError" in err and "ERROR games.realtime.timers" in err and "KeyError" in err
    assert err.count("Traceback") == 2
    assert "Not Found" not in err  # a 404 is an answer, not an error
