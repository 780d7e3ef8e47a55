"""A person's own account (docs/people.md): their profile (bio, country, languages, picture),
and their talk at the tables, to download or to delete. Every change goes through the services."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext, ngettext
from django.views.decorators.http import require_POST

from games.engine.hand_names import tile_name
from games.services import profiles, talk
from games.services.errors import ServiceError
from games.web import refusals


@login_required
def profile(request):
    """The profile form: shown, or posted and saved (every field checked, none saved on a
    refusal, which the page states)."""
    current = profiles.current(request.user)
    status = 200
    if request.method == "POST":
        try:
            profiles.update(request.user, bio=request.POST.get("bio", ""),
                            country=request.POST.get("country", ""),
                            languages_spoken=request.POST.getlist("languages"),
                            picture=request.POST.get("picture", ""))
        except ServiceError as exc:
            messages.error(request, refusals.reason(exc))
            status = 400
            current.bio = request.POST.get("bio", "")[:profiles.BIO_MAX]
        else:
            messages.success(request, gettext("Your profile is saved."))
            return redirect("profile")
    language = get_language()
    return render(request, "games/profile_edit.html", {
        "profile": current, "countries": profiles.countries(language),
        "languages": profiles.languages(language),
        # Each picture named for screen readers, in the page's language.
        "pictures": [(code, tile_name(code, language)) for code in profiles.PICTURES],
        "bio_max": profiles.BIO_MAX,
        "languages_max": profiles.LANGUAGES_MAX,
    }, status=status)


@login_required
def talk_export(request):
    """Everything the person said at the tables, as a JSON file."""
    body = json.dumps(talk.history(request.user), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (f'attachment; filename="talk-{request.user.pk}.json"')
    return response


@login_required
@require_POST
def talk_delete(request):
    if request.POST.get("confirm") != "yes":
        messages.error(request, gettext("Tick the box to confirm: deleted lines cannot come back."))
        return redirect("profile")
    count = talk.forget(request.user)
    messages.success(request, ngettext("%(n)s line of your talk deleted.",
                                       "%(n)s lines of your talk deleted.", count) % {"n": count})
    return redirect("profile")
