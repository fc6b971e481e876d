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
from typing import Any, Final

from rest_framework.exceptions import ValidationError

from armybuilder.catalogue.conversion import loadout_facts
from armybuilder.catalogue.snapshot import (
    CatalogueSnapshot,
    CheckDraft,
    SnapshotError,
    catalogue_snapshot,
)
from armybuilder.rules import model as core
from rosters.formats import services as format_services
from rosters.formats.text_import.common import normalise
from rosters.formats.text_import.index import CatalogueIndex, NameTable

ERR_FACTION: Final = "No faction is called “{text}”.{hint}"
ERR_FACTION_ID: Final = "There is no faction with id {value}."
ERR_DETACHMENT: Final = "{faction} has no detachment called “{text}”.{hint}"
ERR_DETACHMENT_ID: Final = "{faction} cannot use detachment id {value}."
ERR_DATASHEET: Final = "Unit {position}: {faction} has no datasheet called “{text}”.{hint}"
ERR_DATASHEET_ID: Final = "Unit {position}: {faction} cannot field datasheet id {value}."
ERR_ENHANCEMENT: Final = (
    "Unit {position}: no detachment of {faction} has an enhancement called “{text}”.{hint}"
)
ERR_ENHANCEMENT_ID: Final = (
    "Unit {position}: no detachment of {faction} has enhancement id {value}."
)
ERR_RELEASE: Final = "There is no points release called “{text}”."
ERR_RELEASE_ID: Final = "There is no points release with id {value}."
ERR_NO_RELEASE: Final = "There is no points release yet to price the roster under."
HINT: Final = " Did you mean: {names}?"


@dataclass(frozen=True)
class UnitBody:
    datasheet: int | str
    models: int | None = None
    enhancement: int | str | None = None
    warlord: bool = False
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


def _snapshot(release: int | str | None) -> CatalogueSnapshot:
    try:
        if isinstance(release, int):
            return catalogue_snapshot(release_id=release)
        if release is None:
            return catalogue_snapshot()
        return catalogue_snapshot(release_name=release)
    except SnapshotError:
        if release is None:
            message = ERR_NO_RELEASE
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


def _detachment_id(index: CatalogueIndex, faction_id: int, value: int | str) -> int:
    table = index.detachments(faction_id)
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
    index: CatalogueIndex, faction_id: int, detachment_id: int | None, units: Sequence[UnitBody]
) -> list[tuple[int, int | None]]:
    """Return (datasheet id, enhancement id) per unit, or raise with errors by position."""
    faction = index.faction_names[faction_id]
    sheets = index.datasheets(faction_id)
    detachment_ids = [e.id for e in index.detachments(faction_id).entries]
    if detachment_id is not None:
        # The chosen detachment's enhancements win a name shared with another detachment.
        detachment_ids.remove(detachment_id)
        detachment_ids.insert(0, detachment_id)
    enhancements = index.enhancements(detachment_ids)
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
) -> tuple[CatalogueSnapshot, CheckDraft]:
    """Build an unsaved list whose unit keys are positions from 1; unknown names are refused."""
    snapshot = _snapshot(release)
    index = snapshot.index
    faction_id = _faction_id(index, faction)
    detachment_id = (
        _detachment_id(index, faction_id, detachment) if detachment is not None else None
    )
    ids = _unit_ids(index, faction_id, detachment_id, units)
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
                unit.models if unit.models is not None else index.sizes[sheet_id][0],
                enh_id,
                unit.warlord,
            )
            for position, (unit, (sheet_id, enh_id)) in enumerate(zip(units, ids, strict=True), 1)
        ],
        loadouts={
            str(position): loadout_facts(unit.wargear)
            for position, unit in enumerate(units, 1)
            if unit.wargear
        },
    )
    return snapshot, draft


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
) -> tuple[CheckDraft, core.Result]:
    """Validate an unsaved roster body, with its declaration, from the warm snapshot."""
    snapshot, draft = validate_body_draft(
        faction=faction,
        detachment=detachment,
        battle_size=battle_size,
        profile=profile,
        release=release,
        units=units,
        name=name,
    )
    return draft, snapshot.validate(draft, validate_body_declaration(data=declaration))
