"""The path converter for database ids: a whole number the database can hold, or no match.

Django's <int:...> takes any run of digits, and an id beyond 64 bits then overflows the
database driver (a 500). <id:...> refuses it at URL resolution, so the address is a 404.
"""

from __future__ import annotations

from typing import Final

MAX_ID: Final = 2**63 - 1


class IdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 1 <= number <= MAX_ID:
            # A ValueError makes the resolver treat the address as not matching.
            raise ValueError(f"{value} is not a database id")
        return number

    def to_url(self, value: int) -> str:
        return str(value)


class TokenConverter:
    """A share token as secrets.token_urlsafe makes it; anything else is no match.

    <str:...> takes any character but "/", and a NUL byte then reaches PostgreSQL, which
    refuses it in a query (a 500); <token:...> refuses it at URL resolution (a 404).
    """

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


def id_or_none(raw: object) -> int | None:
    """Read an id from a form or query value; None when it is not one the database can hold."""
    if not isinstance(raw, str) or not raw.isascii() or not raw.isdigit() or len(raw) > 19:
        return None
    number = int(raw)
    return number if 1 <= number <= MAX_ID else None
