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

from games import clock
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


def _player(place: TableSeat) -> str:
    return place.entry.user.username if place.entry else "Bot"


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
                    {"wind": WINDS[p.wind], "name": _player(p),
                     "place": p.place if visible else None,
                     "score": p.score if visible else None,
                     "table_points": p.table_points if visible else None}
                    for p in sorted(seated, key=lambda p: p.wind)
                ],
                "watch": reverse("table", args=[table.game_id]) if status == "live" else None,
                # A replay shows every score: with hidden scores, only once the round is over.
                "replay": replay_url(table.game_id) if status == "finished" and visible else None,
            })
        out.append({"round": rnd, "visible": visible, "tables": rows, "clock": _time_left(rnd)})
    return out


def _time_left(rnd) -> dict | None:
    """A playing round's time limit: when it ends and the minutes left, or that time is up."""
    if rnd.is_finished or rnd.deadline is None:
        return None
    seconds = max(0, int((rnd.deadline - clock.now()).total_seconds()))
    return {"deadline": rnd.deadline, "minutes": (seconds + 59) // 60, "seconds": seconds,
            "called": rnd.time_called is not None or seconds == 0}


def _chart(t: Tournament, standings, public: bool = True) -> tuple[str, list[dict]]:
    """The places after each shown round, for the chart and its table."""
    rounds = standings.rounds
    if not rounds:
        return "", []
    after = {}
    for n in rounds:
        rows = service.compute_standings(t, public=public, upto=n).rows
        after[n] = {r.entry.pk: r.rank for r in rows}
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
        "penalties": service.penalties_counted(t, standings.rounds),
        "check_in": _check_in_state(t, entry),
        "chart": mark_safe(chart),  # built from escaped names only
        "chart_rows": chart_rows,
        "entry": entry,
        "entries": t.entries.select_related("user").filter(withdrawn=False),
        "points": t.table_points.replace(",", " / "),
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


def _csv_response(t: Tournament, kind: str) -> tuple[HttpResponse, object]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{t.pk}-{kind}.csv"'
    return response, csv.writer(response)


def tournament_csv(request, tournament_id: int):
    t = get_object_or_404(Tournament, pk=tournament_id)
    shown = service.visible_rounds(t, public=_public(request))
    response, out = _csv_response(t, "results")
    out.writerow(["round", "table", "game", "wind", "player", "place", "score", "table_points"])
    places = TableSeat.objects.filter(
        table__round__tournament=t, table__round__number__in=shown
    ).select_related("table__round", "entry__user").order_by(
        "table__round__number", "table__number", "wind"
    )
    for p in places:
        out.writerow(csv_cells([
            p.table.round.number, p.table.number, p.table.game_id, WINDS[p.wind],
            _player(p), p.place, p.score,
            "" if p.table_points is None else _number(p.table_points),
        ]))
    return response


def standings_csv(request, tournament_id: int):
    """One line per player who played: rank, name, table points, score, rounds played."""
    t = get_object_or_404(Tournament, pk=tournament_id)
    response, out = _csv_response(t, "standings")
    out.writerow(["rank", "player", "table_points", "score", "rounds_played"])
    for r in service.ranking(t, public=_public(request)):
        out.writerow(csv_cells([r.rank, r.name, _number(round(r.table_points, 6)), r.score, r.games]))
    return response


def mers_csv(request, tournament_id: int):
    """A MERS-style export: rank, name, table points, score and 1000 x (N - rank) / (N - 1)."""
    t = get_object_or_404(Tournament, pk=tournament_id)
    response, out = _csv_response(t, "mers")
    rows = service.ranking(t, public=_public(request))
    out.writerow(["rank", "player", "table_points", "score", "mers_points"])
    for r in rows:
        out.writerow(csv_cells([
            r.rank, r.name, _number(round(r.table_points, 6)), r.score,
            _number(service.mers_points(r.rank, len(rows))),
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


@require_POST
@login_required
def tournament_check_in(request, tournament_id: int):
    t = get_object_or_404(Tournament, pk=tournament_id)
    entry = t.entries.filter(user=request.user).first()
    if entry is None:
        messages.error(request, "You are not registered.")
        return redirect("tournament", tournament_id)
    try:
        entry = service.check_in(entry.pk)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"You are checked in for round {entry.checked_in_for}.")
    return redirect("tournament", tournament_id)


def tournament_slips(request, tournament_id: int):
    """Printable seating (players by name) and one slip per table for the latest round, to fill
    in by hand at a hybrid event. No scores: only who sits where."""
    t = get_object_or_404(Tournament, pk=tournament_id)
    rnd = t.round_set.order_by("-number").first()
    tables, seating = [], []
    if rnd is not None:
        places = TableSeat.objects.filter(table__round=rnd).select_related(
            "table", "entry__user").order_by("table__number", "wind")
        by_table: dict[int, dict] = {}
        for p in places:
            name = _player(p)
            row = by_table.setdefault(p.table.number, {"number": p.table.number, "places": []})
            row["places"].append({"wind": WINDS[p.wind], "name": name})
            if p.entry:
                seating.append({"name": name, "table": p.table.number, "wind": WINDS[p.wind]})
        tables = [by_table[n] for n in sorted(by_table)]
        seating.sort(key=lambda s: s["name"].casefold())
    return render(request, "games/tournament_slips.html", {
        "t": t, "rnd": rnd, "tables": tables, "seating": seating,
        "points": t.table_points.replace(",", " / "),
    })
