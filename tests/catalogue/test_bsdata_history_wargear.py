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


STUB = None  # a month stating the row as a stub: a name and one cost, no models


@pytest.mark.parametrize(
    ("months", "expected"),
    [
        pytest.param(
            [(JUL, STUB), (AUG, "old")],
            [(JUL, OCT)],
            id="a stub month holds the next month's older wargear",
        ),
        pytest.param(
            [(JUL, STUB), (AUG, "final"), (SEP, "old")],
            [(SEP, OCT)],
            id="boundary: the next month is the final data's, so the stub month is too",
        ),
        pytest.param(
            [(JUL, STUB), (AUG, STUB), (SEP, "old")],
            [(JUL, OCT)],
            id="two stub months in a row both hold it",
        ),
    ],
)
def test_a_stub_month_is_checked_against_the_next_months_wargear(
    months: list[tuple[date, str | None]], expected: list[tuple[date, date]]
) -> None:
    # Death Korps of Krieg of July 2023: a stub, then August's own weapon options.
    values = {
        "old": gear("Chainblade", "Battlesuit support system"),
        "final": gear("Chainblade", "Bolt pistol", ids={"Chainblade": ["id-old"]}),
    }
    found = WargearHistory()
    found.final(1, values["final"])
    days = [day for day, _ in months] + [OCT, FINAL]
    until = dict(pairwise(days))
    for day, kind in sorted(months, key=lambda m: m[0], reverse=True):
        if kind is None:
            found.stub(1, day, until[day])
        else:
            found.snapshot(1, day, until[day], values[kind])
    runs = sorted((since, row["until"]) for (_, since), row in found.versions().items())
    assert runs == expected


@pytest.mark.parametrize(
    ("august_since", "expected"),
    [
        pytest.param(AUG, "august", id="a stored stub month reads the month right after it"),
        pytest.param(SEP, None, id="boundary: a month between is the final data's"),
    ],
)
def test_a_stored_stub_reads_the_data_nearest_after_it(
    august_since: date, expected: str | None
) -> None:
    one = [{"name": "Kasrkin", "min": 1, "max": 1, "stats": [], "groups": []}]
    stub = Version(JUL, AUG, one, "Kasrkin")
    later = Version(august_since, OCT, gear("Hot-shot lasgun")["model_types"], "Marine")
    found = wargear_as_of((stub, later), date(2024, 7, 14))
    assert found == (later if expected else None)


def test_a_month_stating_no_wargear_holds_the_next_months() -> None:
    found = WargearHistory()
    found.final(1, gear("Chainblade", "Bolt pistol", ids={"Chainblade": ["id-old"]}))
    found.snapshot(1, AUG, SEP, gear("Chainblade", "Battlesuit support system"))
    found.snapshot(1, JUL, AUG, {})
    assert [since for _, since in found.versions()] == [JUL]
