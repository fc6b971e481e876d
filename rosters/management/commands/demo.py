"""Load the catalogue and the demo player with a legal and an illegal roster."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from armybuilder.catalogue.models import Datasheet, Detachment, Enhancement, Faction, PointsRelease
from rosters import services
from rosters.models import Roster

FIXTURES = Path(settings.BASE_DIR) / "fixtures"
FULL_CATALOGUE = FIXTURES / "catalogue-10e.json.xz"
DEMO_CATALOGUE = FIXTURES / "demo-catalogue.json"
DEMO_ROSTERS = FIXTURES / "demo-rosters.json"
# Former names (by BSData id) of the final catalogue's entries, from the monthly history.
FORMER_NAMES = FIXTURES / "former-names-10e.json"

ERR_UNKNOWN = "demo-rosters.json names {what} '{name}', which the loaded catalogue lacks."


class Command(BaseCommand):
    help = "Load the catalogue (full if its fixture is present) and the demo player's rosters."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--catalogue",
            choices=["auto", "full", "demo"],
            default="auto",
            help="Which catalogue fixture to load when the database has none (default: auto).",
        )

    def handle(self, *args: Any, catalogue: str, **options: Any) -> None:
        if not PointsRelease.objects.exists():
            fixture = DEMO_CATALOGUE
            if catalogue == "full" or (catalogue == "auto" and FULL_CATALOGUE.exists()):
                fixture = FULL_CATALOGUE
            self.stdout.write(f"Loading {fixture.name} ...")
            call_command("loaddata", str(fixture), verbosity=0)
            if fixture == FULL_CATALOGUE and FORMER_NAMES.exists():
                call_command("loaddata", str(FORMER_NAMES), verbosity=0)
        spec = json.loads(DEMO_ROSTERS.read_text(encoding="utf-8"))
        with transaction.atomic():
            user = self._user(spec["user"])
            for roster_spec in spec["rosters"]:
                if not Roster.objects.filter(owner=user, name=roster_spec["name"]).exists():
                    self._roster(user, roster_spec)
        count = Roster.objects.filter(owner=user).count()
        username, password = spec["user"]["username"], spec["user"]["password"]
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo player '{username}' (password '{password}') has {count} rosters."
            )
        )

    def _user(self, spec: dict[str, str]) -> Any:
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username=spec["username"], defaults={"email": spec["email"]}
        )
        if created:
            user.set_password(spec["password"])
            user.save()
        return user

    def _roster(self, user: Any, spec: dict[str, Any]) -> None:
        faction = self._get(Faction, "faction", name=spec["faction"])
        detachment = self._get(
            Detachment, "detachment", name=spec["detachment"], faction__in=_chain(faction)
        )
        roster = services.roster_create(
            owner=user,
            name=spec["name"],
            faction=faction,
            detachment=detachment,
            battle_size=spec["battle_size"],
            profile=spec.get("profile", "core-10"),
        )
        for unit in spec["units"]:
            enhancement = (
                self._get(
                    Enhancement, "enhancement", name=unit["enhancement"], detachment=detachment
                )
                if unit.get("enhancement")
                else None
            )
            datasheet = self._get(
                Datasheet, "datasheet", name=unit["datasheet"], available_to=faction
            )
            services.roster_unit_create(
                roster=roster,
                datasheet=datasheet,
                models=unit.get("models"),
                enhancement=enhancement,
                warlord=unit.get("warlord", False),
            )

    def _get(self, model: Any, what: str, **lookup: Any) -> Any:
        found = model.objects.filter(**lookup).first()
        if found is None:
            raise CommandError(ERR_UNKNOWN.format(what=what, name=lookup["name"]))
        return found


def _chain(faction: Faction) -> list[Faction]:
    return services.faction_chain_load(faction=faction)
