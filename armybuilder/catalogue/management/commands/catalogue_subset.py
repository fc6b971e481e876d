"""Write a fixture holding a few factions of the loaded catalogue, e.g. the demo catalogue."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core import serializers
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Model

from armybuilder.catalogue.models import (
    ArmyLimit,
    Availability,
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    Enhancement,
    EnhancementPrice,
    Faction,
    OptionPrice,
    PointsRelease,
    TransportPool,
    UnitPrice,
    Wargear,
)

ERR_UNKNOWN_FACTION = "No faction called {name!r} is loaded."
ERR_NO_RELEASE = "No points release is current."


class Command(BaseCommand):
    help = "Write the named factions, their own datasheets and the current release's prices."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--faction", action="append", required=True, dest="factions")
        parser.add_argument("--output", "-o", required=True, type=Path)

    def handle(self, *args: Any, factions: list[str], output: Path, **options: Any) -> None:
        chosen = list(Faction.objects.filter(name__in=factions).order_by("name"))
        missing = set(factions) - {f.name for f in chosen}
        if missing:
            raise CommandError(ERR_UNKNOWN_FACTION.format(name=sorted(missing)[0]))
        release = PointsRelease.objects.filter(is_current=True).first()
        if release is None:
            raise CommandError(ERR_NO_RELEASE)
        sheets = Datasheet.objects.filter(faction__in=chosen).order_by("pk")
        sheet_ids = set(sheets.values_list("pk", flat=True))
        detachments = Detachment.objects.filter(faction__in=chosen).order_by("pk")
        enhancements = Enhancement.objects.filter(detachment__in=detachments).order_by("pk")
        upgrades = DetachmentUpgrade.objects.filter(detachment__in=detachments).order_by("pk")
        groups: list[list[Model]] = [
            [
                Faction(**{**_fields(f), "parent_id": None})
                if f.parent_id not in {c.pk for c in chosen}
                else f
                for f in chosen
            ],
            [release],
            list(sheets),
            list(
                Availability.objects.filter(
                    faction__in=chosen, datasheet__in=sheet_ids, ally__isnull=True
                ).order_by("pk")
            ),
            list(TransportPool.objects.filter(datasheet__in=sheet_ids).order_by("pk")),
            list(detachments),
            list(enhancements),
            list(UnitPrice.objects.filter(release=release, datasheet__in=sheet_ids).order_by("pk")),
            list(
                EnhancementPrice.objects.filter(
                    release=release, enhancement__in=enhancements
                ).order_by("pk")
            ),
            list(
                OptionPrice.objects.filter(release=release, datasheet__in=sheet_ids).order_by("pk")
            ),
            # Limits name datasheets and keywords, not rows, so they load with any subset.
            list(ArmyLimit.objects.filter(faction__in=chosen).order_by("pk")),
            list(upgrades),
            list(
                DetachmentUpgradeUnit.objects.filter(
                    upgrade__in=upgrades, datasheet__in=sheet_ids
                ).order_by("pk")
            ),
            list(
                DetachmentUpgradePrice.objects.filter(
                    release=release, upgrade__in=upgrades
                ).order_by("pk")
            ),
            list(Wargear.objects.filter(datasheet__in=sheet_ids).order_by("pk")),
        ]
        chosen_ids = {f.pk for f in chosen}
        rows: list[dict[str, Any]] = []
        for group in groups:
            rows += json.loads(serializers.serialize("json", group))
        for row in rows:
            fields = row["fields"]
            # Links to datasheets outside the subset would not load; drop them.
            for name in ("leads", "required", "forbidden", "battleline"):
                if name in fields:
                    fields[name] = [pk for pk in fields[name] if pk in sheet_ids]
            if "hidden_for" in fields:
                fields["hidden_for"] = [pk for pk in fields["hidden_for"] if pk in chosen_ids]
            if row["model"] == "catalogue.faction":
                fields.pop("datasheets", None)
        output.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        self.stdout.write(f"Wrote {len(rows)} objects ({len(sheet_ids)} datasheets) to {output}.")


def _fields(faction: Faction) -> dict[str, Any]:
    return {f.attname: getattr(faction, f.attname) for f in Faction._meta.concrete_fields}
