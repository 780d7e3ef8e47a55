from django import forms
from django.contrib.auth.forms import UserCreationForm

from .engine.ruleset import PLAYABLE, PRESETS
from .models import BOT_LEVELS


class SignupForm(UserCreationForm):
    """Sign up, or (for a guest) keep the account under a chosen name."""


class NewGameForm(forms.Form):
    ruleset = forms.ChoiceField(choices=[(n, PRESETS[n].title) for n in PLAYABLE])
    bots = forms.IntegerField(min_value=0, max_value=3, initial=0, help_text="seats given to bots")
    bot_level = forms.ChoiceField(choices=[(b, b) for b in BOT_LEVELS], initial="greedy")
    tournament = forms.BooleanField(required=False, help_text="turn timer on")
    claim_seconds = forms.IntegerField(min_value=2, max_value=60, initial=8)


class BotForm(forms.Form):
    level = forms.ChoiceField(choices=[(b, b) for b in BOT_LEVELS], initial="greedy")
