"""Import and export services: pasted lists in, PDF, xlsx and text out.

Points and violations always come from the rules core's Result, reached through
rosters.services; nothing here prices a unit or checks a rule. reportlab and openpyxl are
imported inside the export functions so that the command line and Django start-up stay light.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Final

from django.db import transaction
from django.utils.translation import gettext_lazy

from armybuilder.catalogue.conversion import loadout_json, unread_json
from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    Enhancement,
    Faction,
    PointsRelease,
    Wargear,
)
from armybuilder.catalogue.snapshot import (
    CatalogueSnapshot,
    CheckDraft,
    ReleaseFacts,
    SnapshotError,
    catalogue_snapshot,
)
from armybuilder.rules import model as core
from armybuilder.rules.wargear import loadout_of
from rosters import services as roster_services
from rosters.formats.result_json import result_to_json, unreadable_to_json
from rosters.formats.sheet import (
    DeclarationSection,
    RosterSheet,
    UnitCard,
    UnitLine,
    ViolationLine,
)
from rosters.formats.text_import import ParsedList, UnreadableList, list_parse
from rosters.formats.text_import.language import french_list, names_french
from rosters.formats.text_import.resolved import ResolvedList
from rosters.formats.text_import.resolver import Resolutions, list_resolve
from rosters.language import battle_size_label, meter_text, translated
from rosters.models import Roster, RosterUnit, RosterUnitOption, RosterUnitUpgrade

DEFAULT_NAME: Final = "Imported list"
ERR_UNRESOLVED: Final = gettext_lazy(
    "Resolve or drop every unrecognised line before saving the roster."
)
ERR_NO_RELEASE: Final = gettext_lazy("There is no points release to price the list under.")
ERR_UNKNOWN_RELEASE: Final = gettext_lazy("There is no points release called “{name}”.")
ERR_NO_RELEASE_AS_OF: Final = gettext_lazy("No points release was published on or before {day}.")
ERR_DECLARATION: Final = gettext_lazy("The declaration is not valid: {problem}")
# A 60-unit list in the most verbose format is about 12,000 characters.
MAX_LIST_CHARS: Final = 100_000
ERR_TOO_LONG: Final = gettext_lazy(
    "The list is {size:,} characters long; lists of up to {limit:,} characters can be read."
)


class ListImportError(ValueError):
    """An import that cannot go ahead; the message says why."""


@dataclass
class ListCheck:
    """A pasted list parsed, placed in the catalogue and validated, with nothing saved."""

    parsed: ParsedList
    resolved: ResolvedList
    release: ReleaseFacts
    draft: CheckDraft | None
    result: core.Result | None


def release_get(*, name: str | None = None) -> PointsRelease:
    """Return the named points release, or the current one."""
    try:
        if name:
            return PointsRelease.objects.get(name=name)
        return PointsRelease.objects.current()
    except PointsRelease.DoesNotExist:
        raise ListImportError(
            ERR_UNKNOWN_RELEASE.format(name=name) if name else str(ERR_NO_RELEASE)
        ) from None


def list_snapshot(
    *, release_name: str | None = None, as_of: date | None = None
) -> CatalogueSnapshot:
    """Return the warm catalogue snapshot of the named release, of the release in force on
    ``as_of`` (the latest published on or before it), or of the current one."""
    try:
        return catalogue_snapshot(release_name=release_name, as_of=as_of)
    except SnapshotError:
        if release_name:
            message = ERR_UNKNOWN_RELEASE.format(name=release_name)
        elif as_of is not None:
            message = ERR_NO_RELEASE_AS_OF.format(day=as_of.isoformat())
        else:
            message = str(ERR_NO_RELEASE)
        raise ListImportError(message) from None


def list_import_parse(*, text: str) -> ParsedList:
    """Parse pasted text; raise text_import.UnreadableList if no supported format fits."""
    return list_parse(text=text)


def list_import_resolve(
    *, parsed: ParsedList, release: PointsRelease, resolutions: Resolutions | None = None
) -> ResolvedList:
    """Place every name of a parsed list in the catalogue, applying the player's choices."""
    return list_resolve(parsed=parsed, release_id=release.pk, resolutions=resolutions)


