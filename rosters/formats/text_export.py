"""The official app's text layout, which players paste into chats and tournament sites."""

from __future__ import annotations

from typing import Final

from rosters.formats.sheet import RosterSheet, UnitLine

TRAILER: Final = "Exported with armybuilder"
SECTIONS: Final = ("CHARACTERS", "BATTLELINE", "DEDICATED TRANSPORTS", "OTHER DATASHEETS")


def unit_section(unit: UnitLine) -> str:
    """Return the app's section for a unit, by its keywords."""
    if "CHARACTER" in unit.keywords:
        return "CHARACTERS"
    if "BATTLELINE" in unit.keywords:
        return "BATTLELINE"
    if "DEDICATED TRANSPORT" in unit.keywords:
        return "DEDICATED TRANSPORTS"
    return "OTHER DATASHEETS"


def counted(count: int, name: str) -> str:
    """Write "2x Storm Bolters" for one "2 Storm Bolters", as the app counts items (never
    "1x 2 Storm Bolters"); other counts as "5x 2 Bolt Pistols", which the app writes too."""
    block, _, rest = name.partition(" ")
    if count == 1 and block.isdigit() and rest:
        return f"{block}x {rest}"
    return f"{count}x {name}"


def wargear_lines(unit: UnitLine) -> list[str]:
    """The app's model and wargear lines: one model's wargear straight under the unit,
    else each model type with its wargear in all ("• 4x Infiltrator", "◦ 4x Bolt pistol").

    Lines an import could not place follow the wargear as the list wrote them, under the
    last model line (a single model gets its model line then), so that reading the export
    again reads them the same way."""
    parts = [part for part in unit.wargear if part[1] > 0]
    if not parts:
        # The model line names the unit itself, so the importer reads the count back.
        lines = [f"  • {unit.models}x {unit.name}"]
        return lines + [f"     ◦ {text}" for text in unit.unread]
    if len(parts) == 1 and parts[0][1] == 1 and unit.models == 1 and not unit.unread:
        return [f"  • {counted(count, option)}" for option, count in parts[0][2] if count]
    lines = []
    for model, models, gear in parts:
        lines.append(f"  • {models}x {model}")
        lines += [f"     ◦ {counted(count, option)}" for option, count in gear if count]
    return lines + [f"     ◦ {text}" for text in unit.unread]


def sheet_to_text(sheet: RosterSheet) -> str:
    """Write a roster as the official app does: header, then units by section."""
    lines = [f"{sheet.name} ({sheet.points} points)", ""]
    lines += sheet.faction_chain
    if sheet.detachment:
        lines.append(sheet.detachment)
    lines += [f"{sheet.battle_size_label} ({sheet.points_limit} points)", ""]
    for section in SECTIONS:
        units = [u for u in sheet.units if unit_section(u) == section]
        if not units:
            continue
        lines += [section, ""]
        for unit in units:
            lines.append(f"{unit.name} ({unit.points} points)")
            if unit.warlord:
                lines.append("  • Warlord")
            lines += wargear_lines(unit)
            # The app lists priced models and detachment upgrades on the unit, as wargear.
            for name, count in unit.extras:
                lines.append(f"  • {counted(count, name)}")
            if unit.enhancement:
                lines.append(f"  • Enhancements: {unit.enhancement}")
            lines.append("")
    lines.append(TRAILER)
    return "\n".join(lines) + "\n"
