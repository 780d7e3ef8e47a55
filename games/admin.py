from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.urls import NoReverseMatch, path, reverse
from django.utils.html import format_html, format_html_join

from . import policy, services
from .entry_form import EntryForm, EntryFormSet
from .models import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    WITHDRAW_BOT,
    AuditLog,
    Correction,
    Entry,
    Game,
    Move,
    Penalty,
    Profile,
    Round,
    Seat,
    Table,
    TableSeat,
    Tournament,
)
from .puzzle_models import Puzzle
from .seat_swap import swap_view
from .services import (
    ServiceError,
    audit,
    imports,
    organiser,
    penalties,
    timelimits,
    tournaments,
)
from .tournament_form import RULESET_FIELDS, TournamentForm


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

    @admin.display(description="seed")
    def seed_or_commitment(self, obj):
        if obj is None or obj.pk is None:
            return "-"
        if seed_revealed(obj):
            return obj.seed
        return f"hidden until the game ends (commitment {obj.commitment})"

    @admin.display(description="claim answers held")
    def claims_pending(self, obj):
        if obj is None or obj.status == ACTIVE:
            return "hidden while the game is played"
        return obj.pending or "-"

    @admin.action(description="Make what is due happen now (bots, timers, expired windows)",
                  permissions=["run_game"])
    def settle_due(self, request, queryset):
        moved = sum(organiser.settle_due(g.pk, by=request.user)
                    for g in queryset.filter(status=ACTIVE))
        self.message_user(request, f"{moved} game(s) moved on.")

    @admin.action(description="Let the autopilot answer for the seats a game waits on",
                  permissions=["run_game"])
    def autopilot(self, request, queryset):
        given = sum(organiser.autopilot(g.pk, by=request.user)
                    for g in queryset.filter(status=ACTIVE))
        self.message_user(request, f"The autopilot made {given} move(s).")

    @admin.action(description="Abandon this game (a stuck casual table: ends with no result)",
                  permissions=["run_game"])
    def abandon(self, request, queryset):
        _run(self, request, queryset,
             lambda g: services.abandon_game(g.pk, by=request.user, reason="abandoned from the admin"),
             "{obj}: abandoned.")

    def has_verify_import_permission(self, request):
        return imports.vouches(request.user)

    @admin.action(description="Verify imported record (it counts in statistics from now on)",
                  permissions=["verify_import"])
    def verify_import(self, request, queryset):
        for game in queryset:
            try:
                done = imports.verify_import(game.pk, request.user)
            except ServiceError as exc:
                self.message_user(request, f"{game}: {exc.message}", messages.ERROR)
            else:
                self.message_user(request, f"{game}: " + (
                    "verified; it counts in statistics now." if done else "verified already."))


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


def claim_link(entry: Entry) -> str:
    """A named player's claim link, to copy and send them (empty once claimed)."""
    if entry.pk is None or entry.user_id is not None or not entry.claim_code:
        return "-"
    path = reverse("tournament_claim", args=[entry.tournament_id, entry.claim_code])
    url = getattr(settings, "SITE_URL", "").rstrip("/") + path
    return format_html('<input type="text" readonly size="46" value="{}" '
                       'onfocus="this.select()" aria-label="claim link">', url)


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

    @admin.display(description="claim link (a named player's)")
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

    @admin.display(description="claim link (a named player's)")
    def claim(self, obj):
        return claim_link(obj)
    actions = ["withdraw", "check_in"]

    @admin.action(description="Check in for the next round (they are here)",
                  permissions=["change"])
    def check_in(self, request, queryset):
        _run(self, request, queryset.filter(withdrawn=False),
             lambda e: tournaments.check_in(e.pk, by=request.user),
             "{obj} is checked in for round {result.checked_in_for}.")

    @admin.action(description="Withdraw (a game in play goes on with a bot)",
                  permissions=["change"])
    def withdraw(self, request, queryset):
        _run(self, request, queryset.filter(withdrawn=False),
             lambda e: tournaments.withdraw(e.pk, by=request.user), "{obj} has withdrawn.")


def _organiser(request) -> bool:
    """Penalties, corrections and the audit log follow the tournament permissions."""
    return request.user.is_active and request.user.is_staff and request.user.has_perm(
        "games.change_tournament")


