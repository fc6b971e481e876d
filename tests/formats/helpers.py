"""Small helpers the format tests share."""

from __future__ import annotations

from armybuilder.catalogue.models import PointsRelease
from rosters.formats.text_import import list_parse
from rosters.formats.text_import.resolver import Resolutions, ResolvedList, list_resolve


def read(text: str, release: PointsRelease, resolutions: Resolutions | None = None) -> ResolvedList:
    """Parse and resolve a pasted list against the test catalogue."""
    return list_resolve(
        parsed=list_parse(text=text), release_id=release.pk, resolutions=resolutions
    )


def summary(resolved: ResolvedList) -> list[tuple[str, int, bool, str | None]]:
    """Return (datasheet, models, warlord, enhancement) for every kept unit."""
    return [(u.name, u.models, u.warlord, u.enhancement) for u in resolved.kept()]
