"""Import the monthly BSData history as published, dated points releases.

``release_import_bsdata_history`` parses every snapshot (in parallel processes), loads
the newest one through the ordinary importer (``catalogue_write``), then walks the older
ones newest first and gives each its own release ("BSData 2024-07-01"): the prices, the
model counts it allows per datasheet (``ReleaseUnitSize``, with the keywords it states
where they differ from the datasheet row's), and rows for what only older
data has, marked with the last release that had them. An entry BSData renamed keeps its
id, so a name seen under the same id in older data becomes a ``FormerName`` (a wargear
option's, a ``FormerOptionName``); a datasheet's wargear as older data states it, where
it differs from the final data, becomes a ``WargearVersion`` (bsdata_history_wargear). Every table
is synchronised to what the data says, so a second run changes nothing.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from itertools import pairwise
from pathlib import Path
from typing import Any

from django.db import models, transaction
from django.utils.text import slugify

from ..models import (
    MAX_POINTS,
    MAX_PRICED_MODELS,
    AllyRule,
    Availability,
    Datasheet,
    Detachment,
    Enhancement,
    EnhancementPrice,
    Faction,
    FormerName,
    FormerOptionName,
    ImportReport,
    OptionPrice,
    PointsRelease,
    ReleaseUnitSize,
    UnitPrice,
    WargearVersion,
)
from .bsdata import DEFAULT_RELEASE_DATE, DEFAULT_RELEASE_NAME, catalogue_write
from .bsdata_facts import NOTE_NO_MODELS, ParsedFaction, WriteStats
from .bsdata_history_parse import (
    Snapshot,
    snapshots_open,
    snapshots_parse,
    stub_catalogues,
    stubs_filled,
)
from .bsdata_history_wargear import WargearHistory
from .bsdata_parse import ParsedCatalogue
from .bsdata_write import chunked_delete
from .bsdata_xml import BsdataError

RELEASE_NAME = "BSData {day}"
RELEASE_NOTES = "BSData wh40k-10e as of {day} (github.com/BSData/wh40k-10e), monthly history."
ERROR_NO_FINAL = "{path} is not a directory of the final BSData catalogues"

__all__ = ["HistoryReport", "history_release_name", "release_import_bsdata_history"]

BATCH = 1000


class _DryRun(Exception):
    """Raised inside the transaction to roll a dry run back."""


@dataclass
class HistoryReport:
    source: Path | None = None
    final: Path | None = None
    releases: list[str] = field(default_factory=list)
    stats: WriteStats = field(default_factory=WriteStats)
    retired: Counter[str] = field(default_factory=Counter)
    former_names: Counter[str] = field(default_factory=Counter)
    skipped_factions: dict[str, str] = field(default_factory=dict)
    # Factions only older data has (name -> the newest snapshot that had it).
    retired_factions: dict[str, str] = field(default_factory=dict)
    # Prices the bounds refuse (a bracket of 0 models in an old snapshot), by release.
    skipped_prices: list[str] = field(default_factory=list)
    parse_s: float = 0.0
    write_s: float = 0.0
    report: ImportReport | None = None

    @property
    def changed(self) -> int:
        return self.stats.changed

    def text(self) -> str:
        lines = [
            f"BSData history: {len(self.releases)} releases "
            f"({self.releases[0]} ... {self.releases[-1]})"
            if self.releases
            else "no releases",
            f"  parsed in {self.parse_s:.1f} s, written in {self.write_s:.1f} s",
            "  kept from older data only: "
            + ", ".join(f"{n} {kind}" for kind, n in sorted(self.retired.items())),
            "  former names: "
            + ", ".join(f"{n} {kind}" for kind, n in sorted(self.former_names.items())),
        ]
        for name, last in sorted(self.skipped_factions.items()):
            lines.append(f"  faction {name!r} has no later faction; skipped (last {last})")
        for name, last in sorted(self.retired_factions.items()):
            lines.append(f"  faction {name!r} is only in older data; kept (last {last})")
        for item in self.skipped_prices:
            lines.append(f"  price out of bounds, skipped: {item}")
        changes = self.stats.as_dict()
        lines.append(
            "Database changes: "
            + ", ".join(f"{verb} {sum(c.values())}" for verb, c in changes.items())
        )
        for verb, counter in changes.items():
            if counter:
                lines.append(f"  {verb}: " + ", ".join(f"{k} {v}" for k, v in counter.items()))
        return "\n".join(lines)


def history_release_name(day: date) -> str:
    """The release a snapshot is imported as; the final one keeps the usual name."""
    return DEFAULT_RELEASE_NAME if day == DEFAULT_RELEASE_DATE else RELEASE_NAME.format(day=day)


def release_import_bsdata_history(
    *,
    source: Path,
    final: Path | None = None,
    jobs: int | None = None,
    factions: Sequence[str] = (),
    dry_run: bool = False,
) -> HistoryReport:
    """Import every dated snapshot of ``source`` (a directory or .tar.xz) as a release.

    ``final`` is the directory of the final catalogues when ``source`` lacks its date
    (2026-06-14). Raises BsdataError for unreadable data; nothing is written then.
    """
    out = HistoryReport(source=Path(source), final=Path(final) if final else None)
    started = time.perf_counter()
    with snapshots_open(Path(source)) as snapshots:
        if final is not None:
            if not Path(final).is_dir():
                raise BsdataError(ERROR_NO_FINAL.format(path=final))
            if all(s.day != DEFAULT_RELEASE_DATE for s in snapshots):
                snapshots = [*snapshots, Snapshot(DEFAULT_RELEASE_DATE, Path(final))]
        parsed = snapshots_parse(snapshots, jobs=jobs, factions=factions)
        parsed = stubs_filled(parsed, [stub_catalogues(s.directory) for s in snapshots])
    out.parse_s = time.perf_counter() - started
    started = time.perf_counter()
    days = [s.day for s in snapshots]
    try:
        with transaction.atomic():
            _write_history(days, parsed, out)
            out.report = ImportReport.objects.create(
                kind=ImportReport.Kind.BSDATA,
                release=PointsRelease.objects.get(name=history_release_name(days[-1])),
                source=str(source)[:300],
                dry_run=dry_run,
                counts={"history": out.stats.as_dict(), "retired": dict(out.retired)},
                text=out.text(),
            )
            if dry_run:
                raise _DryRun
    except _DryRun:
        out.report = None
    out.write_s = time.perf_counter() - started
    return out


def _release(day: date, *, final: bool) -> PointsRelease:
    name = history_release_name(day)
    release = PointsRelease.objects.filter(name=name).first()
    if release is None:
        release = PointsRelease.objects.create(
            name=name,
            published=day,
            notes=RELEASE_NOTES.format(day=day),
            is_published=True,
            is_current=final and not PointsRelease.objects.filter(is_current=True).exists(),
        )
    return release


@dataclass
class _Rows:
    """Catalogue rows found by BSData id or by name, per faction; grown as rows are made."""

    by_id: dict[tuple[str, str], int] = field(default_factory=dict)
    by_name: dict[tuple[Any, str], int] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)

    def add(self, pk: int, scope: Any, name: str, source_id: str, id_scope: str) -> None:
        if source_id:
            self.by_id.setdefault((id_scope, source_id), pk)
        self.by_name.setdefault((scope, name), pk)
        self.names[pk] = name

    def find(self, scope: Any, name: str, source_id: str, id_scope: str) -> int | None:
        found = self.by_id.get((id_scope, source_id)) if source_id else None
        return found if found is not None else self.by_name.get((scope, name))


class _RetiredFactions:
    """The factions only older data has, kept as the newest snapshot that had them says.

    The row is made (or found again) by name; its ally rules and the datasheets it may
    field are those of its newest snapshot, synchronised at the end so a second run
    changes nothing. Its detachments and enhancements are made as any retired row is.
    """

    def __init__(self, names: set[str]) -> None:
        # Factions an earlier run kept: found again as retired, never as current.
        self.names = names
        self.seen: set[str] = set()
        self.rules: dict[tuple[int, str], dict[str, Any]] = {}
        self.availability: dict[tuple[int, int], str | None] = {}

    def row(
        self,
        item: ParsedFaction,
        release: PointsRelease,
        factions: dict[str, Faction],
        stats: WriteStats,
    ) -> Faction:
        row = factions.get(item.name)
        if item.name in self.seen and row is not None:
            return row
        self.seen.add(item.name)
        values = {
            "keyword": item.keyword,
            "grand_alliance": item.grand_alliance,
            "source_file": item.source_file,
            "parent_id": factions[item.parent].pk if item.parent in factions else None,
            "last_release_id": release.pk,
        }
        if row is None:
            taken = set(Faction.objects.values_list("slug", flat=True))
            slug, n = item.slug, 2
            while slug in taken:
                slug, n = f"{item.slug}-{n}", n + 1
            row = factions[item.name] = Faction.objects.create(name=item.name, slug=slug, **values)
            stats.created["Faction"] += 1
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            row.save(update_fields=[k.removesuffix("_id") for k in values])
            stats.updated["Faction"] += 1
        return row

    def offered(
        self,
        data: ParsedCatalogue,
        name: str,
        rename: dict[str, str],
        factions: dict[str, Faction],
        sheets: _Rows,
    ) -> None:
        """Record what the faction's newest snapshot offers it: ally rules and datasheets."""
        fid = factions[name].pk
        for rule in data.ally_rules:
            if rule.faction == name:
                self.rules[(fid, rule.keyword)] = {
                    "label": rule.label,
                    "points_cap": rule.points_cap,
                }
        for item in data.availabilities:
            owner = rename.get(item.datasheet[0])
            if item.faction != name or owner is None:
                continue
            pk = sheets.by_name.get((owner, item.datasheet[1]))
            if pk is None or (item.ally_keyword and (fid, item.ally_keyword) not in self.rules):
                continue
            self.availability.setdefault((fid, pk), item.ally_keyword)

    def write(self, stats: WriteStats) -> None:
        scope = {
            "faction_id__in": sorted(
                {fid for fid, _ in self.rules} | {fid for fid, _ in self.availability}
            )
        }
        if not scope["faction_id__in"]:
            return
        _sync(AllyRule, scope, ("faction_id", "keyword"), self.rules, stats)
        rules = {(r.faction_id, r.keyword): r.pk for r in AllyRule.objects.filter(**scope)}
        wanted = {
            key: {"ally_id": rules[(key[0], keyword)] if keyword else None}
            for key, keyword in self.availability.items()
        }
        _sync(Availability, scope, ("faction_id", "datasheet_id"), wanted, stats)


