"""Loading the small catalogue into the database: rows, idempotence, dry runs, bad files."""

from __future__ import annotations

import shutil
from datetime import date
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import models

from armybuilder.catalogue.importers.bsdata import (
    DEFAULT_RELEASE_NAME,
    BsdataError,
    release_import_bsdata,
)
from armybuilder.catalogue.models import (
    AllyRule,
    Availability,
    Datasheet,
    Detachment,
    Enhancement,
    EnhancementPrice,
    Faction,
    ImportReport,
    OptionPrice,
    PointsRelease,
    TransportPool,
    UnitPrice,
)

MINI = Path(__file__).parent / "data" / "bsdata_mini"
TABLES: list[type[models.Model]] = [
    Faction,
    Datasheet,
    Availability,
    AllyRule,
    TransportPool,
    Detachment,
    Enhancement,
    PointsRelease,
    UnitPrice,
    EnhancementPrice,
    OptionPrice,
    Datasheet.leads.through,
    Detachment.required.through,
    Detachment.forbidden.through,
    Detachment.battleline.through,
]

pytestmark = pytest.mark.django_db


def snapshot() -> dict[str, list[dict[str, Any]]]:
    """Every catalogue row (bar import reports), for before/after comparisons."""
    return {
        model._meta.label: list(model.objects.order_by("pk").values())  # type: ignore[attr-defined]
        for model in TABLES
    }


def run(**kwargs: Any) -> ImportReport:
    return release_import_bsdata(directory=MINI, **kwargs)


def test_import_loads_the_catalogue() -> None:
    report = run()
    release = PointsRelease.objects.get(name=DEFAULT_RELEASE_NAME)
    assert release.is_current and release.published == date(2026, 6, 14)
    chapter = Faction.objects.get(name="Test Chapter")
    assert chapter.parent == Faction.objects.get(name="Test Marines")
    assert chapter.keyword == "TEST CHAPTER"
    squad = Datasheet.objects.get(name="Battle Squad")
    assert list(squad.prices.values_list("models_count", "points")) == [(5, 80), (10, 160)]
    assert "BATTLELINE" in squad.keywords
    captain = Datasheet.objects.get(name="Hero Captain")
    assert set(captain.leads.values_list("name", flat=True)) == {"Battle Squad", "Heavy Squad"}
    assert captain.limit == 1 and captain.warlord == "must"
    pool = TransportPool.objects.get(datasheet__name="Carrier")
    assert (pool.capacity, pool.forbidden, pool.space) == (10, ["TERMINATOR"], {"JUMP PACK": 2})
    siege = Detachment.objects.get(name="Siege Group")
    assert list(siege.battleline.values_list("name", flat=True)) == ["Heavy Squad"]
    assert list(siege.forbidden.values_list("name", flat=True)) == ["Skyship"]
    blade = Enhancement.objects.get(name="Captain's Blade")
    assert blade.detachment.name == "Strike Group"
    assert blade.required_keywords == [["CAPTAIN"]]
    assert blade.prices.get(release=release).points == 20
    ally = Availability.objects.get(faction=chapter, datasheet__name="Ally Agent").ally
    assert ally is not None and (ally.keyword, ally.points_cap) == ("TEST ALLIES", 500)
    assert OptionPrice.objects.get(datasheet=squad).points == 10
    assert report.pk is not None and report.kind == ImportReport.Kind.BSDATA
    assert report.release == release
    assert report.counts["factions"]["Test Marines"]["datasheets"] == 12
    marines = report.counts["factions"]["Test Marines"]
    assert (marines["transports"], marines["transports_parsed_fully"]) == (2, 1)
    assert {"file": "Test - Marines.cat", "entry_id": "hero-captain"}.items() <= next(
        item for item in report.unmapped if item["kind"] == "leader target"
    ).items()


def test_second_run_changes_nothing() -> None:
    run()
    before = snapshot()
    report = run()
    assert snapshot() == before
    assert report.counts["changes"] == {"created": {}, "updated": {}, "deleted": {}}
    assert ImportReport.objects.count() == 2


