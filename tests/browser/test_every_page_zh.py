"""Every page a player or an organiser meets, read in Simplified and in Traditional Chinese
(docs/i18n.md): no English word may be left on any of them. One walk a language goes through
the site's pages in one browser context (a visitor's pages, then a member's, signed in); another
plays one whole deal at a table (a one-deal game, so its end is the end screen) and reads the
table at its turns, at a claim prompt and on the score sheet. Both switch the language with the
header's chooser on the way and check it keeps the page (and, at the table, the game).

What is read is what a person meets: the body's text, every option of every list, and the
aria-label, title, placeholder and alt attributes. What people wrote is taken out first: the
names of people, bots and tournaments, from the page's own data (its links to player pages and
to tournaments, the table's seats, the replay's players) and the names this module made.
Screenshots: test-artifacts/every-page-<lang>-<page>.png."""

from __future__ import annotations

import json
import re
import secrets
from contextlib import contextmanager

import pytest

from games.models import BOT_NAMES

from .helpers import YOUR_MOVE, click, log_in, version, wait_for_change, wait_while_moving
from .server import ROOT, daphne, game_report, manage_shell

PASSWORD = "pw-every-page-42"
TOURNAMENT = "春季杯"  # what an organiser writes: a Chinese tournament's own name

LANGUAGES = [
    # Accept-Language, <html lang> and the chooser's value, the other Chinese for the switch
    pytest.param("zh-Hans", "zh-hans", "zh-hant", id="zh-Hans"),
    pytest.param("zh-Hant", "zh-hant", "zh-hans", id="zh-Hant"),
]
HTML_LANG = {"zh-hans": "zh-Hans", "zh-hant": "zh-Hant"}
CHOOSER = {"zh-hans": ("语言", "切换语言"), "zh-hant": ("語言", "切換語言")}

# Latin a Chinese page keeps, each for a reason:
# - people's and bots' names: taken out before matching (see the module's docstring);
# - the site's own name is translated; numbers and single letters never match (the keys named
#   on the keyboard, W K P C N, and the tiles' corner indices are one letter each);
# - "English" is the chooser's name for English, written as every language names itself;
# - acronyms that are names: SHA (a replay's digest), MERS (the ranking's export), BMJA and DMJL
#   (the bodies whose rules a ruleset follows); file formats and units: JSON, CSV, MB;
# - the keys on a keyboard, which Chinese keyboards label in English too, where the text names
#   one: "按 Tab 键", "（Page Up）", "（Shift 加方向键…）";
# - the tile notation a person types into the calculator and the analysis board: the codes
#   we ws ww wn / dr dg dw in a run or after a tile's name ("东风 (we)"), and the set kinds after
#   a slash ("b1 b1 b1 b1/concealed");
# - the score tables' rule codes (P1, HK4, CAP), an anchor's ruleset part (#hongkong-), a file's
#   extension (.json), a path in the repository (docs/record-format.md) and hex digests.
ALLOWED = {"English", "SHA", "MERS", "BMJA", "DMJL", "JSON", "CSV", "MB"}
KEYS = r"(?:Page Up|Page Down|Space|Home|End|Tab|Enter|Esc|Escape|Shift)"
RULE_CODES = sorted(
    {code for table in json.loads(
        (ROOT / "games" / "engine" / "hand_names" / "zh-hans.json").read_text())["tables"].values()
     for code in table.get("rules", {})}, key=len, reverse=True)
KEPT = [
    re.compile(r"\b[0-9a-fA-F]{12,}\b"),  # a digest
    re.compile(r"\bguest-[0-9a-f]{6,}\b"),  # a guest's name at another table in the lobby
    re.compile(rf"(?:(?<=按 )|(?<=[（(；、])){KEYS}(?=[ ）)；、]|$)"),  # a key, named
    re.compile(r"\b(?:w[eswn]|d[rgw])(?:\s+(?:w[eswn]|d[rgw]))+\b"),  # tile codes in a run
    re.compile(r"(?<=[(（])(?:w[eswn]|d[rgw])(?=[)）])"),  # a tile's code after its name
    re.compile(r"(?<![A-Za-z])/(?:concealed|claimed|exposed|promoted)\b"),  # a set's kind
    re.compile(r"#[a-z]+-(?=[A-Z\u4e00-\u9fff])"),  # an anchor's ruleset part
    re.compile(r"\b(?:" + "|".join(map(re.escape, RULE_CODES)) + r")\b"),  # rule codes
    re.compile(r"(?<![\w/])\.json\b"),  # a file's extension
    re.compile(r"\bdocs/[\w.-]+\.md\b"),  # a path in the repository
]
WORD = re.compile(r"[A-Za-z]{2,}")


