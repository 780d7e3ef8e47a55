"""A game as a list of steps: the table as it stood after each move, for the replay viewer.

The engine replays the actions once and projects the state after every step: every action
that changed what a viewer sees, and within the start of each deal every ritual (dice, the
break, each block dealt, each bonus tile replaced) as a step of its own. Nothing here decides a
rule: the views are the engine's own projections (views.public_view), taken at those moments.

`reveal=True` (a finished game) adds every concealed hand and the wall's order; otherwise the
steps hold only what a spectator may see. Steps are sent compactly: the first holds the whole
view, each later one only the top-level keys and the seats that changed (`expand` undoes it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import Action
from .deal import Deal
from .events import Event
from .match import Match
from .ruleset import Ruleset
from .tiles import format_tiles
from .views import public_view

# Events that are never a step of their own: the next step carries them.
_FOLDED = {"seating", "wall_built"}
# Actions whose events are only these change nothing worth a step (claim answers, readiness).
_QUIET = {"answered", "ready"}


class _Recorder:
    def __init__(self, reveal: bool) -> None:
        self.reveal = reveal
        self.steps: list[dict[str, Any]] = []
        self.deals: list[dict[str, Any]] = []
        self.pending: list[dict[str, Any]] = []
        self.building = False
        self.version = 0
        self.hands: dict[int, tuple] = {}

    def seen(self, event: Event) -> dict[str, Any] | None:
        return event.full() if self.reveal else event.for_seat(None)

    def view(self, match: Match, deal: Deal) -> dict[str, Any]:
        saved = match.__dict__.get("deal")
        match.deal = deal
        try:
            view = public_view(match)
        finally:
            if saved is not None:
                match.deal = saved
        if self.reveal:
            for s, seat in enumerate(view["seats"]):
                seat["hand"], seat["drawn"] = self.hand(deal, s)
        return view

    def hand(self, deal: Deal, s: int) -> tuple[str, str | None]:
        """A seat's concealed tiles as its own view shows them (the drawn tile apart in its
        turn); most steps change one hand, so the others are taken from the last step."""
        st = deal.seats[s]
        apart = st.drawn if st.drawn is not None and st.hand[st.drawn] and deal.turn == s else None
        key = (deal, tuple(st.hand), apart)
        known = self.hands.get(s)
        if known is not None and known[0] == key:
            return known[1]
        tiles = st.tiles()
        if apart is not None:
            tiles.remove(apart)
        shown = (format_tiles(tiles), format_tiles([apart]) if apart is not None else None)
        self.hands[s] = (key, shown)
        return shown

    def add(self, view: dict[str, Any], events: list[dict[str, Any]], ritual: bool) -> None:
        self.steps.append(
            {"v": self.version, "d": len(self.deals) - 1, "e": events, "r": ritual, "view": view}
        )

    # Called by the hooked Deal for each event emitted while it deals itself.
    def emitted(self, match: Match, deal: Deal) -> None:
        event = deal.events[-1]
        if event.type == "deal_start":
            self.start_deal(deal)
        seen = self.seen(event)
        if seen is not None:
            self.pending.append(seen)
        if event.type in _FOLDED or seen is None:
            return
        view = self.view(match, deal)
        view["version"] = self.version
        view["waiting_on"] = []  # nobody acts while the tiles are dealt
        self.add(view, self.pending, True)
        self.pending = []

    def start_deal(self, deal: Deal) -> None:
        info: dict[str, Any] = {
            "number": deal.number,
            "dealer": deal.dealer,
            "first": len(self.steps),
        }
        if self.reveal:
            wall = deal.wall
            info["live"] = format_tiles(wall.live)
            info["dead"] = wall.dead  # the tiles' order, formatted when the deal ends
        self.deals.append(info)


def _hooked_match(ruleset: Ruleset, seed: str, rec: _Recorder) -> Match:
    class ReplayDeal(Deal):
        def _emit(self, *args, **kwargs) -> None:  # type: ignore[override]
            super()._emit(*args, **kwargs)
            if rec.building:
                rec.emitted(match, self)

    class ReplayMatch(Match):
        deal_class = ReplayDeal

        def _new_deal(self) -> Deal:
            # The live match's own dealing (a Goulash, the first deal's break) so the steps
            # replay exactly what was played.
            rec.building = True
            try:
                return super()._new_deal()
            finally:
                rec.building = False

    match: Match = ReplayMatch.__new__(ReplayMatch)
    match.__init__(ruleset, seed)  # the first deal's rituals are recorded as it is dealt
    return match


class Steps:
    """A game's steps, built as its moves come: `extend` applies only the new actions, so a
    running game's replay is never rebuilt from its first move. Each step is compacted against
    the one before as soon as it is final and handed to `sink` (if given) in order, so a caller
    can keep them encoded (and compressed) as they come."""

    def __init__(self, ruleset: Ruleset, seed: str, *, reveal: bool, sink=None) -> None:
        self.reveal = reveal
        self.sink = sink
        self.compact: list[dict[str, Any]] = []
        self._prev: dict[str, Any] | None = None
        self.rec = rec = _Recorder(reveal)
        self.match = _hooked_match(ruleset, seed, rec)
        rec.steps[0]["e"] = [rec.seen(e) for e in self.match.initial_events[:1]] + rec.steps[0]["e"]
        _close_dealing(rec, self.match)
        self._flush()

    @property
    def version(self) -> int:
        return self.match.version

    def extend(self, actions: Iterable[Action]) -> Steps:
        rec, match = self.rec, self.match
        for action in actions:
            deals_before = len(rec.deals)
            events = match.apply(action)
            rec.version = match.version
            if len(rec.deals) != deals_before:
                for step in rec.steps[rec.deals[-1]["first"]:]:
                    step["v"] = rec.version
                _close_dealing(rec, match)
            else:
                seen = [e for e in (rec.seen(ev) for ev in events) if e is not None]
                if seen and not all(e["type"] in _QUIET for e in seen):
                    rec.add(rec.view(match, match.deal), seen, False)
            self._flush()
        return self

    def _flush(self) -> None:
        """Compact the steps the last action made final; their whole views are let go."""
        for step in self.rec.steps[len(self.compact):]:
            view = step.pop("view")
            item = _compact_one(view, step, self._prev)
            self._prev = view
            self.compact.append(item)
            if self.sink is not None:
                self.sink(item)

    def deals(self) -> list[dict[str, Any]]:
        if not self.reveal:
            return self.rec.deals
        return [{**info, "dead": format_tiles(info["dead"])} for info in self.rec.deals]

    def head(self) -> dict[str, Any]:
        """Everything but the steps."""
        return {"reveal": self.reveal, "version": self.match.version,
                "over": self.match.is_over, "deals": self.deals()}

    def to_json(self) -> dict[str, Any]:
        return {**self.head(), "steps": self.compact}


def replay_steps(
    ruleset: Ruleset, seed: str, actions: Iterable[Action], *, reveal: bool
) -> dict[str, Any]:
    """Every step of the game played by `actions` (see the module docstring), compacted."""
    return Steps(ruleset, seed, reveal=reveal).extend(actions).to_json()


def _close_dealing(rec: _Recorder, match: Match) -> None:
    """The last ritual step of a deal shows the table as the action left it."""
    last = rec.steps[-1]
    last["view"] = rec.view(match, match.deal)
    last["e"] = last["e"] + rec.pending
    rec.pending = []


def compact(views: list[dict[str, Any]], steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    prev: dict[str, Any] | None = None
    for view, step in zip(views, steps, strict=True):
        out.append(_compact_one(view, step, prev))
        prev = view
    return out


def _compact_one(view: dict[str, Any], step: dict[str, Any], prev: dict[str, Any] | None):
    """The step with only what changed since the view before (the whole view for the first)."""
    item = dict(step)
    if prev is None:
        item["p"] = view
        return item
    item["p"] = {k: v for k, v in view.items() if k != "seats" and _changed(k, prev, v)}
    seats = {str(i): s for i, s in enumerate(view["seats"]) if s != prev["seats"][i]}
    if seats:
        item["s"] = seats
    return item


def _changed(key: str, prev: dict[str, Any], value: Any) -> bool:
    if key == "last_deal" and value is not None and prev.get(key) is not None:
        return prev[key]["number"] != value["number"]  # a deal's summary never changes
    return prev.get(key) != value


def expand(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The whole view at every step (what the browser rebuilds from the compact steps)."""
    views = []
    view: dict[str, Any] = {}
    for step in steps:
        view = {**view, **step["p"]}
        if "s" in step:
            seats = list(view["seats"])
            for i, s in step["s"].items():
                seats[int(i)] = s
            view["seats"] = seats
        views.append(view)
    return views