class ThroughTheDoor(admin.ModelAdmin):
    """Added through the service door, never edited (a mistake is removed and added again, or
    corrected again), by staff who may change tournaments."""

    def has_module_permission(self, request):
        return _organiser(request)

    def has_view_permission(self, request, obj=None):
        return _organiser(request)

    def has_add_permission(self, request):
        return _organiser(request)

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


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
        return _organiser(request)

    @admin.action(description="Remove the selected penalties (kept in the audit log)",
                  permissions=["remove"])
    def remove(self, request, queryset):
        _run(self, request, queryset,
             lambda p: penalties.remove_penalty(p.pk, by=request.user), "{obj}: removed.")


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

    @admin.display(description="object")
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
        ("Ruleset", {"fields": RULESET_FIELDS}),
        ("Play", {"fields": ("rounds", "deals_per_table",
                             "claim_seconds", "turn_seconds", "round_minutes")}),
        ("Seating and results", {"fields": ("fill", "withdrawal", "bot_level", "swiss", "table_points",
                                            "hide_scores", "rated", "seed", "check_in", "no_show",
                                            "duplicate_walls")}),
        ("Penalties and audit log", {"fields": ("penalties_and_log",)}),
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

    @admin.display(description="penalties and bonuses")
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

    @admin.action(description="Open registration", permissions=["change"])
    def open_registration(self, request, queryset):
        _run(self, request, queryset, lambda t: tournaments.set_registration(t.pk, True, by=request.user),
             "{obj}: registration is open.")

    @admin.action(description="Close registration", permissions=["change"])
    def close_registration(self, request, queryset):
        _run(self, request, queryset, lambda t: tournaments.set_registration(t.pk, False, by=request.user),
             "{obj}: registration is closed.")

    @admin.action(description="Start the next round (seat it and start its games)",
                  permissions=["change"])
    def start_next_round(self, request, queryset):
        _run(self, request, queryset, lambda t: tournaments.start_next_round(t.pk, by=request.user),
             "{obj}: round {result.number} started.")

    @admin.action(description="Seat the next round (to swap players before it starts)",
                  permissions=["change"])
    def seat_next_round(self, request, queryset):
        _run(self, request, queryset, lambda t: tournaments.seat_next_round(t.pk, by=request.user),
             "{obj}: round {result.number} is seated; swap seats on the round's page, then "
             "start it.")

    @admin.action(description="Start the seated round", permissions=["change"])
    def start_seated_round(self, request, queryset):
        _run(self, request, queryset,
             lambda t: tournaments.start_seated_round(t.pk, by=request.user),
             "{obj}: round {result.number} started.")

    @admin.action(description="Finish the tournament", permissions=["change"])
    def finish(self, request, queryset):
        _run(self, request, queryset, lambda t: tournaments.finish(t.pk, by=request.user),
             "{obj} is finished.")


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
    readonly_fields = ("tournament", "number", "status", "started", "finished", "deadline",
                       "time_called", "walls_seed", "swap")
    exclude = ("seed",)  # a duplicate-wall round's seed deals every table's hands: see below

    @admin.display(description="seed")
    def walls_seed(self, obj):
        if obj is None or not obj.duplicate:
            return "each table its own"
        return obj.seed if obj.is_finished else "hidden until the round ends"
    inlines = [TableInline]
    actions = ["close_round", "call_time"]

    def get_urls(self):
        swap = self.admin_site.admin_view(lambda request, pk: swap_view(self, request, pk))
        return [path("<int:pk>/swap/", swap, name="games_round_swap"), *super().get_urls()]

    @admin.display(description="swap seats")
    def swap(self, obj):
        if obj is None or not obj.is_seated:
            return "only before the round starts"
        url = reverse("admin:games_round_swap", args=[obj.pk])
        return format_html('<a href="{}">Swap two players\' seats</a>', url)

    @admin.action(description="Call time: each table finishes the deal in play, then ends",
                  permissions=["change"])
    def call_time(self, request, queryset):
        _run(self, request, queryset,
             lambda r: len(timelimits.call_time(r.pk, by=request.user)),
             "{obj}: time called ({result} table(s) end after the deal in play).")

    def has_add_permission(self, request):
        return False

    @admin.action(description="Close the round", permissions=["change"])
    def close_round(self, request, queryset):
        _run(self, request, queryset, lambda r: tournaments.close_round(r.pk, by=request.user),
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
             lambda t: organiser.autopilot(t.game_id, by=request.user),
             "{obj}: the autopilot made {result} move(s).")

    @admin.action(description="Settle a stuck table: the autopilot plays every absent seat",
                  permissions=["change"])
    def autopilot_absent(self, request, queryset):
        _run(self, request, queryset, lambda t: organiser.autopilot_absent(t.pk, by=request.user),
             "{obj}: {result} absent seat(s) handed to the autopilot.")


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
