"""The bots' arena (docs/bot-api.md, "The arena"): bot accounts wait for a table of a ruleset;
four are seated together, or one with the site's own levels filling the table if it lets them,
at a table with a move clock (a slow bot's move is the autopilot's). Its games are rated in the
bots' own pool: Rating and RatingChange rows named "bots:<ruleset>", never the people's.

The site's levels take part as fixed anchors: each seat of a level is rated from its level's
anchor (a RatingChange without an account, whose values stand), so a bot's rating says how it
does against them, and `manage.py rebuild_ratings` replays an arena game as it replays any
other (services/ratings.py: a row without an account keeps its stored values)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction

from games import clock
from games.engine.ruleset import PLAYABLE
from games.models import ACTIVE, FINISHED, Game, Rating, RatingChange, Seat, shown_rating
from games.models.bots import ArenaEntry, ArenaGame, is_bot

from . import lobby, ratings
from .errors import ServiceError

POOL = "bots:"
TTL_SECONDS = 60  # an entry not renewed this long is dropped: ask again every few seconds
MOVE_SECONDS = 20  # the arena table's move clock
# The site's levels as fixed ratings (mu, sigma): what a bot is measured against.
ANCHORS = {"beginner": (20.0, 2.0), "intermediate": (25.0, 2.0), "strong": (29.0, 2.0)}
FILL = ("beginner", "intermediate", "strong")


def pool_name(game: Game) -> str:
    return (POOL + ratings.family(game))[:40]


def _fresh():
    return ArenaEntry.objects.filter(seen_at__gte=clock.now() - timedelta(seconds=TTL_SECONDS))


def join(user, ruleset_name: str, *, levels: bool = True) -> dict[str, Any]:
    """`user` (a bot account) waits in the arena, or is seated: {"state", "game"}. Asked again
    while waiting it keeps the entry fresh and tries to seat a table."""
    if not is_bot(user):
        raise ServiceError("not_a_bot", "Only bot accounts play in the arena.")
    if ruleset_name not in PLAYABLE:
        raise ServiceError("bad_ruleset", f"There is no playable ruleset {ruleset_name[:40]!r}.")
    now = clock.now()
    with transaction.atomic():
        ArenaEntry.objects.filter(seen_at__lt=now - timedelta(seconds=TTL_SECONDS)).delete()
        entry, made = ArenaEntry.objects.select_for_update().get_or_create(
            user=user, defaults={"ruleset_name": ruleset_name, "levels": bool(levels),
                                 "joined": now, "seen_at": now})
        if not made:
            changed = entry.ruleset_name != ruleset_name
            entry.ruleset_name, entry.levels, entry.seen_at = ruleset_name, bool(levels), now
            if changed:
                entry.joined = now
            entry.save()
        game_id = _seat(ruleset_name)
    if game_id is not None:
        lobby.start_game(game_id)
    seat = (Seat.objects.filter(user=user, left=False, game__arena__isnull=False,
                                game__status=ACTIVE).order_by("-game_id").first())
    if seat is not None and not ArenaEntry.objects.filter(user=user).exists():
        return {"state": "seated", "game": seat.game_id}
    return {"state": "waiting", "waiting": _fresh().filter(ruleset_name=ruleset_name).count()}


def leave(user) -> bool:
    return ArenaEntry.objects.filter(user=user).delete()[0] > 0


def _seat(ruleset_name: str) -> int | None:
    """Seat one table of this ruleset if the waiting entries make one (inside the caller's
    transaction): four bots, longest waiting first, or the first who lets the levels fill."""
    waiting = list(_fresh().select_for_update().filter(ruleset_name=ruleset_name)
                   .order_by("joined", "pk")[:4])
    if len(waiting) < 4:
        waiting = waiting[:1] if waiting and waiting[0].levels else []
    if not waiting:
        return None
    game = lobby.create_game(None, ruleset_name, turn_seconds=MOVE_SECONDS)
    for entry in waiting:
        lobby.take_seat(game.pk, entry.user)
    for level in FILL[:4 - len(waiting)]:
        lobby.add_bot(game.pk, level)
    ArenaGame.objects.create(game=game)
    ArenaEntry.objects.filter(pk__in=[e.pk for e in waiting]).delete()
    return game.pk


def _places(game: Game, seats: list[Seat]) -> dict[int, int]:
    """Places by final points, equal points sharing one; a bot account that left comes last."""
    points = (game.result or {}).get("points") or [0, 0, 0, 0]

    def key(seat: Seat) -> tuple:
        return (1 if seat.left else 0, -points[seat.position])

    keys = {s.position: key(s) for s in seats}
    return {p: 1 + sum(1 for k in keys.values() if k < keys[p]) for p in keys}


def rate(game_id: int) -> list[RatingChange]:
    """Rate a finished arena game in the bots' pool, once. Safe to call from anywhere."""
    with transaction.atomic():
        arena = ArenaGame.objects.select_for_update().filter(game_id=game_id).first()
        if arena is None or arena.rated:
            return []
        game = Game.objects.get(pk=game_id)
        if game.status != FINISHED:
            return []
        seats = sorted(Seat.objects.filter(game=game, position__isnull=False),
                       key=lambda s: s.position)
        name, now = pool_name(game), clock.now()
        places = _places(game, seats)
        accounts = sorted({s.user_id for s in seats if s.user_id})
        Rating.objects.bulk_create(
            [Rating(user_id=u, ruleset_name=name, mu=ratings.MU, sigma=ratings.SIGMA,
                    score=shown_rating(ratings.MU, ratings.SIGMA)) for u in accounts],
            ignore_conflicts=True)
        rows = {r.user_id: r for r in Rating.objects.select_for_update()
                .filter(ruleset_name=name, user_id__in=accounts).order_by("user_id")}

        before = []
        for s in seats:
            if s.user_id in rows:
                before.append(ratings.MODEL.rating(mu=rows[s.user_id].mu,
                                                   sigma=rows[s.user_id].sigma))
            else:  # a site level: its anchor
                mu, sigma = ANCHORS.get(s.bot_level, ANCHORS["intermediate"])
                before.append(ratings.MODEL.rating(mu=mu, sigma=sigma))
        ranks = [places[s.position] for s in seats]
        after = [team[0] for team in ratings.MODEL.rate([[b] for b in before], ranks=ranks)]
        points = (game.result or {}).get("points") or [None] * 4
        changes = []
        for s, b, a in zip(seats, before, after, strict=True):
            row = rows.get(s.user_id)
            if row is not None:
                row.mu, row.sigma, row.games = a.mu, a.sigma, row.games + 1
                row.score, row.last_played = shown_rating(a.mu, a.sigma), now
                row.save(update_fields=["mu", "sigma", "score", "games", "last_played"])
            changes.append(RatingChange(
                game=game, user_id=row.user_id if row else None, ruleset_name=name,
                position=s.position, place=places[s.position], final_points=points[s.position],
                abandoned=bool(s.left and row is not None),
                mu_before=b.mu, sigma_before=b.sigma, mu_after=a.mu, sigma_after=a.sigma,
                games=row.games if row else 0, rated_at=now))
        RatingChange.objects.bulk_create(changes)
        arena.rated = True
        arena.save(update_fields=["rated"])
        return changes


def rate_pending(limit: int = 20) -> int:
    """Rate the finished arena games not rated yet (a few at a time): asked by the arena's
    requests and by a bot's socket as its game ends."""
    ids = list(ArenaGame.objects.filter(rated=False, game__status=FINISHED)
               .values_list("game_id", flat=True)[:limit])
    return sum(1 for i in ids if rate(i))
