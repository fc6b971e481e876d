"""Write the parsed factions and what is theirs: the units each may field, ally rules, limits."""

from __future__ import annotations

from ..models import AllyRule, ArmyLimit, Availability, Datasheet, Faction
from .bsdata_facts import DatasheetKey, ParsedCatalogue, WriteStats
from .bsdata_write import BATCH, chunked_delete, values_set


def factions_write(parsed: ParsedCatalogue, stats: WriteStats) -> dict[str, Faction]:
    """Make the parsed factions' rows and parents; return them by name."""
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
        elif values_set(faction, values):
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


def availability_write(
    parsed: ParsedCatalogue,
    factions: dict[str, Faction],
    sheets: dict[DatasheetKey, Datasheet],
    stats: WriteStats,
) -> None:
    """Make the scope's ally rules and the datasheets each faction may field the parsed ones."""
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
        elif values_set(rule, values):
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
    chunked_delete(Availability, "pk", stale)
    Availability.objects.bulk_create(new, batch_size=BATCH)
    Availability.objects.bulk_update(changed, ["ally"], batch_size=BATCH)
    stats.created["Availability"] += len(new)
    stats.updated["Availability"] += len(changed)
    stats.deleted["Availability"] += len(stale)
    unused = [r.pk for key, r in rules.items() if key not in wanted_rules]
    if unused:
        AllyRule.objects.filter(pk__in=unused).delete()
        stats.deleted["AllyRule"] += len(unused)


def limits_write(parsed: ParsedCatalogue, factions: dict[str, Faction], stats: WriteStats) -> None:
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
        elif values_set(row, values):
            changed.append(row)
    stale = [row.pk for key, row in present.items() if key not in wanted]
    ArmyLimit.objects.filter(pk__in=stale).delete()
    ArmyLimit.objects.bulk_create(new, batch_size=BATCH)
    ArmyLimit.objects.bulk_update(changed, fields, batch_size=BATCH)
    stats.created["ArmyLimit"] += len(new)
    stats.updated["ArmyLimit"] += len(changed)
    stats.deleted["ArmyLimit"] += len(stale)
