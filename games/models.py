"""What is persisted. A game is its ruleset, its secret seed and its ordered moves: the engine's
replay of the moves is the truth, and the Match kept in memory is only a cache of it."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils import timezone

from .engine import bots
from .engine.errors import NotationError
from .engine.record import commitment
from .engine.ruleset import PLAYABLE, Ruleset, get_ruleset

OPEN, ACTIVE, FINISHED, ABANDONED = "open", "active", "finished", "abandoned"
# How a player gave a game up (Seat.forfeit).
RESIGNED, LEFT = "resigned", "left"
# Every level a seat may name ("greedy" is the beginner's older name, kept for saved games);
# the lobby and tournaments offer the three named for people.
BOT_LEVELS = bots.LEVELS
OFFERED_BOT_LEVELS = ("beginner", "intermediate", "strong")
# One name per chair, so the bots at a table never share a name; the level is shown apart.
BOT_NAMES = ("Bot Plum", "Bot Orchid", "Bot Chrysanthemum", "Bot Bamboo")


class Profile(models.Model):
    """Extra facts about a user. A guest plays without an account and may sign up later."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    is_guest = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.user} ({'guest' if self.is_guest else 'member'})"


class Game(models.Model):
    STATUSES = [(s, s) for s in (OPEN, ACTIVE, FINISHED, ABANDONED)]

    ruleset_name = models.CharField(max_length=40)
    ruleset = models.JSONField(help_text="the ruleset's settings as saved for this game")
    seed = models.CharField(max_length=64, help_text="secret until the game is over")
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN, db_index=True)
    version = models.PositiveIntegerField(default=0, help_text="number of moves applied")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    tournament = models.BooleanField(default=False)
    private = models.BooleanField(
        default=False, help_text="not listed in the lobby; only its invite link opens it"
    )
    # A private table's unguessable part of its link (/t/<invite>/): its number alone opens it
    # only for those seated there.
    invite = models.CharField(max_length=32, blank=True, default="", db_index=True)
    claim_seconds = models.PositiveIntegerField(default=8)
    turn_seconds = models.PositiveIntegerField(null=True, blank=True, help_text="empty: no timer")
    # The clock's time bank: seconds each seat may spend beyond turn_seconds on its turns, per
    # deal. `bank_used` holds what each seat spent of it this deal, in ms ([] as a deal begins).
    bank_seconds = models.PositiveIntegerField(default=0, help_text="0: no time bank")
    bank_used = models.JSONField(default=list, blank=True)
    # When the last move was applied: claim windows and turn timers count from here.
    changed_at = models.DateTimeField(null=True, blank=True)
    # The earliest moment something is due (a bot, a timer, an autopilot). Not indexed: it
    # changes with nearly every move, and on PostgreSQL an indexed column changing makes each
    # update write new index entries (no HOT update), so a busy table's row bloated its indexes
    # faster than vacuum cleared them. Tickers find active games by `status` instead.
    due_at = models.DateTimeField(null=True, blank=True)
    # Claim answers given in an open window, applied together when it closes: {"2": action}.
    pending = models.JSONField(default=dict, blank=True)
    # Bumped whenever a seat changes (taken, drawn, connected, absent): processes cache the
    # seats per game and read them again only when this moved.
    seats_version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Where lists put the game, newest first: when it was opened, then started, then finished.
    # Written at those three moments only (never per move), and indexed for the lists' order.
    listed_at = models.DateTimeField(default=timezone.now)
    result = models.JSONField(null=True, blank=True)
    # "Play again": the table opened after this one with the same people and bots.
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    imported = models.BooleanField(default=False, help_text="saved from an uploaded record")
    # An imported game counts in statistics and ratings only once staff with `verify_import`
    # have checked it (docs/access.md).
    import_verified = models.BooleanField(default=False)
    # Bumped when the game's ruleset changes while it is played (a round's time limit): every
    # process's cached match checks it, as the seats' cache checks `seats_version`.
    rules_version = models.PositiveIntegerField(default=0)
    # Its seats' results are in the players' statistics (PlayerStat): set once, when its result
    # is shown (at the end, or when a round whose scores are hidden ends).
    counted = models.BooleanField(default=False)
    # Created rated: when it ends with four people with accounts at it, their ratings in its
    # ruleset change (games/services/ratings.py, docs/ratings.md).
    rated = models.BooleanField(default=False)
    # An open proposal to end a rated game now, by agreement (services/endings.py): who
    # proposed, who accepted, the deal it was made in; and who proposed already this deal.
    # Read only when asked for: a move's lock leaves it out (services/gamerow.py).
    proposal = models.JSONField(null=True, blank=True, default=None)

    class Meta:
        ordering = ["-created"]
        # Staff powers are these named permissions, never `is_staff` (docs/access.md).
        permissions = [
            ("watch_any_game", "Can open any table: private, live in a duplicate-wall round, "
                               "or with its result hidden until its round ends"),
            ("verify_import", "Can verify an imported record so it counts, and import a "
                              "record in anyone's name"),
        ]
        # The lists' order, over all games and within one status (finished, running).
        indexes = [
            models.Index(fields=["-listed_at", "-id"], name="game_listed_newest"),
            models.Index(fields=["status", "-listed_at", "-id"], name="game_status_listed_newest"),
        ]
        constraints = [
            # One record, one game: two imports of the same record cannot both be saved.
            models.UniqueConstraint(fields=["seed"], condition=models.Q(imported=True),
                                    name="one_import_per_seed"),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.ruleset_name}, {self.status})"

    @property
    def is_live(self) -> bool:
        return self.status == ACTIVE

    @property
    def commitment(self) -> str:
        """SHA-256 of the seed: published when the game starts, checked once it is revealed."""
        return commitment(self.seed)


