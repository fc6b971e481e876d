"""The builder page's data: the roster, its Result, and what the player may choose next.

Every rule-shaped fact on the page (points, limits, who may take an enhancement, who may
be Warlord, every violation) comes from the rules core; this module only arranges it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe

from armybuilder import rules
from armybuilder.catalogue.freshness import catalogue_version
from armybuilder.catalogue.models import (
    Datasheet,
    Enhancement,
    PointsRelease,
    UnitPrice,
)
from armybuilder.rules import model as core
from rosters import services
from rosters.models import Roster, RosterUnit


@dataclass(frozen=True)
class EnhancementChoice:
    enhancement: Enhancement
    points: int
    problem: str = ""


@dataclass
class UnitRow:
    unit: RosterUnit
    points: int
    model_counts: list[int]
    urls: dict[str, str]
    codes: list[str] = field(default_factory=list)
    enhancements: list[EnhancementChoice] = field(default_factory=list)
    # Why no enhancement can go on this unit at all, e.g. an Epic Hero.
    enhancement_refusal: str = ""

    @property
    def flagged(self) -> bool:
        return bool(self.codes)


@dataclass(frozen=True)
class PickerSheet:
    """A datasheet as the picker lists it; cached per faction while the catalogue stands."""

    pk: int
    name: str
    search_text: str
    keywords_text: str
    legends: bool
    facts: core.Datasheet


@dataclass(frozen=True)
class PickerEntry:
    sheet: PickerSheet
    brackets_text: str
    count: int
    limit: int

    @property
    def full(self) -> bool:
        return self.count >= self.limit


_PICKER_ITEM = (
    '<li data-search="{}" data-name="{}"><button type="submit" name="datasheet" value="{}" '
    'aria-label="Add {}">Add</button> <strong>{}</strong> <span class="count{}" '
    'title="In this roster / allowed">{} / {}</span><span class="brackets">{}</span>'
    '<span class="keywords">{}</span>{}</li>'
)
_LEGENDS = mark_safe('<span class="legends">Legends</span>')


def picker_html(entries: list[PickerEntry]) -> SafeString:
    """Render the picker's items; two hundred of them are too many for the template engine."""
    return format_html_join(
        "\n",
        _PICKER_ITEM,
        (
            (
                e.sheet.search_text,
                e.sheet.name,
                e.sheet.pk,
                e.sheet.name,
                e.sheet.name,
                " full" if e.full else "",
                e.count,
                e.limit,
                e.brackets_text,
                e.sheet.keywords_text,
                _LEGENDS if e.sheet.legends else "",
            )
            for e in entries
        ),
    )


@dataclass
class BuilderPage:
    roster: Roster
    army: core.Army
    result: core.Result
    rows: list[UnitRow]
    picker: list[PickerEntry]
    warlord_candidates: list[RosterUnit]
    newer_release: PointsRelease | None

    @property
    def picker_html(self) -> SafeString:
        return picker_html(self.picker)

    @property
    def warlord(self) -> RosterUnit | None:
        return next((row.unit for row in self.rows if row.unit.warlord), None)


