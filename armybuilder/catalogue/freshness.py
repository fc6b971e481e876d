"""When the catalogue last changed, for the caches that keep catalogue rows warm in a process.

The list-import name index, the builder page's catalogue rows and picker and the API's
warm catalogue all hold rows between requests. They ask the same two questions here
instead of each wiring its own signals: generation() changes the moment this process
saves, deletes or relinks a catalogue row, and catalogue_version() adds what a query can
see of other processes' changes (row counts, highest ids, and the newest history row of
releases and prices, which every release or price edit writes). An edit in another
process to a row without history (a datasheet's keywords, say) is not seen until this
process restarts or changes the catalogue itself.
"""

from __future__ import annotations

import threading
from typing import Any

from django.db import connection
from django.db.models import Model
from django.db.models.signals import m2m_changed, post_delete, post_save

from armybuilder.catalogue.models import (
    AllyRule,
    ArmyLimit,
    Availability,
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    Enhancement,
    EnhancementPrice,
    Faction,
    OptionPrice,
    PointsRelease,
    TransportPool,
    UnitPrice,
    Wargear,
)

WATCHED: tuple[type[Model], ...] = (
    Faction,
    Datasheet,
    Availability,
    AllyRule,
    ArmyLimit,
    TransportPool,
    Detachment,
    Enhancement,
    PointsRelease,
    UnitPrice,
    EnhancementPrice,
    OptionPrice,
    DetachmentUpgrade,
    DetachmentUpgradeUnit,
    DetachmentUpgradePrice,
)
_HISTORY: tuple[Any, ...] = (
    PointsRelease,
    UnitPrice,
    EnhancementPrice,
    OptionPrice,
    DetachmentUpgradePrice,
)
_LINKS = (
    Datasheet.leads.through,
    Detachment.required.through,
    Detachment.forbidden.through,
    Detachment.battleline.through,
)

_lock = threading.Lock()
_generation = 0


def generation() -> int:
    """Return a number that changes whenever this process changes a catalogue row."""
    return _generation


def catalogue_changed(**_: object) -> None:
    """Note that this process changed the catalogue."""
    global _generation
    with _lock:
        _generation += 1


def _version_sql() -> str:
    tables = [m._meta.db_table for m in WATCHED]
    parts = [f"(SELECT COUNT(*) FROM {t}), (SELECT MAX(id) FROM {t})" for t in tables]
    # Wargear is keyed by its datasheet: its count and highest key.
    wargear = Wargear._meta.db_table
    parts.append(f"(SELECT COUNT(*) FROM {wargear}), (SELECT MAX(datasheet_id) FROM {wargear})")
    # Edits keep counts and ids; every price edit also writes a history row.
    parts += [f"(SELECT MAX(history_id) FROM {m.history.model._meta.db_table})" for m in _HISTORY]
    return f"SELECT {', '.join(parts)}"


_VERSION_SQL: list[str] = []


def catalogue_version() -> tuple[object, ...]:
    """Return this process's generation and what one query sees of the tables, as a key."""
    # Built once: simple_history's manager descriptor is slow to ask on every page view.
    if not _VERSION_SQL:
        _VERSION_SQL.append(_version_sql())
    with connection.cursor() as cursor:
        cursor.execute(_VERSION_SQL[0])
        row = cursor.fetchone()
    return (connection.alias, generation(), *row)


for _model in WATCHED:
    post_save.connect(catalogue_changed, sender=_model, dispatch_uid=f"catalogue-save-{_model}")
    post_delete.connect(catalogue_changed, sender=_model, dispatch_uid=f"catalogue-del-{_model}")
post_save.connect(catalogue_changed, sender=Wargear, dispatch_uid="catalogue-save-wargear")
post_delete.connect(catalogue_changed, sender=Wargear, dispatch_uid="catalogue-del-wargear")
for _link in _LINKS:
    m2m_changed.connect(catalogue_changed, sender=_link, dispatch_uid=f"catalogue-m2m-{_link}")
