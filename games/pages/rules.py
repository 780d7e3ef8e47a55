"""The rules page (/rules/): each ruleset's rules in plain words with tile pictures."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def page(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules.html", {})
