"""A tournament's standings, final ranking and export figures, read from the stored table
results (TableSeat) and the penalties and bonuses; nothing here changes anything."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from games.models import FINISHED, SEATED, Entry, Penalty, TableSeat, Tournament


@dataclass
class Row:
    entry: Entry
    table_points: float = 0.0
    score: int = 0
    games: int = 0
    rank: int = 0
    adjustment: float = 0.0  # table points from penalties (negative) and bonuses (positive)
    by_round: list[float] = field(default_factory=list)  # cumulative table points

    @property
    def name(self) -> str:
        return str(self.entry)  # the account's username, or a named player's name


@dataclass
class Standings:
    rows: list[Row]
    rounds: list[int]  # the rounds counted


def visible_rounds(t: Tournament, public: bool) -> list[int]:
    """The rounds whose results count (a round seated ahead has none yet)."""
    numbers = t.round_set.exclude(status=SEATED).order_by("number").values_list("number", "status")
    if public and t.hide_scores:
        return [n for n, status in numbers if status == FINISHED]
    return [n for n, _ in numbers]


def compute_standings(
    t: Tournament, *, public: bool = False, upto: int | None = None
) -> Standings:
    """Ordered by table points, then score, then head-to-head among the players still tied;
    the players with no table played yet follow everyone who has, tied among themselves (the
    page lists them apart, the exports leave them out). `public`: with hidden scores, only rounds whose every table has finished count; `upto`: the
    standings as they were after that round."""
    rounds = [n for n in visible_rounds(t, public) if upto is None or n <= upto]
    rows = {e.pk: Row(e) for e in t.entries.select_related("user")}
    gained: dict[int, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    results = TableSeat.objects.filter(
        table__round__tournament=t, table__round__number__in=rounds, entry__isnull=False,
        place__isnull=False,
    ).values_list("entry_id", "table_id", "table__round__number", "place", "score", "table_points")
    by_table: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for entry_id, table_id, number, place, score, tp in results:
        row = rows[entry_id]
        row.table_points += tp
        row.score += score
        row.games += 1
        gained[entry_id][number] += tp
        by_table[table_id].append((entry_id, place))
    for penalty in penalties_counted(t, rounds):
        row = rows[penalty.entry_id]
        row.table_points += penalty.table_points
        row.adjustment += penalty.table_points
        row.score += penalty.score
        # A penalty at a table counts in that table's round; one for the whole tournament, in
        # the latest round counted.
        number = penalty.table.round.number if penalty.table_id else (rounds[-1] if rounds else 0)
        gained[penalty.entry_id][number] += penalty.table_points
    for row in rows.values():
        total = 0.0
        for n in rounds:
            total += gained[row.entry.pk][n]
            row.by_round.append(round(total, 2))
    # Who has played no table yet stands below everyone who has (their 0 is no result).
    key = {pk: (r.games == 0, -round(r.table_points, 6), -r.score) for pk, r in rows.items()}
    ordered = sorted(rows.values(), key=lambda r: (key[r.entry.pk], r.entry.pk))
    out: list[Row] = []
    i = 0
    while i < len(ordered):
        group = [r for r in ordered[i:] if key[r.entry.pk] == key[ordered[i].entry.pk]]
        wins = _head_to_head(group, by_table)
        for r in group:
            key[r.entry.pk] += (-wins[r.entry.pk],)
        out.extend(sorted(group, key=lambda r: (key[r.entry.pk], r.entry.pk)))
        i += len(group)
    for k, row in enumerate(out):
        prev = out[k - 1] if k else None
        same = prev is not None and key[prev.entry.pk] == key[row.entry.pk]
        row.rank = prev.rank if same else k + 1
    return Standings(out, rounds)


def penalties_counted(t: Tournament, rounds: list[int]) -> list[Penalty]:
    """The penalties and bonuses that count with these rounds: those given at a table of one of
    them, and those for the tournament as a whole (once a round counts)."""
    if not rounds:
        return []
    return [
        p for p in t.penalties.select_related("entry__user", "table__round").order_by("created", "pk")
        if p.table_id is None or p.table.round.number in rounds
    ]


def _head_to_head(group: list[Row], by_table) -> dict[int, int]:
    """Among tied players: how often each placed above, less below, the others of the group at
    the tables they shared."""
    ids = {r.entry.pk for r in group}
    wins: dict[int, int] = defaultdict(int)
    for seated in by_table.values():
        mine = [(e, p) for e, p in seated if e in ids]
        for e, p in mine:
            wins[e] += sum((p < q) - (p > q) for f, q in mine if f != e)
    return wins


# ------------------------------------------------------------------ ranking and exports
def ranking(t: Tournament, *, public: bool = False) -> list[Row]:
    """The one ranking the page and both exports show: the players who played at least one
    table, in standings order; tied players (same table points, score and head-to-head) share
    the rank of the first of them (1, 2, 3, 3, 5)."""
    return played(compute_standings(t, public=public))


def played(standings: Standings) -> list[Row]:
    """The ranked rows: those with a table played (they come first, so their ranks stand)."""
    return [r for r in standings.rows if r.games]


def not_yet_played(standings: Standings) -> list[Row]:
    """The players with no table played in the rounds counted: listed apart, unranked."""
    return [r for r in standings.rows if not r.games]


def mers_points(rank: int, players: int) -> float:
    """MERS-style result points: 1000 for the first, 0 for the last, evenly between."""
    if players <= 1:
        return 1000.0
    return round(1000 * (players - rank) / (players - 1), 2)
