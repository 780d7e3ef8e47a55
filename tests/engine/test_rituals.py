"""The rituals before play: seats by dice and wind tiles, the wall and its break."""

import pytest

from games.engine.rituals import (
    break_wall,
    count_round,
    random_seating,
    seat_players,
    stack_position,
)
from games.engine.ruleset import CHINESE_CLASSICAL
from games.engine.wall import Wall

A, B, C, D = 0, 1, 2, 3  # temporary chairs, counterclockwise
E, S, W, N = 0, 1, 2, 3


def test_figure_1_seat_selection():
    """Seed 000 §2.1 Figure 1: A throws seven, so C is temporary East; C throws four, counting
    from himself to B, who takes the wind tile at the even (right) end: East. C, D and A take
    from the same end: North, West, South."""
    seating = seat_players(
        first_throw=(3, 4), row=(S, W, N, E), even_end="right", second_throw=(1, 3), thrower=A
    )
    assert seating.temporary_east == C
    assert seating.picker == B
    assert seating.end == "even"
    assert seating.seat_of == (S, E, N, W)  # chairs A, B, C, D


def test_an_odd_throw_takes_the_odd_end():
    """Seed 000 §2.1: an odd second throw takes the tiles from the odd end of the row."""
    seating = seat_players((3, 4), (S, W, N, E), "right", (2, 3))
    assert seating.end == "odd"
    assert seating.picker == (C + 4) % 4  # five counted from C: C D A B C
    assert seating.seat_of[seating.picker] == S  # leftmost tile of the row


def test_random_seating_is_a_permutation_and_repeatable():
    """Seed 000 §2.1: each player takes exactly one wind; the same seed seats them the same."""
    for seed in ("a", "b", "c", "d"):
        seating = random_seating(seed)
        assert sorted(seating.seat_of) == [0, 1, 2, 3]
        assert random_seating(seed) == seating


@pytest.mark.parametrize(
    "total, seat", [(5, E), (9, E), (2, S), (6, S), (10, S), (3, W), (7, W), (11, W), (4, N), (8, N), (12, N)]
)
def test_east_counts_round_the_walls(total, seat):
    """Seed 000 §2.2: 5 and 9 indicate East, 2, 6 and 10 South, 3, 7 and 11 West, 4, 8, 12 North."""
    assert count_round(E, total) == seat


def test_figure_2_break_and_dead_wall():
    """Seed 000 §2.2 Figure 2: East throws eight (North), North throws three: the break is at
    the 11th stack from the right of North's wall; the dead wall is the seven stacks to its
    right plus the two loose tiles: 16 tiles, and the live wall starts left of the break."""
    brk = break_wall(E, (4, 4), (1, 2))
    assert brk.breaker == N and brk.total == 11
    spp = CHINESE_CLASSICAL.wall_rows_by_wind[0]
    wall = Wall(list(range(144)), brk, spp, CHINESE_CLASSICAL.dead_wall_stacks)

    def top(seat, stack):  # index of the top tile of a stack in the built wall
        return 2 * (seat * spp + stack - 1)

    assert wall.dead_left == 16 and wall.live_left == 128
    # Loose tiles: the broken stack's two tiles, the upper one used first.
    assert wall.dead[:2] == [top(N, 11), top(N, 11) + 1]
    # Then new loose tiles from the left end of the dead wall: stacks 10, 9, ... 4.
    assert wall.dead[2:4] == [top(N, 10), top(N, 10) + 1]
    assert wall.dead[-2:] == [top(N, 4), top(N, 4) + 1]
    # The live wall starts at the stack left of the break, top tile first.
    assert wall.live[:4] == [top(N, 12), top(N, 12) + 1, top(N, 13), top(N, 13) + 1]


def test_count_continues_round_the_corner():
    """Seed 001: North throws 10 after East's 12: 22 counts along North's 18 stacks and on to
    the fourth pair of West's wall."""
    assert stack_position(N, 12 + 10, 18) == (W, 4)
    assert stack_position(N, 18, 18) == (N, 18)


def test_a_small_total_puts_the_dead_wall_round_the_corner():
    """Seed 000 §2.2: the seven stacks to the right of the break may run round the corner onto
    the next wall when the break is near the right end."""
    brk = break_wall(E, (1, 1), (1, 1))  # 2: South's wall, total 4
    wall = Wall(list(range(144)), brk, 18, 7)
    # Stacks 3, 2, 1 of South's wall, then 18, 17, 16, 15 of the wall at South's right end:
    # the count runs on from South to East, so behind South's right end lies West's wall.
    owners = {stack_position(S, j, 18)[0] for j in range(-3, 4)}
    assert owners == {S, W}
    assert len(wall.dead) == 16
