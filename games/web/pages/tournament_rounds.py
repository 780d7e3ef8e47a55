"""A tournament's rounds as its page shows them: each table's players by starting wind, status
and (when shown) results; a round seated ahead as its seating; a duplicate-wall round's
comparison of the players who held the same hands."""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext, pgettext_lazy

from games import clock
from games.access import policy
from games.models import ACTIVE, FINISHED, Table, TableSeat, Tournament
from games.tournaments.duplicate import compare_by_wind
from games.web.pages.history import ordinal

# A place's starting wind as the pages, slips and CSV name it, in the reader's language.
WINDS = (pgettext_lazy("seat wind", "East"), pgettext_lazy("seat wind", "South"),
         pgettext_lazy("seat wind", "West"), pgettext_lazy("seat wind", "North"))


def replay_url(game_id: int) -> str:
    try:
        return reverse("game_replay", args=[game_id])
    except NoReverseMatch:  # the replay page lives in its own module; its path is fixed
        return f"/game/{game_id}/replay/"


def public_viewer(request) -> bool:
    """Hidden scores stay hidden but from `watch_any_game` (games/access/policy.py)."""
    return not policy.sees_hidden_scores(policy.requester(request))


def player_name(place: TableSeat) -> str:
    """Whose place it is, as the pages, slips and CSV name it: the player's (a named player's
    too: the result is theirs; the page marks that a bot plays it online); a bot standing in
    for a no-show or a withdrawn player, named for them; a bare Bot only for a seat nobody was
    seated in."""
    if place.entry is not None:
        return str(place.entry)
    if place.stood_in_for is not None:
        return gettext("Bot for %(name)s") % {"name": place.stood_in_for}
    return gettext("Bot")


def table_status(game, seated: bool = False) -> str:
    if game is None:
        return "seated" if seated else "waiting"
    return {ACTIVE: "live", FINISHED: "finished"}.get(game.status, game.status)


def rounds(t: Tournament, shown: set[int], me=None, staff: bool = False) -> list[dict]:
    """`shown`: the rounds whose results may be shown; `me`: the viewer's entry."""
    out = []
    tables = Table.objects.filter(round__tournament=t).select_related("game", "round__tournament")
    places = TableSeat.objects.filter(table__round__tournament=t).select_related(
        "entry__user", "stood_in_for__user")
    by_table: dict[int, list] = {}
    for p in places:
        by_table.setdefault(p.table_id, []).append(p)
    for rnd in t.round_set.order_by("number"):
        visible = rnd.number in shown
        # A duplicate round's replays show the walls the other tables may still be playing.
        reviewable = visible and (staff or not rnd.duplicate or rnd.is_finished)
        rows, held = [], []
        for table in [x for x in tables if x.round_id == rnd.pk]:
            status = table_status(table.game, rnd.is_seated)
            seated = sorted(by_table.get(table.pk, []), key=lambda p: p.wind)
            mine = me is not None and any(p.entry_id == me.pk for p in seated)
            rows.append({
                "mine": mine,
                "table": table,
                "status": status,
                "places": [
                    {"wind": WINDS[p.wind], "name": player_name(p),
                     "bot_plays": p.entry is not None and p.entry.unclaimed,
                     "place": p.place if visible else None,
                     "place_text": ordinal(p.place) if visible and p.place else "",
                     "score": p.score if visible else None,
                     "table_points": p.table_points if visible else None}
                    for p in seated
                ],
                "watch": _watch(table, status, mine, staff),
                "replay": replay_url(table.game_id) if status == "finished" and reviewable
                else None,
            })
            held += [(table.number, p.wind, player_name(p), p.score) for p in seated]
        out.append({
            "round": rnd, "visible": visible, "tables": rows, "clock": _time_left(rnd),
            # Only once the round is over may anyone see the seed its tables were dealt from.
            "seed": rnd.seed if rnd.duplicate and rnd.is_finished else "",
            "same_hands": _same_hands(held) if rnd.duplicate and visible else [],
        })
    return out


def _watch(table: Table, status: str, mine: bool, staff: bool) -> str | None:
    """A live table's link, where the policy lets this viewer watch it (games/access/policy.py)."""
    if status != "live" or not policy.may_watch_table(table, staff, mine):
        return None
    return reverse("table", args=[table.game_id])


def _same_hands(held: list[tuple]) -> list[dict]:
    return [
        {"wind": WINDS[g.wind], "mean": g.mean, "held": g.held}
        for g in compare_by_wind(held)
    ]


def _time_left(rnd) -> dict | None:
    """A playing round's time limit: when it ends and the minutes left, or that time is up."""
    if rnd.is_finished or rnd.deadline is None or rnd.is_seated:
        return None
    seconds = max(0, int((rnd.deadline - clock.now()).total_seconds()))
    return {"deadline": rnd.deadline, "minutes": (seconds + 59) // 60, "seconds": seconds,
            "called": rnd.time_called is not None or seconds == 0}
