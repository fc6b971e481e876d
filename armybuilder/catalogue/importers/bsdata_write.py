"""What the BSData writers share: setting changed values, chunked loads and deletes, M2M sync.

The writers run inside ``bsdata.catalogue_write``'s transaction and touch only rows whose
values differ, so a second import of the same data changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.db import models

from .bsdata_facts import WriteStats

# Rows per query: SQLite caps the parameters of one statement.
BATCH = 500
IMPORT_REASON = "BSData import"


def values_set(obj: models.Model, values: dict[str, Any]) -> bool:
    """Set ``values`` on ``obj``; return whether any differed."""
    differs = False
    for name, value in values.items():
        if getattr(obj, name) != value:
            setattr(obj, name, value)
            differs = True
    return differs


def chunked_load(
    queryset: models.QuerySet[Any, Any], field: str, ids: Sequence[Any]
) -> Iterator[Any]:
    """Yield what ``queryset`` holds whose ``field`` is one of ``ids``, one query per batch."""
    for start in range(0, len(ids), BATCH):
        yield from queryset.filter(**{f"{field}__in": ids[start : start + BATCH]})


def chunked_delete(model: type[models.Model], field: str, ids: Sequence[Any]) -> int:
    """Delete the rows of ``model`` whose ``field`` is one of ``ids``; return how many went."""
    deleted = 0
    for start in range(0, len(ids), BATCH):
        # A queryset delete still sends post_delete per row, so history records it. The default
        # manager is ``objects`` on every catalogue model; it is the one typed on Model.
        batch = ids[start : start + BATCH]
        deleted += model._default_manager.filter(**{f"{field}__in": batch}).delete()[0]
    return deleted


def links_sync(
    through: type[models.Model],
    owner_field: str,
    target_field: str,
    owner_ids: Iterable[int],
    wanted: set[tuple[int, int]],
    label: str,
    stats: WriteStats,
) -> None:
    """Make the M2M rows owned by ``owner_ids`` exactly ``wanted`` (owner id, target id)."""
    rows = through._default_manager.values_list("pk", owner_field, target_field)
    present: dict[tuple[int, int], int] = {
        (owner, target): pk
        for pk, owner, target in chunked_load(rows, owner_field, list(owner_ids))
    }
    stale = [pk for pair, pk in present.items() if pair not in wanted]
    fresh = [
        through(**{owner_field: owner, target_field: target})
        for owner, target in sorted(wanted - present.keys())
    ]
    chunked_delete(through, "pk", stale)
    through._default_manager.bulk_create(fresh, batch_size=BATCH)
    stats.created[label] += len(fresh)
    stats.deleted[label] += len(stale)
