"""Writes to rosters and their units; each locks the roster first (roster_lock)."""

from __future__ import annotations

import secrets
from collections import defaultdict
from typing import Any, Literal

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from armybuilder import rules
from armybuilder.catalogue import conversion
from armybuilder.catalogue.conversion import datasheet_to_core
from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradeUnit,
    Enhancement,
    Faction,
    OptionPrice,
    PointsRelease,
    UnitPrice,
)
from armybuilder.rules import model as core
from armybuilder.rules import muster
from armybuilder.rules import wargear as core_wargear
from armybuilder.rules.upgrades import MAX_UPGRADE_COUNT
from rosters.models import Roster, RosterUnit, RosterUnitOption, RosterUnitUpgrade
from rosters.services.drafts import roster_unit_key
from rosters.services.errors import RosterError
from rosters.services.loading import faction_chain_load
from rosters.services.wargear import wargear_clean, wargear_facts

ERR_NOT_PRICED = gettext_lazy(
    "{datasheet} has no price in {release}, so it cannot be added under it."
)
ERR_NOT_AVAILABLE = gettext_lazy("{datasheet} is not available to {faction}.")
ERR_BAD_MODEL_COUNT = gettext_lazy("{datasheet} comes in units of {allowed} models, not {models}.")
ERR_UNIT_GONE = gettext_lazy("That unit is no longer in the roster.")


def roster_lock(*, roster_id: int) -> None:
    """Hold the roster's row until the transaction ends, so its edits run one at a time.

    Every service that changes a roster, its units or its declarations calls this first,
    inside transaction.atomic(): two players' tabs adding characters at once would
    otherwise both see "no Warlord yet" and both take the next position.
    """
    if connection.features.has_select_for_update:
        list(Roster.objects.select_for_update().filter(pk=roster_id).values_list("pk"))
    else:
        # SQLite locks the whole database for a write. Writing first thing in the
        # transaction makes it wait (busy timeout) for that lock instead of failing with
        # "database is locked" when a read taken earlier would have to be upgraded.
        Roster.objects.filter(pk=roster_id).update(updated=F("updated"))


def _unit_relock(unit: RosterUnit) -> RosterUnit:
    """Lock the unit's roster and re-read the unit's own fields as they now stand."""
    roster_lock(roster_id=unit.roster_id)
    try:
        unit.refresh_from_db(
            fields=["position", "models_count", "enhancement", "warlord", "wargear"]
        )
    except RosterUnit.DoesNotExist:
        raise RosterError(str(ERR_UNIT_GONE)) from None
    # A detachment changed meanwhile decides which enhancements the unit may take.
    unit.roster.refresh_from_db(fields=["detachment", "release"])
    return unit


def roster_create(
    *,
    owner: object,
    name: str,
    faction: Faction,
    detachment: Detachment | None,
    battle_size: str,
    profile: str = "core-10",
    release: PointsRelease | None = None,
) -> Roster:
    """Create an empty roster priced under the given release, or the current one."""
    return Roster.objects.create(
        owner=owner,
        name=name,
        faction=faction,
        detachment=detachment,
        battle_size=battle_size,
        profile=profile,
        release=release or PointsRelease.objects.current(),
    )


def datasheet_model_counts(*, datasheet: Datasheet, release: PointsRelease) -> list[int]:
    """Return the model counts a unit of this datasheet may have under a release."""
    priced = set(
        UnitPrice.objects.filter(release=release, datasheet=datasheet).values_list(
            "models_count", flat=True
        )
    )
    return muster.allowed_model_counts(datasheet.min_models, datasheet.max_models, priced)


def roster_unit_create(
    *,
    roster: Roster,
    datasheet: Datasheet,
    models: int | None = None,
    enhancement: Enhancement | None = None,
    warlord: bool = False,
) -> RosterUnit:
    """Add a unit to a roster; refuse datasheets the roster's release does not price."""
    with transaction.atomic():
        roster_lock(roster_id=roster.pk)
        return _add_unit(
            roster=roster,
            datasheet=datasheet,
            models=models,
            enhancement=enhancement,
            warlord=warlord,
        )