def list_import_draft(
    *, resolved: ResolvedList, release: PointsRelease, profile: str = "core-10", name: str = ""
) -> roster_services.Draft | None:
    """Build an unsaved Draft of catalogue rows, keyed by the units' positions in the text."""
    if resolved.faction_id is None:
        return None
    units = resolved.kept()
    sheets = Datasheet.objects.in_bulk({u.datasheet_id for u in units})
    enhancements = Enhancement.objects.select_related("detachment").in_bulk(
        {u.enhancement_id for u in units if u.enhancement_id is not None}
    )
    return roster_services.Draft(
        name=name or resolved.parsed.name or DEFAULT_NAME,
        faction=Faction.objects.select_related("parent").get(pk=resolved.faction_id),
        detachment=(
            Detachment.objects.select_related("faction").get(pk=resolved.detachment_id)
            if resolved.detachment_id is not None
            else None
        ),
        battle_size=resolved.battle_size,
        profile=profile,
        release=release,
        units=[
            roster_services.DraftUnit(
                key=u.key,
                datasheet=sheets[u.datasheet_id],
                models=u.models,
                enhancement=enhancements.get(u.enhancement_id),
                warlord=u.warlord,
                options=list(u.options),
                upgrades=[roster_services.TakenUpgrade(*taken) for taken in u.upgrades],
                loadout=u.loadout,
                unread=u.unread,
            )
            for u in units
        ],
    )


def list_check_draft(
    *, resolved: ResolvedList, snapshot: CatalogueSnapshot, profile: str = "core-10", name: str = ""
) -> CheckDraft | None:
    """Build the list from the warm snapshot, keyed by the units' positions in the text."""
    if resolved.faction_id is None:
        return None
    return snapshot.draft(
        faction_id=resolved.faction_id,
        detachment_id=resolved.detachment_id,
        battle_size=resolved.battle_size,
        profile=profile,
        name=name or resolved.parsed.name or DEFAULT_NAME,
        units=[
            (u.key, u.datasheet_id, u.models, u.enhancement_id, u.warlord)
            for u in resolved.kept()
            if u.datasheet_id is not None
        ],
        extras={
            u.key: (u.options, [(pk, count) for pk, _, count in u.upgrades])
            for u in resolved.kept()
            if u.options or u.upgrades
        },
        loadouts={u.key: u.loadout for u in resolved.kept() if u.loadout},
        unread={u.key: u.unread for u in resolved.kept() if u.unread},
        # A list that marks no Warlord leaves the choice out; it breaks no rule by that.
        warlord_open=not any(u.warlord for u in resolved.kept()),
        other_detachment_ids=resolved.other_detachment_ids,
        later_detachments=resolved.later_detachments,
        later_enhancements={
            u.key: u.later_enhancement for u in resolved.kept() if u.later_enhancement
        },
    )


def list_import_check(
    *,
    text: str,
    snapshot: CatalogueSnapshot | None = None,
    profile: str = "core-10",
    resolutions: Resolutions | None = None,
    declaration: core.Declaration | None = None,
    name: str = "",
) -> ListCheck:
    """Parse, place and validate a pasted list without saving anything or querying.

    Everything comes from the warm catalogue snapshot (by default the current release's).
    Raise UnreadableList for text in no known format and ListImportError for text over
    the size limit or when there is no release.
    """
    if len(text) > MAX_LIST_CHARS:
        raise ListImportError(ERR_TOO_LONG.format(limit=MAX_LIST_CHARS, size=len(text)))
    snap = snapshot or list_snapshot()
    try:
        parsed = list_import_parse(text=text)
    except UnreadableList as exc:
        if exc.parsed is None:
            raise
        # A French list: its answer says what of its header could be placed.
        header = list_resolve(parsed=exc.parsed, release_id=snap.release.id, index=snap.index)
        raise french_list(exc.parsed, header) from None
    resolved = list_resolve(
        parsed=parsed, release_id=snap.release.id, resolutions=resolutions, index=snap.index
    )
    if names_french(text, resolved):
        raise french_list(parsed, resolved)
    draft = list_check_draft(resolved=resolved, snapshot=snap, profile=profile, name=name)
    result = snap.validate(draft, declaration) if draft is not None else None
    return ListCheck(
        parsed=parsed, resolved=resolved, release=snap.release, draft=draft, result=result
    )


