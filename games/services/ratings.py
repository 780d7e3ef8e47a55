"""Ratings: openskill's Plackett-Luce model, one rating per player and ruleset (docs/ratings.md).

A rated game (created rated, four people with accounts at it when it ends) is rated once, in the
transaction that shows its result: the one that finishes it, or, for a tournament table whose
scores are hidden until its round ends, the one that ends the round. The four Rating rows are
locked in a fixed order, and each seat's inputs and before/after values are stored as a
RatingChange, so `rebuild` can replay every rated game in the order of those rows and get the
same values, bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Min
from openskill.models import PlackettLuce

from games import clock
from games.models import (
    ABANDONED,
    FINISHED,
    Game,
    Profile,
    Rating,
    RatingChange,
    Seat,
    shown_rating,
)

# openskill's defaults, written out: the stored values depend on them, so changing one means
# rebuilding every rating (`manage.py rebuild_ratings`).
MU, SIGMA = 25.0, 25.0 / 3.0
BETA, TAU, KAPPA = 25.0 / 6.0, 25.0 / 300.0, 0.0001
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU, kappa=KAPPA)


def _after(before: list, ranks: list[int]) -> list:
    """The four ratings after one game, from those `before` it (in seat order) and the places:
    the one step that rating a game and replaying it share, so both get the same values."""
    return [team[0] for team in MODEL.rate([[b] for b in before], ranks=ranks)]


def family(game: Game) -> str:
    """The ruleset a game is rated in: its preset's name (table options such as a payout or the
    discards' display do not split the ratings)."""
    name = game.ruleset.get("name") if isinstance(game.ruleset, dict) else None
    return str(name or game.ruleset_name)[:40]


@dataclass(frozen=True)
class Placing:
    """One seat as rated: its place (ties share one), final points, and whether it left."""

    position: int
    user_id: int | None
    place: int
    final_points: int | None
    abandoned: bool


def placings(game: Game, seats: list[Seat]) -> list[Placing]:
    """The places a game's seats are rated by. Those who played on to the end are placed by
    their final points (equal points share a place); anyone who left (or whose seat a bot took
    over, or who left a rated table by staying away: Seat.forfeit) comes after all of them, the
    earliest to leave last. A game ended early by agreement is placed by the points at its end."""
    points = (game.result or {}).get("points") if game.status == FINISHED else None

    def gave_up(seat: Seat) -> bool:
        return seat.is_bot or bool(seat.forfeit)

    def key(seat: Seat) -> tuple:
        if gave_up(seat):  # handed over or gone: after everyone who stayed, earliest last
            at = seat.left_at.timestamp() if seat.left_at else float("-inf")
            return (1, -at)
        return (0, -(points[seat.position] if points else 0))

    keys = {s.position: key(s) for s in seats}
    out = []
    for seat in sorted(seats, key=lambda s: s.position):
        place = 1 + sum(1 for k in keys.values() if k < keys[seat.position])
        out.append(Placing(seat.position, seat.user_id, place,
                           points[seat.position] if points and not gave_up(seat) else None,
                           gave_up(seat)))
    return out


def _rated_seats(game: Game) -> list[Seat] | None:
    """The four seats if the game is rated: created rated, and four different accounts at it
    (none a guest's). A seat a bot took over keeps its player's account, and counts; a bot
    that sat down as one has none, and the game is not rated."""
    if not game.rated or game.status not in (FINISHED, ABANDONED):
        return None
    seats = list(Seat.objects.filter(game=game, position__isnull=False))
    users = {s.user_id for s in seats}
    if len(seats) != 4 or None in users or len(users) != 4:
        return None
    if Profile.objects.filter(user_id__in=users, is_guest=True).exists():
        return None
    return seats


def rate(game: Game) -> list[RatingChange]:
    """Rate a finished (or abandoned by its players) rated game, once; call it inside the
    transaction that ends the game or shows its result. Returns the changes written."""
    seats = _rated_seats(game)
    if seats is None or RatingChange.objects.filter(game=game).exists():
        return []
    now = clock.now()
    name = family(game)
    placed = placings(game, seats)
    users = sorted(p.user_id for p in placed)
    # Made if missing without a race (ON CONFLICT DO NOTHING), then locked in user order, so
    # two games sharing players rate one after the other and never deadlock.
    Rating.objects.bulk_create(
        [Rating(user_id=u, ruleset_name=name, mu=MU, sigma=SIGMA, score=shown_rating(MU, SIGMA))
         for u in users], ignore_conflicts=True)
    rows = {r.user_id: r for r in Rating.objects.select_for_update()
            .filter(ruleset_name=name, user_id__in=users).order_by("user_id")}
    before = [MODEL.rating(mu=rows[p.user_id].mu, sigma=rows[p.user_id].sigma) for p in placed]
    after = _after(before, [p.place for p in placed])
    changes = []
    for p, b, a in zip(placed, before, after, strict=True):
        row = rows[p.user_id]
        row.mu, row.sigma, row.score = a.mu, a.sigma, shown_rating(a.mu, a.sigma)
        row.games += 1
        row.last_played = now
        changes.append(RatingChange(
            game=game, user_id=p.user_id, ruleset_name=name, position=p.position, place=p.place,
            final_points=p.final_points, abandoned=p.abandoned, mu_before=b.mu,
            sigma_before=b.sigma, mu_after=a.mu, sigma_after=a.sigma, games=row.games,
            rated_at=now))
    Rating.objects.bulk_update(list(rows.values()), ["mu", "sigma", "score", "games",
                                                     "last_played"])
    return RatingChange.objects.bulk_create(changes)


