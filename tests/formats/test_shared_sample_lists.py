"""The real exports in ../shared/samples/lists, read against the catalogue entries they name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.formats.helpers import read, summary

pytestmark = [pytest.mark.django_db, pytest.mark.shared]


def sample(samples_dir: Path, name: str) -> str:
    return (samples_dir / name).read_text(encoding="utf-8")


def test_official_app_space_wolves_v129(samples_dir, catalogue, release):
    resolved = read(
        sample(samples_dir, "gwapp10e_spacewolves_stormlance_1985_app1.29.txt"), release
    )
    assert resolved.problems == []
    assert (resolved.parsed.name, resolved.parsed.stated_points) == ("Boop", 1985)
    assert (resolved.faction, resolved.detachment) == ("Space Wolves", "Stormlance Task Force")
    units = summary(resolved)
    assert len(units) == 14
    assert ("Logan Grimnar on Stormrider", 1, True, None) in units
    assert ("Wolf Lord on Thunderwolf", 1, False, "Fury of the Storm") in units
    assert units.count(("Thunderwolf Cavalry", 6, False, None)) == 3
    assert ("Infiltrator Squad", 5, False, None) in units


def test_official_app_world_eaters_v140(samples_dir, catalogue, release):
    resolved = read(sample(samples_dir, "gwapp10e_worldeaters_berzerker_1995_app1.40.txt"), release)
    assert resolved.problems == []
    assert (resolved.faction, resolved.detachment) == ("World Eaters", "Berzerker Warband")
    units = summary(resolved)
    assert len(units) == 16
    assert units[0] == ("Daemon Prince of Khorne", 1, True, "Helm of Brazen Ire")
    assert {u[0]: u[1] for u in units} == {
        "Daemon Prince of Khorne": 1,
        "Khârn the Betrayer": 1,
        "Master of Executions": 1,
        "Slaughterbound": 1,
        "Khorne Berzerkers": 10,
        "Chaos Rhino": 1,
        "Chaos Spawn": 2,
        "Eightbound": 3,
        "Forgefiend": 1,
        "Jakhals": 10,
        "Maulerfiend": 1,
    }


def test_new_recruit_wtc_world_eaters(samples_dir, catalogue, release):
    resolved = read(sample(samples_dir, "nr10e_wtc_worldeaters_berzerker_1990.txt"), release)
    assert resolved.problems == []
    assert resolved.parsed.format == "nr_wtc"
    assert resolved.parsed.stated_points == 1990
    units = summary(resolved)
    assert len(units) == 16
    # The header puts Favoured of Khorne "on Char1", which is Khârn in the body: by name,
    # it belongs to the Daemon Prince.
    assert units[:4] == [
        ("Khârn the Betrayer", 1, False, None),
        ("Daemon Prince of Khorne", 1, True, "Favoured of Khorne"),
        ("Master of Executions", 1, False, "Berzerker Glaive"),
        ("Slaughterbound", 1, False, "Battle-lust"),
    ]
