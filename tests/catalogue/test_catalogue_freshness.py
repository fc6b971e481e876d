"""catalogue_version: the key every warm catalogue cache checks before reusing its rows."""

import pytest

from armybuilder.catalogue import freshness
from armybuilder.catalogue.models import Datasheet, UnitPrice
from tests.factories import make_release, space_marines

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue():
    release = make_release()
    space_marines(release)
    return release


def test_version_is_stable_while_nothing_changes(catalogue):
    assert freshness.catalogue_version() == freshness.catalogue_version()


def test_a_rename_in_this_process_changes_the_version(catalogue):
    before = freshness.catalogue_version()
    sheet = Datasheet.objects.get(name="Captain")
    sheet.name = "Captain in Gravis Armour"
    sheet.save()
    assert freshness.catalogue_version() != before


def test_a_price_edit_elsewhere_is_seen_through_its_history_row(catalogue):
    price = UnitPrice.objects.get(datasheet__name="Captain")
    before = freshness.catalogue_version()
    # Another process's admin edit: its row and its history row, but no signal here.
    UnitPrice.objects.filter(pk=price.pk).update(points=95)
    price.refresh_from_db()
    price.history.create(
        id=price.pk,
        release_id=price.release_id,
        datasheet_id=price.datasheet_id,
        models_count=price.models_count,
        points=95,
        history_type="~",
        history_date=price.history.first().history_date,
    )
    after = freshness.catalogue_version()
    assert after[1] == before[1]  # no signal in this process
    assert after != before
