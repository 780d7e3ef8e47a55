"""A tournament's CSV files: every table's results, the standings, and a MERS-style export.
Hidden scores stay hidden from everyone but staff, as on the page."""

from __future__ import annotations

import csv

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import pgettext

from games.models import TableSeat, Tournament
from games.services import standings as service
from games.web.pages.tournament_rounds import WINDS, player_name, public_viewer


def _csv_response(t: Tournament, kind: str) -> tuple[HttpResponse, object]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{t.pk}-{kind}.csv"'
    return response, csv.writer(response)


def tournament_csv(request, tournament_id: int):
    t = get_object_or_404(Tournament, pk=tournament_id)
    shown = service.visible_rounds(t, public=public_viewer(request))
    response, out = _csv_response(t, "results")
    out.writerow([pgettext("csv", "round"), pgettext("csv", "table"), pgettext("csv", "game"),
                  pgettext("csv", "wind"), pgettext("csv", "player"), pgettext("csv", "place"),
                  pgettext("csv", "score"), pgettext("csv", "table_points")])
    places = TableSeat.objects.filter(
        table__round__tournament=t, table__round__number__in=shown
    ).select_related("table__round", "entry__user", "stood_in_for__user").order_by(
        "table__round__number", "table__number", "wind"
    )
    for p in places:
        out.writerow(csv_cells([
            p.table.round.number, p.table.number, p.table.game_id, WINDS[p.wind],
            player_name(p), p.place, p.score,
            "" if p.table_points is None else _number(p.table_points),
        ]))
    return response


def standings_csv(request, tournament_id: int):
    """One line per player who played: rank, name, table points, score, rounds played. The
    headers of this file and the results' are in the reader's language; the MERS export's stay
    the fixed English its importers read."""
    t = get_object_or_404(Tournament, pk=tournament_id)
    response, out = _csv_response(t, "standings")
    out.writerow([pgettext("csv", "rank"), pgettext("csv", "player"),
                  pgettext("csv", "table_points"), pgettext("csv", "score"),
                  pgettext("csv", "rounds_played")])
    for r in service.ranking(t, public=public_viewer(request)):
        out.writerow(csv_cells([r.rank, r.name, _number(round(r.table_points, 6)), r.score, r.games]))
    return response


def mers_csv(request, tournament_id: int):
    """A MERS-style export: rank, name, table points, score and 1000 x (N - rank) / (N - 1)."""
    t = get_object_or_404(Tournament, pk=tournament_id)
    response, out = _csv_response(t, "mers")
    rows = service.ranking(t, public=public_viewer(request))
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


