"""A game and what hangs on it: its seats, their sockets, its watchers, its ordered moves, the
snapshots that spare a restarted process the replay, and the analysis of its decisions. A game
is its ruleset, its secret seed and its ordered moves: the engine's replay of the moves is the
truth, and the Match kept in memory is only a cache of it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.engine import bots
from games.engine.record import commitment
from games.models.status import ACTIVE, LEFT, OPEN, RESIGNED, GameStatus

# Every level a seat may name ("greedy" is the beginner's older name, kept for saved games);
# the lobby and tournaments offer the three named for people.
BOT_LEVELS = bots.LEVELS
OFFERED_BOT_LEVELS = ("beginner", "intermediate", "strong")
# One name per chair, so the bots at a table never share a name; the level is shown apart.
BOT_NAMES = ("Bot Plum", "Bot Orchid", "Bot Chrysanthemum", "Bot Bamboo")


class Game(models.Model):

    ruleset_name = models.CharField(verbose_name=_("ruleset name"), max_length=40)
    ruleset = models.JSONField(verbose_name=_("ruleset"),
                               help_text=_("the ruleset's settings as saved for this game"))
    seed = models.CharField(verbose_name=_("seed"),
                            max_length=64, help_text=_("secret until the game is over"))
    status = models.CharField(verbose_name=_("status"),
                              max_length=10, choices=GameStatus.choices, default=OPEN, db_index=True)
    version = models.PositiveIntegerField(verbose_name=_("version"),
                                          default=0, help_text=_("number of moves applied"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("created by"),
        null=True, blank=True, on_delete=models.SET_NULL
    )
    tournament = models.BooleanField(verbose_name=_("tournament"), default=False)
    private = models.BooleanField(
        verbose_name=_("private"),
        default=False, help_text=_("not listed in the lobby; only its invite link opens it")
    )
    # A private table's unguessable part of its link (/t/<invite>/): its number alone opens it
    # only for those seated there.
    invite = models.CharField(verbose_name=_("invite"),
                              max_length=32, blank=True, default="", db_index=True)
    # A private table that its creator's friends (the people they follow) may also find in the
    # lobby and open without the link (docs/people.md, games/access/policy.py rule 1).
    friends_only = models.BooleanField(verbose_name=_("friends only"), default=False)
    claim_seconds = models.PositiveIntegerField(verbose_name=_("claim seconds"), default=8)
    turn_seconds = models.PositiveIntegerField(verbose_name=_("turn seconds"),
                                               null=True, blank=True, help_text=_("empty: no timer"))
    # The clock's time bank: seconds each seat may spend beyond turn_seconds on its turns, per
    # deal. `bank_used` holds what each seat spent of it this deal, in ms ([] as a deal begins).
    bank_seconds = models.PositiveIntegerField(verbose_name=_("bank seconds"),
                                               default=0, help_text=_("0: no time bank"))
    bank_used = models.JSONField(verbose_name=_("bank used"), default=list, blank=True)
    # When the last move was applied: claim windows and turn timers count from here.
    changed_at = models.DateTimeField(verbose_name=_("changed at"), null=True, blank=True)
    # The earliest moment something is due (a bot, a timer, an autopilot). Not indexed: it
    # changes with nearly every move, and on PostgreSQL an indexed column changing makes each
    # update write new index entries (no HOT update), so a busy table's row bloated its indexes
    # faster than vacuum cleared them. Tickers find active games by `status` instead.
    due_at = models.DateTimeField(verbose_name=_("due at"), null=True, blank=True)
    # Claim answers given in an open window, applied together when it closes: {"2": action}.
    pending = models.JSONField(verbose_name=_("pending"), default=dict, blank=True)
    # Bumped whenever a seat changes (taken, drawn, connected, absent): processes cache the
    # seats per game and read them again only when this moved.
    seats_version = models.PositiveIntegerField(verbose_name=_("seats version"), default=0)
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)
    started = models.DateTimeField(verbose_name=_("started"), null=True, blank=True)
    finished = models.DateTimeField(verbose_name=_("finished"), null=True, blank=True)
    # Where lists put the game, newest first: when it was opened, then started, then finished.
    # Written at those three moments only (never per move), and indexed for the lists' order.
    listed_at = models.DateTimeField(verbose_name=_("listed at"), default=timezone.now)
    result = models.JSONField(verbose_name=_("result"), null=True, blank=True)
    # "Play again": the table opened after this one with the same people and bots.
    rematch_of = models.ForeignKey(
        "self", verbose_name=_("rematch of"),
        null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    imported = models.BooleanField(verbose_name=_("imported"),
                                   default=False, help_text=_("saved from an uploaded record"))
    # An imported game counts in statistics and ratings only once staff with `verify_import`
    # have checked it (docs/access.md).
    import_verified = models.BooleanField(verbose_name=_("import verified"), default=False)
    # Bumped when the game's ruleset changes while it is played (a round's time limit): every
    # process's cached match checks it, as the seats' cache checks `seats_version`.
    rules_version = models.PositiveIntegerField(verbose_name=_("rules version"), default=0)
    # Its seats' results are in the players' statistics (PlayerStat): set once, when its result
    # is shown (at the end, or when a round whose scores are hidden ends).
    counted = models.BooleanField(verbose_name=_("counted"), default=False)
    # Created rated: when it ends with four people with accounts at it, their ratings in its
    # ruleset change (games/services/ratings.py, docs/ratings.md).
    rated = models.BooleanField(verbose_name=_("rated"), default=False)
    # An open proposal to end a rated game now, by agreement (services/endings.py): who
    # proposed, who accepted, the deal it was made in; and who proposed already this deal.
    # Read only when asked for: a move's lock leaves it out (services/gamerow.py).
    proposal = models.JSONField(verbose_name=_("proposal"), null=True, blank=True, default=None)

    class Meta:
        verbose_name = pgettext_lazy("model", "game")
        verbose_name_plural = pgettext_lazy("model", "games")
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
    game = models.ForeignKey(Game, verbose_name=_("game"),
                             related_name="seats", on_delete=models.CASCADE)
    chair = models.PositiveSmallIntegerField(verbose_name=_("chair"),
                                             help_text=_("order in which players sat down"))
    position = models.PositiveSmallIntegerField(
        verbose_name=_("position"),
        null=True, blank=True, help_text=_("engine seat, drawn by the seating ritual at the start")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"),
        null=True, blank=True, on_delete=models.SET_NULL
    )
    bot_level = models.CharField(verbose_name=_("bot level"), max_length=16, blank=True)
    # The player left the game while it was played: a bot of their choosing plays the seat on,
    # in their name (the moves before are theirs, and so is the result).
    left = models.BooleanField(verbose_name=_("left"), default=False)
    # When they left (a rated game ranks those who left below those who played on, the
    # earliest to leave last).
    left_at = models.DateTimeField(verbose_name=_("left at"), null=True, blank=True)
    # The player gave the game up (services/endings.py): "resigned" (from the table), or "left"
    # (away from a rated table past the grace period, which ended it). Placed last, below
    # everyone who played on, the earliest (left_at) last.
    forfeit = models.CharField(verbose_name=_("forfeit"),
                               max_length=10, blank=True, default="", choices=[
        ("", pgettext_lazy("forfeit", "played on")),
        (RESIGNED, pgettext_lazy("forfeit", "resigned")),
        (LEFT, pgettext_lazy("forfeit", "left (away past the grace)"))])
    # The name a record gave this player, kept for imported games (and players without account).
    recorded_name = models.CharField(verbose_name=_("recorded name"),
                                     max_length=150, blank=True, db_index=True)
    # Stored when the game finishes, in the same transaction (games/models/seat_results.py), so history
    # filters and statistics are SQL on these columns rather than a walk over every game.
    place = models.PositiveSmallIntegerField(verbose_name=_("place"), null=True, blank=True)
    final_points = models.IntegerField(verbose_name=_("final points"), null=True, blank=True)
    points_won = models.IntegerField(verbose_name=_("points won"),
                                     default=0)  # net over the game's deals
    deals_played = models.PositiveSmallIntegerField(verbose_name=_("deals played"), default=0)
    deals_won = models.PositiveSmallIntegerField(verbose_name=_("deals won"), default=0)
    self_drawn = models.PositiveSmallIntegerField(verbose_name=_("self drawn"), default=0)
    dealt_in = models.PositiveSmallIntegerField(verbose_name=_("dealt in"), default=0)
    # The seat's best winning hand of the game: its score, deal, limit and how it went out.
    best_score = models.IntegerField(verbose_name=_("best score"), null=True, blank=True)
    best_deal = models.PositiveSmallIntegerField(verbose_name=_("best deal"), null=True, blank=True)
    best_limit = models.CharField(verbose_name=_("best limit"),
                                  max_length=60, blank=True, default="")
    best_how = models.CharField(verbose_name=_("best how"), max_length=20, blank=True, default="")
    connections = models.PositiveSmallIntegerField(verbose_name=_("connections"), default=0)
    absent_since = models.DateTimeField(verbose_name=_("absent since"), null=True, blank=True)
    last_seen = models.DateTimeField(verbose_name=_("last seen"), null=True, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "seat")
        verbose_name_plural = pgettext_lazy("model", "seats")
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
    # When the game's puzzles were looked for (services/puzzles.py), whether or not any was found.
    puzzles_made = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"analysis of game {self.game_id}"


class Move(models.Model):
    """Append-only: one applied action."""

    # No index of its own: the unique (game, seq) index serves every lookup by game, and each
    # index is one more B-tree written by every move.
    game = models.ForeignKey(Game, verbose_name=_("game"), db_index=False,
                             related_name="moves", on_delete=models.CASCADE)
    seq = models.PositiveIntegerField(verbose_name=_("seq"))
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    action = models.JSONField(verbose_name=_("action"))
    # A default rather than auto_now_add, so an imported record keeps each action's own time.
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)

    class Meta:
        verbose_name = pgettext_lazy("model", "move")
        verbose_name_plural = pgettext_lazy("model", "moves")
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


