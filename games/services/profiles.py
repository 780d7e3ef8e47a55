"""Profiles (docs/people.md, "Profiles"): a short bio, a country, the languages spoken and a
picture chosen among the site's tile pictures (nothing is uploaded). Read by the player page,
written here only: the bio passes the word filter, a silenced account keeps its words."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from babel import Locale
from django.conf import settings

from games.models import Profile

from .errors import ServiceError
from .moderation import check_text, filtered, refuse_if_silenced

BIO_MAX = 300
LANGUAGES_MAX = 5
# The languages offered: those a mahjong table is most likely to share.
LANGUAGE_CODES = ("en", "zh", "yue", "nan", "hak", "ja", "ko", "vi", "th", "ms", "id", "tl",
                  "hi", "fr", "de", "nl", "es", "pt", "it", "pl", "ru", "sv", "da", "no", "fi",
                  "he", "ar", "tr", "el", "uk")
PICTURES = tuple([f"{suit}{n}" for suit in "bcd" for n in range(1, 10)]
                 + ["we", "ws", "ww", "wn", "dr", "dg", "dw"]
                 + [f"f{n}" for n in range(1, 5)] + [f"s{n}" for n in range(1, 5)])


# Django's language code -> the locale Babel names countries and languages in.
BABEL_LOCALES = {"zh-hans": "zh_Hans", "zh-hant": "zh_Hant"}


def _locale(language: str | None) -> Locale:
    return Locale.parse(BABEL_LOCALES.get((language or "en").lower(), "en"))


@cache
def countries(language: str | None = "en") -> tuple[tuple[str, str], ...]:
    """(ISO code, name) of every country and territory, by name, named in the language (a
    Django language code; English for any other)."""
    names = _locale(language).territories
    return tuple(sorted(((code, name) for code, name in names.items()
                         if len(code) == 2 and code.isalpha() and code not in ("ZZ", "EU", "UN",
                                                                               "EZ", "QO")),
                        key=lambda pair: pair[1]))


@cache
def languages(language: str | None = "en") -> tuple[tuple[str, str], ...]:
    names = _locale(language).languages
    return tuple((code, names.get(code, code)) for code in LANGUAGE_CODES)


@dataclass(frozen=True)
class Card:
    """What a player page shows of a profile."""

    bio: str
    country: str
    country_name: str
    languages: tuple[str, ...]
    picture: str


def card(user, language: str | None = "en") -> Card | None:
    """The profile as a player page shows it, its country and languages named in `language`."""
    profile = Profile.objects.filter(user=user).first() if user is not None else None
    if profile is None:
        return None
    names = dict(countries(language))
    spoken = dict(languages(language))
    return Card(profile.bio, profile.country, names.get(profile.country, ""),
                tuple(spoken[c] for c in profile.languages if c in spoken),
                profile.picture if profile.picture in PICTURES else "")


def current(user) -> Profile:
    return Profile.objects.filter(user=user).first() or Profile(user=user)


def update(user, *, bio: str, country: str, languages_spoken, picture: str) -> Profile:
    """Change the profile; every field checked first, nothing saved if one is refused."""
    if user is None or not user.is_authenticated:
        raise ServiceError("sign_in", "Sign in first.")
    bio = check_text(bio or "", BIO_MAX, "A bio").replace("\r\n", "\n")
    if country and country not in dict(countries()):
        raise ServiceError("bad_country", "Choose a country from the list.")
    spoken = list(dict.fromkeys(languages_spoken or []))
    if any(code not in LANGUAGE_CODES for code in spoken):
        raise ServiceError("bad_language", "Choose languages from the list.")
    if len(spoken) > LANGUAGES_MAX:
        raise ServiceError("bad_language", f"Choose at most {LANGUAGES_MAX} languages.")
    if picture and picture not in PICTURES:
        raise ServiceError("bad_picture", "Choose one of the tile pictures.")
    profile = current(user)
    if bio != profile.bio:
        refuse_if_silenced(user, "change your bio")
        bio = filtered(bio)
    profile.bio, profile.country, profile.languages, profile.picture = (
        bio, country or "", spoken, picture or "")
    profile.save()
    return profile


def site_language(user) -> str:
    """The site's language this person chose while signed in, or "" (docs/i18n.md)."""
    return Profile.objects.filter(user=user).values_list("site_language", flat=True).first() or ""


def set_site_language(user, code: str) -> None:
    """Keep `code` (one of the site's languages) as this person's choice."""
    if code not in dict(settings.LANGUAGES):
        raise ServiceError("bad_language", f"There is no language {code!r} on this site.")
    Profile.objects.update_or_create(user=user, defaults={"site_language": code})
