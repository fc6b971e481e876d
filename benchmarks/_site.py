"""Set up a throwaway database with a catalogue and a 60-unit roster for page benchmarks."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
FULL_CATALOGUE = REPO / "fixtures" / "catalogue-10e.json.xz"
# Names every Space Marines catalogue (the demo one and the full one) holds.
SIXTY = [
    ("Captain", None),
    ("Intercessor Squad", 10),
    ("Hellblaster Squad", 10),
    ("Rhino", None),
    ("Terminator Squad", 5),
    ("Lieutenant", None),
]


def setup(db_name: str) -> None:
    """Point Django at a fresh SQLite file, migrate it, and load the catalogue."""
    path = Path(tempfile.gettempdir()) / f"{db_name}.sqlite3"
    path.unlink(missing_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    if FULL_CATALOGUE.exists():
        call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    else:
        from tests.factories import make_datasheet, make_release, space_marines

        release = make_release()
        marines = space_marines(release)
        make_datasheet(
            marines,
            "Terminator Squad",
            "INFANTRY",
            "TERMINATOR",
            prices=[(5, 170), (10, 340)],
            release=release,
        )
        lieutenant = make_datasheet(
            marines, "Lieutenant", "INFANTRY", "CHARACTER", prices=[(1, 65)], release=release
        )
        lieutenant.leads.add(*marines.datasheets.filter(name="Intercessor Squad"))


def sixty_unit_roster(username: str = "bench") -> tuple[object, object]:
    """Create a player and an Onslaught Space Marines roster of 60 units."""
    from django.contrib.auth import get_user_model

    from armybuilder.catalogue.models import Faction
    from rosters import services

    user = get_user_model().objects.create_user(username, password="bench-password-40k")
    marines = Faction.objects.get(name="Space Marines")
    detachment = services.faction_detachments(faction=marines)[0]
    roster = services.roster_create(
        owner=user,
        name="Sixty",
        faction=marines,
        detachment=detachment,
        battle_size="onslaught",
    )
    sheets = {s.name: s for s in marines.datasheets.filter(name__in=[n for n, _ in SIXTY])}
    for n in range(60):
        name, models = SIXTY[n % len(SIXTY)]
        unit = services.roster_add_unit(roster=roster, datasheet=sheets[name], models=models)
        _choose_wargear(unit)
    return user, roster


def _choose_wargear(unit: Any) -> None:
    """Store each unit's wargear as a player would: the defaults with every choice group's
    first option swapped for its last, so every unit states (and the core checks) wargear."""
    from armybuilder.catalogue.conversion import loadout_json
    from armybuilder.rules import model as core
    from armybuilder.rules.wargear import default_loadout
    from rosters import services

    facts = services.wargear_facts(datasheet=unit.datasheet)
    kinds = {kind.name: kind for kind in facts.model_types}
    parts = []
    for part in default_loadout(facts, unit.models_count):
        gear = dict(part.wargear)
        for group in kinds[part.model].groups:
            first, last = group.options[0], group.options[-1]
            if len(group.options) > 1 and gear.get(first):
                gear[last] = gear.get(last, 0) + gear.pop(first)
        parts.append(core.Loadout(part.model, part.models, tuple(sorted(gear.items()))))
    if parts:
        services.roster_unit_set_wargear(unit=unit, wargear=loadout_json(parts))


def median_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[len(ordered) // 2] * 1000, 2)
