"""`{{ name|player_url }}`: the page of any stored name, however it is written.

Names come from accounts and from imported records; a record's name may hold a `/` or be just
dots, which no path segment can carry (the `str` converter stops at `/`, browsers fold `..`).
Such names go in the query string of /u/ instead."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django import template
from django.urls import reverse

register = template.Library()

_SEGMENT = re.compile(r"(?!\.{1,2}$)[^/]+")


@register.filter
def player_url(name: str) -> str:
    name = str(name)
    if _SEGMENT.fullmatch(name):
        return reverse("player", args=[name])
    return reverse("player_by_query") + "?" + urlencode({"name": name})
