"""The monthly BSData history as dated releases, on three real snapshots (issue 16).

2024-07-01 and 2025-12-01 come from ../shared's snapshots.tar.xz, the final state
(2026-06-14) from ../shared's catalogue; skipped when ../shared is absent. Six factions
keep the import to seconds.
"""

from __future__ import annotations

import copy
import datetime
import tarfile
from pathlib import Path

import pytest
from django.db.models import F

from armybuilder.catalogue.importers import bsdata_history
from armybuilder.catalogue.importers.bsdata import DEFAULT_RELEASE_NAME
from armybuilder.catalogue.importers.bsdata_history import release_import_bsdata_history
from armybuilder.catalogue.importers.bsdata_xml import BsdataError
from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    Enhancement,
    FormerName,
    FormerOptionName,
    PointsRelease,
    ReleaseUnitSize,
    UnitPrice,
    WargearVersion,
)
from armybuilder.catalogue.models_wargear import (
    former_option_names,
    wargear_as_of,
    wargear_versions,
)
from armybuilder.catalogue.snapshot import catalogue_snapshot, catalogue_snapshot_clear
from rosters.formats import services
from rosters.formats.text_import.index import catalogue_index_clear
from tests.conftest import SHARED_DIR, require_shared

HISTORY = SHARED_DIR / "data" / "bsdata-wh40k-10e-history" / "snapshots.tar.xz"
DAYS = ("2024-07-01", "2025-12-01")
FACTIONS = (
    "T'au Empire",
    "Death Guard",
    "Thousand Sons",
    "Drukhari",
    "World Eaters",
    "Leagues of Votann",
)

pytestmark = [pytest.mark.shared, pytest.mark.django_db]


@pytest.fixture(scope="session")
def two_snapshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Unpack two of the 36 snapshots (a scratch folder, never the repository)."""
    require_shared(HISTORY)
    root = tmp_path_factory.mktemp("history")
    with tarfile.open(HISTORY) as archive:
        members = [m for m in archive if m.isfile() and m.name.lstrip("./").startswith(DAYS)]
        archive.extractall(root, members=members, filter="data")
    return root


_PARSED: dict[object, object] = {}


@pytest.fixture(autouse=True)
def parse_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parsing is pure: parse the three snapshots once per session, write them per test."""
    real = bsdata_history.snapshots_parse

    def cached(snapshots, *, jobs=None, factions=()):
        key = (tuple(s.directory for s in snapshots), tuple(factions))
        if key not in _PARSED:
            _PARSED[key] = real(snapshots, jobs=jobs, factions=factions)
        return copy.deepcopy(_PARSED[key])

    monkeypatch.setattr(bsdata_history, "snapshots_parse", cached)


@pytest.fixture
def history(two_snapshots: Path, bsdata_dir: Path):
    catalogue_index_clear()
    catalogue_snapshot_clear()
    report = release_import_bsdata_history(
        source=two_snapshots, final=bsdata_dir, factions=FACTIONS, jobs=2
    )
    yield report
    catalogue_index_clear()
    catalogue_snapshot_clear()


def sizes(name: str) -> dict[str, tuple[int, int]]:
    return {
        row.release.name: (row.min_models, row.max_models)
        for row in ReleaseUnitSize.objects.filter(datasheet__name=name).select_related("release")
    }


def brackets(name: str, release: str) -> list[tuple[int, int]]:
    return list(
        UnitPrice.objects.filter(datasheet__name=name, release__name=release)
        .order_by("models_count")
        .values_list("models_count", "points")
    )


def check(text: str, day: datetime.date | None = None) -> dict:
    snapshot = services.list_snapshot(as_of=day)
    return services.list_check_json(check=services.list_import_check(text=text, snapshot=snapshot))


STEALTH = (
    "+ FACTION KEYWORD: Xenos - T'au Empire\n+ DETACHMENT: Kauyon\n"
    "+ TOTAL ARMY POINTS: 1000\n\n3x Stealth Battlesuits (60 pts)\n"
)


