"""The rules profiles, by name: core-10 (default), matched-10 and nine-10."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from armybuilder.rules.profiles.core10 import Check, Core10, Profile
from armybuilder.rules.profiles.matched10 import Matched10
from armybuilder.rules.profiles.nine10 import Nine10

DEFAULT_PROFILE: Final = Core10.name

# Profiles hold no state, so one shared instance of each serves every validation.
PROFILES: Final[Mapping[str, Profile]] = MappingProxyType(
    {profile.name: profile for profile in (Core10(), Matched10(), Nine10())}
)


def get_profile(profile: str | Profile = DEFAULT_PROFILE) -> Profile:
    """Return the profile with this name (or the profile itself); ValueError if unknown."""
    if isinstance(profile, Profile):
        return profile
    try:
        return PROFILES[profile]
    except KeyError:
        known = ", ".join(PROFILES)
        raise ValueError(f"unknown rules profile {profile!r} (known: {known})") from None


__all__ = [
    "DEFAULT_PROFILE",
    "PROFILES",
    "Check",
    "Core10",
    "Matched10",
    "Nine10",
    "Profile",
    "get_profile",
]
