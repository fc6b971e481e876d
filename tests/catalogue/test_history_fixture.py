"""The shipped history fixtures load on top of the final catalogue (issue 16).

`manage.py load_history` adds fixtures/catalogue-10e-history.json.xz to
fixtures/catalogue-10e.json.xz; `manage.py demo` loads fixtures/former-names-10e.json
with the full catalogue. Both are checked against facts of the data they came from.
"""

from __future__ import annotations

import functools
import json
import lzma
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from armybuilder.catalogue.management.commands.load_history import (
    FORMER_NAMES,
    FULL_CATALOGUE,
    HISTORY,
)
from armybuilder.catalogue.models import Datasheet, FormerName


@functools.cache
def rows(path: Path) -> list[dict[str, Any]]:
    # Read once per session: each fixture takes seconds to decompress and parse.
    opener = lzma.open if path.suffix == ".xz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return json.load(handle)


def test_the_history_fixture_holds_its_facts_and_points_only_at_rows_it_or_the_final_has():
    # Read, not loaded: 131,000 rows take minutes to load; the facts and links are checked.
    final, history = rows(FULL_CATALOGUE), rows(HISTORY)
    pks: dict[str, set[int]] = defaultdict(set)
    for row in final + history:
        pks[row["model"]].add(row["pk"])
    releases = {r["pk"]: r["fields"] for r in history if r["model"] == "catalogue.pointsrelease"}
    assert len(releases) == 36
    assert not any(r["is_current"] for r in releases.values())
    assert all(r["is_published"] for r in releases.values())
    by_name = {r["name"]: pk for pk, r in releases.items()}
    assert releases[by_name["BSData 2023-07-01"]]["published"] == "2023-07-01"
    sheets = {
        (r["fields"]["faction"], r["fields"]["name"]): r["pk"]
        for r in final + history
        if r["model"] == "catalogue.datasheet"
    }
    tau = next(
        r["pk"]
        for r in final
        if r["model"] == "catalogue.faction" and r["fields"]["name"] == "T'au Empire"
    )
    stealth = sheets[(tau, "Stealth Battlesuits")]
    july = by_name["BSData 2024-07-01"]
    [size] = [
        r["fields"]
        for r in history
        if r["model"] == "catalogue.releaseunitsize"
        and (r["fields"]["release"], r["fields"]["datasheet"]) == (july, stealth)
    ]
    assert (size["min_models"], size["max_models"]) == (3, 6)
    assert sorted(
        (r["fields"]["models_count"], r["fields"]["points"])
        for r in history
        if r["model"] == "catalogue.unitprice"
        and (r["fields"]["release"], r["fields"]["datasheet"]) == (july, stealth)
    ) == [(3, 60), (6, 120)]
    plague = next(
        r["fields"]
        for r in history
        if r["model"] == "catalogue.detachment" and r["fields"]["name"] == "Plague Company"
    )
    assert releases[plague["last_release"]]["name"] == "BSData 2025-05-01"
    # Every link resolves to a row of one fixture or the other.
    links = {
        "release": "catalogue.pointsrelease",
        "last_release": "catalogue.pointsrelease",
        "datasheet": "catalogue.datasheet",
        "detachment": "catalogue.detachment",
        "enhancement": "catalogue.enhancement",
        "faction": "catalogue.faction",
        "ally": "catalogue.allyrule",
    }
    for row in history:
        for name, target in links.items():
            value = row["fields"].get(name)
            if value is not None:
                assert value in pks[target], (row["model"], row["pk"], name, value)


@pytest.mark.django_db
def test_the_former_names_fixture_fits_the_final_catalogue():
    assert HISTORY.exists() and FORMER_NAMES.exists()
    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    call_command("loaddata", str(FORMER_NAMES), verbosity=0)
    names = dict(FormerName.objects.values_list("name", "datasheet__name"))
    assert names["Myphitic Blight-haulers"] == "Myphitic Blight-hauler"
    assert names["Scourges"] == "Scourges with Heavy Weapons"
    # Only entries the final data still has: nothing here points at a retired row.
    assert not Datasheet.objects.filter(last_release__isnull=False).exists()


# (faction, datasheet, release, the sizes it states or None for none, its brackets)
OLDER_MONTHS = [
    # Models typed ``upgrade`` in the first snapshots are read as the unit's models.
    ("Space Marines", "Intercessor Squad", "BSData 2023-08-01", (5, 10), [(5, 95), (10, 190)]),
    ("Space Marines", "Eradicator Squad", "BSData 2023-08-01", (3, 6), [(3, 95), (6, 190)]),
    ("Chaos Daemons", "Bloodletters", "BSData 2023-08-01", (10, 10), [(10, 160)]),
    # A stub of its month (a name and one cost, no models) states no sizes or prices: the
    # final sizes apply and the next month's points price it.
    ("Astra Militarum", "Kasrkin", "BSData 2023-07-01", None, []),
]


@pytest.mark.parametrize(("faction", "name", "release", "size", "prices"), OLDER_MONTHS)
def test_older_months_state_the_sizes_their_data_gives(
    faction: str, name: str, release: str, size: tuple[int, int] | None, prices: list
) -> None:
    final, history = rows(FULL_CATALOGUE), rows(HISTORY)
    [faction_pk] = [
        r["pk"]
        for r in final
        if r["model"] == "catalogue.faction" and r["fields"]["name"] == faction
    ]
    [sheet] = [
        r["pk"]
        for r in final + history
        if r["model"] == "catalogue.datasheet"
        and (r["fields"]["faction"], r["fields"]["name"]) == (faction_pk, name)
    ]
    [month] = [
        r["pk"]
        for r in history
        if r["model"] == "catalogue.pointsrelease" and r["fields"]["name"] == release
    ]
    key = (month, sheet)
    sizes = [
        (r["fields"]["min_models"], r["fields"]["max_models"])
        for r in history
        if r["model"] == "catalogue.releaseunitsize"
        and (r["fields"]["release"], r["fields"]["datasheet"]) == key
    ]
    assert sizes == ([] if size is None else [size])
    assert (
        sorted(
            (r["fields"]["models_count"], r["fields"]["points"])
            for r in history
            if r["model"] == "catalogue.unitprice"
            and (r["fields"]["release"], r["fields"]["datasheet"]) == key
        )
        == prices
    )
