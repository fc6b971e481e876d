"""Malformed BSData: each input is refused with one clear error naming file and line (or,
for broken links, the link), and the database is left exactly as it was."""

from __future__ import annotations

import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from armybuilder.catalogue.importers.bsdata import BsdataError, release_import_bsdata
from armybuilder.catalogue.models import Availability, Datasheet, ImportReport
from tests.catalogue.test_bsdata_import import MINI, snapshot

pytestmark = pytest.mark.django_db

MARINES = "Test - Marines.cat"
CHAPTER = "Test - Chapter.cat"
ALLIES = "Library - Test Allies.cat"

# (id, file, text replaced, replacement, what the message must contain)
CASES = [
    ("cost -1e400", CHAPTER, 'value="55"', 'value="-1e400"', "Test - Chapter.cat, line 19"),
    ("cost nan", CHAPTER, 'value="55"', 'value="nan"', "line 19: <cost> has value='nan'"),
    ("cost not a number", CHAPTER, 'value="55"', 'value="fifty"', "value='fifty', not a number"),
    ("cost of 10^12", CHAPTER, 'value="55"', 'value="1000000000000"', "outside -1000000"),
    (
        "constraint 1e999",
        MARINES,
        'value="2" field="selections" scope="force"',
        'value="1e999" field="selections" scope="force"',
        "Test - Marines.cat, line 10: <constraint>",
    ),
    (
        "condition inf",
        MARINES,
        'type="atLeast" value="6"',
        'type="atLeast" value="inf"',
        "Test - Marines.cat, line 68: <condition>",
    ),
    (
        "points modifier -1e400",
        MARINES,
        'type="set" value="160"',
        'type="set" value="-1e400"',
        "Test - Marines.cat, line 66: <modifier>",
    ),
    (
        "entry link to a missing unit",
        CHAPTER,
        'targetId="champion"',
        'targetId="no-such-entry"',
        "entryLink 'Chapter Champion' points at missing no-such-entry",
    ),
    (
        "category link to a missing category",
        ALLIES,
        'targetId="cat-fac-allies"',
        'targetId="no-such-category"',
        "Library - Test Allies.cat, line 12: categoryLink",
    ),
    (
        "catalogue link to a missing catalogue",
        CHAPTER,
        'targetId="cat-tm"',
        'targetId="no-such-catalogue"',
        "catalogueLink 'Imperium - Test Marines' points at missing no-such-catalogue",
    ),
]


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    directory = tmp_path / "bsdata"
    shutil.copytree(MINI, directory)
    path = directory / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return directory


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"), [pytest.param(*c[1:], id=c[0]) for c in CASES]
)
def test_malformed_input_is_refused_and_changes_nothing(
    tmp_path: Path, name: str, old: str, new: str, expected: str
) -> None:
    release_import_bsdata(directory=MINI)
    before = snapshot()
    directory = _copy(tmp_path, name, old, new)
    with pytest.raises(CommandError) as caught:
        call_command("import_bsdata", str(directory), stdout=StringIO())
    assert expected in str(caught.value)
    assert "Traceback" not in str(caught.value)
    assert snapshot() == before
    assert ImportReport.objects.count() == 1


def test_allow_broken_imports_the_rest_and_reports_each_link(tmp_path: Path) -> None:
    directory = _copy(tmp_path, CHAPTER, 'targetId="champion"', 'targetId="no-such-entry"')
    with pytest.raises(BsdataError, match="1 broken link"):
        release_import_bsdata(directory=directory)
    report = release_import_bsdata(directory=directory, allow_broken=True)
    broken = [item for item in report.unmapped if item["kind"] == "broken link"]
    assert [item["file"] for item in broken] == [CHAPTER]
    assert "Test - Chapter.cat, line 8" in broken[0]["detail"]
    # The report ends with the gaps, one line per kind of thing not mapped.
    gaps = report.text.split("Remaining gaps")[1].splitlines()[1:]
    assert "  broken link: 1" in gaps
    assert report.counts["unmapped_by_kind"]["broken link"] == 1
    # The chapter's link-only unit is what the broken link loses; the rest is imported.
    assert not Availability.objects.filter(
        faction__name="Test Chapter", datasheet__name="Chapter Champion"
    ).exists()
    assert Datasheet.objects.filter(name="Battle Squad").exists()
