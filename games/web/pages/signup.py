"""Signing up: a guest who signs up keeps their games."""

from django.contrib.auth import login
from django.shortcuts import redirect, render

from games import services
from games.access import accounts
from games.web.forms import SignupForm


def signup(request):
    guest = accounts.is_guest(request.user)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if guest:
            user = accounts.convert_guest(
                request.user, form.cleaned_data["username"], form.cleaned_data["password1"]
            )
            # Their tables under way say the kept name from now on (their seats, finished
            # games' too, read the account's name, which is now this one).
            services.player_renamed(user)
        else:
            user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("lobby")
    return render(request, "registration/signup.html", {"form": form, "is_guest": guest})
