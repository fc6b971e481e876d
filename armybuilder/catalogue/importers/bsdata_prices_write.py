"""Write a release's parsed prices: per unit size, per option, per enhancement, with history."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import models
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from ..models import Datasheet, Enhancement, EnhancementPrice, OptionPrice, PointsRelease, UnitPrice
from .bsdata_facts import DatasheetKey, ParsedCatalogue, WriteStats
from .bsdata_write import BATCH, IMPORT_REASON, chunked_delete, chunked_load, values_set


def _prices_sync(
    model: type[models.Model],
    present: dict[Any, Any],
    wanted: dict[Any, Any],
    make: Callable[[Any, Any], models.Model],
    stats: WriteStats,
    fields: Sequence[str] = ("points",),
) -> None:
    """Make the release's ``model`` rows ``wanted`` (key to points, or to field values)."""
    label = model.__name__
    new, changed = [], []
    for key, value in wanted.items():
        row = present.get(key)
        values = value if isinstance(value, dict) else {"points": value}
        if row is None:
            new.append(make(key, value))
        elif values_set(row, values):
            changed.append(row)
    stale = [row.pk for key, row in present.items() if key not in wanted]
    chunked_delete(model, "pk", stale)
    # Every price change keeps its history, an import's as much as an admin's.
    history = {"default_change_reason": IMPORT_REASON, "batch_size": BATCH}
    if new:
        bulk_create_with_history(new, model, **history)
    if changed:
        bulk_update_with_history(changed, model, list(fields), **history)
    stats.created[label] += len(new)
    stats.updated[label] += len(changed)
    stats.deleted[label] += len(stale)


def unit_prices_write(
    parsed: ParsedCatalogue,
    sheets: dict[DatasheetKey, Datasheet],
    release: PointsRelease,
    stats: WriteStats,
) -> None:
    """Make the release's points per datasheet and model count the parsed ones."""
    ids = [sheets[s.key].pk for s in parsed.datasheets if s.key in sheets]
    present = {
        (price.datasheet_id, price.models_count): price
        for price in chunked_load(UnitPrice.objects.filter(release=release), "datasheet_id", ids)
    }
    wanted = {
        (sheets[s.key].pk, count): points
        for s in parsed.datasheets
        if s.key in sheets
        for count, points in s.prices
    }
    _prices_sync(
        UnitPrice,
        present,
        wanted,
        lambda key, points: UnitPrice(
            release=release, datasheet_id=key[0], models_count=key[1], points=points
        ),
        stats,
    )


def option_prices_write(
    parsed: ParsedCatalogue,
    sheets: dict[DatasheetKey, Datasheet],
    release: PointsRelease,
    stats: WriteStats,
) -> None:
    """Make the release's priced options per datasheet the parsed ones."""
    ids = [sheets[s.key].pk for s in parsed.datasheets if s.key in sheets]
    present = {
        (price.datasheet_id, price.name): price
        for price in chunked_load(OptionPrice.objects.filter(release=release), "datasheet_id", ids)
    }
    wanted = {
        (sheets[s.key].pk, option.name[:150]): {
            "points": option.points,
            "max_count": max(option.max_count, 1),
        }
        for s in parsed.datasheets
        if s.key in sheets
        for option in s.options
    }
    _prices_sync(
        OptionPrice,
        present,
        wanted,
        lambda key, values: OptionPrice(
            release=release, datasheet_id=key[0], name=key[1], **values
        ),
        stats,
        fields=("points", "max_count"),
    )


def enhancement_prices_write(
    parsed: ParsedCatalogue,
    enhancements: dict[tuple[str, str, str], Enhancement],
    release: PointsRelease,
    stats: WriteStats,
) -> None:
    """Make the release's enhancement points the parsed ones."""
    ids = [e.pk for e in enhancements.values()]
    present = {
        price.enhancement_id: price
        for price in chunked_load(
            EnhancementPrice.objects.filter(release=release), "enhancement_id", ids
        )
    }
    wanted = {
        enhancements[(e.faction, e.detachment, e.name)].pk: e.points
        for e in parsed.enhancements
        if e.points is not None and (e.faction, e.detachment, e.name) in enhancements
    }
    _prices_sync(
        EnhancementPrice,
        present,
        wanted,
        lambda key, points: EnhancementPrice(release=release, enhancement_id=key, points=points),
        stats,
    )