def _write_history(days: list[date], parsed: list[ParsedCatalogue], out: HistoryReport) -> None:
    final = parsed[-1]
    final_release = _release(days[-1], final=True)
    out.stats = catalogue_write(final, final_release)
    factions = {f.name: f for f in Faction.objects.all()}
    names_by_catalogue = {f.catalogue_id: f.name for f in final.factions}
    # A faction of older data only (Ynnari) is kept as its newest snapshot states it: the
    # row, its ally rules, what it may field and its detachments, marked retired.
    retired = _RetiredFactions(
        {
            name
            for name, row in factions.items()
            if row.last_release_id is not None and name not in names_by_catalogue.values()
        }
    )

    sheets, detachments, enhancements = _Rows(), _Rows(), _Rows()
    faction_name = {f.pk: f.name for f in factions.values()}
    # Identity comes from the final rows and the snapshots alone, never from rows an earlier
    # run made, so every run matches alike: those rows are found again by their name.
    kept: dict[str, dict[tuple[Any, str], int]] = {k: {} for k in ("sheet", "det", "enh")}
    for pk, fid, name, source_id, last in Datasheet.objects.values_list(
        "id", "faction_id", "name", "source_id", "last_release_id"
    ):
        if last is None:
            sheets.add(pk, faction_name[fid], name, source_id, faction_name[fid])
        else:
            kept["sheet"][(faction_name[fid], name)] = pk
    for pk, fid, name, source_id, last in Detachment.objects.values_list(
        "id", "faction_id", "name", "source_id", "last_release_id"
    ):
        if last is None:
            detachments.add(pk, faction_name[fid], name, source_id, faction_name[fid])
        else:
            kept["det"][(faction_name[fid], name)] = pk
    for pk, did, fid, name, source_id, last in Enhancement.objects.values_list(
        "id", "detachment_id", "detachment__faction_id", "name", "source_id", "last_release_id"
    ):
        if last is None:
            enhancements.add(pk, did, name, source_id, faction_name[fid])
        else:
            kept["enh"][(did, name)] = pk
    current = {
        "datasheets": {
            sheets.find(s.faction, s.name, s.source_id, s.faction) for s in final.datasheets
        },
        "detachments": {
            detachments.find(d.faction, d.name, d.source_id, d.faction) for d in final.detachments
        },
        "factions": {factions[f.name].pk for f in final.factions if f.name in factions},
    }
    final_detachments = {(d.faction, d.name) for d in final.detachments}
    current["enhancements"] = {
        enhancements.find(
            detachments.find(e.faction, e.detachment, "", e.faction), e.name, e.source_id, e.faction
        )
        for e in final.enhancements
        if (e.faction, e.detachment) in final_detachments
    }
    slugs: dict[int, set[str]] = defaultdict(set)
    for fid, slug in Datasheet.objects.values_list("faction_id", "slug"):
        slugs[fid].add(slug)
    rules = {(r.faction_id, r.keyword): r.pk for r in AllyRule.objects.all()}

    # What the data says, keyed as the tables are; compared with the rows at the end.
    sizes: dict[tuple[int, int], dict[str, int]] = {}
    unit_prices: dict[tuple[int, int, int], dict[str, int]] = {}
    option_prices: dict[tuple[int, int, str], dict[str, int]] = {}
    enhancement_prices: dict[tuple[int, int], dict[str, int]] = {}
    former: dict[tuple[str, int, str], date] = {}
    last_seen: dict[str, dict[int, int]] = {k: {} for k in current}
    release_ids = []
    gear = WargearHistory()
    final_min: dict[int, int] = {}
    for sheet in final.datasheets:
        pk = sheets.find(sheet.faction, sheet.name, sheet.source_id, sheet.faction)
        if pk is not None:
            gear.final(pk, sheet.wargear)
            final_min[pk] = sheet.min_models
    # Each snapshot is in force until the next one's day.
    until = dict(pairwise(days))

    for day, data in sorted(zip(days[:-1], parsed[:-1], strict=True), reverse=True):
        release = _release(day, final=False)
        release_ids.append(release.pk)
        out.releases.append(release.name)
        rename: dict[str, str] = {}
        newest: list[ParsedFaction] = []
        for item in data.factions:
            later = names_by_catalogue.get(item.catalogue_id, item.name)
            if later in factions and later not in retired.names:
                rename[item.name] = later
            elif item.catalogue_id:
                if item.name not in retired.seen:
                    newest.append(item)
                    out.retired_factions[item.name] = str(day)
                row = retired.row(item, release, factions, out.stats)
                rename[item.name] = item.name
                last_seen["factions"].setdefault(row.pk, release.pk)
            else:
                out.skipped_factions.setdefault(item.name, str(day))
        # Datasheets: match by id, then by name; make rows for what only older data has.
        # What a retired faction fields under another's datasheet (Ynnari's copies of the
        # Aeldari library's units) is that datasheet, found by its BSData id; so the
        # retired factions' datasheets come last, when the others' rows are known.
        shared = {sid: pk for (_, sid), pk in sheets.by_id.items()}
        aliases: set[tuple[str, str]] = set()
        fresh: list[Datasheet] = []
        for sheet in sorted(data.datasheets, key=lambda s: s.faction in retired.seen):
            faction = rename.get(sheet.faction)
            if faction is None:
                continue
            found = sheets.find(faction, sheet.name, sheet.source_id, faction)
            alias = shared.get(sheet.source_id) if faction in retired.seen else None
            if alias is not None and found in (None, alias):
                sheets.by_name.setdefault((faction, sheet.name), alias)
                sheets.by_id.setdefault((faction, sheet.source_id), alias)
                aliases.add((faction, sheet.name))
                continue
            if found is None:
                again = kept["sheet"].get((faction, sheet.name))
                if again is not None:
                    sheets.add(again, faction, sheet.name, sheet.source_id, faction)
                    if sheet.source_id:
                        shared.setdefault(sheet.source_id, again)
                    continue
                fid = factions[faction].pk
                slug = _slug(sheet.name, slugs[fid])
                row = Datasheet(
                    faction_id=fid,
                    name=sheet.name,
                    slug=slug,
                    keywords=list(sheet.keywords),
                    faction_keywords=list(sheet.faction_keywords),
                    min_models=max(sheet.min_models, 1),
                    max_models=max(sheet.max_models, sheet.min_models, 1),
                    limit=sheet.limit,
                    legends=sheet.legends,
                    deep_strike=sheet.deep_strike,
                    hover=sheet.hover,
                    warlord=sheet.warlord,
                    extra_leaders=sheet.extra_leaders,
                    joins_led_unit=sheet.joins_led_unit,
                    source_id=sheet.source_id,
                    last_release=release,
                )
                fresh.append(row)
                sheets.add(-len(fresh), faction, sheet.name, sheet.source_id, faction)
                if sheet.source_id:
                    shared.setdefault(sheet.source_id, -len(fresh))
        if fresh:
            Datasheet.objects.bulk_create(fresh, batch_size=500)
            out.stats.created["Datasheet"] += len(fresh)
            for position, row in enumerate(fresh, 1):
                _repoint(sheets, -position, row.pk)
            _availability(
                data, rename, factions, sheets, rules, {r.pk for r in fresh}, retired, out
            )
        for item in newest:
            retired.offered(data, item.name, rename, factions, sheets)
        for sheet in data.datasheets:
            faction = rename.get(sheet.faction)
            if faction is None or (sheet.faction, sheet.name) in aliases:
                continue
            pk = sheets.find(faction, sheet.name, sheet.source_id, faction)
            assert pk is not None
            last_seen["datasheets"].setdefault(pk, release.pk)
            sheets.by_name.setdefault((faction, sheet.name), pk)
            if sheet.source_id:
                sheets.by_id.setdefault((faction, sheet.source_id), pk)
            if sheets.names[pk] != sheet.name:
                former.setdefault(("datasheet", pk, sheet.name[:150]), day)
            if NOTE_NO_MODELS in sheet.review_notes and final_min.get(pk, 1) > 1:
                # A stub of the month (Kasrkin of July 2023: a name and one cost, no models):
                # its "one model" is a guess the later data refutes, so the month states no
                # sizes, prices or wargear of its own; it is priced from the next month that
                # does and checked against that month's wargear.
                gear.stub(pk, day, until[day])
                continue
            gear.snapshot(pk, day, until[day], sheet.wargear)
            sizes.setdefault(
                (release.pk, pk),
                {
                    "min_models": min(max(sheet.min_models, 1), MAX_PRICED_MODELS),
                    "max_models": min(
                        max(sheet.max_models, sheet.min_models, 1), MAX_PRICED_MODELS
                    ),
                    "keywords": sorted(sheet.keywords),
                },
            )
            for count, points in sheet.prices:
                if not (1 <= count <= MAX_PRICED_MODELS and 0 <= points <= MAX_POINTS):
                    out.skipped_prices.append(f"{day} {faction} / {sheet.name}: {count} {points}")
                    continue
                unit_prices.setdefault((release.pk, pk, count), {"points": points})
            for option in sheet.options:
                # An index-era enhancement, priced as the unit's option under the id the
                # later enhancement keeps: a former name of that enhancement.
                bearer = enhancements.by_id.get((faction, option.source_id), 0)
                if option.source_id and bearer and enhancements.names[bearer] != option.name:
                    former.setdefault(("enhancement", bearer, option.name[:150]), day)
                if not 0 <= option.points <= MAX_POINTS:
                    continue
                option_prices.setdefault(
                    (release.pk, pk, option.name[:150]),
                    {"points": option.points, "max_count": max(option.max_count, 1)},
                )

        # Detachments, then their enhancements, the same way.
        fresh_detachments: list[Detachment] = []
        for item in data.detachments:
            faction = rename.get(item.faction)
            if faction is None:
                continue
            if detachments.find(faction, item.name, item.source_id, faction) is None:
                again = kept["det"].get((faction, item.name))
                if again is not None:
                    detachments.add(again, faction, item.name, item.source_id, faction)
                    continue
                row = Detachment(
                    faction_id=factions[faction].pk,
                    name=item.name,
                    source_id=item.source_id,
                    last_release=release,
                )
                fresh_detachments.append(row)
                detachments.add(
                    -len(fresh_detachments), faction, item.name, item.source_id, faction
                )
        if fresh_detachments:
            Detachment.objects.bulk_create(fresh_detachments)
            out.stats.created["Detachment"] += len(fresh_detachments)
            for position, row in enumerate(fresh_detachments, 1):
                _repoint(detachments, -position, row.pk)
        for item in data.detachments:
            faction = rename.get(item.faction)
            if faction is None:
                continue
            pk = detachments.find(faction, item.name, item.source_id, faction)
            assert pk is not None
            last_seen["detachments"].setdefault(pk, release.pk)
            # Its enhancements name it as this snapshot does.
            detachments.by_name.setdefault((faction, item.name), pk)
            if item.source_id:
                detachments.by_id.setdefault((faction, item.source_id), pk)
            if detachments.names[pk] != item.name:
                former.setdefault(("detachment", pk, item.name[:150]), day)

        fresh_enhancements: list[Enhancement] = []
        placed: list[tuple[Any, int]] = []
        for item in data.enhancements:
            faction = rename.get(item.faction)
            if faction is None:
                continue
            detachment = detachments.find(faction, item.detachment, "", faction)
            if detachment is None:
                continue
            if enhancements.find(detachment, item.name, item.source_id, faction) is None:
                again = kept["enh"].get((detachment, item.name))
                if again is not None:
                    enhancements.add(again, detachment, item.name, item.source_id, faction)
                    placed.append((item, detachment))
                    continue
                row = Enhancement(
                    detachment_id=detachment,
                    name=item.name,
                    required_keywords=[list(a) for a in item.required_keywords],
                    source_id=item.source_id,
                    last_release=release,
                )
                fresh_enhancements.append(row)
                enhancements.add(
                    -len(fresh_enhancements), detachment, item.name, item.source_id, faction
                )
            placed.append((item, detachment))
        if fresh_enhancements:
            Enhancement.objects.bulk_create(fresh_enhancements, batch_size=500)
            out.stats.created["Enhancement"] += len(fresh_enhancements)
            for position, row in enumerate(fresh_enhancements, 1):
                _repoint(enhancements, -position, row.pk)
        for item, detachment in placed:
            faction = rename[item.faction]
            pk = enhancements.find(detachment, item.name, item.source_id, faction)
            assert pk is not None
            last_seen["enhancements"].setdefault(pk, release.pk)
            if item.source_id:
                enhancements.by_id.setdefault((faction, item.source_id), pk)
            if enhancements.names[pk] != item.name:
                former.setdefault(("enhancement", pk, item.name[:150]), day)
            if item.points is not None and 0 <= item.points <= MAX_POINTS:
                enhancement_prices.setdefault((release.pk, pk), {"points": item.points})

    retired.write(out.stats)
    _mark_retired(current, last_seen, out)
    _month_keywords(sizes)
    scope = {"release_id__in": release_ids}
    _sync(ReleaseUnitSize, scope, ("release_id", "datasheet_id"), sizes, out.stats)
    _sync(UnitPrice, scope, ("release_id", "datasheet_id", "models_count"), unit_prices, out.stats)
    _sync(OptionPrice, scope, ("release_id", "datasheet_id", "name"), option_prices, out.stats)
    _sync(EnhancementPrice, scope, ("release_id", "enhancement_id"), enhancement_prices, out.stats)
    _sync_former_names(former, out)
    options = gear.former_names()
    _sync(FormerOptionName, {}, ("datasheet_id", "option", "name"), options, out.stats)
    out.former_names["wargear option"] = len(options)
    versions = gear.versions()
    _sync(WargearVersion, {}, ("datasheet_id", "since"), versions, out.stats)
    out.retired["older wargear"] = len(versions)


