"""What every admin page of the site shares: read-only pages for what only the service door
writes, the organiser's permission, and running an action through the door with a message."""

from django.contrib import admin, messages

from games.services import (
    ServiceError,
)


class ReadOnly:
    """An admin page of rows only the service door writes (games, seats, moves): nobody adds,
    changes or deletes them here, a superuser neither (DESIGN.md, "One door for change").
    tests/structure/test_writes.py checks every admin of these models says so."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False




# ---------------------------------------------------------------------------- tournaments
# Every action goes through games.services.tournaments; only staff allowed to change
# tournaments (the "change tournament" permission) see the actions.


def run_action(modeladmin, request, queryset, call, done: str, values=None) -> None:
    """Run `call` on each object; say `done` (its `%(obj)s` the object, and `values(result)`'s
    other placeholders), in the reader's language, or the refusal."""
    for obj in queryset:
        try:
            result = call(obj)
        except ServiceError as exc:
            modeladmin.message_user(request, f"{obj}: {exc.message}", messages.ERROR)
        else:
            modeladmin.message_user(
                request, done % {"obj": obj, **(values(result) if values else {})})



def is_organiser(request) -> bool:
    """Penalties, corrections and the audit log follow the tournament permissions."""
    return request.user.is_active and request.user.is_staff and request.user.has_perm(
        "games.change_tournament")


class ThroughTheDoor(admin.ModelAdmin):
    """Added through the service door, never edited (a mistake is removed and added again, or
    corrected again), by staff who may change tournaments."""

    def has_module_permission(self, request):
        return is_organiser(request)

    def has_view_permission(self, request, obj=None):
        return is_organiser(request)

    def has_add_permission(self, request):
        return is_organiser(request)

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


