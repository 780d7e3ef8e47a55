"""The site's forms. Their labels, help texts and choices are in the page's language
(docs/i18n.md): lazy, read when the form is drawn."""

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.engine import hand_names
from games.engine.ruleset import DEFAULT_RULESET, PLAYABLE, PRESETS, Ruleset
from games.engine.scoring.hongkong import faan_value
from games.models import BOT_LEVELS

OPEN_SEAT = "open"
SEAT_CHOICES = [(OPEN_SEAT, _("Open for a person")),
                ("beginner", _("Bot: beginner (goes out fast, never defends)")),
                ("intermediate", _("Bot: intermediate (builds hands worth more)")),
                ("strong", _("Bot: strong (builds and defends)")),
                ("random", _("Bot: random (any legal move)"))]
BOT_CHOICES = [("beginner", pgettext_lazy("bot level", "beginner")),
               ("intermediate", pgettext_lazy("bot level", "intermediate")),
               ("strong", pgettext_lazy("bot level", "strong")),
               ("random", pgettext_lazy("bot level", "random"))]
# Named speeds for the claim window (seconds a discard stays open to claims).
CLAIM_SPEEDS = [(4, _("Fast: 4 seconds")), (8, _("Normal: 8 seconds")),
                (15, _("Relaxed: 15 seconds")), (30, _("Leisurely: 30 seconds"))]
# The optional clock: "move+bank" seconds, a move's time and each seat's time bank per deal.
CLOCKS = [("", _("Off: take your time")), ("10+30", _("10 s a move + a 30 s bank per deal")),
          ("15+60", _("15 s a move + a 60 s bank per deal")),
          ("30+120", _("30 s a move + a 2 min bank per deal")),
          ("60+300", _("1 min a move + a 5 min bank per deal"))]
# The creator sits in the first seat; these name the other three, in chair order.
OTHER_SEATS = ("seat_2", "seat_3", "seat_4")


class SignupForm(UserCreationForm):
    """Sign up, or (for a guest) keep the account under a chosen name."""


SEAT_LABELS = {2: _("Seat 2"), 3: _("Seat 3"), 4: _("Seat 4")}


def _seat_field(number: int, help_text: str = "") -> forms.ChoiceField:
    return forms.ChoiceField(
        label=SEAT_LABELS[number], choices=SEAT_CHOICES, initial=OPEN_SEAT, help_text=help_text
    )


# Each preset's description as the lobby offers it (the engine's `description` is the English).
DESCRIPTIONS = {
    "chinese-classical": _("The traditional game with flowers and seasons: make four sets and a "
                           "pair to go Mah Jong. Every hand is scored, and the losers settle up "
                           "among themselves too."),
    "british": _("The British game: seats are set by dealing out the wind tiles, one chow at most "
                 "in a hand, say when you are one tile from winning, and after a drawn deal a "
                 "Goulash: players swap tiles and the 2 of Bamboo is wild."),
    "sixteen-tile": _("A longer hand: 16 tiles each (17 for the dealer), and five sets and a pair "
                      "to win. Kongs and flowers draw from a 16-tile dead wall that is kept topped "
                      "up."),
    "cantonese": _("Hong Kong style, scored in faan: dice choose the first dealer, only the winner "
                   "is paid, and the last 14 tiles of the wall are never drawn."),
    "shanghai": _("The traditional scoring with no dead wall: every tile can be drawn, and a kong's "
                  "or a flower's replacement comes from the far end of the wall."),
    "dmjl": _("The traditional game scored as the DMJL league scores it: 20 points for going Mah "
              "Jong, hands capped at 500, and penalties for false claims."),
    "bmja": _("The British Mah-Jong Association's rules: one chow at most in a hand, say when you "
              "are one tile from winning, a 14-tile kong box and extra special hands."),
}


def ruleset_title(name: str) -> str:
    """A preset's title in the page's language (the name tables')."""
    return hand_names.ruleset_title(name, get_language())


ruleset_title_lazy = lazy(ruleset_title, str)


