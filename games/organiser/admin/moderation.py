"""Moderation in the admin (docs/people.md, "Moderation"): the reports players send, with the
lines around a reported line; silencing an account for a time and lifting it (each in the audit
log); the word filter the operator edits; and the talk kept with every game, read-only. Staff
need the models' named permissions (`games.view_report`, `games.change_report`,
`games.add_silence`, ...), never `is_staff` alone. Every change goes through the services."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import clock
from games.models import FilteredWord, Report, ReportStatus, Silence, TalkLine
from games.services import moderation, reports
from games.services.errors import ServiceError

# How long a silence lasts, as the actions say it: hours, and the words for them.
SILENCES = ((1, _("Silence the reported accounts for an hour (and mark acted on)"),
             _("Silenced for an hour; %(n)s report(s) closed.")),
            (24, _("Silence the reported accounts for a day (and mark acted on)"),
             _("Silenced for a day; %(n)s report(s) closed.")),
            (24 * 7, _("Silence the reported accounts for a week (and mark acted on)"),
             _("Silenced for a week; %(n)s report(s) closed.")))


def _silence_for(hours: int, description: str, done: str):
    @admin.action(description=description, permissions=["change"])
    def act(modeladmin, request, queryset):
        for report in queryset.select_related("reported"):
            if report.reported is None:
                continue
            try:
                moderation.silence(report.reported, hours,
                                   f"report {report.pk}: {report.get_reason_display()}",
                                   request.user)
            except ServiceError as exc:
                modeladmin.message_user(request, exc.message, messages.ERROR)
                return
        closed = reports.close([r.pk for r in queryset], request.user, ReportStatus.RESOLVED)
        modeladmin.message_user(request, done % {"n": closed})
    act.__name__ = f"silence_{hours}h"
    return act


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("created", "reported_name", "reason", "status", "reporter", "table",
                    "said")
    list_filter = ("status", "reason")
    search_fields = ("reported_name", "reporter__username", "note")
    actions = ["resolve", "dismiss", *(_silence_for(*silence) for silence in SILENCES)]
    fields = ("created", "status", "reason", "note", "reporter", "reported", "reported_name",
              "game", "conversation", "handled_by", "handled_at")

    def get_readonly_fields(self, request, obj=None):
        return self.fields

    def has_add_permission(self, request):
        return False  # players report from the site (services/reports.py)

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=_("table"))
    def table(self, obj):
        if obj.game_id is None:
            return "—"
        return format_html('<a href="{}">{}</a>', reverse("table", args=[obj.game_id]),
                           obj.game_id)

    @admin.display(description=_("line"))
    def said(self, obj):
        line = next((x for x in obj.context if x.get("reported")), None)
        return (line or {}).get("text", "")[:80] if line else "(a player)"

    @admin.display(description=_("the lines around it, as said"))
    def conversation(self, obj):
        rows = ((("reported" if x.get("reported") else ""), x.get("name", ""),
                 x.get("channel", ""), x.get("text", "")) for x in obj.context or [])
        return format_html('<table class="report-context">{}</table>', format_html_join(
            "", '<tr class="{}"><th>{}</th><td>{}</td><td>{}</td></tr>', rows)) or "—"

    @admin.action(description=_("Mark acted on"), permissions=["change"])
    def resolve(self, request, queryset):
        closed = reports.close([r.pk for r in queryset], request.user, ReportStatus.RESOLVED)
        self.message_user(request, gettext("%(n)s report(s) marked acted on.") % {"n": closed})

    @admin.action(description=_("Dismiss"), permissions=["change"])
    def dismiss(self, request, queryset):
        closed = reports.close([r.pk for r in queryset], request.user, ReportStatus.DISMISSED)
        self.message_user(request, gettext("%(n)s report(s) dismissed.") % {"n": closed})


HOURS = [(1, "an hour"), (24, "a day"), (24 * 7, "a week"), (24 * 30, "30 days")]


class SilenceForm(forms.ModelForm):
    hours = forms.TypedChoiceField(choices=HOURS, coerce=int, initial=24, label="For")

    class Meta:
        model = Silence
        fields = ("user", "reason")


@admin.register(Silence)
class SilenceAdmin(admin.ModelAdmin):
    """Silencing an account: through the door (moderation.silence), in the audit log."""

    form = SilenceForm
    list_display = ("user", "created", "until", "in_force", "reason", "by")
    search_fields = ("user__username", "reason")
    raw_id_fields = ("user",)
    actions = ["lift"]

    def get_fields(self, request, obj=None):
        if obj is None:
            return ("user", "hours", "reason")
        return ("user", "created", "until", "lifted", "reason", "by")

    def get_readonly_fields(self, request, obj=None):
        return self.get_fields(request, obj) if obj is not None else ()

    def save_model(self, request, obj, form, change):
        if change:
            raise PermissionDenied
        try:
            made = moderation.silence(obj.user, form.cleaned_data["hours"], obj.reason,
                                      request.user)
        except ServiceError as exc:
            raise PermissionDenied(exc.message) from None
        obj.pk, obj.until, obj.created, obj.by = made.pk, made.until, made.created, made.by

    def has_delete_permission(self, request, obj=None):
        return False  # lifted, never deleted: the record stays

    @admin.display(boolean=True, description=_("in force"))
    def in_force(self, obj):
        return not obj.lifted and obj.until > clock.now()

    @admin.action(description=_("Lift the selected silences now"), permissions=["change"])
    def lift(self, request, queryset):
        lifted = sum(moderation.lift(s.pk, request.user) for s in queryset)
        self.message_user(request, gettext("%(n)s silence(s) lifted.") % {"n": lifted})


@admin.register(FilteredWord)
class FilteredWordAdmin(admin.ModelAdmin):
    """The word filter: the operator's list, applied to free text and bios as they are written."""

    list_display = ("word", "refuse", "created")
    list_editable = ("refuse",)
    search_fields = ("word",)
    fields = ("word", "refuse")


@admin.register(TalkLine)
class TalkLineAdmin(admin.ModelAdmin):
    """What was said at the tables, for moderation: read-only."""

    list_display = ("created", "game", "name", "channel", "kind", "said", "held")
    list_filter = ("channel", "kind")
    search_fields = ("name", "text", "user__username")
    raw_id_fields = ("game", "user")
    list_select_related = ("game",)

    @admin.display(description=_("said"))
    def said(self, obj):
        return obj.code or obj.text[:80]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
