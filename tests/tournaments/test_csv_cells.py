"""The results CSV never hands a spreadsheet a formula: a text cell starting with =, +, -, @,
tab or carriage return gets a leading quote (OWASP, CSV injection); points stay numbers, negative
ones too."""

import csv
import io

import pytest

from games.models import Tournament
from games.services import tournaments
from games.web.pages.tournament_exports import csv_cell

from .helpers import play_round

pytestmark = pytest.mark.django_db(transaction=True)

HOSTILE = ["=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"]


def test_text_that_would_run_as_a_formula_is_quoted():
    for text in HOSTILE:
        assert csv_cell(text) == "'" + text
    assert csv_cell("alice") == "alice" and csv_cell("a=b") == "a=b" and csv_cell("") == ""
    assert csv_cell(-12) == -12 and csv_cell(-1.5) == -1.5 and csv_cell(None) is None


def test_the_results_csv_quotes_hostile_names_and_keeps_negative_points(
    client, django_user_model, quiet
):
    t = Tournament.objects.create(name="Formula Cup", registration_open=True, deals_per_table=1,
                                  table_points="-1,-2,-3,-4.5", hide_scores=False)
    names = [*HOSTILE, "plain", "also-plain"]
    for name in names:
        tournaments.register(t.pk, django_user_model.objects.create_user(name))
    play_round(tournaments.start_next_round(t.pk))
    text = client.get(f"/tournaments/{t.pk}/results.csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert sorted(r["player"] for r in rows) == sorted(
        "'" + n if n in HOSTILE else n for n in names)
    assert not any(r[k].startswith(("=", "+", "@", "\t", "\r")) for r in rows for k in r)
    scores = [int(r["score"]) for r in rows]  # written as numbers, never quoted
    assert sum(scores) == 0
    points = [float(r["table_points"]) for r in rows]  # every one negative, none quoted
    assert all(p < 0 for p in points) and all(r["table_points"][0] == "-" for r in rows)
