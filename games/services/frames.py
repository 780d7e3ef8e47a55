"""What each connection may see. Every frame is built here from the engine's projections, so
the code that makes a change decides who receives which event."""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import timedelta
from typing import Any

import orjson

from games import clock, conf
from games.access import policy
from games.engine import views as engine_views
from games.engine.events import project_events
from games.models import ABANDONED, ACTIVE, FINISHED, Game, Watcher
from games.models.bots import bot_ids
from games.realtime import protocol

from . import forfeits, turnclock

WINDOW_PHASES = ("claim", "rob")


def nothing_to_claim(match, seat: int) -> bool:
    """In an open window, `seat` owes an answer but may only pass: the server passes for it
    (schedule.automatic_passes) and never asks it."""
    return (
        match.phase in WINDOW_PHASES
        and seat in match.waiting_on()
        and all(a.type == "pass" for a in match.legal_actions(seat))
    )


def _only_passes(match, seat: int, legal: list[dict[str, Any]]) -> bool:
    """nothing_to_claim, read off the seat's view's legal actions (already worked out)."""
    return (
        match.phase in WINDOW_PHASES
        and all(a["type"] == "pass" for a in legal)
        and seat in match.waiting_on()
    )

NAME_MAX = 150  # as an account's username: a longer recorded name must not swell every frame


def timer(game: Game, match) -> dict[str, Any] | None:
    """The countdown a player sees. A claim window's countdown runs to its deadline from the
    discard, the same for every seat, so it tells nobody whether anyone could claim."""
    if game.status != ACTIVE or game.changed_at is None:
        return None
    bank = None
    if match.phase in WINDOW_PHASES:
        kind, seconds = "claim", game.claim_seconds
    elif game.turn_seconds and match.phase in ("play", "deal_over", "exchange"):
        kind, seconds = "turn", game.turn_seconds
        on_turn = match.waiting_on() if match.phase == "play" else []
        if game.bank_seconds and on_turn:
            # The player on turn may run on into their bank: the countdown runs to its end.
            left = turnclock.bank_left_ms(game, on_turn[0])
            bank = left // 1000 if left % 1000 == 0 else left / 1000
            seconds += bank
    else:
        return None
    ends = game.changed_at + timedelta(seconds=seconds)
    frame = {"kind": kind, "ends_ms": int(ends.timestamp() * 1000), "seconds": seconds}
    if bank is not None:
        frame["bank"] = bank
    return frame


def view(game: Game, match, seat: int | None, public: dict | None = None) -> dict[str, Any]:
    """`public`: the match's spectator view, when the caller has it already."""
    if match.is_over or game.status == FINISHED:  # FINISHED before its end: it ended early
        final = forfeits.end_view(game, match)
        if policy.walls_shared(game):  # the seed deals the walls other tables still play
            del final["seed"]
        if seat is None and policy.scores_hidden(game):
            # Its round hides results until it ends: a spectator sees the table, not the
            # standings or the last deal's payments (docs/access.md).
            final.update(standings=None, last_deal=None, result_hidden=True,
                         seats=[{**s, "points": None} for s in final["seats"]])
        return final
    if seat is None:
        return public if public is not None else engine_views.public_view(match)
    view = engine_views.seat_view(match, seat, public)
    if game.status == ABANDONED:  # nobody plays on: a seat that reopens it is offered nothing
        view["legal_actions"] = []
    elif _only_passes(match, seat, view["legal_actions"]):  # passed by the server: nothing to ask
        view["legal_actions"] = []
    if ready_off(game) is None:
        view["waits"] = ready(game, match, seat, view)
    return view


def ready_off(game: Game) -> str | None:
    """Why the table sends no ready indicator, or None. The rule is the hints' (services/hints.py
    hints_off): none in tournament or rated games, where only what a player works out counts."""
    if game.tournament:
        return "The ready indicator is off in tournament games, as hints are."
    if game.rated:
        return "The ready indicator is off in rated games, as hints are."
    return None


READY_KEPT = 2048  # ready indicators kept in this process: a few per seat at every live table
_ready_kept: OrderedDict[tuple, list[dict[str, Any]] | None] = OrderedDict()
_ready_lock = threading.Lock()  # frames are built on more than one thread