def _add_unit(
    *,
    roster: Roster,
    datasheet: Datasheet,
    models: int | None,
    enhancement: Enhancement | None,
    warlord: bool,
) -> RosterUnit:
    if not roster.faction.datasheets.filter(pk=datasheet.pk).exists():
        raise RosterError(ERR_NOT_AVAILABLE.format(datasheet=datasheet, faction=roster.faction))
    counts = datasheet_model_counts(datasheet=datasheet, release=roster.release)
    if not counts:
        raise RosterError(ERR_NOT_PRICED.format(datasheet=datasheet, release=roster.release))
    models = counts[0] if models is None else models
    if models not in counts:
        allowed = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
        raise RosterError(
            ERR_BAD_MODEL_COUNT.format(datasheet=datasheet, allowed=allowed, models=models)
        )
    last = roster.units.order_by("-position").values_list("position", flat=True).first()
    if not warlord and not roster.units.filter(warlord=True).exists():
        # As the official app does, the first unit able to lead the army becomes Warlord.
        facts = datasheet_to_core(datasheet=datasheet, brackets=())
        warlord = rules.can_be_warlord(core.Unit(id="new", datasheet=facts, models=models))
    unit = RosterUnit.objects.create(
        roster=roster,
        datasheet=datasheet,
        models_count=models,
        enhancement=enhancement,
        warlord=warlord,
        position=(last or 0) + 1,
    )
    _take_compulsory_upgrades(roster=roster, units=[unit])
    return unit


def _take_compulsory_upgrades(*, roster: Roster, units: list[RosterUnit]) -> None:
    """Give units the upgrades their detachment makes them take, as the official app does
    (Pantheon of Woe's C'tan powers): the player need not find them to be legal."""
    if roster.detachment_id is None or not units:
        return
    required: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for upgrade_id, datasheet_id, minimum in DetachmentUpgradeUnit.objects.filter(
        upgrade__detachment_id=roster.detachment_id,
        minimum__gt=0,
        datasheet_id__in={u.datasheet_id for u in units},
    ).values_list("upgrade_id", "datasheet_id", "minimum"):
        required[datasheet_id].append((upgrade_id, minimum))
    RosterUnitUpgrade.objects.bulk_create(
        (
            RosterUnitUpgrade(unit=unit, upgrade_id=upgrade_id, count=minimum)
            for unit in units
            for upgrade_id, minimum in required.get(unit.datasheet_id, ())
        ),
        ignore_conflicts=True,
    )


ERR_ENHANCEMENT_DETACHMENT = gettext_lazy("{enhancement} is not an enhancement of {detachment}.")
ERR_ENHANCEMENT_NO_DETACHMENT = gettext_lazy(
    "{enhancement} is an enhancement of {owner}: choose that detachment for the roster first."
)
ERR_DETACHMENT_FACTION = gettext_lazy("{detachment} is not a detachment of {faction}.")


def roster_update(
    *,
    roster: Roster,
    name: str | None = None,
    detachment: Detachment | None = None,
    battle_size: str | None = None,
    profile: str | None = None,
) -> Roster:
    """Change a roster's name, detachment, battle size or profile."""
    with transaction.atomic():
        roster_lock(roster_id=roster.pk)
        return _update(
            roster=roster,
            name=name,
            detachment=detachment,
            battle_size=battle_size,
            profile=profile,
        )


