"""The error every roster service raises for a change the catalogue does not allow."""

from __future__ import annotations


class RosterError(ValueError):
    """A roster change that the catalogue does not allow; the message says why."""
