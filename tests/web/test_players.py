"""Player pages (/u/<name>/): the statistics a player would check against the games they played."""

import html

import pytest

from games.engine.match import Match
from games.models.stats import PlayerStats, add_game

from .finished import saved_game

pytestmark = pytest.mark.django_db(transaction=True)

# Three deals, written out by hand: seat 0 wins self-drawn for 48, then deals in to seat 2,
# then a wash-out.
SUMMARY = {
    "standings": [{"seat": 2, "points": 2100, "place": 1}, {"seat": 0, "points": 2020, "place": 2},
                  {"seat": 1, "points": 1940, "place": 3}, {"seat": 3, "points": 1940, "place": 3}],
    "deals": [
        {"number": 1, "winner": 0, "how": "self_drawn", "discarder": None, "score": 48,
         "limit": None, "deltas": [144, -48, -48, -48]},
        {"number": 2, "winner": 2, "how": "discard", "discarder": 0, "score": 62,
         "limit": None, "deltas": [-124, -12, 148, -12]},
        {"number": 3, "winner": None, "how": "draw", "discarder": None, "score": None,
         "limit": None, "deltas": [0, 0, 0, 0]},
    ],
}


def test_statistics_of_a_written_out_game():
    stats = PlayerStats()
    add_game(stats, 7, 0, SUMMARY)
    assert (stats.games, stats.games_won, stats.deals, stats.deals_won) == (1, 0, 3, 1)
    assert (stats.self_drawn, stats.dealt_in, stats.points_won) == (1, 1, 20)
    assert stats.deal_in_rate == pytest.approx(1 / 3)
    assert stats.self_drawn_rate == pytest.approx(1 / 3)
    assert stats.points_per_deal == pytest.approx(20 / 3) and stats.points_per_game == 20
    assert stats.placings == [0, 1, 0, 0]
    assert [(b.game_id, b.deal, b.score) for b in stats.best] == [(7, 1, 48)]
    third = PlayerStats()
    add_game(third, 7, 3, SUMMARY)  # tied for third: both count as third
    assert third.placings == [0, 0, 1, 0] and third.dealt_in == 0 and third.deals_won == 0


def _text(response) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def _figure(text: str, label: str) -> str:
    at = text.index(f"<dt>{label}</dt>")
    return text[text.index("<dd>", at) + 4:text.index("</dd>", at)]  # the first <dd>: the figure


def test_a_player_page_shows_the_statistics_of_the_games_played(client, players, outsider):
    games = [saved_game(players[:1], 3, seed=f"stats-{n}", ago_minutes=10 - n) for n in range(2)]
    expected = PlayerStats()
    deals = won = drawn = dealt_in = net = firsts = 0
    for game in games:
        seat = game.seats.get(user=players[0]).position
        # Count straight from the engine's replay of the moves, not from the saved summary.
        match = Match.replay({"format": "mahjong-record/1", "ruleset": game.ruleset,
                              "seed": game.seed,
                              "actions": list(game.moves.values_list("action", flat=True))})
        for h in match.history:
            deals += 1
            net += h.deltas[seat]
            won += h.result.winner == seat
            drawn += h.result.winner == seat and h.result.how == "self_drawn"
            dealt_in += (h.result.winner not in (None, seat) and h.result.how == "discard"
                         and h.result.discarder == seat)
        firsts += any(s.seat == seat and s.place == 1 for s in match.standings())
        add_game(expected, game.pk, seat, game.result)
    assert deals >= 4  # a one-round game has at least four deals

    client.force_login(outsider)  # anyone may look
    text = _text(client.get(f"/u/{players[0].username}/"))
    assert _figure(text, "Games played") == "2"
    assert _figure(text, "Games won") == str(firsts)
    assert _figure(text, "Deals won") == f"{won} of {deals}"
    assert _figure(text, "Deal-in rate") == f"{dealt_in / deals * 100:.1f}%"
    assert _figure(text, "Self-drawn rate") == f"{drawn / deals * 100:.1f}%"
    assert _figure(text, "Points per deal") == f"{net / deals:+,.1f}"
    assert _figure(text, "Points per game") == f"{net / 2:+,.1f}"
    for best in expected.best:
        assert f"table {best.game_id}, deal {best.deal}" in text
    for game in games:  # the recent games, linked to their replays
        assert f'<th scope="row">{game.pk}' in text
        assert f"/game/{game.pk}/" in text


def test_a_guest_has_the_same_page(client):
    client.post("/play-now/")
    text = _text(client.get("/"))
    name = text[text.index('class="who-am-i"'):].split(">", 1)[1].split("<", 1)[0]
    assert name.startswith("guest-")
    page = _text(client.get(f"/u/{name}/"))
    assert "A guest" in page and "Keep this name" in page and "Recent games" in page


def test_an_unknown_player_is_not_found(client):
    assert client.get("/u/nobody-at-all/").status_code == 404
