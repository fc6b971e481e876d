"""The xlsx export: values read back as written, points as numbers, no formula injection."""

from __future__ import annotations

import io
import zipfile

import pytest
from openpyxl import load_workbook

from rosters.formats.sheet import RosterSheet, UnitLine, ViolationLine
from rosters.formats.xlsx import ROSTER_SHEET, UNIT_HEADER, VIOLATIONS_SHEET, sheet_to_xlsx

HOSTILE = ["=cmd|' /C calc'!A0", "+1+1", "-2", "@SUM(A1)"]


def roster(**overrides: object) -> RosterSheet:
    fields: dict[str, object] = dict(
        name="Кровь для Бога",
        faction="World Eaters",
        faction_chain=("World Eaters",),
        detachment="Berzerker Warband",
        battle_size="strike_force",
        battle_size_label="Strike Force",
        points=265,
        points_limit=2000,
        profile="core-10",
        release="MFM 2025-09",
        player="olivia",
        units=(
            UnitLine(1, "Khârn the Betrayer", 1, 85, None, True, 100),
            UnitLine(
                2,
                "Khorne Berzerkers",
                10,
                180,
                None,
                False,
                None,
                extras=(("Icon of Khorne", 1), ("Chainblade", 2)),
            ),
        ),
        violations=(ViolationLine("WARLORD", "error", "Two Warlords.", (1, 2)),),
        legal=False,
    )
    fields.update(overrides)
    return RosterSheet(**fields)  # type: ignore[arg-type]


def rows(data: bytes, name: str) -> list[tuple[object, ...]]:
    return list(load_workbook(io.BytesIO(data))[name].iter_rows(values_only=True))


def test_roster_sheet_round_trips_its_values():
    found = rows(sheet_to_xlsx(roster()), ROSTER_SHEET)
    facts = {r[0]: r[1] for r in found[:10]}
    assert facts["Army"] == "Кровь для Бога"
    assert facts["Detachment"] == "Berzerker Warband"
    assert facts["Points"] == 265 and facts["Points limit"] == 2000
    assert facts["Legal"] == "no"
    header = found.index(UNIT_HEADER)
    assert found[header + 1] == (
        1,
        "Khârn the Betrayer",
        1,
        None,
        "Warlord",
        85,
        100,
        None,
        None,
    )
    assert found[header + 2] == (
        2,
        "Khorne Berzerkers",
        10,
        None,
        None,
        180,
        None,
        "Icon of Khorne, 2× Chainblade",
        None,
    )


def test_each_units_wargear_is_written_by_model_type() -> None:
    wargear = (
        ("Berzerker", 9, (("Chainblade", 8), ("Plasma pistol", 1), ("Bolt pistol", 0))),
        ("Berzerker Champion", 1, (("Power fist", 1),)),
        ("Icon bearer", 0, (("Icon of Khorne", 1),)),
    )
    unit = UnitLine(1, "Khorne Berzerkers", 10, 180, wargear=wargear, unread=("1x Gubbins",))
    found = rows(sheet_to_xlsx(roster(units=(unit,))), ROSTER_SHEET)
    header = found.index(tuple(h for h in UNIT_HEADER if h != "Stated points"))
    assert found[header + 1][-1] == (
        "9× Berzerker: 8× Chainblade, 1× Plasma pistol; 1× Berzerker Champion: 1× Power fist; "
        "1x Gubbins"
    )


def test_no_stated_points_column_when_no_unit_states_points() -> None:
    units = (UnitLine(1, "Khârn the Betrayer", 1, 85), UnitLine(2, "Khorne Berzerkers", 10, 180))
    found = rows(sheet_to_xlsx(roster(units=units)), ROSTER_SHEET)
    assert UNIT_HEADER not in found
    header = found.index(tuple(h for h in UNIT_HEADER if h != "Stated points"))
    assert found[header + 1] == (1, "Khârn the Betrayer", 1, None, None, 85, None, None)


def test_points_and_counts_are_numbers_not_text():
    wb = load_workbook(io.BytesIO(sheet_to_xlsx(roster())))
    ws = wb[ROSTER_SHEET]
    cells = [c for row in ws.iter_rows() for c in row if c.value in (85, 180, 265, 10)]
    assert cells and all(c.data_type == "n" for c in cells)


def test_violations_sheet_lists_code_severity_message_and_units():
    found = rows(sheet_to_xlsx(roster()), VIOLATIONS_SHEET)
    assert found == [
        ("Code", "Severity", "Message", "Units"),
        ("WARLORD", "error", "Two Warlords.", "1, 2"),
    ]


@pytest.mark.parametrize("text", HOSTILE)
def test_text_that_looks_like_a_formula_stays_text(text):
    data = sheet_to_xlsx(
        roster(
            name=text,
            units=(UnitLine(1, "Slaughterbound", 1, 85, text, False, None),),
            violations=(ViolationLine("WARLORD", "error", text, ()),),
        )
    )
    wb = load_workbook(io.BytesIO(data))
    written = [c for ws in wb.worksheets for row in ws.iter_rows() for c in row if c.value == text]
    assert len(written) == 3
    assert all(c.data_type == "s" and c.quotePrefix for c in written)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        xml = "".join(
            archive.read(n).decode() for n in archive.namelist() if n.startswith("xl/worksheets/")
        )
    assert "<f>" not in xml and "<f " not in xml


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Army\x01of\x1fOne", "Army\ufffdof\ufffdOne"),  # control characters XML 1.0 lacks
        ("Lone \ud83d half", "Lone \ufffd half"),  # a surrogate no UTF-8 file can hold
        ("Tab\tand new\nline", "Tab\tand new\nline"),  # whitespace XML allows stays
        ("Ω 😀", "Ω 😀"),
    ],
)
def test_names_xml_cannot_hold_still_export_with_a_marker(typed, kept):
    # api-fuzz named a roster with a control character and its export gave a 500.
    found = rows(sheet_to_xlsx(roster(name=typed)), ROSTER_SHEET)
    assert {r[0]: r[1] for r in found[:10]}["Army"] == kept