def _update(
    *,
    roster: Roster,
    name: str | None,
    detachment: Detachment | None,
    battle_size: str | None,
    profile: str | None,
) -> Roster:
    if detachment is not None:
        if (
            detachment.faction_id not in {f.pk for f in faction_chain_load(faction=roster.faction)}
            or detachment.hidden_for.filter(pk=roster.faction_id).exists()
        ):
            raise RosterError(
                ERR_DETACHMENT_FACTION.format(detachment=detachment, faction=roster.faction)
            )
        if roster.detachment_id != detachment.pk:
            # Enhancements and upgrades belong to a detachment; a new one leaves them behind.
            roster.units.exclude(enhancement=None).update(enhancement=None)
            RosterUnitUpgrade.objects.filter(unit__roster=roster).delete()
            roster.detachment = detachment
            _take_compulsory_upgrades(roster=roster, units=list(roster.units.all()))
        roster.detachment = detachment
    if name is not None:
        roster.name = name
    if battle_size is not None:
        roster.battle_size = battle_size
    if profile is not None:
        roster.profile = profile
    # Only the roster's own settings: a whole-row save would put back a stale share token.
    roster.save(update_fields=["name", "detachment", "battle_size", "profile", "updated"])
    return roster


NAME_MAX = Roster._meta.get_field("name").max_length or 150


def name_copy(*, name: str, suffix: str = " (copy)") -> str:
    """Name a copy after its original, cutting the original short to fit the column."""
    return name[: NAME_MAX - len(suffix)] + suffix


def roster_delete(*, roster: Roster) -> None:
    """Delete a roster with its units and declarations."""
    with transaction.atomic():
        # Deleting takes the units' rows before the roster's; an edit holding the roster's
        # row and waiting for a unit's would deadlock with it. The lock orders them.
        roster_lock(roster_id=roster.pk)
        roster.delete()


def roster_duplicate(*, roster: Roster, name: str | None = None) -> Roster:
    """Copy a roster with all its units for the same owner."""
    with transaction.atomic():
        roster_lock(roster_id=roster.pk)
        units = list(roster.units.prefetch_related("options"))
        copy = Roster.objects.create(
            owner=roster.owner,
            name=name or name_copy(name=roster.name),
            faction=roster.faction,
            detachment=roster.detachment,
            battle_size=roster.battle_size,
            profile=roster.profile,
            release=roster.release,
        )
        for unit in units:
            _copy_unit(unit, roster=copy, position=unit.position)
    return copy


def _copy_unit(unit: RosterUnit, *, roster: Roster, position: int) -> RosterUnit:
    options = list(unit.options.all())
    copy = RosterUnit.objects.create(
        roster=roster,
        position=position,
        datasheet_id=unit.datasheet_id,
        models_count=unit.models_count,
        enhancement_id=unit.enhancement_id,
        warlord=unit.warlord,
        stated_points=unit.stated_points,
        wargear=unit.wargear,
        wargear_unread=unit.wargear_unread,
    )
    RosterUnitOption.objects.bulk_create(
        RosterUnitOption(unit=copy, name=o.name, count=o.count) for o in options
    )
    RosterUnitUpgrade.objects.bulk_create(
        RosterUnitUpgrade(unit=copy, upgrade_id=u.upgrade_id, count=u.count)
        for u in unit.upgrades.all()
    )
    return copy


def roster_unit_update(
    *,
    unit: RosterUnit,
    models: int | None = None,
    enhancement: Enhancement | Literal["keep"] | None = "keep",
) -> RosterUnit:
    """Change a unit's model count or enhancement; the count must be one the datasheet allows."""
    with transaction.atomic():
        _unit_relock(unit)
        return _unit_update(unit=unit, models=models, enhancement=enhancement)


