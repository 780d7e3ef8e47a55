"""The admin's tournament pages: tournaments, their entries, rounds and tables, each action
through games.services.tournaments."""

from django.conf import settings
from django.contrib import admin
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from games.models import (
    WITHDRAW_BOT,
    Entry,
    Round,
    Table,
    TableSeat,
    Tournament,
)
from games.organiser.admin.base import run_action
from games.organiser.entry_form import EntryForm, EntryFormSet
from games.organiser.seat_swap import swap_view
from games.organiser.tournament_form import RULESET_FIELDS, TournamentForm
from games.services import (
    audit,
    organiser,
    timelimits,
    tournaments,
)


def claim_link(entry: Entry) -> str:
    """A named player's claim link, to copy and send them (empty once claimed)."""
    if entry.pk is None or entry.user_id is not None or not entry.claim_code:
        return "-"
    path = reverse("tournament_claim", args=[entry.tournament_id, entry.claim_code])
    url = getattr(settings, "SITE_URL", "").rstrip("/") + path
    return format_html('<input type="text" readonly size="46" value="{}" '
                       'onfocus="this.select()" aria-label="{}">', url, _("claim link"))


class EntryInline(admin.TabularInline):
    model = Entry
    form = EntryForm
    formset = EntryFormSet
    extra = 0
    fields = ("username", "user", "name", "withdrawn", "checked_in_for", "claim", "joined")
    readonly_fields = ("checked_in_for", "claim", "joined")
    raw_id_fields = ("user",)

    class Media:
        css = {"all": ["css/admin_tournament.css"]}  # the columns fit a laptop window

    @admin.display(description=_("claim link (a named player's)"))
    def claim(self, obj):
        return claim_link(obj)

    def has_delete_permission(self, request, obj=None):
        # Once seated, a player is withdrawn, never deleted: their results stay.
        return obj is None or not obj.round_set.exists()


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("__str__", "user", "tournament", "withdrawn", "checked_in_for", "joined")
    list_filter = ("tournament", "withdrawn", "checked_in_for")
    search_fields = ("user__username", "name")
    raw_id_fields = ("user",)
    readonly_fields = ("checked_in_for", "claim")
    exclude = ("claim_code",)

    @admin.display(description=_("claim link (a named player's)"))
    def claim(self, obj):
        return claim_link(obj)
    actions = ["withdraw", "check_in"]

    @admin.action(description=_("Check in for the next round (they are here)"),
                  permissions=["change"])
    def check_in(self, request, queryset):
        run_action(self, request, queryset.filter(withdrawn=False),
             lambda e: tournaments.check_in(e.pk, by=request.user),
             _("%(obj)s is checked in for round %(round)s."),
             lambda entry: {"round": entry.checked_in_for})

    @admin.action(description=_("Withdraw (a game in play goes on with a bot)"),
                  permissions=["change"])
    def withdraw(self, request, queryset):
        run_action(self, request, queryset.filter(withdrawn=False),
             lambda e: tournaments.withdraw(e.pk, by=request.user), _("%(obj)s has withdrawn."))



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
    form = TournamentForm
    list_display = ("name", "status", "registration_open", "rounds", "entry_count", "created")
    list_filter = ("status", "registration_open")
    readonly_fields = ("status", "penalties_and_log")
    inlines = [EntryInline, RoundInline]
    actions = ["open_registration", "close_registration", "start_next_round", "seat_next_round",
               "start_seated_round", "finish"]
    fieldsets = [
        (None, {"fields": ("name", "status", "registration_open")}),
        (_("Ruleset"), {"fields": RULESET_FIELDS}),
        (_("Play"), {"fields": ("rounds", "deals_per_table",
                             "claim_seconds", "turn_seconds", "round_minutes", "free_text")}),
        (_("Seating and results"), {"fields": ("fill", "withdrawal", "bot_level", "swiss", "table_points",
                                            "hide_scores", "rated", "seed", "check_in", "no_show",
                                            "duplicate_walls")}),
        (_("Penalties and audit log"), {"fields": ("penalties_and_log",)}),
    ]

    def formfield_for_choice_field(self, db_field, request, **kwargs):
        field = super().formfield_for_choice_field(db_field, request, **kwargs)
        if db_field.name == "no_show":
            field.required = False  # left empty: a bot takes the seat, as for a withdrawal
        return field

    def save_model(self, request, obj, form, change):
        obj.no_show = obj.no_show or WITHDRAW_BOT
        super().save_model(request, obj, form, change)
        audit.record(obj.pk, request.user, "tournament_changed" if change else "tournament_created",
                     obj, details={"fields": sorted(form.changed_data)})

    @admin.display(description=_("penalties and bonuses"))
    def penalties_and_log(self, obj):
        if obj is None or obj.pk is None:
            return "-"
        rows = format_html_join(
            "", "<li>{}: {} table points, {} score ({})</li>",
            ((p.entry, f"{p.table_points:g}", p.score, p.reason)
             for p in obj.penalties.select_related("entry__user")))
        add = reverse("admin:games_penalty_add")
        log = reverse("admin:games_auditlog_changelist") + f"?tournament__id__exact={obj.pk}"
        return format_html(
            '<ul>{}</ul><p><a href="{}">Add a penalty or bonus</a> · '
            '<a href="{}">Audit log</a></p>', rows or "none", add, log)

    @admin.display(description=_("entries"))
    def entry_count(self, obj):
        return obj.entries.filter(withdrawn=False).count()

    def save_formset(self, request, form, formset, change):
        # A withdrawal ticked in the inline goes through the door, so a game in play is handed
        # to a bot at once.
        if formset.model is Entry:
            for f in formset.forms:
                entry = f.instance
                if entry.pk and "withdrawn" in f.changed_data and f.cleaned_data.get("withdrawn"):
                    tournaments.withdraw(entry.pk, by=request.user)
                    f.instance.refresh_from_db()
            added = [f.instance for f in formset.forms if f.instance.pk is None
                     and f.has_changed() and not f.cleaned_data.get("DELETE")]
        super().save_formset(request, form, formset, change)
        if formset.model is Entry:
            for entry in added:
                if entry.pk is not None:
                    audit.record(entry.tournament_id, request.user, "entry_added", entry,
                                 details={"player": str(entry)})

    @admin.action(description=_("Open registration"), permissions=["change"])
    def open_registration(self, request, queryset):
        run_action(self, request, queryset, lambda t: tournaments.set_registration(t.pk, True, by=request.user),
             _("%(obj)s: registration is open."))

    @admin.action(description=_("Close registration"), permissions=["change"])
    def close_registration(self, request, queryset):
        run_action(self, request, queryset, lambda t: tournaments.set_registration(t.pk, False, by=request.user),
             _("%(obj)s: registration is closed."))

    @admin.action(description=_("Start the next round (seat it and start its games)"),
                  permissions=["change"])
    def start_next_round(self, request, queryset):
        run_action(self, request, queryset, lambda t: tournaments.start_next_round(t.pk, by=request.user),
             _("%(obj)s: round %(number)s started."), lambda rnd: {"number": rnd.number})

    @admin.action(description=_("Seat the next round (to swap players before it starts)"),
                  permissions=["change"])
    def seat_next_round(self, request, queryset):
        run_action(self, request, queryset, lambda t: tournaments.seat_next_round(t.pk, by=request.user),
             _("%(obj)s: round %(number)s is seated; swap seats on the round's page, then "
               "start it."), lambda rnd: {"number": rnd.number})

    @admin.action(description=_("Start the seated round"), permissions=["change"])
    def start_seated_round(self, request, queryset):
        run_action(self, request, queryset,
             lambda t: tournaments.start_seated_round(t.pk, by=request.user),
             _("%(obj)s: round %(number)s started."), lambda rnd: {"number": rnd.number})

    @admin.action(description=_("Finish the tournament"), permissions=["change"])
    def finish(self, request, queryset):
        run_action(self, request, queryset, lambda t: tournaments.finish(t.pk, by=request.user),
             _("%(obj)s is finished."))


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

    @admin.display(description=_("players (East, South, West, North)"))
    def players(self, obj):
        return ", ".join(str(p.entry or "bot") for p in obj.places.all())


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "started", "finished")
    list_filter = ("tournament", "status")
    readonly_fields = ("tournament", "number", "status", "started", "finished", "deadline",
                       "time_called", "walls_seed", "swap")
    exclude = ("seed",)  # a duplicate-wall round's seed deals every table's hands: see below

    @admin.display(description=_("seed"))
    def walls_seed(self, obj):
        if obj is None or not obj.duplicate:
            return "each table its own"
        return obj.seed if obj.is_finished else "hidden until the round ends"
    inlines = [TableInline]
    actions = ["close_round", "call_time"]

    def get_urls(self):
        swap = self.admin_site.admin_view(lambda request, pk: swap_view(self, request, pk))
        return [path("<int:pk>/swap/", swap, name="games_round_swap"), *super().get_urls()]

    @admin.display(description=_("swap seats"))
    def swap(self, obj):
        if obj is None or not obj.is_seated:
            return "only before the round starts"
        url = reverse("admin:games_round_swap", args=[obj.pk])
        return format_html('<a href="{}">Swap two players\' seats</a>', url)

    @admin.action(description=_("Call time: each table finishes the deal in play, then ends"),
                  permissions=["change"])
    def call_time(self, request, queryset):
        run_action(self, request, queryset,
             lambda r: len(timelimits.call_time(r.pk, by=request.user)),
             _("%(obj)s: time called (%(n)s table(s) end after the deal in play)."),
             lambda n: {"n": n})

    def has_add_permission(self, request):
        return False

    @admin.action(description=_("Close the round"), permissions=["change"])
    def close_round(self, request, queryset):
        run_action(self, request, queryset, lambda r: tournaments.close_round(r.pk, by=request.user),
             _("%(obj)s is closed."))


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

    @admin.display(description=_("game"))
    def game_status(self, obj):
        return obj.game.status if obj.game else "-"

    @admin.action(description=_("Let the autopilot answer for the seats the game waits on"),
                  permissions=["change"])
    def autopilot_waiting(self, request, queryset):
        run_action(self, request, queryset.exclude(game=None),
             lambda t: organiser.autopilot(t.game_id, by=request.user),
             _("%(obj)s: the autopilot made %(n)s move(s)."), lambda n: {"n": n})

    @admin.action(description=_("Settle a stuck table: the autopilot plays every absent seat"),
                  permissions=["change"])
    def autopilot_absent(self, request, queryset):
        run_action(self, request, queryset, lambda t: organiser.autopilot_absent(t.pk, by=request.user),
             _("%(obj)s: %(n)s absent seat(s) handed to the autopilot."), lambda n: {"n": n})


