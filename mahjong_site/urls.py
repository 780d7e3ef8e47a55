from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from games.web import languages

urlpatterns = [
    path("admin/", admin.site.urls),
    # set_language (POST, /i18n/setlang/): the header's language chooser; `next` keeps the page,
    # and a signed-in person's choice is kept with their account (games/web/languages.py).
    path("i18n/setlang/", languages.set_language, name="set_language"),
    # The browser's words (the djangojs catalogue) in the request's language: loaded by the
    # Chinese table page before its modules (static/js/i18n.js, docs/i18n.md).
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("", include("games.urls")),
]
