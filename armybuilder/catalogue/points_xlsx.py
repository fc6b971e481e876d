"""Read and write a release's prices as an xlsx workbook, on plain tuples.

The layout is one sheet per kind of price, each with a fixed header row. Export
writes exactly what import reads, so a workbook round-trips.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from django.utils.translation import gettext_lazy

UNITS = "Units"
ENHANCEMENTS = "Enhancements"
OPTIONS = "Options"
UPGRADES = "Detachment upgrades"

HEADERS: dict[str, tuple[str, str, str, str]] = {
    UNITS: ("Faction", "Datasheet", "Models", "Points"),
    ENHANCEMENTS: ("Faction", "Detachment", "Enhancement", "Points"),
    OPTIONS: ("Faction", "Datasheet", "Option", "Points"),
    UPGRADES: ("Faction", "Detachment", "Upgrade", "Points"),
}

# Limits, with room to spare: the full catalogue's workbook is about 100 KB, holds some
# 3,100 rows and unpacks to under 2 MB.
MAX_UPLOAD_BYTES = 5 * 1024 * 1024
MAX_UNPACKED_BYTES = 50 * 1024 * 1024
MAX_ROWS = 20_000

ERR_NOT_XLSX = gettext_lazy("The file is not an xlsx workbook ({detail}).")
ERR_UNREADABLE = gettext_lazy(
    "The workbook could not be read: it is damaged or not a plain workbook ({detail})."
)
ERR_TOO_BIG = gettext_lazy("The workbook is {size} bytes; the limit is {limit} bytes.")
ERR_UNPACKS_TOO_BIG = gettext_lazy(
    "The workbook unpacks to more than {limit} bytes; it cannot be a points sheet."
)
ERR_TOO_MANY_ROWS = gettext_lazy(
    "The workbook has more than {limit} rows; no points sheet is that long."
)
ERR_TOO_LARGE = gettext_lazy(
    "Sheet '{sheet}' row {row}: {column} must be at most {maximum}, not {value}."
)
ERR_NO_UNITS_SHEET = gettext_lazy("The workbook has no sheet named 'Units'; sheets found: {found}.")
ERR_HEADER = gettext_lazy("Sheet '{sheet}': the header row must be {expected}; found {found}.")
ERR_EMPTY_CELL = gettext_lazy("Sheet '{sheet}' row {row}: column '{column}' is empty.")
ERR_NOT_WHOLE = gettext_lazy(
    "Sheet '{sheet}' row {row}: {column} must be a whole number, not {value!r}."
)
ERR_TOO_SMALL = gettext_lazy(
    "Sheet '{sheet}' row {row}: {column} must be at least {minimum}, not {value}."
)
ERR_DUPLICATE = gettext_lazy("Sheet '{sheet}' row {row}: repeats row {first} ({label}).")

# Bounds each number column is checked against (mirroring the price models' validators).
MAX_MODELS = 200
MAX_POINTS = 10_000


class PriceRow(NamedTuple):
    """One price: the faction, the entry (datasheet or detachment), the key and the points.

    For Units the key is the model count; for Enhancements and Options it is the name.
    """

    sheet: str
    faction: str
    entry: str
    key: str | int
    points: int

    @property
    def label(self) -> str:
        if self.sheet == UNITS:
            return f"{self.entry} ({self.faction}), {self.key} models"
        return f"{self.entry}: {self.key} ({self.faction})"

    def identity(self) -> tuple[str, str, str, str]:
        return (
            self.sheet,
            self.faction.casefold(),
            self.entry.casefold(),
            str(self.key).casefold(),
        )


@dataclass
class ParsedWorkbook:
    rows: list[tuple[int, PriceRow]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def workbook_write(*, rows: list[PriceRow]) -> bytes:
    """Write price rows to an xlsx workbook in the layout workbook_read expects."""
    from openpyxl import Workbook  # only where a workbook is written: ~80 ms cold

    wb = Workbook(write_only=True)
    for sheet_name, header in HEADERS.items():
        ws = wb.create_sheet(sheet_name)
        ws.append(list(header))
        for row in rows:
            if row.sheet == sheet_name:
                ws.append(
                    [_text_cell(row.faction), _text_cell(row.entry), _key_cell(row.key), row.points]
                )
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def workbook_read(*, data: bytes) -> ParsedWorkbook:
    """Parse a workbook into price rows, collecting every row's error at once.

    A damaged or hostile file (broken XML, an entity bomb, a zip bomb, too many rows)
    gives one file-level error and no rows.
    """
    parsed = ParsedWorkbook()
    problem = _file_problem(data)
    if problem:
        parsed.errors.append(problem)
        return parsed
    try:
        _read_sheets(data, parsed)
    except _TooManyRows:
        return ParsedWorkbook(errors=[ERR_TOO_MANY_ROWS.format(limit=MAX_ROWS)])
    except Exception as exc:
        # openpyxl reads lazily and raises whatever its zip and XML layers raise
        # (ParseError, defusedxml's EntitiesForbidden, KeyError, ...); all mean the file is
        # not a workbook we can trust, and none may become a 500.
        return ParsedWorkbook(errors=[ERR_UNREADABLE.format(detail=type(exc).__name__)])
    return parsed


class _TooManyRows(Exception):
    pass


def _file_problem(data: bytes) -> str:
    if len(data) > MAX_UPLOAD_BYTES:
        return ERR_TOO_BIG.format(size=len(data), limit=MAX_UPLOAD_BYTES)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        return ERR_NOT_XLSX.format(detail=type(exc).__name__)
    if unpacked > MAX_UNPACKED_BYTES:
        return ERR_UNPACKS_TOO_BIG.format(limit=MAX_UNPACKED_BYTES)
    return ""


def _read_sheets(data: bytes, parsed: ParsedWorkbook) -> None:
    from openpyxl import load_workbook  # only where a workbook is read: ~80 ms cold

    wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        if UNITS not in wb.sheetnames:
            parsed.errors.append(
                ERR_NO_UNITS_SHEET.format(found=", ".join(wb.sheetnames) or "none")
            )
            return
        seen: dict[tuple[str, str, str, str], int] = {}
        total = 0
        for sheet_name, header in HEADERS.items():
            if sheet_name not in wb.sheetnames:
                continue
            ws = wb[sheet_name]
            lines = ws.iter_rows(values_only=True, max_col=4)
            found = tuple(str(v).strip() if v is not None else "" for v in next(lines, ()))[:4]
            if tuple(h.casefold() for h in found) != tuple(h.casefold() for h in header):
                parsed.errors.append(
                    ERR_HEADER.format(sheet=sheet_name, expected=list(header), found=list(found))
                )
                continue
            for number, values in enumerate(lines, start=2):
                total += 1
                if total > MAX_ROWS:
                    raise _TooManyRows
                cells = [*values[:4], None, None, None, None][:4]
                if all(v is None or str(v).strip() == "" for v in cells):
                    continue
                row = _parse_row(sheet_name, header, number, cells, parsed.errors)
                if row is None:
                    continue
                first = seen.setdefault(row.identity(), number)
                if first != number:
                    parsed.errors.append(
                        ERR_DUPLICATE.format(
                            sheet=sheet_name, row=number, first=first, label=row.label
                        )
                    )
                    continue
                parsed.rows.append((number, row))
    finally:
        wb.close()


def _parse_row(
    sheet: str, header: tuple[str, ...], number: int, cells: Sequence[object], errors: list[str]
) -> PriceRow | None:
    ok = True
    texts: list[str] = []
    for column, value in zip(header[:3], cells[:3], strict=True):
        text = _unescape(str(value).strip()) if value is not None else ""
        if not text:
            errors.append(ERR_EMPTY_CELL.format(sheet=sheet, row=number, column=column))
            ok = False
        texts.append(text)
    key: str | int = texts[2]
    if sheet == UNITS and texts[2]:
        models = _whole(cells[2], sheet, number, header[2], 1, MAX_MODELS, errors)
        ok = ok and models is not None
        key = models if models is not None else 0
    points = _whole(cells[3], sheet, number, header[3], 0, MAX_POINTS, errors)
    if not ok or points is None:
        return None
    return PriceRow(sheet, texts[0], texts[1], key, points)


def _whole(
    value: object,
    sheet: str,
    row: int,
    column: str,
    minimum: int,
    maximum: int,
    errors: list[str],
) -> int | None:
    if value is None or str(value).strip() == "":
        errors.append(ERR_EMPTY_CELL.format(sheet=sheet, row=row, column=column))
        return None
    number: int
    if isinstance(value, bool):
        errors.append(ERR_NOT_WHOLE.format(sheet=sheet, row=row, column=column, value=value))
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    else:
        text = str(value).strip().replace(",", "")
        # Long digit strings are refused before int() (which is quadratic and capped).
        if len(text) > 12:
            errors.append(
                ERR_TOO_LARGE.format(
                    sheet=sheet, row=row, column=column, maximum=maximum, value=text[:12] + "…"
                )
            )
            return None
        try:
            number = int(text)
        except ValueError:
            errors.append(ERR_NOT_WHOLE.format(sheet=sheet, row=row, column=column, value=value))
            return None
    if number < minimum:
        errors.append(
            ERR_TOO_SMALL.format(sheet=sheet, row=row, column=column, minimum=minimum, value=number)
        )
        return None
    if number > maximum:
        errors.append(
            ERR_TOO_LARGE.format(sheet=sheet, row=row, column=column, maximum=maximum, value=number)
        )
        return None
    return number


_FORMULA_STARTS = ("=", "+", "-", "@")


def _text_cell(text: str) -> str:
    # A leading quote keeps spreadsheet apps from reading user text as a formula.
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def _unescape(text: str) -> str:
    return text[1:] if text.startswith("'") and text[1:].startswith(_FORMULA_STARTS) else text


def _key_cell(key: str | int) -> str | int:
    return key if isinstance(key, int) else _text_cell(key)


def rows_dump(*, parsed: ParsedWorkbook) -> list[list[object]]:
    """Turn parsed rows into plain JSON lists, small enough to keep in a session."""
    return [[number, *row] for number, row in parsed.rows]


def rows_load(*, dumped: list[list[object]]) -> ParsedWorkbook:
    """Read rows_dump's lists back, checking each number against the bounds again."""
    parsed = ParsedWorkbook()
    for number, sheet, faction, entry, key, points in dumped:
        header = HEADERS[str(sheet)]
        row_number = int(str(number))
        if sheet == UNITS:
            key = _whole(key, str(sheet), row_number, header[2], 1, MAX_MODELS, parsed.errors)
        checked = _whole(points, str(sheet), row_number, header[3], 0, MAX_POINTS, parsed.errors)
        if key is None or checked is None:
            continue
        parsed.rows.append(
            (row_number, PriceRow(str(sheet), str(faction), str(entry), key, checked))  # type: ignore[arg-type]
        )
    return parsed


COMPARISON_HEADER = ("Faction", "Kind", "Entry", "Old points", "New points", "Difference", "Change")


def comparison_write(
    *, title: str, rows: list[tuple[str, str, str, int | None, int | None]]
) -> bytes:
    """Write a release comparison (faction, kind, entry, old, new) as a one-sheet workbook."""
    from openpyxl import Workbook  # only where a workbook is written: ~80 ms cold

    wb = Workbook(write_only=True)
    ws = wb.create_sheet("Changes")
    ws.append([_text_cell(title)])
    ws.append(list(COMPARISON_HEADER))
    for faction, kind, entry, old, new in rows:
        change = "added" if old is None else ("removed" if new is None else "changed")
        diff = (new or 0) - (old or 0)
        ws.append([_text_cell(faction), kind, _text_cell(entry), old, new, diff, change])
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