def english(line: str) -> list[str]:
    for kept in KEPT:
        line = kept.sub(" ", line)
    return [w for w in WORD.findall(line) if w not in ALLOWED]


# The page's text as a person meets it, less the names in the page's own data.
READ = """(known) => {
  const parts = [document.title, document.body.innerText];
  for (const o of document.querySelectorAll('option, optgroup')) parts.push(o.label || o.textContent);
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      if (el.hasAttribute(a)) parts.push(el.getAttribute(a));
    }
  }
  for (const b of document.querySelectorAll('input[type=submit], input[type=button]')) parts.push(b.value);
  const names = [...known];
  for (const a of document.querySelectorAll('a[href^="/u/"]')) {
    const m = a.getAttribute('href').match(/^\\/u\\/([^/?#]+)\\/$/);
    if (m) names.push(decodeURIComponent(m[1]));
  }
  for (const a of document.querySelectorAll('a[href^="/tournaments/"]')) {
    if (/^\\/tournaments\\/\\d+\\/$/.test(a.getAttribute('href'))) names.push(a.textContent.trim());
  }
  for (const n of document.querySelectorAll('#table .seat .name')) names.push(n.textContent.trim());
  const config = document.getElementById('replay-config');
  if (config) for (const p of JSON.parse(config.textContent).players || []) names.push(p.name);
  let text = parts.join('\\n');
  for (const name of [...new Set(names)].filter(n => /[A-Za-z]/.test(n)).sort((a, b) => b.length - a.length)) {
    text = text.split(name).join(' ');
  }
  return text;
}"""


class Reader:
    """Reads pages and keeps every English word found, by page, with the line it was on."""

    def __init__(self, lang: str, names: list[str], artifacts):
        self.lang, self.names, self.artifacts = lang, names, artifacts
        self.found: dict[str, dict[str, str]] = {}

    def read(self, page, where: str, shot: bool = True) -> str:
        text = page.evaluate(READ, self.names)
        for line in text.splitlines():
            for word in english(line):
                self.found.setdefault(where, {}).setdefault(word, line.strip()[:160])
        if shot:
            page.screenshot(path=str(self.artifacts / f"every-page-{self.lang}-{where}.png"),
                            full_page=True)
        return text

    def report(self) -> str:
        return "\n".join(
            f"{self.lang} {where}: {word!r} in {line!r}"
            for where, words in self.found.items() for word, line in words.items())


@contextmanager
def chinese(browser, asked: str, width: int = 1366, height: int = 900):
    ctx = browser.new_context(viewport={"width": width, "height": height},
                              extra_http_headers={"Accept-Language": asked})
    ctx.set_default_timeout(30_000)
    try:
        yield ctx
    finally:
        ctx.close()


def switch_language(page, current: str, to: str) -> None:
    """The header's chooser: pick `to`, press its button; the same address comes back in it."""
    before = page.url
    label, button = CHOOSER[current]
    page.get_by_label(label, exact=True).select_option(to)
    with page.expect_navigation():
        page.get_by_role("button", name=button, exact=True).click()
    assert page.url == before, f"the chooser left {before} for {page.url}"
    assert page.locator("html").get_attribute("lang") == HTML_LANG[to]


