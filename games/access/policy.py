"""Who may see what of a game, a round or a tournament: the one place that decides.

Every page, JSON route, socket and list asks here (docs/access.md holds the same rules as a
table, and tests/web/test_route_matrix.py checks every route against that table). Nothing here
changes anything.

A requester is anonymous, a signed-in outsider, a player seated at the game, a player who left
it (a bot plays their seat on), or staff holding a named permission; `is_staff` alone gives no
power to see more. The rules, in the order they are applied:

1. A private table exists only for its players, its creator, a browser its invite link opened,
   and `watch_any_game` (a friends-only table besides for its creator's friends: the people the
   creator follows): to anyone else every route answers 404, as for a game that does not
   exist, and no list shows it.
2. What does not exist yet is not shown to anyone: the record and the analysis once the game is
   over, the replay and the plot once it has started (a table laying its discards at random:
   its replay once it is over), hints while it is played, to a seated player; a player's own
   puzzles from the game (once it is over) to that player alone (staff see nobody else's); the
   table's talk in the replay (once it is over) to those who sat at the table alone (staff read
   talk in the admin, by its own permission, never in a replay).
3. A tournament table whose round is not over keeps its secrets from everyone but its players,
   `watch_any_game` and the organisers (`change_tournament`): a live table of a duplicate-wall
   round (its walls are dealt at the other tables too) is watched, replayed, plotted and listed
   only for them. Once a table is over, a hidden-scores round shows its result to its own players
   (they saw it at the table) and to nobody else, spectators at the table included (their final
   frame carries no standings); a duplicate-wall round shows it to nobody until the round ends,
   its own players included, since its review deals the walls the other tables are still
   playing.
4. Everything else is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy

from games.engine.ruleset import Ruleset
from games.models import ACTIVE, FINISHED, OPEN, Follow, Game, Seat, Table

WATCH_ANY = "games.watch_any_game"
# Organisers see their tournaments' tables and hidden scores as `watch_any_game` does.
ORGANISE = "games.change_tournament"

INVITED = "invited_games"  # session key: the private games this browser was invited to
REMEMBERED = 50  # invitations one session keeps (the oldest go first)

HIDDEN_REASON = "This tournament round is still being played: its results are shown when it ends."
SHARED_REASON = ("This table plays the same walls as the other tables of its round: it is "
                 "shown when the round ends.")
# The same reasons as a page says them, in its reader's language (the JSON routes keep the
# English message; the code is what a program decides by).
PAGE_REASONS = {
    "result_hidden": gettext_lazy("This tournament round is still being played: its results are "
                                  "shown when it ends."),
    "shared_walls": gettext_lazy("This table plays the same walls as the other tables of its "
                                 "round: it is shown when the round ends."),
}


class Seeing(StrEnum):
    """What of a game a requester asks to see."""

    TABLE = "table"  # the table page and its socket: a seat's view, or a spectator's
    REPLAY = "replay"  # the replay page and its data: spectator steps while live, every hand after
    PLOT = "plot"  # points after every deal
    RECORD = "record"  # the whole record, with the seed: once the game is over
    ANALYSIS = "analysis"  # the decisions against the strong bot: once the game is over
    OWN_PUZZLES = "own_puzzles"  # a player's own puzzles from the game: theirs only, once over
    HINTS = "hints"  # a seated player's hints while the game is played
    TALK = "talk"  # the table's talk in the replay: to those who sat there, once it is over
    RESULT = "result"  # the final points and places, wherever a list shows them
    LISTING = "listing"  # the game's row in a list (lobby, history, a player's page)


@dataclass(frozen=True)
class Requester:
    user: Any = None
    session: Any = None

    @property
    def signed_in(self) -> bool:
        return self.user is not None and self.user.is_authenticated

    def may(self, permission: str) -> bool:
        """A named permission (a superuser holds them all); never `is_staff`."""
        return self.signed_in and self.user.is_active and self.user.has_perm(permission)

    @property
    def watches_any(self) -> bool:
        return self.may(WATCH_ANY)

    @property
    def organises(self) -> bool:
        """Sees every tournament table and hidden score (rule 3), as `watch_any_game` does."""
        return self.watches_any or self.may(ORGANISE)

    @property
    def invited(self) -> list[int]:
        return list(self.session.get(INVITED, [])) if self.session is not None else []


def requester(request) -> Requester:
    return Requester(getattr(request, "user", None), getattr(request, "session", None))


@dataclass(frozen=True)
class Decision:
    allowed: bool
    status: int = 200  # a refusal's HTTP status: 404 (no such thing, for this requester) or 403
    code: str = ""
    message: str = ""


ALLOWED = Decision(True)
NO_SUCH_GAME = Decision(False, 404, "not_found", "No such game.")


def _absent(message: str) -> Decision:
    return Decision(False, 404, "not_available", message)


def _secret(code: str, message: str) -> Decision:
    return Decision(False, 403, code, message)


@dataclass(frozen=True)
class Standing:
    """Where the requester stands with one game, and the game's round: read in two queries."""

    seated: bool  # has a seat, left or not
    playing: bool  # has a seat and has not left it
    creator: bool
    invited: bool
    duplicate_open: bool  # a table of a duplicate-wall round not yet over
    hidden_open: bool  # a table of a hidden-scores round not yet over
    friend: bool = False  # a friends-only table's creator follows the requester


