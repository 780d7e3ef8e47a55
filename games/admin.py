from django.contrib import admin

from . import services
from .models import ACTIVE, Game, Move, Profile, Seat


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
