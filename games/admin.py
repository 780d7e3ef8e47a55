from django.contrib import admin

from .models import Game, Move, Profile, Seat


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


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "seat", "action", "created")
    list_filter = ("game",)

    def has_change_permission(self, request, obj=None):
        return False  # append-only

    def has_delete_permission(self, request, obj=None):
        return False


admin.site.register(Profile)