def rate_round(round_) -> int:
    """A tournament round just ended and its hidden results are shown: rate its rated tables
    that are not rated yet. Returns how many games were rated."""
    games = Game.objects.filter(tournament_table__round=round_, status=FINISHED, rated=True)
    return sum(1 for g in games.order_by("pk") if rate(g))


# ------------------------------------------------------------------ rebuilding
@dataclass
class Rebuilt:
    games: int = 0
    changes: int = 0  # stored seat values that differed from the replay (rewritten with write)
    ratings: int = 0  # current ratings that differed (rewritten, made or removed with write)


CHANGE_FIELDS = ("mu_before", "sigma_before", "mu_after", "sigma_after", "games")
RATING_FIELDS = ("mu", "sigma", "score", "games", "last_played")


def _replay_game(rows: list[RatingChange], state: dict) -> list[RatingChange]:
    """Replay one game's stored inputs (its rows in seat order) on `state` ({(user, ruleset):
    (mu, sigma, games, last rated)}); returns the rows whose stored values differ, corrected."""
    before = []
    for r in rows:
        if r.user_id is None:  # a deleted account: its stored values stand
            before.append(MODEL.rating(mu=r.mu_before, sigma=r.sigma_before))
        else:
            mu, sigma, _, _ = state.get((r.user_id, r.ruleset_name), (MU, SIGMA, 0, None))
            before.append(MODEL.rating(mu=mu, sigma=sigma))
    after = _after(before, [r.place for r in rows])
    differ = []
    for r, b, a in zip(rows, before, after, strict=True):
        games = r.games
        if r.user_id is not None:
            key = (r.user_id, r.ruleset_name)
            games = state.get(key, (0, 0, 0, None))[2] + 1
            state[key] = (a.mu, a.sigma, games, r.rated_at)
        replayed = (b.mu, b.sigma, a.mu, a.sigma, games)
        if tuple(getattr(r, f) for f in CHANGE_FIELDS) != replayed:
            for f, v in zip(CHANGE_FIELDS, replayed, strict=True):
                setattr(r, f, v)
            differ.append(r)
    return differ


def rated_order() -> list[int]:
    """The rated games' ids in the order they were rated: by their rows' first id (a game that
    shares a player with another was rated after it released the ratings' locks, so its rows
    come after the other's)."""
    firsts = (RatingChange.objects.order_by().values("game_id").annotate(first=Min("pk"))
              .order_by("first"))
    return [row["game_id"] for row in firsts]


def rebuild(*, write: bool = True, batch: int = 500) -> Rebuilt:
    """Replay every rated game from its stored inputs, in the order it was rated, everyone
    starting from the model's defaults. With `write`, rewrite any stored value that differs and
    the current ratings; either way, count what differed. Reads `batch` games at a time: memory
    holds the players' ratings and the games' ids, not the games."""
    out = Rebuilt()
    state: dict = {}
    with transaction.atomic():
        order = rated_order()
        for i in range(0, len(order), batch):
            ids = order[i:i + batch]
            by_game: dict[int, list[RatingChange]] = {}
            for r in RatingChange.objects.filter(game_id__in=ids).order_by("position"):
                by_game.setdefault(r.game_id, []).append(r)
            differ = []
            for game_id in ids:
                differ += _replay_game(by_game[game_id], state)
            out.games += len(ids)
            out.changes += len(differ)
            if write and differ:
                RatingChange.objects.bulk_update(differ, list(CHANGE_FIELDS))
        out.ratings = _settle_ratings(state, write)
    return out


def _settle_ratings(state: dict, write: bool) -> int:
    """Compare the current Rating rows with the replay's; with `write`, make them equal."""
    differ = []
    stale = []
    seen = set()
    for row in Rating.objects.order_by("pk"):
        key = (row.user_id, row.ruleset_name)
        seen.add(key)
        if key not in state:
            stale.append(row.pk)
            continue
        mu, sigma, games, last = state[key]
        want = (mu, sigma, shown_rating(mu, sigma), games, last)
        if tuple(getattr(row, f) for f in RATING_FIELDS) != want:
            for f, v in zip(RATING_FIELDS, want, strict=True):
                setattr(row, f, v)
            differ.append(row)
    missing = [Rating(user_id=u, ruleset_name=name, mu=mu, sigma=sigma,
                      score=shown_rating(mu, sigma), games=games, last_played=last)
               for (u, name), (mu, sigma, games, last) in state.items() if (u, name) not in seen]
    if write:
        Rating.objects.filter(pk__in=stale).delete()
        Rating.objects.bulk_update(differ, list(RATING_FIELDS), batch_size=500)
        Rating.objects.bulk_create(missing, batch_size=500)
    return len(differ) + len(stale) + len(missing)
