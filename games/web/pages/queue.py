"""Finding a game: the queue's page (/queue/) and what it posts. Joining comes from the lobby's
"Find a rated game" / "Find a casual game" (or this page's own form); the page then asks every few
seconds (`poll`), which keeps the person in the queue, and goes to the table once they are seated.
Leaving the page says goodbye (`leave`, sent as a beacon); a page that cannot is dropped once its
entry goes stale (services/queue.py)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from games.access.accounts import ensure_user, is_guest
from games.engine import hand_names
from games.engine.ruleset import PLAYABLE
from games.services import ServiceError
from games.services import queue as waiting
from games.web import refusals
from games.web.forms import QueueForm

GO_AFTER_MS = 1500  # once seated: the page chimes and shows the table's number, then goes there
MEMBERS_ONLY = _("Rated games are for members: log in or sign up (a guest keeps their games).")


def _table_url(game_id: int | None) -> str | None:
    return reverse("table", args=[game_id]) if game_id else None


def queue_counts() -> list[dict]:
    """The rulesets someone waits for now: rated and casual (for the lobby and this page)."""
    found = waiting.counts()
    language = get_language()
    rows = [{"ruleset": n, "title": hand_names.ruleset_title(n, language),
             "rated": found.get((n, True), 0),
             "casual": found.get((n, False), 0)} for n in PLAYABLE]
    return [r for r in rows if r["rated"] or r["casual"]]


def page(request):
    status = waiting.status(request.user)  # "none" for a visitor too
    if status.state == "none":
        status = None
    config = {"poll": reverse("queue_poll"), "leave": reverse("queue_leave"),
              "every": waiting.POLL_SECONDS * 1000, "go_after": GO_AFTER_MS,
              "csrf": get_token(request), "chime": static("sounds/chime.wav"),
              "status": status.to_json() if status else None,
              "table": _table_url(status.game_id) if status else None}
    return render(request, "games/queue.html", {
        "status": status, "queue_form": QueueForm(prefix="queue"), "config": config, "counts": queue_counts(),
        "member": request.user.is_authenticated and not is_guest(request.user),
        "bot_waits": waiting.BOT_WAITS, "rated_clock": waiting.RATED_CLOCK,
    })


@require_POST
def join(request):
    form = QueueForm(request.POST, prefix="queue")
    if not form.is_valid():
        messages.error(request, gettext("Choose a ruleset, then a rated or a casual game."))
        return redirect("queue")
    data = form.cleaned_data
    if form.rated and (not request.user.is_authenticated or is_guest(request.user)):
        messages.error(request, MEMBERS_ONLY)
        return redirect("queue")
    user = ensure_user(request)  # a casual game: as a guest if need be
    try:
        status = waiting.join(user, data["ruleset"], rated=form.rated,
                              bots=data.get("bots") or "never")
    except ServiceError as exc:
        messages.error(request, refusals.reason(exc))
        return redirect("queue")
    if status.state == "seated":  # the fourth: the page still chimes, then goes to the table
        messages.info(request, gettext("Three others were waiting: your table is ready."))
    return redirect("queue")


@require_POST
def poll(request):
    status = waiting.poll(request.user)
    return JsonResponse({**status.to_json(), "url": _table_url(status.game_id)})


@require_POST
def leave(request):
    """The leave button, or the page's goodbye as it closes (a beacon: answered 204)."""
    left = waiting.leave(request.user)
    if request.POST.get("beacon"):
        return HttpResponse(status=204)
    if left:
        messages.info(request, gettext("You left the queue."))
    return redirect("lobby")
