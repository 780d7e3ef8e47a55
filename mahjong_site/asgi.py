"""HTTP through Django, WebSockets through the games routing."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.realtime import timers  # noqa: E402
from games.realtime.routing import (  # noqa: E402
    bot_websocket_urlpatterns,
    split_bots,
    websocket_urlpatterns,
)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Daphne has no lifespan: there games.apps starts the ticker when the reactor runs.
        "lifespan": timers.lifespan,
        "websocket": split_bots(
            URLRouter(bot_websocket_urlpatterns),
            AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
        ),
    }
)