def _ruleset_label(name: str) -> str:
    rs = PRESETS[name]
    return format_html('<strong>{}</strong> <span class="help">{}</span>', ruleset_title(name),
                       DESCRIPTIONS.get(name, rs.description))


_ruleset_label_lazy = lazy(_ruleset_label, SafeString)


def ten_faan_limit(rs: Ruleset) -> int:
    """A Hong Kong table's ceiling when its payout table changes: still 10 faan."""
    return faan_value(rs, 10)


# A Hong Kong table's options, offered by the lobby and the tournament admin alike.
MIN_FAAN_LABEL = _("Fewest faan to go out")
MIN_FAAN_HELP = _("Hong Kong (faan) tables only: a hand worth less is not a win")
PAYOUT_LABEL = _("Payout table")
PAYOUT_HELP = _("Hong Kong (faan) tables only: what each faan is worth, up to 10 faan")
PAYOUT_CHOICES = [("half_spicy", _("Half-spicy: doubling to 4 faan, then by halves")),
                  ("exponential", _("Full exponential: every faan doubles")),
                  ("laak", _("Laak tiers: 5, 7 and 10 faan"))]

# Which bonus tiles are in the wall (`Ruleset.bonus_tiles`), offered by the lobby and the
# tournament admin alike.
BONUS_TILES_LABEL = _("Bonus tiles")
BONUS_TILE_CHOICES = [
    ("flowers_and_seasons", _("Flowers and seasons: 144 tiles, four walls of 18 stacks")),
    ("flowers", _("Flowers only: 140 tiles, East's and West's walls of 18 stacks, South's and "
                  "North's of 17")),
    ("none", _("None: 136 tiles, four walls of 17 stacks")),
]

DISCARD_DISPLAYS = [
    ("rows", _("In a row in front of each player")),
    ("centre", _("At random in the centre, as the classical rules lay them (nobody can read who "
                 "threw what)")),
]


FRIENDS_MEMBERS_ONLY = _("A friends-only table is for members, whose friends are the people "
                         "they follow: log in or sign up (a guest keeps their games).")