class Seat(models.Model):
    game = models.ForeignKey(Game, related_name="seats", on_delete=models.CASCADE)
    chair = models.PositiveSmallIntegerField(help_text="order in which players sat down")
    position = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="engine seat, drawn by the seating ritual at the start"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    bot_level = models.CharField(max_length=16, blank=True)
    # The player left the game while it was played: a bot of their choosing plays the seat on,
    # in their name (the moves before are theirs, and so is the result).
    left = models.BooleanField(default=False)
    # When they left (a rated game ranks those who left below those who played on, the
    # earliest to leave last).
    left_at = models.DateTimeField(null=True, blank=True)
    # The player gave the game up (services/endings.py): "resigned" (from the table), or "left"
    # (away from a rated table past the grace period, which ended it). Placed last, below
    # everyone who played on, the earliest (left_at) last.
    forfeit = models.CharField(max_length=10, blank=True, default="", choices=[
        ("", "played on"), (RESIGNED, "resigned"), (LEFT, "left (away past the grace)")])
    # The name a record gave this player, kept for imported games (and players without account).
    recorded_name = models.CharField(max_length=150, blank=True, db_index=True)
    # Stored when the game finishes, in the same transaction (games/results.py), so history
    # filters and statistics are SQL on these columns rather than a walk over every game.
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    final_points = models.IntegerField(null=True, blank=True)
    points_won = models.IntegerField(default=0)  # net over the game's deals
    deals_played = models.PositiveSmallIntegerField(default=0)
    deals_won = models.PositiveSmallIntegerField(default=0)
    self_drawn = models.PositiveSmallIntegerField(default=0)
    dealt_in = models.PositiveSmallIntegerField(default=0)
    # The seat's best winning hand of the game: its score, deal, limit and how it went out.
    best_score = models.IntegerField(null=True, blank=True)
    best_deal = models.PositiveSmallIntegerField(null=True, blank=True)
    best_limit = models.CharField(max_length=60, blank=True, default="")
    best_how = models.CharField(max_length=20, blank=True, default="")
    connections = models.PositiveSmallIntegerField(default=0)
    absent_since = models.DateTimeField(null=True, blank=True)
    last_seen = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["chair"]
        constraints = [
            models.UniqueConstraint(fields=["game", "chair"], name="one_player_per_chair"),
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_position"),
        ]
        indexes = [
            # "Is this player at this game?" for lists walked newest first (pages/history.py),
            # and a player's best hands, best first.
            models.Index(fields=["user", "game"], name="seat_user_game"),
            models.Index(fields=["recorded_name", "game"], name="seat_name_game"),
            models.Index(fields=["user", "-best_score", "game"], name="seat_user_best"),
            models.Index(fields=["user", "place"], name="seat_user_place"),
        ]

    def __str__(self) -> str:
        return f"{self.name} at chair {self.chair} of game {self.game_id}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def name(self) -> str:
        if self.left and self.user:
            # Within a name's 150 characters (a record's names are held to them).
            bot, who = self.bot_name, self.user.username
            room = 150 - len(bot) - len(" (for )")
            return f"{bot} (for {who if len(who) <= room else who[:room - 1] + '…'})"
        if self.recorded_name:
            return self.recorded_name
        if self.is_bot:
            return self.bot_name
        return self.user.username if self.user else "(empty)"

    @property
    def bot_name(self) -> str:
        """A bot's own name: the one it was given as it sat down (services.lobby.add_bot, or a
        player leaving), else one by chair, shifted by the game's id so tables differ."""
        if self.is_bot and self.recorded_name:
            return self.recorded_name
        return BOT_NAMES[(self.game_id + self.chair) % len(BOT_NAMES)]

    @property
    def connected(self) -> bool:
        return self.is_bot or self.connections > 0


