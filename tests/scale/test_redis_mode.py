"""The second CI pass really runs on the scaled-out configuration."""

import pytest
from channels.layers import get_channel_layer
from django.db import connection

pytestmark = pytest.mark.scale


def test_settings_point_at_postgresql_and_redis():
    assert connection.vendor == "postgresql"
    assert type(get_channel_layer()).__module__.startswith("channels_redis.")
