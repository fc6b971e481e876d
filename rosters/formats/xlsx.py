"""A roster as an xlsx workbook for organisers: one sheet for the roster, one for violations.

Written with openpyxl's write-only mode. Points are numbers. Text a player typed that
starts with =, +, - or @ is stored as a quoted string, so no spreadsheet runs it as a
formula.
"""

from __future__ import annotations

import io
import re
from typing import Any, Final

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.styles import Font
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from rosters.formats.sheet import RosterSheet, UnitLine

ROSTER_SHEET: Final = "Roster"
VIOLATIONS_SHEET: Final = "Violations"
UNIT_HEADER: Final = (
    "#",
    "Unit",
    "Models",
    "Enhancement",
    "Warlord",
    "Points",
    "Stated points",
    "Options and upgrades",
    "Wargear",
)
STATED_COLUMN: Final = UNIT_HEADER.index("Stated points")
VIOLATION_HEADER: Final = ("Code", "Severity", "Message", "Units")
FORMULA_STARTS: Final = ("=", "+", "-", "@")

REPLACEMENT: Final = "\ufffd"

_BOLD = Font(bold=True)
_SURROGATES_RE: Final = re.compile("[\ud800-\udfff]")


def text_cell(ws: WriteOnlyWorksheet, value: str, *, bold: bool = False) -> Cell:
    """Make a string cell that can never become a formula, and that the xlsx format can hold."""
    # XML 1.0 has no control characters and no lone surrogates; openpyxl refuses the first
    # with an exception and the file cannot be encoded with the second. A name typed with
    # either still exports, with U+FFFD where the character was.
    value = _SURROGATES_RE.sub(REPLACEMENT, ILLEGAL_CHARACTERS_RE.sub(REPLACEMENT, value))
    cell = WriteOnlyCell(ws, value=value)
    # openpyxl turns a string starting with "=" into a formula; force it back to text.
    cell.data_type = "s"
    if value.startswith(FORMULA_STARTS):
        # quotePrefix keeps the cell text even when someone edits it in a spreadsheet.
        cell.quotePrefix = True
    if bold:
        cell.font = _BOLD
    return cell


def _cell(ws: WriteOnlyWorksheet, value: Any, *, bold: bool = False) -> Any:
    if isinstance(value, str):
        return text_cell(ws, value, bold=bold)
    if bold:
        cell = WriteOnlyCell(ws, value=value)
        cell.font = _BOLD
        return cell
    return value


def unit_header(*, stated: bool) -> tuple[str, ...]:
    """The units table's header, with the stated points column where a unit states any."""
    return UNIT_HEADER if stated else tuple(h for h in UNIT_HEADER if h != "Stated points")


def wargear_text(unit: UnitLine) -> str:
    """Each model type with its wargear in all: "4× Intercessor: 4× Bolt rifle; ..."."""
    parts = []
    for model, models, options in unit.wargear:
        if models <= 0:
            continue
        gear = ", ".join(f"{count}× {name}" for name, count in options if count > 0)
        parts.append(f"{models}× {model}: {gear}" if gear else f"{models}× {model}")
    return "; ".join([*parts, *unit.unread])


def sheet_to_xlsx(sheet: RosterSheet) -> bytes:
    """Write the roster and its violations to an xlsx workbook."""
    wb = Workbook(write_only=True)
    roster = wb.create_sheet(ROSTER_SHEET)
    roster.column_dimensions["A"].width = 16
    roster.column_dimensions["B"].width = 40
    roster.column_dimensions["D"].width = 30
    facts: list[tuple[str, Any]] = [
        ("Army", sheet.name),
        ("Faction", sheet.faction),
        ("Detachment", sheet.detachment or ""),
        ("Battle size", sheet.battle_size_label),
        ("Points", sheet.points),
        ("Points limit", sheet.points_limit),
        ("Profile", sheet.profile),
        ("Points release", sheet.release),
        ("Player", sheet.player),
        ("Legal", "yes" if sheet.legal else "no"),
    ]
    for label, value in facts:
        roster.append([_cell(roster, label, bold=True), _cell(roster, value)])
    roster.append([])
    # A roster built here states no points of its own: no column of blanks then.
    stated = any(unit.stated_points is not None for unit in sheet.units)
    roster.append([_cell(roster, h, bold=True) for h in unit_header(stated=stated)])
    for unit in sheet.units:
        row = [
            unit.position,
            _cell(roster, unit.name),
            unit.models,
            _cell(roster, unit.enhancement or ""),
            _cell(roster, "Warlord" if unit.warlord else ""),
            unit.points,
            unit.stated_points,
            _cell(roster, unit.extras_text),
            _cell(roster, wargear_text(unit)),
        ]
        if not stated:
            del row[STATED_COLUMN]
        roster.append(row)
    violations = wb.create_sheet(VIOLATIONS_SHEET)
    violations.column_dimensions["A"].width = 28
    violations.column_dimensions["C"].width = 80
    violations.append([_cell(violations, h, bold=True) for h in VIOLATION_HEADER])
    for v in sheet.violations:
        violations.append(
            [
                _cell(violations, v.code),
                _cell(violations, v.severity),
                _cell(violations, v.message),
                _cell(violations, ", ".join(map(str, v.units))),
            ]
        )
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()