class PlayerStat(models.Model):
    """A player's totals over their finished games of one ruleset, added to as each game's
    result is shown (games/results.py): player pages read these rows, never the games."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.CASCADE, related_name="game_stats")
    name = models.CharField(max_length=150, blank=True)  # a recorded name, when no account
    ruleset_name = models.CharField(max_length=40)
    games = models.PositiveIntegerField(default=0)
    games_won = models.PositiveIntegerField(default=0)
    first = models.PositiveIntegerField(default=0)
    second = models.PositiveIntegerField(default=0)
    third = models.PositiveIntegerField(default=0)
    fourth = models.PositiveIntegerField(default=0)
    deals = models.PositiveIntegerField(default=0)
    deals_won = models.PositiveIntegerField(default=0)
    self_drawn = models.PositiveIntegerField(default=0)
    dealt_in = models.PositiveIntegerField(default=0)
    points_won = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "ruleset_name"], name="one_stat_per_account",
                                    condition=models.Q(user__isnull=False)),
            models.UniqueConstraint(fields=["name", "ruleset_name"], name="one_stat_per_name",
                                    condition=models.Q(user__isnull=True)),
        ]

    def __str__(self) -> str:
        return f"{self.user or self.name}: {self.ruleset_name}"


class Connection(models.Model):
    """One open socket of a seated player. Its process refreshes `seen_at` while it lives; a row
    not refreshed within the presence TTL belongs to a process or socket that died, and any
    process sweeps it away, so a crash can never leave a seat shown connected."""

    seat = models.ForeignKey(Seat, related_name="sockets", on_delete=models.CASCADE)
    seen_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"connection {self.pk} of {self.seat}"


class Watcher(models.Model):
    """One open socket of a spectator (anyone not seated at the game), kept fresh by its process
    like a Connection and swept the same way once stale, so the watcher count a table shows
    never keeps a socket that died with its process."""

    game = models.ForeignKey(Game, related_name="watchers", on_delete=models.CASCADE)
    seen_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"watcher {self.pk} of game {self.game_id}"


class Analysis(models.Model):
    """A finished game's decisions against the strong bot (engine/brain/review.py), worked out
    once and kept: the game never changes."""

    game = models.OneToOneField(Game, related_name="analysis", on_delete=models.CASCADE)
    data = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"analysis of game {self.game_id}"


class Move(models.Model):
    """Append-only: one applied action."""

    game = models.ForeignKey(Game, related_name="moves", on_delete=models.CASCADE)
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    # A default rather than auto_now_add, so an imported record keeps each action's own time.
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_move_per_seq")]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq}: {self.action}"


class Snapshot(models.Model):
    """A Match saved as a deal began, so a process that lost its cache replays only the moves
    since. Only a cache: the moves are the truth, and a snapshot written by another engine
    build (`format`) is ignored."""

    game = models.ForeignKey(Game, related_name="snapshots", on_delete=models.CASCADE)
    version = models.PositiveIntegerField()
    format = models.CharField(max_length=40)
    data = models.BinaryField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="one_snapshot_per_version")
        ]

    def __str__(self) -> str:
        return f"snapshot of game {self.game_id} at move {self.version}"


# ---------------------------------------------------------------------------- tournaments
# Run from the admin: entries register, each round is seated (games.tournaments.seating) and
# played as ordinary tournament Games; a table's result is recorded as its game finishes.
PLANNED, RUNNING = "planned", "running"  # then FINISHED
SEATED = "seated"  # a round seated ahead, not started: its seats may still be swapped
PLAYING = "playing"  # a round being played; then FINISHED
FILL_BOTS, FILL_SITOUT = "bots", "sitout"
WITHDRAW_BOT, WITHDRAW_SKIP = "bot", "skip"


def _tournament_seed() -> str:
    return secrets.token_hex(8)


def parse_table_points(text: str) -> list[float]:
    """"4,2,1,0" -> [4.0, 2.0, 1.0, 0.0]: the table points for 1st to 4th place."""
    try:
        values = [float(x) for x in str(text).split(",")]
    except ValueError:
        values = []
    if len(values) != 4:
        raise ValueError("table points are four numbers for 1st to 4th place, e.g. 4,2,1,0")
    return values


class Tournament(models.Model):
    STATUSES = [(PLANNED, "planned"), (RUNNING, "running"), (FINISHED, "finished")]
    FILLS = [(FILL_BOTS, "bots fill the empty seats"), (FILL_SITOUT, "players sit out in turn")]
    WITHDRAWALS = [(WITHDRAW_BOT, "a bot takes their seat"), (WITHDRAW_SKIP, "they are left out")]

    name = models.CharField(max_length=100)
    ruleset_name = models.CharField(max_length=40, default="chinese-classical")
    settings = models.JSONField(
        default=dict, blank=True, help_text='ruleset settings changed from the preset, e.g. {"limit": 500}'
    )
    rounds = models.PositiveSmallIntegerField(default=5)
    deals_per_table = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="a set number of deals per table; empty: a whole game"
    )
    claim_seconds = models.PositiveIntegerField(default=8)
    turn_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="empty: the site's tournament turn timer"
    )
    registration_open = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=STATUSES, default=PLANNED)
    fill = models.CharField(
        max_length=10, choices=FILLS, default=FILL_BOTS, help_text="when players are not a multiple of four"
    )
    withdrawal = models.CharField(max_length=10, choices=WITHDRAWALS, default=WITHDRAW_BOT)
    bot_level = models.CharField(
        max_length=16, choices=[(b, b) for b in OFFERED_BOT_LEVELS], default="strong",
        help_text="the bots that fill empty seats and play for withdrawn or absent players")
    hide_scores = models.BooleanField(
        default=True, help_text="a round's scores are shown only once all its tables finished"
    )
    swiss = models.BooleanField(default=False, help_text="seat rounds after the first by standings")
    round_minutes = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="a time limit per round: when it passes, each table "
        "finishes the deal in play and its game ends there; empty: no limit")
    check_in = models.BooleanField(
        default=False, help_text="players check in before each round (I'm here on the tournament "
        "page, or ticked by the organiser); who has not when it starts is a no-show")
    no_show = models.CharField(
        max_length=10, choices=WITHDRAWALS, default=WITHDRAW_BOT,
        help_text="a player who has not checked in when a round starts")
    table_points = models.CharField(max_length=40, default="4,2,1,0")
    rated = models.BooleanField(
        default=False, help_text="tables of four people (no bots, no guests) change ratings")
    duplicate_walls = models.BooleanField(
        default=False, help_text="every table of a round plays the same walls, seats rotated "
        "between tables; the round page compares each player with the others who held the "
        "same hands")
    seed = models.CharField(max_length=32, default=_tournament_seed, help_text="seats the rounds")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament", args=[self.pk])

    def clean(self) -> None:
        errors = {}
        try:
            parse_table_points(self.table_points)
        except ValueError as exc:
            errors["table_points"] = str(exc)
        if self.ruleset_name not in PLAYABLE:
            errors["ruleset_name"] = f"playable rulesets: {', '.join(PLAYABLE)}"
        elif not isinstance(self.settings, dict):
            errors["settings"] = "a JSON object of ruleset settings"
        else:
            try:
                Ruleset.from_json({**get_ruleset(self.ruleset_name).to_json(), **self.settings})
            except (NotationError, TypeError) as exc:
                errors["settings"] = str(exc)
        if errors:
            raise ValidationError(errors)


ENTRY_NAME_MAX = 100


def claim_code() -> str:
    return secrets.token_urlsafe(12)


class Entry(models.Model):
    """A player of a tournament: an account, or a named player without one (a bot plays their
    seats, scoring for them) until they claim the entry with its code."""

    tournament = models.ForeignKey(Tournament, related_name="entries", on_delete=models.CASCADE)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE)
    name = models.CharField(
        max_length=ENTRY_NAME_MAX, blank=True, default="",
        help_text="a player without an account (until they claim the entry)")
    claim_code = models.CharField(
        max_length=32, blank=True, default="", db_index=True,
        help_text="the secret of the claim link a named player signs in with")
    withdrawn = models.BooleanField(default=False)
    joined = models.DateTimeField(auto_now_add=True)
    checked_in_for = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="the round the player checked in for")

    class Meta:
        ordering = ["joined", "pk"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player"),
            models.UniqueConstraint(fields=["tournament", "name"], condition=~models.Q(name=""),
                                    name="one_entry_per_name"),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) | ~models.Q(name=""),
                name="entry_has_user_or_name"),
        ]

    def __str__(self) -> str:
        return self.user.username if self.user_id else self.name

    @property
    def unclaimed(self) -> bool:
        """A named player without an account yet: a bot plays their seats."""
        return self.user_id is None

    def save(self, *args, **kwargs):
        if self.user_id is None and not self.claim_code:
            self.claim_code = claim_code()
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "claim_code"}
        super().save(*args, **kwargs)


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, related_name="round_set", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, default=PLAYING)
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, help_text="the round's time limit")
    seed = models.CharField(
        max_length=64, blank=True, default="",
        help_text="duplicate walls: every table's game is dealt from this seed (secret until "
        "the round is finished); empty: each game its own")
    time_called = models.DateTimeField(
        null=True, blank=True, help_text="when the time limit ended the tables' games")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"

    @property
    def is_finished(self) -> bool:
        return self.status == FINISHED

    @property
    def is_seated(self) -> bool:
        return self.status == SEATED

    @property
    def duplicate(self) -> bool:
        return bool(self.seed)


class Table(models.Model):
    round = models.ForeignKey(Round, related_name="tables", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(
        Game, null=True, blank=True, related_name="tournament_table", on_delete=models.SET_NULL
    )

    class Meta:
        ordering = ["round", "number"]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class TableSeat(models.Model):
    """One of a table's four places (its starting wind) and, once the game ends, its result."""

    table = models.ForeignKey(Table, related_name="places", on_delete=models.CASCADE)
    wind = models.PositiveSmallIntegerField(help_text="0 East, 1 South, 2 West, 3 North")
    # RESTRICT: an entry with results is withdrawn, not deleted (the whole tournament may be).
    entry = models.ForeignKey(
        Entry, null=True, blank=True, related_name="places", on_delete=models.RESTRICT
    )
    # A no-show's or withdrawn player's place: a bot plays it for nobody (`entry` is empty),
    # and the pages name it for the player it stands in for.
    stood_in_for = models.ForeignKey(
        Entry, null=True, blank=True, related_name="+", on_delete=models.SET_NULL,
        help_text="the absent player whose place a bot plays (scoring for nobody)")
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True, help_text="points won or lost")
    table_points = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["table", "wind"]
        constraints = [
            models.UniqueConstraint(fields=["table", "wind"], name="one_place_per_wind")
        ]

    def __str__(self) -> str:
        return f"{self.entry or 'bot'} at {self.table}"