def list_check_json(*, check: ListCheck, profile: str = "core-10") -> dict[str, Any]:
    """Describe a checked list in the result_json schema."""
    resolved = check.resolved
    if check.draft is None or check.result is None:
        problem = next((p for p in resolved.problems if p.kind == "faction"), None)
        return unreadable_to_json(
            error=problem.message if problem else "The list could not be checked.",
            profile=profile,
            release=check.release.name,
            source_format=check.parsed.format,
            name=check.parsed.name,
            battle_size=resolved.battle_size,
            stated_points=check.parsed.stated_points,
            unrecognised=resolved.problems,
        )
    payload = result_to_json(
        draft=check.draft,
        result=check.result,
        positions={u.key: u.position for u in resolved.units},
        lines={u.key: u.line for u in resolved.units},
        stated_points={u.key: u.stated_points for u in resolved.units},
        notes={u.key: u.note for u in resolved.units if u.note},
        list_stated_points=check.parsed.stated_points,
        unrecognised=resolved.unchecked(),
        source_format=check.parsed.format,
    )
    # The list's own name, not the placeholder a saved roster would need.
    payload["name"] = check.parsed.name
    return payload


def declaration_from_positions(*, data: Mapping[str, Any]) -> core.Declaration:
    """Read a declaration that names units by position: hover, attach, embark, reserves."""
    known = {"hover", "attach", "embark", "strategic_reserves", "deep_strike", "final"}
    unknown = set(data) - known
    if unknown:
        raise ListImportError(ERR_DECLARATION.format(problem=f"unknown keys {sorted(unknown)}"))

    def ids(key: str) -> list[str]:
        values = data.get(key, [])
        if not isinstance(values, list) or not all(_is_position(v) for v in values):
            raise ListImportError(ERR_DECLARATION.format(problem=f"{key} must list positions"))
        return [str(v) for v in values]

    def pairs(key: str) -> tuple[tuple[str, str], ...]:
        values = data.get(key, [])
        if not isinstance(values, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(_is_position(v) for v in p) for p in values
        ):
            raise ListImportError(ERR_DECLARATION.format(problem=f"{key} must list position pairs"))
        return tuple((str(a), str(b)) for a, b in values)

    placements = [(p, core.Placement.STRATEGIC_RESERVES) for p in ids("strategic_reserves")]
    placements += [(p, core.Placement.DEEP_STRIKE) for p in ids("deep_strike")]
    return core.Declaration(
        hover=frozenset(ids("hover")),
        attachments=pairs("attach"),
        embarkations=pairs("embark"),
        placements=tuple(placements),
        final=bool(data.get("final", False)),
    )


