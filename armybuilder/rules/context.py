"""The per-validation indexes every check reads, built in one pass over the army."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from armybuilder.rules.model import Army, Datasheet, Declaration, Detachment, Formation, Unit
from armybuilder.rules.wargear import loadout_of, wargear_points

AIRCRAFT: Final = "AIRCRAFT"
BATTLELINE: Final = "BATTLELINE"
CHARACTER: Final = "CHARACTER"
DEDICATED_TRANSPORT: Final = "DEDICATED TRANSPORT"
EPIC_HERO: Final = "EPIC HERO"
FORTIFICATION: Final = "FORTIFICATION"
TITANIC: Final = "TITANIC"
TRANSPORT: Final = "TRANSPORT"

# Keywords some check needs the units of; indexed once instead of scanned per check.
TRACKED: Final[frozenset[str]] = frozenset(
    {AIRCRAFT, CHARACTER, DEDICATED_TRANSPORT, FORTIFICATION, TITANIC}
)


def price(sheet: Datasheet, models: int) -> tuple[int, bool]:
    """Price a model count and tell whether a bracket holds it.

    The price is the smallest bracket that holds the count; when none does (a UNIT_SIZE
    error) it is the largest bracket, or 0 without brackets, so totals stay meaningful.
    """
    fit: int | None = None
    fit_points = 0
    largest = -1
    largest_points = 0
    for bracket in sheet.brackets:
        size = bracket.models
        if size >= models and (fit is None or size < fit):
            fit, fit_points = size, bracket.points
        if size > largest:
            largest, largest_points = size, bracket.points
    if fit is None:
        return largest_points, False
    return fit_points, True


def extras_points(unit: Unit) -> int:
    """Price what a unit adds to its bracket: enhancements, priced options, detachment
    upgrades and priced wargear."""
    points = 0
    for enhancement in unit.enhancements:
        points += enhancement.points
    if unit.options:
        as_gear = {name for name, _ in unit.datasheet.wargear_points}
        for option in unit.options:
            # An option the models carry as wargear is paid for once, through the wargear.
            if option.name not in as_gear:
                points += option.points * option.count
    for upgrade in unit.upgrades:
        points += upgrade.points * upgrade.count
    if unit.datasheet.wargear_points:
        points += wargear_points(unit.datasheet, loadout_of(unit))
    return points


def unit_points(unit: Unit) -> int:
    """Price a unit: its bracket plus enhancements, priced options and detachment upgrades."""
    return price(unit.datasheet, unit.models)[0] + extras_points(unit)


def all_keywords(sheet: Datasheet) -> frozenset[str]:
    """Return the datasheet's keywords and faction keywords together."""
    return sheet.keywords | sheet.faction_keywords


def is_transport(sheet: Datasheet) -> bool:
    """Tell whether units can embark in this datasheet."""
    return TRANSPORT in sheet.keywords and bool(sheet.transport)


@dataclass(slots=True)
class Context:
    """An army (and declaration) indexed by unit id, with every unit priced once."""

    army: Army
    declaration: Declaration | None
    units: dict[str, Unit]
    points: dict[str, int]
    total: int
    by_name: dict[str, list[Unit]]
    tagged: dict[str, list[Unit]]
    enhanced: list[Unit]
    warlords: list[Unit]
    # Units whose model count no points bracket holds.
    unbracketed: set[str]
    formation: Formation | None = field(default=None)

    @property
    def detachment(self) -> Detachment | None:
        return self.army.detachment

    @classmethod
    def build(cls, army: Army, declaration: Declaration | None = None) -> Context:
        """Index and price the army's units; raise ValueError on a repeated unit id."""
        units: dict[str, Unit] = {}
        points: dict[str, int] = {}
        total = 0
        by_name: dict[str, list[Unit]] = {}
        tagged: dict[str, list[Unit]] = {keyword: [] for keyword in TRACKED}
        enhanced: list[Unit] = []
        warlords: list[Unit] = []
        unbracketed: set[str] = set()
        # Sixty units share a handful of datasheets: intersect each one's keywords once.
        tracked_of: dict[int, frozenset[str]] = {}
        for unit in army.units:
            uid = unit.id
            if uid in units:
                # Ids are the identity of a unit: two units sharing one cannot be told apart.
                raise ValueError(f"unit id {uid!r} appears twice in the army")
            units[uid] = unit
            sheet = unit.datasheet
            cost, bracketed = price(sheet, unit.models)
            if not bracketed:
                unbracketed.add(uid)
            if unit.enhancements:
                enhanced.append(unit)
            if unit.enhancements or unit.options or unit.upgrades or sheet.wargear_points:
                cost += extras_points(unit)
            points[uid] = cost
            total += cost
            same = by_name.get(sheet.name)
            if same is None:
                by_name[sheet.name] = [unit]
            else:
                same.append(unit)
            tracked = tracked_of.get(id(sheet))
            if tracked is None:
                tracked = tracked_of[id(sheet)] = sheet.keywords & TRACKED
            for keyword in tracked:
                tagged[keyword].append(unit)
            if unit.warlord:
                warlords.append(unit)
        return cls(
            army,
            declaration,
            units,
            points,
            total,
            by_name,
            tagged,
            enhanced,
            warlords,
            unbracketed,
        )