MAX_ADJUSTMENT_TABLE_POINTS = 1000.0
MAX_ADJUSTMENT_SCORE = 1_000_000


class Penalty(models.Model):
    """A penalty (negative) or bonus (positive) the organiser gives an entry, at a table or for
    the whole tournament; it counts in the standings. Added and removed through the service
    door (games/services/penalties.py), which writes the audit log."""

    tournament = models.ForeignKey(Tournament, related_name="penalties", on_delete=models.CASCADE)
    entry = models.ForeignKey(Entry, related_name="penalties", on_delete=models.CASCADE)
    table = models.ForeignKey(
        Table, null=True, blank=True, related_name="penalties", on_delete=models.CASCADE,
        help_text="the table it was given at; empty: for the tournament as a whole")
    table_points = models.FloatField(
        default=0, help_text="table points added: negative for a penalty, positive for a bonus")
    score = models.IntegerField(
        default=0, help_text="score points added: negative for a penalty, positive for a bonus")
    reason = models.CharField(max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, related_name="+",
        on_delete=models.SET_NULL)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name_plural = "penalties"

    def __str__(self) -> str:
        return f"{'bonus' if self.is_bonus else 'penalty'} for {self.entry}: {self.reason}"

    @property
    def is_bonus(self) -> bool:
        return self.table_points > 0 or (self.table_points == 0 and self.score > 0)

    def clean(self) -> None:
        errors = {}
        entry = Entry.objects.filter(pk=self.entry_id).first() if self.entry_id else None
        if entry is not None and self.tournament_id and entry.tournament_id != self.tournament_id:
            errors["entry"] = "this player is not in this tournament"
        if self.table_id and entry is not None:
            table = Table.objects.select_related("round").filter(pk=self.table_id).first()
            if table is None or table.round.tournament_id != entry.tournament_id:
                errors["table"] = "this table is not in this tournament"
            elif not table.places.filter(entry=entry).exists():
                errors["table"] = f"{entry} did not play at {table}"
        if not (self.table_points or self.score):
            errors["table_points"] = "give table points or score points (negative for a penalty)"
        if abs(self.table_points or 0) > MAX_ADJUSTMENT_TABLE_POINTS:
            errors["table_points"] = f"at most {MAX_ADJUSTMENT_TABLE_POINTS:g} either way"
        if abs(self.score or 0) > MAX_ADJUSTMENT_SCORE:
            errors["score"] = f"at most {MAX_ADJUSTMENT_SCORE} either way"
        if not (self.reason or "").strip():
            errors["reason"] = "say why"
        if errors:
            raise ValidationError(errors)


