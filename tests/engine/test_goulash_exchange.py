"""The Goulash's three exchanges (seed 001, "A wash out followed by a Goulash"; rules
classical.md §4, "Draw" row: "three 3-tile exchanges (E<->W & N<->S, then E<->S & W<->N, then
E<->N & W<->S)"), before East's first discard."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import actions as A
from games.engine import bots
from games.engine.actions import Action
from games.engine.deal import Deal
from games.engine.deal.exchange import partner
from games.engine.errors import IllegalAction, NotationError, NotYourTurn
from games.engine.events import project_events
from games.engine.match import Match
from games.engine.phases import EXCHANGE, PLAY
from games.engine.record import build_record, verify_record
from games.engine.replay import expand, replay_steps
from games.engine.ruleset import PRESETS
from games.engine.tiles import parse_tiles
from games.engine.views import public_view, seat_view

from .invariants import (
    events_hide_what_they_must,
    hand_sizes_right,
    someone_can_act,
    tiles_accounted_for,
    view_hides_what_it_must,
)
from .scripted import exchange_round_trip, scripted_deal
from .util import fingerprint

BRITISH = PRESETS["british"]
HANDS = [
    "c1 c1 c1 d5 d5 d5 b9 b9 b9 we we we c7 b2",
    "b1 b3 b4 c2 c3 c4 c5 c6 d1 d2 d3 d4 ws",
    "b5 b6 b7 b8 c8 c9 d6 d7 d8 ww ww wn wn",
    "b5 b6 b7 b8 c8 c9 d6 d7 d8 dr dr dg dg",
]
# Winds of the partners in each round, by the passer's wind E, S, W, N (classical.md §4).
ROUND_PARTNERS = {1: "W N E S", 2: "S E N W", 3: "N W S E"}
WINDS = "E S W N".split()


def _tiles(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_tiles(text)))


def _goulash(dealer: int = 0):
    return scripted_deal(HANDS, ruleset=BRITISH, goulash=True, dealer=dealer)


def _check(deal) -> None:
    tiles_accounted_for(deal)
    hand_sizes_right(deal)
    someone_can_act(deal)


def _pass(deal, seat: int, text: str | None = None):
    tiles = _tiles(text) if text else tuple(deal.seats[seat].tiles()[:3])
    return deal.apply(Action(seat, A.EXCHANGE, tiles=tiles))


def test_a_goulash_waits_for_everyone_to_choose_before_play():
    """Seed 001 Goulash / classical.md §4 "Draw" row: the exchanges come after the deal and the
    bonus replacements and before East's first discard; all four seats choose, in any order,
    and nobody may discard meanwhile."""
    deal = _goulash()
    assert deal.phase == EXCHANGE and deal.exchange_round == 1
    assert deal.waiting_on() == [0, 1, 2, 3]
    assert all(deal.legal_actions(s) == [Action(s, A.EXCHANGE)] for s in range(4))
    with pytest.raises(IllegalAction, match="exchanges come before play"):
        deal.apply(Action(0, A.DISCARD, parse_tiles("c7")[0]))
    _pass(deal, 2)
    _pass(deal, 0, "c7 b9 b2")
    assert deal.waiting_on() == [1, 3] and deal.legal_actions(0) == []
    _pass(deal, 3)
    assert deal.exchange_round == 1  # nothing moves until the fourth has chosen
    _pass(deal, 1)
    assert deal.exchange_round == 2 and deal.waiting_on() == [0, 1, 2, 3]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_three_rounds_pair_the_winds_as_the_rules_say(dealer):
    """classical.md §4 "Draw" row: E<->W and N<->S, then E<->S and W<->N, then E<->N and W<->S,
    by the seats' winds for this deal, whoever is East; each passes three tiles and receives the
    partner's three. Tiles are all accounted for and hand sizes stay right at every step."""
    deal = scripted_deal(HANDS[-dealer:] + HANDS[:-dealer], ruleset=BRITISH, goulash=True,
                         dealer=dealer)
    for round_ in (1, 2, 3):
        wind_of = {s: deal.wind_of(s) for s in range(4)}
        expected = ROUND_PARTNERS[round_].split()
        for s in range(4):
            assert WINDS[wind_of[partner(dealer, s, round_)]] == expected[wind_of[s]]
        before = [Counter(st.tiles()) for st in deal.seats]
        chosen = {s: tuple(deal.seats[s].tiles()[-3:]) for s in range(4)}
        for s in (3, 1, 0, 2):
            _check(deal)
            deal.apply(Action(s, A.EXCHANGE, tiles=chosen[s]))
        _check(deal)
        for s in range(4):
            p = partner(dealer, s, round_)
            assert partner(dealer, p, round_) == s
            after = before[s] - Counter(chosen[s]) + Counter(chosen[p])
            assert Counter(deal.seats[s].tiles()) == after
            assert deal.exchange_received[s] == chosen[p]
    assert deal.phase == PLAY and deal.turn == dealer
    assert deal.seats[dealer].concealed_count() == 14


