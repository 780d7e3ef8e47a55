"""Puzzles found in a game, and positions weighed for the analysis board: pure engine functions a
worker runs (games/thinking/pool.py), no Django.

A puzzle is one seat's view at one of its decisions where one action is clearly best:

1. the strong evaluator (engine/brain/evaluate.py) ranks every legal action from that view; the
   best must beat the second best (the best action of another kind) by `MARGIN` expected points
   and by `RELATIVE` of the best's worth, and go out at least as often;
2. a simulation confirms it: `SIMULATIONS` times the tiles the seat cannot see (the other hands
   and the wall) are dealt anew, and the rest of the deal is played by the greedy bots after
   each of the two actions, on the same redeal; the deal's points to the seat after the best
   minus after the second must have a 95% interval above zero (mean - 1.96 standard errors).

A claim window is a decision too ("claim or pass"): the other seats' answers given so far are
forgotten in each redeal, since they hung on their real hands, and the bots answer anew.

Skipped: a decision with one distinct action, a win (going out is never a puzzle), two actions
leaving the same distance and the same waits, a Goulash exchange. Each game gives at most `per_game` puzzles, and at most
`screened` positions are simulated, so a game's work is bounded whatever its length.
"""

from __future__ import annotations

import copy
import math
import random
from typing import Any

from games.engine import actions as A
from games.engine.actions import Action
from games.engine.bots import choose
from games.engine.brain.evaluate import breaks_call, evaluate, plain_score
from games.engine.brain.knowledge import Knowledge
from games.engine.match import Match
from games.engine.phases import PLAY
from games.engine.ruleset import Ruleset, get_ruleset
from games.engine.settle import summarise_deal
from games.engine.views import seat_view

MARGIN = 1.0  # expected points the best must lead by
RELATIVE = 0.15  # and this share of the best's expected points
SIMULATIONS = 24  # redeals per position (each plays the deal out twice)
Z95 = 1.96
PLAYOUT_MOVES = 400  # a playout's moves at most (a deal has some 150)
PER_GAME = 6
SCREENED = 12
SIM_DEALS = 4  # a simulated game is played this many deals

NOT_CHOICES = {A.READY, A.EXCHANGE}


def key(a: dict[str, Any]) -> tuple:
    return (a.get("type"), a.get("tile"), tuple(a.get("tiles") or ()), bool(a.get("call")))


# ------------------------------------------------------------------ screening
def weigh_view(view: dict[str, Any], ruleset: Ruleset) -> tuple[Knowledge, list[dict[str, Any]]]:
    """Every candidate of the view's decision with its plain expected points, best first; one
    entry per distinct action."""
    k = Knowledge.from_view(view, ruleset)
    out = []
    seen = set()
    for c in evaluate(k):
        data = c.to_json()
        kk = key(data["action"])
        if kk in seen:
            continue
        seen.add(kk)
        data["expected"] = round(plain_score(k, c), 2)
        data["breaks_call"] = breaks_call(k, c.action)
        out.append(data)
    return k, out


def margin_of(candidates: list[dict[str, Any]]) -> tuple[float, float] | None:
    """(expected points, chance of going out) by which the best leads the second, or None when
    the position is no puzzle (forced, a win, the same hand either way, too close)."""
    if len(candidates) < 2:
        return None
    best, second = candidates[0], candidates[1]
    if best["action"]["type"] == A.WIN or second["action"]["type"] == A.WIN:
        return None
    if (best["shanten"], best["effective"]) == (second["shanten"], second["effective"]) and \
            best["action"]["type"] == second["action"]["type"] and not best["breaks_call"] \
            and not second["breaks_call"]:
        return None  # the same distance and the same waits either way
    points = best["expected"] - second["expected"]
    chance = best["win_chance"] - second["win_chance"]
    if points < MARGIN or points < RELATIVE * abs(best["expected"]) or chance < 0:
        return None
    return round(points, 2), round(chance, 3)


