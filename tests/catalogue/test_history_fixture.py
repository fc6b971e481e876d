"""The shipped history fixtures load on top of the final catalogue (issue 16).

`manage.py load_history` adds fixtures/catalogue-10e-history.json.xz to
fixtures/catalogue-10e.json.xz; `manage.py demo` loads fixtures/former-names-10e.json
with the full catalogue. Both are checked against facts of the data they came from.
"""

from __future__ import annotations

import datetime
from io import StringIO

import pytest
from django.core.management import call_command

from armybuilder.catalogue.importers.bsdata import DEFAULT_RELEASE_NAME
from armybuilder.catalogue.management.commands.load_history import (
    FORMER_NAMES,
    FULL_CATALOGUE,
    HISTORY,
)
from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    FormerName,
    PointsRelease,
    ReleaseUnitSize,
    UnitPrice,
)

pytestmark = pytest.mark.django_db


def test_load_history_adds_the_dated_releases_to_the_final_catalogue():
    out = StringIO()
    call_command("load_history", stdout=out)
    assert "37 points releases are loaded." in out.getvalue()
    assert PointsRelease.objects.get(is_current=True).name == DEFAULT_RELEASE_NAME
    first = PointsRelease.objects.order_by("published").first()
    assert (first.name, first.published) == ("BSData 2023-07-01", datetime.date(2023, 7, 1))
    stealth = Datasheet.objects.get(faction__name="T'au Empire", name="Stealth Battlesuits")
    assert (
        ReleaseUnitSize.objects.get(release__name="BSData 2024-07-01", datasheet=stealth).min_models
        == 3
    )
    assert (stealth.min_models, stealth.max_models) == (5, 5)
    assert list(
        UnitPrice.objects.filter(release__name="BSData 2024-07-01", datasheet=stealth)
        .order_by("models_count")
        .values_list("models_count", "points")
    ) == [(3, 60), (6, 120)]
    plague = Detachment.objects.get(faction__name="Death Guard", name="Plague Company")
    assert plague.last_release.name == "BSData 2025-05-01"
    assert FormerName.objects.filter(
        datasheet__name="Daemon Prince of Khorne", name="World Eaters Daemon Prince"
    ).exists()


def test_the_former_names_fixture_fits_the_final_catalogue():
    assert HISTORY.exists() and FORMER_NAMES.exists()
    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    call_command("loaddata", str(FORMER_NAMES), verbosity=0)
    names = dict(FormerName.objects.values_list("name", "datasheet__name"))
    assert names["Myphitic Blight-haulers"] == "Myphitic Blight-hauler"
    assert names["Scourges"] == "Scourges with Heavy Weapons"
    # Only entries the final data still has: nothing here points at a retired row.
    assert not Datasheet.objects.filter(last_release__isnull=False).exists()