def test_received_tiles_may_be_passed_on_and_the_wild_too():
    """classical.md §4: each round passes any three tiles of the hand: tiles received in an
    earlier round may go on (East's three reach West, North and come home), and so may the
    wild 2 of Bamboo. East's hand then opens play as dealt."""
    deal = _goulash()
    dealt = Counter(deal.seats[0].tiles())
    exchange_round_trip(deal)
    assert Counter(deal.seats[0].tiles()) == dealt
    assert deal.phase == PLAY and deal.turn == 0

    deal = _goulash()
    _pass(deal, 0, "b2 c7 we")
    for s in (1, 2, 3):
        _pass(deal, s)
    assert deal.seats[2].hand[parse_tiles("b2")[0]] == 1  # West holds East's wild


def test_bad_choices_are_refused_with_a_reason_and_change_nothing():
    """Bad input changes nothing (DESIGN.md): tiles not held, too few, the same seat twice in a
    round, an exchange outside the exchanges."""
    deal = _goulash()
    _pass(deal, 1)
    before = (fingerprint(deal), dict(deal.exchange_chosen), deal.exchange_round)
    cases = [
        (Action(0, A.EXCHANGE, tiles=_tiles("c1 c2 c3")), IllegalAction, "do not hold 2 Characters"),
        (Action(0, A.EXCHANGE, tiles=_tiles("c7 dr we")), IllegalAction, "do not hold Red"),
        (Action(0, A.EXCHANGE, tiles=_tiles("c7 b2 b2")), IllegalAction, "hold only 1"),
        (Action(0, A.EXCHANGE, tiles=_tiles("c7 b2")), IllegalAction, "exactly 3"),
        (Action(0, A.EXCHANGE), IllegalAction, "exactly 3"),
        (Action(1, A.EXCHANGE, tiles=_tiles("c2 c3 c4")), NotYourTurn, "already chosen"),
        (Action(2, A.PASS), IllegalAction, "pass three tiles"),
    ]
    for action, error, words in cases:
        with pytest.raises(error, match=words):
            deal.apply(action)
        assert (fingerprint(deal), dict(deal.exchange_chosen), deal.exchange_round) == before
    with pytest.raises(NotationError, match="exactly 3"):
        Action.from_json({"seat": 0, "type": "exchange", "tiles": "c7 b2"})
    plain = scripted_deal(HANDS, ruleset=BRITISH)
    with pytest.raises(IllegalAction, match="only before play begins in a Goulash"):
        plain.apply(Action(0, A.EXCHANGE, tiles=_tiles("c1 c1 c1")))


def test_the_exchanged_tiles_are_seen_only_by_their_seats_until_the_review():
    """Hidden information (DESIGN.md; seed 001 "passed face down"): other seats and spectators
    learn only that a seat has chosen and that a round is done, never the tiles; each seat sees
    its own choice and what it received; the review after the game shows everything."""
    deal = _goulash()
    chosen = {0: "c7 b9 b2", 1: "b1 b3 ws", 2: "c8 c9 wn", 3: "c8 c9 dg"}
    for s in range(4):
        _pass(deal, s, chosen[s])
    events_hide_what_they_must(deal)
    swapped = [e for e in deal.events if e.type.startswith("exchange_")]
    for viewer in (None, 0, 1, 2, 3):
        for e in project_events(swapped, viewer):
            if e.get("seat") != viewer:
                assert "tiles" not in e, (viewer, e)
        mine = [e for e in project_events(swapped, viewer) if "tiles" in e]
        if viewer is None:
            assert mine == []
        else:
            got = {e["type"]: e["tiles"] for e in mine}
            assert set(parse_tiles(got["exchange_chosen"])) == set(parse_tiles(chosen[viewer]))
            sender = partner(0, viewer, 1)
            assert Counter(parse_tiles(got["exchange_received"])) == Counter(
                parse_tiles(chosen[sender]))
    full = [e.full() for e in swapped]
    assert sum(1 for e in full if "tiles" in e) == 8


def _goulash_game(seed: str = "0") -> Match:
    """A British game by greedy bots whose seed (checked below) reaches Goulash deals."""
    match = Match(BRITISH.replace(rounds=1), seed)
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    return match


