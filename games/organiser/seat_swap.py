"""The admin page that swaps two players' seats in a round seated ahead
(/admin/games/round/<id>/swap/): pick two of its players and say why; the service door checks
and logs it (services/swaps.py)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.models import Entry, Round
from games.services import ServiceError, swaps


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Player"))
    second = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("swaps seats with"))
    reason = forms.CharField(max_length=200, label=_("Reason"),
                             help_text=_("why (kept in the audit log)"))

    def __init__(self, rnd: Round, *args, **kwargs):
        super().__init__(*args, **kwargs)
        seated = Entry.objects.filter(places__table__round=rnd).select_related("user")
        for name in ("first", "second"):
            self.fields[name].queryset = seated.order_by("pk")


def swap_view(model_admin, request, round_id: int):
    rnd = get_object_or_404(Round.objects.select_related("tournament"), pk=round_id)
    if not model_admin.has_change_permission(request, rnd):
        raise PermissionDenied
    form = SwapForm(rnd, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            swaps.swap_seats(rnd.pk, form.cleaned_data["first"].pk,
                             form.cleaned_data["second"].pk, by=request.user,
                             reason=form.cleaned_data["reason"])
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            model_admin.message_user(
                request, gettext("%(first)s and %(second)s have swapped seats.") % {
                    "first": form.cleaned_data["first"], "second": form.cleaned_data["second"]},
                messages.SUCCESS)
            return redirect("admin:games_round_change", rnd.pk)
    context = {
        **model_admin.admin_site.each_context(request),
        "title": gettext("Swap two players' seats: %(round)s") % {"round": rnd},
        "opts": model_admin.model._meta,
        "original": rnd,
        "form": form,
        "places": rnd.tables.prefetch_related("places__entry__user").order_by("number"),
    }
    return TemplateResponse(request, "admin/games/round/swap.html", context)
