"""Write parsed datasheets: their rows and stable slugs, whom they lead, their transport pools."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.utils.text import slugify

from ..models import Datasheet, Faction, TransportPool
from .bsdata_facts import DatasheetKey, ParsedCatalogue, ParsedDatasheet, WriteStats
from .bsdata_write import BATCH, chunked_delete, chunked_load, links_sync, values_set

DATASHEET_FIELDS = (
    "slug",
    "keywords",
    "faction_keywords",
    "min_models",
    "max_models",
    "limit",
    "legends",
    "deep_strike",
    "conditional_abilities",
    "hover",
    "warlord",
    "extra_leaders",
    "joins_led_unit",
    "source_id",
    "review_note",
)


def _slugs(names: Iterable[str], taken: set[str]) -> dict[str, str]:
    out = {}
    for name in sorted(names):
        base = slugify(name)[:150] or "datasheet"
        slug, n = base, 2
        while slug in taken:
            slug, n = f"{base}-{n}", n + 1
        taken.add(slug)
        out[name] = slug
    return out


def datasheets_write(
    parsed: ParsedCatalogue, factions: dict[str, Faction], stats: WriteStats
) -> dict[DatasheetKey, Datasheet]:
    """Make the parsed datasheets' rows; return every row of their factions by key."""
    faction_ids = {factions[s.faction].pk for s in parsed.datasheets}
    existing = {
        (d.faction_id, d.name): d for d in Datasheet.objects.filter(faction_id__in=faction_ids)
    }
    slug_before = {row.pk: row.slug for row in existing.values()}
    by_faction: dict[str, list[ParsedDatasheet]] = defaultdict(list)
    for sheet in parsed.datasheets:
        by_faction[sheet.faction].append(sheet)
    new, changed = [], []
    for faction_name, sheets in by_faction.items():
        faction = factions[faction_name]
        wanted = {s.name for s in sheets}
        # Keep the slugs of rows we are not touching; give ours stable ones.
        taken = {
            d.slug
            for (fid, name), d in existing.items()
            if fid == faction.pk and name not in wanted
        }
        slugs = _slugs(wanted, taken)
        for sheet in sheets:
            values = {
                "slug": slugs[sheet.name],
                "keywords": list(sheet.keywords),
                "faction_keywords": list(sheet.faction_keywords),
                "min_models": sheet.min_models,
                "max_models": sheet.max_models,
                "limit": sheet.limit,
                "legends": sheet.legends,
                "deep_strike": sheet.deep_strike,
                "conditional_abilities": list(sheet.conditional_abilities),
                "hover": sheet.hover,
                "warlord": sheet.warlord,
                "extra_leaders": sheet.extra_leaders,
                "joins_led_unit": sheet.joins_led_unit,
                "source_id": sheet.source_id,
                "review_note": sheet.review_note,
            }
            row = existing.get((faction.pk, sheet.name))
            if row is None:
                new.append(Datasheet(faction=faction, name=sheet.name, **values))
            elif values_set(row, values):
                changed.append(row)
    moved = [row for row in changed if row.slug != slug_before[row.pk]]
    if moved:
        # Two rows may swap slugs; park them on unique placeholders first.
        parked = [Datasheet(pk=row.pk, slug=f"~{row.pk}") for row in moved]
        Datasheet.objects.bulk_update(parked, ["slug"], batch_size=BATCH)
    if changed:
        Datasheet.objects.bulk_update(changed, DATASHEET_FIELDS, batch_size=BATCH)
    Datasheet.objects.bulk_create(new, batch_size=BATCH)
    stats.created["Datasheet"] += len(new)
    stats.updated["Datasheet"] += len(changed)
    rows = Datasheet.objects.filter(faction_id__in=faction_ids).only("id", "faction_id", "name")
    ids_to_name = {f.pk: f.name for f in factions.values()}
    return {(ids_to_name[d.faction_id], d.name): d for d in rows if d.faction_id in ids_to_name}


def leads_write(
    parsed: ParsedCatalogue, sheets: dict[DatasheetKey, Datasheet], stats: WriteStats
) -> None:
    """Make each parsed datasheet lead exactly the datasheets it names."""
    wanted = set()
    owners = []
    for sheet in parsed.datasheets:
        row = sheets.get(sheet.key)
        if row is None:
            continue
        owners.append(row.pk)
        for target in sheet.leads:
            if target in sheets:
                wanted.add((row.pk, sheets[target].pk))
    through = Datasheet.leads.through
    links_sync(through, "from_datasheet_id", "to_datasheet_id", owners, wanted, "leads", stats)


def _pool_values(sheet: ParsedDatasheet) -> list[tuple[Any, ...]]:
    return [
        (
            pool.position,
            pool.capacity,
            [list(a) for a in pool.allowed],
            list(pool.forbidden),
            dict(pool.space),
            list(pool.only_datasheets),
            pool.complete,
            pool.note,
        )
        for pool in sheet.pools
    ]


def pools_write(
    parsed: ParsedCatalogue, sheets: dict[DatasheetKey, Datasheet], stats: WriteStats
) -> None:
    """Replace the transport pools of each datasheet whose parsed pools differ."""
    ids = [sheets[s.key].pk for s in parsed.datasheets if s.key in sheets]
    present: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for pool in chunked_load(TransportPool.objects.all(), "datasheet_id", ids):
        present[pool.datasheet_id].append(
            (
                pool.position,
                pool.capacity,
                pool.allowed,
                pool.forbidden,
                pool.space,
                pool.only_datasheets,
                pool.complete,
                pool.note,
            )
        )
    replace, fresh = [], []
    for sheet in parsed.datasheets:
        row = sheets.get(sheet.key)
        if row is None:
            continue
        wanted = _pool_values(sheet)
        if sorted(present.get(row.pk, []), key=lambda p: p[0]) == wanted:
            continue
        if row.pk in present:
            replace.append(row.pk)
        for position, capacity, allowed, forbidden, space, only, complete, note in wanted:
            fresh.append(
                TransportPool(
                    datasheet_id=row.pk,
                    position=position,
                    capacity=capacity,
                    allowed=allowed,
                    forbidden=forbidden,
                    space=space,
                    only_datasheets=only,
                    complete=complete,
                    note=note,
                )
            )
    deleted = chunked_delete(TransportPool, "datasheet_id", replace)
    TransportPool.objects.bulk_create(fresh, batch_size=BATCH)
    stats.deleted["TransportPool"] += deleted
    stats.created["TransportPool"] += len(fresh)