# The site's data for the walks, made once: a member for each language (a choice made with the
# chooser is kept with the account), with a friend who follows them back and challenges them;
# a finished bot game (its replay); a finished one-deal game with puzzles; a tournament whose
# first round the members played (standings) and whose second is seated.
SETUP = """
import io, json
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone
from games.engine import bots
from games.engine.record import results_of
from games.models import FINISHED, Move, Tournament
from games.models.puzzles import Puzzle
from games.services import challenges, friends, places, results, tournaments
from games.services.matches import match_for
from tests.browser.finished_game import make
from tests.web.replay_games import saved_game

names = json.loads(%(names)r)
User = get_user_model()
people = [User.objects.create_user(n, password=%(password)r) for n in names]
friend = people[2]
for member in people[:2]:
    friends.follow(member, friend.username)
    friends.follow(friend, member.username)
    challenges.send(friend, member.username, ruleset_name="chinese-classical", bots="greedy")

replayed = json.loads(make("chinese-classical", "every-page-replay"))["game"]

puzzled = saved_game("pz-solve-10", deals=1)
call_command("make_puzzles", "--game", str(puzzled.pk), stdout=io.StringIO())

t = Tournament.objects.create(name=%(tournament)r, rounds=2, deals_per_table=1,
                              registration_open=True)
for person in people[:4]:
    tournaments.register(t.pk, person)
rnd = tournaments.start_next_round(t.pk)
for table in rnd.tables.all():
    game = table.game
    match = match_for(game)
    match = type(match)(match.ruleset, match.seed)
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    Move.objects.bulk_create(Move(game=game, seq=i, seat=a.seat, action=a.to_json())
                             for i, a in enumerate(match.actions, start=1))
    game.status, game.version, game.finished = FINISHED, match.version, timezone.now()
    game.result = results_of(match)
    game.save()
    results.store(game)
    places.record_result(game)
tournaments.seat_next_round(t.pk)
print(json.dumps({"replay": replayed, "tournament": t.pk, "played": rnd.tables.first().game_id,
                  "puzzle": Puzzle.objects.filter(game=puzzled).order_by("pk").first().pk}))
"""


@pytest.fixture(scope="module")
def world(site_env):
    tag = secrets.token_hex(3)
    names = [f"mei{tag}", f"ju{tag}", f"lan{tag}", f"zhu{tag}"]
    made = json.loads(manage_shell({**site_env, "MAHJONG_THINK_WORKERS": "0"}, SETUP % {
        "names": json.dumps(names), "password": PASSWORD, "tournament": TOURNAMENT}))
    return {**made, "member": {"zh-Hans": names[0], "zh-Hant": names[1]}, "friend": names[2],
            "names": names}


@pytest.fixture
def quiet_site(site_env, tmp_path_factory):
    """The same site and database served as a deployment serves it (DEBUG off), for the 404
    page: with DEBUG on Django shows its own debugging page instead. Only while the test that
    reads it runs: a second process on the same database runs its own ticker, which moved the
    next test's bots once the first process lagged, and its in-memory channel layer sent those
    moves' frames to nobody (the deal's page waited for ever)."""
    log = tmp_path_factory.mktemp("every-page-log") / "daphne.log"
    with daphne({**site_env, "DJANGO_DEBUG": "0"}, log) as base:
        yield base


def _names(world) -> list[str]:
    return [*world["names"], *BOT_NAMES]


E1 = ("/calculator/?melds=b1+b1+b1+b1%2Fconcealed&hand=d5+d5+d5+b3+b4+b5+we+we+dg+dg+dg"
      "&win=dg&seat=ww&round=we&from=discard")


