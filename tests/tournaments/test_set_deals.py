"""A tournament table may play a set number of deals instead of a whole game of four rounds."""

from games.engine import bots
from games.engine.match import Match
from games.engine.ruleset import get_ruleset


def _play(match: Match) -> Match:
    while not match.is_over:
        seat = match.waiting_on()[0]
        match.apply(bots.choose(match, seat, "greedy"))
    return match


def test_a_set_number_of_deals_ends_the_game_after_that_many_deals():
    ruleset = get_ruleset("chinese-classical").replace(max_deals=2)
    match = _play(Match.new(ruleset, "two deals"))
    assert len(match.history) == 2
    assert sum(match.points) == 4 * ruleset.starting_points  # still zero-sum
    assert [s.place for s in match.standings()][0] == 1
    replayed = Match.replay(match.record())  # the setting travels with the record
    assert replayed.is_over and replayed.points == match.points


def test_without_a_set_number_a_game_plays_its_rounds():
    ruleset = get_ruleset("chinese-classical").replace(rounds=1)
    match = _play(Match.new(ruleset, "one round"))
    assert len(match.history) >= 4  # each of the four players deals at least once
