"""DETACHMENT_UPGRADE: priced upgrades a detachment offers, on the units the data allows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Final

from armybuilder.rules import codes
from armybuilder.rules.context import Context
from armybuilder.rules.model import Unit, Upgrade, Violation

# The most of one upgrade a unit is taken with at all; the data's own caps (most_for) are
# below it. The builder refuses a larger count at write time from this one constant.
MAX_UPGRADE_COUNT: Final = 9


def upgrade_problems(unit: Unit, upgrade: Upgrade, detachment: str | None) -> Iterator[str]:
    """Say why this unit may not take this upgrade so often under this detachment."""
    if detachment is None:
        yield codes.MSG_UPGRADE_NO_DETACHMENT.format(
            unit=unit.name, upgrade=upgrade.name, owner=upgrade.detachment
        )
        return
    if upgrade.detachment != detachment:
        yield codes.MSG_UPGRADE_DETACHMENT.format(
            unit=unit.name, upgrade=upgrade.name, owner=upgrade.detachment, detachment=detachment
        )
        return
    most = upgrade.most_for(unit.name)
    if most == 0:
        yield codes.MSG_UPGRADE_NOT_ALLOWED.format(unit=unit.name, upgrade=upgrade.name)
    elif upgrade.count > most:
        yield codes.MSG_UPGRADE_TOO_MANY.format(
            unit=unit.name, upgrade=upgrade.name, count=upgrade.count, most=most
        )


def check_upgrades(ctx: Context) -> Iterator[Violation]:
    """Each upgrade on a unit the data allows, as often as it allows, under its detachment;
    and every upgrade the detachment makes compulsory, taken."""
    detachment = ctx.detachment
    name = detachment.name if detachment is not None else None
    required: dict[str, list[str]] = {}
    if detachment is not None:
        for sheet, upgrade_name in sorted(detachment.required_upgrades):
            required.setdefault(sheet, []).append(upgrade_name)
    for unit in ctx.army.units:
        needed = required.get(unit.name, ())
        if not unit.upgrades and not needed:
            continue
        taken: Counter[str] = Counter()
        for upgrade in unit.upgrades:
            taken[upgrade.name] += upgrade.count
            for message in upgrade_problems(unit, upgrade, name):
                yield codes.violation(codes.DETACHMENT_UPGRADE, message, (unit.id,))
        for upgrade_name in needed:
            if not taken[upgrade_name]:
                yield codes.violation(
                    codes.DETACHMENT_UPGRADE,
                    codes.MSG_UPGRADE_REQUIRED.format(
                        unit=unit.name, upgrade=upgrade_name, detachment=name or ""
                    ),
                    (unit.id,),
                )
