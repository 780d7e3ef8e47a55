"""A finished game's decisions against the strong bot: for every choice a person made (a discard
among several, a claim or a pass, going out or not), the evaluator's ranking of the candidates
from that seat's view at that moment, where the person's choice ranked and how much expected
value it gave up; a win not taken is a missed win, told with what the hand would have scored
(going out is ranked above everything, so no expected value compares with it). Per person: the match rate and the decisions that cost most.

Pure and deterministic: the record's actions replayed once, each decision weighed as the seat
saw it (evaluate.py). Bounded by `max_decisions` whatever the game's length.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .. import actions as A
from ..actions import Action
from ..match import Match
from ..ruleset import Ruleset
from ..tiles import tile_name
from .evaluate import breaks_call, evaluate, plain_score
from .knowledge import knowledge_for

MAX_DECISIONS = 3000  # weighed at most per game (a long game has some 30 a deal per person)
TOP_MISSES = 5
# Actions that are no choice worth weighing: readiness, and a Goulash's exchange.
_NOT_CHOICES = {A.READY, A.EXCHANGE}


def _key(a: dict[str, Any]) -> tuple:
    return (a.get("type"), a.get("tile"), a.get("tiles"), bool(a.get("call")))


def review_game(ruleset: Ruleset, seed: str, actions: Iterable[Action], people: Sequence[int],
                max_decisions: int = MAX_DECISIONS) -> dict[str, Any]:
    """The review of the people's decisions (`people`: seat positions played by persons)."""
    match = Match(ruleset, seed)
    people = set(people)
    seats: dict[int, dict[str, Any]] = {
        s: {"seat": s, "decisions": 0, "matched": 0, "lost": 0.0, "missed_wins": 0,
            "misses": []} for s in people}
    weighed = 0
    complete = True
    for action in actions:
        seat = action.seat
        if seat in people and action.type not in _NOT_CHOICES:
            legal = match.legal_actions(seat)
            if len({_key(a.to_json()) for a in legal}) > 1:
                if weighed >= max_decisions:
                    complete = False
                else:
                    weighed += 1
                    _weigh(match, seat, action, seats[seat])
        match.apply(action)
    for info in seats.values():
        n = info["decisions"]
        info["match_rate"] = round(info["matched"] / n, 3) if n else None
        info["lost"] = round(info["lost"], 1)
        info["misses"] = _costliest(info["misses"])
    return {"seats": [seats[s] for s in sorted(seats)], "weighed": weighed, "complete": complete}


def _cost(m: dict[str, Any]) -> tuple:
    """A missed win costs more than any other miss; among those, the bigger hand."""
    if m.get("missed_win"):
        return (1, m.get("win_value") or 0)
    return (0, m["lost"])


def _costliest(misses: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(misses, key=_cost, reverse=True)[:TOP_MISSES]


def _weigh(match: Match, seat: int, action: Action, info: dict[str, Any]) -> None:
    k = knowledge_for(match, seat)
    candidates = evaluate(k)
    if not candidates:
        return
    chosen = _key(action.to_json())
    keys = [_key(c.action.to_json()) for c in candidates]
    rank = keys.index(chosen) if chosen in keys else len(keys)
    best = candidates[0]
    info["decisions"] += 1
    if rank == 0 or candidates[min(rank, len(keys) - 1)].score >= best.score:
        info["matched"] += 1  # the bot's choice, or one it values the same
        return
    mine = candidates[rank] if rank < len(keys) else min(candidates, key=lambda c: c.score)
    miss: dict[str, Any] = {
        "version": match.version + 1,  # the move's number: the version it makes
        "deal": match.deal.number,
        "played": action.to_json(),
        "bot": best.action.to_json(),
        # A claim window's tile: "pass" or "pung" alone do not name it.
        "offered": (tile_name(match.deal.window_tile)
                    if match.deal.window_tile is not None else None),
        "rank": rank + 1,
        "of": len(candidates),
    }
    if best.action.type == A.WIN and mine.action.type != A.WIN:
        # Going out is ranked above everything (a sentinel score): no expected value compares
        # with it, so a missed win is told as one, with what the hand would have scored.
        info["missed_wins"] += 1
        miss.update(missed_win=True, lost=None, win_value=round(best.value, 1))
    else:
        lost = max(0.0, plain_score(k, best) - plain_score(k, mine))
        info["lost"] += lost
        miss["lost"] = round(lost, 1)
        if breaks_call(k, mine.action):
            miss["broke_call"] = True
    info["misses"].append(miss)
    # Keep the list short as it grows: only the costliest can be shown.
    if len(info["misses"]) > 4 * TOP_MISSES:
        info["misses"] = _costliest(info["misses"])