def standing(game: Game, who: Requester) -> Standing:
    seats = []
    if who.signed_in:
        seats = list(game.seats.filter(user=who.user).values_list("left", flat=True))
    duplicate = hidden = False
    if game.tournament:
        table = (Table.objects.filter(game=game).exclude(round__status=FINISHED)
                 .select_related("round__tournament").first())
        if table is not None:
            duplicate = table.round.duplicate
            hidden = table.round.tournament.hide_scores
    creator = who.signed_in and game.created_by_id == who.user.pk
    friend = (game.friends_only and who.signed_in and not seats and not creator
              and Follow.objects.filter(follower_id=game.created_by_id,
                                        followed_id=who.user.pk).exists())
    return Standing(
        seated=bool(seats), playing=any(not left for left in seats), creator=creator,
        invited=game.pk in who.invited, duplicate_open=duplicate, hidden_open=hidden,
        friend=friend,
    )


def decide(game: Game, who: Requester, seeing: Seeing, known: Standing | None = None) -> Decision:
    """May `who` see this of `game`? The rules in the module's docstring, in that order."""
    at = known or standing(game, who)
    staff = who.watches_any or (game.tournament and who.organises)
    if game.private and not (staff or at.seated or at.creator or at.invited or at.friend):
        return NO_SUCH_GAME
    absent = _not_yet(game, seeing, at)
    if absent is not None:
        return absent
    if staff or seeing is Seeing.HINTS:
        return ALLOWED
    if game.status == ACTIVE:
        if at.duplicate_open and not at.seated:
            return _secret("shared_walls", SHARED_REASON)
    elif game.status == FINISHED:
        if at.duplicate_open:
            return _secret("shared_walls", SHARED_REASON)
        if at.hidden_open and not at.seated:
            return _secret("result_hidden", HIDDEN_REASON)
    return ALLOWED


def _not_yet(game: Game, seeing: Seeing, at: Standing) -> Decision | None:
    """What the game does not have yet, whoever asks."""
    started = game.status != OPEN and (game.started is not None or game.version > 0)
    if seeing in (Seeing.RECORD, Seeing.ANALYSIS, Seeing.OWN_PUZZLES) and game.status != FINISHED:
        return _absent("The record and the analysis are published when the game is over.")
    if seeing is Seeing.OWN_PUZZLES and not at.seated:
        # A person's own puzzles are theirs alone: staff see no one else's either.
        return Decision(False, 403, "not_seated",
                        "Only a player of this game has puzzles of their own from it.")
    if seeing is Seeing.TALK:
        if game.status != FINISHED:
            return _absent("The table's talk is shown with the replay once the game is over.")
        if not at.seated:
            # What was said at a table stays with those who sat there (docs/people.md).
            return Decision(False, 403, "not_seated",
                            "Only the players of this game read its talk in the replay.")
    if seeing is Seeing.PLOT and not started:
        return _absent("The game has not started.")
    if seeing is Seeing.REPLAY:
        if not started:
            return _absent("The game has not started: there is nothing to replay yet.")
        if game.status != FINISHED and Ruleset.from_json(game.ruleset).discard_display == "centre":
            # Seed 003 §3.3: stepping through a running game would read the random centre's
            # discards back in order; its replay opens when the game is over.
            return _absent("This table lays its discards at random: its replay opens when it "
                           "ends.")
    if seeing is Seeing.HINTS:
        if game.status != ACTIVE:
            return Decision(False, 409, "not_active",
                            "Hints are given only while the game is played.")
        if not at.playing:
            return Decision(False, 403, "not_seated",
                            "Only a player at this table gets its hints.")
    if seeing is Seeing.RESULT and game.status != FINISHED:
        return _absent("The game is not over.")
    return None