def _unit_update(
    *,
    unit: RosterUnit,
    models: int | None,
    enhancement: Enhancement | Literal["keep"] | None,
) -> RosterUnit:
    roster = unit.roster
    if models is not None and models != unit.models_count:
        counts = datasheet_model_counts(datasheet=unit.datasheet, release=roster.release)
        if models not in counts:
            allowed = f"{counts[0]} to {counts[-1]}" if counts else "no"
            raise RosterError(
                ERR_BAD_MODEL_COUNT.format(datasheet=unit.datasheet, allowed=allowed, models=models)
            )
        if unit.wargear:
            # Keep the choices that still fit the new count; the face shows the others.
            facts = wargear_facts(datasheet=unit.datasheet)
            before = core.Unit(
                id=roster_unit_key(unit=unit),
                datasheet=facts,
                models=unit.models_count,
                loadout=conversion.loadout_facts(unit.wargear),
            )
            fitted, unit.wargear_dropped = core_wargear.refit(before, models)
            unit.wargear = conversion.loadout_json(fitted)
        unit.models_count = models
    if enhancement != "keep":
        if enhancement is not None and enhancement.detachment_id != roster.detachment_id:
            if roster.detachment is None:
                raise RosterError(
                    ERR_ENHANCEMENT_NO_DETACHMENT.format(
                        enhancement=enhancement, owner=enhancement.detachment
                    )
                )
            raise RosterError(
                ERR_ENHANCEMENT_DETACHMENT.format(
                    enhancement=enhancement, detachment=roster.detachment
                )
            )
        unit.enhancement = enhancement
    # Never write the Warlord mark or position back: other services own them.
    unit.save(update_fields=["models_count", "enhancement", "wargear"])
    Roster.objects.filter(pk=roster.pk).update(updated=timezone.now())
    return unit


ERR_UPGRADE_DETACHMENT = _("{upgrade} is not an upgrade of {detachment}.")
ERR_UPGRADE_NO_DETACHMENT = _(
    "{upgrade} is an upgrade of {owner}: choose that detachment for the roster first."
)
ERR_NO_OPTION = _("{datasheet} has no priced option “{option}” in {release}.")
ERR_OPTION_COUNT = _("{datasheet} takes {option} at most {most} times, not {count}.")
ERR_UPGRADE_COUNT = _("{upgrade} can be taken at most {most} times on one unit, not {count}.")
# The most of one upgrade the builder accepts on a unit is the core's MAX_UPGRADE_COUNT.


def roster_unit_options_set(*, unit: RosterUnit, options: dict[str, int]) -> RosterUnit:
    """Set how many of each priced option (by name) a unit takes; 0 removes one."""
    with transaction.atomic():
        _unit_relock(unit)
        priced = {
            name.casefold(): (name, most)
            for name, most in OptionPrice.objects.filter(
                release_id=unit.roster.release_id, datasheet_id=unit.datasheet_id
            ).values_list("name", "max_count")
        }
        wanted: dict[str, int] = {}
        for raw, count in options.items():
            found = priced.get(raw.casefold())
            if found is None:
                raise RosterError(
                    ERR_NO_OPTION.format(
                        datasheet=unit.datasheet, option=raw, release=unit.roster.release
                    )
                )
            name, most = found
            if not 0 <= count <= most:
                raise RosterError(
                    ERR_OPTION_COUNT.format(
                        datasheet=unit.datasheet, option=name, most=most, count=count
                    )
                )
            wanted[name] = count
        for name, count in wanted.items():
            if count == 0:
                RosterUnitOption.objects.filter(unit=unit, name=name).delete()
            else:
                RosterUnitOption.objects.update_or_create(
                    unit=unit, name=name, defaults={"count": count}
                )
        Roster.objects.filter(pk=unit.roster_id).update(updated=timezone.now())
    return unit


def roster_unit_wargear_set(*, unit: RosterUnit, wargear: Any) -> RosterUnit:
    """Store a unit's wargear per model type; an empty list goes back to the defaults."""
    with transaction.atomic():
        _unit_relock(unit)
        facts = wargear_facts(datasheet=unit.datasheet)
        unit.wargear = wargear_clean(facts=facts, raw=wargear)
        unit.save(update_fields=["wargear"])
        Roster.objects.filter(pk=unit.roster_id).update(updated=timezone.now())
    return unit


def roster_unit_unread_forget(*, unit: RosterUnit) -> RosterUnit:
    """Forget the wargear lines an import could not place (their WARGEAR_UNREAD warning)."""
    with transaction.atomic():
        _unit_relock(unit)
        unit.wargear_unread = []
        unit.save(update_fields=["wargear_unread"])
        Roster.objects.filter(pk=unit.roster_id).update(updated=timezone.now())
    return unit


