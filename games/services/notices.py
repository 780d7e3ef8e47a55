"""Telling players they have been seated: the table a player sits at in a running tournament
(the banner every page shows), and an email when a round starts, if the site can send mail."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mass_mail
from django.db import transaction
from django.urls import reverse

from games.models import ACTIVE, Round, TableSeat

SMTP = "django.core.mail.backends.smtp.EmailBackend"


def seated_at(user) -> TableSeat | None:
    """The user's place at a tournament table whose game is being played (one query)."""
    if user is None or not user.is_authenticated:
        return None
    return (
        TableSeat.objects.filter(
            entry__user=user, entry__withdrawn=False, table__game__status=ACTIVE,
        )
        .select_related("table__round__tournament")
        .order_by("-table__round__started", "-pk")
        .first()
    )


def table_url(game_id: int) -> str:
    return reverse("table", args=[game_id])


def email_configured() -> bool:
    """Mail goes out when the site names a mail server, or uses another email backend."""
    return settings.EMAIL_BACKEND != SMTP or settings.EMAIL_HOST not in ("", "localhost")


def email_round(round_id: int) -> int:
    """Email each seated player with an address their table's link; returns how many mails.
    Sent after the round's transaction commits; a mail server's failure does not stop a round."""
    if not email_configured():
        return 0
    rnd = Round.objects.select_related("tournament").get(pk=round_id)
    site = getattr(settings, "SITE_URL", "").rstrip("/")
    mails = []
    places = TableSeat.objects.filter(table__round=rnd, entry__user__isnull=False).select_related(
        "table", "entry__user")
    for p in places:
        address = p.entry.user.email
        if not address or p.table.game_id is None:
            continue
        subject = f"{rnd.tournament.name}: round {rnd.number}, table {p.table.number}"
        body = (f"Round {rnd.number} of {rnd.tournament.name} has started and you are seated at "
                f"table {p.table.number}.\n\nYour table: {site}{table_url(p.table.game_id)}\n")
        mails.append((subject, body, None, [address]))
    if mails:
        send_mass_mail(mails, fail_silently=True)
    return len(mails)


def after_round_starts(round_id: int) -> None:
    transaction.on_commit(lambda: email_round(round_id))
