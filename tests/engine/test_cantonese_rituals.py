"""The Cantonese rituals as seed 004 writes them: seats by one cast and wind tiles taken from a
stack (§2.1), the first dealer by the East-wind holder's cast (§2.3), and the first break
counting that same cast on the dealer's own wall (§2.4)."""

from collections import Counter

from games.engine.match import Match
from games.engine.rituals import count_round
from games.engine.ruleset import PRESETS, Ruleset
from games.engine.tiles import WIND_TOKENS

CANTONESE = PRESETS["cantonese"]


def test_seats_by_one_cast_and_wind_tiles_from_a_stack():
    """§2.1: "casts the dice and the total number of dots is 3 ... the player at side C should
    pick the top tile from the stack, the player at side D picks the second tile"."""
    pickers = Counter()
    for k in range(40):
        match = Match(CANTONESE, f"stack {k}")
        seating = match.initial_events[0]
        assert seating.type == "seating"
        s = seating.data
        assert s["form"] == "wind_stack" and "second_throw" not in s
        assert s["picker"] == count_round(0, sum(s["throw"])) == count_round(0, s["total"])
        for k2 in range(4):  # the counted player takes the top tile, the next ones in turn
            chair = (s["picker"] + k2) % 4
            assert WIND_TOKENS[match.seating.seat_of[chair]] == s["stack"][k2]
        assert sorted(match.seating.seat_of) == [0, 1, 2, 3]
        pickers[s["picker"]] += 1
    assert len(pickers) == 4


def test_the_first_break_counts_the_cast_that_chose_the_first_dealer():
    """§2.3-2.4: "the total number of the dots is five ... the Dealer counts the stacks
    clockwise according to the total number of dots on the dice cast, in this case five"."""
    for k in range(30):
        match = Match(CANTONESE, f"first break {k}")
        cast = next(e for e in match.initial_events if e.type == "dice").data
        assert cast["purpose"] == "first_dealer" and cast["thrower"] == 0  # the East holder
        assert match.deal.dealer == count_round(0, sum(cast["dice"]))
        brk = match.deal.brk
        assert brk.dealer_throw == tuple(cast["dice"]) and brk.breaker == match.deal.dealer
        assert brk.recast and brk.total == sum(cast["dice"])
        wall = [e.data for e in match.deal.events if e.type == "dice"]
        assert wall == [{"thrower": match.deal.dealer, "dice": cast["dice"], "purpose": "wall",
                         "recast": True}]


def test_later_deals_cast_again():
    match = Match(CANTONESE, "later deals")
    while match.deal.number == 1:
        seat = match.waiting_on()[0]
        match.apply(match.legal_actions(seat)[-1])
    assert not match.deal.brk.recast


def test_a_game_saved_before_these_rituals_replays_as_it_was_played():
    """A stored ruleset without the new settings keeps the rituals it was played with, so
    saved games and records replay unchanged."""
    old = {**CANTONESE.to_json(), "seating_form": "dice"}
    del old["first_break_by_dealer_cast"]
    match = Match(Ruleset.from_json(old), "saved")
    assert match.initial_events[0].data["form"] == "dice"
    assert not match.deal.brk.recast
