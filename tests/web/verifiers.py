"""Staff who may verify imported records (the `games.verify_import` permission), and staff who
may not: `is_staff` alone grants no power over imports."""

from __future__ import annotations

from django.contrib.auth.models import Permission


def verifier(User, name: str = "staffer"):
    user = User.objects.create_user(name, is_staff=True)
    user.user_permissions.add(Permission.objects.get(
        content_type__app_label="games", codename="verify_import"))
    return User.objects.get(pk=user.pk)  # a fresh object: permissions are cached per object


def plain_staff(User, name: str = "plainstaff"):
    return User.objects.create_user(name, is_staff=True)
