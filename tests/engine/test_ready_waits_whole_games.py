"""The ready indicator (views.ready_waits) at every step of whole deals of each preset: it never
fails (a frame that raised once stopped a Hong Kong table for good) and never names a tile all
four of whose copies the seat holds itself."""

from __future__ import annotations

import pytest

from games.engine import bots
from games.engine.match import Match
from games.engine.ruleset import PLAYABLE
from games.engine.tiles import parse_tiles
from games.engine.views import own_hand, ready_waits

STEPS = 1500


@pytest.mark.parametrize("ruleset", PLAYABLE)
def test_the_ready_indicator_holds_at_every_step(ruleset):
    match = Match.new(ruleset, f"ready-waits {ruleset}")
    named = 0
    for _ in range(STEPS):
        if match.is_over:
            break
        for seat in range(4):
            waits = ready_waits(match, seat)
            for wait in waits or []:
                tile = parse_tiles(wait["tile"])[0]
                held = own_hand(match, seat)[tile] + sum(
                    m.tiles.count(tile) for m in match.deal.seats[seat].melds)
                assert held < 4, (ruleset, seat, wait)
                named += 1
        pos = next(iter(match.waiting_on()))
        match.apply(bots.choose(match, pos, "beginner"))
    assert named > 0  # the indicator had something to say in these deals