class Correction(models.Model):
    """A table result the organiser corrected: one place's result before and after, and why.
    Made through the service door (games/services/penalties.py), which writes the audit log."""

    table = models.ForeignKey(Table, related_name="corrections", on_delete=models.CASCADE)
    wind = models.PositiveSmallIntegerField(help_text="0 East, 1 South, 2 West, 3 North")
    place = models.PositiveSmallIntegerField(help_text="the corrected place, 1 to 4")
    score = models.IntegerField(help_text="the corrected score")
    table_points = models.FloatField(help_text="the corrected table points")
    before = models.JSONField(default=dict, blank=True)
    reason = models.CharField(max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, related_name="+",
        on_delete=models.SET_NULL)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"correction at {self.table}, wind {self.wind}"

    def clean(self) -> None:
        errors = {}
        if self.wind is not None and not 0 <= self.wind <= 3:
            errors["wind"] = "0 East, 1 South, 2 West or 3 North"
        elif self.table_id and self.wind is not None:
            seat = TableSeat.objects.filter(table_id=self.table_id, wind=self.wind).first()
            if seat is None or seat.place is None:
                errors["table"] = "only a finished table's result can be corrected"
        if self.place is not None and not 1 <= self.place <= 4:
            errors["place"] = "a place from 1 to 4"
        if self.score is not None and abs(self.score) > MAX_ADJUSTMENT_SCORE:
            errors["score"] = f"at most {MAX_ADJUSTMENT_SCORE} either way"
        if self.table_points is not None and abs(self.table_points) > MAX_ADJUSTMENT_TABLE_POINTS:
            errors["table_points"] = f"at most {MAX_ADJUSTMENT_TABLE_POINTS:g} either way"
        if not (self.reason or "").strip():
            errors["reason"] = "say why"
        if errors:
            raise ValidationError(errors)


