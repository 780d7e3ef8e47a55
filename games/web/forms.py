from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.html import format_html

from games.engine.ruleset import DEFAULT_RULESET, PLAYABLE, PRESETS, Ruleset
from games.engine.scoring.hongkong import faan_value
from games.models import BOT_LEVELS

OPEN_SEAT = "open"
SEAT_CHOICES = [(OPEN_SEAT, "Open for a person"),
                ("beginner", "Bot: beginner (goes out fast, never defends)"),
                ("intermediate", "Bot: intermediate (builds hands worth more)"),
                ("strong", "Bot: strong (builds and defends)"),
                ("random", "Bot: random (any legal move)")]
BOT_CHOICES = [(level, words.split(" (")[0].removeprefix("Bot: "))
               for level, words in SEAT_CHOICES[1:]]
# Named speeds for the claim window (seconds a discard stays open to claims).
CLAIM_SPEEDS = [(4, "Fast: 4 seconds"), (8, "Normal: 8 seconds"), (15, "Relaxed: 15 seconds"),
                (30, "Leisurely: 30 seconds")]
# The optional clock: "move+bank" seconds, a move's time and each seat's time bank per deal.
CLOCKS = [("", "Off: take your time"), ("10+30", "10 s a move + a 30 s bank per deal"),
          ("15+60", "15 s a move + a 60 s bank per deal"),
          ("30+120", "30 s a move + a 2 min bank per deal"),
          ("60+300", "1 min a move + a 5 min bank per deal")]
# The creator sits in the first seat; these name the other three, in chair order.
OTHER_SEATS = ("seat_2", "seat_3", "seat_4")


class SignupForm(UserCreationForm):
    """Sign up, or (for a guest) keep the account under a chosen name."""


def _seat_field(number: int, help_text: str = "") -> forms.ChoiceField:
    return forms.ChoiceField(
        label=f"Seat {number}", choices=SEAT_CHOICES, initial=OPEN_SEAT, help_text=help_text
    )


def _ruleset_label(name: str) -> str:
    rs = PRESETS[name]
    return format_html('<strong>{}</strong> <span class="help">{}</span>', rs.title, rs.description)


def ten_faan_limit(rs: Ruleset) -> int:
    """A Hong Kong table's ceiling when its payout table changes: still 10 faan."""
    return faan_value(rs, 10)


# A Hong Kong table's options, offered by the lobby and the tournament admin alike.
MIN_FAAN_LABEL = "Fewest faan to go out"
MIN_FAAN_HELP = "Hong Kong (faan) tables only: a hand worth less is not a win"
PAYOUT_LABEL = "Payout table"
PAYOUT_HELP = "Hong Kong (faan) tables only: what each faan is worth, up to 10 faan"
PAYOUT_CHOICES = [("half_spicy", "Half-spicy: doubling to 4 faan, then by halves"),
                  ("exponential", "Full exponential: every faan doubles"),
                  ("laak", "Laak tiers: 5, 7 and 10 faan")]

# Which bonus tiles are in the wall (`Ruleset.bonus_tiles`), offered by the lobby and the
# tournament admin alike.
BONUS_TILES_LABEL = "Bonus tiles"
BONUS_TILE_CHOICES = [
    ("flowers_and_seasons", "Flowers and seasons: 144 tiles, four walls of 18 stacks"),
    ("flowers", "Flowers only: 140 tiles, East's and West's walls of 18 stacks, South's and "
                "North's of 17"),
    ("none", "None: 136 tiles, four walls of 17 stacks"),
]

DISCARD_DISPLAYS = [
    ("rows", "In a row in front of each player"),
    ("centre", "At random in the centre, as the classical rules lay them (nobody can read who threw what)"),
]


