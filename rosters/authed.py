"""The request a login_required view is given, for the type checker only.

Django types ``request.user`` as a User or an AnonymousUser; behind login_required it is
always a signed-in User, which is what the ORM lookups on an owner need.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest


class AuthedHttpRequest(HttpRequest):
    user: User