def builder_page(*, roster: Roster, with_picker: bool = True) -> BuilderPage:
    """Gather everything the builder page shows, in a fixed number of queries."""
    draft = services.roster_to_draft(roster=roster)
    army, result = services.draft_validate(draft=draft)
    profile = rules.get_profile(roster.profile)
    units = {u.id: u for u in army.units}
    flagged: dict[str, list[str]] = defaultdict(list)
    for violation in result.violations:
        for unit_id in violation.unit_ids:
            flagged[unit_id].append(violation.code)
    enhancements = _detachment_enhancements(roster)
    picker = _picker(roster, army, profile) if with_picker else []
    # Reverse each URL once and fill in the unit id: sixty rows, three URLs each.
    unit_urls = {
        name: reverse(f"rosters:unit_{name}", args=[roster.pk, _PK_SENTINEL])
        for name in ("update", "duplicate", "remove")
    }
    rows = []
    for unit in roster.units.all():
        key = services.unit_key(unit)
        core_unit = units[key]
        row = UnitRow(
            unit=unit,
            points=result.unit_points[key],
            model_counts=_model_counts(unit, core_unit),
            urls={name: url.replace(_PK_SENTINEL, key) for name, url in unit_urls.items()},
            codes=flagged.get(key, []),
        )
        refusal = rules.enhancement_refusal(core_unit)
        if refusal:
            row.enhancement_refusal = refusal
        else:
            for enhancement, points, core_enh in enhancements:
                problems = rules.enhancement_problems(core_unit, core_enh, army.detachment)
                row.enhancements.append(
                    EnhancementChoice(enhancement, points, "; ".join(p.message for p in problems))
                )
        rows.append(row)
    candidates = [
        row.unit for row in rows if rules.can_be_warlord(units[services.unit_key(row.unit)])
    ]
    newer = (
        PointsRelease.objects.filter(is_current=True)
        .exclude(pk=roster.release_id)
        .filter(published__gte=roster.release.published)
        .first()
    )
    return BuilderPage(
        roster=roster,
        army=army,
        result=result,
        rows=rows,
        picker=picker,
        warlord_candidates=candidates,
        newer_release=newer,
    )


_PK_SENTINEL = "987654321"


def _model_counts(unit: RosterUnit, core_unit: core.Unit) -> list[int]:
    sheet = core_unit.datasheet
    counts = list(range(sheet.min_models, sheet.max_models + 1))
    if unit.models_count not in counts:
        # Keep an out-of-range count visible so the player sees what UNIT_SIZE is about.
        counts = sorted({*counts, unit.models_count})
    return counts


def _detachment_enhancements(
    roster: Roster,
) -> list[tuple[Enhancement, int, core.Enhancement]]:
    if roster.detachment is None:
        return []
    enhancements = list(
        Enhancement.objects.filter(detachment_id=roster.detachment_id)
        .select_related("detachment")
        .order_by("name")
    )
    prices = services.release_prices(
        release=roster.release,
        datasheet_ids=set(),
        enhancement_ids={e.pk for e in enhancements},
    )
    found = []
    for enhancement in enhancements:
        facts = services.enhancement_to_core(enhancement=enhancement, prices=prices)
        found.append((enhancement, facts.points, facts))
    return found


_picker_cache: dict[tuple[object, ...], list[PickerSheet]] = {}


def _picker_sheets(faction_id: int) -> list[PickerSheet]:
    # The catalogue changes by admin action only; its version query is cheaper than
    # reading and converting two hundred datasheets on every page view.
    key = (faction_id, catalogue_version())
    found = _picker_cache.get(key)
    if found is None:
        sheets = (
            Datasheet.objects.filter(available_to=faction_id)
            .order_by("name")
            .prefetch_related("transport_pools", "leads")
        )
        found = [
            PickerSheet(
                pk=sheet.pk,
                name=sheet.name,
                search_text=" ".join([sheet.name, *sheet.keywords]).casefold(),
                keywords_text=", ".join(sheet.keywords),
                legends=sheet.legends,
                facts=services.datasheet_to_core(datasheet=sheet, brackets=()),
            )
            for sheet in sheets
        ]
        _picker_cache.clear()
        _picker_cache[key] = found
    return found


def _picker(roster: Roster, army: core.Army, profile: rules.Profile) -> list[PickerEntry]:
    brackets: dict[int, list[str]] = defaultdict(list)
    for datasheet_id, models, points in (
        UnitPrice.objects.filter(
            release_id=roster.release_id, datasheet__available_to=roster.faction_id
        )
        .order_by("models_count")
        .values_list("datasheet_id", "models_count", "points")
    ):
        brackets[datasheet_id].append(f"{models}: {points} pts")
    counts = Counter(u.datasheet.name for u in army.units)
    # A datasheet the release does not price cannot be added, so it is not offered.
    return [
        PickerEntry(
            sheet=sheet,
            brackets_text=" · ".join(brackets[sheet.pk]),
            count=counts[sheet.name],
            limit=rules.datasheet_limit(army, sheet.facts, profile),
        )
        for sheet in _picker_sheets(roster.faction_id)
        if sheet.pk in brackets
    ]
