"""Write parsed detachments (their rows and unit links) and the enhancements they offer."""

from __future__ import annotations

from ..models import Datasheet, Detachment, Enhancement, Faction
from .bsdata_facts import DatasheetKey, ParsedCatalogue, WriteStats
from .bsdata_write import BATCH, links_sync, values_set


def detachments_write(
    parsed: ParsedCatalogue,
    factions: dict[str, Faction],
    sheets: dict[DatasheetKey, Datasheet],
    stats: WriteStats,
) -> dict[tuple[str, str], Detachment]:
    """Make the scope's detachments the parsed ones; return those kept by (faction, name)."""
    scope_ids = [factions[name].pk for name in parsed.scope if name in factions]
    present = {
        (d.faction_id, d.name): d for d in Detachment.objects.filter(faction_id__in=scope_ids)
    }
    new, changed = [], []
    for item in parsed.detachments:
        key = (factions[item.faction].pk, item.name)
        row = present.get(key)
        if row is None:
            new.append(Detachment(faction_id=key[0], name=item.name, source_id=item.source_id))
        elif values_set(row, {"source_id": item.source_id}):
            changed.append(row)
    Detachment.objects.bulk_create(new)
    Detachment.objects.bulk_update(changed, ["source_id"])
    stats.created["Detachment"] += len(new)
    stats.updated["Detachment"] += len(changed)
    ids_to_name = {f.pk: f.name for f in factions.values()}
    rows = {
        (ids_to_name[d.faction_id], d.name): d
        for d in Detachment.objects.filter(faction_id__in=scope_ids)
    }
    links: dict[str, set[tuple[int, int]]] = {
        "required": set(),
        "forbidden": set(),
        "battleline": set(),
    }
    owners = []
    for item in parsed.detachments:
        row = rows[(item.faction, item.name)]
        owners.append(row.pk)
        for name, keys in (
            ("required", item.required),
            ("forbidden", item.forbidden),
            ("battleline", item.battleline),
        ):
            links[name].update((row.pk, sheets[k].pk) for k in keys if k in sheets)
    for name, wanted in links.items():
        through = getattr(Detachment, name).through
        links_sync(
            through, "detachment_id", "datasheet_id", owners, wanted, f"detachment {name}", stats
        )
    hidden = {
        (rows[(item.faction, item.name)].pk, factions[chapter].pk)
        for item in parsed.detachments
        for chapter in item.hidden_for
        if chapter in factions
    }
    links_sync(
        Detachment.hidden_for.through,
        "detachment_id",
        "faction_id",
        owners,
        hidden,
        "detachment hidden_for",
        stats,
    )
    # A detachment the data no longer offers goes, unless a roster still names it (an
    # admin sees it in the report instead of a roster losing its detachment).
    wanted_keys = {(item.faction, item.name) for item in parsed.detachments}
    # Retired detachments (kept by the dated-release history) stay too.
    gone = [
        row for key, row in rows.items() if key not in wanted_keys and row.last_release_id is None
    ]
    kept = set(
        Detachment.objects.filter(pk__in=[row.pk for row in gone], rosters__isnull=False)
        .values_list("pk", flat=True)
        .distinct()
    )
    removable = [row.pk for row in gone if row.pk not in kept]
    if removable:
        Detachment.objects.filter(pk__in=removable).delete()
        stats.deleted["Detachment"] += len(removable)
    return {key: row for key, row in rows.items() if key in wanted_keys or row.pk in kept}


def enhancements_write(
    parsed: ParsedCatalogue,
    detachments: dict[tuple[str, str], Detachment],
    stats: WriteStats,
) -> dict[tuple[str, str, str], Enhancement]:
    """Make the detachments' enhancements; return them by (faction, detachment, name)."""
    ids = [d.pk for d in detachments.values()]
    present = {
        (e.detachment_id, e.name): e for e in Enhancement.objects.filter(detachment_id__in=ids)
    }
    new, changed = [], []
    for item in parsed.enhancements:
        detachment = detachments.get((item.faction, item.detachment))
        if detachment is None:
            continue
        values = {
            "required_keywords": [list(a) for a in item.required_keywords],
            "source_id": item.source_id,
        }
        row = present.get((detachment.pk, item.name))
        if row is None:
            new.append(Enhancement(detachment_id=detachment.pk, name=item.name, **values))
        elif values_set(row, values):
            changed.append(row)
    Enhancement.objects.bulk_create(new, batch_size=BATCH)
    Enhancement.objects.bulk_update(changed, ["required_keywords", "source_id"], batch_size=BATCH)
    stats.created["Enhancement"] += len(new)
    stats.updated["Enhancement"] += len(changed)
    by_id = {d.pk: key for key, d in detachments.items()}
    return {
        (*by_id[e.detachment_id], e.name): e
        for e in Enhancement.objects.filter(detachment_id__in=ids)
    }