def ready(game: Game, match, seat: int, view: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The seat's own ready indicator (engine/views.py ready_waits), worked out once per hand:
    kept by game, rules, seat, deal and the seat's own tiles and sets, so it is computed again
    only when its concealed tiles change (a discard, a claim, a kong), not on every frame."""
    if game.status != ACTIVE or match.phase in ("deal_over", "game_over"):
        return None
    own = view["seats"][seat]
    key = (game.pk, game.rules_version, seat, match.deal.number, view["hand"],
           tuple((m["tiles"], m["exposed"]) for m in own["melds"]), own["fishing"],
           own["call_broken"])
    with _ready_lock:
        if key in _ready_kept:
            _ready_kept.move_to_end(key)
            return _ready_kept[key]
    found = engine_views.ready_waits(match, seat)
    with _ready_lock:
        _ready_kept[key] = found
        if len(_ready_kept) > READY_KEPT:
            _ready_kept.popitem(last=False)
    return found


def forget_ready() -> None:
    """Drop every kept ready indicator (as a fresh process starts)."""
    with _ready_lock:
        _ready_kept.clear()


def seats_info(game: Game) -> list[dict[str, Any]]:
    seats = list(game.seats.all())
    # A bot account (docs/bot-api.md) is marked "account" where a site bot names its level.
    bots = bot_ids(s.user_id for s in seats if not s.bot_level and not s.left)
    return [
        {
            "chair": s.chair,
            "seat": s.position,
            "name": s.name[:NAME_MAX],
            "bot": s.bot_level or ("account" if s.user_id in bots and not s.left else None),
            "connected": s.connected,
        }
        for s in seats
    ]


def watching(game: Game) -> int:
    """How many spectators' sockets are open at this table (fresh rows only: a socket whose
    process died stops counting once its row goes stale, before any sweep)."""
    cutoff = clock.now() - timedelta(seconds=conf.get("GAMES_PRESENCE_TTL_SECONDS"))
    return Watcher.objects.filter(game=game, seen_at__gt=cutoff).count()


# A scored deal's hands are on the view's `last_deal` already: the event need not carry them twice.
_SCORED_BULK = ("hands", "settlement")


def live_events(events, seat: int | None) -> list[dict[str, Any]]:
    """Events as this viewer may see them, each no bigger than the table needs."""
    out = project_events(events, seat)
    for k, e in enumerate(out):
        if e["type"] == "deal_scored":
            out[k] = {key: v for key, v in e.items() if key not in _SCORED_BULK}
    return out


def deal_events(match, seat: int | None) -> list[dict[str, Any]]:
    """The current deal's events as this viewer saw them (the seating too, in the first deal), so
    that a reloaded page can rebuild its move log; nothing another seat alone may see."""
    events = list(match.deal.events)
    if match.deal.number == 1 and match.initial_events:
        events = [match.initial_events[0], *events]
    if match.ruleset.discard_display == "centre" and not match.is_over:
        # Seed 003 §3.3: the resent history must not let anyone read the pool's order back.
        events = [e for e in events if e.type != "discard"]
    return live_events(events, seat)


def state(game: Game, match, seat: int | None) -> dict[str, Any]:
    frame: dict[str, Any] = {
        "type": protocol.S_STATE,
        "game": game.pk,
        "status": game.status,
        "version": game.version,
        "seat": seat,
        "seats": seats_info(game),
        "watching": watching(game),
        "view": None,
        "timer": None,
        "answer": None,
    }
    if match is not None:
        frame["view"] = view(game, match, seat)
        frame["timer"] = timer(game, match)
        frame["events"] = deal_events(match, seat)
        if seat is not None and match.phase in WINDOW_PHASES:
            frame["answer"] = game.pending.get(str(seat))
    return frame


_ASK = object()


def update(
    game: Game, match, events, from_version: int, seat: int | None, public: dict | None = None,
    *, countdown: dict[str, Any] | None | object = _ASK,
) -> dict[str, Any]:
    """`public`, `countdown`: the match's spectator view and timer(), when the caller has
    them already (the same for every seat's frame of a change)."""
    frame = {
        "type": protocol.S_UPDATE,
        "game": game.pk,
        "status": game.status,
        "from": from_version,
        "version": game.version,
        "events": live_events(events, seat),
        "view": view(game, match, seat, public),
        "timer": timer(game, match) if countdown is _ASK else countdown,
    }
    return frame


def encode(frame: dict[str, Any]) -> str:
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def state_texts(frame: dict[str, Any]) -> list[str]:
    """A state frame as sent: its deal history split so that no frame exceeds FRAME_BUDGET.
    The state carries what fits beside the view; `log` frames (same version) carry the rest
    in order, each saying whether `more` follow."""
    events = frame.get("events") or []
    sizes = [len(encode(e)) + 1 for e in events]
    head = {**frame, "events": [], "more": False}
    room = protocol.FRAME_BUDGET - len(encode(head))
    cut = _fit(sizes, 0, room)
    head["events"] = events[:cut]
    head["more"] = cut < len(events)
    texts = [encode(head)]
    empty = {"type": protocol.S_LOG, "game": frame["game"], "version": frame["version"],
             "events": [], "more": True}
    room = protocol.FRAME_BUDGET - len(encode(empty))
    while cut < len(events):
        end = max(_fit(sizes, cut, room), cut + 1)  # an event is far smaller than a frame
        texts.append(encode({**empty, "events": events[cut:end], "more": end < len(events)}))
        cut = end
    return texts


def _fit(sizes: list[int], start: int, room: int) -> int:
    """The end of the longest run of events from `start` whose encoded sizes fit in `room`."""
    end = start
    while end < len(sizes) and room - sizes[end] >= 0:
        room -= sizes[end]
        end += 1
    return end
