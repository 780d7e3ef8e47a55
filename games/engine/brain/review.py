"""A finished game's decisions against the strong bot: for every choice a person made (a discard
among several, a claim or a pass, going out or not), the evaluator's ranking of the candidates
from that seat's view at that moment, where the person's choice ranked and how much expected
value it gave up. Per person: the match rate and the decisions that cost most.

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
from .evaluate import evaluate
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
        s: {"seat": s, "decisions": 0, "matched": 0, "lost": 0.0, "misses": []} for s in people}
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


def _costliest(misses: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(misses, key=lambda m: -m["lost"])[:TOP_MISSES]


def _weigh(match: Match, seat: int, action: Action, info: dict[str, Any]) -> None:
    candidates = evaluate(knowledge_for(match, seat))
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
    mine = candidates[rank].score if rank < len(keys) else min(c.score for c in candidates)
    lost = max(0.0, best.score - mine)
    info["lost"] += lost
    info["misses"].append({
        "version": match.version + 1,  # the move's number: the version it makes
        "deal": match.deal.number,
        "played": action.to_json(),
        "bot": best.action.to_json(),
        # A claim window's tile: "pass" or "pung" alone do not name it.
        "offered": (tile_name(match.deal.window_tile)
                    if match.deal.window_tile is not None else None),
        "rank": rank + 1,
        "of": len(candidates),
        "lost": round(lost, 1),
    })
    # Keep the list short as it grows: only the costliest can be shown.
    if len(info["misses"]) > 4 * TOP_MISSES:
        info["misses"] = _costliest(info["misses"])
