"""Settings come from the environment; the embedded defaults need nothing installed:
SQLite, the in-memory channel layer, one Daphne process."""

import os
from pathlib import Path

import dj_database_url

from .env import env_bool, env_float, env_int, env_limits, env_list, env_str, secret_key

BASE_DIR = Path(__file__).resolve().parent.parent

# Off unless asked for (DJANGO_DEBUG=1 in development): no tracebacks to visitors, no query log.
DEBUG = env_bool("DJANGO_DEBUG", False)
# DJANGO_SECRET_KEY, or one generated once into .secret_key (ignored by git) next to manage.py.
SECRET_KEY = secret_key("DJANGO_SECRET_KEY", BASE_DIR / ".secret_key")
# The test client's "testserver" is added by Django's test set-up, never served for real.
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

# Behind TLS (README, "Production"). Each is off by default so `make run` keeps serving plain
# http://127.0.0.1:8000, and off whatever is asked while DEBUG is on. DJANGO_HTTPS=1 turns on
# secure cookies, the redirect to https and a year of HSTS at once; each may be set alone.
_https = env_bool("DJANGO_HTTPS", False) and not DEBUG
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", _https) and not DEBUG
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", _https) and not DEBUG
SECURE_HSTS_SECONDS = 0 if DEBUG else env_int("DJANGO_HSTS_SECONDS", 31_536_000 if _https else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)
# A proxy that ends TLS tells us with a header (e.g. X-Forwarded-Proto: https); name it, as
# Django spells it, only if the proxy always sets it (a client could otherwise claim https).
_proxy_header = env_str("DJANGO_PROXY_SSL_HEADER", "")
SECURE_PROXY_SSL_HEADER = (_proxy_header, "https") if _proxy_header else None
SILENCED_SYSTEM_CHECKS = [
    # HSTS preload asks the browsers to hard-code https for the domain and its subdomains for
    # good; only the domain's owner can promise that (DJANGO_HSTS_PRELOAD=1 when they do).
    "security.W021",
]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session, before CommonMiddleware (docs/i18n.md): the language cookie, else
    # the browser's Accept-Language, else English. URLs carry no language prefix.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A log-in sets the browser's language cookie to the account's choice (docs/i18n.md).
    "games.web.languages.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A rate limit's refusal raised under a view (a new guest account) answered 429, with why.
    "games.access.limits.RefusedMiddleware",
]

ROOT_URLCONF = "mahjong_site.urls"
ASGI_APPLICATION = "mahjong_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.web.pages.notices.seated",
            ],
        },
    },
]

# Connections persist between moves (opening one per move was most of a move's cost); a
# health check before reuse replaces one the server dropped.
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DJANGO_CONN_MAX_AGE", 600),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several writers (bots, timers, players) share one file: wait for the lock instead of failing.
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options["timeout"] = 20
    # WAL: readers never wait for the writer. synchronous=NORMAL keeps every committed move
    # through a killed process (only a power cut may lose the last commits).
    options["init_command"] = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
    # Take the write lock when a transaction starts: SQLite ignores select_for_update, and
    # this keeps two processes from interleaving moves on one game.
    options["transaction_mode"] = "IMMEDIATE"

REDIS_URL = env_str("REDIS_URL", "")
if REDIS_URL:
    # Publish/subscribe: a group send is one PUBLISH, and each process keeps one subscription,
    # where the list-based layer spent several Redis round trips on every send and receive
    # (half a process's time under load). Table frames need no queueing: a socket that misses
    # one sees the version gap and asks for the state.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": env_str(
                "DJANGO_CHANNEL_LAYER", "channels_redis.pubsub.RedisPubSubChannelLayer"
            ),
            "CONFIG": {"hosts": [REDIS_URL]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "games.realtime.layers.LocalChannelLayer"}}

# The rate limits count here (games/access/limits.py): in Redis every process shares the counts; in
# local memory each process keeps its own.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "mahjong",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Any rate limit's bound, as "name=count/seconds,..." (the names and defaults: games/access/limits.py).
GAMES_LIMITS = env_limits("MAHJONG_LIMITS")
# A guest account with no game (no seat, no table created, no queue or tournament entry) is
# removed by the ticker once it has not signed in for this long.
GAMES_GUEST_HOURS = env_int("MAHJONG_GUEST_HOURS", 24)

