"""Hong Kong responsibility (包): whoever discards the tile a player claims for a third dragon set
(or a fourth wind set), both others already laid out, pays for everyone should that player go
out (`responsibility`, on in the cantonese preset; settled by payments.settle's `liable`)."""

from games.engine import actions as A
from games.engine.payments import settle
from games.engine.ruleset import PRESETS

from .scripted import scripted_deal
from .util import act, discard_drawn, pass_all

CANTONESE = PRESETS["cantonese"]

HANDS = [
    "dr we ws c1 c2 c3 c4 c5 c6 c7 c8 c9 d1 d2",  # East throws the Red Dragon first
    "dr dr dg dg dw dw b1 b2 b3 c1 c2 c4 d9",  # South has pairs of all three dragons
    "dg ww wn b4 b5 b6 c4 c5 c6 c7 c8 c9 d4",  # West will throw the Green
    "dw wn we b6 b6 b7 b8 b9 d3 d3 d6 d6 d5",  # North the White
]


def play_to_the_third_dragon(ruleset):
    deal = scripted_deal(HANDS, ruleset=ruleset)
    act(deal, 0, A.DISCARD, "dr")
    act(deal, 1, A.PUNG)
    pass_all(deal)
    act(deal, 1, A.DISCARD, "d9")
    pass_all(deal)
    act(deal, 2, A.DISCARD, "dg")
    act(deal, 1, A.PUNG)
    pass_all(deal)
    act(deal, 1, A.DISCARD, "c4")
    pass_all(deal)
    discard_drawn(deal)  # West
    pass_all(deal)
    act(deal, 3, A.DISCARD, "dw")
    return deal


def test_feeding_the_third_dragon_set_makes_the_discarder_responsible():
    deal = play_to_the_third_dragon(CANTONESE)
    assert deal.liable_for == {}  # the first two dragon sets made nobody responsible
    act(deal, 1, A.PUNG)
    pass_all(deal)
    assert deal.liable_for == {1: 3}


def test_the_responsible_player_pays_for_everyone():
    totals = [0, 16, 0, 0]
    plain = settle(CANTONESE, totals, 1, 0, None, discarder=2, self_drawn=False)
    bao = settle(CANTONESE, totals, 1, 0, 3, discarder=2, self_drawn=False)
    assert sum(plain.deltas) == sum(bao.deltas) == 0
    assert bao.deltas[1] == plain.deltas[1]  # the winner is paid the same
    assert bao.deltas[3] == -bao.deltas[1] and bao.deltas[0] == bao.deltas[2] == 0


def test_without_the_rule_nobody_is_responsible():
    deal = play_to_the_third_dragon(CANTONESE.replace(responsibility=False))
    act(deal, 1, A.PUNG)
    pass_all(deal)
    assert deal.liable_for == {}
