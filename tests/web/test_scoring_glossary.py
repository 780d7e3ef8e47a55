"""The scoring glossary page (/rules/scoring/): every rule code of every table, each under its
anchor with its value per ruleset and an example drawn in tiles; the rules page links to it and
words the Hong Kong game's scores in faan (seed 004)."""

import re

import pytest
from django.urls import reverse

from games.engine.ruleset import PRESETS
from games.engine.scoring.glossary import ENTRIES, anchor
from games.web.pages.rules import describe

pytestmark = pytest.mark.django_db


def _page(client) -> str:
    res = client.get(reverse("rules_scoring"))
    assert res.status_code == 200
    return res.content.decode()


def test_every_code_has_its_entry_under_its_anchor(client):
    html = _page(client)
    for fam, entries in ENTRIES.items():
        for code in entries:
            at = anchor(fam, code)
            entry = re.search(rf'<li class="entry" id="{re.escape(at)}">(.*?)</li>\s*(<li|</ol)',
                              html, re.S)
            assert entry, f"no entry #{at}"
            body = entry.group(1)
            assert f'href="#{at}">{code}</a>' in body
            assert 'class="tile t-' in body  # the example hand, drawn
    assert 'id="P1"' in html and 'id="hongkong-HK4"' in html and 'id="hongkong-L8"' in html


def test_values_come_from_each_ruleset(client):
    """classical.md §1.5: Mah Jong is 10 points in the classical table, 20 in the leagues'
    (leagues.md); Hong Kong faan: All one suit is 7 faan."""
    html = _page(client)
    m1 = re.search(r'id="M1">(.*?)</li>', html, re.S).group(1)
    assert "Chinese Classical</dt><dd>10 points" in m1 and "DMJL league classical</dt><dd>20 points" in m1
    hk6 = re.search(r'id="hongkong-HK6">(.*?)</li>', html, re.S).group(1)
    assert "7 faan" in hk6
    h1 = re.search(r'id="H1">(.*?)</li>', html, re.S).group(1)
    assert "Chinese Classical</dt><dd>—" in h1 and "British (BMJA)</dt><dd>half the limit, 500" in h1
    c1 = re.search(r'id="C1">(.*?)</li>', html, re.S).group(1)
    assert "British (BMJA)</dt><dd>400 of the 1,000 limit" in c1  # leagues.md §6: 2/5


def test_rules_page_links_to_the_glossary_and_words_faan(client):
    html = client.get(reverse("rules")).content.decode()
    assert 'href="/rules/scoring/"' in html
    assert 'href="/rules/scoring/#L17"' in html and 'href="/rules/scoring/#hongkong-L17"' in html
    cantonese = " ".join(describe(PRESETS["cantonese"]))
    assert "in faan" in cantonese and "3 faan → 8 points" in cantonese
    assert "points" in cantonese and "1 points" not in cantonese
    assert "East winning 13 deals" not in cantonese  # no such limit hand in the faan table


def test_a_ruleset_without_a_dead_wall_says_so():
    """Seed 004 §2.5 (Shanghai): no dead wall, every tile drawable."""
    shanghai = " ".join(describe(PRESETS["shanghai"]))
    assert "There is no dead wall" in shanghai and "holds 0 tiles" not in shanghai
    assert "replaced from the tail of the wall" in shanghai


def test_one_is_singular():
    classical = " ".join(describe(PRESETS["chinese-classical"].replace(mahjong_points=1)))
    assert "Going out scores 1 point;" in classical
