"""A bare datasheet holding only model types, for the wargear-reading tables."""

from __future__ import annotations

from armybuilder.rules import model as core


def wargear_sheet(name: str, fill: str, *types: core.ModelType) -> core.Datasheet:
    """A datasheet with no keywords or prices: what wargear reading looks at, and no more."""
    return core.Datasheet(
        name=name,
        keywords=frozenset(),
        faction_keywords=frozenset(),
        brackets=(),
        model_types=types,
        fill=fill,
    )
