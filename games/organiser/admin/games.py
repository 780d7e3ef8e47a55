"""The admin's game pages: games and their moves (read only; operations go through the service
door), and puzzles."""

from django.contrib import admin, messages
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import services
from games.access import policy
from games.models import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    Game,
    Move,
    Profile,
    Seat,
)
from games.models.puzzles import Puzzle
from games.organiser.admin.base import ReadOnly, run_action
from games.services import (
    ServiceError,
    imports,
    organiser,
)


class SeatInline(ReadOnly, admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("chair", "position", "user", "recorded_name", "bot_level", "left", "left_at",
              "place", "final_points", "connections", "absent_since", "last_seen")


def seed_revealed(game: Game) -> bool:
    """The seed deals every hand and the wall: shown once the game is over, and for a table of
    a duplicate-wall round once no other table of its round still plays the same walls."""
    if game.status not in (FINISHED, ABANDONED):
        return False
    return not policy.walls_shared(game)


@admin.register(Game)
class GameAdmin(ReadOnly, admin.ModelAdmin):
    """A game is read here; it changes only through the actions, each a service call that
    takes the row's lock, needs the `change_game` permission and is audit-logged."""

    list_display = ("id", "ruleset_name", "status", "version", "created", "finished")
    list_filter = ("status", "ruleset_name", "tournament")
    # The seed (every hand and the wall), the private invite and the claim answers held in an
    # open window are secrets of a game under way: shown through the methods below.
    exclude = ("seed", "invite", "pending")
    readonly_fields = ("seed_or_commitment", "claims_pending")
    inlines = [SeatInline]
    actions = ["settle_due", "autopilot", "abandon", "verify_import"]

    def has_run_game_permission(self, request):
        return request.user.has_perm("games.change_game")

    @admin.display(description=_("seed"))
    def seed_or_commitment(self, obj):
        if obj is None or obj.pk is None:
            return "-"
        if seed_revealed(obj):
            return obj.seed
        return f"hidden until the game ends (commitment {obj.commitment})"

    @admin.display(description=_("claim answers held"))
    def claims_pending(self, obj):
        if obj is None or obj.status == ACTIVE:
            return "hidden while the game is played"
        return obj.pending or "-"

    @admin.action(description=_("Make what is due happen now (bots, timers, expired windows)"),
                  permissions=["run_game"])
    def settle_due(self, request, queryset):
        moved = sum(organiser.settle_due(g.pk, by=request.user)
                    for g in queryset.filter(status=ACTIVE))
        self.message_user(request, gettext("%(n)s game(s) moved on.") % {"n": moved})

    @admin.action(description=_("Let the autopilot answer for the seats a game waits on"),
                  permissions=["run_game"])
    def autopilot(self, request, queryset):
        given = sum(organiser.autopilot(g.pk, by=request.user)
                    for g in queryset.filter(status=ACTIVE))
        self.message_user(request, gettext("The autopilot made %(n)s move(s).") % {"n": given})

    @admin.action(description=_("Abandon this game (a stuck casual table: ends with no result)"),
                  permissions=["run_game"])
    def abandon(self, request, queryset):
        run_action(self, request, queryset,
             lambda g: services.abandon_game(g.pk, by=request.user, reason="abandoned from the admin"),
             _("%(obj)s: abandoned."))

    def has_verify_import_permission(self, request):
        return imports.vouches(request.user)

    @admin.action(description=_("Verify imported record (it counts in statistics from now on)"),
                  permissions=["verify_import"])
    def verify_import(self, request, queryset):
        for game in queryset:
            try:
                done = imports.verify_import(game.pk, request.user)
            except ServiceError as exc:
                self.message_user(request, f"{game}: {exc.message}", messages.ERROR)
            else:
                said = (gettext("%(game)s: verified; it counts in statistics now.") if done
                        else gettext("%(game)s: verified already."))
                self.message_user(request, said % {"game": game})


@admin.register(Move)
class MoveAdmin(ReadOnly, admin.ModelAdmin):
    """Moves are appended by the service door only. Only the moves of games that are over are
    listed: a game under way's moves hold what its seats keep to themselves (a concealed
    kong, a Goulash exchange)."""

    list_display = ("game", "seq", "seat", "action", "created")
    list_filter = ("game__status",)
    raw_id_fields = ("game",)

    def get_queryset(self, request):
        return super().get_queryset(request).filter(game__status__in=(FINISHED, ABANDONED))


admin.site.register(Profile)



@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    """Puzzles are made by the workers (docs/puzzles.md): read here, removed if need be."""

    list_display = ("pk", "ruleset_name", "themes", "margin", "rating", "attempts", "owner")
    list_filter = ("ruleset_name",)
    readonly_fields = [f.name for f in Puzzle._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