def _month_keywords(sizes: dict[tuple[int, int], dict[str, Any]]) -> None:
    """Keep a month's keywords only where they differ from its datasheet row's own."""
    own = {pk: sorted(keywords) for pk, keywords in Datasheet.objects.values_list("id", "keywords")}
    for (_, pk), values in sizes.items():
        if values["keywords"] == own.get(pk, values["keywords"]):
            values["keywords"] = []


def _repoint(rows: _Rows, placeholder: int, pk: int) -> None:
    for table in (rows.by_id, rows.by_name):
        for key, value in table.items():
            if value == placeholder:
                table[key] = pk
    rows.names[pk] = rows.names.pop(placeholder)


def _slug(name: str, taken: set[str]) -> str:
    base = slugify(name)[:150] or "datasheet"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


def _availability(
    data: ParsedCatalogue,
    rename: dict[str, str],
    factions: dict[str, Faction],
    sheets: _Rows,
    rules: dict[tuple[int, str], int],
    fresh: set[int],
    retired: _RetiredFactions,
    out: HistoryReport,
) -> None:
    """Offer a datasheet only older data has to the factions that data offered it to."""
    rows = []
    seen = set()
    for item in data.availabilities:
        faction, owner = rename.get(item.faction), rename.get(item.datasheet[0])
        # A retired faction's whole offer is written by _RetiredFactions.
        if faction is None or owner is None or faction in retired.seen:
            continue
        pk = sheets.by_name.get((owner, item.datasheet[1]))
        if pk not in fresh or (factions[faction].pk, pk) in seen:
            continue
        ally = None
        if item.ally_keyword:
            ally = rules.get((factions[faction].pk, item.ally_keyword))
            if ally is None:
                continue
        seen.add((factions[faction].pk, pk))
        rows.append(Availability(faction_id=factions[faction].pk, datasheet_id=pk, ally_id=ally))
    Availability.objects.bulk_create(rows, batch_size=BATCH)
    out.stats.created["Availability"] += len(rows)


