"""A datasheet a month's data does not record (a stub of that month: Death Korps of Krieg
in July 2023, an upgrade with a cost and no models) is offered and priced from the next
month that does, and checked against that month's wargear, not the final data's."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest

from armybuilder.catalogue import snapshot
from armybuilder.catalogue.models import Datasheet, ReleaseUnitSize
from armybuilder.catalogue.models_wargear import WargearVersion
from tests.factories import make_release
from tests.formats.catalogue import world_eaters

pytestmark = pytest.mark.django_db

JULY, AUGUST = datetime.date(2023, 7, 1), datetime.date(2023, 8, 1)
AUGUST_TYPES = [
    {
        "name": "Jakhal of August",
        "min": 10,
        "max": 20,
        "stats": [],
        "groups": [{"name": "Weapon", "options": ["Autopistol"], "min": 1, "max": 1}],
    }
]


@pytest.fixture(autouse=True)
def cold() -> Iterator[None]:
    snapshot.catalogue_snapshot_clear()
    yield
    snapshot.catalogue_snapshot_clear()


@pytest.mark.parametrize(
    ("recorded_in_july", "expected"),
    [
        pytest.param(False, "Jakhal of August", id="unrecorded-reads-the-next-months"),
        pytest.param(True, None, id="boundary-recorded-reads-its-own-month"),
    ],
)
def test_an_unrecorded_month_is_checked_against_the_next_months_wargear(recorded_in_july, expected):
    current = make_release()
    world_eaters(current)
    july = make_release("BSData 2023-07-01", current=False, published=JULY)
    august = make_release("BSData 2023-08-01", current=False, published=AUGUST)
    sheet = Datasheet.objects.get(name="Jakhals")
    other = Datasheet.objects.exclude(pk=sheet.pk).first()
    assert other is not None
    # July records another datasheet (so it records sizes at all), August both.
    for release, row in [(july, other), (august, other), (august, sheet)]:
        ReleaseUnitSize.objects.create(release=release, datasheet=row, min_models=1, max_models=20)
    if recorded_in_july:
        ReleaseUnitSize.objects.create(release=july, datasheet=sheet, min_models=10, max_models=20)
    WargearVersion.objects.create(
        datasheet=sheet, since=AUGUST, until=datetime.date(2023, 9, 1), model_types=AUGUST_TYPES
    )
    facts = snapshot.catalogue_snapshot(as_of=datetime.date(2023, 7, 14)).datasheets[sheet.pk]
    names = [t.name for t in facts.model_types]
    if expected is None:
        assert "Jakhal of August" not in names
    else:
        assert names == [expected]