# The live tables' settings, read here once (games/conf.py checks each against its least value
# and keeps it; the tests override them as settings). What each does: docs/settings.md.
GAMES_BOT_DELAY_MS = env_int("MAHJONG_BOT_DELAY_MS", 700)
GAMES_CLAIM_SECONDS = env_int("MAHJONG_CLAIM_SECONDS", 8)
# The least time a claim window stays open when nobody claims, whoever could have claimed:
# its closing moment must not tell that nobody could (docs/protocol.md, "Claim windows").
GAMES_CLAIM_MIN_MS = env_int("MAHJONG_CLAIM_MIN_MS", 1200)
GAMES_TOURNAMENT_TURN_SECONDS = env_int("MAHJONG_TOURNAMENT_TURN_SECONDS", 30)
GAMES_ABSENT_GRACE_SECONDS = env_int("MAHJONG_ABSENT_GRACE_SECONDS", 20)
# A casual table under way with no person connected this long is ended as abandoned.
GAMES_ABANDON_MINUTES = env_int("MAHJONG_ABANDON_MINUTES", 30)
GAMES_TICK_POLL_SECONDS = env_int("MAHJONG_TICK_POLL_SECONDS", 1)
GAMES_MAX_FRAME_BYTES = env_int("MAHJONG_MAX_FRAME_BYTES", 4096)
# A socket's row not refreshed for this long is a dead one (its process refreshes every third).
GAMES_PRESENCE_TTL_SECONDS = env_int("MAHJONG_PRESENCE_TTL_SECONDS", 30)
# Token buckets: messages a second and burst, per connection and per user (all their tabs
# in this process); a connection whose messages keep being dropped is closed.
GAMES_RATE_PER_SECOND = env_int("MAHJONG_RATE_PER_SECOND", 30)
GAMES_RATE_BURST = env_int("MAHJONG_RATE_BURST", 60)
GAMES_USER_RATE_PER_SECOND = env_int("MAHJONG_USER_RATE_PER_SECOND", 60)
GAMES_USER_RATE_BURST = env_int("MAHJONG_USER_RATE_BURST", 120)
GAMES_RATE_CLOSE_AFTER = env_int("MAHJONG_RATE_CLOSE_AFTER", 100)
# Worker processes that think for the tables (games/thinking): bots, hints, reviews. 0: think
# on the thread that asks (the unit tests).
GAMES_THINK_WORKERS = env_int("MAHJONG_THINK_WORKERS", os.cpu_count() or 1)
# Processes that answer the heavy reads and imports apart from the process applying moves
# (mahjong_site/pages.py); 0 answers every page in the serving process.
GAMES_PAGE_PROCESSES = env_int("MAHJONG_PAGE_PROCESSES", 2)
# Time added to each bot decision in the workers: a slow bot on purpose (tests, demos).
GAMES_THINK_EXTRA_MS = env_int("MAHJONG_THINK_EXTRA_MS", 0)
# How much the workers lower their priority: on a machine whose cores are all busy, the
# process that applies moves gets the CPU first. 0: the same as the server (the tests'
# servers share their cores with the test runner and browsers, which would starve them).
GAMES_THINK_NICENESS = env_int("MAHJONG_THINK_NICENESS", 10)
# The bot level that plays a seat handed over (a withdrawn, timed-out or absent player's).
GAMES_AUTOPILOT_LEVEL = env_str("MAHJONG_AUTOPILOT_LEVEL", "strong")
# Behind a proxy: the request header (as Django names it, HTTP_X_REAL_IP) that holds the client's
# address, for the limits per address.
GAMES_CLIENT_IP_HEADER = env_str("MAHJONG_CLIENT_IP_HEADER", "")
# Seconds a bot from outside has for a move at a table without a clock (docs/bot-api.md).
GAMES_BOT_MOVE_SECONDS = env_int("MAHJONG_BOT_MOVE_SECONDS", 60)
# How long the database thread may hold the interpreter before the event loop gets it back
# (mahjong_site/serve.py): a tenth of Python's default 5 ms made 1.3-1.6x the moves.
GAMES_SWITCH_INTERVAL = env_float("MAHJONG_SWITCH_INTERVAL", 0.0005)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# The site's languages (docs/i18n.md): English, the source and the default for a browser that
# asks for none of these; Simplified and Traditional Chinese, from locale/ (compiled from the
# committed .po files by mahjong_site/catalogues.py).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("zh-hans", "简体中文"),
    ("zh-hant", "繁體中文"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
# The choice made with the header's chooser, kept a year; secure with the session's cookie.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# The pages that draw a saved frame without a server (/static/dev/table.html), for the browser
# tests only: never part of the site's files.
if env_bool("MAHJONG_DEV_PAGES", False):
    STATICFILES_DIRS.append(("dev", BASE_DIR / "tests" / "browser" / "dev"))
# No build step: served straight from the source folders. A deployment that wants collected
# files names a folder here and runs collectstatic (unset, nothing warns of a missing folder).
STATIC_ROOT = env_str("DJANGO_STATIC_ROOT", "") or None
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Mail (tournament players are told when they are seated): sent only when a mail server is
# named here, or another email backend is set (tests use the in-memory one).
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "webmaster@localhost")
SITE_URL = env_str("SITE_URL", "")

# Errors with their tracebacks, and the games' own messages, to stderr, where the process
# manager keeps them (with DEBUG off Django would otherwise only mail them to ADMINS).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "plain",
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        # Through the root's handler only (Django's own console handler would print twice).
        "django": {"handlers": [], "level": "INFO"},
        # A 500's traceback; 404s and refusals are answers, not errors.
        "django.request": {"level": "ERROR"},
        "games": {"level": env_str("MAHJONG_LOG_LEVEL", "INFO").upper()},
    },
}
