"""Several seats claim one discard at the same moment: precedence decides, not arrival."""

import asyncio

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.engine import bots
from games.engine.actions import CLAIMS
from games.engine.match import Match
from games.models import Game
from games.services import matches

from .live import join, make_table

pytestmark = pytest.mark.django_db(transaction=True)


def find_contested_discard(seed: str):
    """Play greedy bots until a discard that at least two seats can claim in different ways.
    Returns the actions before that discard, the discard, and each seat's best claim."""
    match = Match.new("chinese-classical", seed)
    prefix = []
    while not match.is_over and match.version < 2000:
        if match.phase == "claim":
            options = {}
            for s in match.waiting_on():
                kinds = [a for a in match.legal_actions(s) if a.type in CLAIMS]
                if kinds:
                    options[s] = min(kinds, key=lambda a: CLAIMS.index(a.type))
            if len({a.type for a in options.values()}) >= 2:
                return prefix[:-1], prefix[-1], options
        seat = match.waiting_on()[0]
        action = bots.choose(match, seat, "greedy")
        match.apply(action)
        prefix.append(action)
    return None


def replay_through_door(game_id: int, actions) -> None:
    """The actions through the door, but for the passes the server gave itself (a seat with
    nothing to claim) or that a window closed without (every seat passed by the server)."""
    for action in actions:
        game = Game.objects.get(pk=game_id)
        if action.type == "pass" and (
            str(action.seat) in game.pending
            or matches.match_for(game).phase not in ("claim", "rob")
        ):
            continue
        services.submit_action(game_id, None, action.to_json(), game.version, seat=action.seat)


async def test_three_claims_at_once_precedence_wins(app, players):
    for n in range(40):
        found = find_contested_discard(f"contested-{n}")
        if found:
            break
    else:
        pytest.fail("no contested discard found in 40 seeds")
    prefix, discard, claims = found
    game = await sync_to_async(make_table)(players, seed=f"contested-{n}")
    await sync_to_async(replay_through_door)(game.pk, prefix)
    tabs = {t.seat: t for t in [await join(app, game.pk, u) for u in players]}

    answer = await tabs[discard.seat].act(discard.to_json())
    assert answer["status"] == "applied"
    others = [s for s in range(4) if s != discard.seat]
    for s in others:
        await tabs[s].reach(answer["version"])
    # A seat with nothing to claim is not asked: the server passed for it.
    for s in others:
        assert (tabs[s].view["legal_actions"] == []) == (s not in claims)
    answers = await asyncio.gather(*(tabs[s].act(claims[s].to_json()) for s in claims))
    assert sorted(a["status"] for a in answers) == ["answered"] * (len(claims) - 1) + ["applied"]

    order = [(discard.seat + k) % 4 for k in (1, 2, 3)]
    best = min(claims.values(), key=lambda a: (CLAIMS.index(a.type), order.index(a.seat)))
    final = max(a["version"] for a in answers)
    for tab in tabs.values():
        await tab.reach(final)
        events = [e for f in tab.frames if f["type"] == "update" and f["version"] == final
                  for e in f["events"]]
        won = [e for e in events if e["type"] in ("claim", "win")]
        assert won, events
        assert won[0]["seat"] == best.seat
        assert won[0]["type"] == ("win" if best.type == "win" else "claim")
        assert won[0].get("claim", "win") == best.type
    for tab in tabs.values():
        await tab.close()
