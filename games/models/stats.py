"""A player's statistics: kept as totals per player and ruleset (PlayerStat), added to as each
game's result is shown (games/models/seat_results.py), so a page reads a few rows however many games the
player has; `add_game` recomputes them from a game's own result, to check them against."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Sum
from django.utils.translation import gettext, pgettext

from games.models import Game


@dataclass
class BestHand:
    game_id: int
    deal: int
    score: int
    limit: str | None
    how: str

    @property
    def how_words(self) -> str:
        return {"self_drawn": pgettext("best hand", "self-drawn"),
                "discard": pgettext("best hand", "on a discard"),
                "robbed_kong": pgettext("best hand", "robbing a kong")}.get(self.how, self.how)


@dataclass
class PlayerStats:
    games: int = 0
    games_won: int = 0  # placed first (ties for first count)
    deals: int = 0
    deals_won: int = 0
    self_drawn: int = 0
    dealt_in: int = 0  # discards that others won on
    points_won: int = 0  # net over all deals
    placings: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    best: list[BestHand] = field(default_factory=list)

    def _rate(self, n: int) -> float | None:
        return n / self.deals if self.deals else None

    @property
    def win_rate(self) -> float | None:
        return self._rate(self.deals_won)

    @property
    def deal_in_rate(self) -> float | None:
        return self._rate(self.dealt_in)

    @property
    def self_drawn_rate(self) -> float | None:
        return self._rate(self.self_drawn)

    @property
    def points_per_deal(self) -> float | None:
        return self.points_won / self.deals if self.deals else None

    @property
    def points_per_game(self) -> float | None:
        return self.points_won / self.games if self.games else None

    @property
    def average_place(self) -> float | None:
        n = sum(self.placings)
        return sum((i + 1) * c for i, c in enumerate(self.placings)) / n if n else None

    def shown(self) -> list[tuple[str, str, str]]:
        """(label, value, explanation) for the page."""
        return [
            (gettext("Games played"), f"{self.games}", gettext("finished games")),
            (gettext("Games won"), f"{self.games_won}", gettext("placed first")),
            (gettext("Deals won"), gettext("%(won)s of %(deals)s") % {
                "won": self.deals_won, "deals": self.deals}, percent(self.win_rate)),
            (gettext("Deal-in rate"), percent(self.deal_in_rate),
             gettext("deals another player won on your discard")),
            (gettext("Self-drawn rate"), percent(self.self_drawn_rate),
             gettext("deals won on a tile you drew")),
            (gettext("Points per deal"), number(self.points_per_deal),
             gettext("average gain or loss")),
            (gettext("Points per game"), number(self.points_per_game),
             gettext("average gain or loss")),
            (gettext("Average placing"), "–" if self.average_place is None
             else f"{self.average_place:.2f}", gettext("1 is best")),
        ]

    @property
    def placing_rows(self) -> list[tuple[int, int]]:
        return [(i + 1, c) for i, c in enumerate(self.placings)]


def stats_for(rows, best_seats, keep_best: int = 5) -> PlayerStats:
    """The statistics summed over a player's PlayerStat rows (one per ruleset: all of them, or
    one), and their best hands from the seats of counted games: a few rows, never the games."""
    names = ("games", "games_won", "first", "second", "third", "fourth", "deals", "deals_won",
             "self_drawn", "dealt_in", "points_won")
    t = {k: v or 0 for k, v in rows.aggregate(**{n: Sum(n) for n in names}).items()}
    # Best first down the seats' own index; then only games counted (shown) so far. Joining
    # the games instead made the database walk them, not the few best seats.
    fields = ("game_id", "best_deal", "best_score", "best_limit", "best_how")
    found = list(best_seats.filter(best_score__isnull=False).order_by("-best_score", "game_id")
                 .values(*fields)[:keep_best * 4])
    shown = set(Game.objects.filter(pk__in=[b["game_id"] for b in found], counted=True)
                .values_list("pk", flat=True))
    best = [b for b in found if b["game_id"] in shown][:keep_best]
    return PlayerStats(
        games=t["games"], games_won=t["games_won"], deals=t["deals"], deals_won=t["deals_won"],
        self_drawn=t["self_drawn"], dealt_in=t["dealt_in"], points_won=t["points_won"],
        placings=[t["first"], t["second"], t["third"], t["fourth"]],
        best=[BestHand(b["game_id"], b["best_deal"], b["best_score"], b["best_limit"] or None,
                       b["best_how"])
              for b in best],
    )


def add_game(stats: PlayerStats, game_id: int, seat: int, summary: dict[str, Any],
             keep_best: int = 5) -> None:
    """Count one finished game in which the player sat in engine `seat`."""
    stats.games += 1
    for s in summary.get("standings") or []:
        if s["seat"] == seat:
            stats.placings[s["place"] - 1] += 1
            stats.games_won += s["place"] == 1
    for d in summary.get("deals") or []:
        stats.deals += 1
        stats.points_won += d["deltas"][seat]
        if d["winner"] == seat:
            stats.deals_won += 1
            stats.self_drawn += d["how"] == "self_drawn"
            mine = BestHand(game_id, d["number"], d["score"] or 0, d.get("limit"), d["how"])
            # One hand a game, as stored with the seat (its best; the earliest on a tie).
            known = next((b for b in stats.best if b.game_id == game_id), None)
            if known is None:
                stats.best.append(mine)
            elif mine.score > known.score:
                stats.best[stats.best.index(known)] = mine
        elif d["winner"] is not None and d.get("discarder") == seat:
            stats.dealt_in += 1
    stats.best.sort(key=lambda b: (-b.score, b.game_id, b.deal))
    del stats.best[keep_best:]


def percent(rate: float | None) -> str:
    return "–" if rate is None else f"{rate * 100:.1f}%"


def number(value: float | None) -> str:
    return "–" if value is None else f"{value:+,.1f}"
