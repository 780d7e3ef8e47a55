"""Issue 42, item 3, in real Chromium: a finished deal's scoring proof read in Simplified Chinese
names its rules as the classical tradition does (docs/hand-names.md), and every score line the
scorers make for the glossary's examples, under every preset, reads in Chinese in both scripts
(static/js/render/names.js words a line again from its code and the tables)."""

from __future__ import annotations

import re

from games.engine.ruleset import PRESETS
from games.engine.scoring.glossary import ENTRIES, family, score_example
from games.engine.scoring.lookups import lookups

from .test_replay_words import finished_game, open_replay

LATIN = re.compile(r"[A-Za-z]")


def _lines() -> list[tuple[str, dict]]:
    """(scoring, {rule, name}) of every line the glossary's examples score under each preset,
    and the per-ruleset lines scoring words ahead of time (every set, pair and tile)."""
    seen: dict[tuple[str, str, str], None] = {}
    for rs in PRESETS.values():
        entries = ENTRIES[family(rs)]
        for entry in entries.values():
            for ex in (entry.example, entry.alt[2] if entry.alt and entry.alt[2] else None):
                if ex is None:
                    continue
                for item in score_example(rs, ex).items:
                    seen[(rs.scoring, item.rule, item.name)] = None
        if rs.scoring == "hongkong":
            continue
        lk = lookups(rs)
        made = [*lk.set_lines.values(), *lk.pair_dragon, *lk.pair_own, *lk.pair_prevailing,
                *lk.eyes, *lk.dragon_set, *lk.limit_lines.values(), *lk.doubles.values()]
        for rule, name, _, _ in made:
            if rule in entries:
                seen[(rs.scoring, rule, name)] = None
    return [(scoring, {"rule": rule, "name": name}) for scoring, rule, name in seen]


def test_a_deals_proof_and_every_score_line_read_in_chinese(
        browser, console, site_url, site_env, artifacts):
    made = finished_game(site_env, "chinese-classical", "hand-names")
    ctx = browser.new_context(viewport={"width": 1366, "height": 900},
                              extra_http_headers={"Accept-Language": "zh-Hans"})
    ctx.set_default_timeout(30_000)
    try:
        page = console.watch(ctx.new_page())
        won = next(d["number"] for d in made["deals"] if d["winner"] is not None)
        open_replay(page, f"{site_url}/game/{made['game']}/replay/#d{won}m1")
        page.keyboard.press("PageDown")
        page.keyboard.press("ArrowLeft")  # the deal's last move: its proof
        proof = page.locator("#proof-box .proof")
        proof.wait_for()
        winner = proof.locator(".sheet-hand.winner")
        assert winner.locator("thead").inner_text().split() == ["规则", "项目", "分", "番"]
        names = winner.locator("table.score tbody td:nth-child(2)").all_inner_texts()
        assert "和牌" in names, names  # M1, Mah Jong
        for name in proof.locator("table.score tbody td:nth-child(2)").all_inner_texts():
            assert name and not LATIN.search(name), name
        assert winner.locator(".badge.win").inner_text() == "和牌"
        winner.scroll_into_view_if_needed()
        winner.screenshot(path=str(artifacts / "hand-names-proof-zh-hans.png"))

        # Every line the scorers make, worded by the page's own module in both scripts.
        lines = _lines()
        worded = page.evaluate("""async ([lines, langs]) => {
            const src = [...document.scripts].map((s) => s.src).find((s) => /\\/js\\/.+\\.js/.test(s));
            const m = await import(new URL("render/names.js", src.replace(/\\/js\\/.*$/, "/js/")));
            const out = {};
            for (const lang of langs) {
              const names = await (await fetch(`/rules/names/${lang}.json`)).json();
              out[lang] = lines.map(([scoring, item]) => m.lineName(item, scoring, names));
            }
            out.en = lines.map(([scoring, item]) => m.lineName(item, scoring, null));
            return out;
        }""", [lines, ["zh-hans", "zh-hant"]])
        assert len(lines) > 300
        for lang in ("zh-hans", "zh-hant"):
            bad = [(item, text) for (_, item), text in zip(lines, worded[lang], strict=True)
                   if LATIN.search(text)]
            assert not bad, bad[:10]
        assert worded["en"] == [item["name"] for _, item in lines]  # English as the engine said
        by_name = dict(zip([i["name"] for _, i in lines], worded["zh-hant"], strict=True))
        assert by_name["Concealed pung of 5 Bamboo"] == "暗刻（五條）"
        assert by_name["Pair of own wind (East Wind)"] == "門風將（東風）"
        assert by_name["Dragon pung (Red Dragon)"] == "番子（紅中）"
        assert by_name["Own flower: Plum (flower 1)"] == "正花（梅）"
    finally:
        ctx.close()


def test_the_glossary_in_traditional_chinese(browser, console, site_url, artifacts):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900},
                              extra_http_headers={"Accept-Language": "zh-Hant"})
    try:
        page = console.watch(ctx.new_page())
        page.goto(f"{site_url}/rules/scoring/#hongkong-HK4")
        entry = page.locator("li.entry:target")
        assert "對對糊" in entry.locator("h3").inner_text()
        assert "3 番" in entry.inner_text()
        page.screenshot(path=str(artifacts / "hand-names-glossary-zh-hant.png"))
        page.goto(f"{site_url}/rules/scoring/#W2")
        assert "對對和" in page.locator("li.entry:target h3").inner_text()
        page.screenshot(path=str(artifacts / "hand-names-glossary-classical-zh-hant.png"))
    finally:
        ctx.close()
