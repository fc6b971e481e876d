"""Write parsed detachment upgrades: the upgrades, the units that may take them, their prices.

Called by ``bsdata.catalogue_write`` inside its transaction; like the rest of the writer it
touches only rows whose values differ, so a second import changes nothing.
"""

from __future__ import annotations

from typing import Any

from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from ..models import (
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    PointsRelease,
)
from .bsdata_facts import DatasheetKey, ParsedCatalogue, WriteStats
from .bsdata_write import BATCH, IMPORT_REASON


def write_upgrades(
    parsed: ParsedCatalogue,
    detachments: dict[tuple[str, str], Detachment],
    sheets: dict[DatasheetKey, Datasheet],
    release: PointsRelease,
    stats: WriteStats,
) -> None:
    """Make the scope's detachment upgrades, their units and prices the parsed ones."""
    ids = [d.pk for d in detachments.values()]
    present = {
        (u.detachment_id, u.name): u
        for u in DetachmentUpgrade.objects.filter(detachment_id__in=ids)
    }
    wanted: dict[tuple[int, str], Any] = {}
    new, changed = [], []
    for item in parsed.upgrades:
        detachment = detachments.get((item.faction, item.detachment))
        if detachment is None:
            continue
        key = (detachment.pk, item.name[:150])
        wanted[key] = item
        row = present.get(key)
        if row is None:
            new.append(
                DetachmentUpgrade(detachment_id=key[0], name=key[1], source_id=item.source_id)
            )
        elif row.source_id != item.source_id:
            row.source_id = item.source_id
            changed.append(row)
    stale = [row.pk for key, row in present.items() if key not in wanted]
    DetachmentUpgrade.objects.filter(pk__in=stale).delete()
    DetachmentUpgrade.objects.bulk_create(new)
    DetachmentUpgrade.objects.bulk_update(changed, ["source_id"])
    stats.created["DetachmentUpgrade"] += len(new)
    stats.updated["DetachmentUpgrade"] += len(changed)
    stats.deleted["DetachmentUpgrade"] += len(stale)
    rows = {
        (u.detachment_id, u.name): u
        for u in DetachmentUpgrade.objects.filter(detachment_id__in=ids)
    }
    _write_units(rows, wanted, sheets, stats)
    _write_prices(rows, wanted, release, stats)


def _write_units(
    rows: dict[tuple[int, str], DetachmentUpgrade],
    wanted: dict[tuple[int, str], Any],
    sheets: dict[DatasheetKey, Datasheet],
    stats: WriteStats,
) -> None:
    upgrade_ids = [row.pk for row in rows.values()]
    present = {
        (u.upgrade_id, u.datasheet_id): u
        for u in DetachmentUpgradeUnit.objects.filter(upgrade_id__in=upgrade_ids)
    }
    keep: set[tuple[int, int]] = set()
    new, changed = [], []
    for key, item in wanted.items():
        upgrade = rows[key]
        for slot in item.units:
            sheet = sheets.get(slot.datasheet)
            if sheet is None:
                continue
            unit_key = (upgrade.pk, sheet.pk)
            keep.add(unit_key)
            row = present.get(unit_key)
            if row is None:
                new.append(
                    DetachmentUpgradeUnit(
                        upgrade_id=upgrade.pk,
                        datasheet_id=sheet.pk,
                        minimum=slot.minimum,
                        maximum=slot.maximum,
                    )
                )
            elif (row.minimum, row.maximum) != (slot.minimum, slot.maximum):
                row.minimum, row.maximum = slot.minimum, slot.maximum
                changed.append(row)
    stale = [row.pk for key, row in present.items() if key not in keep]
    DetachmentUpgradeUnit.objects.filter(pk__in=stale).delete()
    DetachmentUpgradeUnit.objects.bulk_create(new)
    DetachmentUpgradeUnit.objects.bulk_update(changed, ["minimum", "maximum"])
    stats.created["DetachmentUpgradeUnit"] += len(new)
    stats.updated["DetachmentUpgradeUnit"] += len(changed)
    stats.deleted["DetachmentUpgradeUnit"] += len(stale)


def _write_prices(
    rows: dict[tuple[int, str], DetachmentUpgrade],
    wanted: dict[tuple[int, str], Any],
    release: PointsRelease,
    stats: WriteStats,
) -> None:
    present = {
        p.upgrade_id: p
        for p in DetachmentUpgradePrice.objects.filter(
            release=release, upgrade_id__in=[row.pk for row in rows.values()]
        )
    }
    points = {rows[key].pk: item.points for key, item in wanted.items()}
    new, changed = [], []
    for upgrade_id, value in points.items():
        row = present.get(upgrade_id)
        if row is None:
            new.append(DetachmentUpgradePrice(release=release, upgrade_id=upgrade_id, points=value))
        elif row.points != value:
            row.points = value
            changed.append(row)
    # Every price change keeps its history, an import's as much as an admin's.
    history = {"default_change_reason": IMPORT_REASON, "batch_size": BATCH}
    if new:
        bulk_create_with_history(new, DetachmentUpgradePrice, **history)
    if changed:
        bulk_update_with_history(changed, DetachmentUpgradePrice, ["points"], **history)
    stats.created["DetachmentUpgradePrice"] += len(new)
    stats.updated["DetachmentUpgradePrice"] += len(changed)
