"""Import the BSData 10th-edition catalogue: parse it, then load the facts in one transaction.

``release_import_bsdata`` is the service. Parsing (``bsdata_parse``) is pure and builds plain
dataclasses; ``catalogue_write`` turns them into rows, touching only rows whose values differ,
so a second run on the same data changes nothing.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from django.db import models, transaction
from django.utils.text import slugify
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from ..models import (
    AllyRule,
    ArmyLimit,
    Availability,
    Datasheet,
    Detachment,
    Enhancement,
    EnhancementPrice,
    Faction,
    ImportReport,
    OptionPrice,
    PointsRelease,
    TransportPool,
    UnitPrice,
)
from .bsdata_parse import DatasheetKey, ParsedCatalogue, ParsedDatasheet, parse_bsdata
from .bsdata_upgrades_write import write_upgrades
from .bsdata_wargear_write import wargear_write
from .bsdata_xml import BsdataError

DEFAULT_RELEASE_NAME = "Final 10th edition (BSData 2026-06-14)"
IMPORT_REASON = "BSData import"
DEFAULT_RELEASE_DATE = date(2026, 6, 14)
ERROR_NOT_A_DIRECTORY = "{directory} is not a directory"
ERROR_UNKNOWN_FACTION = "Unknown faction {name!r}; choose from: {known}"

__all__ = [
    "DEFAULT_RELEASE_DATE",
    "DEFAULT_RELEASE_NAME",
    "BsdataError",
    "catalogue_write",
    "release_import_bsdata",
]

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


class _DryRun(Exception):
    """Raised inside the transaction to roll a dry run back."""


@dataclass
class WriteStats:
    """Rows created, updated and deleted per model."""

    created: Counter[str] = field(default_factory=Counter)
    updated: Counter[str] = field(default_factory=Counter)
    deleted: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, dict[str, int]]:
        return {
            verb: {label: n for label, n in sorted(counter.items()) if n}
            for verb, counter in (
                ("created", self.created),
                ("updated", self.updated),
                ("deleted", self.deleted),
            )
        }

    @property
    def changed(self) -> int:
        return sum(self.created.values()) + sum(self.updated.values()) + sum(self.deleted.values())


def release_import_bsdata(
    *,
    directory: Path,
    release_name: str = DEFAULT_RELEASE_NAME,
    release_date: date = DEFAULT_RELEASE_DATE,
    factions: Sequence[str] = (),
    dry_run: bool = False,
    allow_broken: bool = False,
) -> ImportReport:
    """Import a BSData directory under ``release_name`` and return the saved report."""
    # Raises BsdataError for unreadable data (nothing is written). A dry run does all the work,
    # rolls it back and returns an unsaved report.
    directory = Path(directory)
    if not directory.is_dir():
        raise BsdataError(ERROR_NOT_A_DIRECTORY.format(directory=directory))
    try:
        parsed = parse_bsdata(directory, factions or None, allow_broken=allow_broken)
    except KeyError as exc:
        known = ", ".join(_faction_names(directory))
        raise BsdataError(ERROR_UNKNOWN_FACTION.format(name=exc.args[0], known=known)) from exc
    report: ImportReport | None = None
    try:
        with transaction.atomic():
            release = _release(release_name, release_date)
            stats = catalogue_write(parsed, release)
            report = ImportReport(
                kind=ImportReport.Kind.BSDATA,
                release=release,
                source=str(directory)[:300],
                dry_run=dry_run,
                counts=_counts(parsed, stats),
                unmapped=[item.as_dict() for item in parsed.unmapped],
            )
            report.text = report_text(parsed, stats, release_name, directory, dry_run)
            report.save()
            if dry_run:
                raise _DryRun
    except _DryRun:
        assert report is not None
        report.pk = None
        report.release = None
    assert report is not None
    return report


def _faction_names(directory: Path) -> list[str]:
    try:
        parsed = parse_bsdata(directory, allow_broken=True)
    except (BsdataError, KeyError):
        return []
    return [f.name for f in parsed.factions]


def _release(name: str, published: date) -> PointsRelease:
    release: PointsRelease | None = PointsRelease.objects.filter(name=name).first()
    if release is None:
        current = PointsRelease.objects.filter(is_current=True).exists()
        release = PointsRelease.objects.create(
            name=name,
            published=published,
            notes="Imported from BSData (github.com/BSData/wh40k-10e).",
            is_current=not current,
        )
    elif not PointsRelease.objects.filter(is_current=True).exists():
        release.is_current = True
        release.save(update_fields=["is_current"])
    return release


# -- writing ---------------------------------------------------------------------------------


def _changed(obj: models.Model, values: dict[str, Any]) -> bool:
    """Set ``values`` on ``obj``; return whether any differed."""
    differs = False
    for name, value in values.items():
        if getattr(obj, name) != value:
            setattr(obj, name, value)
            differs = True
    return differs


def catalogue_write(parsed: ParsedCatalogue, release: PointsRelease) -> WriteStats:
    """Load parsed facts into the catalogue, writing only rows that differ."""
    stats = WriteStats()
    factions = _write_factions(parsed, stats)
    sheets = _write_datasheets(parsed, factions, stats)
    _write_leads(parsed, sheets, stats)
    _write_pools(parsed, sheets, stats)
    wargear_write(datasheets=parsed.datasheets, sheets=sheets, stats=stats)
    _write_availability(parsed, factions, sheets, stats)
    detachments = _write_detachments(parsed, factions, sheets, stats)
    enhancements = _write_enhancements(parsed, detachments, stats)
    _write_unit_prices(parsed, sheets, release, stats)
    _write_option_prices(parsed, sheets, release, stats)
    _write_enhancement_prices(parsed, enhancements, release, stats)
    _write_limits(parsed, factions, stats)
    write_upgrades(parsed, detachments, sheets, release, stats)
    return stats


def _write_limits(parsed: ParsedCatalogue, factions: dict[str, Faction], stats: WriteStats) -> None:
    """Make the scope's army limits exactly the parsed ones, keyed by faction and source."""
    scope_ids = [factions[name].pk for name in parsed.scope if name in factions]
    present = {
        (row.faction_id, row.source_id): row
        for row in ArmyLimit.objects.filter(faction_id__in=scope_ids)
    }
    new, changed, wanted = [], [], set()
    fields = ["code", "label", "subject", "maximum", "steps", "reason"]
    for item in parsed.limits:
        key = (factions[item.faction].pk, item.source_id)
        if key in wanted:
            continue
        wanted.add(key)
        values = {
            "code": item.code,
            "label": item.label,
            "subject": item.subject,
            "maximum": item.maximum,
            "steps": [dict(step) for step in item.steps],
            "reason": item.reason,
        }
        row = present.get(key)
        if row is None:
            new.append(ArmyLimit(faction_id=key[0], source_id=item.source_id, **values))
        elif _changed(row, values):
            changed.append(row)
    stale = [row.pk for key, row in present.items() if key not in wanted]
    ArmyLimit.objects.filter(pk__in=stale).delete()
    ArmyLimit.objects.bulk_create(new, batch_size=500)
    ArmyLimit.objects.bulk_update(changed, fields, batch_size=500)
    stats.created["ArmyLimit"] += len(new)
    stats.updated["ArmyLimit"] += len(changed)
    stats.deleted["ArmyLimit"] += len(stale)


