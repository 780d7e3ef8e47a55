"""A game's record: export it (once the game is over) and import one through a form."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext

from games.access import policy
from games.models import Game
from games.web import reasons, refusals
from games.web.forms import ImportRecordForm
from games.web.records import ImportRefused, import_text, record_for


def record(request, game_id: int):
    """The full record with the seed once the game is over; nothing before (404)."""
    game = get_object_or_404(Game, pk=game_id)
    refused = policy.refuse_or_none(request, game, policy.Seeing.RECORD)
    if refused is not None:
        return refused
    response = JsonResponse(record_for(game), json_dumps_params={"indent": 1})
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="mahjong-game-{game.pk}.json"'
    return response


@login_required
def import_view(request):
    form = ImportRecordForm(request.POST or None, request.FILES or None)
    reason = None
    if request.method == "POST" and form.is_valid():
        # Bounded before anything runs (engine/record.py): size, nesting, numbers, every
        # field and setting, then who imports, before the replay; a malformed record is a
        # reason, never a server error.
        try:
            game = import_text(form.record_text(), request.user)
        except ImportRefused as exc:
            # The site's own reasons (refusals.py), else the engine's (reasons.py).
            reason = refusals.said(exc.reason)
            if reason == exc.reason:
                reason = reasons.said(exc.reason)
        else:
            if game.import_verified:
                said = gettext("Record verified and saved as table %(number)s. It counts in "
                               "statistics now.")
            else:
                said = gettext("Record verified and saved as table %(number)s. It is listed as "
                               "imported, and counts in no statistics or rating until staff "
                               "verify it.")
            messages.success(request, said % {"number": game.pk})
            return redirect(_replay_or_table(game.pk))
    # A refused record or form is shown again with its reason, answered 400: nothing saved.
    status = 400 if request.method == "POST" else 200
    return render(request, "games/import.html", {"form": form, "reason": reason}, status=status)


def _replay_or_table(game_id: int) -> str:
    try:
        return reverse("game_replay", args=[game_id])
    except NoReverseMatch:
        return reverse("table", args=[game_id])
