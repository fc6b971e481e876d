"""Rate limits, counted per client address in the shared cache.

Rates come from settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] (API_RATE_* in the
environment). Counts live in the default cache: Redis when REDIS_URL is set, else the
database, so every server process and every server counts against one limit. The client
address is the one armybuilder.client_address trusts, never a bare X-Forwarded-For.
"""

from __future__ import annotations

from typing import Any

from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from armybuilder.client_address import client_address


class AnonThrottle(AnonRateThrottle):
    """Limit anonymous calls per trusted client address."""

    def get_ident(self, request: Any) -> str:
        return client_address(request)


class UserThrottle(UserRateThrottle):
    """Limit signed-in players per account, and anonymous calls per trusted address."""

    def get_ident(self, request: Any) -> str:
        return client_address(request)


class AnonValidateThrottle(AnonThrottle):
    """Limit anonymous validation calls per client address; signed-in players are exempt."""

    scope = "validate_anon"