class NewGameForm(forms.Form):
    ruleset = forms.ChoiceField(
        label=_("Ruleset"), choices=[(n, _ruleset_label_lazy(n)) for n in PLAYABLE],
        initial=DEFAULT_RULESET,
        widget=forms.RadioSelect(attrs={"class": "ruleset-choice"}),
    )
    discard_display = forms.ChoiceField(
        label=_("Discards"), choices=DISCARD_DISPLAYS, initial="rows", required=False
    )
    bonus_tiles = forms.ChoiceField(
        label=BONUS_TILES_LABEL, required=False,
        choices=[("", _("the table's usual (flowers and seasons)")), *BONUS_TILE_CHOICES],
    )
    seat_2 = _seat_field(2, _("seat 1 is yours"))
    seat_3 = _seat_field(3)
    seat_4 = _seat_field(4)
    tournament = forms.BooleanField(required=False, label=_("Tournament"),
                                    help_text=_("turn timer on"))
    private = forms.BooleanField(
        required=False, label=_("Private: only people with the invite link can find it")
    )
    # A private table that the people its creator follows find too (docs/people.md): members
    # only (FRIENDS_MEMBERS_ONLY; the services refuse a guest too).
    friends_only = forms.BooleanField(
        required=False, label=_("Friends may join too: the people you follow find it in the lobby"),
    )
    claim_seconds = forms.TypedChoiceField(
        label=_("Claim window"), choices=CLAIM_SPEEDS, coerce=int, initial=8,
        help_text=_("how long everyone has to claim a discard"),
    )

    min_faan = forms.TypedChoiceField(
        label=MIN_FAAN_LABEL, coerce=int, required=False, empty_value=None,
        choices=[("", _("the table's usual (3)")), (3, _("3 faan")), (1, _("1 faan")),
                 (0, _("no minimum"))],
        help_text=MIN_FAAN_HELP,
    )

    payout = forms.ChoiceField(
        label=PAYOUT_LABEL, required=False,
        choices=[("", _("the table's usual (half-spicy)")), *PAYOUT_CHOICES],
        help_text=PAYOUT_HELP,
    )

    clock = forms.ChoiceField(
        label=_("Clock"), choices=CLOCKS, initial="", required=False,
        help_text=_("when the move's time and your bank run out, the table plays for you"),
    )

    rated = forms.BooleanField(
        required=False, label=_("Rated: the result changes the four players' ratings"),
        help_text=_("members only, four people (leave seats 2-4 open); leaving counts as last"),
    )

    def clean(self):
        data = super().clean()
        if data.get("rated") and any(data.get(name) in BOT_LEVELS for name in OTHER_SEATS):
            raise forms.ValidationError(_("A rated table is for four people: leave seats 2-4 "
                                          "open for people, not bots."))
        return data

    def clock_seconds(self) -> tuple[int | None, int]:
        """(seconds a move, bank seconds a deal); (None, 0) without a clock."""
        chosen = self.cleaned_data.get("clock")
        if not chosen:
            return None, 0
        move, bank = chosen.split("+")
        return int(move), int(bank)

    def ruleset_settings(self) -> dict:
        """Table options that change the chosen preset's settings."""
        preset = PRESETS[self.cleaned_data["ruleset"]]
        changes = {}
        display = self.cleaned_data.get("discard_display") or "rows"
        if display != preset.discard_display:
            changes["discard_display"] = display
        bonus = self.cleaned_data.get("bonus_tiles")
        if bonus and bonus != preset.bonus_tiles:
            changes["bonus_tiles"] = bonus
        minimum = self.cleaned_data.get("min_faan")
        if preset.scoring == "hongkong" and minimum is not None and minimum != preset.min_faan:
            changes["min_faan"] = minimum
        payout = self.cleaned_data.get("payout")
        if preset.scoring == "hongkong" and payout and payout != preset.payout:
            changes["payout"] = payout
            changes["limit"] = ten_faan_limit(preset.replace(payout=payout))
        return changes

    def bot_chairs(self) -> dict[int, str]:
        """{chair: bot level} for the seats given to bots (chair 0 is the creator's)."""
        chosen = (self.cleaned_data[name] for name in OTHER_SEATS)
        return {chair: level for chair, level in enumerate(chosen, 1) if level in BOT_LEVELS}


# How long a person in a casual queue waits for people before bots may fill the table.
BOT_WAIT_CHOICES = [("120", _("Bots fill the table after 2 minutes")),
                    ("30", _("Bots fill the table after 30 seconds")),
                    ("0", _("Bots fill the table at once")),
                    ("never", _("Never: only people"))]


class QueueForm(forms.Form):
    """"Find a game": a ruleset, and (casual only) when bots may fill the table. The two buttons
    say rated or casual, as `kind`."""

    ruleset = forms.ChoiceField(label=_("Rules"), initial=DEFAULT_RULESET,
                                choices=[(n, ruleset_title_lazy(n)) for n in PLAYABLE])
    bots = forms.ChoiceField(label=_("Casual game"), choices=BOT_WAIT_CHOICES, initial="120",
                             required=False)
    kind = forms.ChoiceField(choices=[("rated", "rated"), ("casual", "casual")])

    @property
    def rated(self) -> bool:
        return self.cleaned_data["kind"] == "rated"


class BotForm(forms.Form):
    level = forms.ChoiceField(label=_("Level"), choices=BOT_CHOICES, initial="intermediate")


class ImportRecordForm(forms.Form):
    """A record as a file or pasted text (docs/record-format.md)."""

    file = forms.FileField(required=False, label=_("Record file (.json)"))
    text = forms.CharField(
        required=False, label=_("…or paste the record"), widget=forms.Textarea(attrs={"rows": 6})
    )

    MAX_BYTES = 5_000_000  # a four-round record is about 400 kB

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if not upload and not text:
            raise forms.ValidationError(_("Choose a record file or paste one."))
        if upload and upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("That file is too large to be a game record."))
        return data

    def record_text(self) -> bytes:
        upload = self.cleaned_data.get("file")
        if upload:
            return upload.read()
        return self.cleaned_data["text"].encode("utf-8")
