"""The client's address, as far as the settings say the request's headers can be believed.

X-Forwarded-For is written by whoever sent the request, so it is believed only as far as
TRUSTED_PROXY_COUNT says: 0 (the default) uses the connection's own address; n uses the
address the n-th proxy from us saw, each proxy appending what it saw to the header.
Rate limits (the API's throttles) and login throttling (django-axes) both key on this.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings


def client_address(request: Any) -> str:
    """Return the address to count a request against."""
    meta = request.META
    remote = str(meta.get("REMOTE_ADDR", "") or "")
    proxies = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0))
    forwarded = str(meta.get("HTTP_X_FORWARDED_FOR", "") or "")
    if proxies <= 0 or not forwarded:
        return remote
    hops = [h.strip() for h in forwarded.split(",") if h.strip()]
    if not hops:
        return remote
    # With n trusted proxies the nearest one appended the client at position -n; a
    # shorter header means a proxy was bypassed, and its first hop is the best we have.
    return hops[-min(proxies, len(hops))]
