"""Puzzles and the analysis board in real Chromium (docs/puzzles.md): a puzzle solved right and
one answered wrong move the player's rating and show every candidate's figures; the analysis
board set up by clicks and opened from its address shows the engine's own figures; a replay's
"Analyse this position" opens that seat's own view."""

from __future__ import annotations

import json
import re
import secrets
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.http import QueryDict

from games.thinking import board_jobs, puzzle_jobs
from games.web.pages.analysis_board import position

from .server import manage_shell

PASSWORD = "puzzle-pass-1"


@pytest.fixture(scope="module")
def made(site_env):
    """A finished one-deal table's puzzles in the served site's database (make_puzzles --game),
    and a person to solve them."""
    seed = "pz-solve-10"  # its one deal gives two puzzles, each a discard
    name = f"pz{secrets.token_hex(3)}"
    # The command thinks in the shell's own process: no worker to start for one game.
    out = manage_shell({**site_env, "MAHJONG_THINK_WORKERS": "0"}, (
        "import io, json\n"
        "from django.contrib.auth import get_user_model\n"
        "from django.core.management import call_command\n"
        "from games.models.puzzles import Puzzle\n"
        "from tests.web.replay_games import saved_game\n"
        f"g = saved_game({seed!r}, deals=1)\n"
        "call_command('make_puzzles', '--game', str(g.pk), stdout=io.StringIO())\n"
        f"get_user_model().objects.create_user({name!r}, password={PASSWORD!r})\n"
        "ps = Puzzle.objects.filter(game=g).order_by('pk')\n"
        "print(json.dumps([{'id': p.pk, 'solution': p.solution, 'legal': p.view['legal_actions'],"
        " 'n': len(p.candidates)} for p in ps]))"))
    puzzles = json.loads(out)
    assert len(puzzles) >= 2
    return name, puzzles


@pytest.fixture(autouse=True)
def shots(artifacts):
    (artifacts / "puzzles").mkdir(parents=True, exist_ok=True)


