"""matched-10: core-10 plus the matched-play mission-pack limits."""

from __future__ import annotations

from typing import ClassVar

from armybuilder.rules import reserves
from armybuilder.rules.context import Context
from armybuilder.rules.model import BattleSize, Datasheet, Meter
from armybuilder.rules.profiles.core10 import Profile


class Matched10(Profile):
    """Core rules plus reserves caps; at Incursion 2 / 4 datasheets and one TITANIC CHARACTER."""

    name: ClassVar[str] = "matched-10"
    description: ClassVar[str] = (
        "core-10 plus the matched-play mission-pack limits: half the units and points in "
        "Reserves at most; at Incursion 2 / 4 copies of a datasheet and one TITANIC CHARACTER."
    )

    def datasheet_limits(self, battle_size: BattleSize) -> tuple[int, int]:
        if battle_size is BattleSize.INCURSION:
            return 2, 4
        return super().datasheet_limits(battle_size)

    def datasheet_limit(self, sheet: Datasheet, battleline: bool, battle_size: BattleSize) -> int:
        limit = super().datasheet_limit(sheet, battleline, battle_size)
        if battle_size is BattleSize.INCURSION:
            # A stricter data limit stays; a looser one is cut to the Incursion limit.
            normal, wide = self.datasheet_limits(battle_size)
            limit = min(limit, wide if battleline else normal)
        return limit

    def titanic_character_limit(self, battle_size: BattleSize) -> int | None:
        return 1 if battle_size is BattleSize.INCURSION else None

    def legends_allowed(self) -> bool:
        # Legends datasheets are not for matched play (RULES.md LEGENDS).
        return False

    def reserves_deadline_round(self) -> int | None:
        return 3

    def reserve_meters(self, ctx: Context) -> tuple[Meter, ...]:
        return (
            *super().reserve_meters(ctx),
            reserves.reserve_units_meter(ctx),
            reserves.reserve_points_meter(ctx),
        )
