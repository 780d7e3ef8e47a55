from django.urls import path

from games.realtime.bot_consumer import BotConsumer
from games.realtime.consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/game/<int:game_id>/", GameConsumer.as_asgi()),
]

# A bot's sockets carry a token in a header, never a cookie: a page of another site cannot open
# one in a visitor's name, so they skip the browsers' Origin check (docs/bot-api.md).
BOT_PREFIX = "/ws/bot/"
bot_websocket_urlpatterns = [
    path("ws/bot/game/<int:game_id>/", BotConsumer.as_asgi()),
]


def split_bots(bots, browsers):
    """One ASGI application: bots' sockets to `bots`, every other socket to `browsers`."""

    async def app(scope, receive, send):
        chosen = bots if scope.get("path", "").startswith(BOT_PREFIX) else browsers
        return await chosen(scope, receive, send)

    return app