def _write_factions(parsed: ParsedCatalogue, stats: WriteStats) -> dict[str, Faction]:
    existing = {
        f.name: f for f in Faction.objects.filter(name__in=[f.name for f in parsed.factions])
    }
    new, changed = [], []
    for item in parsed.factions:
        values = {
            "slug": item.slug,
            "keyword": item.keyword,
            "grand_alliance": item.grand_alliance,
            "source_file": item.source_file,
        }
        faction = existing.get(item.name)
        if faction is None:
            new.append(Faction(name=item.name, **values))
        elif _changed(faction, values):
            changed.append(faction)
    Faction.objects.bulk_create(new)
    Faction.objects.bulk_update(changed, ["slug", "keyword", "grand_alliance", "source_file"])
    stats.created["Faction"] += len(new)
    stats.updated["Faction"] += len(changed)
    by_name = {
        f.name: f for f in Faction.objects.filter(name__in=[f.name for f in parsed.factions])
    }
    parents = []
    for item in parsed.factions:
        faction = by_name[item.name]
        parent_id = by_name[item.parent].pk if item.parent in by_name else None
        if faction.parent_id != parent_id:
            faction.parent_id = parent_id
            parents.append(faction)
    Faction.objects.bulk_update(parents, ["parent"])
    # A new faction getting its parent is part of its creation, not an update.
    stats.updated["Faction"] += sum(1 for f in parents if f.name in existing and f not in changed)
    return by_name


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