def test_views_show_the_round_the_partner_and_who_has_chosen_but_no_tiles():
    """The table's view (views.py) of an exchange: its round of three, each seat's partner and
    who has chosen; a seat's own view adds its chosen and received tiles, nobody else's."""
    match = Match(BRITISH, "0")
    while not match.deal.goulash or match.deal.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    deal = match.deal
    assert match.phase == "exchange"
    spectator = public_view(match)
    east = deal.dealer
    assert spectator["exchange"] == {
        "round": 1, "rounds": 3, "chosen": [False] * 4,
        "partners": [partner(east, s, 1) for s in range(4)],
    }
    match.apply(bots.choose(match, east, "greedy"))
    spectator = public_view(match)
    assert spectator["exchange"]["chosen"][east] and spectator["waiting_on"] == [
        s for s in range(4) if s != east]
    own = seat_view(match, east)
    assert own["exchange"]["partner"] == (east + 2) % 4
    assert len(parse_tiles(own["exchange"]["passed"])) == 3
    assert seat_view(match, (east + 1) % 4)["exchange"]["passed"] is None
    for s in (None, 0, 1, 2, 3):
        view = public_view(match) if s is None else seat_view(match, s)
        view_hides_what_it_must(view, deal, s)
    while match.phase == "exchange":
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
        for s in (None, 0, 1, 2, 3):
            view = public_view(match) if s is None else seat_view(match, s)
            view_hides_what_it_must(view, deal, s)
    assert match.phase == "play" and public_view(match)["exchange"] is None
    assert len(parse_tiles(seat_view(match, east)["exchange"]["received"])) == 3


def test_a_british_game_with_goulash_exchanges_finishes_and_replays_exactly():
    """Seed 001: a whole British game by bots, its wash-outs followed by Goulash deals whose
    exchanges are played, finishes; its record replays to the same game (DESIGN.md), and the
    replay viewer's steps end on the same table."""
    match = _goulash_game()
    swaps = [a for a in match.actions if a.type == A.EXCHANGE]
    assert swaps and len(swaps) % 12 == 0  # whole Goulash deals: 3 rounds of 4 choices
    assert match.is_over
    again = Match.replay(match.record())
    assert again.points == match.points and again.actions == match.actions
    assert [h.to_json() for h in again.history] == [h.to_json() for h in match.history]
    steps = replay_steps(match.ruleset, match.seed, match.actions, reveal=False)
    last = expand(steps["steps"])[-1]
    assert last["seats"] == public_view(match)["seats"]
    players = [{"chair": c, "seat": match.seating.seat_of[c], "name": f"P{c}", "bot": "greedy"}
               for c in range(4)]
    assert verify_record(build_record(match, players=players)).ok  # `python -m games.engine verify`
    # A record whose exchange passes four tiles is refused, naming why.
    record = build_record(match, players=players)
    k = next(i for i, a in enumerate(record["actions"]) if a["type"] == A.EXCHANGE)
    record["actions"][k]["tiles"] = "b1 b1 b1 b1"
    assert "exactly 3" in verify_record(record).reason


def test_the_greedy_bot_keeps_the_wild_and_its_pairs_and_passes_lone_simples():
    """Seed 001 Goulash: with no chows and the 2 of Bamboo wild, a sensible pass keeps the wild,
    sets and pairs, and gives away single middle tiles first."""
    hands = [
        "b2 c1 c1 c1 d5 d5 dr we b4 b6 c5 d3 wn ww",
        *HANDS[1:],
    ]
    deal = scripted_deal(hands, ruleset=BRITISH, goulash=True)
    passed = bots.exchange_tiles(deal, 0, "greedy")
    assert Counter(passed) == Counter(_tiles("b4 b6 c5"))
    random_pick = bots.exchange_tiles(deal, 0, "random")
    assert len(random_pick) == 3 and not Counter(random_pick) - Counter(deal.seats[0].tiles())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), dealer=st.integers(0, 3), order=st.permutations(range(4)))
def test_any_choices_in_any_order_keep_every_tile_and_swap_exactly(seed, dealer, order):
    """classical.md §4 "Draw" row, for any shuffle and any three tiles chosen (the random bot's
    picks) in any order of seats: every tile stays accounted for, hands keep their sizes, and
    each seat ends each round with its hand less what it passed plus what its partner passed."""
    deal = Deal(BRITISH, f"swap {seed}", dealer=dealer, goulash=True)
    if deal.phase != EXCHANGE:
        return  # the wall ran out on bonus tiles during the deal: a wash-out, no exchanges
    rng = random.Random(seed)
    for round_ in (1, 2, 3):
        before = [Counter(s.tiles()) for s in deal.seats]
        chosen = {s: bots.exchange_tiles(deal, s, "random", rng) for s in range(4)}
        for s in order:
            _check(deal)
            deal.apply(Action(s, A.EXCHANGE, tiles=chosen[s]))
        for s in range(4):
            p = partner(dealer, s, round_)
            assert Counter(deal.seats[s].tiles()) == before[s] - Counter(chosen[s]) + Counter(
                chosen[p])
    _check(deal)
    assert deal.phase != EXCHANGE
