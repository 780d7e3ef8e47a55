"""Who deals next (seed 003 §3.3, seed 001, classical.md §3.6)."""

import pytest

from games.engine import bots
from games.engine.match import Match, dealer_stays
from games.engine.ruleset import PRESETS


@pytest.mark.parametrize("name", ["chinese-classical", "bmja", "british", "dmjl"])
def test_east_keeps_the_deal_when_he_wins(name):
    """Seed 003 §3.3 and seed 001 ("every player will take turns to be the dealer", East
    staying while he wins): an East win keeps the deal with East."""
    if name not in PRESETS:
        pytest.skip(f"{name} not defined")
    assert dealer_stays(PRESETS[name], winner=2, dealer=2, streak=1) == (True, 1)
    assert dealer_stays(PRESETS[name], winner=3, dealer=2, streak=0) == (False, 0)


def test_east_keeps_the_deal_after_his_thirteenth_win_in_the_classical_game():
    """Seed 003 §3.3 ("East keeps the deal whenever he wins"): the 13th win in a row scores the
    L18 limit (classical.md §3.6) and East stays; his count starts again."""
    rs = PRESETS["chinese-classical"]
    assert dealer_stays(rs, winner=0, dealer=0, streak=12) == (True, 12)
    assert dealer_stays(rs, winner=0, dealer=0, streak=13) == (True, 0)


def test_a_league_passes_the_deal_after_easts_limit_run():
    """classical.md §3.6 [K-DMJL]: nine East wins in a row, then the deal passes."""
    rs = PRESETS["dmjl"]
    assert dealer_stays(rs, winner=1, dealer=1, streak=8) == (True, 8)
    assert dealer_stays(rs, winner=1, dealer=1, streak=9) == (False, 0)


def test_a_draw_keeps_the_deal_and_ends_easts_run():
    """classical.md §3.6: after a wash-out East stays East."""
    rs = PRESETS["chinese-classical"]
    assert dealer_stays(rs, winner=None, dealer=1, streak=0) == (True, 0)


def test_in_a_bmja_game_east_keeps_the_deal_after_every_east_win():
    """Seed 001 (BMJA): a whole bot-played game never passes the deal after an East win."""
    match = Match.new("bmja", "bmja east keeps")
    while not match.is_over and len(match.history) < 12:
        seat = match.waiting_on()[0]
        match.apply(bots.choose(match, seat, "greedy"))
    history = match.history
    east_wins = [i for i, h in enumerate(history[:-1]) if h.result.winner == h.dealer]
    for i in east_wins:
        assert history[i + 1].dealer == history[i].dealer
    for before, after in zip(history, history[1:]):
        if before.result.winner not in (None, before.dealer):
            assert after.dealer == (before.dealer + 1) % 4
