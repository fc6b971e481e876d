import datetime

import pytest
from django.db import IntegrityError

from armybuilder.catalogue import services
from armybuilder.catalogue.models import PointsRelease, UnitPrice
from tests.factories import make_release, space_marines

pytestmark = pytest.mark.django_db


def test_copy_holds_every_price_and_is_not_current():
    old = make_release()
    space_marines(old)
    new = services.release_copy(
        source=old, name="MFM 2025-12", published=datetime.date(2025, 12, 1)
    )
    assert not new.is_current
    assert sorted(
        new.unit_prices.values_list("datasheet__name", "models_count", "points")
    ) == sorted(old.unit_prices.values_list("datasheet__name", "models_count", "points"))
    assert new.enhancement_prices.count() == old.enhancement_prices.count() == 2
    assert new.unit_prices.count() == 6


def test_editing_the_copy_leaves_the_previous_release_as_it_was():
    old = make_release()
    space_marines(old)
    new = services.release_copy(source=old, name="next", published=datetime.date(2025, 12, 1))
    price = new.unit_prices.get(datasheet__name="Intercessor Squad", models_count=5)
    price.points = 75
    price.save()
    assert old.unit_prices.get(datasheet__name="Intercessor Squad", models_count=5).points == 80


def test_publish_moves_current_and_keeps_previous_readable():
    old = make_release()
    space_marines(old)
    new = services.release_copy(source=old, name="next", published=datetime.date(2025, 12, 1))
    services.release_publish(release=new)
    assert PointsRelease.objects.current() == new
    old.refresh_from_db()
    assert not old.is_current
    assert old.unit_prices.count() == 6


def test_database_refuses_two_current_releases():
    make_release("a")
    with pytest.raises(IntegrityError):
        make_release("b")


def test_a_release_prices_a_datasheet_once_per_model_count():
    release = make_release()
    space_marines(release)
    sheet = UnitPrice.objects.filter(release=release).first().datasheet
    with pytest.raises(IntegrityError):
        UnitPrice.objects.create(
            release=release,
            datasheet=sheet,
            models_count=sheet.prices.first().models_count,
            points=1,
        )
