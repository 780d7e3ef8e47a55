"""Issue 38, item 2: one ranking for the page and both exports, with the players who have not
played a table yet below (listed apart from) everyone who has; a bot standing in for a no-show
is named for them on the seating cards, the slips and the results CSV."""

import csv
import io

import pytest
from django.test import Client

from games.models import Seat, TableSeat, Tournament
from games.services import standings, tournaments

from .helpers import play_round

pytestmark = pytest.mark.django_db(transaction=True)


def _rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(response.content.decode())))


@pytest.fixture
def after_round_one(django_user_model, quiet):
    """Eight registered, five check in; the three others are no-shows a bot plays for. The
    player placed last at a table lost 170 (0 table points)."""
    t = Tournament.objects.create(name="cup", registration_open=True, rounds=2, deals_per_table=1,
                                  check_in=True, no_show="bot")
    for i in range(8):
        tournaments.register(t.pk, django_user_model.objects.create_user(
            f"p{i}", password="pw-1234-abcd"))
    entries = list(t.entries.order_by("pk"))
    for e in entries[:5]:
        tournaments.check_in(e.pk)
    rnd = tournaments.start_next_round(t.pk)
    play_round(rnd)
    scores = iter([(1, 300, 4.0), (2, 100, 2.0), (3, 50, 1.0), (4, -170, 0.0), (1, 120, 4.0)])
    for place in TableSeat.objects.filter(table__round=rnd).order_by("table__number", "wind"):
        if place.entry is not None:
            place.place, place.score, place.table_points = next(scores)
        else:
            place.place, place.score, place.table_points = 4, -50, 0.0
        place.save()
    tournaments.close_round(rnd.pk)
    return t, entries


def test_no_shows_stand_below_everyone_who_played_on_the_page_and_in_both_exports(
        after_round_one):
    t, entries = after_round_one
    absent = {str(e) for e in entries[5:]}
    table = standings.compute_standings(t)
    assert {r.name for r in table.rows[-3:]} == absent
    ranked = standings.ranking(t)
    assert len(ranked) == 5 and ranked[-1].score == -170

    client = Client()
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    body = page.split('id="standings-h"')[1].split("</table>")[0]
    on_page = [cell.split("<")[0].strip() for cell in body.split('class="pname">')[1:]]
    for kind in ("standings", "mers"):
        exported = _rows(client.get(f"/tournaments/{t.pk}/{kind}.csv"))
        assert [r["player"] for r in exported] == on_page == [r.name for r in ranked]
        assert [int(r["rank"]) for r in exported] == [r.rank for r in ranked]
    listed = page.split('id="not-yet-played"')[1].split("</p>")[0]
    assert all(name in listed for name in absent)
    assert not any(name in on_page for name in absent)


def test_a_no_shows_bot_is_named_for_them_on_cards_slips_and_the_results_csv(after_round_one):
    t, entries = after_round_one
    names = {f"Bot for {e}" for e in entries[5:]}
    client = Client()
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    slips = client.get(f"/tournaments/{t.pk}/slips/").content.decode()
    results = {r["player"] for r in _rows(client.get(f"/tournaments/{t.pk}/results.csv"))}
    for name in names:
        assert name in page
        assert slips.count(name) == 2  # in the seating list and on its table's slip
        assert name in results
    assert ">Bot<" not in page and "Bot" not in results
    # At the table itself, the bot's seat says whom it plays for.
    bots = Seat.objects.filter(game__tournament_table__round__tournament=t, user=None)
    assert sorted(s.name.split("(for ")[1].rstrip(")") for s in bots) == sorted(
        str(e) for e in entries[5:])
