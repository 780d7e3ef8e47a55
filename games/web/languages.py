"""The language chooser remembered with the account (docs/i18n.md): a choice made while signed
in is kept on the person's profile, and logging in from another browser sets that browser's
language cookie to it. Anonymous visitors and guests keep the cookie alone, as before."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from games.services import profiles

# Set on the request that logged someone in: the language their account chose.
CHOSEN = "account_language"


@require_POST
def set_language(request):
    """Django's set_language (the cookie, `next` kept), and the account's choice kept too."""
    response = django_set_language(request)
    code = request.POST.get("language", "")
    if request.user.is_authenticated and code in dict(settings.LANGUAGES):
        profiles.set_site_language(request.user, code)
    return response


def remember_on_login(sender, request, user, **kwargs) -> None:
    code = profiles.site_language(user)
    if code and request is not None:
        setattr(request, CHOSEN, code)


class AccountLanguageMiddleware:
    """The response to a log-in carries the account's language as the language cookie."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        code = getattr(request, CHOSEN, None)
        if code:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME, code, max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH, domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE, httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE)
        return response


user_logged_in.connect(remember_on_login, dispatch_uid="games.web.languages")
