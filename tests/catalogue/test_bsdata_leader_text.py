"""Leader abilities give Bodyguard names; names resolve own faction first, then parents."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.importers.leader_text import (
    parse_extra_leaders,
    parse_leader_targets,
    resolve_name,
)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "This model can be attached to the following units:\n\n■ Assault Intercessor Squad\n"
            "■ Bladeguard Veteran Squad*\n■ Intercessor Squad\n\n* A footnote about wargear.",
            ("Assault Intercessor Squad", "Bladeguard Veteran Squad", "Intercessor Squad"),
        ),
        (
            "This model can be attached to the following unit: ^^**Bloodcrushers**^^",
            ("Bloodcrushers",),
        ),
        (
            "This unit can be attached to the following units: ^^**Infractors, Noise Marines, "
            "Tormentors**^^",
            ("Infractors", "Noise Marines", "Tormentors"),
        ),
        (
            "This model can be attached to the following units:\n- **^^Gargoyles^^**\n"
            "- **^^Tyranid Warriors With Melee Bio-Weapons^^**",
            ("Gargoyles", "Tyranid Warriors With Melee Bio-Weapons"),
        ),
        (
            "This model can be attached to the following units: ■ Crusader Squad ■ Sword "
            "Brethren Squad You can attach this model to one of the above units even if one "
            "Captain model has already been attached to it.",
            ("Crusader Squad", "Sword Brethren Squad"),
        ),
        (
            "This model can be attached to the following units: ^^**Emperor's Children "
            "Terminator Squad; Noise Marines^^**",
            ("Emperor's Children Terminator Squad", "Noise Marines"),
        ),
        (
            "This model can lead the following unit: ^^**Scarab Occult Terminators**^^",
            ("Scarab Occult Terminators",),
        ),
        (
            "This model can be attached to the following units:\n■ DEATHWATCH KILL TEAM "
            "(including FORTIS KILL TEAM)\n■ DAEMONHOST",
            ("DEATHWATCH KILL TEAM", "DAEMONHOST"),
        ),
    ],
)
def test_leader_names(text: str, names: tuple[str, ...]) -> None:
    assert parse_leader_targets(text).names == names


def test_joining_a_led_unit() -> None:
    joins = parse_leader_targets(
        "This model can be attached to the following unit: Reiver Squad You can attach this "
        "model a unit it can lead even if one Captain or Chapter Master model has already been "
        "attached to it."
    )
    plain = parse_leader_targets("This model can be attached to the following unit: Reiver Squad")
    assert joins.joins_led_unit and not plain.joins_led_unit


def test_extra_leaders_from_bodyguard_text() -> None:
    assert parse_extra_leaders("This unit can have up to two Leader units attached to it.") == 1
    assert parse_extra_leaders("Some other ability.") == 0


def test_resolution_prefers_earlier_sets_and_tolerates_plurals() -> None:
    own = ["Battle Squad", "Heavy Squad"]
    parent = ["Battle Squad", "Intercessor Squad"]
    assert resolve_name("Battle Squad", own, parent) == (0, "Battle Squad")
    assert resolve_name("Intercessor Squad", own, parent) == (1, "Intercessor Squad")
    assert resolve_name("BATTLE SQUADS", own) == (0, "Battle Squad")
    assert resolve_name("Sternguard Veterans Squad", ["Sternguard Veteran Squad"]) == (
        0,
        "Sternguard Veteran Squad",
    )
    assert resolve_name("Mystery Squad", own, parent) is None
