"""``manage.py load_history``: add the monthly BSData releases to the final catalogue.

``fixtures/catalogue-10e-history.json.xz`` holds what ``import_bsdata_history`` adds on
top of ``fixtures/catalogue-10e.json.xz``: the dated releases with their prices and unit
sizes, the factions, datasheets, detachments and enhancements only older data has
(a retired faction with its ally rules and what it may field), the former
names (of wargear options too) and the older wargear that differs from the final data.
``--dump`` writes that file from a database the history import has run on.
``fixtures/former-names-10e.json`` holds the former names of entries the final data
still has (and of their wargear options), which ``manage.py demo`` loads with the full
catalogue.
"""

from __future__ import annotations

import lzma
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core import serializers
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import models, transaction
from django.db.models import Q

from armybuilder.catalogue.importers.bsdata import DEFAULT_RELEASE_NAME
from armybuilder.catalogue.models import (
    AllyRule,
    Availability,
    Datasheet,
    Detachment,
    Enhancement,
    EnhancementPrice,
    Faction,
    FormerName,
    FormerOptionName,
    OptionPrice,
    PointsRelease,
    ReleaseUnitSize,
    UnitPrice,
    WargearVersion,
)

FIXTURES = Path(settings.BASE_DIR) / "fixtures"
FULL_CATALOGUE = FIXTURES / "catalogue-10e.json.xz"
HISTORY = FIXTURES / "catalogue-10e-history.json.xz"
FORMER_NAMES = FIXTURES / "former-names-10e.json"
ERR_NO_FINAL = (
    "Load the final catalogue first (manage.py loaddata fixtures/catalogue-10e.json.xz); "
    "the history adds to its release {name!r}."
)
ERR_NO_HISTORY = "There is no dated release to dump; run import_bsdata_history first."


def history_querysets() -> list[Iterable[models.Model]]:
    """What the history import adds to the final catalogue, in an order loaddata can follow."""
    dated = PointsRelease.objects.exclude(name=DEFAULT_RELEASE_NAME).filter(
        notes__startswith="BSData wh40k-10e as of"
    )
    retired_sheets = Datasheet.objects.filter(last_release__isnull=False)
    return [
        dated.order_by("pk"),
        Faction.objects.filter(last_release__isnull=False).order_by("pk"),
        AllyRule.objects.filter(faction__last_release__isnull=False).order_by("pk"),
        retired_sheets.order_by("pk"),
        Availability.objects.filter(
            Q(datasheet__last_release__isnull=False) | Q(faction__last_release__isnull=False)
        ).order_by("pk"),
        Detachment.objects.filter(last_release__isnull=False).order_by("pk"),
        Enhancement.objects.filter(last_release__isnull=False).order_by("pk"),
        ReleaseUnitSize.objects.filter(release__in=dated).order_by("pk"),
        UnitPrice.objects.filter(release__in=dated).order_by("pk"),
        OptionPrice.objects.filter(release__in=dated).order_by("pk"),
        EnhancementPrice.objects.filter(release__in=dated).order_by("pk"),
        FormerName.objects.order_by("pk"),
        FormerOptionName.objects.order_by("pk"),
        WargearVersion.objects.order_by("pk"),
    ]


def former_names_current() -> Iterable[models.Model]:
    """The former names of entries the final data still has (the default site's), and
    those of their wargear options."""
    yield from FormerName.objects.filter(
        Q(datasheet__last_release__isnull=True, datasheet__isnull=False)
        | Q(detachment__last_release__isnull=True, detachment__isnull=False)
        | Q(enhancement__last_release__isnull=True, enhancement__isnull=False)
    ).order_by("pk")
    yield from FormerOptionName.objects.filter(datasheet__last_release__isnull=True).order_by("pk")


def _objects(querysets: Iterable[Iterable[models.Model]]) -> Iterable[models.Model]:
    for queryset in querysets:
        yield from queryset


class Command(BaseCommand):
    help = (
        "Add the monthly BSData history (dated points releases back to July 2023, retired "
        "entries and former names) to a database holding the final catalogue."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dump",
            action="store_true",
            help="Write the history fixture and the former-names fixture from this database",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["dump"]:
            self.dump()
            return
        if not PointsRelease.objects.filter(name=DEFAULT_RELEASE_NAME).exists():
            if PointsRelease.objects.exists():
                raise CommandError(ERR_NO_FINAL.format(name=DEFAULT_RELEASE_NAME))
            self.stdout.write(f"Loading {FULL_CATALOGUE.name} ...")
            call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
        self.stdout.write(f"Loading {HISTORY.name} ...")
        with transaction.atomic():
            call_command("loaddata", str(HISTORY), verbosity=0)
        releases = PointsRelease.objects.count()
        self.stdout.write(self.style.SUCCESS(f"{releases} points releases are loaded."))

    def dump(self) -> None:
        querysets = history_querysets()
        if not querysets[0].exists():  # type: ignore[attr-defined]
            raise CommandError(ERR_NO_HISTORY)
        with lzma.open(HISTORY, "wt", encoding="utf-8", preset=9 | lzma.PRESET_EXTREME) as out:
            serializers.serialize("json", _objects(querysets), stream=out)
        with FORMER_NAMES.open("w", encoding="utf-8") as out:
            serializers.serialize("json", former_names_current(), stream=out, indent=1)
        self.stdout.write(
            f"Wrote {HISTORY.name} ({HISTORY.stat().st_size:,} bytes) and {FORMER_NAMES.name} "
            f"({FORMER_NAMES.stat().st_size:,} bytes)."
        )
