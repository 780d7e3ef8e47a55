"""The least Django the floor needs: Channels' layer, the same one the real server uses."""

import os

SECRET_KEY = "floor"
DEBUG = False
ALLOWED_HOSTS = ["*"]
INSTALLED_APPS: list[str] = []
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
    CHANNEL_LAYERS = {"default": {"BACKEND": "games.layers.LocalChannelLayer"}}
