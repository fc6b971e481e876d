"""Reserves arithmetic: meters (used against cap) and the violations of meters over cap.

A meter is the whole rule: a profile lists its meters, and every meter over its cap is
a violation of the meter's code. The units a meter counts come from the resolved
Formation, so passengers and attached leaders are where their transport and bodyguard are.

Interpretations where RULES.md is silent:

* Strategic Reserves counts every unit whose start is Strategic Reserves, passengers
  included, except AIRCRAFT not in hover mode (their own points only: their passengers
  count).
* The matched-play caps count units in reserves of any kind, AIRCRAFT that must start
  there included, against the army's own units and points (not the battle size): at
  most half, so 7 units allow 3 and 1995 pts allow 997. Leader and bodyguard count as
  two units, as they are two entries of the army.
* The 9th-edition power rule needs reserves' power strictly below half the army's power;
  its meter's cap is the smallest power that breaks it. Without every power rating it
  reports a warning instead of a meter.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from armybuilder.rules import codes
from armybuilder.rules.context import Context
from armybuilder.rules.messages import Template
from armybuilder.rules.model import Formation, Meter, Severity, Violation

# Strategic Reserves may hold at most this share (in percent) of the battle size points.
STRATEGIC_RESERVES_PERCENT: Final = 25

METER_MESSAGES: Final[dict[str, Template]] = {
    codes.STRATEGIC_RESERVES_CAP: codes.MSG_STRATEGIC_RESERVES_CAP,
    codes.RESERVES_UNITS_CAP: codes.MSG_RESERVES_UNITS_CAP,
    codes.RESERVES_POINTS_CAP: codes.MSG_RESERVES_POINTS_CAP,
    codes.RESERVES_POWER_CAP: codes.MSG_RESERVES_POWER_CAP,
}


def _formation(ctx: Context) -> Formation:
    if ctx.formation is None:
        raise ValueError("reserves meters need a declaration")
    return ctx.formation


def strategic_reserves_meter(ctx: Context, cap: int) -> Meter:
    """Measure the points in Strategic Reserves against a cap."""
    points = ctx.points
    used = sum(points[uid] for uid in _formation(ctx).strategic)
    return Meter(
        codes.STRATEGIC_RESERVES_CAP, codes.MSG_METER_STRATEGIC_RESERVES.format(), used, cap
    )


def reserve_units_meter(ctx: Context) -> Meter:
    """Measure the units in reserves of any kind against half the army's units."""
    used = len(_formation(ctx).reserves)
    label = codes.MSG_METER_RESERVE_UNITS.format()
    return Meter(
        codes.RESERVES_UNITS_CAP, label, used, len(ctx.units) // 2, codes.MSG_UNITS.format()
    )


def reserve_points_meter(ctx: Context) -> Meter:
    """Measure the points in reserves of any kind against half the army's points."""
    points = ctx.points
    used = sum(points[uid] for uid in _formation(ctx).reserves)
    label = codes.MSG_METER_RESERVE_POINTS.format()
    return Meter(codes.RESERVES_POINTS_CAP, label, used, ctx.total // 2)


def unknown_power(ctx: Context) -> list[str]:
    """Return the ids of units whose datasheet has no power rating."""
    return [uid for uid, unit in ctx.units.items() if unit.datasheet.power is None]


def reserve_power_meter(ctx: Context) -> Meter | None:
    """Measure reserves' power against half the army's, or None when a rating is missing."""
    units = ctx.units
    total = 0
    for unit in units.values():
        power = unit.datasheet.power
        if power is None:
            return None
        total += power
    used = sum(units[uid].datasheet.power or 0 for uid in _formation(ctx).reserves)
    # Strictly less than half: the first power that fails is ceil(total / 2).
    cap = (total + 1) // 2
    return Meter(
        codes.RESERVES_POWER_CAP,
        codes.MSG_METER_RESERVE_POWER.format(),
        used,
        cap,
        unit=codes.MSG_POWER.format(),
        strict=True,
    )


def meter_violations(ctx: Context, meters: Iterable[Meter]) -> Iterator[Violation]:
    """Report every meter over its cap, naming the units it counts."""
    formation = _formation(ctx)
    for meter in meters:
        if not meter.over:
            continue
        ids = (
            formation.strategic
            if meter.code == codes.STRATEGIC_RESERVES_CAP
            else formation.reserves
        )
        # An empty reserve never breaks a cap, even a strict one over a zero total.
        if ids:
            message = METER_MESSAGES[meter.code].format(used=meter.used, cap=meter.cap)
            yield codes.violation(meter.code, message, ids)


def check_power_known(ctx: Context) -> Iterator[Violation]:
    """Warn that the power cap cannot be checked while some units lack a power rating."""
    missing = unknown_power(ctx)
    if missing:
        message = codes.MSG_POWER_UNKNOWN.format(
            units=codes.names(ctx.units[uid] for uid in missing)
        )
        yield codes.violation(codes.RESERVES_POWER_CAP, message, missing, Severity.WARNING)