def _write_datasheets(
    parsed: ParsedCatalogue, factions: dict[str, Faction], stats: WriteStats
) -> dict[DatasheetKey, Datasheet]:
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
            elif _changed(row, values):
                changed.append(row)
    moved = [row for row in changed if row.slug != slug_before[row.pk]]
    if moved:
        # Two rows may swap slugs; park them on unique placeholders first.
        parked = [Datasheet(pk=row.pk, slug=f"~{row.pk}") for row in moved]
        Datasheet.objects.bulk_update(parked, ["slug"], batch_size=500)
    if changed:
        Datasheet.objects.bulk_update(changed, DATASHEET_FIELDS, batch_size=500)
    Datasheet.objects.bulk_create(new, batch_size=500)
    stats.created["Datasheet"] += len(new)
    stats.updated["Datasheet"] += len(changed)
    rows = Datasheet.objects.filter(faction_id__in=faction_ids).only("id", "faction_id", "name")
    ids_to_name = {f.pk: f.name for f in factions.values()}
    return {(ids_to_name[d.faction_id], d.name): d for d in rows if d.faction_id in ids_to_name}


def _sync_links(
    through: type[models.Model],
    owner_field: str,
    target_field: str,
    owner_ids: Iterable[int],
    wanted: set[tuple[int, int]],
    label: str,
    stats: WriteStats,
) -> None:
    """Make the M2M rows owned by ``owner_ids`` exactly ``wanted`` (owner id, target id)."""
    owner_ids = list(owner_ids)
    present: dict[tuple[int, int], int] = {}
    for start in range(0, len(owner_ids), 500):
        chunk = owner_ids[start : start + 500]
        for pk, owner, target in through.objects.filter(
            **{f"{owner_field}__in": chunk}
        ).values_list("pk", owner_field, target_field):
            present[(owner, target)] = pk
    stale = [pk for pair, pk in present.items() if pair not in wanted]
    fresh = [
        through(**{owner_field: owner, target_field: target})
        for owner, target in sorted(wanted - present.keys())
    ]
    for start in range(0, len(stale), 500):
        through.objects.filter(pk__in=stale[start : start + 500]).delete()
    through.objects.bulk_create(fresh, batch_size=500)
    stats.created[label] += len(fresh)
    stats.deleted[label] += len(stale)


def _write_leads(
    parsed: ParsedCatalogue, sheets: dict[DatasheetKey, Datasheet], stats: WriteStats
) -> None:
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
    _sync_links(through, "from_datasheet_id", "to_datasheet_id", owners, wanted, "leads", stats)


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


def _write_pools(
    parsed: ParsedCatalogue, sheets: dict[DatasheetKey, Datasheet], stats: WriteStats
) -> None:
    ids = [sheets[s.key].pk for s in parsed.datasheets if s.key in sheets]
    present: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for start in range(0, len(ids), 500):
        for pool in TransportPool.objects.filter(datasheet_id__in=ids[start : start + 500]):
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
    deleted = 0
    for start in range(0, len(replace), 500):
        deleted += TransportPool.objects.filter(
            datasheet_id__in=replace[start : start + 500]
        ).delete()[0]
    TransportPool.objects.bulk_create(fresh, batch_size=500)
    stats.deleted["TransportPool"] += deleted
    stats.created["TransportPool"] += len(fresh)


