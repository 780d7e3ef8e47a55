"""Worker jobs of the analysis board and the replay's decisions: the legal moves of a position
set up by hand, the strong bot's weighing of it, a seat's view at a replay's move, and the
ranking of every decision one seat made in a game (docs/puzzles.md)."""

from __future__ import annotations

from typing import Any

from games.engine import actions as A
from games.engine.actions import Action
from games.engine.analysis import is_thirteen_orphans
from games.engine.brain.levels import decide
from games.engine.errors import NotationError
from games.engine.match import Match
from games.engine.melds import PUNG, Meld
from games.engine.ruleset import Ruleset
from games.engine.tiles import counts_of, format_tiles, parse_tiles
from games.engine.views import seat_view
from games.engine.wintest import WILD_2B, complete_size, is_mahjong
from games.thinking.puzzle_jobs import NOT_CHOICES, key, weigh_view


def board_legal(view: dict[str, Any], ruleset: Ruleset) -> list[dict[str, Any]]:
    """The legal actions of a position set up by hand: at the seat's turn (a full hand) the
    discards, kongs and going out; with a tile on offer (a hand one short) pass, the claims the
    ruleset allows (a chow only from the seat on the left) and going out; with a kong to rob
    (seed 003 §3.5.1) pass, and going out by robbing it when the hand wins on its tile (a
    concealed kong only for Thirteen Orphans, where the ruleset allows it). A Goulash (001):
    no chows, the 2 of Bamboo wild."""
    if view.get("goulash"):
        ruleset = ruleset.replace(max_chows=0, wild_tile=WILD_2B)
    seat = view["viewer"]
    hand = counts_of(parse_tiles(view.get("hand") or ""))
    if view.get("drawn"):
        hand[parse_tiles(view["drawn"])[0]] += 1
    melds = [Meld.from_json(m) for m in view["seats"][seat]["melds"]]
    need = complete_size(ruleset, melds)
    size = sum(hand[:34])
    claim = view.get("claim") or {}
    out: list[Action] = []
    if size == need and not claim:
        out += [Action(seat, A.DISCARD, t) for t in range(34) if hand[t]]
        out += [Action(seat, A.CONCEALED_KONG, t) for t in range(34) if hand[t] == 4]
        out += [Action(seat, A.PROMOTE_KONG, m.tile) for m in melds
                if m.kind == PUNG and hand[m.tile]]
        if is_mahjong(ruleset, hand, melds):
            out.append(Action(seat, A.WIN))
    elif size == need - 1 and claim.get("tile") and claim.get("kind") == "rob":
        t = parse_tiles(claim["tile"])[0]
        with_tile = list(hand)
        with_tile[t] += 1
        kongs = view["seats"][claim["discarder"]]["melds"]
        concealed = any(not m.get("exposed", True) and parse_tiles(m["tiles"])[0] == t
                        for m in kongs)
        orphans = ruleset.rob_concealed_kong_for_orphans and ruleset.thirteen_orphans \
            and is_thirteen_orphans(with_tile)
        if is_mahjong(ruleset, with_tile, melds) and (orphans or not concealed):
            out.append(Action(seat, A.WIN))
        out.append(Action(seat, A.PASS))
    elif size == need - 1 and claim.get("tile"):
        t = parse_tiles(claim["tile"])[0]
        out.append(Action(seat, A.PASS))
        if t < 34 and hand[t] >= 2:
            out.append(Action(seat, A.PUNG))
        if t < 34 and hand[t] >= 3:
            out.append(Action(seat, A.KONG))
        left = claim.get("discarder") == (seat - 1) % 4
        if left and ruleset.max_chows != 0 and t < 27:
            base = t - t % 9
            for lo in range(max(base, t - 2), min(t, base + 6) + 1):
                run = (lo, lo + 1, lo + 2)
                if all(x == t or hand[x] for x in run):
                    out.append(Action(seat, A.CHOW, tiles=run))
        with_tile = list(hand)
        with_tile[t] += 1
        if t < 34 and is_mahjong(ruleset, with_tile, melds):
            out.append(Action(seat, A.WIN))
    elif size == need - 1:
        raise NotationError(
            "no decision here: give the tile the seat drew (its turn) or a discard on offer")
    else:
        raise NotationError(
            f"the hand has {size} tiles: at the seat's turn it needs {need} (the drawn tile "
            f"included), with a discard on offer {need - 1}")
    return [a.to_json() for a in out]


