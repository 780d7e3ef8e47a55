"""Reports (docs/people.md, "Reports"): a person reports a line said at a table, or a player,
with a reason; staff read them in the admin and act (a silence: services/moderation.py) or
dismiss them. The only writer of Report rows.

A line is reported with its context: the lines said at its table just before and after it,
copied into the report, so the evidence stays when a speaker deletes their talk. Only a line
the reporter could hear may be reported: at a table they may open, and not a spectator's line
still held from them as a player."""

from __future__ import annotations

from django.db import transaction

from games import clock
from games.access import policy
from games.models import ACTIVE, Game, Report, ReportReason, ReportStatus, TalkLine

from . import audit, matches, talk
from .errors import ServiceError
from .gamerow import held_seats
from .moderation import check_text, person

BEFORE, AFTER = 10, 5  # lines of context around a reported line
OPEN_MAX = 20  # open reports one person has at once


def _reason(reason: str, note) -> tuple[str, str]:
    if reason not in ReportReason.values:
        raise ServiceError("bad_reason", "Choose why you report this.")
    return reason, check_text(note or "", 500, "A note")


def _room(reporter) -> None:
    if reporter is None or not reporter.is_authenticated:
        raise ServiceError("sign_in", "Sign in to report.")
    if Report.objects.filter(reporter=reporter, status=ReportStatus.OPEN).count() >= OPEN_MAX:
        raise ServiceError("too_many", "You have many reports waiting for staff already: "
                                       "they will read them soon.")


def _heard(line: TalkLine, game: Game, who: policy.Requester) -> bool:
    if not policy.decide(game, who, policy.Seeing.TABLE).allowed:
        return False
    if not line.held or game.status != ACTIVE:
        return True
    if not held_seats(game.pk, who.user).exists():
        return True  # a spectator heard it as it was said
    match = matches.match_for(game)
    return not (match.deal.number == line.deal and match.phase not in talk.BETWEEN_DEALS)


def report_line(who: policy.Requester, line_id, reason: str, note: str = "") -> Report:
    reporter = who.user
    _room(reporter)
    reason, note = _reason(reason, note)
    try:
        line = TalkLine.objects.select_related("user", "game").filter(pk=int(line_id)).first()
    except (TypeError, ValueError):
        line = None
    if line is None or not _heard(line, line.game, who):
        raise ServiceError("no_line", "No such line.")
    if line.user_id == reporter.pk:
        raise ServiceError("yourself", "That is your own line.")
    already = Report.objects.filter(reporter=reporter, line=line).first()
    if already is not None:
        return already  # reported once is enough: staff read it with its context
    around = (list(TalkLine.objects.filter(game_id=line.game_id, id__lt=line.pk)
                   .select_related("user").order_by("-id")[:BEFORE])[::-1] + [line]
              + list(TalkLine.objects.filter(game_id=line.game_id, id__gt=line.pk)
                     .select_related("user").order_by("id")[:AFTER]))
    context = [{**talk.line_json(x), "reported": x.pk == line.pk} for x in around]
    with transaction.atomic():
        return Report.objects.create(
            reporter=reporter, reported=line.user, reported_name=line.name, line=line,
            game=line.game, reason=reason, note=note, context=context, created=clock.now())


def report_player(reporter, name: str, reason: str, note: str = "") -> Report:
    """A player reported as a whole (a name, a profile, cheating): their latest lines copied."""
    _room(reporter)
    reason, note = _reason(reason, note)
    other = person(name, me=reporter)
    latest = list(TalkLine.objects.filter(user=other).select_related("user")
                  .order_by("-id")[:BEFORE])[::-1]
    return Report.objects.create(
        reporter=reporter, reported=other, reported_name=other.username, reason=reason,
        note=note, context=[talk.line_json(x) for x in latest], created=clock.now())


def close(report_ids, by, status: str) -> int:
    """Staff mark reports acted on or dismissed (in the audit log); returns how many."""
    if status not in (ReportStatus.RESOLVED, ReportStatus.DISMISSED):
        raise ServiceError("bad_status", "A report is closed as acted on or dismissed.")
    closed = 0
    with transaction.atomic():
        for report in Report.objects.select_for_update().filter(pk__in=list(report_ids),
                                                                status=ReportStatus.OPEN):
            report.status, report.handled_by, report.handled_at = status, by, clock.now()
            report.save(update_fields=["status", "handled_by", "handled_at"])
            audit.record(None, by, f"report {status}", report)
            closed += 1
    return closed