def _write_availability(
    parsed: ParsedCatalogue,
    factions: dict[str, Faction],
    sheets: dict[DatasheetKey, Datasheet],
    stats: WriteStats,
) -> None:
    scope_ids = [factions[name].pk for name in parsed.scope if name in factions]
    rules = {
        (r.faction_id, r.keyword): r for r in AllyRule.objects.filter(faction_id__in=scope_ids)
    }
    wanted_rules = {(factions[r.faction].pk, r.keyword): r for r in parsed.ally_rules}
    new_rules, changed_rules = [], []
    for key, wanted_rule in wanted_rules.items():
        values = {"label": wanted_rule.label, "points_cap": wanted_rule.points_cap}
        rule = rules.get(key)
        if rule is None:
            new_rules.append(AllyRule(faction_id=key[0], keyword=key[1], **values))
        elif _changed(rule, values):
            changed_rules.append(rule)
    AllyRule.objects.bulk_create(new_rules)
    AllyRule.objects.bulk_update(changed_rules, ["label", "points_cap"])
    stats.created["AllyRule"] += len(new_rules)
    stats.updated["AllyRule"] += len(changed_rules)
    rules = {
        (r.faction_id, r.keyword): r for r in AllyRule.objects.filter(faction_id__in=scope_ids)
    }

    # Retired datasheets (kept by the dated-release history) keep their availability.
    present = {
        (a.faction_id, a.datasheet_id): a
        for a in Availability.objects.filter(
            faction_id__in=scope_ids, datasheet__last_release__isnull=True
        )
    }
    wanted: dict[tuple[int, int], int | None] = {}
    for availability in parsed.availabilities:
        row = sheets.get(availability.datasheet)
        if row is None:
            continue
        faction_id = factions[availability.faction].pk
        keyword = availability.ally_keyword
        ally = rules[(faction_id, keyword)].pk if keyword else None
        wanted[(faction_id, row.pk)] = ally
    new, changed = [], []
    for (faction_id, sheet_id), ally_id in wanted.items():
        current = present.get((faction_id, sheet_id))
        if current is None:
            new.append(Availability(faction_id=faction_id, datasheet_id=sheet_id, ally_id=ally_id))
        elif current.ally_id != ally_id:
            current.ally_id = ally_id
            changed.append(current)
    stale = [a.pk for key, a in present.items() if key not in wanted]
    for start in range(0, len(stale), 500):
        Availability.objects.filter(pk__in=stale[start : start + 500]).delete()
    Availability.objects.bulk_create(new, batch_size=500)
    Availability.objects.bulk_update(changed, ["ally"], batch_size=500)
    stats.created["Availability"] += len(new)
    stats.updated["Availability"] += len(changed)
    stats.deleted["Availability"] += len(stale)
    unused = [r.pk for key, r in rules.items() if key not in wanted_rules]
    if unused:
        AllyRule.objects.filter(pk__in=unused).delete()
        stats.deleted["AllyRule"] += len(unused)