def _is_position(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


@transaction.atomic
def roster_import_save(
    *,
    owner: Any,
    resolved: ResolvedList,
    release: PointsRelease | ReleaseFacts,
    name: str = "",
    profile: str = "core-10",
) -> Roster:
    """Save a fully resolved list as a new roster of the owner, in one transaction."""
    faction_id = resolved.faction_id
    # A complete list has its faction; the second test only says so to the type checker.
    if not resolved.complete or faction_id is None:
        raise ListImportError(str(ERR_UNRESOLVED))
    priced_under = (
        PointsRelease.objects.get(pk=release.id) if isinstance(release, ReleaseFacts) else release
    )
    roster = roster_services.roster_create(
        owner=owner,
        name=(name or resolved.parsed.name or DEFAULT_NAME)[:150],
        faction=Faction.objects.get(pk=faction_id),
        detachment=(
            Detachment.objects.get(pk=resolved.detachment_id)
            if resolved.detachment_id is not None
            else None
        ),
        battle_size=resolved.battle_size,
        profile=profile,
        release=priced_under,
    )
    RosterUnit.objects.bulk_create(
        RosterUnit(
            roster=roster,
            position=position,
            datasheet_id=unit.datasheet_id,
            models_count=max(unit.models, 1),
            enhancement_id=unit.enhancement_id,
            warlord=unit.warlord,
            stated_points=unit.stated_points,
            wargear=loadout_json(unit.loadout),
            wargear_unread=unread_json(unit.unread),
        )
        for position, unit in enumerate(resolved.kept(), 1)
        # kept() has only placed units; the test only says so to the type checker.
        if unit.datasheet_id is not None
    )
    kept = resolved.kept()
    if any(u.options or u.upgrades for u in kept):
        saved = dict(roster.units.values_list("position", "pk"))
        RosterUnitOption.objects.bulk_create(
            RosterUnitOption(unit_id=saved[position], name=name, count=count)
            for position, unit in enumerate(kept, 1)
            for name, count in dict(unit.options).items()
        )
        RosterUnitUpgrade.objects.bulk_create(
            RosterUnitUpgrade(unit_id=saved[position], upgrade_id=pk, count=count)
            for position, unit in enumerate(kept, 1)
            for pk, count in {pk: count for pk, _, count in unit.upgrades}.items()
        )
    return roster


def declaration_section(
    *,
    declaration: core.Declaration,
    names: Mapping[str, str],
    positions: Mapping[str, int] | None = None,
) -> DeclarationSection:
    """Put a core Declaration into words, naming units by their roster names; two units of
    one name by their place in the roster's list (#3), as the sheet numbers them."""
    counts: dict[str, int] = defaultdict(int)
    for name in names.values():
        counts[name] += 1
    places = positions or {}

    def label(uid: str) -> str:
        name = names.get(uid, uid)
        # Two Intercessor Squads need telling apart on paper.
        if counts[name] <= 1:
            return name
        return f"{name} (#{places[uid]})" if uid in places else f"{name} ({uid})"

    embarked: dict[str, list[str]] = defaultdict(list)
    for passenger, transport in declaration.embarkations:
        embarked[transport].append(label(passenger))
    placed: dict[core.Placement, list[str]] = defaultdict(list)
    for uid, placement in declaration.placements:
        placed[placement].append(label(uid))
    return DeclarationSection(
        hover=tuple(label(u) for u in sorted(declaration.hover)),
        attachments=tuple(f"{label(a)} → {label(b)}" for a, b in declaration.attachments),
        embarked=tuple((label(t), tuple(p)) for t, p in embarked.items()),
        strategic_reserves=tuple(placed[core.Placement.STRATEGIC_RESERVES]),
        deep_strike=tuple(placed[core.Placement.DEEP_STRIKE]),
        reserves=tuple(placed[core.Placement.RESERVES]),
    )


def draft_sheet(
    *,
    draft: roster_services.Draft,
    result: core.Result,
    player: str = "",
    stated_points: Mapping[str, int | None] | None = None,
    declaration: DeclarationSection | None = None,
    army: core.Army | None = None,
) -> RosterSheet:
    """Describe a validated draft as plain data for the renderers; with the Army it was
    checked as, each unit's wargear (its defaults where it states none)."""
    positions = {u.key: n for n, u in enumerate(draft.units, 1)}
    gear = {
        unit.id: tuple((p.model, p.models, p.wargear) for p in loadout_of(unit))
        for unit in (army.units if army is not None else ())
    }
    stated = stated_points or {}
    chain = roster_services.faction_chain_load(faction=draft.faction)
    size = core.BattleSize(draft.battle_size)
    return RosterSheet(
        name=draft.name,
        faction=draft.faction.name,
        faction_chain=tuple(f.name for f in reversed(chain)),
        detachment=draft.detachment.name if draft.detachment is not None else None,
        battle_size=draft.battle_size,
        battle_size_label=battle_size_label(size),
        points=result.points,
        points_limit=result.points_limit,
        profile=result.profile,
        release=draft.release.name,
        player=player,
        units=tuple(
            UnitLine(
                position=positions[u.key],
                name=u.datasheet.name,
                models=u.models,
                points=result.unit_points.get(u.key, 0),
                enhancement=u.enhancement.name if u.enhancement is not None else None,
                warlord=u.warlord,
                stated_points=stated.get(u.key),
                keywords=frozenset(u.datasheet.keywords),
                extras=(
                    *((name, count) for name, count in u.options),
                    *((taken.name, taken.count) for taken in u.upgrades),
                ),
                wargear=gear.get(u.key, ()),
                unread=tuple(gear.text for gear in u.unread),
            )
            for u in draft.units
        ),
        violations=tuple(
            ViolationLine(
                code=v.code,
                severity=str(v.severity),
                message=translated(v.message),
                units=tuple(positions[i] for i in v.unit_ids if i in positions),
            )
            for v in result.violations
        ),
        legal=result.legal,
        declaration=declaration,
        meters=tuple(meter_text(m) for m in result.meters),
    )


def unit_cards(
    *, sheet: RosterSheet, draft: roster_services.Draft, declaration: core.Declaration | None
) -> tuple[tuple[UnitCard, ...], ...]:
    """Describe each unit's datasheet for the table (one query for the profiles), grouped
    so that a leader the declaration attaches prints right before its bodyguard."""
    ids = {u.datasheet.pk for u in draft.units}
    profiles = {
        row["datasheet_id"]: row
        for row in Wargear.objects.filter(datasheet_id__in=ids).values(
            "datasheet_id", "model_types", "weapons", "abilities"
        )
    }
    lines = {line.position: line for line in sheet.units}
    positions = {u.key: n for n, u in enumerate(draft.units, 1)}
    cards: dict[int, UnitCard] = {}
    for n, unit in enumerate(draft.units, 1):
        line = lines[n]
        row: Mapping[str, Any] = profiles.get(unit.datasheet.pk, {})
        stats = {kind["name"]: tuple(kind.get("stats", ())) for kind in row.get("model_types", ())}
        weapons = row.get("weapons", {})
        carried: dict[str, int] = defaultdict(int)
        for _model, _models, gear in line.wargear:
            for option, count in gear:
                carried[option] += count
        cards[n] = UnitCard(
            position=n,
            name=line.name,
            models=line.models,
            points=line.points,
            enhancement=line.enhancement,
            warlord=line.warlord,
            stats=tuple((model, models, stats.get(model, ())) for model, models, _ in line.wargear),
            weapons=tuple(
                (count, p[1], p[0], p[2], p[3], p[4], p[5], p[6], p[7], ", ".join(p[8]))
                for option, count in carried.items()
                if count
                for p in weapons.get(option, ())
            ),
            abilities=tuple(row.get("abilities", ())),
            keywords=tuple(sorted(unit.datasheet.keywords)),
        )
    leaders: dict[int, list[int]] = defaultdict(list)
    for leader, bodyguard in declaration.attachments if declaration is not None else ():
        if leader in positions and bodyguard in positions:
            leaders[positions[bodyguard]].append(positions[leader])
    attached = {n for group in leaders.values() for n in group}
    groups: list[tuple[UnitCard, ...]] = []
    for n, card in cards.items():
        if n in attached:
            continue
        with_leaders = [replace(cards[m], leads=n) for m in leaders.get(n, ())]
        groups.append((*with_leaders, card))
    return tuple(groups)


def roster_sheet(
    *,
    roster_id: int,
    declaration: core.Declaration | None = None,
    declaration_text: DeclarationSection | None = None,
    cards: bool = False,
) -> RosterSheet:
    """Load, validate and describe a saved roster for the renderers; with ``cards``, each
    unit's datasheet too."""
    roster = roster_services.roster_load(roster_id=roster_id)
    draft = roster_services.roster_to_draft(roster=roster)
    army, result = roster_services.draft_validate(draft=draft, declaration=declaration)
    if declaration is not None and declaration_text is None:
        declaration_text = declaration_section(
            declaration=declaration,
            names={u.key: u.datasheet.name for u in draft.units},
            positions={u.key: n for n, u in enumerate(draft.units, 1)},
        )
    sheet = draft_sheet(
        draft=draft,
        result=result,
        player=roster.owner.get_username(),
        stated_points={
            roster_services.roster_unit_key(unit=u): u.stated_points for u in roster.units.all()
        },
        declaration=declaration_text,
        army=army,
    )
    if cards:
        sheet = replace(sheet, cards=unit_cards(sheet=sheet, draft=draft, declaration=declaration))
    return sheet


def roster_export_text(*, roster_id: int) -> str:
    """Return a saved roster in the official app's text layout."""
    from rosters.formats.text_export import sheet_to_text

    return sheet_to_text(roster_sheet(roster_id=roster_id))


def roster_export_pdf(
    *,
    roster_id: int,
    declaration: core.Declaration | None = None,
    declaration_text: DeclarationSection | None = None,
    cards: bool = False,
) -> bytes:
    """Return a saved roster as a printable PDF; with ``cards``, a datasheet section for
    the table (leaders with their bodyguards under the declaration, if one is given)."""
    from rosters.formats.pdf import RosterPdf

    sheet = roster_sheet(
        roster_id=roster_id,
        declaration=declaration,
        declaration_text=declaration_text,
        cards=cards,
    )
    return RosterPdf(sheet).render()


def roster_export_xlsx(*, roster_id: int) -> bytes:
    """Return a saved roster as an xlsx workbook: the roster, then its violations."""
    from rosters.formats.xlsx import sheet_to_xlsx

    return sheet_to_xlsx(roster_sheet(roster_id=roster_id))