def _log_in(page, base: str, name: str) -> None:
    page.goto(base + "/accounts/login/?next=/puzzles/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.locator("main form.stacked button[type=submit]").click()


def _choose(page, action: dict) -> None:
    if action["type"] == "discard" and not action.get("call"):
        page.locator(f".pz-hand button.t-{action['tile']}").first.click()
    else:
        buttons = page.locator(".pz-choice")
        texts = buttons.all_inner_texts()
        word = {"concealed_kong": "concealed kong", "promote_kong": "add to the pung"}.get(
            action["type"], action["type"])
        i = next(i for i, t in enumerate(texts) if word in t)
        buttons.nth(i).click()


def _same(a: dict, b: dict) -> bool:
    return puzzle_jobs.key(a) == puzzle_jobs.key(b)


def test_a_puzzle_solved_right_then_one_answered_wrong(site_url, new_page, made, artifacts):
    name, puzzles = made
    page = new_page(1366, 900)
    _log_in(page, site_url, name)
    right, wrong = puzzles[0], puzzles[1]
    page.goto(f"{site_url}/puzzles/{right['id']}/")
    page.locator(".pz-hand .tile").first.wait_for()
    page.screenshot(path=str(artifacts / "puzzles" / "puzzle.png"), full_page=True)
    _choose(page, right["solution"])
    verdict = page.locator("#verdict.right")
    verdict.wait_for()
    assert "Right" in verdict.inner_text() and "1500 →" in verdict.inner_text()
    gained = int(page.locator("#my-rating").inner_text()) if page.locator("#my-rating").count() \
        else int(verdict.inner_text().split("→ ")[1].split(" ")[0])
    assert gained > 1500
    rows = page.locator(".pz-candidates tbody tr")
    assert rows.count() == right["n"]
    assert "your answer" in rows.first.inner_text()
    assert "95% interval" in page.locator("#explanation").inner_text()
    page.screenshot(path=str(artifacts / "puzzles" / "puzzle-right.png"), full_page=True)

    page.goto(f"{site_url}/puzzles/{wrong['id']}/")
    page.locator(".pz-hand .tile").first.wait_for()
    other = next(a for a in wrong["legal"] if not _same(a, wrong["solution"])
                 and a["type"] == "discard" and not a.get("call"))
    _choose(page, other)
    verdict = page.locator("#verdict.wrong")
    verdict.wait_for()
    text = verdict.inner_text()
    assert "Not the best" in text and f"{gained} →" in text
    after = int(text.split("→ ")[1].split(" ")[0])
    assert after < gained
    marked = page.locator(".pz-candidates tbody tr.yours")
    assert marked.count() == 1 and "your answer" in marked.inner_text()
    page.screenshot(path=str(artifacts / "puzzles" / "puzzle-wrong.png"), full_page=True)
    # The page's rating figure follows, and the run offers another puzzle.
    page.click("#next-puzzle")
    page.wait_for_url("**/puzzles/?ruleset=chinese-classical")
    assert int(page.locator("#my-rating").inner_text()) == after


def _engine_rows(url: str) -> tuple[dict, dict]:
    q = QueryDict(mutable=True)
    for k, v in parse_qsl(urlsplit(url).query):
        q[k] = v
    ruleset, view = position(q)
    got = board_jobs.board(view, ruleset)
    return got, view


def _shown_rows(page) -> list[float]:
    return [float(x) for x in
            page.locator(".pz-candidates tbody tr td:last-child").all_inner_texts()]


def test_the_board_by_clicks_and_by_address_gives_the_engines_figures(site_url, new_page,
                                                                        artifacts, console):
    console.expect("status of 400")  # the bad position at the end, refused as it should be
    page = new_page(1366, 1000)
    page.goto(site_url + "/analysis/")
    page.select_option("#seat", "ws")
    page.select_option("#target", "hand")
    for t in "b1 b2 b3 c4 c5 c6 d7 d8 d9 we we dr dg".split():
        page.locator(f".palette [data-tile='{t}']").click()
    page.select_option("#target", "drawn")
    page.locator(".palette [data-tile='d2']").click()
    page.select_option("#target", "d_we")
    for t in "wn c9".split():
        page.locator(f".palette [data-tile='{t}']").click()
    page.click("#analyse")
    page.locator("#bot-choice").wait_for()
    got, view = _engine_rows(page.url)
    assert "seat=ws" in page.url and view["drawn"] == "d2"
    shown = _shown_rows(page)
    assert shown == [c["expected"] for c in got["candidates"]]
    assert "strong bot" in page.locator(".pz-candidates tr.best").inner_text() or \
        got["bot"] != got["candidates"][0]["action"]
    page.screenshot(path=str(artifacts / "puzzles" / "board-clicks.png"), full_page=True)
    # The address alone brings the same position and figures back.
    other = new_page(1000, 900)
    other.goto(page.url)
    other.locator("#bot-choice").wait_for()
    assert _shown_rows(other) == shown
    assert other.input_value("#hand") == page.input_value("#hand")
    # A bad position is told plainly.
    other.fill("#hand", "b1 b1 b1 b1 b1")
    other.click("#analyse")
    alert = other.locator("#board-error")
    alert.wait_for()
    assert "more than four of b1" in alert.inner_text()


def test_analyse_a_puzzles_position(site_url, new_page, made, artifacts):
    _, puzzles = made
    page = new_page(1366, 1000)
    page.goto(f"{site_url}/analysis/?puzzle={puzzles[0]['id']}")
    page.locator("#bot-choice").wait_for()
    got, _ = _engine_rows(page.url)
    assert _shown_rows(page) == [c["expected"] for c in got["candidates"]]
    assert _same(got["candidates"][0]["action"], puzzles[0]["solution"])
    page.screenshot(path=str(artifacts / "puzzles" / "board-puzzle.png"), full_page=True)


def test_analyse_this_position_from_a_replay_shows_that_seats_view(site_url, site_env,
                                                                   new_page, artifacts):
    seed = f"pz-replay-{secrets.token_hex(3)}"
    game_id = int(manage_shell(site_env, (
        "from tests.web.replay_games import saved_game\n"
        f"print(saved_game({seed!r}, deals=2).pk)")))
    page = new_page(1400, 900)
    page.goto(f"{site_url}/game/{game_id}/replay/#d1m60")
    page.wait_for_function("document.body.dataset.replayReady === '1'")
    link = page.locator("#rc-analyse")
    # A deal over at move 60 (or sooner) offers no position: the link is hidden there and shows
    # again a move back, where a tile was still in play.
    for _ in range(5):
        if link.is_visible():
            break
        at, last = re.search(r"move (\d+) of (\d+)", page.locator("#rc-where").inner_text()).groups()
        assert at == last, "the link is hidden only where the deal is over"
        page.click('[data-rc="prev"]')
    link.wait_for(state="visible")
    href = link.get_attribute("href")
    assert f"game={game_id}" in href
    link.click()
    page.wait_for_url("**/analysis/?*")
    page.locator("#bot-choice").wait_for()  # a seat with a decision: weighed
    q = dict(parse_qsl(urlsplit(page.url).query))
    move = int(dict(parse_qsl(urlsplit(href).query))["move"])
    assert move > 0
    # What each seat held at that move and after each pass that followed it (a claim window's
    # passes are not replay steps; the board shows the first decision from the move on).
    held = json.loads(manage_shell(site_env, (
        "import json\n"
        "from games.engine.actions import Action\n"
        "from games.engine.match import Match\n"
        "from games.engine.views import seat_view\n"
        "from games.models import Game\n"
        f"g = Game.objects.get(pk={game_id})\n"
        "m = Match.new(g.ruleset_name, g.seed)\n"
        "moves = list(g.moves.order_by('seq').values_list('action', flat=True))\n"
        f"for a in moves[:{move}]:\n"
        "    m.apply(Action.from_json(a))\n"
        "def held():\n"
        "    return [[v['seats'][s]['wind'], sorted(v['hand'].split()), v.get('drawn') or '']\n"
        "            for s, v in ((s, seat_view(m, s)) for s in range(4))]\n"
        "out = held()\n"
        f"for a in moves[{move}:]:\n"
        "    if a['type'] != 'pass': break\n"
        "    m.apply(Action.from_json(a)); out += held()\n"
        "print(json.dumps(out))")))
    assert [q["seat"], sorted(q.get("hand", "").split()), q.get("drawn", "")] in held
    # Only that seat's concealed tiles are in the address: no other hand.
    assert not any(k in q for k in ("hand_1", "hand_2", "hand_3"))
    page.screenshot(path=str(artifacts / "puzzles" / "board-replay.png"), full_page=True)


def test_the_replay_shows_the_strong_bots_ranking_at_a_persons_decisions(site_url, site_env,
                                                                         new_page, artifacts):
    seed = f"pz-decide-{secrets.token_hex(3)}"
    name = f"pd{secrets.token_hex(3)}"
    game_id, seat = json.loads(manage_shell(site_env, (
        "import json\n"
        "from django.contrib.auth import get_user_model\n"
        "from tests.web.replay_games import saved_game\n"
        f"u = get_user_model().objects.create_user({name!r})\n"
        f"g = saved_game({seed!r}, user=u, deals=2)\n"
        "print(json.dumps([g.pk, g.seats.get(chair=0).position]))")))
    page = new_page(1400, 900)
    data = page.request.get(f"{site_url}/game/{game_id}/decisions.json?seat={seat}").json()
    missed = [d for d in data["decisions"] if d["rank"] > 1 and not d["missed_win"]]
    d = missed[0] if missed else data["decisions"][0]
    page.goto(f"{site_url}/game/{game_id}/replay/#v{d['version'] + 1}")
    page.wait_for_function("document.body.dataset.replayReady === '1'")
    page.select_option('[data-rc="bottom"]', str(seat))
    now = page.locator("#decisions-box #dc-now")
    now.wait_for()
    text = now.inner_text()
    if d["rank"] > 1:
        assert f"ranked {d['rank']} of {d['of']}, {d['lost']:g} points" in text
    else:
        assert "the strong bot's choice" in text
    assert page.locator("#decisions-box .dc-ranking li").count() >= 2
    assert page.locator("#decisions-box .dc-yours").count() == 1
    assert page.locator("#decisions-box .dc-bar").count() == len(data["per_deal"])
    page.locator("#decisions-box").screenshot(path=str(artifacts / "puzzles" / "replay-decisions.png"))
    page.screenshot(path=str(artifacts / "puzzles" / "replay-decisions-page.png"))


def test_the_puzzle_of_the_day_and_own_puzzles_on_the_players_page(site_url, site_env,
                                                                   new_page, made, artifacts,
                                                                   console):
    console.expect("status of 404")  # the own puzzle, asked for by someone else
    name, puzzles = made
    own_id = int(manage_shell(site_env, (
        "from django.contrib.auth import get_user_model\n"
        "from games.models.puzzles import Puzzle\n"
        f"p = Puzzle.objects.get(pk={puzzles[1]['id']})\n"
        f"p.pk = None; p.source = None; p.owner = get_user_model().objects.get(username={name!r})\n"
        "p.save(); print(p.pk)")))
    page = new_page(1280, 900)
    page.goto(site_url + "/")
    day = page.locator("#puzzle-of-the-day")
    day.wait_for()
    page.screenshot(path=str(artifacts / "puzzles" / "home.png"), full_page=True)
    day.get_by_role("link", name="Solve it").click()
    page.locator(".pz-hand .tile").first.wait_for()
    assert "/puzzles/" in page.url
    # Another person does not see the own puzzle; its owner finds it on their page.
    page.goto(f"{site_url}/puzzles/{own_id}/")
    assert page.locator("#puzzle").count() == 0
    _log_in(page, site_url, name)
    page.goto(f"{site_url}/u/{name}/")
    own = page.locator("#own-puzzles")
    own.wait_for()
    own.screenshot(path=str(artifacts / "puzzles" / "own-puzzles.png"))
    own.get_by_role("link", name=f"Puzzle {own_id}").click()
    page.locator(".badge", has_text="from your own game").wait_for()
    _choose(page, puzzles[1]["solution"])
    verdict = page.locator("#verdict.right")
    verdict.wait_for()
    assert "rating" not in verdict.inner_text()  # own puzzles are not rated


def test_the_calculators_hand_opens_on_the_board(site_url, new_page):
    page = new_page(1366, 900)
    page.goto(site_url + "/calculator/?hand=b1b2b3c4c5c6d7d8d9wewedrdgd2&seat=ws")
    page.locator("#calc-analyse").click()
    page.wait_for_url("**/analysis/?*")
    page.locator("#bot-choice").wait_for()
    assert page.input_value("#hand").replace(" ", "") == "b1b2b3c4c5c6d7d8d9wewedrdgd2"
    assert page.locator(".pz-candidates tbody tr").count() == 13  # each distinct discard
