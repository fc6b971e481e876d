"""Login throttling: django-axes' backend, for logins that come with a request.

Every login through a page or the API passes its request, and axes counts it. A call
without one (a management command, or Django's test client login()) cannot be a remote
guess at a password, so it is not counted instead of being refused.
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend


class LoginThrottleBackend(AxesStandaloneBackend):  # type: ignore[misc]  # axes ships no types
    def authenticate(self, request: Any, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        # Axes' backend authenticates no one: it returns None or raises on a lockout.
        super().authenticate(request, *args, **kwargs)
        return None
