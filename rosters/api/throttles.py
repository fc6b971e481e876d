"""Rate limits: the stricter one for anonymous validation, which does the most work per call.

Rates come from settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] (API_RATE_* in the
environment). Counts live in the default cache, so each server process counts its own.
"""

from __future__ import annotations

from rest_framework.throttling import AnonRateThrottle


class AnonValidateThrottle(AnonRateThrottle):
    """Limit anonymous validation calls per client address; signed-in players are exempt."""

    scope = "validate_anon"
