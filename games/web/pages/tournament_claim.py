"""A named player's claim link (/tournaments/<id>/claim/<code>/): GET shows whose place it is
and a button, POST claims it (services/claims.py). A bad code is a 404, a refused claim a 400,
each with a line that says why."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.services import ServiceError, claims

# A refusal's HTTP status; any other is 400. Not logged in yet: the page offers the log in.
STATUS = {"bad_claim_code": 404, "not_logged_in": 200, "claimed_by_you": 200}
# The refusals as the page says them, in its reader's language (by code; services/claims.py).
WORDS = {
    "bad_claim_code": _("There is no such claim link: check it with the organiser."),
    "claimed_by_you": _("You have claimed this place already."),
    "claim_used": _("This claim link has been used already."),
    "not_logged_in": _("Log in to claim your place."),
    "guest": _("A guest cannot claim a tournament place: sign up first (a guest keeps their "
               "games), then open the link again."),
}


def tournament_claim(request, tournament_id: int, code: str):
    try:
        entry = claims.claimable(tournament_id, code)
    except ServiceError as exc:
        return _page(request, None, exc)
    if request.method == "POST":
        try:
            claims.claim_entry(tournament_id, code, request.user)
        except ServiceError as exc:
            return _page(request, entry, exc)
        messages.success(request, gettext("You now play as %(name)s in %(tournament)s.")
                         % {"name": entry.name, "tournament": entry.tournament})
        return redirect("tournament", tournament_id)
    refused = claims.refusal(entry, request.user)
    return _page(request, entry, refused)


def refused_words(entry, refused: ServiceError | None) -> str:
    if refused is None:
        return ""
    if refused.code == "already_entered" and entry is not None:
        return gettext("You have a place in %(tournament)s already: ask the organiser if this "
                       "one is yours too.") % {"tournament": entry.tournament}
    return str(WORDS.get(refused.code, refused.message))


def _page(request, entry, refused: ServiceError | None):
    status = 200 if refused is None else STATUS.get(refused.code, 400)
    return render(request, "games/tournament_claim.html", {
        "entry": entry, "refused": refused, "refused_words": refused_words(entry, refused),
        "login": refused is not None and refused.code == "not_logged_in",
    }, status=status)
