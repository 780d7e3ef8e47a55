"""Puzzles (docs/puzzles.md): found in finished games by the workers (games/thinking/
puzzle_jobs.py), kept, offered at the player's level and answered, rated with Glicko-2.

Made in the background as games end: the stored analysis of a finished game (services/
analysis.py) queues it here; one thread per process sends the games one at a time to the
workers, through a bounded queue (a full queue lets the game go). Never from a game that is not
finished, a private one, or one whose result is hidden (games/access/policy.py: a tournament round
still playing). A person's costliest decisions in the game (the analysis' misses) become their
own puzzles, shown to them only: on their page and after the game's analysis in its replay.
"""

from __future__ import annotations

import datetime
import logging
import queue
import threading
from typing import Any

import glicko2
from django.conf import settings
from django.db import IntegrityError, close_old_connections, transaction
from django.db.models import F
from django.db.models.signals import post_save
from django.utils import timezone

from games.access import policy
from games.engine.ruleset import Ruleset
from games.models import FINISHED, Analysis, Game
from games.models.puzzles import START_RATING, Puzzle, PuzzleAttempt, PuzzleRating, PuzzleSource
from games.thinking import pool, puzzle_jobs

from .errors import ServiceError

log = logging.getLogger(__name__)

QUEUE_SIZE = 32
OWN_PER_GAME = 5  # a person's own puzzles from one game, at most
LEVEL_WINDOW = 200  # a run offers puzzles within this of the player's rating first
_queue: queue.Queue[int] = queue.Queue(QUEUE_SIZE)
_queued: set[int] = set()
_guard = threading.Lock()
_worker: threading.Thread | None = None


# ------------------------------------------------------------------ making
def may_make(game: Game) -> bool:
    """A game puzzles may come from: finished, public, its result shown to everyone."""
    return (game.status == FINISHED and not game.private
            and not policy.result_hidden(game, policy.Requester()))


def store(found: dict[str, Any], ruleset_name: str, game: Game | None = None,
          source: PuzzleSource | None = None, owner=None) -> list[Puzzle]:
    """Keep the puzzles a job found (a position kept already is let go)."""
    made = []
    for p in found["puzzles"]:
        try:
            with transaction.atomic():
                made.append(Puzzle.objects.create(
                    ruleset_name=ruleset_name, game=game, source=source, owner=owner,
                    move=p["move"], deal=p["deal"], seat=p["seat"], view=p["view"],
                    solution=p["solution"], played=p.get("played"), candidates=p["candidates"],
                    margin=p["margin"], margin_chance=p["margin_chance"],
                    simulation=p["simulation"], themes=",".join(p["themes"])))
        except IntegrityError:
            continue
    return made


def game_actions(game: Game) -> list[dict[str, Any]]:
    return list(game.moves.order_by("seq").values_list("action", flat=True)[: game.version])


def make_for_game(game_id: int) -> list[Puzzle]:
    """The public puzzles of a finished game, and its people's own (from its analysis); the
    analysis then notes that they were looked for (`Analysis.puzzles_made`)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not may_make(game):
        return []
    analysis = Analysis.objects.filter(game=game).values("data", "puzzles_made").first()
    if analysis is not None and analysis["puzzles_made"] is not None:
        return []  # made already
    ruleset = Ruleset.from_json(game.ruleset)
    actions = game_actions(game)
    made = []
    if not game.puzzles.filter(owner__isnull=True).exists():  # else made before its analysis
        found = pool.submit(puzzle_jobs.game_puzzles, ruleset, game.seed, actions,
                            [0, 1, 2, 3]).result()
        made = store(found, ruleset.name, game=game)
    if analysis is not None:
        if not game.puzzles.filter(owner__isnull=False).exists():
            made += make_own(game, ruleset, actions, analysis["data"])
        Analysis.objects.filter(game=game).update(puzzles_made=timezone.now())
    return made


def make_own(game: Game, ruleset: Ruleset, actions, analysis: dict[str, Any]) -> list[Puzzle]:
    """Each person's costliest decisions in the game, as their own puzzles."""
    made = []
    users = {s.position: s.user for s in game.seats.select_related("user")
             if s.user is not None and s.position is not None}
    for info in analysis.get("seats", []):
        user = users.get(info["seat"])
        if user is None:
            continue
        moves = [m["version"] - 1 for m in info.get("misses", []) if not m.get("missed_win")]
        if not moves:
            continue
        found = pool.submit(puzzle_jobs.own_puzzles, ruleset, game.seed, actions, info["seat"],
                            moves[:OWN_PER_GAME]).result()
        made += store(found, ruleset.name, game=game, owner=user)
    return made