def test_each_snapshot_is_a_dated_release_with_its_own_sizes_and_prices(history):
    releases = {r.name: r for r in PointsRelease.objects.all()}
    assert {"BSData 2024-07-01", "BSData 2025-12-01", DEFAULT_RELEASE_NAME} <= set(releases)
    old = releases["BSData 2024-07-01"]
    assert (old.published, old.is_published, old.is_current) == (
        datetime.date(2024, 7, 1),
        True,
        False,
    )
    assert releases[DEFAULT_RELEASE_NAME].is_current

    # A unit whose size changed with its codex: three Stealth Battlesuits in 2024, five now.
    assert sizes("Stealth Battlesuits") == {
        "BSData 2024-07-01": (3, 6),
        "BSData 2025-12-01": (5, 5),
    }
    assert Datasheet.objects.get(name="Stealth Battlesuits").min_models == 5
    # A price that changed: 60 a triad in 2024, 110 for five in December 2025, 100 at the end.
    assert brackets("Stealth Battlesuits", "BSData 2024-07-01") == [(3, 60), (6, 120)]
    assert brackets("Stealth Battlesuits", "BSData 2025-12-01") == [(5, 110)]
    assert brackets("Stealth Battlesuits", DEFAULT_RELEASE_NAME) == [(5, 100)]

    # A datasheet that disappeared, a detachment and enhancements the codex replaced: kept,
    # marked with the last release that had them.
    cultists = Datasheet.objects.get(faction__name="Thousand Sons", name="Thousand Sons Cultists")
    assert cultists.last_release.name == "BSData 2024-07-01"
    assert brackets("Thousand Sons Cultists", "BSData 2024-07-01") == [(10, 55), (20, 110)]
    assert not cultists.prices.filter(release__name=DEFAULT_RELEASE_NAME).exists()
    assert Detachment.objects.get(name="Plague Company").last_release.name == "BSData 2024-07-01"
    assert Enhancement.objects.get(name="Wayfarer's Grace").last_release.name == (
        "BSData 2024-07-01"
    )
    assert Datasheet.objects.get(name="Stealth Battlesuits").last_release is None

    # Re-running changes nothing.
    again = release_import_bsdata_history(
        source=history.source, final=history.final, factions=FACTIONS, jobs=1
    )
    assert again.changed == 0, again.text()


def test_the_release_in_force_prices_and_sizes_the_list(history):
    then = check(STEALTH, datetime.date(2024, 8, 15))
    now = check(STEALTH)
    assert then["release"] == "BSData 2024-07-01" and now["release"] == DEFAULT_RELEASE_NAME
    assert [(u["models"], u["points"]) for u in then["units"]] == [(3, 60)]
    assert "UNIT_SIZE" not in {v["code"] for v in then["violations"]}
    assert "UNIT_SIZE" in {v["code"] for v in now["violations"]}
    # A retired datasheet is offered by its own month's release only.
    cultists = (
        "+ FACTION KEYWORD: Chaos - Thousand Sons\n+ DETACHMENT: Cult of Magic\n"
        "+ TOTAL ARMY POINTS: 1000\n\n10x Thousand Sons Cultists (55 pts)\n"
    )
    then = check(cultists, datetime.date(2024, 7, 20))
    assert (then["detachment"], then["unrecognised"]) == ("Cult of Magic", [])
    assert then["units"][0]["points"] == 55
    now = check(cultists)
    assert {p["kind"] for p in now["unrecognised"]} == {"detachment", "unit"}
    # The warm snapshot is per release.
    stealth = Datasheet.objects.get(name="Stealth Battlesuits").pk
    old = catalogue_snapshot(as_of=datetime.date(2024, 7, 1))
    assert (
        old.datasheets[stealth].min_models,
        catalogue_snapshot().datasheets[stealth].min_models,
    ) == (3, 5)


# (written, faction header, detachment header, read as): renames BSData made under one id.
FORMER = [
    ("World Eaters Daemon Prince", "World Eaters", "Berzerker Warband", "Daemon Prince of Khorne"),
    ("Myphitic Blight-haulers", "Death Guard", "Virulent Vectorium", "Myphitic Blight-hauler"),
    ("Khorne Berserkers", "World Eaters", "Berzerker Warband", "Khorne Berzerkers"),
]