def test_changed_data_updates_only_what_differs(tmp_path: Path) -> None:
    run()
    changed = tmp_path / "bsdata"
    shutil.copytree(MINI, changed)
    path = changed / "Test - Marines.cat"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            '<modifier type="set" value="160"', '<modifier type="set" value="170"'
        ),
        encoding="utf-8",
    )
    report = release_import_bsdata(directory=changed)
    assert report.counts["changes"]["updated"] == {"UnitPrice": 1}
    assert report.counts["changes"]["created"] == report.counts["changes"]["deleted"] == {}
    assert Datasheet.objects.get(name="Battle Squad").prices.get(models_count=10).points == 170


def test_dry_run_rolls_back_but_reports() -> None:
    report = run(dry_run=True)
    assert report.pk is None and report.dry_run
    assert "dry run" in report.text and "Test Marines" in report.text
    assert Faction.objects.count() == 0 and ImportReport.objects.count() == 0


def test_existing_current_release_stays_current() -> None:
    PointsRelease.objects.create(name="Older", published=date(2025, 1, 1), is_current=True)
    run(release_name="Newer", release_date=date(2025, 6, 1))
    assert PointsRelease.objects.current().name == "Older"
    assert UnitPrice.objects.filter(release__name="Newer").exists()


def _broken_copy(tmp_path: Path, filename: str, keep: int) -> Path:
    target = tmp_path / "bsdata"
    shutil.copytree(MINI, target)
    text = (target / filename).read_text(encoding="utf-8")
    (target / filename).write_text(text[:keep], encoding="utf-8")
    return target


def test_truncated_file_names_file_and_line_and_changes_nothing(tmp_path: Path) -> None:
    run()
    before = snapshot()
    broken = _broken_copy(tmp_path, "Test - Marines.cat", keep=4000)
    with pytest.raises(BsdataError) as caught:
        release_import_bsdata(directory=broken)
    message = str(caught.value)
    assert "Test - Marines.cat" in message and "line " in message
    assert snapshot() == before
    assert ImportReport.objects.count() == 1


def test_malformed_file_is_a_command_error(tmp_path: Path) -> None:
    broken = tmp_path / "bsdata"
    shutil.copytree(MINI, broken)
    path = broken / "Library - Test Allies.cat"
    path.write_text(path.read_text(encoding="utf-8").replace("</entryLinks>", "</entryLink>", 1))
    with pytest.raises(CommandError, match=r"Library - Test Allies\.cat: malformed XML at line 6"):
        call_command("import_bsdata", str(broken), stdout=StringIO())
    assert Faction.objects.count() == 0


def test_command_prints_the_report_and_saves_it() -> None:
    out = StringIO()
    call_command(
        "import_bsdata",
        str(MINI),
        "--release",
        "Mini release",
        "--date",
        "2026-01-02",
        "--faction",
        "Test Chapter",
        stdout=out,
    )
    text = out.getvalue()
    assert "Test Chapter [TEST CHAPTER, parent Test Marines]" in text
    assert "Mystery Squad" in text
    report = ImportReport.objects.get()
    assert report.text == text.rstrip("\n") and report.release.name == "Mini release"


def test_command_rejects_unknown_faction() -> None:
    with pytest.raises(CommandError, match="Unknown faction 'Nobody'"):
        call_command("import_bsdata", str(MINI), "--faction", "Nobody", stdout=StringIO())


@pytest.mark.django_db
def test_reimport_that_changes_a_price_keeps_its_history() -> None:
    run()
    price = UnitPrice.objects.order_by("pk").first()
    assert price is not None
    assert [h.history_change_reason for h in price.history.all()] == ["BSData import"]
    original = price.points
    # An edit that bypassed history; the next import puts the data's price back, on record.
    UnitPrice.objects.filter(pk=price.pk).update(points=original + 5)
    run()
    price.refresh_from_db()
    assert price.points == original
    latest = price.history.first()
    assert (latest.history_type, latest.points) == ("~", original)
