"""POST /api/validate/: an unsaved roster written by hand, as a rosters.services.Draft.

Names are looked up in the catalogue name index that the list importer keeps
(rosters.formats.text_import.index), folded for case, accents and punctuation; ids are
taken as they are. Everything comes from the process's warm catalogue snapshot
(armybuilder.catalogue.snapshot), so a call costs no query once the server is warm. A unit's
key is its position in the body, "1", "2", ..., so the declaration and the result name
units by position, as validate_list does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Final

from django.utils.translation import gettext_lazy
from rest_framework.exceptions import ValidationError

from armybuilder.catalogue.conversion import loadout_facts
from armybuilder.catalogue.snapshot import (
    CatalogueSnapshot,
    CheckDraft,
    SnapshotError,
    UnitExtras,
    catalogue_snapshot,
)
from armybuilder.rules import model as core
from rosters.formats import services as format_services
from rosters.formats.text_import.common import normalise
from rosters.formats.text_import.index import CatalogueIndex, NameTable

ERR_FACTION: Final = gettext_lazy("No faction is called “{text}”.{hint}")
ERR_FACTION_ID: Final = gettext_lazy("There is no faction with id {value}.")
ERR_DETACHMENT: Final = gettext_lazy("{faction} has no detachment called “{text}”.{hint}")
ERR_DETACHMENT_ID: Final = gettext_lazy("{faction} cannot use detachment id {value}.")
ERR_DATASHEET: Final = gettext_lazy(
    "Unit {position}: {faction} has no datasheet called “{text}”.{hint}"
)
ERR_DATASHEET_ID: Final = gettext_lazy(
    "Unit {position}: {faction} cannot field datasheet id {value}."
)
ERR_ENHANCEMENT: Final = gettext_lazy(
    "Unit {position}: no detachment of {faction} has an enhancement called “{text}”.{hint}"
)
ERR_ENHANCEMENT_ID: Final = gettext_lazy(
    "Unit {position}: no detachment of {faction} has enhancement id {value}."
)
ERR_RELEASE: Final = gettext_lazy("There is no points release called “{text}”.")
ERR_RELEASE_ID: Final = gettext_lazy("There is no points release with id {value}.")
ERR_NO_RELEASE: Final = gettext_lazy("There is no points release yet to price the roster under.")
ERR_NO_RELEASE_AS_OF: Final = gettext_lazy("No points release was published on or before {day}.")
ERR_RELEASE_AND_DATE: Final = gettext_lazy("Give release or as_of, not both.")
HINT: Final = gettext_lazy(" Did you mean: {names}?")
ERR_OPTION: Final = gettext_lazy("Unit {position}: {datasheet} has no priced option “{text}”.")
ERR_UPGRADE: Final = gettext_lazy("Unit {position}: {detachment} has no upgrade “{text}”.")
ERR_UPGRADE_NO_DETACHMENT: Final = gettext_lazy(
    "Unit {position}: the army has no detachment, so it has no upgrade “{text}”."
)


@dataclass(frozen=True)
class UnitBody:
    datasheet: int | str
    models: int | None = None
    enhancement: int | str | None = None
    warlord: bool = False
    options: Sequence[Mapping[str, Any]] = ()
    upgrades: Sequence[Mapping[str, Any]] = ()
    # Per model type, [{"model", "models", "wargear": {option: count}}]; None: defaults.
    wargear: list[dict[str, Any]] | None = None


def _hint(table: NameTable, text: str) -> str:
    names = table.suggest(normalise(text))
    return HINT.format(names=", ".join(names)) if names else ""


def _lookup(table: NameTable, value: int | str) -> int | None:
    """Return the id a name or id names in the table, or None."""
    if isinstance(value, int):
        return value if any(e.id == value for e in table.entries) else None
    entry = table.by_norm.get(normalise(value))
    return entry.id if entry is not None else None


def _snapshot(release: int | str | None, as_of: date | None = None) -> CatalogueSnapshot:
    if release is not None and as_of is not None:
        raise ValidationError({"as_of": [ERR_RELEASE_AND_DATE]})
    try:
        if isinstance(release, int):
            return catalogue_snapshot(release_id=release)
        if release is None:
            return catalogue_snapshot(as_of=as_of)
        return catalogue_snapshot(release_name=release)
    except SnapshotError:
        if as_of is not None:
            raise ValidationError(
                {"as_of": [ERR_NO_RELEASE_AS_OF.format(day=as_of.isoformat())]}
            ) from None
        if release is None:
            message = str(ERR_NO_RELEASE)
        elif isinstance(release, int):
            message = ERR_RELEASE_ID.format(value=release)
        else:
            message = ERR_RELEASE.format(text=release)
        raise ValidationError({"release": [message]}) from None


def _faction_id(index: CatalogueIndex, value: int | str) -> int:
    if isinstance(value, int):
        if value not in index.faction_names:
            raise ValidationError({"faction": [ERR_FACTION_ID.format(value=value)]})
        return value
    found = _lookup(index.factions, value)
    if found is None:
        hint = _hint(index.factions, value)
        raise ValidationError({"faction": [ERR_FACTION.format(text=value, hint=hint)]})
    return found


def _detachment_id(
    index: CatalogueIndex, faction_id: int, value: int | str, release_id: int
) -> int:
    table = index.detachments(faction_id, release_id)
    found = _lookup(table, value)
    if found is not None:
        return found
    faction = index.faction_names[faction_id]
    if isinstance(value, int):
        message = ERR_DETACHMENT_ID.format(faction=faction, value=value)
    else:
        message = ERR_DETACHMENT.format(faction=faction, text=value, hint=_hint(table, value))
    raise ValidationError({"detachment": [message]})


def _unit_ids(
    index: CatalogueIndex,
    faction_id: int,
    detachment_id: int | None,
    units: Sequence[UnitBody],
    release_id: int,
) -> list[tuple[int, int | None]]:
    """Return (datasheet id, enhancement id) per unit, or raise with errors by position."""
    faction = index.faction_names[faction_id]
    sheets = index.datasheets(faction_id, release_id)
    detachment_ids = [e.id for e in index.detachments(faction_id, release_id).entries]
    if detachment_id is not None:
        # The chosen detachment's enhancements win a name shared with another detachment.
        detachment_ids.remove(detachment_id)
        detachment_ids.insert(0, detachment_id)
    enhancements = index.enhancements(detachment_ids, release_id)
    found: list[tuple[int, int | None]] = []
    errors: list[dict[str, list[str]]] = []
    for position, unit in enumerate(units, 1):
        unit_errors: dict[str, list[str]] = {}
        sheet_id = _lookup(sheets, unit.datasheet)
        if sheet_id is None:
            unit_errors["datasheet"] = [
                ERR_DATASHEET_ID.format(position=position, faction=faction, value=unit.datasheet)
                if isinstance(unit.datasheet, int)
                else ERR_DATASHEET.format(
                    position=position,
                    faction=faction,
                    text=unit.datasheet,
                    hint=_hint(sheets, unit.datasheet),
                )
            ]
        enhancement_id = None
        if unit.enhancement is not None:
            enhancement_id = _lookup(enhancements, unit.enhancement)
            if enhancement_id is None:
                unit_errors["enhancement"] = [
                    ERR_ENHANCEMENT_ID.format(
                        position=position, faction=faction, value=unit.enhancement
                    )
                    if isinstance(unit.enhancement, int)
                    else ERR_ENHANCEMENT.format(
                        position=position,
                        faction=faction,
                        text=unit.enhancement,
                        hint=_hint(enhancements, unit.enhancement),
                    )
                ]
        errors.append(unit_errors)
        found.append((sheet_id or 0, enhancement_id))
    if any(errors):
        raise ValidationError({"units": errors})
    return found


def validate_body_draft(
    *,
    faction: int | str,
    detachment: int | str | None,
    battle_size: str,
    profile: str,
    release: int | str | None,
    units: Sequence[UnitBody],
    name: str = "",
    as_of: date | None = None,
) -> tuple[CatalogueSnapshot, CheckDraft]:
    """Build an unsaved list whose unit keys are positions from 1; unknown names are refused.

    The release is the one named, or the one in force on ``as_of``, or the current one.
    """
    snapshot = _snapshot(release, as_of)
    index = snapshot.index
    release_id = snapshot.release.id
    faction_id = _faction_id(index, faction)
    detachment_id = (
        _detachment_id(index, faction_id, detachment, release_id)
        if detachment is not None
        else None
    )
    ids = _unit_ids(index, faction_id, detachment_id, units, release_id)
    extras = _unit_extras(snapshot, detachment_id, units, [sheet for sheet, _ in ids])
    draft = snapshot.draft(
        faction_id=faction_id,
        detachment_id=detachment_id,
        battle_size=battle_size,
        profile=profile,
        name=name,
        units=[
            (
                str(position),
                sheet_id,
                unit.models if unit.models is not None else index.size(sheet_id, release_id)[0],
                enh_id,
                unit.warlord,
            )
            for position, (unit, (sheet_id, enh_id)) in enumerate(zip(units, ids, strict=True), 1)
        ],
        extras=extras,
        loadouts={
            str(position): loadout_facts(unit.wargear)
            for position, unit in enumerate(units, 1)
            if unit.wargear
        },
    )
    return snapshot, draft


def _unit_extras(
    snapshot: CatalogueSnapshot,
    detachment_id: int | None,
    units: Sequence[UnitBody],
    sheet_ids: Sequence[int],
) -> dict[str, UnitExtras]:
    """Place each unit's options (by its datasheet) and upgrades (by the detachment) by name;
    raise with errors by position for a name that is neither."""
    names = snapshot.upgrade_names.get(detachment_id, {}) if detachment_id is not None else {}
    detachment = snapshot.detachments[detachment_id].name if detachment_id is not None else None
    extras: dict[str, UnitExtras] = {}
    errors: list[dict[str, list[str]]] = []
    for position, (unit, sheet_id) in enumerate(zip(units, sheet_ids, strict=True), 1):
        unit_errors: dict[str, list[str]] = {}
        options = []
        for option in unit.options:
            if (sheet_id, option["name"].casefold()) not in snapshot.options:
                unit_errors.setdefault("options", []).append(
                    ERR_OPTION.format(
                        position=position,
                        datasheet=snapshot.datasheets[sheet_id].name,
                        text=option["name"],
                    )
                )
            options.append((option["name"], option.get("count", 1)))
        upgrades = []
        for upgrade in unit.upgrades:
            found = names.get(upgrade["name"].casefold())
            if found is None:
                refusal = (
                    ERR_UPGRADE.format(
                        position=position, detachment=detachment, text=upgrade["name"]
                    )
                    if detachment
                    else ERR_UPGRADE_NO_DETACHMENT.format(position=position, text=upgrade["name"])
                )
                unit_errors.setdefault("upgrades", []).append(refusal)
                continue
            upgrades.append((found, upgrade.get("count", 1)))
        errors.append(unit_errors)
        if options or upgrades:
            extras[str(position)] = (options, upgrades)
    if any(errors):
        raise ValidationError({"units": errors})
    return extras


def validate_body_declaration(*, data: Mapping[str, Any] | None) -> core.Declaration | None:
    """Read a declaration by unit position, as validate_list's --declaration file has it."""
    if data is None:
        return None
    try:
        return format_services.declaration_from_positions(data=data)
    except format_services.ListImportError as exc:
        raise ValidationError({"declaration": [str(exc)]}) from None


def validate_body_check(
    *,
    faction: int | str,
    detachment: int | str | None,
    battle_size: str,
    profile: str,
    release: int | str | None,
    units: Sequence[UnitBody],
    declaration: Mapping[str, Any] | None = None,
    name: str = "",
    as_of: date | None = None,
) -> tuple[CheckDraft, core.Result]:
    """Validate an unsaved roster body, with its declaration, from the warm snapshot."""
    snapshot, draft = validate_body_draft(
        as_of=as_of,
        faction=faction,
        detachment=detachment,
        battle_size=battle_size,
        profile=profile,
        release=release,
        units=units,
        name=name,
    )
    return draft, snapshot.validate(draft, validate_body_declaration(data=declaration))