def test_former_names_resolve_by_id_and_ambiguous_ones_do_not(history):
    for written, faction, detachment, later in FORMER:
        sheet = Datasheet.objects.get(faction__name=faction, name=later)
        assert FormerName.objects.filter(datasheet=sheet, name=written).exists()
        text = (
            f"+ FACTION KEYWORD: {faction}\n+ DETACHMENT: {detachment}\n"
            f"+ TOTAL ARMY POINTS: 2000\n\n1x {written} (100 pts)\n"
        )
        payload = check(text)
        assert payload["unrecognised"] == [], written
        [unit] = payload["units"]
        assert unit["name"] == later
        assert f"Read “{written}” as its later name “{later}”." in unit["note"]

    # "Scourges" kept its id as "Scourges with Heavy Weapons", beside a new datasheet.
    assert FormerName.objects.filter(name="Scourges").exists()
    text = (
        "+ FACTION KEYWORD: Drukhari\n+ DETACHMENT: Realspace Raiders\n"
        "+ TOTAL ARMY POINTS: 2000\n\n5x Scourges (100 pts)\n"
    )
    problems = check(text)["unrecognised"]
    assert [p["kind"] for p in problems] == ["unit"], problems
    [problem] = problems
    assert problem["text"] == "Scourges"
    assert {"Scourges with Heavy Weapons", "Scourges with Shardcarbines"} <= set(
        problem["suggestions"]
    )

    # A plural reads as the one datasheet it fits.
    text = (
        "+ FACTION KEYWORD: Xenos - T'au Empire\n+ DETACHMENT: Kauyon\n"
        "+ TOTAL ARMY POINTS: 1000\n\n1x Piranhas (60 pts)\n"
    )
    [unit] = check(text)["units"]
    assert unit["name"] == "Piranha" and "Read “Piranhas” as “Piranha”." in unit["note"]


def options_of(model_types: list[dict]) -> set[str]:
    return {o for kind in model_types for group in kind["groups"] for o in group["options"]}


def test_wargear_option_former_names_and_older_wargear(history):
    """An option renamed under its id is a former name; wargear older data stated
    otherwise (T'au support systems the final data dropped) is kept with its dates."""
    berzerkers = Datasheet.objects.get(faction__name="World Eaters", name="Khorne Berzerkers")
    row = FormerOptionName.objects.get(datasheet=berzerkers, name="Berserker chainblade")
    assert row.option == "Chainblade"
    assert former_option_names()[berzerkers.pk]["Berserker chainblade"] == "Chainblade"
    # Names differing only in case are not former names.
    assert not FormerOptionName.objects.filter(name__iexact=F("option")).exists()

    stealth = Datasheet.objects.get(faction__name="T'au Empire", name="Stealth Battlesuits")
    versions = wargear_versions()[stealth.pk]
    assert [v.since for v in versions] == sorted(v.since for v in versions)
    july = wargear_as_of(versions, datetime.date(2024, 7, 20))
    assert july is not None and "Battlesuit support system" in options_of(july.model_types)
    # From the final data's day on, the final Wargear row applies.
    assert wargear_as_of(versions, datetime.date(2026, 6, 20)) is None
    assert "Battlesuit support system" not in options_of(stealth.wargear.model_types)
    # Rows only where older data differs from the final data.
    assert not WargearVersion.objects.filter(model_types=stealth.wargear.model_types).exists()


STEALTH_SUPPORT = (
    "+ FACTION KEYWORD: Xenos - T'au Empire\n+ DETACHMENT: Kauyon\n"
    "+ TOTAL ARMY POINTS: 1000\n\n3x Stealth Battlesuits (60 pts)\n"
    "• 1x Stealth Shas'vre\n◦ 1x Burst cannon\n"
    "• 2x Stealth Shas'ui\n◦ 2x Burst cannon\n◦ 1x Battlesuit support system\n"
)


def test_an_older_release_reads_and_checks_the_wargear_of_its_month(history):
    """A list of July 2024 names a support system the final data dropped: it is read and
    checked against that month's wargear, and the current release does not know it."""
    then = check(STEALTH_SUPPORT, datetime.date(2024, 8, 15))
    codes = {v["code"] for v in then["violations"]}
    assert "WARGEAR_UNREAD" not in codes and "WARGEAR_CHOICE" not in codes
    stealth = Datasheet.objects.get(name="Stealth Battlesuits").pk
    old = catalogue_snapshot(as_of=datetime.date(2024, 7, 1))
    older = {o for t in old.datasheets[stealth].model_types for g in t.groups for o in g.options}
    final = {
        o
        for t in catalogue_snapshot().datasheets[stealth].model_types
        for g in t.groups
        for o in g.options
    }
    assert "Battlesuit support system" in older - final
    now = check(STEALTH_SUPPORT)
    unread = [v for v in now["violations"] if v["code"] == "WARGEAR_UNREAD"]
    assert [line["text"] for v in unread for line in v["lines"]] == ["Battlesuit support system"]


def test_a_missing_snapshot_folder_is_a_clear_error(tmp_path):
    with pytest.raises(BsdataError, match="no snapshot folders"):
        release_import_bsdata_history(source=tmp_path)
    assert not PointsRelease.objects.exists()