@pytest.mark.parametrize("asked, lang, other", LANGUAGES)
def test_every_page_in_chinese(browser, console, site_url, quiet_site, world, artifacts,
                               asked, lang, other):
    console.expect("status of 404")  # the page that is not there
    console.expect("status of 400")  # the refusals read on purpose (import, board)
    reader = Reader(asked, _names(world), artifacts)
    with chinese(browser, asked) as ctx:
        page = console.watch(ctx.new_page())

        # A visitor's pages.
        page.goto(site_url + "/")
        assert page.locator("html").get_attribute("lang") == asked
        reader.read(page, "home")
        page.goto(site_url + "/accounts/login/")
        reader.read(page, "login")
        page.fill("#id_username", "nobody-by-this-name")
        page.fill("#id_password", "not-the-password")
        with page.expect_navigation():
            page.locator("main form.stacked button[type=submit]").click()
        reader.read(page, "login-refused")
        page.goto(site_url + "/accounts/signup/")
        reader.read(page, "signup")
        page.goto(quiet_site + "/no-such-page/")
        reader.read(page, "404")

        # A member's, signed in (a friend's challenge waits for them: its notice on every page).
        member = world["member"][asked]
        log_in(page, site_url, member, PASSWORD)
        assert page.locator("html").get_attribute("lang") == asked
        page.locator(".notice-challenge").first.wait_for()
        reader.read(page, "lobby")
        page.locator(".notice-later").click()  # put off: the notice would cover the pages
        page.goto(site_url + "/")
        reader.read(page, "home-member")

        page.goto(site_url + "/queue/")
        reader.read(page, "queue")
        page.locator("#find-rated").click()
        page.locator("#queue-wait").wait_for()
        reader.read(page, "queue-waiting")
        with page.expect_navigation():
            page.locator("#queue-leave button").click()

        page.goto(site_url + "/games/")
        reader.read(page, "history")

        page.goto(f"{site_url}/game/{world['replay']}/replay/")
        page.wait_for_selector("body[data-replay-ready]")
        reader.read(page, "replay", shot=False)
        page.locator('[data-rc="end"]').click()
        page.wait_for_selector("#proof-box .proof")
        page.wait_for_function("document.getElementById('verification').textContent.length > 0")
        page.locator("#wall-box summary").click()
        reader.read(page, "replay-end")

        page.goto(f"{site_url}/u/{member}/")
        reader.read(page, "player-own")
        page.goto(f"{site_url}/u/{world['friend']}/")
        reader.read(page, "player-other")
        page.goto(site_url + "/leaderboard/")
        reader.read(page, "leaderboard")

        page.goto(site_url + "/games/import/")
        reader.read(page, "import")
        record = page.request.get(f"{site_url}/game/{world['replay']}/record.json").json()
        record["seed"] += "0"  # no longer the seed its commitment promised: the engine refuses
        page.fill("textarea[name=text]", json.dumps(record))
        page.click("button.primary[type=submit]")
        page.locator(".refusal").wait_for()
        reader.read(page, "import-refused")

        page.goto(site_url + E1)
        page.wait_for_function(
            "document.querySelector('.calc-result .verdict')?.textContent.includes('104')")
        reader.read(page, "calculator")
        # The chooser keeps the page and its query (the hand), then back.
        switch_language(page, lang, other)
        page.wait_for_function(
            "document.querySelector('.calc-result .verdict')?.textContent.includes('104')")
        switch_language(page, other, lang)
        page.fill("#hand", "b1 b2 q7")
        page.locator(".calc-error").wait_for()
        reader.read(page, "calculator-refused")

        page.goto(site_url + "/calculator/?hand=b1b2b3c4c5c6d7d8d9wewedrdgd2&seat=ws")
        page.locator("#calc-analyse").click()
        page.wait_for_url("**/analysis/?*")
        page.locator("#bot-choice").wait_for()
        reader.read(page, "analysis-board")
        page.fill("#hand", "b1 b1 b1 b1 b1")
        page.click("#analyse")
        page.locator("#board-error").wait_for()
        reader.read(page, "analysis-board-refused")

        page.goto(site_url + "/rules/")
        reader.read(page, "rules")
        page.goto(site_url + "/rules/scoring/")
        reader.read(page, "glossary")

        page.goto(site_url + "/tournaments/")
        reader.read(page, "tournaments")
        page.goto(f"{site_url}/tournaments/{world['tournament']}/")
        page.locator(".standings tbody tr").first.wait_for()
        reader.read(page, "tournament")
        page.goto(f"{site_url}/tournaments/{world['tournament']}/slips/")
        reader.read(page, "tournament-slips")

        page.goto(f"{site_url}/puzzles/{world['puzzle']}/")
        page.locator(".pz-hand .tile").first.wait_for()
        reader.read(page, "puzzle")
        page.locator(".pz-hand button").first.click()
        page.locator("#verdict.right, #verdict.wrong").wait_for()
        reader.read(page, "puzzle-answered")
        page.goto(site_url + "/puzzles/")
        reader.read(page, "puzzles")

        page.goto(site_url + "/friends/")
        reader.read(page, "friends")
        page.goto(site_url + "/account/profile/")
        reader.read(page, "profile")
        page.goto(site_url + "/account/bot/")
        reader.read(page, "bot-account")
        page.goto(f"{site_url}/game/{world['played']}/")
        page.locator(".sheet .standings").wait_for()
        page.locator(".sheet-plot svg.points-plot").wait_for()  # drawn by the server, fetched
        reader.read(page, "tournament-table-over")

    assert not reader.found, f"English on the {asked} pages:\n" + reader.report()


