"""A finished game's replay in words a newcomer follows: the deal picker names each deal's
round, dealer and outcome, the seats show no connection dots (nobody is connected to a
replay), and a Shanghai game (seed 004 §2.5, no dead wall) shows no dead wall anywhere."""

from __future__ import annotations

import json

from .server import manage_shell


def finished_game(env, ruleset: str, seed: str, rounds: int = 1) -> dict:
    code = ("from tests.browser.finished_game import make; "
            f"print(make({ruleset!r}, {seed!r}, {rounds}))")
    return json.loads(manage_shell(env, code))


def open_replay(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-replay-ready]")


def expected_label(deal: dict) -> str:
    outcome = "drawn" if deal["winner"] is None else f"{deal['winner']} won"
    return f"Deal {deal['number']} · {deal['wind']} round · {deal['dealer']} deals · {outcome}"


def test_the_deal_picker_names_round_dealer_and_outcome(site_url, site_env, new_page):
    made = finished_game(site_env, "chinese-classical", "picker-words", rounds=2)
    assert {d["wind"] for d in made["deals"]} == {"East", "South"}
    page = new_page(1366, 900)
    open_replay(page, f"{site_url}/game/{made['game']}/replay/")
    options = page.locator("[data-rc='deal'] option").all_inner_texts()
    assert options == [expected_label(d) for d in made["deals"]]
    # Picking a deal goes to its first move.
    last = made["deals"][-1]
    page.select_option("[data-rc='deal']", label=expected_label(last))
    page.wait_for_function(
        "n => document.getElementById('rc-where').textContent.startsWith(`Deal ${n}, move 1 `)",
        arg=last["number"])
    # Nobody is connected to a replay: no seat shows a connection dot or says "connected".
    assert page.locator(".seat .conn.on").evaluate_all(
        "els => els.filter(e => e.getClientRects().length).length") == 0
    assert "connected" not in page.locator("#table").inner_text()


def test_a_shanghai_replay_shows_no_dead_wall(site_url, site_env, new_page, artifacts):
    made = finished_game(site_env, "shanghai", "shanghai-words")
    page = new_page(390, 844)
    open_replay(page, f"{site_url}/game/{made['game']}/replay/#d1m30")
    centre = page.locator(".board .centre").inner_text()
    assert "dead" not in centre and "in the wall" in centre
    page.locator("#wall-box summary").click()
    wall = page.locator("#wall-box").inner_text()
    assert "Dead wall" not in wall and "The wall" in wall
    assert "from the dead wall" not in page.locator("#move-list").inner_text()
    # The long deal names fit the phone: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "replay-shanghai-phone.png"), full_page=True)
