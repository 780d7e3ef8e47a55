from django.contrib import admin, messages

from . import services
from .models import ACTIVE, Entry, Game, Move, Profile, Round, Seat, Table, TableSeat, Tournament
from .services import ServiceError, tournaments


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = ("connections", "absent_since", "last_seen")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "ruleset_name", "status", "version", "created", "finished")
    list_filter = ("status", "ruleset_name", "tournament")
    # Moves are only appended through the service door; the seed is shown but never edited.
    readonly_fields = ("seed", "version", "pending", "result", "changed_at", "due_at")
    inlines = [SeatInline]
    actions = ["settle_due", "autopilot"]

    @admin.action(description="Make what is due happen now (bots, timers, expired windows)")
    def settle_due(self, request, queryset):
        moved = sum(services.tick(g.pk) for g in queryset.filter(status=ACTIVE))
        self.message_user(request, f"{moved} game(s) moved on.")

    @admin.action(description="Let the autopilot answer for the seats a game waits on")
    def autopilot(self, request, queryset):
        given = sum(services.autopilot_waiting(g.pk) for g in queryset.filter(status=ACTIVE))
        self.message_user(request, f"The autopilot made {given} move(s).")


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "seat", "action", "created")
    list_filter = ("game",)

    def has_change_permission(self, request, obj=None):
        return False  # append-only

    def has_delete_permission(self, request, obj=None):
        return False


admin.site.register(Profile)


# ---------------------------------------------------------------------------- tournaments
# Every action goes through games.services.tournaments; only staff allowed to change
# tournaments (the "change tournament" permission) see the actions.


def _run(modeladmin, request, queryset, call, done: str) -> None:
    for obj in queryset:
        try:
            result = call(obj)
        except ServiceError as exc:
            modeladmin.message_user(request, f"{obj}: {exc.message}", messages.ERROR)
        else:
            modeladmin.message_user(request, done.format(obj=obj, result=result))


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("user", "withdrawn", "joined")
    readonly_fields = ("joined",)
    raw_id_fields = ("user",)

    def has_delete_permission(self, request, obj=None):
        # Once seated, a player is withdrawn, never deleted: their results stay.
        return obj is None or not obj.round_set.exists()


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("user", "tournament", "withdrawn", "joined")
    list_filter = ("tournament", "withdrawn")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    actions = ["withdraw"]

    @admin.action(description="Withdraw (a game in play goes on with a bot)",
                  permissions=["change"])
    def withdraw(self, request, queryset):
        _run(self, request, queryset.filter(withdrawn=False),
             lambda e: tournaments.withdraw(e.pk), "{obj} has withdrawn.")


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ("number", "status", "started", "finished")
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False  # rounds are started by the action, which seats them

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "status", "registration_open", "rounds", "entry_count", "created")
    list_filter = ("status", "registration_open")
    readonly_fields = ("status",)
    inlines = [EntryInline, RoundInline]
    actions = ["open_registration", "close_registration", "start_next_round", "finish"]
    fieldsets = [
        (None, {"fields": ("name", "status", "registration_open")}),
        ("Play", {"fields": ("ruleset_name", "settings", "rounds", "deals_per_table",
                             "claim_seconds", "turn_seconds")}),
        ("Seating and results", {"fields": ("fill", "withdrawal", "bot_level", "swiss", "table_points",
                                            "hide_scores", "rated", "seed")}),
    ]

    @admin.display(description="entries")
    def entry_count(self, obj):
        return obj.entries.filter(withdrawn=False).count()

    def save_formset(self, request, form, formset, change):
        # A withdrawal ticked in the inline goes through the door, so a game in play is handed
        # to a bot at once.
        if formset.model is Entry:
            for f in formset.forms:
                entry = f.instance
                if entry.pk and "withdrawn" in f.changed_data and f.cleaned_data.get("withdrawn"):
                    tournaments.withdraw(entry.pk)
                    f.instance.refresh_from_db()
        super().save_formset(request, form, formset, change)

    @admin.action(description="Open registration", permissions=["change"])
    def open_registration(self, request, queryset):
        _run(self, request, queryset, lambda t: tournaments.set_registration(t.pk, True),
             "{obj}: registration is open.")

    @admin.action(description="Close registration", permissions=["change"])
    def close_registration(self, request, queryset):
        _run(self, request, queryset, lambda t: tournaments.set_registration(t.pk, False),
             "{obj}: registration is closed.")

    @admin.action(description="Start the next round (seat it and start its games)",
                  permissions=["change"])
    def start_next_round(self, request, queryset):
        _run(self, request, queryset, lambda t: tournaments.start_next_round(t.pk),
             "{obj}: round {result.number} started.")

    @admin.action(description="Finish the tournament", permissions=["change"])
    def finish(self, request, queryset):
        _run(self, request, queryset, lambda t: tournaments.finish(t.pk), "{obj} is finished.")


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ("number", "game", "players")
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="players (East, South, West, North)")
    def players(self, obj):
        return ", ".join(str(p.entry or "bot") for p in obj.places.all())


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "started", "finished")
    list_filter = ("tournament", "status")
    readonly_fields = ("tournament", "number", "status", "started", "finished")
    inlines = [TableInline]
    actions = ["close_round"]

    def has_add_permission(self, request):
        return False

    @admin.action(description="Close the round", permissions=["change"])
    def close_round(self, request, queryset):
        _run(self, request, queryset, lambda r: tournaments.close_round(r.pk),
             "{obj} is closed.")


class TableSeatInline(admin.TabularInline):
    model = TableSeat
    extra = 0
    fields = ("wind", "entry", "place", "score", "table_points")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("__str__", "game", "game_status")
    list_filter = ("round__tournament",)
    readonly_fields = ("round", "number", "game")
    inlines = [TableSeatInline]
    actions = ["autopilot_waiting", "autopilot_absent"]

    def has_add_permission(self, request):
        return False

    @admin.display(description="game")
    def game_status(self, obj):
        return obj.game.status if obj.game else "-"

    @admin.action(description="Let the autopilot answer for the seats the game waits on",
                  permissions=["change"])
    def autopilot_waiting(self, request, queryset):
        _run(self, request, queryset.exclude(game=None),
             lambda t: services.autopilot_waiting(t.game_id),
             "{obj}: the autopilot made {result} move(s).")

    @admin.action(description="Settle a stuck table: the autopilot plays every absent seat",
                  permissions=["change"])
    def autopilot_absent(self, request, queryset):
        _run(self, request, queryset, lambda t: tournaments.autopilot_absent(t.pk),
             "{obj}: {result} absent seat(s) handed to the autopilot.")
