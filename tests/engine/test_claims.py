"""Turn order and claiming (seed 003 §3.3, §3.4)."""

import pytest

from games.engine import actions as A
from games.engine.errors import IllegalAction, NotYourTurn
from games.engine.phases import CLAIM, OVER, PLAY
from games.engine.tiles import parse_tiles

from .scripted import scripted_deal
from .util import act, discard_drawn, fingerprint, legal_types, pass_all

T = parse_tiles


def deal_for_claims():
    # East will discard b5. South (next) can chow b3-b4-b5 / b4-b5-b6; West holds a pair of b5;
    # North waits on b5 (b5 completes c-sets + pair).
    return scripted_deal(
        [
            "b5 c1 c1 c9 d1 d9 we we ws ww wn dr dg dw",
            "b3 b4 b6 c2 c3 c4 d2 d3 d4 d6 d7 d8 ws",
            "b5 b5 c5 c6 c7 d5 d6 d7 ww ww wn wn dg",
            "b6 b7 b9 b9 c6 c7 c8 d6 d7 d8 dw dw dw",
        ],
        draws="c9 d9 b1 b9",
    )


def test_turns_go_east_south_west_north():
    """Seed 003 §3.3: tiles are drawn and discarded in the order East, South, West, North."""
    deal = deal_for_claims()
    seen = []
    for _ in range(4):
        seen.append(deal.turn)
        discard_drawn(deal) if deal.seats[deal.turn].drawn is not None else act(
            deal, deal.turn, A.DISCARD, "dw"
        )
        pass_all(deal)
    assert seen == [0, 1, 2, 3]
    assert deal.turn == 0


def test_every_other_seat_answers_the_discard():
    """Seed 003 §3.4: after a discard the three other players may claim it."""
    deal = deal_for_claims()
    act(deal, 0, A.DISCARD, "b5")
    assert deal.phase == CLAIM
    assert sorted(deal.waiting_on()) == [1, 2, 3]
    assert legal_types(deal, 1) == {A.CHOW, A.PASS}
    assert legal_types(deal, 2) == {A.PUNG, A.PASS}
    assert A.WIN in legal_types(deal, 3)


def test_win_beats_pung_beats_chow_whatever_the_order_of_answers():
    """Seed 003 §3.4: precedence is winning, kong, pung, chow."""
    deal = deal_for_claims()
    act(deal, 0, A.DISCARD, "b5")
    act(deal, 3, A.WIN)
    act(deal, 1, A.CHOW, tiles="b3 b4 b5")
    act(deal, 2, A.PUNG)
    assert deal.phase == OVER
    assert deal.result.winner == 3 and deal.result.how == "discard"
    assert deal.result.discarder == 0


def test_pung_beats_chow_and_south_loses_its_turn():
    """Seed 003 §3.4.2: a pung takes precedence over a chow; the seats between the discarder and
    the claimer lose their turn."""
    deal = deal_for_claims()
    act(deal, 0, A.DISCARD, "b5")
    act(deal, 1, A.CHOW, tiles="b3 b4 b5")
    act(deal, 2, A.PUNG)
    act(deal, 3, A.PASS)
    assert deal.phase == PLAY and deal.turn == 2
    assert deal.seats[2].melds[0].tiles == (T("b5")[0],) * 3
    assert deal.seats[2].melds[0].from_seat == 0
    assert deal.seats[0].discards == []  # the claimed tile left the discards
    act(deal, 2, A.DISCARD, "dg")
    pass_all(deal)
    assert deal.turn == 3  # North draws next: South was skipped


def test_after_a_claim_the_claimer_must_discard_without_drawing():
    """Seed 003 §3.4.1: the claimer exposes the set and discards; no draw, no kong."""
    deal = deal_for_claims()
    act(deal, 0, A.DISCARD, "b5")
    act(deal, 1, A.CHOW, tiles="b4 b5 b6")
    pass_all(deal)
    assert deal.turn == 1 and deal.seats[1].concealed_count() == 11
    assert legal_types(deal, 1) == {A.DISCARD}


