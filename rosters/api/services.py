"""API glue: turn a request's ids and names into calls of the roster and declaration services.

Nothing here prices a unit or checks a rule; rosters.services and the rules core do.
Refusals are raised as DRF ValidationError (field errors) or ApiError, which the
exception handler renders as the JSON error envelope.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from django.db import transaction
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import ValidationError

from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    Enhancement,
    Faction,
)
from armybuilder.rules import model as core
from rosters import declarations as declaration_services
from rosters import services
from rosters.api import selectors
from rosters.api.errors import CODE_DECLARATION_INVALID, CODE_ROSTER_REJECTED, ApiError
from rosters.formats.result_json import result_to_json
from rosters.models import Declaration, Roster, RosterUnit

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

ERR_UNKNOWN_FACTION: Final = gettext_lazy("There is no faction with id {value}.")
ERR_RETIRED_FACTION: Final = gettext_lazy(
    "{faction} is only in older data: a list of its time is read as it, but a new roster "
    "cannot take it."
)
ERR_UNKNOWN_DETACHMENT: Final = gettext_lazy("There is no detachment with id {value}.")
ERR_UNKNOWN_DATASHEET: Final = gettext_lazy("There is no datasheet with id {value}.")
ERR_UNKNOWN_ENHANCEMENT: Final = gettext_lazy("There is no enhancement with id {value}.")
ERR_UNKNOWN_UPGRADE: Final = gettext_lazy("There is no detachment upgrade with id {value}.")
ERR_UNKNOWN_UNIT: Final = gettext_lazy("This roster has no unit with id {value}.")
ERR_NO_RELEASE: Final = gettext_lazy("There is no points release yet to price a roster under.")
ERR_UNKNOWN_DECLARATION: Final = gettext_lazy("This roster has no declaration with id {value}.")


def _get_or_field_error(model: type[Any], pk: int, field: str, message: _StrOrPromise) -> Any:
    row = model.objects.filter(pk=pk).first()
    if row is None:
        raise ValidationError({field: [message.format(value=pk)]})
    return row


def _rejected(exc: Exception) -> ApiError:
    message = str(exc)
    return ApiError(
        code=CODE_ROSTER_REJECTED, message=message, fields={"non_field_errors": [message]}
    )


def roster_create_from_ids(
    *,
    owner: Any,
    name: str,
    faction_id: int,
    detachment_id: int | None,
    battle_size: str,
    profile: str,
    release_id: int | None,
) -> Roster:
    """Create a roster from catalogue ids; the detachment must be one its faction may use."""
    faction = _get_or_field_error(Faction, faction_id, "faction", ERR_UNKNOWN_FACTION)
    if not Faction.objects.offered().filter(pk=faction.pk).exists():
        # As the new-roster form: its choices hold only the factions offered anew.
        raise ValidationError({"faction": [ERR_RETIRED_FACTION.format(faction=faction.name)]})
    detachment = None
    if detachment_id is not None:
        detachment = _get_or_field_error(
            Detachment, detachment_id, "detachment", ERR_UNKNOWN_DETACHMENT
        )
        if detachment.faction_id not in {
            f.pk for f in services.faction_chain_load(faction=faction)
        }:
            raise ValidationError(
                {
                    "detachment": [
                        services.ERR_DETACHMENT_FACTION.format(
                            detachment=detachment, faction=faction
                        )
                    ]
                }
            )
    release = selectors.release_get(release_id=release_id)
    if release is None:
        raise ValidationError({"release": [ERR_NO_RELEASE]})
    roster = services.roster_create(
        owner=owner,
        name=name,
        faction=faction,
        detachment=detachment,
        battle_size=battle_size,
        profile=profile,
        release=release,
    )
    return services.roster_load(roster_id=roster.pk)


def roster_update_from_ids(
    *,
    roster: Roster,
    name: str | None = None,
    detachment_id: int | None = None,
    battle_size: str | None = None,
    profile: str | None = None,
) -> Roster:
    """Change a roster's name, detachment, battle size or profile."""
    detachment = None
    if detachment_id is not None:
        detachment = _get_or_field_error(
            Detachment, detachment_id, "detachment", ERR_UNKNOWN_DETACHMENT
        )
    try:
        services.roster_update(
            roster=roster,
            name=name,
            detachment=detachment,
            battle_size=battle_size,
            profile=profile,
        )
    except services.RosterError as exc:
        raise ValidationError({"detachment": [str(exc)]}) from None
    return services.roster_load(roster_id=roster.pk)


