"""Wargear across the monthly snapshots (bsdata_history_wargear): former option names by
BSData id, and runs of older wargear that differ from the final data, on plain dicts."""

from __future__ import annotations

from datetime import date
from itertools import pairwise
from typing import Any

import pytest

from armybuilder.catalogue.importers.bsdata_history_wargear import WargearHistory
from armybuilder.catalogue.models_wargear import Version, wargear_as_of

JUL, AUG, SEP, OCT, FINAL = (date(2024, m, 1) for m in (7, 8, 9, 10, 11))


def gear(*options: str, ids: dict[str, list[str]] | None = None) -> dict[str, Any]:
    groups = [{"name": "Weapon", "options": list(options), "min": 1, "max": 1}]
    return {
        "model_types": [{"name": "Marine", "min": 1, "max": 5, "stats": [], "groups": groups}],
        "fill": "Marine",
        "option_ids": ids or {o: [f"id-{o.lower()}"] for o in options},
    }


def run(snapshots: list[tuple[date, dict[str, Any]]]) -> WargearHistory:
    """Feed the snapshots newest first, as the history import does."""
    found = WargearHistory()
    found.final(1, gear("Chainblade", "Bolt pistol", ids={"Chainblade": ["id-old"]}))
    days = [day for day, _ in snapshots] + [FINAL]
    until = dict(pairwise(days))
    for day, wargear in sorted(snapshots, key=lambda s: s[0], reverse=True):
        found.snapshot(1, day, until[day], wargear)
    return found


def test_a_name_seen_under_the_final_option_id_is_its_former_name() -> None:
    older = gear("Berserker chainblade", ids={"Berserker chainblade": ["id-old"]})
    found = run([(JUL, older), (AUG, older)])
    # The newest day it was seen.
    assert found.former_names() == {(1, "Chainblade", "Berserker chainblade"): {"last_seen": AUG}}


@pytest.mark.parametrize(
    ("older", "renamed"),
    [
        pytest.param({"Chainblade": ["id-old"]}, False, id="the same name: not a former name"),
        pytest.param({"CHAINBLADE": ["id-old"]}, False, id="boundary: a change of case only"),
        pytest.param({"Chain axe": ["id-new"]}, False, id="another id: another option"),
    ],
)
def test_what_is_not_a_former_name(older: dict[str, list[str]], renamed: bool) -> None:
    found = run([(JUL, gear(*older, ids=older))])
    assert bool(found.former_names()) is renamed


def test_older_wargear_runs_of_months_that_differ_from_the_final_data() -> None:
    final = gear("Chainblade", "Bolt pistol", ids={"Chainblade": ["id-old"]})
    old = gear("Chainblade", "Battlesuit support system")
    found = run([(JUL, old), (AUG, old), (SEP, final), (OCT, old)])
    versions = found.versions()
    # July and August are one run; September equals the final data; October its own.
    assert sorted((since, row["until"]) for (_, since), row in versions.items()) == [
        (JUL, SEP),
        (OCT, FINAL),
    ]
    rows = tuple(
        Version(since, row["until"], row["model_types"], row["fill"])
        for (_, since), row in sorted(versions.items())
    )
    assert wargear_as_of(rows, date(2024, 8, 15)) == rows[0]
    assert wargear_as_of(rows, date(2024, 9, 15)) is None  # the final data's
    assert wargear_as_of(rows, date(2024, 10, 31)) == rows[1]
    assert wargear_as_of(rows, FINAL) is None
    assert wargear_as_of(rows, None) is None
