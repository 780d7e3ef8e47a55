"""Random legal play under every preset keeps the invariants (tiles accounted for, hand sizes,
someone to act) and replays exactly: the new walls (no dead wall, replenished dead walls
drawn from the left end, bonus rounds) and the early-kong robbing window included.

Seeded loops keep CI modest; PRESET_PROPERTY_DEALS=200 plays more per preset."""

import os
import random

import pytest

from games.engine.deal import Deal
from games.engine.ruleset import PLAYABLE, PRESETS

from .invariants import hand_sizes_right, someone_can_act, tiles_accounted_for
from .test_properties import pick
from .util import fingerprint

DEALS = int(os.environ.get("PRESET_PROPERTY_DEALS", "12"))


@pytest.mark.parametrize("name", PLAYABLE)
def test_random_deals_keep_the_invariants_and_replay(name):
    rs = PRESETS[name]
    for k in range(DEALS):
        rng = random.Random(f"{name}:{k}")
        dealer = k % 4
        deal = Deal(rs, f"prop {name} {k}", dealer=dealer, goulash=k % 5 == 4)
        played = []
        while True:
            tiles_accounted_for(deal)
            hand_sizes_right(deal)
            someone_can_act(deal)
            if deal.is_over:
                break
            action = pick(deal, rng)
            deal.apply(action)
            played.append(action)
        again = Deal(rs, f"prop {name} {k}", dealer=dealer, goulash=k % 5 == 4)
        for action in played:
            again.apply(action)
        assert fingerprint(again) == fingerprint(deal)
        assert again.result == deal.result
