"""A named player's claim link (/tournaments/<id>/claim/<code>/): GET shows whose place it is
and a button, POST claims it (services/claims.py). A bad code is a 404, a refused claim a 400,
each with a line that says why."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render

from games.services import ServiceError, claims

# A refusal's HTTP status; any other is 400. Not logged in yet: the page offers the log in.
STATUS = {"bad_claim_code": 404, "not_logged_in": 200, "claimed_by_you": 200}


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
        messages.success(request, f"You now play as {entry.name} in {entry.tournament}.")
        return redirect("tournament", tournament_id)
    refused = claims.refusal(entry, request.user)
    return _page(request, entry, refused)


def _page(request, entry, refused: ServiceError | None):
    status = 200 if refused is None else STATUS.get(refused.code, 400)
    return render(request, "games/tournament_claim.html", {
        "entry": entry, "refused": refused,
        "login": refused is not None and refused.code == "not_logged_in",
    }, status=status)
