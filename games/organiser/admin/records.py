"""The organiser's records in the admin: penalties, corrections and the audit log."""

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.models import (
    AuditLog,
    Correction,
    Penalty,
)
from games.organiser.admin.base import ThroughTheDoor, is_organiser, run_action
from games.services import (
    penalties,
)


@admin.register(Penalty)
class PenaltyAdmin(ThroughTheDoor):
    list_display = ("entry", "tournament", "table", "table_points", "score", "reason",
                    "created_by", "created")
    list_filter = ("tournament",)
    fields = ("entry", "table", "table_points", "score", "reason")
    raw_id_fields = ("entry", "table")
    actions = ["remove"]

    def get_readonly_fields(self, request, obj=None):
        return self.fields if obj is not None else ()

    def save_model(self, request, obj, form, change):
        if change:
            raise PermissionDenied
        # The form validated the penalty (Penalty.clean); the door saves it and logs it.
        made = penalties.add_penalty(
            obj.entry_id, table_id=obj.table_id, table_points=obj.table_points, score=obj.score,
            reason=obj.reason, by=request.user)
        obj.pk, obj.created = made.pk, made.created

    def get_changeform_initial_data(self, request):
        return {k: v for k, v in request.GET.items() if k in ("entry", "table")}

    def has_remove_permission(self, request):
        return is_organiser(request)

    @admin.action(description=_("Remove the selected penalties (kept in the audit log)"),
                  permissions=["remove"])
    def remove(self, request, queryset):
        run_action(self, request, queryset,
             lambda p: penalties.remove_penalty(p.pk, by=request.user), _("%(obj)s: removed."))


@admin.register(Correction)
class CorrectionAdmin(ThroughTheDoor):
    list_display = ("table", "wind", "place", "score", "table_points", "before", "reason",
                    "created_by", "created")
    list_filter = ("table__round__tournament",)
    fields = ("table", "wind", "place", "score", "table_points", "reason")
    raw_id_fields = ("table",)

    def get_readonly_fields(self, request, obj=None):
        return (*self.fields, "before", "created_by", "created") if obj is not None else ()

    def get_changeform_initial_data(self, request):
        return {k: v for k, v in request.GET.items() if k in ("table", "wind")}

    def save_model(self, request, obj, form, change):
        if change:
            raise PermissionDenied
        made = penalties.correct_result(
            obj.table_id, obj.wind, place=obj.place, score=obj.score,
            table_points=obj.table_points, reason=obj.reason, by=request.user)
        obj.pk, obj.before, obj.created = made.pk, made.before, made.created


@admin.register(AuditLog)
class AuditLogAdmin(ThroughTheDoor):
    list_display = ("when", "who", "tournament", "action", "object_link", "reason", "details")
    list_filter = ("tournament", "action")
    search_fields = ("object_repr", "reason", "who__username")
    readonly_fields = ("when", "who", "tournament", "action", "object_type", "object_id",
                       "object_repr", "details", "reason")

    def has_add_permission(self, request):
        return False  # written by the service door only

    @admin.display(description=_("object"))
    def object_link(self, obj):
        if obj.object_type in ("penalty", "correction", "entry", "round", "table", "tournament",
                               "game") \
                and obj.object_id and obj.action != "penalty_removed":
            try:
                url = reverse(f"admin:games_{obj.object_type}_change", args=[obj.object_id])
            except NoReverseMatch:  # a link is a comfort, the text is the record
                return obj.object_repr
            return format_html('<a href="{}">{}</a>', url, obj.object_repr)
        return obj.object_repr


