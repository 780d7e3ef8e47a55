"""A page reloaded while a claim window is open, or on its own turn, gets a state that lists what
its seat may do (and the answer it already gave), and the deal goes on to its end: the socket's
state on reconnecting is all the page has to show its person a prompt. The table is the
lost-claim seed (tests/browser/claim_table.py: East's first discard offers the person a chow)
with a 600 s window, so nothing is decided for the person by a deadline while the test runs."""

import pytest
from asgiref.sync import sync_to_async

from tests.browser.claim_table import LOST_CLAIM_SEED, person_seat

from .live import join, make_table, simple_choice

pytestmark = pytest.mark.django_db(transaction=True)

WINDOWS = ("claim", "rob")
CLAIMS = {"chow", "pung", "kong", "win"}


def _types(view):
    return {a["type"] for a in view["legal_actions"]}


async def _until_decision(tab, predicate):
    """Frames until the seat's current view is a decision that `predicate` accepts."""
    if tab.view is not None and predicate(tab.view):
        return
    await tab.until(lambda f: f["type"] in ("state", "update") and tab.view is not None
                    and (predicate(tab.view) or tab.view["phase"] in ("deal_over", "game_over")))


async def _reload(app, game_id, user, tab):
    await tab.close()
    back = await join(app, game_id, user)
    return back


async def test_a_socket_reopened_in_a_claim_window_is_offered_its_claim_and_the_deal_ends(
        app, players):
    person = players[0]
    game = await sync_to_async(make_table)([person], 3, seed=LOST_CLAIM_SEED, claim_seconds=600,
                                           settings={"max_deals": 1})
    me = person_seat(LOST_CLAIM_SEED)
    tab = await join(app, game.pk, person)

    # East's first discard: the window offers this seat a chow.
    await _until_decision(tab, lambda v: v["phase"] in WINDOWS and _types(v) & CLAIMS)
    before = (tab.version, tab.view)
    assert tab.view["claim"]["discarder"] != me
    tab = await _reload(app, game.pk, person, tab)
    state = tab.frames[0]
    assert state["type"] == "state" and state["seat"] == me
    assert (state["version"], state["view"]) == before
    assert "chow" in _types(state["view"]) and "pass" in _types(state["view"])
    assert state["answer"] is None
    assert state["timer"]["kind"] == "claim"

    # Answered, then reloaded before the window closes: the answer is shown as given.
    chow = next(a for a in tab.view["legal_actions"] if a["type"] == "chow")
    answer = await tab.act(chow)
    assert answer["type"] == "ack", answer
    if answer["status"] == "answered":
        version = tab.version
        tab = await _reload(app, game.pk, person, tab)
        state = tab.frames[0]
        if state["version"] == version:  # the window is still open
            assert state["answer"]["type"] == "chow"

    # The rest of the deal: the socket reopened at every decision of the seat's, and at every
    # window in which it has nothing to claim; each state lists what it may do.
    reopened = {"turn": 0, "claim": 0, "nothing": 0}
    answered = None  # the version this seat last answered at
    for _ in range(300):
        if tab.view["phase"] == "game_over" or tab.status != "active":
            break
        v = tab.view
        window = v["phase"] in WINDOWS and me in v.get("waiting_on", [])
        if window and not v["legal_actions"]:
            moment = "nothing"
        elif window and v["legal_actions"]:
            moment = "claim"
        elif v["phase"] == "play" and v["turn"] == me and v["legal_actions"]:
            moment = "turn"
        else:
            moment = None
        if moment and reopened[moment] < 3:
            reopened[moment] += 1
            version, legal = tab.version, v["legal_actions"]
            tab = await _reload(app, game.pk, person, tab)
            state = tab.frames[0]
            if state["version"] == version:
                assert state["view"]["legal_actions"] == legal, moment
                if moment == "nothing":
                    assert state["answer"] == {"seat": me, "type": "pass"}
            continue
        seen = tab.version
        choice = simple_choice(v) if v["legal_actions"] else None
        if choice is not None and answered != seen:
            answered = seen
            answer = await tab.act(choice)
            assert answer["type"] == "ack", answer
            if answer["status"] == "applied":
                await tab.reach(answer["version"])
                continue
        await tab.until(lambda f, t=tab, s=seen: f["type"] in ("state", "update") and t.version > s)
    else:
        raise AssertionError("the deal did not end within 300 steps")
    assert tab.view["phase"] == "game_over"
    assert reopened["turn"] and reopened["claim"], reopened
    await tab.close()