def roster_unit_upgrades_set(
    *, unit: RosterUnit, upgrades: dict[DetachmentUpgrade, int]
) -> RosterUnit:
    """Set how often a unit takes each of its detachment's upgrades; 0 removes one.

    Only the roster's own detachment's upgrades are accepted; whether this datasheet may
    take one, and how often, the rules core says (DETACHMENT_UPGRADE).
    """
    with transaction.atomic():
        _unit_relock(unit)
        roster = unit.roster
        for upgrade, count in upgrades.items():
            # Taking one off is always allowed, whichever detachment it came from.
            if count and upgrade.detachment_id != roster.detachment_id:
                if roster.detachment is None:
                    raise RosterError(
                        ERR_UPGRADE_NO_DETACHMENT.format(upgrade=upgrade, owner=upgrade.detachment)
                    )
                raise RosterError(
                    ERR_UPGRADE_DETACHMENT.format(upgrade=upgrade, detachment=roster.detachment)
                )
            if not 0 <= count <= MAX_UPGRADE_COUNT:
                raise RosterError(
                    ERR_UPGRADE_COUNT.format(upgrade=upgrade, most=MAX_UPGRADE_COUNT, count=count)
                )
        for upgrade, count in upgrades.items():
            if count == 0:
                RosterUnitUpgrade.objects.filter(unit=unit, upgrade=upgrade).delete()
            else:
                RosterUnitUpgrade.objects.update_or_create(
                    unit=unit, upgrade=upgrade, defaults={"count": count}
                )
        Roster.objects.filter(pk=roster.pk).update(updated=timezone.now())
    return unit


def roster_unit_duplicate(*, unit: RosterUnit) -> RosterUnit:
    """Add a copy of a unit right after it, without its enhancement or Warlord mark."""
    with transaction.atomic():
        _unit_relock(unit)
        roster = unit.roster
        _shift_positions(roster=roster, after=unit.position)
        copy = _copy_unit(unit, roster=roster, position=unit.position + 1)
        # An enhancement and the Warlord are one per army: the copy is a plain unit.
        copy.enhancement = None
        copy.warlord = False
        copy.save(update_fields=["enhancement", "warlord"])
    return copy


# Positions are unique per roster and PostgreSQL checks that row by row, so a shift by one
# would collide with the next row: move the tail far out of the way first, then back.
_SHIFT_OFFSET = 1_000_000


def _shift_positions(*, roster: Roster, after: int) -> None:
    """Make room for a unit at position after + 1."""
    tail = roster.units.filter(position__gt=after)
    tail.update(position=F("position") + _SHIFT_OFFSET)
    roster.units.filter(position__gt=_SHIFT_OFFSET).update(
        position=F("position") - (_SHIFT_OFFSET - 1)
    )


def roster_unit_remove(*, unit: RosterUnit) -> None:
    """Remove a unit from its roster; removing one already gone changes nothing."""
    roster_id = unit.roster_id
    with transaction.atomic():
        roster_lock(roster_id=roster_id)
        RosterUnit.objects.filter(pk=unit.pk).delete()
        Roster.objects.filter(pk=roster_id).update(updated=timezone.now())


def roster_warlord_set(*, roster: Roster, unit: RosterUnit | None) -> None:
    """Mark one unit as the Warlord, or clear the choice; the rules core judges the choice."""
    with transaction.atomic():
        roster_lock(roster_id=roster.pk)
        roster.units.filter(warlord=True).update(warlord=False)
        if unit is not None:
            RosterUnit.objects.filter(pk=unit.pk).update(warlord=True)
        Roster.objects.filter(pk=roster.pk).update(updated=timezone.now())


def roster_share_set(*, roster: Roster, enabled: bool) -> Roster:
    """Turn the read-only share link on (with a fresh unguessable token) or off."""
    with transaction.atomic():
        roster_lock(roster_id=roster.pk)
        roster.share_token = secrets.token_urlsafe(24) if enabled else None
        roster.save(update_fields=["share_token"])
    return roster
