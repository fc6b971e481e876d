"""The builder page's data: the roster, its Result, and what the player may choose next.

Every rule-shaped fact on the page (points, limits, who may take an enhancement, who may
be Warlord, every violation) comes from the rules core; this module only arranges it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from armybuilder import rules
from armybuilder.catalogue.models import Datasheet, Enhancement, EnhancementPrice, PointsRelease
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
    codes: list[str] = field(default_factory=list)
    enhancements: list[EnhancementChoice] = field(default_factory=list)
    # Why no enhancement can go on this unit at all, e.g. an Epic Hero.
    enhancement_refusal: str = ""

    @property
    def flagged(self) -> bool:
        return bool(self.codes)


@dataclass(frozen=True)
class PickerEntry:
    datasheet: Datasheet
    brackets: tuple[core.Bracket, ...]
    count: int
    limit: int

    @property
    def search_text(self) -> str:
        return " ".join([self.datasheet.name, *self.datasheet.keywords]).casefold()


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
    counts_by_sheet = {e.datasheet.pk: e for e in picker}
    rows = []
    for unit in roster.units.all():
        key = services.unit_key(unit)
        core_unit = units[key]
        row = UnitRow(
            unit=unit,
            points=result.unit_points[key],
            model_counts=_model_counts(unit, counts_by_sheet, core_unit),
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


def _model_counts(
    unit: RosterUnit, picker: dict[int, PickerEntry], core_unit: core.Unit
) -> list[int]:
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
    prices = dict(
        EnhancementPrice.objects.filter(
            release_id=roster.release_id, enhancement__detachment_id=roster.detachment_id
        ).values_list("enhancement_id", "points")
    )
    found = []
    for enhancement in Enhancement.objects.filter(detachment_id=roster.detachment_id).order_by(
        "name"
    ):
        points = prices.get(enhancement.pk, 0)
        found.append(
            (
                enhancement,
                points,
                core.Enhancement(
                    name=enhancement.name,
                    points=points,
                    detachment=roster.detachment.name,
                    required_keywords=tuple(
                        frozenset(alt) for alt in enhancement.required_keywords if alt
                    ),
                ),
            )
        )
    return found


def _picker(roster: Roster, army: core.Army, profile: rules.Profile) -> list[PickerEntry]:
    sheets = list(
        roster.faction.datasheets.filter(prices__release_id=roster.release_id)
        .distinct()
        .order_by("name")
        .prefetch_related("transport_pools", "leads")
    )
    brackets: dict[int, list[core.Bracket]] = defaultdict(list)
    for price in services.UnitPrice.objects.filter(
        release_id=roster.release_id, datasheet__in=[s.pk for s in sheets]
    ).order_by("models_count"):
        brackets[price.datasheet_id].append(core.Bracket(price.models_count, price.points))
    counts = Counter(u.datasheet.name for u in army.units)
    entries = []
    for sheet in sheets:
        facts = services.datasheet_to_core(datasheet=sheet, brackets=tuple(brackets[sheet.pk]))
        entries.append(
            PickerEntry(
                datasheet=sheet,
                brackets=facts.brackets,
                count=counts[sheet.name],
                limit=rules.datasheet_limit(army, facts, profile),
            )
        )
    return entries
