"""Puzzles (docs/puzzles.md) and the analysis board: a stored puzzle is its source seat's view at
that move and nothing more; its solution is the evaluator's best by the stored margin; a
position under the threshold is not made; answers are rated by the Glicko-2 library; nothing
comes from a live game, a private one or a round whose result is hidden."""

from __future__ import annotations

import io
import json

import glicko2
import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.engine.actions import Action
from games.engine.match import Match
from games.engine.ruleset import Ruleset, get_ruleset
from games.engine.views import seat_view
from games.models import ACTIVE, PLAYING, Game, Round, Table, Tournament
from games.models.puzzles import Puzzle, PuzzleAttempt, PuzzleRating, PuzzleSource
from games.services import puzzles
from games.services.analysis import analyse
from games.thinking import board_jobs, puzzle_jobs

from .jobs_once import once
from .replay_games import saved_game

pytestmark = pytest.mark.django_db

SEED = "pz-test"
# A one-deal table (as a tournament's) whose person in the first chair gives one puzzle of their
# own from their costliest decisions, and whose seats give public ones.
GAME, DEALS = "pz-own-37", 1


@pytest.fixture(scope="module", autouse=True)
def jobs_once():
    """The module's tests make puzzles of the same few games (make_puzzles, make_for_game): each
    game's bot play and simulations are worked out once, the services storing them every time."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(puzzle_jobs, "bot_game", once(puzzle_jobs.bot_game, thresholds=False))
        for name in ("game_puzzles", "simulated_puzzles", "own_puzzles"):
            mp.setattr(puzzle_jobs, name, once(getattr(puzzle_jobs, name)))
        yield


@pytest.fixture(scope="module")
def found(jobs_once):
    """One short game of bots and its puzzles, found once for the module (a few seconds)."""
    return puzzle_jobs.simulated_puzzles("chinese-classical", f"{SEED}:0")


@pytest.fixture
def made(found):
    """Those puzzles stored, as make_puzzles stores them."""
    source = PuzzleSource.objects.create(ruleset_name="chinese-classical", seed=f"{SEED}:0",
                                         actions=found["actions"])
    stored = puzzles.store(found, "chinese-classical", source=source)
    assert len(stored) >= 2, found["tried"]
    return stored


def test_make_puzzles_plays_bot_games_and_keeps_their_puzzles(found):
    out = io.StringIO()
    call_command("make_puzzles", "--ruleset", "chinese-classical", "--games", "1",
                 "--seed", SEED, stdout=out)
    made = len(found["puzzles"])
    assert (f"chinese-classical: games 1, weighed {found['weighed']}, "
            f"simulated {found['tried']}, made {made}; {made} public puzzles") in out.getvalue()
    assert "s with 0 workers" in out.getvalue()  # its time
    assert puzzles.public("chinese-classical").count() == made
    # Run again on the same seeds, nothing is kept twice.
    puzzles.make_simulated("chinese-classical", 1, SEED)
    assert puzzles.public("chinese-classical").count() == made


def test_make_puzzles_starts_no_game_once_the_target_is_met(found, monkeypatch):
    # What is checked is which games are started and kept, not how their puzzles are found: the
    # games after the first (whose puzzles meet the target) screen one position only.
    job = puzzle_jobs.simulated_puzzles
    monkeypatch.setattr(puzzle_jobs, "simulated_puzzles", lambda ruleset_name, seed: job(
        ruleset_name, seed, **({} if seed == f"{SEED}:0" else {"screened": 1})))
    counts = puzzles.make_simulated("chinese-classical", 50, SEED, until=1)
    # Two games are under way at once with no workers (window 2): the second is kept too.
    assert counts["games"] == 2 and counts["made"] >= 1
    assert PuzzleSource.objects.filter(seed__startswith=f"{SEED}:").count() == 2


def test_a_persons_costliest_decisions_become_their_own_puzzles(django_user_model):
    person = django_user_model.objects.create_user("learner")
    game = saved_game(GAME, user=person, deals=DEALS)
    seat = game.seats.get(chair=0).position
    analysis = analyse(game.pk)
    misses = [m for s in analysis["seats"] for m in s["misses"] if not m.get("missed_win")]
    assert misses
    puzzles.make_for_game(game.pk)
    own = list(Puzzle.objects.filter(owner=person))
    assert own, "no miss met the margin"
    actions = puzzles.game_actions(game)
    for p in own:
        assert p.seat == seat and p.move in {m["version"] - 1 for m in misses}
        assert p.view == _replayed_view(Ruleset.from_json(game.ruleset), game.seed, actions, p)
        assert p.played == actions[p.move]
        assert not puzzles.same_action(p.played, p.solution)


def _replayed_view(ruleset: Ruleset, seed: str, actions, puzzle: Puzzle) -> dict:
    match = Match(ruleset, seed)
    for data in actions[: puzzle.move]:
        match.apply(Action.from_json(data))
    return seat_view(match, puzzle.seat)


def test_a_stored_puzzle_is_its_source_seats_view_at_that_move(made):
    for p in made:
        view = _replayed_view(get_ruleset(p.ruleset_name), p.source.seed, p.source.actions, p)
        assert p.view == view
        # Nothing of another seat's concealed tiles: only the viewer's hand is named.
        assert p.view["viewer"] == p.seat
        assert all("hand" not in s for s in p.view["seats"])
        # The source's own move at that point was the seat's.
        assert p.source.actions[p.move]["seat"] == p.seat


def test_a_game_rows_puzzles_are_its_seats_views(django_user_model):
    game = saved_game(GAME, deals=DEALS)
    made = puzzles.make_for_game(game.pk)
    assert made, "the game gave no puzzle"
    actions = puzzles.game_actions(game)
    for p in made:
        assert p.game_id == game.pk and p.owner is None
        assert p.view == _replayed_view(Ruleset.from_json(game.ruleset), game.seed, actions, p)


def test_the_solution_is_the_evaluators_best_by_the_stored_margin(made):
    for p in made:
        _, candidates = puzzle_jobs.weigh_view(p.view, get_ruleset(p.ruleset_name))
        assert candidates[0]["action"] == p.solution
        margin = candidates[0]["expected"] - candidates[1]["expected"]
        assert margin == pytest.approx(p.margin, abs=0.01)
        assert p.margin >= puzzle_jobs.MARGIN and p.margin_chance >= 0
        sim = p.simulation
        assert sim["n"] == puzzle_jobs.SIMULATIONS and sim["low"] > 0
        assert p.theme_list


def test_a_position_under_the_threshold_is_not_made(made, monkeypatch):
    p = made[0]
    _, candidates = puzzle_jobs.weigh_view(p.view, get_ruleset(p.ruleset_name))
    assert puzzle_jobs.margin_of(candidates) is not None
    close = [dict(candidates[0]), dict(candidates[1])]
    close[1]["expected"] = close[0]["expected"] - puzzle_jobs.MARGIN / 2
    assert puzzle_jobs.margin_of(close) is None
    # With a threshold no position meets, the same game gives no puzzle at all.
    monkeypatch.setattr(puzzle_jobs, "MARGIN", 1e9)
    found = puzzle_jobs.simulated_puzzles("chinese-classical", f"{SEED}:0")
    assert found["weighed"] > 0 and found["puzzles"] == []


def _answer(client: Client, p: Puzzle, action: dict):
    return client.post(reverse("puzzle_answer", args=[p.pk]), json.dumps({"action": action}),
                       content_type="application/json")


def _wrong(p: Puzzle) -> dict:
    return next(a for a in p.view["legal_actions"] if not puzzles.same_action(a, p.solution))


def test_rating_updates_equal_the_librarys_own(made, django_user_model):
    user = django_user_model.objects.create_user("solver")
    client = Client()
    client.force_login(user)
    me = glicko2.Player()
    script = [(made[0], True), (made[1], False)]
    for p, right in script:
        theirs = glicko2.Player(p.rating, p.deviation, p.volatility)
        mine_before = (me.rating, me.rd)
        answer = p.solution if right else _wrong(p)
        data = _answer(client, p, answer).json()
        assert data["correct"] is right and data["rated"] is True
        me.update_player([theirs.rating], [theirs.rd], [1 if right else 0])
        theirs.update_player([mine_before[0]], [mine_before[1]], [0 if right else 1])
        r = PuzzleRating.objects.get(user=user, ruleset_name="chinese-classical")
        assert (r.rating, r.deviation, r.volatility) == pytest.approx((me.rating, me.rd, me.vol))
        p.refresh_from_db()
        assert (p.rating, p.deviation, p.volatility) == pytest.approx(
            (theirs.rating, theirs.rd, theirs.vol))
        assert data["rating"] == round(me.rating)
    # A second answer to the same puzzle is checked but not rated.
    again = _answer(client, made[0], made[0].solution).json()
    assert again["correct"] is True and again["rated"] is False
    r = PuzzleRating.objects.get(user=user)
    assert r.attempts == 2 and r.solved == 1
    assert PuzzleAttempt.objects.filter(user=user).count() == 3


def test_after_an_answer_every_candidate_and_a_replay_link_where_allowed():
    game = saved_game(GAME, deals=DEALS)
    made = puzzles.make_for_game(game.pk)
    p = made[0]
    data = _answer(Client(), p, p.solution).json()
    assert data["correct"] and not data["rated"]  # anonymous: checked, unrated
    assert [c["action"] for c in data["candidates"]] == [c["action"] for c in p.candidates]
    assert data["replay"] == reverse("game_replay", args=[game.pk]) + f"#v{p.move + 1}"
    assert data["simulation"]["low"] > 0


def test_an_illegal_answer_is_refused(made):
    r = _answer(Client(), made[0], {"type": "discard", "tile": "zz"})
    assert r.status_code == 400 and "not one of" in r.json()["error"]


def test_no_puzzle_from_a_live_private_or_hidden_result_game():
    live = saved_game("pz-live", moves=60)
    assert live.status == ACTIVE
    assert puzzles.make_for_game(live.pk) == []
    private = saved_game("pz-private", deals=1)
    Game.objects.filter(pk=private.pk).update(private=True)
    assert puzzles.make_for_game(private.pk) == []
    hidden = saved_game("pz-hidden", deals=1)
    t = Tournament.objects.create(name="Cup", hide_scores=True)
    rnd = Round.objects.create(tournament=t, number=1, status=PLAYING)
    Table.objects.create(round=rnd, number=1, game=hidden)
    Game.objects.filter(pk=hidden.pk).update(tournament=True)
    assert puzzles.make_for_game(hidden.pk) == []
    assert not Puzzle.objects.exists()


def test_the_run_the_puzzle_of_the_day_and_own_puzzles(made, django_user_model):
    r = Client().get(reverse("puzzles") + "?ruleset=chinese-classical")
    assert r.status_code == 200 and b'id="puzzle"' in r.content
    home = Client().get("/")
    assert b"Puzzle of the day" in home.content
    owner = django_user_model.objects.create_user("owner")
    other = django_user_model.objects.create_user("other")
    own = made[0]
    Puzzle.objects.filter(pk=own.pk).update(owner=owner)
    c = Client()
    c.force_login(other)
    assert c.get(reverse("puzzle", args=[own.pk])).status_code == 404
    assert _answer(c, own, own.solution).status_code == 404
    c.force_login(owner)
    assert c.get(reverse("puzzle", args=[own.pk])).status_code == 200
    page = c.get(reverse("player", args=["owner"]))
    assert reverse("puzzle", args=[own.pk]).encode() in page.content
    # Own puzzles are not rated, and never offered in the public run.
    assert _answer(c, own, own.solution).json()["rated"] is False
    assert own.pk not in set(puzzles.public().values_list("pk", flat=True))


# ------------------------------------------------------------------ the analysis board
BOARD = {"ruleset": "chinese-classical", "seat": "ws", "round": "we",
         "hand": "b1 b2 b3 c4 c5 c6 d7 d8 d9 we we dr dg", "drawn": "d2", "wall": "50",
         "d_we": "wn c9", "d_ww": "b9"}


def test_the_board_weighs_every_legal_action_as_the_engine_does():
    r = Client().get(reverse("analysis_board_weigh"), BOARD)
    assert r.status_code == 200
    data = r.json()
    view = data["view"]
    assert view["viewer"] == 1 and view["drawn"] == "d2"
    expected = board_jobs.board(view, get_ruleset("chinese-classical"))
    assert data["candidates"] == expected["candidates"]
    assert data["bot"] == expected["bot"]
    kinds = {c["action"]["tile"] for c in data["candidates"]}
    assert kinds == {"b1", "b2", "b3", "c4", "c5", "c6", "d7", "d8", "d9", "we", "dr", "dg", "d2"}


def test_the_board_offers_claims_on_a_discard():
    q = dict(BOARD, hand="b1 b2 c4 c5 c6 d7 d8 d9 we we dr dg dg", drawn="", claim="b3",
             **{"from": "we"})
    data = Client().get(reverse("analysis_board_weigh"), q).json()
    kinds = {c["action"]["type"] for c in data["candidates"]}
    assert kinds == {"pass", "chow"}


@pytest.mark.parametrize(("change", "words"), [
    ({"hand": "b1 b1 b1 b1 b1"}, "more than four of b1"),
    ({"hand": "zz"}, "hand:"),
    ({"hand": "b1 b2"}, "the hand has"),
    ({"wall": "900"}, "wall:"),
    ({"ruleset": "nope"}, "ruleset:"),
    ({"hand": "b1 " * 60}, "too long"),
])
def test_bad_positions_get_a_clear_error(change, words):
    r = Client().get(reverse("analysis_board_weigh"), dict(BOARD, **change))
    assert r.status_code == 400 and words in r.json()["error"]


def test_a_puzzle_and_a_replay_move_open_on_the_board(made):
    p = made[0]
    r = Client().get(reverse("analysis_board") + f"?puzzle={p.pk}")
    assert r.status_code == 302
    moved = Client().get(r["Location"])
    assert moved.status_code == 200 and p.view["hand"].encode() in moved.content
    weighed = Client().get(reverse("analysis_board_weigh") + "?" + r["Location"].split("?")[1])
    assert weighed.json()["candidates"][0]["action"]["type"] == p.solution["type"]

    game = saved_game("pz-board", deals=1)
    seat, move = 2, 30
    r = Client().get(reverse("analysis_board"), {"game": game.pk, "move": move, "seat": seat})
    assert r.status_code == 302
    actions = puzzles.game_actions(game)
    match = Match(Ruleset.from_json(game.ruleset), game.seed)
    for data in actions[:move]:
        match.apply(Action.from_json(data))
    view = seat_view(match, seat)
    target = Client().get(reverse("analysis_board_weigh") + "?" + r["Location"].split("?")[1])
    shown = target.json()["view"]
    assert sorted(shown["hand"].split()) == sorted(view["hand"].split())
    live = saved_game("pz-board-live", moves=40)
    r = Client().get(reverse("analysis_board"), {"game": live.pk, "move": 10, "seat": 0})
    assert r.status_code == 409


# ------------------------------------------------------------------ a replay's decisions
def test_every_decision_of_a_person_is_ranked_as_the_evaluator_ranks_it(django_user_model):
    person = django_user_model.objects.create_user("decider")
    game = saved_game("pz-decisions", user=person, deals=2)
    seat = game.seats.get(chair=0).position
    r = Client().get(reverse("game_decisions", args=[game.pk]), {"seat": seat})
    assert r.status_code == 200
    data = r.json()
    actions = puzzles.game_actions(game)
    mine = [i for i, a in enumerate(actions) if a["seat"] == seat]
    assert data["decisions"] and {d["version"] for d in data["decisions"]} <= set(mine)
    # One decision checked against the evaluator from that seat's own view.
    d = data["decisions"][len(data["decisions"]) // 2]
    match = Match(Ruleset.from_json(game.ruleset), game.seed)
    for a in actions[: d["version"]]:
        match.apply(Action.from_json(a))
    _, candidates = puzzle_jobs.weigh_view(seat_view(match, seat), match.ruleset)
    assert d["candidates"][0]["action"] == candidates[0]["action"]
    assert d["played"] == actions[d["version"]]
    assert sum(x["lost"] for x in data["per_deal"]) == pytest.approx(
        sum(x["lost"] for x in data["decisions"]), abs=0.1 * len(data["per_deal"]))
    # A bot's seat has no person's decisions.
    bot_seat = game.seats.get(chair=1).position
    assert Client().get(reverse("game_decisions", args=[game.pk]),
                        {"seat": bot_seat}).status_code == 400


def test_the_calculators_hand_is_a_position_for_the_board():
    """The calculator's fields: a hand with its last tile, sets marked /claimed or /promoted."""
    q = {"ruleset": "chinese-classical", "seat": "ww", "round": "we",
         "hand": "d5 d5 d5 b3 b4 b5 we we dg dg dg", "melds": "c1 c1 c1 c1/claimed"}
    data = Client().get(reverse("analysis_board_weigh"), q).json()
    assert data["view"]["seats"][2]["melds"][0]["kong"] == "claimed"
    assert data["candidates"][0]["action"]["type"] == "win"
