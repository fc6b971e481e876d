"""Fixtures for the format tests: a small priced catalogue and the two named players."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from armybuilder.catalogue.models import Datasheet, Faction, PointsRelease
from armybuilder.catalogue.snapshot import catalogue_snapshot_clear
from rosters.formats.text_import.index import catalogue_index_clear
from tests.factories import make_release, make_wargear
from tests.formats.catalogue import BERZERKER_WARGEAR, space_wolves, world_eaters


@pytest.fixture(autouse=True)
def cold_index() -> Iterator[None]:
    """Start and end every test without a warm index from another test's catalogue."""
    catalogue_index_clear()
    catalogue_snapshot_clear()
    yield
    catalogue_index_clear()
    catalogue_snapshot_clear()


@pytest.fixture
def release(db: None) -> PointsRelease:
    return make_release("MFM 2025-09")


@pytest.fixture
def catalogue(release: PointsRelease) -> dict[str, Faction]:
    return {"we": world_eaters(release), "sw": space_wolves(release)}


@pytest.fixture
def berzerkers(catalogue: dict[str, Faction]) -> Datasheet:
    """The catalogue, with wargear for Khorne Berzerkers."""
    sheet = Datasheet.objects.get(name="Khorne Berzerkers")
    make_wargear(sheet, BERZERKER_WARGEAR)
    return sheet
