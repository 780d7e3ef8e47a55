from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    # set_language (POST, /i18n/setlang/): the header's language chooser; `next` keeps the page.
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("games.urls")),
]
