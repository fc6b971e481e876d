"""The history's empty months and index-era enhancements (issue 24).

A faction's catalogue of a month can be an empty stub (Necrons of July 2023): that month
takes the faction's data of its first later month with any. The index-era data priced
enhancements as unit options ("Sempiternal Weave", "Ceaseless Hunter") under the BSData
ids the later enhancements keep, so those names are the enhancements' former names.
"""

from __future__ import annotations

import datetime
import tarfile
from pathlib import Path

import pytest

from armybuilder.catalogue.importers.bsdata_facts import (
    ParsedCatalogue,
    ParsedDatasheet,
    ParsedDetachment,
    ParsedFaction,
)
from armybuilder.catalogue.importers.bsdata_history import release_import_bsdata_history
from armybuilder.catalogue.importers.bsdata_history_parse import stub_catalogues, stubs_filled
from armybuilder.catalogue.models import Enhancement, FormerName, ReleaseUnitSize, UnitPrice
from tests.conftest import SHARED_DIR, require_shared

HISTORY = SHARED_DIR / "data" / "bsdata-wh40k-10e-history" / "snapshots.tar.xz"
HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
NS = 'xmlns="http://www.battlescribe.net/schema/catalogueSchema"'
# (file text, whether it is a stub)
FILES = [
    pytest.param(
        f'{HEAD}<catalogue id="necrons" name="Xenos - Necrons" {NS}>'
        f"<xmlns>http://www.battlescribe.net/schema/catalogueSchema</xmlns></catalogue>",
        True,
        id="empty-stub",
    ),
    pytest.param(
        f'{HEAD}<catalogue id="angels" name="Blood Angels" {NS}><catalogueLinks>'
        f'<catalogueLink type="catalogue" name="Space Marines" id="l1" targetId="sm"/>'
        f"</catalogueLinks></catalogue>",
        False,
        id="links-only-chapter",
    ),
    pytest.param(
        f'{HEAD}<catalogue id="big" name="Orks" {NS}><sharedSelectionEntries>'
        + "<!-- padding -->" * 200
        + "</sharedSelectionEntries></catalogue>",
        False,
        id="entries",
    ),
]


@pytest.mark.parametrize(("text", "stub"), FILES)
def test_a_catalogue_holding_nothing_is_a_stub(tmp_path: Path, text: str, stub: bool) -> None:
    (tmp_path / "One.cat").write_text(text, encoding="utf-8")
    (tmp_path / "Broken.cat").write_text("<catalogue", encoding="utf-8")
    found = stub_catalogues(tmp_path)
    assert bool(found) is stub
    assert found <= {"necrons"}


def month(*factions: tuple[str, str, int]) -> ParsedCatalogue:
    """A parsed month: (faction name, catalogue id, how many datasheets) per faction."""
    return ParsedCatalogue(
        factions=[
            ParsedFaction(name, name, name.upper(), None, "", "", cid) for name, cid, _ in factions
        ],
        datasheets=[
            ParsedDatasheet(name, f"{name} {n}", f"{cid}-{n}", "")
            for name, cid, count in factions
            for n in range(count)
        ],
        detachments=[
            ParsedDetachment(name, f"{name} host", cid) for name, cid, count in factions if count
        ],
    )


# (months oldest first, the stub ids of each, the datasheets each month ends with)
MONTHS = [
    pytest.param(
        [
            month(("Necrons", "n", 0), ("Orks", "o", 1)),
            month(("Necrons", "n", 0)),
            month(("Necrons", "n", 2)),
        ],
        [frozenset({"n"}), frozenset({"n"}), frozenset()],
        [
            ["Orks 0", "Necrons 0", "Necrons 1"],
            ["Necrons 0", "Necrons 1"],
            ["Necrons 0", "Necrons 1"],
        ],
        id="first-later-month-with-data",
    ),
    pytest.param(
        [month(("Necrons", "n", 0)), month(("Xenos - Necrons", "n", 1))],
        [frozenset({"n"}), frozenset()],
        [["Xenos - Necrons 0"], ["Xenos - Necrons 0"]],
        id="under-the-later-name",
    ),
    pytest.param(
        [month(("Necrons", "n", 0)), month(("Necrons", "n", 0))],
        [frozenset({"n"}), frozenset({"n"})],
        [[], []],
        id="never-filled",
    ),
    pytest.param(
        [month(("Necrons", "n", 0)), month(("Necrons", "n", 1))],
        [frozenset(), frozenset()],
        [[], ["Necrons 0"]],
        id="an-empty-faction-that-is-no-stub",
    ),
]


@pytest.mark.parametrize(("months", "stubs", "expected"), MONTHS)
def test_a_stub_month_takes_the_factions_first_later_data(months, stubs, expected) -> None:
    filled = stubs_filled(months, stubs)
    assert [[s.name for s in m.datasheets] for m in filled] == expected
    for data, sheets in zip(filled, expected, strict=True):
        names = {f.name for f in data.factions}
        assert {s.faction for s in data.datasheets} <= names
        assert bool(data.detachments) is any("Necrons" in s for s in sheets)


@pytest.fixture(scope="module")
def index_era(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """July 2023 (Necrons an empty stub) and August 2023 (the index-era enhancements)."""
    require_shared(HISTORY)
    root = tmp_path_factory.mktemp("index-era")
    days = ("2023-07-01", "2023-08-01")
    with tarfile.open(HISTORY) as archive:
        members = [m for m in archive if m.isfile() and m.name.lstrip("./").startswith(days)]
        archive.extractall(root, members=members, filter="data")
    return root


@pytest.mark.shared
@pytest.mark.django_db
def test_the_index_era_months_read(index_era: Path, bsdata_dir: Path) -> None:
    release_import_bsdata_history(
        source=index_era, final=bsdata_dir, factions=("Necrons", "Adeptus Custodes"), jobs=1
    )
    # The stub month is priced and sized as August 2023 states the faction.
    july = {"release__name": "BSData 2023-07-01", "datasheet__name": "Necron Warriors"}
    august = {**july, "release__name": "BSData 2023-08-01"}
    assert ReleaseUnitSize.objects.filter(**july).exists()
    assert list(UnitPrice.objects.filter(**july).values_list("models_count", "points")) == list(
        UnitPrice.objects.filter(**august).values_list("models_count", "points")
    )
    # The options' names are the enhancements' former names, seen in the index-era months.
    for source_id, name in (
        ("d191-f492-ef11-6c9d", "Sempiternal Weave"),
        ("34d9-49de-f88f-6d0a", "Ceaseless Hunter"),
    ):
        enhancement = Enhancement.objects.get(source_id=source_id, last_release__isnull=True)
        seen = FormerName.objects.get(enhancement=enhancement, name=name).last_seen
        assert seen >= datetime.date(2023, 7, 1)