class NewGameForm(forms.Form):
    ruleset = forms.ChoiceField(
        choices=[(n, _ruleset_label(n)) for n in PLAYABLE],
        initial=DEFAULT_RULESET,
        widget=forms.RadioSelect(attrs={"class": "ruleset-choice"}),
    )
    discard_display = forms.ChoiceField(
        label="Discards", choices=DISCARD_DISPLAYS, initial="rows", required=False
    )
    bonus_tiles = forms.ChoiceField(
        label=BONUS_TILES_LABEL, required=False,
        choices=[("", "the table's usual (flowers and seasons)"), *BONUS_TILE_CHOICES],
    )
    seat_2 = _seat_field(2, "seat 1 is yours")
    seat_3 = _seat_field(3)
    seat_4 = _seat_field(4)
    tournament = forms.BooleanField(required=False, help_text="turn timer on")
    private = forms.BooleanField(
        required=False, label="Private: only people with the invite link can find it"
    )
    claim_seconds = forms.TypedChoiceField(
        label="Claim window", choices=CLAIM_SPEEDS, coerce=int, initial=8,
        help_text="how long everyone has to claim a discard",
    )

    min_faan = forms.TypedChoiceField(
        label=MIN_FAAN_LABEL, coerce=int, required=False, empty_value=None,
        choices=[("", "the table's usual (3)"), (3, "3 faan"), (1, "1 faan"), (0, "no minimum")],
        help_text=MIN_FAAN_HELP,
    )

    payout = forms.ChoiceField(
        label=PAYOUT_LABEL, required=False,
        choices=[("", "the table's usual (half-spicy)"), *PAYOUT_CHOICES], help_text=PAYOUT_HELP,
    )

    clock = forms.ChoiceField(
        label="Clock", choices=CLOCKS, initial="", required=False,
        help_text="when the move's time and your bank run out, the table plays for you",
    )

    rated = forms.BooleanField(
        required=False, label="Rated: the result changes the four players' ratings",
        help_text="members only, four people (leave seats 2-4 open); leaving counts as last",
    )

    def clean(self):
        data = super().clean()
        if data.get("rated") and any(data.get(name) in BOT_LEVELS for name in OTHER_SEATS):
            raise forms.ValidationError("A rated table is for four people: leave seats 2-4 "
                                        "open for people, not bots.")
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
BOT_WAIT_CHOICES = [("120", "Bots fill the table after 2 minutes"),
                    ("30", "Bots fill the table after 30 seconds"),
                    ("0", "Bots fill the table at once"),
                    ("never", "Never: only people")]


class QueueForm(forms.Form):
    """"Find a game": a ruleset, and (casual only) when bots may fill the table. The two buttons
    say rated or casual, as `kind`."""

    ruleset = forms.ChoiceField(label="Rules", initial=DEFAULT_RULESET,
                                choices=[(n, PRESETS[n].title) for n in PLAYABLE])
    bots = forms.ChoiceField(label="Casual game", choices=BOT_WAIT_CHOICES, initial="120",
                             required=False)
    kind = forms.ChoiceField(choices=[("rated", "rated"), ("casual", "casual")])

    @property
    def rated(self) -> bool:
        return self.cleaned_data["kind"] == "rated"


class BotForm(forms.Form):
    level = forms.ChoiceField(choices=BOT_CHOICES, initial="intermediate")


class ImportRecordForm(forms.Form):
    """A record as a file or pasted text (docs/record-format.md)."""

    file = forms.FileField(required=False, label="Record file (.json)")
    text = forms.CharField(
        required=False, label="…or paste the record", widget=forms.Textarea(attrs={"rows": 6})
    )

    MAX_BYTES = 5_000_000  # a four-round record is about 400 kB

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if not upload and not text:
            raise forms.ValidationError("Choose a record file or paste one.")
        if upload and upload.size > self.MAX_BYTES:
            raise forms.ValidationError("That file is too large to be a game record.")
        return data

    def record_text(self) -> bytes:
        upload = self.cleaned_data.get("file")
        if upload:
            return upload.read()
        return self.cleaned_data["text"].encode("utf-8")
