import io

import pytest
from openpyxl import Workbook, load_workbook

from armybuilder.catalogue import services
from armybuilder.catalogue.models import (
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    EnhancementPrice,
    ImportReport,
    UnitPrice,
)
from tests.factories import make_release, space_marines

pytestmark = pytest.mark.django_db


def workbook(sheets: dict[str, list[list[object]]]) -> bytes:
    wb = Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


UNITS_HEADER = ["Faction", "Datasheet", "Models", "Points"]


def snapshot():
    return sorted(
        UnitPrice.objects.values_list("release_id", "datasheet_id", "models_count", "points")
    ), sorted(EnhancementPrice.objects.values_list("release_id", "enhancement_id", "points"))


@pytest.fixture
def release():
    r = make_release()
    space_marines(r)
    return r


def test_good_sheet_preview_lists_changed_added_unchanged_and_saves_nothing(release):
    data = workbook(
        {
            "Units": [
                UNITS_HEADER,
                ["Space Marines", "Intercessor Squad", 5, 85],
                ["Space Marines", "Intercessor Squad", 10, 160],
                ["Space Marines", "Hellblaster Squad", 8, 180],
            ],
            "Enhancements": [
                ["Faction", "Detachment", "Enhancement", "Points"],
                ["Space Marines", "Gladius Task Force", "Artificer Armour", 15],
            ],
        }
    )
    before = snapshot()
    preview = services.release_import_preview(release=release, data=data)
    assert preview.ok
    assert [(c.row, c.kind, c.old, c.new) for c in preview.changes] == [
        (2, "changed", 80, 85),
        (3, "unchanged", 160, 160),
        (4, "added", None, 180),
        (2, "changed", 10, 15),
    ]
    assert snapshot() == before


def test_good_sheet_applies_and_records_a_report(release):
    data = workbook(
        {
            "Units": [
                UNITS_HEADER,
                ["Space Marines", "Intercessor Squad", 5, 85],
                ["Space Marines", "Captain", 2, 150],
            ]
        }
    )
    preview = services.release_import_xlsx(release=release, data=data, source="update.xlsx")
    assert preview.ok
    assert release.unit_prices.get(datasheet__name="Intercessor Squad", models_count=5).points == 85
    assert release.unit_prices.get(datasheet__name="Captain", models_count=2).points == 150
    report = ImportReport.objects.get(kind="xlsx")
    assert report.counts == {"changed": 1, "added": 1, "unchanged": 0}
    assert "Intercessor Squad" in report.text


@pytest.mark.parametrize(
    "sheets, expected",
    [
        pytest.param(
            {"Points": [UNITS_HEADER]}, ["no sheet named 'Units'"], id="missing-units-sheet"
        ),
        pytest.param(
            {
                "Units": [
                    ["Faction", "Unit", "Models", "Points"],
                    ["Space Marines", "Captain", 1, 90],
                ]
            },
            ["Sheet 'Units': the header row must be"],
            id="wrong-column",
        ),
        pytest.param(
            {
                "Units": [
                    UNITS_HEADER,
                    ["Space Marines", "Captain", 1, "ninety"],
                    ["Space Marines", "Intercessor Squad", 0, 80],
                ]
            },
            ["row 2: Points must be a whole number", "row 3: Models must be at least 1"],
            id="bad-numbers",
        ),
        pytest.param(
            {
                "Units": [
                    UNITS_HEADER,
                    ["Space Marines", "Intercessor Squad", 5, 85],
                    ["Space Marines", "Intercesor Squad", 5, 85],
                ]
            },
            ["row 3: no datasheet 'Intercesor Squad' in faction 'Space Marines'"],
            id="unknown-datasheet",
        ),
        pytest.param(
            {
                "Units": [
                    UNITS_HEADER,
                    ["Space Marines", "Captain", 1, 85],
                    ["space marines", "captain", 1, 90],
                ]
            },
            ["row 3: repeats row 2"],
            id="duplicate-row",
        ),
        pytest.param(
            {"Units": [UNITS_HEADER, ["Space Marines", "", 1, 85]]},
            ["row 2: column 'Datasheet' is empty"],
            id="empty-cell",
        ),
    ],
)
def test_bad_sheet_reports_each_row_and_changes_nothing(release, sheets, expected):
    before = snapshot()
    preview = services.release_import_xlsx(release=release, data=workbook(sheets))
    assert not preview.ok
    assert len(preview.errors) == len(expected)
    for error, fragment in zip(preview.errors, expected, strict=True):
        assert fragment in error
    assert snapshot() == before
    assert not ImportReport.objects.exists()


