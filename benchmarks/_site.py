"""Set up a throwaway database with a catalogue and a 60-unit roster for page benchmarks.

Also the quick mode every benchmark honours: with ``BENCH_SMOKE=1`` a benchmark runs its
same code path for a few iterations (``runs``), so that CI can run them all and none rots.
The figures printed then prove only that the benchmark works, not how fast anything is.
"""

from __future__ import annotations

import atexit
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
FULL_CATALOGUE = REPO / "fixtures" / "catalogue-10e.json.xz"
# BENCH_SMOKE=1 (any value but empty or 0): a few iterations of the same code path.
SMOKE = os.environ.get("BENCH_SMOKE", "") not in ("", "0")
# Names every Space Marines catalogue (the demo one and the full one) holds.
SIXTY = [
    ("Captain", None),
    ("Intercessor Squad", 10),
    ("Hellblaster Squad", 10),
    ("Rhino", None),
    ("Terminator Squad", 5),
    ("Lieutenant", None),
]


def runs(normal: int, smoke: int = 3) -> int:
    """How many iterations to run: ``normal``, or ``smoke`` under BENCH_SMOKE=1."""
    return smoke if SMOKE else normal


def throwaway_sqlite(db_name: str) -> Path:
    """A SQLite file of this process alone in the temporary folder, removed at exit.

    The process id keeps two runs of one benchmark (a developer's and CI's) apart; the
    developer's db.sqlite3 is never used.
    """
    path = Path(tempfile.gettempdir()) / f"{db_name}-{os.getpid()}.sqlite3"

    def remove() -> None:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)

    remove()
    atexit.register(remove)
    return path


def django_setup(db_name: str) -> None:
    """Start Django on a throwaway SQLite file (not migrated: for benchmarks that read no
    database, so that a stray query fails rather than reaching db.sqlite3)."""
    os.environ["DATABASE_URL"] = f"sqlite:///{throwaway_sqlite(db_name)}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")
    import django

    django.setup()


def setup(db_name: str, *, catalogue: bool = True) -> None:
    """Point Django at a fresh SQLite file, migrate it, and load the catalogue (the full
    fixture, else the test catalogue; none when ``catalogue`` is false)."""
    django_setup(db_name)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if not catalogue:
        return
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
    detachment = services.faction_detachments_load(faction=marines)[0]
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
        unit = services.roster_unit_create(roster=roster, datasheet=sheets[name], models=models)
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
        services.roster_unit_wargear_set(unit=unit, wargear=loadout_json(parts))


def median_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[len(ordered) // 2] * 1000, 2)
