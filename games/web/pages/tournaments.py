"""Public tournament pages: the list, a tournament (rounds, tables, standings, chart), a small
JSON of table status the page polls, registration, check-in and the printable slips. The CSV
files are tournament_exports.py's; the rounds as shown, tournament_rounds.py's."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_POST

from games.models import FINISHED, PLAYING, Table, TableSeat, Tournament
from games.services import ServiceError, standings
from games.services import tournaments as service
from games.tournaments.chart import bump_chart
from games.web import refusals
from games.web.pages.tournament_rounds import (
    WINDS,
    player_name,
    public_viewer,
    rounds,
    table_status,
)


def tournament_list(request):
    tournaments = Tournament.objects.prefetch_related("entries", "round_set")
    return render(request, "games/tournament_list.html", {"tournaments": tournaments})


def _chart(t: Tournament, now, public: bool = True) -> tuple[str, list[dict]]:
    """The places after each shown round, for the chart and its table (`now`: the standings)."""
    shown = now.rounds
    if not shown:
        return "", []
    after = {}
    for n in shown:
        rows = standings.compute_standings(t, public=public, upto=n).rows
        after[n] = {r.entry.pk: r.rank for r in rows}
    ranked = standings.played(now)  # who has played no table yet has no line to draw
    names = [r.name for r in ranked]
    places = [[after[n][r.entry.pk] for n in shown] for r in ranked]
    table = [{"name": name, "places": p} for name, p in zip(names, places)]
    return bump_chart(names, places, shown, title=gettext("Places after each round"),
                      axis=pgettext("chart axis", "R%(n)s")), table


def tournament_detail(request, tournament_id: int):
    t = get_object_or_404(Tournament, pk=tournament_id)
    public = public_viewer(request)
    table = standings.compute_standings(t, public=public)
    chart, chart_rows = _chart(t, table, public)
    entry = None
    if request.user.is_authenticated:
        entry = t.entries.filter(user=request.user).first()
    final = t.status == FINISHED and bool(table.rounds)
    context = {
        "t": t,
        "rounds": rounds(t, set(table.rounds), entry, staff=not public),
        "standings": table,
        "ranked": standings.played(table),  # the ranking the CSV exports have too
        "not_yet_played": standings.not_yet_played(table),
        "final": final,
        "winners": _winners(table) if final else [],
        "penalties": standings.penalties_counted(t, table.rounds),
        "check_in": _check_in_state(t, entry),
        "chart": mark_safe(chart),  # built from escaped names only
        "chart_rows": chart_rows,
        "entry": entry,
        "entries": t.entries.select_related("user").filter(withdrawn=False),
        "points": t.table_points.replace(",", " / "),
        "poll": poll_ms(t, list(t.round_set.values_list("status", flat=True))),
    }
    return render(request, "games/tournament_detail.html", context)


def _check_in_state(t: Tournament, entry) -> dict | None:
    """What the page says about check-in for the next round, when the tournament uses it."""
    if not t.check_in or t.status == FINISHED:
        return None
    number = service.next_round_number(t)
    if number > t.rounds:
        return None
    return {
        "round": number,
        "can": entry is not None and not entry.withdrawn,
        "done": service.is_checked_in(t, entry),
        "count": t.entries.filter(withdrawn=False, checked_in_for=number).count(),
    }


def _winners(standings) -> list[str]:
    """Everyone placed first: players tied on every count share the win."""
    return [r.name for r in standings.rows if r.rank == 1 and r.games]


# How often the page asks for status.json: while a round is played its tables' badges follow
# their games; between rounds only the next round's start is to be noticed; once the
# tournament is over nothing changes, and the page stops asking.
POLL_PLAYING_MS = 5_000
POLL_BETWEEN_ROUNDS_MS = 30_000


def poll_ms(t: Tournament, statuses: list[str]) -> int | None:
    """The page's next poll in milliseconds, or None: stop (`statuses`: its rounds')."""
    if t.status == FINISHED:
        return None
    return POLL_PLAYING_MS if PLAYING in statuses else POLL_BETWEEN_ROUNDS_MS


def tournament_status(request, tournament_id: int):
    """What the page polls: each table's status and move count, a key that changes when a
    round starts or ends (the page then reloads to show new tables or standings), and when to
    ask again (`poll`, milliseconds; null once the tournament is over)."""
    t = get_object_or_404(Tournament, pk=tournament_id)
    tables = Table.objects.filter(round__tournament=t).select_related("game", "round")
    numbers = list(t.round_set.values_list("number", "status"))
    return JsonResponse({
        "key": f"{t.status}|{numbers}",
        "poll": poll_ms(t, [status for _, status in numbers]),
        "tables": {
            str(x.pk): {"status": table_status(x.game, x.round.is_seated),
                        "moves": x.game.version if x.game else 0}
            for x in tables
        },
    })


@require_POST
@login_required
def tournament_register(request, tournament_id: int):
    try:
        service.register(tournament_id, request.user)
    except ServiceError as exc:
        messages.error(request, refusals.reason(exc))
    else:
        messages.success(request, gettext("You are registered. Good luck!"))
    return redirect("tournament", tournament_id)


@require_POST
@login_required
def tournament_withdraw(request, tournament_id: int):
    t = get_object_or_404(Tournament, pk=tournament_id)
    entry = t.entries.filter(user=request.user, withdrawn=False).first()
    if entry is None:
        messages.error(request, gettext("You are not registered."))
    elif t.round_set.exists():
        messages.error(request, gettext("The tournament has started: ask the organiser to "
                                        "withdraw you."))
    else:
        service.withdraw(entry.pk)
        messages.success(request, gettext("You have withdrawn."))
    return redirect("tournament", tournament_id)


@require_POST
@login_required
def tournament_check_in(request, tournament_id: int):
    t = get_object_or_404(Tournament, pk=tournament_id)
    entry = t.entries.filter(user=request.user).first()
    if entry is None:
        messages.error(request, gettext("You are not registered."))
        return redirect("tournament", tournament_id)
    try:
        entry = service.check_in(entry.pk)
    except ServiceError as exc:
        messages.error(request, refusals.reason(exc))
    else:
        messages.success(request, gettext("You are checked in for round %(number)s.")
                         % {"number": entry.checked_in_for})
    return redirect("tournament", tournament_id)


def tournament_slips(request, tournament_id: int):
    """Printable seating (players by name) and one slip per table for the latest round, to fill
    in by hand at a hybrid event. No scores: only who sits where."""
    t = get_object_or_404(Tournament, pk=tournament_id)
    rnd = t.round_set.order_by("-number").first()
    tables, seating = [], []
    if rnd is not None:
        places = TableSeat.objects.filter(table__round=rnd).select_related(
            "table", "entry__user", "stood_in_for__user").order_by("table__number", "wind")
        by_table: dict[int, dict] = {}
        for p in places:
            name = player_name(p)
            row = by_table.setdefault(p.table.number, {"number": p.table.number, "places": []})
            row["places"].append({"wind": WINDS[p.wind], "name": name})
            if p.entry or p.stood_in_for:  # a bot standing in for someone is theirs to find
                seating.append({"name": name, "table": p.table.number, "wind": WINDS[p.wind]})
        tables = [by_table[n] for n in sorted(by_table)]
        seating.sort(key=lambda s: s["name"].casefold())
    return render(request, "games/tournament_slips.html", {
        "t": t, "rnd": rnd, "tables": tables, "seating": seating,
        "points": t.table_points.replace(",", " / "),
    })
