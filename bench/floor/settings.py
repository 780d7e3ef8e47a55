"""The least Django the floor needs: Channels' layer, the same one the real server uses."""

import os

SECRET_KEY = "floor"
DEBUG = False
ALLOWED_HOSTS = ["*"]
# The sockets go through Channels' usual stack, as the site's do (origin check, sessions, auth),
# on sessions kept in signed cookies: nothing is read from a database.
INSTALLED_APPS = ["django.contrib.contenttypes", "django.contrib.auth", "django.contrib.sessions"]
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
DATABASES: dict = {}
USE_TZ = True
ASGI_APPLICATION = "floor.app.application"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": os.environ.get(
                "DJANGO_CHANNEL_LAYER", "channels_redis.pubsub.RedisPubSubChannelLayer"
            ),
            "CONFIG": {"hosts": [REDIS_URL]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "games.realtime.layers.LocalChannelLayer"}}
