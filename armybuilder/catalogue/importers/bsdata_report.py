"""The BSData import report: counts per faction and in total, and the text an admin reads."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from .bsdata_facts import ParsedCatalogue, WriteStats


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


def import_counts(parsed: ParsedCatalogue, stats: WriteStats) -> dict[str, Any]:
    """The report's counts: per faction, totals, gaps by kind and the database changes."""
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
