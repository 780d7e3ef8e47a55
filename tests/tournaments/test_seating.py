"""Seating a tournament: no repeat opponents where a schedule without repeats exists, repeats
at the counting bound where one does not, level winds, bots and sit-outs, Swiss rounds."""

import ast
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments import designs, fields
from games.tournaments.seating import (
    BOTS,
    SITOUT,
    repeat_meetings,
    schedule,
    seat_round,
    wind_counts,
    wind_spread,
)

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "tournaments"


def _bound(n: int, rounds: int) -> int:
    """The fewest repeats counting allows: meetings beyond the number of distinct pairs."""
    return max(0, 6 * (n // 4) * rounds - n * (n - 1) // 2)


def test_seating_imports_no_web_framework():
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [
                    node.module or ""
                ]
                assert not any(n.split(".")[0] in ("django", "channels") for n in names), path


def test_the_affine_plane_seats_16_players_5_rounds_with_every_pair_meeting_once():
    history = schedule(list(range(16)), 5, seed="open")
    met = Counter(frozenset(p) for r in history for t in r for p in combinations(t, 2))
    assert len(met) == 120 and set(met.values()) == {1}  # all C(16, 2) pairs, once each


@pytest.mark.parametrize(
    ("n", "rounds"),
    [(16, 4), (16, 5), (20, 4), (20, 5), (36, 4), (36, 8), (64, 4), (64, 8)],
)
def test_no_repeats_where_a_design_exists(n, rounds):
    history = schedule([f"p{i}" for i in range(n)], rounds, seed="cup")
    assert repeat_meetings(history) == 0
    assert wind_spread(history) <= 1
    if rounds % 4 == 0:
        assert wind_spread(history) == 0  # each wind the same number of times


@pytest.mark.parametrize(("n", "rounds"), [(8, 4), (8, 8), (16, 6), (16, 8), (20, 8)])
def test_repeats_reach_the_counting_bound_where_they_cannot_be_avoided(n, rounds):
    history = schedule(list(range(n)), rounds, seed="cup")
    assert repeat_meetings(history) == _bound(n, rounds) > 0
    assert wind_spread(history) <= 2


def test_every_player_sits_once_a_round_and_the_seed_decides():
    players = list(range(16))
    a = schedule(players, 3, seed="one")
    assert a == schedule(players, 3, seed="one")
    assert a != schedule(players, 3, seed="two")
    for tables in a:
        assert sorted(p for t in tables for p in t) == players


@given(n=st.integers(min_value=4, max_value=30), fill=st.sampled_from([BOTS, SITOUT]))
@settings(max_examples=12, deadline=None)
def test_any_field_size_is_seated(n, fill):
    players = list(range(n))
    history = []
    for _ in range(3):
        r = seat_round(players, history, seed="any", fill=fill)
        seated = [p for t in r.tables for p in t if p is not None]
        assert sorted(seated + list(r.sitting_out)) == players
        bots = sum(p is None for t in r.tables for p in t)
        most = -(-bots // len(r.tables))  # spread: as few to a table as can be
        assert all(len(t) == 4 and sum(p is None for p in t) <= most for t in r.tables)
        if fill == SITOUT:
            assert len(r.sitting_out) == n % 4 and all(None not in t for t in r.tables)
        history.append(r.tables)


def test_bots_are_spread_and_sit_outs_rotate():
    history = schedule(list(range(18)), 5, seed="odd", fill=BOTS)
    assert repeat_meetings(history) == 0  # 18 players and 2 bots on the 20-place design
    assert all(sum(None in t for t in r) == 2 for r in history)
    out = Counter()
    history = []
    for _ in range(5):
        r = seat_round(list(range(10)), history, seed="odd", fill=SITOUT)
        out.update(r.sitting_out)
        history.append(r.tables)
    assert sum(out.values()) == 10 and set(out.values()) == {1}  # everyone sits out once


def test_a_withdrawal_reseats_the_rest_without_repeats():
    players = list(range(16))
    history = schedule(players, 2, seed="w")
    r = seat_round(players[1:], history, seed="w", fill=BOTS)
    assert not r.designed
    assert repeat_meetings(history + [r.tables]) == 0


def test_swiss_rounds_seat_neighbours_in_the_standings_without_repeats():
    players = list(range(16))
    history = [seat_round(players, [], seed="s").tables]
    standings = sorted(players, key=lambda p: (p * 7) % 16)
    r = seat_round(players, history, seed="s", standings=standings)
    assert repeat_meetings(history + [r.tables]) == 0
    rank = {p: i for i, p in enumerate(standings)}
    spread = sum(max(rank[p] for p in t) - min(rank[p] for p in t) for t in r.tables)
    plain = seat_round(players, history, seed="s").tables
    assert spread < sum(max(rank[p] for p in t) - min(rank[p] for p in t) for t in plain)


def test_wind_counts_follow_the_table_order():
    counts = wind_counts([[("a", "b", "c", None)]])
    assert counts == {"a": [1, 0, 0, 0], "b": [0, 1, 0, 0], "c": [0, 0, 1, 0]}


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        seat_round([1, 1, 2, 3], seed="x")
    with pytest.raises(ValueError):
        seat_round([1, 2, 3], seed="x", fill=SITOUT)
    with pytest.raises(ValueError):
        seat_round([1, 2, 3, 4], seed="x", fill="chairs")


@pytest.mark.parametrize("q", [4, 5, 8, 9, 16])
def test_finite_fields_have_inverses(q):
    f = fields.field(q)
    for a in range(1, q):
        assert any(f.mul(a, b) == 1 for b in range(1, q))
    assert designs.design(4 * q) is not None
    assert designs.design(24) is None  # 6 is not a prime power
