"""Read settings from the environment; a bad value fails loudly at start-up."""

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number") from None


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [part.strip() for part in raw.split(",") if part.strip()]


def env_limits(name: str) -> dict[str, tuple[int, int]]:
    """Rate limits as "name=count/seconds,...", e.g. "guests=20/3600,connects=60/60"."""
    limits = {}
    for part in env_list(name, []):
        try:
            key, value = part.split("=")
            count, seconds = value.split("/")
            limits[key.strip()] = (int(count), int(seconds))
        except ValueError:
            raise ImproperlyConfigured(
                f"{name}: {part!r} is not name=count/seconds (e.g. guests=20/3600)") from None
        if limits[key.strip()][0] < 1 or limits[key.strip()][1] < 1:
            raise ImproperlyConfigured(f"{name}: {part!r} needs a count and seconds of 1 or more")
    return limits


def secret_key(name: str, path: Path) -> str:
    """The key from the environment, else from `path`, written there once with a fresh random
    key (readable by its owner only) the first time the server starts. Race-free: the key is
    written whole to a file of this process's own, then linked to `path`, which fails if
    another process got there first; then everyone reads the one that won."""
    raw = os.environ.get(name)
    if raw:
        return raw
    key = _read_key(path)
    if key:
        return key
    fresh = secrets.token_urlsafe(50)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(fresh + "\n")
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)  # appears complete, or not at all
        except FileExistsError:
            pass
    finally:
        tmp.unlink(missing_ok=True)
    key = _read_key(path)
    if not key:
        raise ImproperlyConfigured(f"{path} is empty: delete it, or set {name}")
    return key


def _read_key(path: Path) -> str:
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        return ""