def make_simulated(ruleset_name: str, games: int, seed: str, until: int | None = None,
                   progress=None) -> dict[str, int]:
    """Play `games` bot games in the workers (a few at a time) and keep their puzzles; start no
    more once `until` public puzzles of the ruleset exist. Returns the counts."""
    counts = {"games": 0, "weighed": 0, "simulated": 0, "made": 0}
    window = max(1, pool.workers()) * 2
    pending: list = []
    started = 0

    def done() -> bool:
        return until is not None and public(ruleset_name).count() >= until

    while started < games or pending:
        # Once the target is met no game is started; those in the workers are still kept.
        while started < games and len(pending) < window and not done():
            game_seed = f"{seed}:{started}"
            started += 1
            if PuzzleSource.objects.filter(ruleset_name=ruleset_name, seed=game_seed).exists():
                continue  # played already: its puzzles are kept
            pending.append((game_seed, pool.submit(puzzle_jobs.simulated_puzzles,
                                                   ruleset_name, game_seed)))
        if not pending:
            break  # every game played, or the target met
        game_seed, future = pending.pop(0)
        found = future.result()
        source = PuzzleSource.objects.create(ruleset_name=ruleset_name, seed=game_seed,
                                             actions=found["actions"])
        made = store(found, ruleset_name, source=source)
        counts["games"] += 1
        counts["weighed"] += found["weighed"]
        counts["simulated"] += found["tried"]
        counts["made"] += len(made)
        if progress:
            progress(counts)
    return counts


def start(game_id: int) -> None:
    """Queue a finished game for the background maker (the setting GAMES_PUZZLES_WORKER =
    False turns it off: tests)."""
    global _worker
    if not getattr(settings, "GAMES_PUZZLES_WORKER", True):
        return
    with _guard:
        if game_id in _queued:
            return
        try:
            _queue.put_nowait(game_id)
        except queue.Full:
            return
        _queued.add(game_id)
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_work, name="puzzle-maker", daemon=True)
            _worker.start()


def _work() -> None:
    while True:
        game_id = _queue.get()
        try:
            make_for_game(game_id)
        except pool.Stopping:  # the process is exiting (a command's end): the game is left
            return
        except Exception:  # one bad game must not stop the maker
            log.exception("making puzzles from game %s failed", game_id)
        finally:
            with _guard:
                _queued.discard(game_id)
            close_old_connections()


def _analysed(sender, instance: Analysis, created: bool, **kwargs) -> None:
    if created:
        game_id = instance.game_id
        transaction.on_commit(lambda: start(game_id))


post_save.connect(_analysed, sender=Analysis, dispatch_uid="puzzles-after-analysis")


# ------------------------------------------------------------------ offering
def public(ruleset_name: str | None = None):
    qs = Puzzle.objects.filter(owner__isnull=True)
    return qs.filter(ruleset_name=ruleset_name) if ruleset_name else qs


def rating_of(user, ruleset_name: str) -> PuzzleRating | None:
    if user is None or not user.is_authenticated:
        return None
    return PuzzleRating.objects.filter(user=user, ruleset_name=ruleset_name).first()


def next_for(user, ruleset_name: str) -> Puzzle | None:
    """A puzzle of the ruleset near the player's level that they have not answered."""
    qs = public(ruleset_name)
    rating = rating_of(user, ruleset_name)
    level = rating.rating if rating else START_RATING
    if user is not None and user.is_authenticated:
        qs = qs.exclude(tries__user=user)
    near = qs.filter(rating__gte=level - LEVEL_WINDOW, rating__lte=level + LEVEL_WINDOW)
    for candidates in (near, qs):
        found = candidates.order_by("?").first()
        if found is not None:
            return found
    return None


