"""Settings put shared state where several servers can share it: Redis when REDIS_URL is
set, the database otherwise; never a per-process memory cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import REPO_DIR

PROBE = (
    "import django, json; django.setup(); from django.conf import settings as s; "
    "print(json.dumps([s.CACHES['default']['BACKEND'], s.SESSION_ENGINE, "
    "s.TRUSTED_PROXY_COUNT, s.CONTENT_SECURITY_POLICY['DIRECTIVES']['script-src']]))"
)


def probe(**env: str) -> list[object]:
    clean = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO_DIR,
        env={**clean, "DJANGO_SETTINGS_MODULE": "armybuilder.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize(
    "env,cache,sessions",
    [
        pytest.param(
            {},
            "django.core.cache.backends.db.DatabaseCache",
            "django.contrib.sessions.backends.db",
            id="no-redis-uses-the-database",
        ),
        pytest.param(
            {"REDIS_URL": "redis://127.0.0.1:6379/3"},
            "django.core.cache.backends.redis.RedisCache",
            "django.contrib.sessions.backends.cache",
            id="redis-holds-cache-and-sessions",
        ),
    ],
)
def test_shared_cache_and_sessions_follow_redis_url(env, cache, sessions):
    backend, engine, proxies, scripts = probe(**env)
    assert (backend, engine) == (cache, sessions)
    assert proxies == 0
    assert scripts == ["'self'"]


def test_trusted_proxy_count_comes_from_the_environment():
    assert probe(TRUSTED_PROXY_COUNT="2")[2] == 2
