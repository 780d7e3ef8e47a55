"""A tournament's ruleset in the admin: a preset, its common settings as fields (labelled as the
lobby labels them), and a JSON object for any other setting. What is chosen is checked as a
record's settings are (`Ruleset.from_json`); only what differs from the preset is stored."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.errors import NotationError
from games.engine.ruleset import DEFAULT_RULESET, PLAYABLE, PRESETS, Ruleset
from games.engine.settings_check import RANGES, show
from games.models import Tournament
from games.web.forms import (
    BONUS_TILE_CHOICES,
    BONUS_TILES_LABEL,
    DISCARD_DISPLAYS,
    MIN_FAAN_HELP,
    MIN_FAAN_LABEL,
    PAYOUT_CHOICES,
    PAYOUT_HELP,
    PAYOUT_LABEL,
    ruleset_title_lazy,
    ten_faan_limit,
)

# The settings with a field of their own; the Hong Kong ones mean nothing to other tables.
SETTINGS = ("limit", "mahjong_points", "starting_points", "min_faan", "payout", "discard_display",
            "bonus_tiles")
HONG_KONG_ONLY = ("min_faan", "payout")
RULESET_FIELDS = ("ruleset_name", "shown_for", *SETTINGS, "settings")  # in the admin's order
# Set by other fields of the tournament, so never in the JSON object.
ELSEWHERE = {"name": _("Ruleset"), "max_deals": _("Deals per table")}
MAX_TEXT = 10_000  # all of a ruleset's settings take about 2,500 characters
MAX_DIGITS = 20  # every number setting fits in 64 bits


def _number(key: str, label: str, help_text: str) -> forms.IntegerField:
    # The range is the engine's; the check itself is Ruleset.from_json's, for its message.
    low, high = RANGES[key]
    return forms.IntegerField(label=label, required=False, help_text=help_text,
                              widget=forms.NumberInput(attrs={"min": low, "max": high}))


def _whole(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise ValueError(f"a number {len(text)} digits long")
    return int(text)


def _constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_settings(text: str) -> dict[str, Any]:
    """The JSON object typed, bounded before it is read; ValidationError saying why not."""
    if not text.strip():
        return {}
    try:
        data = json.loads(text, parse_int=_whole, parse_constant=_constant)
    except RecursionError:
        raise ValidationError(gettext("This JSON is nested too deeply to be ruleset "
                                      "settings.")) from None
    except ValueError as exc:  # JSONDecodeError is a ValueError
        raise ValidationError(gettext("This is not valid JSON (%(why)s).")
                              % {"why": str(exc)[:200]}) from None
    if not isinstance(data, dict):
        raise ValidationError(gettext('Ruleset settings are a JSON object such as {"rounds": 1}, '
                                      "not %(value)s.") % {"value": show(data)})
    taken = [k for k in data if k in SETTINGS or k in ELSEWHERE]
    if taken:
        above = gettext("its field above")
        where = ", ".join(f"{k!r} ({ELSEWHERE.get(k, above)})" for k in taken)
        raise ValidationError(gettext("Set these where they have a field: %(where)s.")
                              % {"where": where})
    return data


def preset_values() -> dict[str, dict]:
    """Each playable preset's value of the settings with a field, for the page's script."""
    return {name: {"hongkong": PRESETS[name].scoring == "hongkong",
                   "settings": {k: getattr(PRESETS[name], k) for k in SETTINGS}}
            for name in PLAYABLE}


class TournamentForm(forms.ModelForm):
    ruleset_name = forms.ChoiceField(
        label=_("Ruleset"), choices=[(n, ruleset_title_lazy(n)) for n in PLAYABLE],
        initial=DEFAULT_RULESET,
        help_text=_("the settings below start from the preset's; only changes are stored"))
    # The preset whose values the settings fields show: the saved one, or the one the page's
    # script switched them to. When it is not the preset chosen, a value left as shown was the
    # old preset's and follows the new one.
    shown_for = forms.CharField(required=False, widget=forms.HiddenInput)
    limit = _number("limit", _("Limit"),
                    _("the most a hand scores (Hong Kong: after the payout table)"))
    mahjong_points = _number("mahjong_points", _("Points for going Mah Jong"),
                             _("the bonus for a win; Hong Kong: the stake, what one unit of "
                               "the payout table is worth"))
    starting_points = _number("starting_points", _("Starting points"),
                              _("each player's, every game"))
    min_faan = _number("min_faan", MIN_FAAN_LABEL, MIN_FAAN_HELP)
    payout = forms.ChoiceField(label=PAYOUT_LABEL, choices=PAYOUT_CHOICES, required=False,
                               help_text=PAYOUT_HELP)
    discard_display = forms.ChoiceField(label=_("Discards"), choices=DISCARD_DISPLAYS,
                                        required=False)
    bonus_tiles = forms.ChoiceField(label=BONUS_TILES_LABEL, choices=BONUS_TILE_CHOICES,
                                    required=False)
    settings = forms.CharField(
        label=_("Other settings (JSON)"), required=False, max_length=MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=_('any other ruleset setting changed from the preset, e.g. {"rounds": 1}; '
                    "checked as a game record's settings are"))

    class Meta:
        model = Tournament
        fields = "__all__"

    class Media:
        js = ["js/admin/ruleset_form.js"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        saved = self.initial.get("settings") or {}
        self.saved = saved if isinstance(saved, dict) else {}
        name = self.initial.get("ruleset_name") or DEFAULT_RULESET
        preset = PRESETS.get(name, PRESETS[DEFAULT_RULESET])
        self.initial["shown_for"] = preset.name
        try:
            shown = Ruleset.from_json({**preset.to_json(), **self.saved})
        except NotationError:  # stored before it was checked: the JSON shows it, saving says why
            shown = preset
        for key in SETTINGS:
            self.initial[key] = getattr(shown, key)
        rest = {k: v for k, v in self.saved.items() if k not in SETTINGS} if self.saved else saved
        self.initial["settings"] = json.dumps(rest, indent=1) if rest else ""
        self.fields["ruleset_name"].widget.attrs["data-presets"] = json.dumps(preset_values())

    def clean_settings(self) -> dict[str, Any]:
        return parse_settings(self.cleaned_data.get("settings") or "")

    def clean(self):
        data = super().clean()
        name = data.get("ruleset_name")
        if name not in PRESETS:
            return data
        preset = PRESETS[name]
        changes = self._changes(preset, data)
        other = data.get("settings")
        if other is None or self.errors:
            return data
        try:
            chosen = Ruleset.from_json({**preset.to_json(), **other, **changes})
        except NotationError as exc:
            self.add_error("settings", str(exc))
            return data
        base = preset.to_json()
        data["settings"] = {k: v for k, v in chosen.to_json().items() if v != base[k]}
        return data

    def _changes(self, preset: Ruleset, data: dict) -> dict[str, Any]:
        """The settings fields that override the preset, each checked alone. Empty follows the
        preset; so does a value left as the old preset's when the choice changed under it."""
        changes = {}
        shown_other = data.get("shown_for") != preset.name
        for key in SETTINGS:
            value = data.get(key)
            if value in (None, "") or (shown_other and key not in self.changed_data
                                       and key not in self.saved):
                continue
            if key in HONG_KONG_ONLY and preset.scoring != "hongkong":
                continue
            try:
                Ruleset.from_json({**preset.to_json(), key: value})
            except NotationError as exc:
                self.add_error(key, str(exc))
                continue
            changes[key] = value
        payout, limit = changes.get("payout", preset.payout), changes.get("limit", preset.limit)
        if payout != preset.payout and limit == preset.limit:
            # As the lobby does: the same 10-faan ceiling under the new table, unless the limit
            # was changed too.
            changes["limit"] = ten_faan_limit(preset.replace(**{
                k: v for k, v in changes.items() if k in ("payout", "mahjong_points")}))
        return changes
