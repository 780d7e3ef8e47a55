"""docs/i18n.md, issue 42 item 1: the language chooser is remembered with the account. A choice
made while signed in is kept on the profile; logging in from another browser (no cookie, an
English Accept-Language) opens the site in that language; a visitor's choice stays in the cookie
alone, and a language the site lacks changes nothing."""

from __future__ import annotations

import pytest
from django.conf import settings

from games.models import Profile
from games.services import profiles

COOKIE = settings.LANGUAGE_COOKIE_NAME


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", password="pw-alice-123")


def test_a_choice_made_signed_in_is_kept_and_follows_the_person_to_another_browser(client, alice):
    client.force_login(alice)
    chosen = client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/lobby/"})
    assert chosen.status_code == 302 and chosen.cookies[COOKIE].value == "zh-hant"
    assert profiles.site_language(alice) == "zh-hant"

    elsewhere = type(client)(HTTP_ACCEPT_LANGUAGE="en")
    assert 'lang="en"' in elsewhere.get("/accounts/login/").content.decode()
    logged_in = elsewhere.post("/accounts/login/?next=/lobby/",
                               {"username": "alice", "password": "pw-alice-123"})
    assert logged_in.status_code == 302
    assert logged_in.cookies[COOKIE].value == "zh-hant"
    assert 'lang="zh-Hant"' in elsewhere.get("/lobby/").content.decode()


def test_a_visitors_choice_stays_in_the_cookie_and_a_bad_language_changes_nothing(client, alice):
    visitor = client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    assert visitor.cookies[COOKIE].value == "zh-hans"
    assert not Profile.objects.exclude(site_language="").exists()

    client.force_login(alice)
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    refused = client.post("/i18n/setlang/", {"language": "klingon", "next": "/"})
    assert refused.status_code == 302 and COOKIE not in refused.cookies
    assert profiles.site_language(alice) == "zh-hans"


def test_an_account_that_never_chose_keeps_the_browsers_language(client, alice):
    client.cookies[COOKIE] = "zh-hans"
    logged_in = client.post("/accounts/login/?next=/lobby/",
                            {"username": "alice", "password": "pw-alice-123"})
    assert logged_in.status_code == 302 and COOKIE not in logged_in.cookies
    assert 'lang="zh-Hans"' in client.get("/lobby/").content.decode()
