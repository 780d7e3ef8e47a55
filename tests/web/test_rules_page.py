"""Issue 12 §8: the rules page explains the game with tile pictures and describes every ruleset
from its own settings; the lobby, the home page and the table link to it."""

import html as html_lib

import pytest
from django.urls import reverse

from games.engine.ruleset import PRESETS
from games.web.pages.rules import describe

pytestmark = pytest.mark.django_db


def test_rules_page_shows_tiles_and_every_ruleset(client):
    html = client.get(reverse("rules")).content.decode()
    assert 'class="tile t-dr" role="img" aria-label="Red Dragon"' in html
    for name, rs in PRESETS.items():
        assert f'id="rules-{name}"' in html and rs.title in html


def test_each_ruleset_is_described_from_its_settings():
    """Seed 000 §2.2 and its note: the classical dead wall of 16 is not topped up and bonus
    tiles come from the live wall; the modern variant replenishes and replaces from the dead wall."""
    classical = " ".join(describe(PRESETS["chinese-classical"]))
    assert "holds 16 tiles" in classical and "not topped up" in classical
    assert "open end of the live wall" in classical
    british = " ".join(describe(PRESETS["bmja"]))
    assert "topped up from the live wall's tail" in british and "replaced from the dead wall" in british
    assert "At most 1 chow" in british and "No Original Call" in british


def test_pages_link_to_the_rules_and_calculator(client):
    for page in ("home", "lobby"):
        html = client.get(reverse(page)).content.decode()
        assert 'href="/rules/"' in html and 'href="/calculator/"' in html


def test_the_hong_kong_ruleset_shows_its_minimum_and_what_each_faan_pays(client):
    page = client.get("/rules/").content.decode()
    section = page[page.index('id="rules-cantonese"'):]
    section = section[:section.index("</section>")]
    assert "at least 3 faan to go out" in section
    assert "<td>3</td><td class=\"num\">8</td>" in section.replace("\n", "")
    flat = section.replace("\n", "")
    # Half-spicy: doubling to 4 faan, then by halves, up to the 10-faan ceiling of 128.
    for faan, points in ((4, 16), (5, 24), (6, 32), (7, 48), (9, 96)):
        assert f"<td>{faan}</td><td class=\"num\">{points}</td>" in flat
    assert "10 or more, and the limit hands</td><td class=\"num\">128</td>" in flat
    assert "half-spicy" in section and "500 points" in section
    assert "faan-points" not in page[page.index('id="rules-chinese-classical"'):][:3000]


def test_the_rules_page_offers_the_bonus_tiles_and_the_walls_they_build(client):
    """Seed 002: with flowers only the wall is 140 tiles, East's and West's rows 18 stacks and
    South's and North's 17; the page says what each choice of bonus tiles makes of the wall."""
    page = html_lib.unescape(client.get(reverse("rules")).content.decode())
    section = page[page.index('id="bonus-tiles"'):]
    for line in ("144 tiles, the four flowers and the four seasons: walls of 18 stacks of two.",
                 "140 tiles, the four flowers and no seasons: East's and West's walls of 18 "
                 "stacks of two, South's and North's of 17.",
                 "136 tiles, no flowers or seasons: walls of 17 stacks of two."):
        assert f"<li>{line}</li>" in section
    flowers = describe(PRESETS["sixteen-tile"].replace(bonus_tiles="flowers"))
    assert flowers[0].startswith("140 tiles") and "A flower is replaced from the dead wall." in flowers
    assert not any("flower" in line for line in describe(PRESETS["shanghai"].replace(
        bonus_tiles="none"))[1:3])
