"""A finished game's decisions against the strong bot (engine/brain/review.py)."""

from games.engine import bots
from games.engine.brain.review import TOP_MISSES, review_game
from games.engine.match import Match
from games.engine.ruleset import get_ruleset

RULES = get_ruleset("chinese-classical").replace(rounds=1, max_deals=2)


def _play(seed, levels):
    match = Match(RULES, seed)
    actions = []
    while not match.is_over:
        seat = match.waiting_on()[0]
        action = bots.choose(match, seat, levels[seat])
        actions.append(action)
        match.apply(action)
    return actions


def test_a_seat_played_by_the_strong_bot_matches_it_every_time():
    actions = _play("review-1", ["strong", "beginner", "beginner", "beginner"])
    review = review_game(RULES, "review-1", actions, [0])
    (seat,) = review["seats"]
    assert seat["seat"] == 0 and seat["decisions"] > 10
    assert seat["match_rate"] == 1.0 and seat["misses"] == [] and seat["lost"] == 0
    assert review["complete"]


def test_a_random_player_misses_and_its_costliest_misses_are_listed():
    actions = _play("review-2", ["random", "beginner", "beginner", "beginner"])
    review = review_game(RULES, "review-2", actions, [0])
    (seat,) = review["seats"]
    assert seat["match_rate"] < 0.8
    misses = seat["misses"]
    assert 0 < len(misses) <= TOP_MISSES
    assert [m["lost"] for m in misses] == sorted((m["lost"] for m in misses), reverse=True)
    for m in misses:
        played = actions[m["version"] - 1]  # the move that made this version
        assert played.seat == 0 and played.to_json() == m["played"]
        assert m["bot"] != m["played"] and 1 < m["rank"] <= m["of"]


def test_only_the_people_are_weighed_and_the_work_is_bounded():
    actions = _play("review-3", ["beginner"] * 4)
    both = review_game(RULES, "review-3", actions, [1, 3])
    assert [s["seat"] for s in both["seats"]] == [1, 3]
    capped = review_game(RULES, "review-3", actions, [1, 3], max_decisions=5)
    assert capped["weighed"] == 5 and not capped["complete"]
    assert sum(s["decisions"] for s in capped["seats"]) == 5
    assert review_game(RULES, "review-3", actions, [])["seats"] == []