class AuditLog(models.Model):
    """Who changed what in a tournament, when and why: written by the service door for every
    organiser change, never edited."""

    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, related_name="audit", on_delete=models.CASCADE)
    who = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, related_name="+",
        on_delete=models.SET_NULL)
    when = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=40)
    object_type = models.CharField(max_length=40, blank=True)
    object_id = models.PositiveIntegerField(null=True, blank=True)
    object_repr = models.CharField(max_length=200, blank=True)
    details = models.JSONField(default=dict, blank=True)
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-when", "-pk"]
        verbose_name = "audit log entry"
        verbose_name_plural = "audit log"

    def __str__(self) -> str:
        return f"{self.when:%Y-%m-%d %H:%M} {self.action} {self.object_repr}"


# ---------------------------------------------------------------------------- ratings
# Ratings are openskill's Plackett-Luce (mu, sigma) per player and ruleset (docs/ratings.md).
# What a page shows is the conservative ordinal mu - 3 sigma on a familiar scale: a settled
# average player (mu 25, sigma near 25/6) shows about 1500; a newcomer (mu 25, sigma 25/3) 1000.
RATING_CENTRE, RATING_SCALE, RATING_OFFSET = 1500, 40, 12.5
PROVISIONAL_GAMES = 10  # fewer rated games than this in a ruleset: the rating is provisional


