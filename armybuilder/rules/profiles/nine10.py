"""nine-10: core-10 with the 9th-edition reserves rule instead of Strategic Reserves."""

from __future__ import annotations

from typing import ClassVar

from armybuilder.rules import reserves
from armybuilder.rules.context import Context
from armybuilder.rules.model import BattleSize, Meter
from armybuilder.rules.profiles.core10 import Check, Profile


class Nine10(Profile):
    """Core rules with the 9th-edition caps: half the units, under half the power in reserves.

    The 10th-edition 25% Strategic Reserves cap does not apply: the 9th-edition rule
    replaces the reserves rule as a whole.
    """

    name: ClassVar[str] = "nine-10"
    description: ClassVar[str] = (
        "10th edition with the 9th-edition mission reserves rule: at most half the units, "
        "and less than half the power rating, in Reserves."
    )

    def strategic_reserves_cap(self, battle_size: BattleSize) -> int | None:
        return None

    def formation_checks(self) -> tuple[Check, ...]:
        return (*super().formation_checks(), reserves.check_power_known)

    def reserves_deadline_round(self) -> int | None:
        return 3

    def reserve_meters(self, ctx: Context) -> tuple[Meter, ...]:
        meters = [*super().reserve_meters(ctx), reserves.reserve_units_meter(ctx)]
        power = reserves.reserve_power_meter(ctx)
        if power is not None:
            meters.append(power)
        return tuple(meters)