# A one-deal table (so the deal's end is the game's end) for a member, with three greedy bots.
# Its seed gives the person, sitting South, a chow of East's first discard (claim_table.py). A
# claim window waits a minute for them: long enough to read the prompt on a busy machine.
DEAL_TABLE = """
from django.contrib.auth import get_user_model
from games import services
from tests.browser.claim_table import LOST_CLAIM_SEED
user = get_user_model().objects.create_user(%(name)r, password=%(password)r)
game = services.create_game(user, seed=LOST_CLAIM_SEED, claim_seconds=60,
                            settings={"max_deals": 1})
services.take_seat(game.pk, user)
for _ in range(3):
    services.add_bot(game.pk, "greedy")
services.start_game(game.pk)
print(game.pk)
"""


@pytest.mark.parametrize("asked, lang, other", LANGUAGES)
def test_a_whole_deal_at_the_table_in_chinese(browser, console, site_url, site_env, artifacts,
                                              asked, lang, other):
    name = f"deal{secrets.token_hex(3)}"
    game_id = int(manage_shell(site_env, DEAL_TABLE % {"name": name, "password": PASSWORD}))
    table_url = f"{site_url}/game/{game_id}/"
    reader = Reader(asked, [name, *BOT_NAMES], artifacts)
    with chinese(browser, asked) as ctx:
        page = console.watch(ctx.new_page())
        log_in(page, site_url, name, PASSWORD)
        page.goto(table_url)
        page.wait_for_selector(".hand .tile")
        page.locator("#talk summary").click()  # the talk box open: its canned lines too
        claims = turns = 0
        for _ in range(400):  # a deal has fewer answers of one seat
            try:
                wait_while_moving(page, YOUR_MOVE)
            except AssertionError as exc:
                page.screenshot(path=str(artifacts / f"every-page-{asked}-table-stalled.png"))
                raise AssertionError(f"{exc}; the server's row: {game_report(site_env, game_id)}") from exc
            if page.locator(".sheet").count():
                break
            if page.locator(".actions .act.claim, .actions .act.win").count() and claims < 2:
                claims += 1
                reader.read(page, f"table-claim-{claims}")
            elif page.locator(".hand .tile.can").count() and turns in (0, 6):
                reader.read(page, f"table-turn-{turns}")
            v = version(page)
            if page.locator(".actions .act.win").count():
                click(page.locator(".actions .act.win"))
            elif page.locator(".hand .tile.can").count():
                click(page.locator(".hand .tile.can").last)
                turns += 1
            elif page.locator(".actions .act.pass").count():
                click(page.locator(".actions .act.pass"))
            elif page.locator(".actions .act").count():
                click(page.locator(".actions .act").first)
            wait_for_change(page, v)
        else:
            raise AssertionError("the deal did not end within 400 answers")
        assert claims, "no claim was offered (the seed gives a chow of East's first discard)"
        assert page.url == table_url
        # The end of the only deal is the end of the game: the sheet, the standings, the plot.
        page.locator(".sheet .standings").wait_for()
        page.locator(".sheet-plot svg.points-plot").wait_for()
        reader.read(page, "table-end")
        # The chooser at the table keeps the game: the same address, its end in the other
        # Chinese (a reload mid-deal is tests/web/test_reconnect_in_window.py's).
        switch_language(page, lang, other)
        assert page.url == table_url
        page.locator(".sheet .standings").wait_for()
        reader.read(page, "table-switched", shot=False)
    assert not reader.found, f"English at the {asked} table:\n" + reader.report()
