"""A finished game's decisions against the strong bot (engine/brain/review.py)."""

from games.engine import actions as A
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


def test_a_win_not_taken_is_a_missed_win_not_a_sentinel_number():
    """Going out ranks above everything by a sentinel score (evaluate.WIN_SCORE): a person who
    lets a win go is told of a missed win and what the hand would have scored, and no sentinel
    leaks into the expected value given up (issue 38, item 1)."""
    seed = "missed-win-1"
    match = Match(RULES, seed)
    actions = []
    while not match.is_over:
        seat = match.waiting_on()[0]
        action = bots.choose(match, seat, "strong" if seat == 0 else "beginner")
        if seat == 0 and action.type == A.WIN:  # seat 0 never goes out
            action = next(a for a in match.legal_actions(0) if a.type in (A.PASS, A.DISCARD))
        actions.append(action)
        match.apply(action)
    (seat,) = review_game(RULES, seed, actions, [0])["seats"]
    missed = [m for m in seat["misses"] if m["bot"]["type"] == "win"]
    assert missed and seat["missed_wins"] >= len(missed)
    assert seat["misses"][:len(missed)] == missed  # a missed win is the costliest kind
    for m in missed:
        assert m["missed_win"] and m["lost"] is None and m["win_value"] > 0
        assert m["played"]["type"] != "win"
    assert all(m["lost"] < 10_000 for m in seat["misses"] if not m.get("missed_win"))
    assert seat["lost"] < 10_000
