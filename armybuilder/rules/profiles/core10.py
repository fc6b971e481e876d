"""core-10: the 10th-edition core rules, and the base every other profile subclasses.

A profile is parameters plus an ordered list of checks. Subclasses override a parameter
method (datasheet_limits, titanic_character_limit, strategic_reserves_cap) or extend a
check list; the rules themselves live once, in muster, formations, transport and reserves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar

from armybuilder.rules import (
    constraints,
    formations,
    muster,
    reserves,
    transport,
    upgrades,
    wargear_checks,
)
from armybuilder.rules.context import Context
from armybuilder.rules.model import Arrival, BattleSize, Datasheet, Meter, Violation

Check = Callable[[Context], Iterable[Violation]]


class Profile:
    """The 10th-edition core rules: Muster Armies, Battle Formations, Strategic Reserves."""

    name: ClassVar[str] = "core-10"
    description: ClassVar[str] = (
        "10th edition core rules (Muster Armies, Declare Battle Formations, Strategic Reserves)."
    )

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    # Parameters.

    def datasheet_limits(self, battle_size: BattleSize) -> tuple[int, int]:
        """Return the (normal, BATTLELINE or DEDICATED TRANSPORT) copies allowed per datasheet."""
        return 3, 6

    def datasheet_limit(self, sheet: Datasheet, battleline: bool, battle_size: BattleSize) -> int:
        """Return how many units of this datasheet the army may field; data limits override."""
        if sheet.limit is not None:
            return sheet.limit
        normal, wide = self.datasheet_limits(battle_size)
        return wide if battleline else normal

    def titanic_character_limit(self, battle_size: BattleSize) -> int | None:
        """Return the most TITANIC CHARACTER units allowed, or None for no limit."""
        return None

    def matched_play(self) -> bool:
        """Tell whether this is a matched-play profile (limits may depend on it)."""
        return False

    def legends_allowed(self) -> bool:
        """Tell whether Warhammer Legends datasheets may be fielded (they are still marked)."""
        return not self.matched_play()

    def reserves_deadline_round(self) -> int | None:
        """Return the round after which unarrived reserves are destroyed; None: end of battle."""
        return None

    def arrival(self) -> Arrival:
        """Return when and where reserves arrive, for the printed declaration."""
        return Arrival(
            first_round=2,
            enemy_zone_round=3,
            edge_inches=6,
            enemy_inches=9,
            deadline_round=self.reserves_deadline_round(),
        )

    def strategic_reserves_cap(self, battle_size: BattleSize) -> int | None:
        """Return the Strategic Reserves points cap, or None when the profile has none."""
        return battle_size.points * reserves.STRATEGIC_RESERVES_PERCENT // 100

    # Checks, in the order RULES.md lists them.

    def muster_checks(self) -> tuple[Check, ...]:
        """Return the list-building checks, run on every validation."""
        return (
            muster.check_points_limit,
            muster.check_faction_keyword,
            muster.check_detachment_required,
            muster.check_detachment_units,
            muster.check_detachment_unknown,
            muster.check_unit_size,
            self.check_datasheet_limit,
            muster.check_epic_heroes,
            self.check_titanic_characters,
            muster.check_enhancements,
            muster.check_character_required,
            muster.check_warlord,
            self.check_allied_units,
            self.check_legends,
            self.check_catalogue_limits,
            upgrades.check_upgrades,
            wargear_checks.check_wargear,
            wargear_checks.check_wargear_unread,
        )

    def formation_checks(self) -> tuple[Check, ...]:
        """Return the declaration checks, run when a declaration is given (meters aside)."""
        return (
            formations.check_declaration_entries,
            formations.check_leader_slots,
            transport.check_transports,
            formations.check_dedicated_transports,
            formations.check_aircraft,
            formations.check_deep_strike,
            formations.check_fortifications,
            formations.check_embarked_placement,
        )

    def reserve_meters(self, ctx: Context) -> tuple[Meter, ...]:
        """Return the reserves meters; each one over its cap is a violation of its code."""
        cap = self.strategic_reserves_cap(ctx.army.battle_size)
        if cap is None:
            return ()
        return (reserves.strategic_reserves_meter(ctx, cap),)

    def check_datasheet_limit(self, ctx: Context) -> Iterable[Violation]:
        """Report datasheets over this profile's limit at the army's battle size."""
        size = ctx.army.battle_size

        def limit_of(sheet: Datasheet, battleline: bool) -> int:
            return self.datasheet_limit(sheet, battleline, size)

        return muster.check_datasheet_limit(ctx, self.datasheet_limits(size), limit_of)

    def check_titanic_characters(self, ctx: Context) -> Iterable[Violation]:
        """Report TITANIC CHARACTER units over this profile's limit."""
        size = ctx.army.battle_size
        return muster.check_titanic_characters(ctx, self.titanic_character_limit(size), size)

    def check_allied_units(self, ctx: Context) -> Iterable[Violation]:
        """Report allied units beyond their caps and the data's ally limits."""
        return constraints.check_allied_units(ctx, self.matched_play())

    def check_catalogue_limits(self, ctx: Context) -> Iterable[Violation]:
        """Report the catalogue's army-scope limits, some of which depend on matched play."""
        return constraints.check_catalogue_limits(ctx, self.matched_play())

    def check_legends(self, ctx: Context) -> Iterable[Violation]:
        """Report Legends units where this profile does not allow them."""
        if self.legends_allowed():
            return ()
        return constraints.check_legends(ctx)


Core10 = Profile
