"""Events: what happened, as a viewer shows it. Each has a public part everyone may see and,
for some, a private part only one seat may see (the tile it drew, the hand it was dealt)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None  # the one seat that also sees `private`
    private: dict[str, Any] | None = None
    hidden: bool = False  # wholly private: others do not learn it happened (a claim answer)

    def public(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """The event as `seat` may see it (None: a spectator); None if it may not see it."""
        if seat is not None and seat == self.seat:
            return {"type": self.type, **self.data, **(self.private or {})}
        if self.hidden:
            return None
        return self.public()

    def full(self) -> dict[str, Any]:
        """Everything, for review after the game is over."""
        return {"type": self.type, **self.data, **(self.private or {})}


def project_events(events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    out = []
    for e in events:
        seen = e.for_seat(seat)
        if seen is not None:
            out.append(seen)
    return out