def test_chow_only_from_the_player_on_your_left():
    """Seed 003 §3.4: a chow may be claimed only by the player next in turn."""
    deal = scripted_deal(
        [
            "b5 c1 c1 c9 d1 d9 we we ws ww wn dr dg dw",
            "c2 c3 c4 d2 d3 d4 d6 d7 d8 ws ww wn dr",
            "b3 b4 c5 c6 c7 d5 d6 d7 ww ww wn wn dg",
            "b6 b7 b7 b8 c6 c7 c8 d6 d7 d8 dw dw dw",
        ]
    )
    act(deal, 0, A.DISCARD, "b5")
    before = fingerprint(deal)
    with pytest.raises(IllegalAction, match="only chow from the player on your left"):
        act(deal, 2, A.CHOW, tiles="b3 b4 b5")
    assert fingerprint(deal) == before
    assert A.CHOW not in legal_types(deal, 3)


def test_chows_never_wrap_round():
    """Seed 003 §3.4.1: 9-1-2 is not a chow."""
    deal = scripted_deal(
        [
            "b1 c1 c1 c9 d1 d9 we we ws ww wn dr dg dw",
            "b2 b8 b9 c2 c3 c4 d2 d3 d4 d6 d7 d8 ws",
            "b5 b5 c5 c6 c7 d5 d6 d7 ww ww wn wn dg",
            "b6 b7 b7 b8 c6 c7 c8 d6 d7 d8 dw dw dw",
        ]
    )
    act(deal, 0, A.DISCARD, "b1")
    assert A.CHOW not in legal_types(deal, 1)
    with pytest.raises(IllegalAction):
        act(deal, 1, A.CHOW, tiles="b9 b1 b2")


def test_two_winners_the_first_in_turn_takes_the_tile():
    """Seed 003 §3.4: if several claim a discard to go out, the one first in turn after the
    discarder gets it."""
    deal = scripted_deal(
        [
            "b5 c1 c1 c9 d1 d9 we we ws ww wn dr dg dw",
            "c2 c3 c4 d2 d3 d4 d6 d7 d8 ws ws ws b5",
            "b3 b4 c5 c6 c7 d5 d6 d7 ww ww ww wn wn",
            "b6 b7 c6 c7 c8 d6 d7 d8 dr dr dr b9 b9",
        ]
    )
    act(deal, 0, A.DISCARD, "b5")
    act(deal, 3, A.WIN)
    act(deal, 2, A.WIN)
    act(deal, 1, A.PASS)
    assert deal.result.winner == 2


def test_an_unclaimed_discard_is_dead_and_the_next_player_draws():
    """Seed 003 §3.3: unclaimed discards are dead; the next player draws from the wall."""
    deal = deal_for_claims()
    live = deal.wall.live_left
    act(deal, 0, A.DISCARD, "dw")
    pass_all(deal)
    assert deal.turn == 1 and deal.wall.live_left == live - 1
    assert deal.seats[0].discards == T("dw")
    assert deal.seats[1].concealed_count() == 14


def test_answers_stay_private_until_the_window_closes():
    """DESIGN.md per-seat views: a claim is not revealed before the window closes."""
    deal = deal_for_claims()
    act(deal, 0, A.DISCARD, "b5")
    events = act(deal, 2, A.PUNG)
    assert [e.for_seat(1) for e in events] == [None]
    assert events[0].for_seat(2)["answer"]["type"] == "pung"


def test_answering_twice_or_out_of_turn_is_refused():
    """Seed 003 §3.4: each seat answers a discard once; the discarder cannot claim it."""
    deal = deal_for_claims()
    with pytest.raises(NotYourTurn):
        act(deal, 1, A.DISCARD, "ws")
    act(deal, 0, A.DISCARD, "b5")
    with pytest.raises(NotYourTurn, match="own tile"):
        act(deal, 0, A.PUNG)
    act(deal, 2, A.PASS)
    before = fingerprint(deal)
    with pytest.raises(NotYourTurn, match="already answered"):
        act(deal, 2, A.PUNG)
    assert fingerprint(deal) == before
