"""The builder page's data: the roster, its Result, and what the player may choose next.

Every rule-shaped fact on the page (points, limits, who may take an enhancement, who may
be Warlord, every violation) comes from the rules core; this module only arranges it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Final

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from armybuilder import rules
from armybuilder.catalogue.freshness import catalogue_version
from armybuilder.catalogue.models import (
    AllyRule,
    Datasheet,
    DetachmentUpgrade,
    Enhancement,
    Faction,
    OptionPrice,
    PointsRelease,
    UnitPrice,
)
from armybuilder.rules import model as core
from armybuilder.rules.context import (
    CHARACTER,
    DEDICATED_TRANSPORT,
    FORTIFICATION,
)
from armybuilder.rules.muster import battleline_role
from armybuilder.rules.wargear import loadout_of
from rosters import services
from rosters.builder_markup import PanelWords, picker_html, unit_rows_html, wargear_html
from rosters.builder_rows import (
    EnhancementChoice,
    OptionChoice,
    PickerEntry,
    PickerSheet,
    UnitRow,
    UpgradeChoice,
)
from rosters.language import translated
from rosters.models import Roster, RosterUnit


@dataclass
class PickerGroup:
    """One heading of the picker: a battlefield role, one allied rule, or Legends."""

    key: str
    title: str
    entries: list[PickerEntry] = field(default_factory=list)
    # For allies: the allied rule and what it allows, e.g. "0 / 500 pts".
    note: str = ""
    # For allies: the data's count caps on them, e.g. "Imperial Knights: 0 / 1 or 3 units".
    caps: list[str] = field(default_factory=list)
    allied: bool = False
    # Shown open (a <details> element) unless the player has to ask for it.
    open: bool = True

    @property
    def html(self) -> SafeString:
        return picker_html(self.entries)


# The app's order of roles; a datasheet goes in the first whose test it passes.
ROLE_GROUPS = (
    ("characters", _("Characters")),
    ("battleline", _("Battleline")),
    ("transports", _("Dedicated Transports")),
    ("other", _("Other datasheets")),
    ("fortifications", _("Fortifications")),
)
LEGENDS_GROUP = "legends"
LEGENDS_TITLE = _("Warhammer Legends")
LEGENDS_NOTE_ALLOWED = _("Allowed under this roster's rules.")
LEGENDS_NOTE_REFUSED = _("Not for matched play: open to see them anyway.")
ALLY_NOTE_CAP = _("Allied rule: up to {cap} pts of {label} units; {used} / {cap} pts used.")
ALLY_NOTE_NO_CAP = _("Allied rule: {label} units join the army; {used} pts used so far.")
ALLY_COUNT_CAP = _("{label}: {used} / {cap}{unit}")
ALLY_COUNT_OR = _(" or ")
ALLY_PTS = _(" pts")
ALLY_UNITS = _(" units")


def ally_count_cap(found: core.LimitCount) -> str:
    """Word one ALLIED_UNITS limit for the picker: its maximum now, else those it may take."""
    unit = ALLY_PTS if found.limit.points else ALLY_UNITS
    if found.maximum is not None:
        cap = str(found.maximum)
    else:
        # No step holds yet (no ally taken): the maxima the first ally would bring.
        cap = ALLY_COUNT_OR.join(str(value) for value in found.caps if value > 0)
    if not cap:
        return ""
    return ALLY_COUNT_CAP.format(label=found.label, used=found.used, cap=cap, unit=unit)


def _role(facts: core.Datasheet, detachment: core.Detachment | None) -> str:
    """The picker heading a datasheet sits under; a label, not a rule."""
    if facts.has(CHARACTER):
        return "characters"
    if battleline_role(detachment, facts):
        return "battleline"
    if facts.has(DEDICATED_TRANSPORT):
        return "transports"
    if facts.has(FORTIFICATION):
        return "fortifications"
    return "other"


@dataclass
class BuilderPage:
    roster: Roster
    army: core.Army
    result: core.Result
    rows: list[UnitRow]
    picker: list[PickerGroup]
    warlord_candidates: list[RosterUnit]
    newer_release: PointsRelease | None
    editable: bool = True

    @property
    def rows_html(self) -> SafeString:
        return unit_rows_html(self.rows, editable=self.editable)

    @property
    def warlord(self) -> RosterUnit | None:
        return next((row.unit for row in self.rows if row.unit.warlord), None)


def builder_page_load(
    *, roster_id: int, with_picker: bool = True, open_unit: int | None = None, editable: bool = True
) -> BuilderPage:
    """Load a roster and gather its builder page, its catalogue rows kept warm."""
    version = catalogue_version()
    return builder_page(
        roster=services.roster_load(roster_id=roster_id, version=version),
        with_picker=with_picker,
        open_unit=open_unit,
        editable=editable,
        version=version,
    )


def builder_page(
    *,
    roster: Roster,
    with_picker: bool = True,
    open_unit: int | None = None,
    editable: bool = True,
    version: tuple[object, ...] | None = None,
) -> BuilderPage:
    """Gather everything the builder page shows, in a fixed number of queries.

    ``open_unit`` is the unit whose wargear panel stays open after an edit; ``version`` is
    the catalogue_version() the caller already asked.
    """
    version = version or catalogue_version()
    draft = services.roster_to_draft(roster=roster)
    detachment_enhancements = _detachment_enhancement_rows(roster, version)
    upgrade_rows = _detachment_upgrade_rows(roster, draft)
    # One price load covers the units and every choice the page offers them.
    prices = services.release_prices_warm(
        version=version,
        release=roster.release,
        datasheet_ids={unit.datasheet.pk for unit in draft.units},
        enhancement_ids={e.pk for e in detachment_enhancements}
        | {unit.enhancement.pk for unit in draft.units if unit.enhancement is not None},
        upgrade_ids={row.pk for row in upgrade_rows},
    )
    army, result = services.draft_validate(
        draft=draft,
        prices=prices,
        faction_rules=services.army_faction_rules_warm(faction=roster.faction, version=version),
    )
    profile = rules.get_profile(roster.profile)
    units = {u.id: u for u in army.units}
    flagged: dict[str, list[str]] = defaultdict(list)
    for violation in result.violations:
        for unit_id in violation.unit_ids:
            flagged[unit_id].append(violation.code)
    enhancements = [
        (row, facts.points, facts)
        for row in detachment_enhancements
        for facts in [services.enhancement_to_core(enhancement=row, prices=prices)]
    ]
    upgrades = [(row, prices.upgrades[row.pk]) for row in upgrade_rows]
    options = _option_prices(roster, version)
    picker = _picker(roster, army, profile, version) if with_picker else []
    # Reverse each URL once and fill in the unit id: sixty rows, three URLs each.
    unit_urls = {
        name: reverse(f"rosters:unit_{name}", args=[roster.pk, _PK_SENTINEL])
        for name in ("update", "duplicate", "remove", "wargear")
    }
    rows = []
    words = PanelWords.now()
    for unit in roster.units.all():
        key = services.roster_unit_key(unit=unit)
        core_unit = units[key]
        row = UnitRow(
            unit=unit,
            points=result.unit_points[key],
            model_counts=_model_counts(unit, core_unit),
            urls={name: url.replace(_PK_SENTINEL, key) for name, url in unit_urls.items()},
            codes=flagged.get(key, []),
        )
        if core_unit.datasheet.model_types:
            row.wargear_summary = wargear_summary(core_unit)
            row.wargear = wargear_html(
                core_unit,
                unit.pk,
                row.urls["wargear"],
                row.wargear_summary,
                is_open=unit.pk == open_unit,
                editable=editable,
                words=words,
            )
        refusal = rules.enhancement_refusal(core_unit)
        if refusal:
            row.enhancement_refusal = refusal
        else:
            for enhancement, points, core_enh in enhancements:
                problems = rules.enhancement_problems(core_unit, core_enh, army.detachment)
                row.enhancements.append(
                    EnhancementChoice(
                        enhancement, points, "; ".join(translated(p.message) for p in problems)
                    )
                )
        taken = {upgrade.name for upgrade in core_unit.upgrades}
        row.upgrades = [
            UpgradeChoice(upgrade, facts.points, facts.name in taken)
            for upgrade, facts in upgrades
            if facts.name in taken or facts.most_for(core_unit.name) > 0
        ]
        chosen = {option.name.casefold(): option.count for option in core_unit.options}
        # Priced wargear is chosen in the wargear panel; the rest are the unit's options.
        as_gear = {name.casefold() for name, _ in core_unit.datasheet.wargear_points}
        row.options = [
            OptionChoice(price, chosen.get(price.name.casefold(), 0))
            for price in options.get(unit.datasheet_id, ())
            if price.name.casefold() not in as_gear
        ]
        rows.append(row)
    candidates = [
        row.unit
        for row in rows
        if rules.can_be_warlord(units[services.roster_unit_key(unit=row.unit)])
    ]
    newer = services.catalogue_warm(
        ("newer release", roster.release_id, *version),
        lambda: (
            PointsRelease.objects.filter(is_current=True)
            .exclude(pk=roster.release_id)
            .filter(published__gte=roster.release.published)
            .first()
        ),
    )
    return BuilderPage(
        roster=roster,
        army=army,
        result=result,
        rows=rows,
        picker=picker,
        warlord_candidates=candidates,
        newer_release=newer,
        editable=editable,
    )


_PK_SENTINEL = "987654321"

SUMMARY_ITEMS = 4


def wargear_summary(unit: core.Unit) -> str:
    """Name what the unit carries beyond its defaults, shortly, for the closed panel."""
    chosen: list[str] = []
    kinds = {kind.name: kind for kind in unit.datasheet.model_types}
    for part in loadout_of(unit):
        kind = kinds.get(part.model)
        defaults = {o for g in kind.groups for o, n in g.default if n} if kind else set()
        for option, count in part.wargear:
            if count and option not in defaults:
                chosen.append(f"{count}× {option}")
    if not chosen:
        text = gettext("Default wargear")
    else:
        more = len(chosen) - SUMMARY_ITEMS
        text = ", ".join(chosen[:SUMMARY_ITEMS])
        text += gettext(" and {n} more").format(n=more) if more > 0 else ""
    if unit.unread:
        n = len(unit.unread)
        text += ngettext(" · {n} line not read", " · {n} lines not read", n).format(n=n)
    return text


def _model_counts(unit: RosterUnit, core_unit: core.Unit) -> list[int]:
    sheet = core_unit.datasheet
    counts = list(range(sheet.min_models, sheet.max_models + 1))
    if unit.models_count not in counts:
        # Keep an out-of-range count visible so the player sees what UNIT_SIZE is about.
        counts = sorted({*counts, unit.models_count})
    return counts


def _detachment_enhancement_rows(roster: Roster, version: tuple[object, ...]) -> list[Enhancement]:
    if roster.detachment_id is None:
        return []
    return services.catalogue_warm(  # type: ignore[no-any-return]
        ("enhancements", roster.detachment_id, *version),
        lambda: list(
            Enhancement.objects.filter(detachment_id=roster.detachment_id)
            .select_related("detachment")
            .order_by("name")
        ),
    )


def _detachment_upgrade_rows(roster: Roster, draft: services.Draft) -> list[DetachmentUpgrade]:
    """Return the roster's detachment's upgrades (roster_load prefetched them) and any its
    units took elsewhere, by name."""
    rows: dict[int, DetachmentUpgrade] = {}
    if roster.detachment is not None:
        rows = {row.pk: row for row in roster.detachment.upgrades.all()}
    elsewhere = {taken.id for unit in draft.units for taken in unit.upgrades} - set(rows)
    if elsewhere:
        rows.update(DetachmentUpgrade.objects.in_bulk(elsewhere))
    return sorted(rows.values(), key=lambda row: row.name)


def _option_prices(roster: Roster, version: tuple[object, ...]) -> dict[int, list[OptionPrice]]:
    """Return the release's priced options of the roster's datasheets, by datasheet id."""
    ids = frozenset(unit.datasheet_id for unit in roster.units.all())

    def load() -> dict[int, list[OptionPrice]]:
        found: dict[int, list[OptionPrice]] = defaultdict(list)
        for price in OptionPrice.objects.filter(
            release_id=roster.release_id, datasheet_id__in=ids
        ).order_by("name"):
            found[price.datasheet_id].append(price)
        return found

    return services.catalogue_warm(  # type: ignore[no-any-return]
        ("option prices", roster.release_id, ids, *version), load
    )


@dataclass(frozen=True)
class PickerCatalogue:
    """What the picker reads of one faction's catalogue under one release: the datasheets
    the release prices, their brackets and cheapest price, and the ally labels."""

    sheets: list[PickerSheet]
    # Datasheet id -> its brackets as the picker prints them (escaped), and its cheapest.
    brackets_html: dict[int, str]
    cheapest: dict[int, int]
    # Allied rule keyword -> the catalogue's label for it, e.g. "Imperial Knights".
    ally_labels: dict[str, str]


# A unit size and its price, as the picker lists them.
BRACKET_PRICE: Final = _("{models}: {points} pts")
# Words a keyword's title keeps lowercase ("Agents of the Imperium", not "Of The").
_MINOR_WORDS: Final = frozenset({"a", "an", "and", "of", "the", "in", "on", "for", "to"})


def keyword_title(keyword: str) -> str:
    """A KEYWORD as a title, for an allowance the data gives no label."""
    words = keyword.lower().split()
    return " ".join(
        w if i and w in _MINOR_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words)
    )


def _picker_catalogue(
    faction: Faction, release_id: int, version: tuple[object, ...]
) -> PickerCatalogue:
    # The catalogue changes by admin action only; its version query is cheaper than
    # reading and converting two hundred datasheets on every page view.
    return services.catalogue_warm(  # type: ignore[no-any-return]
        # The prices are worded in the page's language, so each language has its own.
        ("picker", faction.pk, release_id, get_language(), *version),
        lambda: _picker_catalogue_load(faction, release_id),
    )


def _picker_catalogue_load(faction: Faction, release_id: int) -> PickerCatalogue:
    brackets: dict[int, list[str]] = defaultdict(list)
    cheapest: dict[int, int] = {}
    for datasheet_id, models, points in (
        UnitPrice.objects.filter(release_id=release_id, datasheet__available_to=faction.pk)
        .order_by("models_count")
        .values_list("datasheet_id", "models_count", "points")
    ):
        brackets[datasheet_id].append(BRACKET_PRICE.format(models=models, points=points))
        cheapest[datasheet_id] = min(points, cheapest.get(datasheet_id, points))
    sheets = (
        Datasheet.objects.filter(available_to=faction.pk)
        .order_by("name")
        .prefetch_related("transport_pools", "leads")
    )
    labels = dict(
        AllyRule.objects.filter(faction__in=services.faction_chain_load(faction=faction))
        .exclude(label="")
        .values_list("keyword", "label")
    )
    return PickerCatalogue(
        sheets=[
            PickerSheet(
                pk=sheet.pk,
                name=sheet.name,
                legends=sheet.legends,
                facts=services.datasheet_to_core(datasheet=sheet, brackets=()),
                name_html=escape(sheet.name),
                search_html=escape(" ".join([sheet.name, *sheet.keywords]).casefold()),
                keywords_html=escape(", ".join(sheet.keywords)),
            )
            for sheet in sheets
            # A datasheet the release does not price cannot be added, so is not offered.
            if sheet.pk in brackets
        ],
        brackets_html={pk: escape(" · ".join(found)) for pk, found in brackets.items()},
        cheapest=cheapest,
        ally_labels=labels,
    )


def _picker(
    roster: Roster, army: core.Army, profile: rules.Profile, version: tuple[object, ...]
) -> list[PickerGroup]:
    """Group what the army may add, as the app does; the rules core says what it may add."""
    counts = Counter(u.datasheet.name for u in army.units)
    roles = {key: PickerGroup(key, title) for key, title in ROLE_GROUPS}
    catalogue = _picker_catalogue(roster.faction, roster.release_id, version)
    cheapest = catalogue.cheapest
    labels = catalogue.ally_labels
    spent = rules.allied_points(army)
    allies: dict[core.Allowance, PickerGroup] = {}
    for allowance in army.allies:
        label = labels.get(allowance.keyword) or keyword_title(allowance.keyword)
        template = ALLY_NOTE_NO_CAP if allowance.points_cap is None else ALLY_NOTE_CAP
        note = template.format(label=label, cap=allowance.points_cap, used=spent[allowance])
        allies.setdefault(
            allowance, PickerGroup(f"ally-{allowance.keyword}", label, note=note, allied=True)
        )
    # The data's count caps sit under the allowance whose keyword they count.
    for found in rules.allied_limits(army, profile):
        text = ally_count_cap(found)
        for allowance, group in allies.items():
            if text and allowance.keyword in found.limit.subject.keywords:
                group.caps.append(text)
    legends_allowed = profile.legends_allowed()
    legends = PickerGroup(
        LEGENDS_GROUP,
        LEGENDS_TITLE,
        note=LEGENDS_NOTE_ALLOWED if legends_allowed else LEGENDS_NOTE_REFUSED,
        open=legends_allowed,
    )
    for sheet in catalogue.sheets:
        facts = sheet.facts
        # Whatever the core would flag however the unit is built is not offered at all.
        if rules.datasheet_refusal(army, facts):
            continue
        _, allowance = rules.faction_standing(army, facts)
        # An ally whose cheapest unit would already break its allowance's cap is not offered.
        if allowance is not None and rules.ally_cap_refusal(
            allowance, spent[allowance] + cheapest[sheet.pk], sheet.name
        ):
            continue
        entry = PickerEntry(
            sheet=sheet,
            brackets_html=catalogue.brackets_html[sheet.pk],
            count=counts[sheet.name],
            limit=rules.datasheet_limit(army, facts, profile),
        )
        if sheet.legends:
            legends.entries.append(entry)
        elif allowance is not None:
            allies[allowance].entries.append(entry)
        else:
            roles[_role(facts, army.detachment)].entries.append(entry)
    groups = [*roles.values(), *allies.values(), legends]
    return [group for group in groups if group.entries]