# ------------------------------------------------------------------ simulation
def redeal(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy of the match whose tiles unseen by `seat` (the other hands, the live and dead
    walls) are dealt anew at random; the other hands keep their sizes and hold no bonus tile."""
    m = copy.copy(match)
    m.state = copy.deepcopy(match.state)
    m.actions = []
    m.ready = set()
    deal = m.deal = copy.deepcopy(match.deal)
    wall = deal.wall
    live = list(range(wall.live_pos, wall.live_end))
    dead = list(range(wall.dead_pos, len(wall.dead)))
    pool = [wall.live[i] for i in live] + [wall.dead[i] for i in dead]
    others = [s for s in range(4) if s != seat]
    sizes = {}
    for s in others:
        hand = deal.seats[s].hand
        sizes[s] = sum(hand)
        pool += [t for t in range(len(hand)) for _ in range(hand[t])]
    rng.shuffle(pool)
    playing = [t for t in pool if t < 34]
    rest = [t for t in pool if t >= 34]
    for s in others:
        hand = [0] * len(deal.seats[s].hand)
        for t in playing[:sizes[s]]:
            hand[t] += 1
        playing = playing[sizes[s]:]
        deal.seats[s].hand = hand
        deal.seats[s].drawn = None
    wall_tiles = playing + rest
    rng.shuffle(wall_tiles)
    for i, t in zip(live, wall_tiles):
        wall.live[i] = t
    for i, t in zip(dead, wall_tiles[len(live):]):
        wall.dead[i] = t
    # In a claim window the others' answers hung on their real hands: they answer anew.
    if deal.window_tile is not None:
        deal.ask_window_again()
    return m


def playout(match: Match, seat: int, first: Action) -> tuple[int, bool]:
    """The points `seat` gets from the deal after `first`, the rest played by the greedy bots;
    and whether it went out."""
    match.deal.apply(first)
    deal = match.deal
    for _ in range(PLAYOUT_MOVES):
        if deal.is_over:
            break
        s = deal.waiting_on()[0]
        deal.apply(choose(match, s, "greedy"))
    if not deal.is_over:
        return 0, False
    summary = summarise_deal(deal, match.state.deal_number, match.state.east_streak)
    return summary.deltas[seat], deal.result.winner == seat


def simulate(match: Match, seat: int, best: Action, second: Action, n: int, seed: str
             ) -> dict[str, Any]:
    """The paired simulation: n redeals, each played out after both actions."""
    diffs = []
    outs = [0, 0]
    for i in range(n):
        rng = random.Random(f"{seed}:{i}")
        world = redeal(match, seat, rng)
        a, won_a = playout(copy.deepcopy(world), seat, best)
        b, won_b = playout(world, seat, second)
        diffs.append(a - b)
        outs[0] += won_a
        outs[1] += won_b
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return {"n": n, "mean": round(mean, 2), "low": round(mean - half, 2),
            "high": round(mean + half, 2), "best_out": outs[0], "second_out": outs[1]}


# ------------------------------------------------------------------ themes
def themes_of(k: Knowledge, candidates: list[dict[str, Any]]) -> list[str]:
    best, second = candidates[0], candidates[1]
    kinds = {best["action"]["type"], second["action"]["type"]}
    out = []
    if kinds & {A.CONCEALED_KONG, A.PROMOTE_KONG, A.KONG}:
        out.append("kong")
    if kinds & {A.CHOW, A.PUNG, A.PASS}:
        out.append("claim")
    if best["action"].get("call") or second["action"].get("call") or best["breaks_call"] \
            or second["breaks_call"]:
        out.append("original-call")
    if best["danger"] + 0.05 < second["danger"] and best["danger_class"] != second["danger_class"]:
        out.append("defence")
    if best["shanten"] == 0:
        out.append("waits")
    if best["shanten"] < second["shanten"] or best["live"] > second["live"]:
        out.append("shape")
    if best["value"] > second["value"] * 1.2 and best["plan"] != "any" or (
            best["value"] > second["value"] * 1.5):
        out.append("value")
    if k.rules.max_chows == 0 and k.rules.wild_tile is not None:
        out.append("goulash")
    return out or ["shape"]


# ------------------------------------------------------------------ a game's puzzles
def position_puzzle(match: Match, seat: int, sims: int, seed: str) -> dict[str, Any] | None:
    """The puzzle at this moment of the match for `seat`, or None (see the module's rules).
    A person's own puzzle is kept when the margin holds, whatever the simulation says."""
    deal = match.deal
    turn = deal.phase == PLAY and deal.turn == seat
    window = deal.window_tile is not None and seat in deal.waiting_on()
    if not (turn or window):
        return None
    view = seat_view(match, seat)
    if len({key(a) for a in view["legal_actions"]}) < 2:
        return None
    k, candidates = weigh_view(view, match.ruleset)
    margin = margin_of(candidates)
    if margin is None:
        return None
    best = Action.from_json(candidates[0]["action"])
    second = Action.from_json(candidates[1]["action"])
    sim = simulate(match, seat, best, second, sims, seed)
    return {"view": view, "seat": seat, "move": match.version, "deal": deal.number,
            "candidates": candidates, "solution": candidates[0]["action"],
            "margin": margin[0], "margin_chance": margin[1], "simulation": sim,
            "themes": themes_of(k, candidates),
            "confirmed": sim["low"] is not None and sim["low"] > 0}


def game_puzzles(ruleset: Ruleset, seed: str, actions: list[dict[str, Any]], seats: list[int],
                 per_game: int = PER_GAME, screened: int = SCREENED, sims: int = SIMULATIONS
                 ) -> dict[str, Any]:
    """A finished game's puzzles: its actions replayed, the decisions of `seats` weighed. Returns
    the confirmed puzzles and the counts (positions weighed, passing the margin, confirmed)."""
    match = Match(ruleset, seed)
    found: list[dict[str, Any]] = []
    weighed = tried = 0
    seats_set = set(seats)
    for data in actions:
        action = Action.from_json(data)
        if (action.seat in seats_set and action.type not in NOT_CHOICES
                and len(found) < per_game and tried < screened):
            before = match.version
            p = position_puzzle(match, action.seat, sims, f"{seed}:{before}")
            weighed += 1
            if p is not None:
                tried += 1
                p["played"] = data
                if p.pop("confirmed"):
                    found.append(p)
        match.apply(action)
    return {"puzzles": found, "weighed": weighed, "tried": tried}


def own_puzzles(ruleset: Ruleset, seed: str, actions: list[dict[str, Any]], seat: int,
                moves: list[int], sims: int = SIMULATIONS) -> dict[str, Any]:
    """A person's own puzzles: the positions before the given moves (their costliest decisions,
    from the game's analysis), kept when the margin holds, confirmed by the simulation or not."""
    match = Match(ruleset, seed)
    wanted = set(moves)
    found = []
    for i, data in enumerate(actions):
        if i in wanted and data.get("seat") == seat:
            p = position_puzzle(match, seat, sims, f"{seed}:{i}")
            if p is not None:
                p.pop("confirmed")
                p["played"] = data
                found.append(p)
        if i >= max(wanted, default=-1):
            break
        match.apply(Action.from_json(data))
    return {"puzzles": found}


def bot_game(ruleset_name: str, seed: str, deals: int = SIM_DEALS) -> list[dict[str, Any]]:
    """A game of four bots (two greedy, two intermediate) played `deals` deals: its actions."""
    match = Match.new(ruleset_name, seed)
    levels = ["intermediate", "greedy", "intermediate", "greedy"]
    while not match.is_over and len(match.history) < deals:
        s = match.waiting_on()[0]
        match.apply(choose(match, s, levels[s]))
    return [a.to_json() for a in match.actions]


def simulated_puzzles(ruleset_name: str, seed: str, per_game: int = PER_GAME,
                      screened: int = SCREENED, sims: int = SIMULATIONS) -> dict[str, Any]:
    """A bot game played and its puzzles found (make_puzzles without games)."""
    actions = bot_game(ruleset_name, seed)
    got = game_puzzles(get_ruleset(ruleset_name), seed, actions, [0, 1, 2, 3], per_game,
                       screened, sims)
    got["actions"] = actions
    return got


# ------------------------------------------------------------------ the analysis board