def roster_delete(*, roster: Roster) -> None:
    """Delete a roster with its units and declarations."""
    services.roster_delete(roster=roster)


def roster_duplicate(*, roster: Roster, name: str | None = None) -> Roster:
    """Copy a roster with its units, for the same owner."""
    copy = services.roster_duplicate(roster=roster, name=name)
    return services.roster_load(roster_id=copy.pk)


def roster_share_set(*, roster: Roster, enabled: bool) -> Roster:
    """Turn the read-only share token on (a fresh one) or off."""
    return services.roster_share_set(roster=roster, enabled=enabled)


def roster_warlord_set(*, roster: Roster, unit_id: int | None) -> Roster:
    """Make one of the roster's units the Warlord, or clear the choice."""
    unit = None
    if unit_id is not None:
        unit = roster.units.filter(pk=unit_id).first()
        if unit is None:
            raise ValidationError({"unit": [ERR_UNKNOWN_UNIT.format(value=unit_id)]})
    services.roster_warlord_set(roster=roster, unit=unit)
    return services.roster_load(roster_id=roster.pk)


@dataclass(frozen=True)
class RepriceOutcome:
    preview: services.RepricePreview
    applied: bool


def roster_reprice_run(*, roster: Roster, release_id: int | None, apply: bool) -> RepriceOutcome:
    """Compare the roster's prices with another release's (default current); apply if asked."""
    release = selectors.release_get(release_id=release_id)
    if release is None:
        raise ValidationError({"release": [ERR_NO_RELEASE]})
    try:
        preview = services.roster_reprice(roster=roster, release=release, apply=apply)
    except services.RosterError as exc:
        raise ValidationError({"release": [str(exc)]}) from None
    return RepriceOutcome(preview=preview, applied=apply)


def roster_unit_create(
    *,
    roster: Roster,
    datasheet_id: int,
    models: int | None = None,
    enhancement_id: int | None = None,
    warlord: bool = False,
    wargear: list[dict[str, Any]] | None = None,
) -> RosterUnit:
    """Add a unit, with its enhancement and wargear, and make it the Warlord if asked."""
    datasheet = _get_or_field_error(Datasheet, datasheet_id, "datasheet", ERR_UNKNOWN_DATASHEET)
    enhancement = None
    if enhancement_id is not None:
        enhancement = _get_or_field_error(
            Enhancement, enhancement_id, "enhancement", ERR_UNKNOWN_ENHANCEMENT
        )
    try:
        with transaction.atomic():
            unit = services.roster_unit_create(roster=roster, datasheet=datasheet, models=models)
            if enhancement is not None:
                # roster_unit_update is the service that checks the enhancement's detachment.
                services.roster_unit_update(unit=unit, enhancement=enhancement)
            if wargear:
                services.roster_unit_wargear_set(unit=unit, wargear=wargear)
            if warlord:
                services.roster_warlord_set(roster=roster, unit=unit)
    except services.RosterError as exc:
        raise _rejected(exc) from None
    return selectors.roster_unit_owned_get(owner=roster.owner, roster_id=roster.pk, unit_id=unit.pk)