def of_the_day(day: datetime.date | None = None) -> Puzzle | None:
    """One public puzzle a day, the same for everyone: picked by the day's number."""
    day = day or timezone.localdate()
    ids = list(public().order_by("pk").values_list("pk", flat=True)[:5000])
    if not ids:
        return None
    return Puzzle.objects.get(pk=ids[day.toordinal() % len(ids)])


OWN_SHOWN = 10  # a person's own puzzles listed from one game (5 a seat are made)


def own_in_game(game: Game, user):
    """The query of a person's own puzzles from one game: by the game's index."""
    return Puzzle.objects.filter(game=game, owner=user).order_by("move")[:OWN_SHOWN]


def own_from_game(game: Game, user) -> dict[str, Any]:
    """A person's own puzzles from one finished game (the access policy has said they may ask)
    and how their making stands: `made` (looked for: those listed, perhaps none), `making`
    (queued again if a full queue had let the game go), `waiting` (the analysis comes first)
    or `never` (a game puzzles are not made from). One query on the game's puzzles (by its
    index; a game has a few dozen at most) and one on its analysis."""
    if not may_make(game):
        return {"status": "never", "puzzles": []}
    shown = list(own_in_game(game, user))
    marks = Analysis.objects.filter(game=game).values("puzzles_made").first()
    if marks is None:
        status = "waiting"
    elif marks["puzzles_made"] is None:
        status = "making"
        start(game.pk)
    else:
        status = "made"
    return {"status": status, "puzzles": shown}


def visible_to(puzzle: Puzzle, user) -> bool:
    return puzzle.owner_id is None or (
        user is not None and user.is_authenticated and puzzle.owner_id == user.pk)


# ------------------------------------------------------------------ answering
def same_action(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return puzzle_jobs.key(a) == puzzle_jobs.key(b)


def glicko(rating: float, deviation: float, volatility: float, against: tuple[float, float],
           outcome: float) -> tuple[float, float, float]:
    """One Glicko-2 game against an opponent (rating, deviation), by the library."""
    p = glicko2.Player(rating, deviation, volatility)
    p.update_player([against[0]], [against[1]], [outcome])
    return p.rating, p.rd, p.vol


def answer(puzzle: Puzzle, user, action: dict[str, Any]) -> dict[str, Any]:
    """Check an answer; the first answer of a signed-in person to a public puzzle is rated (the
    person and the puzzle play one game). Returns what the page shows after it."""
    legal = puzzle.view.get("legal_actions", [])
    if not isinstance(action, dict) or not any(same_action(action, a) for a in legal):
        raise ServiceError("illegal", "That is not one of this position's actions.")
    correct = same_action(action, puzzle.solution)
    out: dict[str, Any] = {"correct": correct, "solution": puzzle.solution, "rated": False}
    signed_in = user is not None and user.is_authenticated
    if not signed_in:
        return out
    with transaction.atomic():
        p = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        first = not PuzzleAttempt.objects.filter(user=user, puzzle=p).exists()
        rated = first and p.owner_id is None
        attempt = PuzzleAttempt(user=user, puzzle=p, answer=action, correct=correct, rated=rated)
        if rated:
            r, _ = PuzzleRating.objects.select_for_update().get_or_create(
                user=user, ruleset_name=p.ruleset_name)
            score = 1.0 if correct else 0.0
            new = glicko(r.rating, r.deviation, r.volatility, (p.rating, p.deviation), score)
            pnew = glicko(p.rating, p.deviation, p.volatility, (r.rating, r.deviation),
                          1.0 - score)
            attempt.rating_before, attempt.rating_after = r.rating, new[0]
            r.rating, r.deviation, r.volatility = new
            r.attempts += 1
            r.solved += int(correct)
            r.save()
            p.rating, p.deviation, p.volatility = pnew
            p.save(update_fields=["rating", "deviation", "volatility"])
            Puzzle.objects.filter(pk=p.pk).update(attempts=F("attempts") + 1,
                                                  solved=F("solved") + int(correct))
            out.update(rated=True, rating_before=round(attempt.rating_before),
                       rating=round(new[0]), change=round(new[0] - attempt.rating_before))
        attempt.save()
    return out