def _mark_retired(
    current: dict[str, set[int | None]], last_seen: dict[str, dict[int, int]], out: HistoryReport
) -> None:
    """Mark each row only older data has with the newest release that had it."""
    for kind, model in (
        ("datasheets", Datasheet),
        ("detachments", Detachment),
        ("enhancements", Enhancement),
        ("factions", Faction),
    ):
        wanted = {pk: rel for pk, rel in last_seen[kind].items() if pk not in current[kind]}
        out.retired[kind] = len(wanted)
        changed = []
        for row in model.objects.filter(
            models.Q(pk__in=list(wanted)) | models.Q(last_release__isnull=False)
        ).only("id", "last_release_id"):
            value = wanted.get(row.pk)
            if row.last_release_id != value:
                row.last_release_id = value
                changed.append(row)
        model.objects.bulk_update(changed, ["last_release"], batch_size=BATCH)
        out.stats.updated[model.__name__] += len(changed)


def _sync(
    model: type[models.Model],
    scope: dict[str, Any],
    key_fields: tuple[str, ...],
    wanted: dict[Any, dict[str, Any]],
    stats: WriteStats,
) -> None:
    """Make ``model``'s rows within ``scope`` exactly ``wanted``, writing only differences."""
    # The dated releases are a record of published data, not edits: their prices are
    # written without simple_history rows, which would double the import and its fixture.
    value_fields = tuple(next(iter(wanted.values()), {}).keys())
    present = {
        tuple(row[1 : 1 + len(key_fields)]): row
        for row in model._default_manager.filter(**scope).values_list(
            "pk", *key_fields, *value_fields
        )
    }
    fresh, changed = [], []
    for key, values in wanted.items():
        row = present.get(key)
        if row is None:
            fresh.append(model(**dict(zip(key_fields, key, strict=True)), **values))
        elif tuple(row[1 + len(key_fields) :]) != tuple(values.values()):
            changed.append(model(pk=row[0], **values))
    stale = [row[0] for key, row in present.items() if key not in wanted]
    chunked_delete(model, "pk", stale)
    model._default_manager.bulk_create(fresh, batch_size=BATCH)
    if changed:
        model._default_manager.bulk_update(changed, list(value_fields), batch_size=BATCH)
    label = model.__name__
    stats.created[label] += len(fresh)
    stats.updated[label] += len(changed)
    stats.deleted[label] += len(stale)


