"""The queue scaled out: it lives in PostgreSQL, so people who ask through different server
processes are seated together, and several processes matching at once seat everyone exactly
once (services/queue.py: one advisory lock per queue, entries marked only if unmatched)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from games.models import ACTIVE, Game, QueueEntry, Seat
from games.services import queue

pytestmark = [pytest.mark.scale, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
OTHER_PROCESS = """
import json, sys, django
django.setup()
from django.contrib.auth import get_user_model
from games.services import queue
names, ruleset, rated = json.loads(sys.argv[1])
for name in names:
    user = get_user_model().objects.get(username=name)
    print(queue.join(user, ruleset, rated=rated, bots="never").state)
"""


def _env() -> dict:
    db = settings.DATABASES["default"]
    url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "mahjong_site.settings"}


def _start(names, ruleset="chinese-classical", rated=True) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", OTHER_PROCESS, json.dumps([names, ruleset, rated])],
        cwd=ROOT, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finish(proc: subprocess.Popen) -> list[str]:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    return out.split()


def test_people_asking_through_two_processes_sit_at_one_table(players):
    alice, bob, carol, dave = players
    assert queue.join(alice, "chinese-classical", rated=True).state == "waiting"
    assert queue.join(bob, "chinese-classical", rated=True).state == "waiting"
    assert _finish(_start(["carol", "dave"])) == ["waiting", "seated"]
    game = Game.objects.get()
    assert game.status == ACTIVE and game.rated
    assert sorted(game.seats.values_list("user__username", flat=True)) == [
        "alice", "bob", "carol", "dave"]
    # This process's people learn it from the database.
    assert {queue.poll(u).game_id for u in (alice, bob)} == {game.pk}


def test_many_asking_at_once_through_several_processes_are_each_seated_once(
        django_user_model):
    names = [f"p{i:02d}" for i in range(16)]
    for name in names:
        django_user_model.objects.create_user(name)
    # Four processes, each asking for four people spread over the tables, all at once.
    procs = [_start(names[i::4], "british", False) for i in range(4)]
    states = [s for p in procs for s in _finish(p)]
    assert len(states) == 16 and states.count("seated") >= 1
    games = list(Game.objects.filter(ruleset_name="british"))
    assert len(games) == 4 and all(g.status == ACTIVE for g in games)
    seated = list(Seat.objects.filter(game__in=games).values_list("user__username", flat=True))
    assert sorted(seated) == names  # everyone, once
    assert not QueueEntry.objects.filter(game=None).exists()
    assert not Seat.objects.filter(game__in=games, user=None).exists()  # never a bot