def roster_unit_change(
    *,
    unit: RosterUnit,
    models: int | None = None,
    enhancement_id: int | Literal["keep"] | None = "keep",
    warlord: bool | None = None,
    options: Sequence[Mapping[str, Any]] | None = None,
    upgrades: Sequence[Mapping[str, Any]] | None = None,
    wargear: list[dict[str, Any]] | None = None,
) -> RosterUnit:
    """Change a unit's model count, enhancement, priced options, detachment upgrades or
    wargear, or make it (or stop it being) Warlord."""
    enhancement: Enhancement | Literal["keep"] | None = "keep"
    if enhancement_id != "keep":
        enhancement = (
            _get_or_field_error(Enhancement, enhancement_id, "enhancement", ERR_UNKNOWN_ENHANCEMENT)
            if enhancement_id is not None
            else None
        )
    roster = unit.roster
    try:
        with transaction.atomic():
            services.roster_unit_update(unit=unit, models=models, enhancement=enhancement)
            if options:
                services.roster_unit_options_set(
                    unit=unit, options={o["name"]: o["count"] for o in options}
                )
            if upgrades:
                services.roster_unit_upgrades_set(
                    unit=unit,
                    upgrades={
                        _get_or_field_error(
                            DetachmentUpgrade, u["upgrade"], "upgrades", ERR_UNKNOWN_UPGRADE
                        ): u["count"]
                        for u in upgrades
                    },
                )
            if wargear is not None:
                services.roster_unit_wargear_set(unit=unit, wargear=wargear)
            if warlord is True:
                services.roster_warlord_set(roster=roster, unit=unit)
            elif warlord is False and unit.warlord:
                services.roster_warlord_set(roster=roster, unit=None)
    except services.RosterError as exc:
        raise _rejected(exc) from None
    return selectors.roster_unit_owned_get(owner=roster.owner, roster_id=roster.pk, unit_id=unit.pk)


def roster_unit_duplicate(*, unit: RosterUnit) -> RosterUnit:
    """Add a plain copy of a unit right after it."""
    copy = services.roster_unit_duplicate(unit=unit)
    copy = RosterUnit.objects.select_related("roster", "datasheet", "enhancement").get(pk=copy.pk)
    return selectors.roster_unit_numbered(unit=copy)


def roster_unit_remove(*, unit: RosterUnit) -> None:
    """Remove a unit from its roster."""
    services.roster_unit_remove(unit=unit)


def roster_validation(
    *, roster: Roster, declaration_id: int | None = None
) -> tuple[services.Draft, core.Result]:
    """Validate a loaded roster, with one of its saved declarations if given."""
    declaration = None
    if declaration_id is not None:
        row = roster.declarations.filter(pk=declaration_id).first()
        if row is None:
            raise ValidationError(
                {"declaration": [ERR_UNKNOWN_DECLARATION.format(value=declaration_id)]}
            )
        declaration = declaration_services.declaration_to_core(
            data=declaration_services.DeclarationData.of(row)
        )
    draft = services.roster_to_draft(roster=roster)
    _, result = services.draft_validate(draft=draft, declaration=declaration)
    return draft, result


def declaration_data(
    *,
    hover: Sequence[int],
    attachments: Sequence[Sequence[int]],
    embarkations: Sequence[Sequence[int]],
    placements: Mapping[int, str],
) -> declaration_services.DeclarationData:
    return declaration_services.DeclarationData(
        hover=list(hover),
        attachments=[(a, b) for a, b in attachments],
        embarkations=[(a, b) for a, b in embarkations],
        placements=dict(placements),
    )


def declaration_write(
    *,
    roster: Roster,
    name: str,
    data: declaration_services.DeclarationData,
    declaration: Declaration | None = None,
) -> Declaration:
    """Save a declaration if the rules core finds no error; else refuse with the violations."""
    try:
        saved, _ = declaration_services.declaration_save(
            roster=roster, name=name, data=data, declaration=declaration
        )
    except declaration_services.DeclarationInvalid as exc:
        draft = services.roster_to_draft(roster=roster)
        violations = result_to_json(draft=draft, result=exc.result)["violations"]
        raise ApiError(
            code=CODE_DECLARATION_INVALID, message=str(exc), extra={"violations": violations}
        ) from None
    except ValueError as exc:
        raise ValidationError({"name": [str(exc)]}) from None
    return saved


def declaration_delete(*, declaration: Declaration) -> None:
    """Delete a saved declaration."""
    declaration_services.declaration_delete(declaration=declaration)


def declaration_stale(
    *, roster: Roster, declarations: Sequence[Declaration]
) -> dict[int, set[int]]:
    """Map each declaration's id to the unit ids it names that the roster no longer has."""
    return {
        d.pk: declaration_services.declaration_stale_ids(
            roster=roster, data=declaration_services.DeclarationData.of(d)
        )
        for d in declarations
    }


def api_token_create(*, user: Any) -> Token:
    """Give the player a fresh API token, revoking the one they had."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)


def api_token_revoke(*, user: Any) -> bool:
    """Revoke the player's API token; tell whether there was one."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return deleted > 0