def board(view: dict[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """Every legal action of a set-up position weighed, and the strong bot's choice."""
    if "legal_actions" not in view:
        view = {**view, "legal_actions": board_legal(view, ruleset)}
    k, candidates = weigh_view(view, ruleset)
    chosen = decide(k, "strong") if k.legal else None
    return {"candidates": candidates, "bot": None if chosen is None else chosen.to_json(),
            "legal": view["legal_actions"]}


def view_at(ruleset: Ruleset, seed: str, actions: list[dict[str, Any]], move: int, seat: int
            ) -> dict[str, Any] | None:
    """A replay's move on the analysis board: `seat`'s own view after the first `move` actions,
    where it has a decision. A claim window's passes are not replay steps, so the decisions of
    the window shown at `move` are looked for through the passes that follow it: `seat`'s first,
    else the first seat's that has one. None where nobody decides there."""
    match = Match(ruleset, seed)
    for data in actions[:move]:
        match.apply(Action.from_json(data))
    later = move
    while True:
        for s in sorted(match.waiting_on(), key=lambda s: s != seat):
            if _decides(match, s):
                return seat_view(match, s)
        if later >= len(actions) or actions[later].get("type") != A.PASS:
            return None
        match.apply(Action.from_json(actions[later]))
        later += 1


def _decides(match: Match, seat: int) -> bool:
    """Whether `seat` has a choice to make now (two or more different legal actions)."""
    return len({key(a.to_json()) for a in match.legal_actions(seat)}) > 1


# ------------------------------------------------------------------ a replay's decisions
MAX_DECISIONS = 600  # weighed at most for one seat of one game
SHOWN = 5  # candidates kept per decision


def decisions(ruleset: Ruleset, seed: str, actions: list[dict[str, Any]], seat: int,
              max_decisions: int = MAX_DECISIONS) -> dict[str, Any]:
    """Every decision of `seat` in a finished game, weighed from its own view: the strong
    bot's ranking (the first `SHOWN` candidates), where the choice made ranked and the
    expected points it gave up; per deal, the points given up. Bounded by `max_decisions`."""
    match = Match(ruleset, seed)
    out: list[dict[str, Any]] = []
    per_deal: dict[int, float] = {}
    complete = True
    for data in actions:
        if data.get("seat") == seat and data.get("type") not in NOT_CHOICES \
                and _decides(match, seat):
            if len(out) >= max_decisions:
                complete = False
            else:
                _, candidates = weigh_view(seat_view(match, seat), match.ruleset)
                keys = [key(c["action"]) for c in candidates]
                rank = keys.index(key(data)) if key(data) in keys else len(keys) - 1
                best, mine = candidates[0], candidates[rank]
                lost = 0.0
                if best["action"]["type"] != A.WIN and mine["action"]["type"] != A.WIN:
                    lost = max(0.0, best["expected"] - mine["expected"])
                deal = match.deal.number
                per_deal[deal] = per_deal.get(deal, 0.0) + lost
                offered = match.deal.window_tile
                out.append({"version": match.version, "deal": deal, "played": data,
                            "rank": rank + 1, "of": len(candidates), "lost": round(lost, 1),
                            "missed_win": best["action"]["type"] == A.WIN and rank > 0,
                            "offered": None if offered is None else format_tiles([offered]),
                            "candidates": [{k: c[k] for k in ("action", "expected",
                                                               "win_chance", "shanten")}
                                           for c in candidates[:SHOWN]],
                            "yours": None if rank < SHOWN else {
                                k: mine[k] for k in ("action", "expected", "win_chance",
                                                     "shanten")}})
        match.apply(Action.from_json(data))
    return {"seat": seat, "decisions": out, "complete": complete,
            "per_deal": [{"deal": d, "lost": round(v, 1)} for d, v in sorted(per_deal.items())]}
