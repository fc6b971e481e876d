"""Write parsed wargear (bsdata_wargear) as Wargear rows, touching only rows that differ."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ..models import Datasheet, Wargear

FIELDS = ("model_types", "fill", "weapons", "abilities")
BATCH = 500


class _Stats(Protocol):
    created: Any
    updated: Any
    deleted: Any


def wargear_write(
    *, datasheets: list[Any], sheets: Mapping[tuple[str, str], Datasheet], stats: _Stats
) -> None:
    """Make the Wargear rows of ``datasheets`` exactly their parsed wargear."""
    wanted: dict[int, dict[str, Any]] = {}
    for sheet in datasheets:
        row = sheets.get(sheet.key)
        if row is not None and sheet.wargear is not None:
            wanted[row.pk] = {name: sheet.wargear[name] for name in FIELDS}
    ids = [sheets[s.key].pk for s in datasheets if s.key in sheets]
    present: dict[int, Wargear] = {}
    for start in range(0, len(ids), BATCH):
        for item in Wargear.objects.filter(datasheet_id__in=ids[start : start + BATCH]):
            present[item.pk] = item
    fresh, changed = [], []
    for pk, values in wanted.items():
        item = present.get(pk)
        if item is None:
            fresh.append(Wargear(datasheet_id=pk, **values))
            continue
        if any(getattr(item, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(item, name, value)
            changed.append(item)
    gone = [pk for pk in present if pk not in wanted]
    Wargear.objects.bulk_create(fresh, batch_size=BATCH)
    Wargear.objects.bulk_update(changed, list(FIELDS), batch_size=BATCH)
    for start in range(0, len(gone), BATCH):
        Wargear.objects.filter(pk__in=gone[start : start + BATCH]).delete()
    stats.created["wargear"] += len(fresh)
    stats.updated["wargear"] += len(changed)
    stats.deleted["wargear"] += len(gone)