def shown_rating(mu: float, sigma: float) -> float:
    """The rating a page shows: 1500 + 40 * (mu - 3 sigma - 12.5)."""
    return RATING_CENTRE + RATING_SCALE * (mu - 3 * sigma - RATING_OFFSET)


class Rating(models.Model):
    """A player's current rating in one ruleset, written in the transaction that rates a game:
    the leaderboard and player pages read these rows (one per player and ruleset), never the
    games."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ratings")
    ruleset_name = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    score = models.FloatField(help_text="the shown rating, shown_rating(mu, sigma)")
    games = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "ruleset_name"], name="one_rating_per_ruleset"),
        ]
        indexes = [
            # The leaderboard: one ruleset's best first.
            models.Index(fields=["ruleset_name", "-score", "id"], name="rating_board"),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.ruleset_name} {self.shown}"

    @property
    def shown(self) -> int:
        return round(self.score)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatingChange(models.Model):
    """One seat of one rated game: what went in (the place, the rating before) and what came
    out, so `manage.py rebuild_ratings` can replay every rated game, in the order of these rows,
    and check that it gets the same values."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    # SET_NULL: a deleted account's rows keep their values, so the others' still replay.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="rating_changes")
    ruleset_name = models.CharField(max_length=40)
    position = models.PositiveSmallIntegerField(help_text="the engine seat")
    place = models.PositiveSmallIntegerField(help_text="1-4 as rated; a tie shares a place")
    final_points = models.IntegerField(null=True, blank=True)
    abandoned = models.BooleanField(default=False, help_text="left the game before its end")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    games = models.PositiveIntegerField(help_text="the player's rated games in it, this one too")
    rated_at = models.DateTimeField()

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_change_per_seat"),
        ]
        indexes = [
            # A player's history in one ruleset, newest first (the player page's plot).
            models.Index(fields=["user", "ruleset_name", "-id"], name="rating_change_history"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in game {self.game_id}: {self.before} -> {self.after}"

    @property
    def before(self) -> int:
        return round(shown_rating(self.mu_before, self.sigma_before))

    @property
    def after(self) -> int:
        return round(shown_rating(self.mu_after, self.sigma_after))

    @property
    def change(self) -> int:
        return self.after - self.before


# ---------------------------------------------------------------------------- the queue
class QueueEntry(models.Model):
    """A person waiting for a table (games/services/queue.py). It lives in the database, so
    every server process sees the same queue; the person's page refreshes `seen_at` while it is
    open, and an entry not refreshed within the queue's TTL is gone."""

    # One entry per account: a person waits in one queue at a time.
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="queue_entry")
    ruleset_name = models.CharField(max_length=40)
    rated = models.BooleanField(default=False)
    joined = models.DateTimeField()
    # A casual table may be filled with bots from this moment (the wait the person chose);
    # empty: only people (always, for a rated one).
    bots_at = models.DateTimeField(null=True, blank=True)
    seen_at = models.DateTimeField()
    # The table the person was seated at; the entry is kept a little while so their page learns it.
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="queue_entries")

    class Meta:
        ordering = ["joined", "pk"]
        indexes = [
            models.Index(fields=["ruleset_name", "rated", "joined"], name="queue_waiting"),
            models.Index(fields=["seen_at"], name="queue_seen"),
        ]

    def __str__(self) -> str:
        return f"{self.user} waiting for {'rated' if self.rated else 'casual'} {self.ruleset_name}"


# Bot accounts and tokens live in their own module; imported here so the app registers them.
from .bot_models import BotAccount, BotToken  # noqa: E402, F401

# Puzzles keep their own module (docs/puzzles.md); imported here so Django finds them.
from .puzzle_models import Puzzle, PuzzleAttempt, PuzzleRating, PuzzleSource  # noqa: E402, F401
