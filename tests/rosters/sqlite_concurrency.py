"""Run as a script: one thread reads the points admin while ten threads add roster units.

Uses the site's own settings on a SQLite file (the README's setup: WAL, busy timeout,
IMMEDIATE transactions). Prints one JSON line: the journal mode, errors, units written.
Usage: DATABASE_URL=sqlite:////tmp/x.sqlite3 python tests/rosters/sqlite_concurrency.py
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")

WRITERS = 10
UNITS_EACH = 5


def main() -> None:
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from armybuilder.catalogue.models import Datasheet, Detachment, UnitPrice
    from rosters import services
    from tests.factories import make_faction, make_release, space_marines

    call_command("migrate", verbosity=0)
    release = make_release()
    marines = space_marines(release)
    # Enough rows that the admin's counts and lists do real work on every read.
    filler = make_faction("Filler", "FILLER")
    sheets = Datasheet.objects.bulk_create(
        Datasheet(faction=filler, name=f"Filler {n}", slug=f"filler-{n}", max_models=10)
        for n in range(400)
    )
    UnitPrice.objects.bulk_create(
        UnitPrice(release=release, datasheet=s, models_count=m, points=10 * m)
        for s in sheets
        for m in (1, 5, 10)
    )
    editor = User.objects.create_superuser("editor", password="x")
    captain = Datasheet.objects.get(name="Captain")
    rosters = []
    for n in range(WRITERS):
        player = User.objects.create_user(f"player{n}", password="x")
        rosters.append(
            services.roster_create(
                owner=player,
                name=f"Roster {n}",
                faction=marines,
                detachment=Detachment.objects.get(),
                battle_size="onslaught",
            )
        )
    mode = connection.cursor().execute("PRAGMA journal_mode").fetchone()[0]
    connection.close()

    errors: list[str] = []
    writers_done = threading.Event()
    reading = threading.Event()
    reads = [0]

    def read() -> None:
        client = Client()
        client.force_login(editor)
        urls = [
            reverse("admin:catalogue_pointsrelease_changelist"),
            reverse("admin:catalogue_unitprice_changelist") + f"?release__id__exact={release.pk}",
            reverse("admin:catalogue_pointsrelease_change", args=[release.pk]),
        ]
        try:
            # The slow read: walk every price as a long admin export would, holding one
            # open cursor for longer than SQLite's default five-second busy timeout.
            queryset = UnitPrice.objects.select_related("datasheet__faction", "release")
            for n, _ in enumerate(queryset.iterator(chunk_size=20)):
                reading.set()
                if n % 20 == 0:
                    time.sleep(0.12)
            reads[0] += 1
            while not writers_done.is_set():
                for url in urls:
                    status = client.get(url).status_code
                    reads[0] += 1
                    if status != 200:
                        errors.append(f"read {url}: {status}")
        except Exception:
            errors.append(traceback.format_exc(limit=3))
        finally:
            connection.close()

    def write(roster_index: int) -> None:
        roster = rosters[roster_index]
        client = Client()
        try:
            client.force_login(roster.owner)
            url = reverse("rosters:unit_add", args=[roster.pk])
            for _ in range(UNITS_EACH):
                status = client.post(url, {"datasheet": captain.pk}).status_code
                if status >= 400:
                    errors.append(f"write {roster_index}: {status}")
        except Exception:
            errors.append(traceback.format_exc(limit=3))
        finally:
            connection.close()

    reader = threading.Thread(target=read)
    reader.start()
    reading.wait(timeout=30)
    threads = [threading.Thread(target=write, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    writers_done.set()
    reader.join()
    from rosters.models import RosterUnit

    units = {r.pk: RosterUnit.objects.filter(roster=r).count() for r in rosters}
    print(
        json.dumps(
            {
                "journal_mode": mode,
                "errors": errors,
                "units": list(units.values()),
                "reads": reads[0],
            }
        )
    )


if __name__ == "__main__":
    main()