def refusal(request, game: Game | None, decision: Decision, page: bool = False) -> HttpResponse:
    """The answer to a refused request: 404 as for nothing there, or 403 with the reason
    (a page for a page, JSON for a JSON route)."""
    if decision.status == 404:
        raise Http404(decision.message)
    if page and game is not None:
        return render(request, "games/result_hidden.html",
                      {"game": game, "reason": PAGE_REASONS.get(decision.code, decision.message)},
                      status=decision.status)
    return JsonResponse({"error": decision.code, "message": decision.message},
                        status=decision.status)


def refuse_or_none(request, game: Game, seeing: Seeing, page: bool = False) -> HttpResponse | None:
    """None when the request may see this; else the refusal to answer with (404 raised)."""
    decision = decide(game, requester(request), seeing)
    return None if decision.allowed else refusal(request, game, decision, page)


def remember_invite(session, game: Game) -> None:
    invited = [pk for pk in session.get(INVITED, []) if pk != game.pk]
    session[INVITED] = (invited + [game.pk])[-REMEMBERED:]


# Lists: the same rules as queries, one for a whole page of rows.

def _open_rounds_tables() -> QuerySet[Table]:
    return Table.objects.filter(game__isnull=False).exclude(round__status=FINISHED)


def _shared_tables() -> QuerySet[Table]:
    """The tables of duplicate-wall rounds not yet over."""
    return _open_rounds_tables().exclude(round__seed="")


def scores_hidden(game: Game) -> bool:
    """Whether the game's round hides its scores until it ends: a spectator's final frame then
    carries no standings (services/frames.py)."""
    return game.tournament and _open_rounds_tables().filter(
        game=game, round__tournament__hide_scores=True).exists()


def walls_shared(game: Game) -> bool:
    """Whether the game's seed deals walls that other tables of its round may still play: its
    final frame then carries no seed (services/frames.py)."""
    return game.tournament and _shared_tables().filter(game=game).exists()


def _theirs(who: Requester) -> QuerySet:
    return Seat.objects.filter(user=who.user).values("game_id")


def listed(who: Requester, games: QuerySet[Game] | None = None) -> QuerySet[Game]:
    """The games `who` may find in a list (rule 1, and rule 3's live tables)."""
    games = Game.objects.all() if games is None else games
    if who.watches_any:
        return games
    shown = Q(private=False)
    if who.signed_in:
        shown |= Q(created_by=who.user) | Q(pk__in=_theirs(who))
        shown |= Q(friends_only=True, created_by__in=Follow.objects.filter(
            followed=who.user).values("follower_id"))
    if who.invited:
        shown |= Q(pk__in=who.invited)
    return without_secret_live(who, games.filter(shown))


def without_secret_live(who: Requester, games: QuerySet[Game]) -> QuerySet[Game]:
    """`games` less the live tournament tables rule 3 keeps from `who`."""
    if who.organises:
        return games
    secret = Q(status=ACTIVE, tournament=True, pk__in=_shared_tables().values("game_id"))
    if who.signed_in:
        secret &= ~Q(pk__in=_theirs(who))
    return games.exclude(secret)


def hidden_results(who: Requester) -> QuerySet[Game]:
    """The finished games whose result `who` may not see yet (rule 3 for finished tables)."""
    if who.organises:
        return Game.objects.none()
    tables = _open_rounds_tables().filter(round__tournament__hide_scores=True)
    scores = Q(pk__in=tables.values("game_id"))
    if who.signed_in:
        scores &= ~Q(pk__in=_theirs(who))
    walls = Q(pk__in=_shared_tables().values("game_id"))
    return Game.objects.filter(scores | walls, status=FINISHED)


def hidden_among(games, who: Requester) -> set[int]:
    """Which of these games' results `who` may not see: one query for a page of rows."""
    ids = [g.pk for g in games if g.tournament and g.status == FINISHED]
    if not ids:
        return set()
    return set(hidden_results(who).filter(pk__in=ids).values_list("pk", flat=True))


def result_hidden(game: Game, who: Requester) -> bool:
    if not game.tournament or game.status != FINISHED:
        return False  # no query for the other games
    return hidden_results(who).filter(pk=game.pk).exists()


def sees_hidden_scores(who: Requester) -> bool:
    """A tournament's pages show a round's hidden scores before it ends to this requester."""
    return who.organises


def may_watch_table(table: Table, staff: bool, mine: bool) -> bool:
    """A tournament page's "watch" link for a live table (rule 3, from the round it lists;
    `staff`: the viewer holds `watch_any_game`)."""
    if staff or mine:
        return True
    return table.round.is_finished or not table.round.duplicate

