"""Write parsed wargear (bsdata_wargear) as Wargear rows, touching only rows that differ."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..models import Datasheet, Wargear
from .bsdata_facts import DatasheetKey, ParsedDatasheet, WriteStats
from .bsdata_write import BATCH, chunked_delete, chunked_load

FIELDS = ("model_types", "fill", "weapons", "abilities")


def wargear_write(
    *,
    datasheets: list[ParsedDatasheet],
    sheets: Mapping[DatasheetKey, Datasheet],
    stats: WriteStats,
) -> None:
    """Make the Wargear rows of ``datasheets`` exactly their parsed wargear."""
    wanted: dict[int, dict[str, Any]] = {}
    for sheet in datasheets:
        row = sheets.get(sheet.key)
        if row is not None and sheet.wargear is not None:
            wanted[row.pk] = {name: sheet.wargear[name] for name in FIELDS}
    ids = [sheets[s.key].pk for s in datasheets if s.key in sheets]
    present: dict[int, Wargear] = {
        item.pk: item for item in chunked_load(Wargear.objects.all(), "datasheet_id", ids)
    }
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
    chunked_delete(Wargear, "pk", gone)
    stats.created["wargear"] += len(fresh)
    stats.updated["wargear"] += len(changed)
    stats.deleted["wargear"] += len(gone)