def _write_detachments(
    parsed: ParsedCatalogue,
    factions: dict[str, Faction],
    sheets: dict[DatasheetKey, Datasheet],
    stats: WriteStats,
) -> dict[tuple[str, str], Detachment]:
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
        elif _changed(row, {"source_id": item.source_id}):
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
        _sync_links(
            through, "detachment_id", "datasheet_id", owners, wanted, f"detachment {name}", stats
        )
    hidden = {
        (rows[(item.faction, item.name)].pk, factions[chapter].pk)
        for item in parsed.detachments
        for chapter in item.hidden_for
        if chapter in factions
    }
    _sync_links(
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


def _write_enhancements(
    parsed: ParsedCatalogue,
    detachments: dict[tuple[str, str], Detachment],
    stats: WriteStats,
) -> dict[tuple[str, str, str], Enhancement]:
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
        elif _changed(row, values):
            changed.append(row)
    Enhancement.objects.bulk_create(new, batch_size=500)
    Enhancement.objects.bulk_update(changed, ["required_keywords", "source_id"], batch_size=500)
    stats.created["Enhancement"] += len(new)
    stats.updated["Enhancement"] += len(changed)
    by_id = {d.pk: key for key, d in detachments.items()}
    return {
        (*by_id[e.detachment_id], e.name): e
        for e in Enhancement.objects.filter(detachment_id__in=ids)
    }


def _write_unit_prices(
    parsed: ParsedCatalogue,
    sheets: dict[DatasheetKey, Datasheet],
    release: PointsRelease,
    stats: WriteStats,
) -> None:
    ids = [sheets[s.key].pk for s in parsed.datasheets if s.key in sheets]
    present = {}
    for start in range(0, len(ids), 500):
        for price in UnitPrice.objects.filter(
            release=release, datasheet_id__in=ids[start : start + 500]
        ):
            present[(price.datasheet_id, price.models_count)] = price
    wanted = {
        (sheets[s.key].pk, count): points
        for s in parsed.datasheets
        if s.key in sheets
        for count, points in s.prices
    }
    _sync_prices(
        UnitPrice,
        present,
        wanted,
        lambda key, points: UnitPrice(
            release=release, datasheet_id=key[0], models_count=key[1], points=points
        ),
        stats,
    )


def _sync_prices(
    model: type[models.Model],
    present: dict[Any, Any],
    wanted: dict[Any, Any],
    make: Any,
    stats: WriteStats,
    fields: Sequence[str] = ("points",),
) -> None:
    label = model.__name__
    new, changed = [], []
    for key, value in wanted.items():
        row = present.get(key)
        values = value if isinstance(value, dict) else {"points": value}
        if row is None:
            new.append(make(key, value))
        elif _changed(row, values):
            changed.append(row)
    stale = [row.pk for key, row in present.items() if key not in wanted]
    for start in range(0, len(stale), 500):
        # A queryset delete still sends post_delete per row, so history records it.
        model.objects.filter(pk__in=stale[start : start + 500]).delete()
    # Every price change keeps its history, an import's as much as an admin's.
    history = {"default_change_reason": IMPORT_REASON, "batch_size": 500}
    if new:
        bulk_create_with_history(new, model, **history)
    if changed:
        bulk_update_with_history(changed, model, list(fields), **history)
    stats.created[label] += len(new)
    stats.updated[label] += len(changed)
    stats.deleted[label] += len(stale)


def _write_option_prices(
    parsed: ParsedCatalogue,
    sheets: dict[DatasheetKey, Datasheet],
    release: PointsRelease,
    stats: WriteStats,
) -> None:
    ids = [sheets[s.key].pk for s in parsed.datasheets if s.key in sheets]
    present = {}
    for start in range(0, len(ids), 500):
        for price in OptionPrice.objects.filter(
            release=release, datasheet_id__in=ids[start : start + 500]
        ):
            present[(price.datasheet_id, price.name)] = price
    wanted = {
        (sheets[s.key].pk, option.name[:150]): {
            "points": option.points,
            "max_count": max(option.max_count, 1),
        }
        for s in parsed.datasheets
        if s.key in sheets
        for option in s.options
    }
    _sync_prices(
        OptionPrice,
        present,
        wanted,
        lambda key, values: OptionPrice(
            release=release, datasheet_id=key[0], name=key[1], **values
        ),
        stats,
        fields=("points", "max_count"),
    )


def _write_enhancement_prices(
    parsed: ParsedCatalogue,
    enhancements: dict[tuple[str, str, str], Enhancement],
    release: PointsRelease,
    stats: WriteStats,
) -> None:
    ids = [e.pk for e in enhancements.values()]
    present = {}
    for start in range(0, len(ids), 500):
        for price in EnhancementPrice.objects.filter(
            release=release, enhancement_id__in=ids[start : start + 500]
        ):
            present[price.enhancement_id] = price
    wanted = {
        enhancements[(e.faction, e.detachment, e.name)].pk: e.points
        for e in parsed.enhancements
        if e.points is not None and (e.faction, e.detachment, e.name) in enhancements
    }
    _sync_prices(
        EnhancementPrice,
        present,
        wanted,
        lambda key, points: EnhancementPrice(release=release, enhancement_id=key, points=points),
        stats,
    )


# -- the report ------------------------------------------------------------------------------


def _faction_counts(parsed: ParsedCatalogue) -> dict[str, dict[str, int]]:
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for sheet in parsed.datasheets:
        row = counts[sheet.faction]
        row["datasheets"] += 1
        row["leader_links"] += len(sheet.leads)
        row["priced"] += bool(sheet.prices)
        if sheet.is_transport:
            row["transports"] += 1
            if sheet.pools and all(pool.complete for pool in sheet.pools):
                row["transports_parsed_fully"] += 1
    for availability in parsed.availabilities:
        counts[availability.faction]["available"] += 1
        if availability.ally_keyword:
            counts[availability.faction]["allied"] += 1
    for detachment in parsed.detachments:
        counts[detachment.faction]["detachments"] += 1
    for enhancement in parsed.enhancements:
        counts[enhancement.faction]["enhancements"] += 1
    for item in parsed.unmapped:
        for faction in parsed.factions:
            if faction.source_file == item.file:
                counts[faction.name]["unmapped"] += 1
    keys = (
        "datasheets",
        "available",
        "allied",
        "detachments",
        "enhancements",
        "leader_links",
        "transports",
        "transports_parsed_fully",
        "priced",
        "unmapped",
    )
    return {
        faction.name: {key: counts[faction.name][key] for key in keys}
        for faction in parsed.factions
        if faction.name in parsed.scope or counts[faction.name]["datasheets"]
    }


def _counts(parsed: ParsedCatalogue, stats: WriteStats) -> dict[str, Any]:
    factions = _faction_counts(parsed)
    totals: Counter[str] = Counter()
    for row in factions.values():
        totals.update(row)
    totals["unmapped"] = len(parsed.unmapped)
    totals["factions"] = len(parsed.factions)
    totals["army_limits"] = len(parsed.limits)
    totals["detachment_upgrades"] = len(parsed.upgrades)
    return {
        "factions": factions,
        "totals": dict(totals),
        "unmapped_by_kind": unmapped_by_kind(parsed),
        "changes": stats.as_dict(),
    }


def report_text(
    parsed: ParsedCatalogue,
    stats: WriteStats,
    release_name: str,
    directory: Path,
    dry_run: bool,
) -> str:
    """Render the import report as plain text (numbers, names and keywords only)."""
    counts = _faction_counts(parsed)
    lines = [
        f"BSData import from {directory} into release {release_name!r}"
        + (" (dry run: rolled back)" if dry_run else ""),
        "",
        "Per faction: datasheets / available (allied) / detachments / enhancements / "
        "leader links / transports parsed fully of total / priced",
    ]
    keywords = {f.name: f for f in parsed.factions}
    for name, row in counts.items():
        faction = keywords[name]
        parent = f", parent {faction.parent}" if faction.parent else ""
        lines.append(
            f"  {name} [{faction.keyword}{parent}]: {row['datasheets']} / {row['available']} "
            f"({row['allied']}) / {row['detachments']} / {row['enhancements']} / "
            f"{row['leader_links']} / {row['transports_parsed_fully']} of {row['transports']} / "
            f"{row['priced']}"
        )
    totals: Counter[str] = Counter()
    for row in counts.values():
        totals.update(row)
    lines.append(
        f"  Total: {totals['datasheets']} datasheets, {totals['detachments']} detachments, "
        f"{totals['enhancements']} enhancements, {totals['leader_links']} leader links, "
        f"{totals['transports_parsed_fully']} of {totals['transports']} transports parsed fully"
    )
    if parsed.notes:
        lines += ["", "Allies and caps:"] + [f"  {note}" for note in parsed.notes]
    partial = [
        f"  {sheet.faction} / {sheet.name}: {sheet.pools[0].note}"
        for sheet in parsed.datasheets
        if sheet.is_transport and sheet.pools and not all(pool.complete for pool in sheet.pools)
    ]
    if partial:
        lines += ["", f"Transports parsed in part ({len(partial)}):", *partial]
    if parsed.conditional_limits:
        lines += ["", "Per-army limits that change or are shared:"]
        lines += [f"  {line}" for line in parsed.conditional_limits]
    lines += ["", f"Not mapped ({len(parsed.unmapped)}):"]
    for item in parsed.unmapped:
        detail = f" - {item.detail}" if item.detail else ""
        lines.append(f"  [{item.kind}] {item.file} {item.entry_id} {item.name}{detail}")
    lines += [
        "",
        "Database changes: "
        + ", ".join(
            f"{verb} {sum(counter.values())}"
            for verb, counter in (
                ("created", stats.created),
                ("updated", stats.updated),
                ("deleted", stats.deleted),
            )
        ),
    ]
    for verb, counter in (
        ("created", stats.created),
        ("updated", stats.updated),
        ("deleted", stats.deleted),
    ):
        detail = ", ".join(f"{k} {v}" for k, v in sorted(counter.items()) if v)
        if detail:
            lines.append(f"  {verb}: {detail}")
    limits = Counter(limit.code for limit in parsed.limits)
    lines += [
        "",
        f"Army limits stored: {len(parsed.limits)} ("
        + ", ".join(f"{code} {count}" for code, count in sorted(limits.items()))
        + ")",
        f"Detachment upgrades stored: {len(parsed.upgrades)} (on "
        f"{sum(len(u.units) for u in parsed.upgrades)} datasheets)",
    ]
    # Last, so the end of the report is the list of what is still not mapped.
    gaps = unmapped_by_kind(parsed)
    lines += ["", f"Remaining gaps ({sum(gaps.values())} items not mapped), by kind:"]
    lines += [f"  {kind}: {count}" for kind, count in gaps.items()]
    return "\n".join(lines)


def unmapped_by_kind(parsed: ParsedCatalogue) -> dict[str, int]:
    """Count what the import could not map, by kind, most frequent first."""
    counted = Counter(item.kind for item in parsed.unmapped)
    return dict(sorted(counted.items(), key=lambda pair: (-pair[1], pair[0])))