def _sync_former_names(former: dict[tuple[str, int, str], date], out: HistoryReport) -> None:
    present = {
        (kind, pk, name): (row_pk, seen)
        for row_pk, sheet, detachment, enhancement, name, seen in FormerName.objects.values_list(
            "pk", "datasheet_id", "detachment_id", "enhancement_id", "name", "last_seen"
        )
        for kind, pk in _entity(sheet, detachment, enhancement)
    }
    fresh, changed = [], []
    for key, seen in former.items():
        row = present.get(key)
        if row is None:
            fresh.append(FormerName(**{f"{key[0]}_id": key[1]}, name=key[2], last_seen=seen))
        elif row[1] != seen:
            changed.append(FormerName(pk=row[0], last_seen=seen))
    stale = [row[0] for key, row in present.items() if key not in former]
    FormerName.objects.filter(pk__in=stale).delete()
    FormerName.objects.bulk_create(fresh, batch_size=BATCH)
    FormerName.objects.bulk_update(changed, ["last_seen"], batch_size=BATCH)
    out.former_names.update(kind for kind, _, _ in former)
    out.stats.created["FormerName"] += len(fresh)
    out.stats.updated["FormerName"] += len(changed)
    out.stats.deleted["FormerName"] += len(stale)


def _entity(
    sheet: int | None, detachment: int | None, enhancement: int | None
) -> Iterable[tuple[str, int]]:
    for kind, pk in (
        ("datasheet", sheet),
        ("detachment", detachment),
        ("enhancement", enhancement),
    ):
        if pk is not None:
            yield kind, pk
