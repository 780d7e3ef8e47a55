"""Issue 42, item 3: the scoring glossary in the reader's language shows each ruleset's own names
(docs/hand-names.md), and /rules/names/<language>.json gives the score sheet the same tables."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _glossary(client, lang: str | None) -> str:
    if lang:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    res = client.get(reverse("rules_scoring"))
    assert res.status_code == 200
    return res.content.decode()


def _entry(html: str, anchor: str) -> str:
    return re.search(rf'<li class="entry" id="{anchor}">(.*?)</li>\s*(<li|</ol)', html, re.S)[1]


@pytest.mark.parametrize("lang, expect", [
    ("zh-hans", {"W2": "对对和", "W6": "混幺九", "L17": "十三幺", "hongkong-HK4": "对对糊",
                 "hongkong-L8": "坎坎糊", "hongkong-L14": "九子连环", "P1": "刻子与杠子"}),
    ("zh-hant", {"W2": "對對和", "W6": "混么九", "L17": "十三么", "hongkong-HK4": "對對糊",
                 "hongkong-L8": "坎坎糊", "hongkong-L14": "九子連環", "P1": "刻子與槓子"}),
])
def test_the_glossary_names_each_tradition_in_chinese(client, lang, expect):
    html = _glossary(client, lang)
    for anchor, name in expect.items():
        heading = re.search(r"<h3>(.*?)</h3>", _entry(html, anchor), re.S)[1]
        assert name in heading, (anchor, heading)
    # The leagues' own names beside the classical one; values in 分 / 番 / 满贯.
    w5 = _entry(html, "W5")
    assert {"zh-hans": "清一色对对和", "zh-hant": "清一色對對和"}[lang] in w5
    assert "3 番" in w5 and "double" not in w5
    assert {"zh-hans": "满贯，1,000", "zh-hant": "滿貫，1,000"}[lang] in _entry(html, "L1")
    assert "7 番" in _entry(html, "hongkong-HK6")
    # No English rule name is left in an entry's heading or explanation.
    for heading in re.findall(r'<h3><a class="code"[^>]*>\w+</a>(.*?)</h3>', html, re.S):
        assert not re.search(r"[A-Za-z]", re.sub(r"<[^>]+>|DMJL|BMJA", "", heading)), heading
    for text in re.findall(r'<p class="explain">(.*?)</p>', html, re.S):
        assert not re.search(r"[A-Za-z]", re.sub(r"<[^>]+>|DMJL|BMJA", "", text)), text


def test_english_readers_keep_the_english_glossary(client):
    html = _glossary(client, None)
    assert "No chows" in _entry(html, "W2") and "对对和" not in html
    assert "Hidden treasure" in _entry(html, "hongkong-L8")


def test_the_score_sheets_names_route(client):
    res = client.get(reverse("rule_names", args=["zh-hant"]))
    assert res.status_code == 200 and "max-age=3600" in res["Cache-Control"]
    data = res.json()
    assert data["tables"]["hongkong"]["rules"]["HK4"] == "對對糊"
    assert data["tables"]["hongkong"]["english"]["HK4"] == "All in triplets"
    assert data["tables"]["classical"]["tiles"]["b1"] == "一條"
    assert data["sheet"]["faan"] == "番"
    assert client.get(reverse("rule_names", args=["en"])).status_code == 404
    assert client.get(reverse("rule_names", args=["fr"])).status_code == 404