def test_a_bad_row_anywhere_stops_the_good_rows_too(release):
    data = workbook(
        {
            "Units": [
                UNITS_HEADER,
                ["Space Marines", "Intercessor Squad", 5, 85],
                ["Space Marines", "Nobody", 5, 85],
            ]
        }
    )
    before = snapshot()
    preview = services.release_import_xlsx(release=release, data=data)
    assert [c.kind for c in preview.changes] == ["changed", "unknown"]
    assert snapshot() == before


def test_not_a_workbook_is_a_clear_error(release):
    preview = services.release_import_preview(release=release, data=b"Faction,Datasheet\n")
    assert len(preview.errors) == 1
    assert preview.errors[0].startswith("The file is not an xlsx workbook")


def test_export_then_import_gives_the_same_prices(release):
    data = services.release_export_xlsx(release=release)
    wb = load_workbook(io.BytesIO(data))
    assert wb.sheetnames == ["Units", "Enhancements", "Options", "Detachment upgrades"]
    assert [c.value for c in wb["Units"][1]] == UNITS_HEADER
    assert isinstance(wb["Units"]["D2"].value, int)
    preview = services.release_import_preview(release=release, data=data)
    assert preview.ok
    assert {c.kind for c in preview.changes} == {"unchanged"}
    assert len(preview.changes) == release.unit_prices.count() + release.enhancement_prices.count()


def test_export_escapes_text_that_would_be_a_formula(release):
    from armybuilder.catalogue.models import Datasheet

    sheet = Datasheet.objects.get(name="Captain")
    sheet.name = '=HYPERLINK("x")'
    sheet.save()
    wb = load_workbook(io.BytesIO(services.release_export_xlsx(release=release)))
    names = [row[1].value for row in wb["Units"].iter_rows(min_row=2)]
    assert '\'=HYPERLINK("x")' in names
    assert wb["Units"].cell(row=2, column=2).data_type == "s"
    preview = services.release_import_preview(
        release=release, data=services.release_export_xlsx(release=release)
    )
    assert preview.ok and {c.kind for c in preview.changes} == {"unchanged"}


def test_detachment_upgrade_prices_go_through_the_workbook(release):
    upgrade = DetachmentUpgrade.objects.create(
        detachment=Detachment.objects.get(name="Gladius Task Force"), name="Relic Blade"
    )
    price = DetachmentUpgradePrice.objects.create(release=release, upgrade=upgrade, points=35)
    exported = load_workbook(io.BytesIO(services.release_export_xlsx(release=release)))
    assert [[c.value for c in row] for row in exported["Detachment upgrades"].iter_rows()] == [
        ["Faction", "Detachment", "Upgrade", "Points"],
        ["Space Marines", "Gladius Task Force", "Relic Blade", 35],
    ]
    header = ["Faction", "Detachment", "Upgrade", "Points"]
    relic = ["space marines", "Gladius Task Force", "relic blade", 40]
    unknown = ["Space Marines", "Gladius Task Force", "Golden Throne", 5]
    data = workbook({"Units": [UNITS_HEADER], "Detachment upgrades": [header, relic, unknown]})
    refused = services.release_import_xlsx(release=release, data=data)
    assert refused.errors == [
        "Sheet 'Detachment upgrades' row 3: no detachment upgrade 'Golden Throne' in "
        "detachment 'Gladius Task Force' (Space Marines)."
    ]
    price.refresh_from_db()
    assert price.points == 35
    data = workbook({"Units": [UNITS_HEADER], "Detachment upgrades": [header, relic]})
    applied = services.release_import_xlsx(release=release, data=data)
    assert applied.ok and [c.kind for c in applied.changes] == ["changed"]
    price.refresh_from_db()
    assert price.points == 40
    assert price.history.count() == 2
