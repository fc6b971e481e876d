"""One model type BSData states as several same-name entries (bsdata_wargear.wargear_of):
merged where each entry's count is known (an Iron-master's three E-COGs, each with its own
tool; two Tomb Crawlers; Lesk's Heroes), left alone where they are size variants of unknown
count (a squad of ten stated apart from a squad of twenty)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.catalogue.test_bsdata_wargear import ONE_EACH, STATS, read, weapon


def entry(mid: str, name: str, *weapons: tuple[str, str]) -> str:
    gear = "".join(weapon(wid, label, per_model=ONE_EACH.format(wid)) for wid, label in weapons)
    return (
        f'<selectionEntry type="model" name="{name}" id="{mid}">'
        f"<selectionEntries>{gear}</selectionEntries>{STATS.format(name=name)}</selectionEntry>"
    )


def unit(*entries: str) -> str:
    return f"<selectionEntries>{''.join(entries)}</selectionEntries>"


E_COGS = unit(
    entry("m1", "Iron-master", ("w1", "Graviton hammer")),
    entry("m2", "E-COG", ("w2", "Bolt pistol"), ("w3", "Close combat weapon")),
    entry("m3", "E-COG", ("w4", "Plasma torch"), ("w3b", "Close combat weapon")),
    entry("m4", "E-COG", ("w5", "Manipulator arms"), ("w3c", "Close combat weapon")),
)
VARIANTS = unit(
    entry("m1", "Trooper", ("w1", "Lasgun")),
    entry("m2", "Trooper", ("w2", "Flamer")),
)


def types(wargear: dict[str, Any]) -> dict[str, tuple[int, int, dict[str, tuple[int, Any]]]]:
    return {
        m["name"]: (
            m["min"],
            m["max"],
            {g["name"]: (g["min"], g.get("unit_max")) for g in m["groups"]},
        )
        for m in wargear["model_types"]
    }


# (unit body, model counts by entry id, {type: (min, max, {group: (min, unit_max)})})
CASES = [
    pytest.param(
        E_COGS,
        {"m1": (1, 1), "m2": (1, 1), "m3": (1, 1), "m4": (1, 1)},
        {
            "Iron-master": (1, 1, {"Graviton hammer": (1, None)}),
            "E-COG": (
                3,
                3,
                {
                    # Every E-COG has a close combat weapon; one each the other tools.
                    "Close combat weapon": (1, None),
                    "Bolt pistol": (0, 1),
                    "Plasma torch": (0, 1),
                    "Manipulator arms": (0, 1),
                },
            ),
        },
        id="known-counts-merged",
    ),
    pytest.param(
        VARIANTS,
        {"m1": (0, 10), "m2": (0, 8)},
        {"Trooper": (0, 10, {"Lasgun": (0, 10), "Flamer": (0, 8)})},
        id="known-ranges-merged-within-the-units-size",
    ),
    pytest.param(
        VARIANTS,
        {},
        {"Trooper": (0, 10, {"Lasgun": (1, None)})},
        id="unknown-counts-first-entry-only",
    ),
]


@pytest.mark.parametrize(("body", "bounds", "expected"), CASES)
def test_same_name_model_entries(body: str, bounds, expected) -> None:
    assert types(read(body, bounds)) == expected
