"""The admin's entry rows: a player added by username (or the account picked by id), or by name
for a player without an account, who claims the entry later with its link."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.forms.models import BaseInlineFormSet
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.models import Entry


class EntryForm(forms.ModelForm):
    username = forms.CharField(
        max_length=150, required=False, label=_("Username"),
        help_text=_("the player's username (or pick the account)"))

    class Meta:
        model = Entry
        fields = ("username", "user", "name", "withdrawn")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["user"].required = False
        self.fields["name"].help_text = gettext("or a name, for a player without an account")
        if self.instance.pk and self.instance.user_id:
            self.fields["username"].initial = self.instance.user.username

    def clean(self):
        data = super().clean()
        typed = (data.get("username") or "").strip()
        user = data.get("user")
        name = " ".join((data.get("name") or "").split())
        data["name"] = name
        if typed and (user is None or user.username != typed):
            user = get_user_model().objects.filter(username__iexact=typed).first()
            if user is None:
                self.add_error("username", gettext("There is no player called %(name)s.")
                               % {"name": repr(typed)})
                return data
        if user is None and not name:
            self.add_error("username", gettext("Type the player's username (or pick the account), "
                                               "or a name for a player without an account."))
            return data
        data["user"] = user
        if name and user is None:
            self._check_name(name)
        return data

    def _check_name(self, name: str) -> None:
        """A name is one player's in the tournament, and no entered account's username."""
        t = self.instance.tournament if self.instance.tournament_id else None
        if t is None:
            return
        others = t.entries.exclude(pk=self.instance.pk)
        if others.filter(name__iexact=name).exists() or others.filter(
                user__username__iexact=name).exists():
            self.add_error("name", gettext("%(name)s is already a player of this tournament.")
                           % {"name": repr(name)})


class EntryFormSet(BaseInlineFormSet):
    """Two rows of one save may not name the same player."""

    def clean(self):
        super().clean()
        seen: set[str] = set()
        for form in self.forms:
            data = getattr(form, "cleaned_data", None) or {}
            if not data or data.get("DELETE"):
                continue
            user = data.get("user")
            key = (user.username if user is not None else data.get("name") or "").casefold()
            if key and key in seen:
                raise forms.ValidationError(gettext("%(name)s is entered twice.")
                                            % {"name": repr(key)})
            seen.add(key)
