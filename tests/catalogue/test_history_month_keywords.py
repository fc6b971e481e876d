"""A month's keywords where its data stated other keywords than the datasheet's own (issue
24): the history import keeps them on the month's ReleaseUnitSize, and a list checked as of
that month is judged by them (War Dog Stalkers were BATTLELINE and a CHARACTER from 2023-07
to 2025-06; the final data has neither)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest

from armybuilder.catalogue import services, snapshot
from armybuilder.catalogue.importers.bsdata_history import _month_keywords
from armybuilder.catalogue.models import Datasheet, ReleaseUnitSize
from tests.factories import make_release
from tests.formats.catalogue import world_eaters

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cold() -> Iterator[None]:
    snapshot.catalogue_snapshot_clear()
    yield
    snapshot.catalogue_snapshot_clear()


# (the month's keywords, the row's own, what the month's row keeps)
MONTHS = [
    pytest.param(["INFANTRY", "BATTLELINE"], ["INFANTRY"], ["BATTLELINE", "INFANTRY"], id="more"),
    pytest.param(["INFANTRY"], ["INFANTRY", "BATTLELINE"], ["INFANTRY"], id="fewer"),
    pytest.param(["INFANTRY", "GRENADES"], ["GRENADES", "INFANTRY"], [], id="same-any-order"),
]


@pytest.mark.parametrize(("month", "own", "kept"), MONTHS)
def test_a_month_keeps_only_keywords_that_differ_from_the_rows(month, own, kept):
    release = make_release("BSData 2024-07-01", current=False, published=datetime.date(2024, 7, 1))
    faction = world_eaters(make_release())
    sheet = Datasheet.objects.filter(faction=faction).first()
    assert sheet is not None
    Datasheet.objects.filter(pk=sheet.pk).update(keywords=own)
    sizes = {(release.pk, sheet.pk): {"min_models": 1, "max_models": 1, "keywords": sorted(month)}}
    _month_keywords(sizes)
    assert sizes[(release.pk, sheet.pk)]["keywords"] == kept


# (the day a list is checked as of, whether it is judged with the month's keywords)
AS_OF = [
    pytest.param(datetime.date(2024, 7, 1), True, id="the-month"),
    pytest.param(datetime.date(2025, 9, 2), False, id="the-current-release"),
]


@pytest.mark.parametrize(("day", "older"), AS_OF)
def test_a_list_of_the_month_is_judged_by_the_months_keywords(day, older):
    """The month's keywords add to the sheet's, and take none away: the final data's
    enhancements ask for the final keywords (2023's PRIMARIS TECHMARINE is TECHMARINE)."""
    current = make_release()
    world_eaters(current)
    month = make_release("BSData 2024-07-01", current=False, published=datetime.date(2024, 7, 1))
    sheet = Datasheet.objects.get(name="Jakhals")
    own = frozenset(sheet.keywords)
    dropped = sorted(own)[0]
    stated = sorted({*own - {dropped}, "BATTLELINE", "CHARACTER"})
    ReleaseUnitSize.objects.create(
        release=month, datasheet=sheet, min_models=10, max_models=20, keywords=stated
    )
    facts = snapshot.catalogue_snapshot(as_of=day).datasheets[sheet.pk]
    assert facts.keywords == (own | {"BATTLELINE", "CHARACTER"} if older else own)
    assert dropped in facts.keywords
    assert (facts.min_models, facts.max_models) == (
        (10, 20) if older else (sheet.min_models, sheet.max_models)
    )


def test_a_copied_release_keeps_its_months_keywords():
    world_eaters(make_release())
    month = make_release("BSData 2024-07-01", current=False, published=datetime.date(2024, 7, 1))
    sheet = Datasheet.objects.get(name="Jakhals")
    ReleaseUnitSize.objects.create(
        release=month, datasheet=sheet, min_models=10, max_models=20, keywords=["BATTLELINE"]
    )
    copy = services.release_copy(source=month, name="Copy", published=datetime.date(2024, 7, 2))
    assert list(copy.unit_sizes.values_list("keywords", flat=True)) == [["BATTLELINE"]]
