"""The replay page and its steps (games/web/pages/replay.py)."""

import gzip
import json

import pytest

from games import services
from games.engine.replay import expand
from games.models import Game

from ..engine.invariants import PUBLIC_TILE_PATHS, _tokens
from .replay_games import saved_game

pytestmark = pytest.mark.django_db


def _config(html: str) -> dict:
    marker = '<script id="replay-config" type="application/json">'
    start = html.index(marker) + len(marker)
    return json.loads(html[start:html.index("</script>", start)])


def _steps(client, game):
    response = client.get(f"/game/{game.pk}/replay/steps.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    return response, json.loads(response.content)


def test_a_finished_games_replay_shows_every_hand_and_the_wall(client):
    game = saved_game("web-replay-finished")
    page = client.get(f"/game/{game.pk}/replay/")
    assert page.status_code == 200
    html = page.content.decode()
    config = _config(html)
    assert config["steps"] == f"/game/{game.pk}/replay/steps.json" and config["finished"]
    assert "js/replay.js" in html and "Export record" in html
    # The first visit does not wait for the verification and the plot: the page asks for them.
    assert config["extras"] == f"/game/{game.pk}/replay/extras.json"
    extras = client.get(config["extras"]).json()
    verified = "verified: the seed matches its commitment and replays to these results"
    assert extras["verification"] == {"ok": True, "message": verified}
    assert '<figure class="plot"' in extras["plot"] and "<svg" in extras["plot"]
    again = client.get(f"/game/{game.pk}/replay/").content.decode()
    assert verified in again and '<figure class="plot"' in again
    assert "extras" not in _config(again)
    _, data = _steps(client, game)
    assert data["reveal"] and data["over"] and data["version"] == game.version
    assert len(data["deals"]) >= 16
    views = expand(data["steps"])
    assert all("hand" in seat for seat in views[-1]["seats"])
    assert all(d["live"] and d["dead"] for d in data["deals"])


def test_the_steps_are_sent_compressed_to_a_browser_that_accepts_it(client):
    game = saved_game("web-replay-gzip", moves=300)
    plain = client.get(f"/game/{game.pk}/replay/steps.json")
    packed = client.get(f"/game/{game.pk}/replay/steps.json", HTTP_ACCEPT_ENCODING="gzip, br")
    assert packed["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(packed.content)) == json.loads(plain.content)
    assert len(packed.content) * 3 < len(plain.content)


def test_a_running_games_replay_serves_only_spectator_views(client):
    """DESIGN.md "Per-seat views": while the game runs, no concealed tile, drawn tile, claim
    answer, wall order or seed leaves the server through the replay."""
    game = saved_game("web-replay-running", moves=650)
    assert game.status == "active"
    page = client.get(f"/game/{game.pk}/replay/")
    assert page.status_code == 200 and game.seed not in page.content.decode()
    response, data = _steps(client, game)
    assert response["Cache-Control"] == "no-store"
    assert game.seed not in response.content.decode()
    assert not data["reveal"] and not data["over"]
    assert all("live" not in d and "dead" not in d for d in data["deals"])
    for step, view in zip(data["steps"], expand(data["steps"]), strict=True):
        for path, _tile in _tokens(view):
            if path.startswith("last_deal.") and view["phase"] == "deal_over":
                continue
            assert path in PUBLIC_TILE_PATHS, (step["v"], path)
        for event in step["e"]:
            assert "answer" not in event and "tiles" not in event
            assert event["type"] != "draw" or "tile" not in event


def test_a_table_not_yet_started_has_no_replay(client, players):
    game = services.create_game(players[0])
    assert client.get(f"/game/{game.pk}/replay/").status_code == 404
    assert client.get(f"/game/{game.pk}/replay/steps.json").status_code == 404


def test_the_replay_follows_a_running_game_move_by_move(client):
    game = saved_game("web-replay-follow", moves=200)
    _, before = _steps(client, game)
    Game.objects.filter(pk=game.pk).update(version=150)  # as the game stood earlier
    game.refresh_from_db()
    _, earlier = _steps(client, game)
    assert earlier["version"] == 150 < before["version"]
    assert earlier["steps"][-1]["v"] <= 150


def test_a_running_random_centre_table_has_no_replay_until_it_ends(client, players):
    """Seed 003 §3.3: stepping through a running game would read the discards back in order."""
    from .live import make_table

    game = make_table(players[:1], bots=3, seed="centre-replay",
                      settings={"discard_display": "centre"})
    assert game.status == "active"
    assert client.get(f"/game/{game.pk}/replay/").status_code == 404
    assert client.get(f"/game/{game.pk}/replay/steps.json").status_code == 404
    Game.objects.filter(pk=game.pk).update(status="finished")
    assert client.get(f"/game/{game.pk}/replay/").status_code == 200


def test_a_running_games_steps_are_extended_move_by_move_not_rebuilt(client):
    """Issue 16 §4: a spectator's replay of a running game asks again as the game goes on; the
    server extends the steps it has by the new moves, and they equal a build from move 1."""
    from games.engine.actions import Action
    from games.engine.replay import replay_steps
    from games.engine.ruleset import Ruleset
    from games.web.pages import running_steps

    game = saved_game("web-replay-growing", moves=420)
    actions = [Action.from_json(a)
               for a in game.moves.order_by("seq").values_list("action", flat=True)]
    ruleset = Ruleset.from_json(game.ruleset)
    kept = None
    for version in (150, 151, 290, 420):
        Game.objects.filter(pk=game.pk).update(version=version)
        _, data = _steps(client, game)
        fresh = replay_steps(ruleset, game.seed, actions[:version], reveal=False)
        assert data == json.loads(json.dumps(fresh)), version
        entry = running_steps._games[(game.pk, game.seed)]
        assert kept is None or entry is kept  # the same steps, extended
        kept = entry
