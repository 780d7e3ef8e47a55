"""Public tournament pages: the list, a tournament (rounds, tables, standings, chart), the CSV
of results, a small JSON of table status the page polls, and registration."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from games.models import ACTIVE, FINISHED, Table, TableSeat, Tournament
from games.services import ServiceError
from games.services import tournaments as service
from games.tournaments.chart import bump_chart

WINDS = ("East", "South", "West", "North")


def replay_url(game_id: int) -> str:
    try:
        return reverse("game_replay", args=[game_id])
    except NoReverseMatch:  # the replay page lives in its own module; its path is fixed
        return f"/game/{game_id}/replay/"


def tournament_list(request):
    tournaments = Tournament.objects.prefetch_related("entries", "round_set")
    return render(request, "games/tournament_list.html", {"tournaments": tournaments})


def _status(game) -> str:
    if game is None:
        return "waiting"
    return {ACTIVE: "live", FINISHED: "finished"}.get(game.status, game.status)


def _rounds(t: Tournament, shown: set[int], me=None) -> list[dict]:
    out = []
    tables = Table.objects.filter(round__tournament=t).select_related("game", "round")
    places = TableSeat.objects.filter(table__round__tournament=t).select_related("entry__user")
    by_table: dict[int, list] = {}
    for p in places:
        by_table.setdefault(p.table_id, []).append(p)
    for rnd in t.round_set.order_by("number"):
        visible = rnd.number in shown
        rows = []
        for table in [x for x in tables if x.round_id == rnd.pk]:
            status = _status(table.game)
            seated = by_table.get(table.pk, [])
            rows.append({
                "mine": me is not None and any(p.entry_id == me.pk for p in seated),
                "table": table,
                "status": status,
                "places": [
                    {"wind": WINDS[p.wind], "name": p.entry.user.username if p.entry else "Bot",
                     "place": p.place if visible else None,
                     "score": p.score if visible else None,
                     "table_points": p.table_points if visible else None}
                    for p in sorted(seated, key=lambda p: p.wind)
                ],
                "watch": reverse("table", args=[table.game_id]) if status == "live" else None,
                # A replay shows every score: with hidden scores, only once the round is over.
                "replay": replay_url(table.game_id) if status == "finished" and visible else None,
            })
        out.append({"round": rnd, "visible": visible, "tables": rows})
    return out


def _chart(t: Tournament, standings, public: bool = True) -> tuple[str, list[dict]]:
    """The places after each shown round, for the chart and its table."""
    rounds = standings.rounds
    if not rounds:
        return "", []
    after = {}
    for k in range(1, len(rounds) + 1):
        rows = service.compute_standings(t, public=public, upto=rounds[k - 1]).rows
        after[rounds[k - 1]] = {r.entry.pk: r.rank for r in rows}
    names = [r.name for r in standings.rows]
    places = [[after[n][r.entry.pk] for n in rounds] for r in standings.rows]
    table = [{"name": name, "places": p} for name, p in zip(names, places)]
    return bump_chart(names, places, rounds), table


def _public(request) -> bool:
    """Hidden scores stay hidden from everyone but staff (as on every page: games/hidden.py)."""
    return not (request.user.is_authenticated and request.user.is_staff)


def tournament_detail(request, tournament_id: int):
    t = get_object_or_404(Tournament, pk=tournament_id)
    public = _public(request)
    standings = service.compute_standings(t, public=public)
    chart, chart_rows = _chart(t, standings, public)
    entry = None
    if request.user.is_authenticated:
        entry = t.entries.filter(user=request.user).first()
    final = t.status == FINISHED and bool(standings.rounds)
    context = {
        "t": t,
        "rounds": _rounds(t, set(standings.rounds), entry),
        "standings": standings,
        "final": final,
        "winners": _winners(standings) if final else [],
        "chart": mark_safe(chart),  # built from escaped names only
        "chart_rows": chart_rows,
        "entry": entry,
        "entries": t.entries.select_related("user").filter(withdrawn=False),
        "points": t.table_points.replace(",", " / "),
    }
    return render(request, "games/tournament_detail.html", context)


def _winners(standings) -> list[str]:
    """Everyone placed first: players tied on every count share the win."""
    return [r.name for r in standings.rows if r.rank == 1 and r.games]


def tournament_status(request, tournament_id: int):
    """What the page polls: each table's status and move count, and a key that changes when a
    round starts or ends (the page then reloads to show new tables or standings)."""
    t = get_object_or_404(Tournament, pk=tournament_id)
    tables = Table.objects.filter(round__tournament=t).select_related("game")
    rounds = list(t.round_set.values_list("number", "status"))
    return JsonResponse({
        "key": f"{t.status}|{rounds}",
        "tables": {
            str(x.pk): {"status": _status(x.game), "moves": x.game.version if x.game else 0}
            for x in tables
        },
    })


def tournament_csv(request, tournament_id: int):
    t = get_object_or_404(Tournament, pk=tournament_id)
    shown = service.visible_rounds(t, public=_public(request))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{t.pk}-results.csv"'
    out = csv.writer(response)
    out.writerow(["round", "table", "game", "wind", "player", "place", "score", "table_points"])
    places = TableSeat.objects.filter(
        table__round__tournament=t, table__round__number__in=shown
    ).select_related("table__round", "entry__user").order_by(
        "table__round__number", "table__number", "wind"
    )
    for p in places:
        out.writerow(csv_cells([
            p.table.round.number, p.table.number, p.table.game_id, WINDS[p.wind],
            p.entry.user.username if p.entry else "Bot", p.place, p.score,
            "" if p.table_points is None else _number(p.table_points),
        ]))
    return response


# A spreadsheet runs a cell starting with one of these as a formula (OWASP, CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    """Text that a spreadsheet would read as a formula gets a leading quote; numbers (negative
    points too) are not text and stay numbers."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def csv_cells(values: list) -> list:
    return [csv_cell(v) for v in values]


def _number(value: float) -> int | float:
    """4.0 -> 4, 2.5 -> 2.5, 2.333333 -> 2.33333: a number, written as before."""
    return int(value) if value == int(value) else float(f"{value:g}")


@require_POST
@login_required
def tournament_register(request, tournament_id: int):
    try:
        service.register(tournament_id, request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "You are registered. Good luck!")
    return redirect("tournament", tournament_id)


@require_POST
@login_required
def tournament_withdraw(request, tournament_id: int):
    t = get_object_or_404(Tournament, pk=tournament_id)
    entry = t.entries.filter(user=request.user, withdrawn=False).first()
    if entry is None:
        messages.error(request, "You are not registered.")
    elif t.round_set.exists():
        messages.error(request, "The tournament has started: ask the organiser to withdraw you.")
    else:
        service.withdraw(entry.pk)
        messages.success(request, "You have withdrawn.")
    return redirect("tournament", tournament_id)
