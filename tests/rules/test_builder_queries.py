"""The questions the builder page asks the core, answered by the same checks validate runs."""

from __future__ import annotations

import pytest

from armybuilder.rules import (
    can_be_warlord,
    can_carry,
    can_deep_strike,
    codes,
    datasheet_limit,
    enhancement_problems,
    enhancement_refusal,
    leader_refusal,
    may_start_in_reserves,
    validate,
)
from armybuilder.rules.model import BattleSize, WarlordRule
from tests.rules.factories import (
    CALGAR,
    CAPTAIN,
    CHAMPION,
    FORWARD_OPERATIVES,
    HELLBLASTERS,
    INTERCESSORS,
    LAND_RAIDER,
    RHINO,
    TERMINATORS,
    army,
    declaration,
    detachment,
    enhancement,
    sheet,
    unit,
)

ARMOUR = enhancement("Artificer Armour", 10)


@pytest.mark.parametrize(
    "datasheet, size, profile, battleline_grant, expected",
    [
        pytest.param(
            HELLBLASTERS, BattleSize.STRIKE_FORCE, "core-10", (), 3, id="DATASHEET_LIMIT-normal-3"
        ),
        pytest.param(
            INTERCESSORS,
            BattleSize.STRIKE_FORCE,
            "core-10",
            (),
            6,
            id="DATASHEET_LIMIT-battleline-6",
        ),
        pytest.param(
            RHINO,
            BattleSize.STRIKE_FORCE,
            "core-10",
            (),
            6,
            id="DATASHEET_LIMIT-dedicated-transport-6",
        ),
        pytest.param(
            HELLBLASTERS,
            BattleSize.STRIKE_FORCE,
            "core-10",
            ("Hellblaster Squad",),
            6,
            id="DATASHEET_LIMIT-battleline-from-detachment-6",
        ),
        pytest.param(
            HELLBLASTERS,
            BattleSize.INCURSION,
            "matched-10",
            (),
            2,
            id="DATASHEET_LIMIT-matched-incursion-2",
        ),
        pytest.param(
            INTERCESSORS,
            BattleSize.INCURSION,
            "matched-10",
            (),
            4,
            id="DATASHEET_LIMIT-matched-incursion-battleline-4",
        ),
        pytest.param(
            CALGAR, BattleSize.STRIKE_FORCE, "core-10", (), 1, id="DATASHEET_LIMIT-data-limit-1"
        ),
    ],
)
def test_datasheet_limit_matches_what_validate_enforces(
    datasheet, size, profile, battleline_grant, expected
):
    grant = detachment(battleline=battleline_grant)
    empty = army(size=size, detachments=[grant])
    assert datasheet_limit(empty, datasheet, profile) == expected
    at_limit = army(
        *[unit(f"u{i}", datasheet) for i in range(expected)], size=size, detachments=[grant]
    )
    over = army(
        *[unit(f"u{i}", datasheet) for i in range(expected + 1)], size=size, detachments=[grant]
    )
    limit_codes = {codes.DATASHEET_LIMIT, codes.EPIC_HERO_DUPLICATE}
    assert not limit_codes & set(validate(at_limit, profile=profile).codes())
    assert limit_codes & set(validate(over, profile=profile).codes())


@pytest.mark.parametrize(
    "bearer, enh, expected",
    [
        pytest.param(CAPTAIN, ARMOUR, [], id="ENHANCEMENT_NOT_CHARACTER-character-may"),
        pytest.param(
            INTERCESSORS,
            ARMOUR,
            [codes.ENHANCEMENT_NOT_CHARACTER],
            id="ENHANCEMENT_NOT_CHARACTER-squad",
        ),
        pytest.param(CALGAR, ARMOUR, [codes.ENHANCEMENT_EPIC_HERO], id="ENHANCEMENT_EPIC_HERO"),
        pytest.param(
            CAPTAIN,
            CHAMPION,
            [codes.ENHANCEMENT_DETACHMENT],
            id="ENHANCEMENT_DETACHMENT-other-detachment",
        ),
        pytest.param(
            CAPTAIN,
            FORWARD_OPERATIVES,
            [codes.ENHANCEMENT_RESTRICTED],
            id="ENHANCEMENT_RESTRICTED-keywords",
        ),
    ],
)
def test_enhancement_problems_match_validate(bearer, enh, expected):
    candidate = unit("c", bearer, None, enh)
    found = [v.code for v in enhancement_problems(candidate, enh, detachment())]
    assert found == expected
    per_unit = {
        v.code for v in validate(army(candidate)).violations if v.code.startswith("ENHANCEMENT")
    }
    assert per_unit == set(expected)


@pytest.mark.parametrize(
    "bearer, message",
    [
        pytest.param(CAPTAIN, "", id="ENHANCEMENT_NOT_CHARACTER-captain-takes-one"),
        pytest.param(
            INTERCESSORS,
            codes.MSG_REFUSE_NOT_CHARACTER.text,
            id="ENHANCEMENT_NOT_CHARACTER-refused",
        ),
        pytest.param(CALGAR, codes.MSG_REFUSE_EPIC_HERO.text, id="ENHANCEMENT_EPIC_HERO-refused"),
    ],
)
def test_enhancement_refusal(bearer, message):
    assert enhancement_refusal(unit("u", bearer)) == message


@pytest.mark.parametrize(
    "datasheet, expected",
    [
        pytest.param(CAPTAIN, True, id="WARLORD-character"),
        pytest.param(INTERCESSORS, False, id="WARLORD-not-character"),
        pytest.param(
            sheet("Servitor Boss", "INFANTRY", "CHARACTER", warlord=WarlordRule.CANNOT),
            False,
            id="WARLORD-cannot",
        ),
    ],
)
def test_can_be_warlord(datasheet, expected):
    assert can_be_warlord(unit("u", datasheet)) is expected


# The wizard's questions: each predicate is the one the matching check uses.

HAMMERFALL = sheet("Hammerfall Bunker", "FORTIFICATION", "VEHICLE", points=175)


@pytest.mark.parametrize(
    "leader, bodyguard, refused",
    [
        pytest.param(CAPTAIN, INTERCESSORS, False, id="LEADER_NOT_ELIGIBLE-listed"),
        pytest.param(CAPTAIN, RHINO, True, id="LEADER_NOT_ELIGIBLE-not-listed"),
        pytest.param(INTERCESSORS, INTERCESSORS, True, id="LEADER_NOT_ELIGIBLE-not-character"),
    ],
)
def test_leader_refusal_agrees_with_validate(leader, bodyguard, refused):
    lead, guard = unit("l", leader), unit("b", bodyguard)
    assert (leader_refusal(lead, guard) is not None) is refused
    found = validate(army(lead, guard), declaration(attach=[("l", "b")])).codes()
    assert (codes.LEADER_NOT_ELIGIBLE in found) is refused


@pytest.mark.parametrize(
    "transport, members, carried",
    [
        pytest.param(
            RHINO, [CAPTAIN, INTERCESSORS], True, id="TRANSPORT_NOT_ALLOWED-rhino-infantry"
        ),
        pytest.param(RHINO, [TERMINATORS], False, id="TRANSPORT_NOT_ALLOWED-no-terminators"),
        pytest.param(LAND_RAIDER, [TERMINATORS], True, id="TRANSPORT_NOT_ALLOWED-land-raider"),
        pytest.param(INTERCESSORS, [CAPTAIN], False, id="TRANSPORT_NOT_TRANSPORT"),
    ],
)
def test_can_carry_agrees_with_validate(transport, members, carried):
    carrier = unit("t", transport)
    riders = [unit(f"m{i}", sheet_) for i, sheet_ in enumerate(members)]
    assert can_carry(carrier, riders) is carried
    attach = [("m0", "m1")] if len(riders) == 2 else []
    decl = declaration(attach=attach, embark=[(r.id, "t") for r in riders])
    found = set(validate(army(carrier, *riders), decl).codes())
    assert bool(found & {codes.TRANSPORT_NOT_ALLOWED, codes.TRANSPORT_NOT_TRANSPORT}) is not carried


@pytest.mark.parametrize(
    "members, allowed",
    [
        pytest.param([TERMINATORS], True, id="DEEP_STRIKE_INELIGIBLE-all-have-it"),
        pytest.param([CAPTAIN, TERMINATORS], False, id="DEEP_STRIKE_INELIGIBLE-leader-lacks-it"),
    ],
)
def test_can_deep_strike(members, allowed):
    assert can_deep_strike([unit(f"u{i}", s) for i, s in enumerate(members)]) is allowed


@pytest.mark.parametrize(
    "datasheet, allowed",
    [
        pytest.param(HAMMERFALL, False, id="FORTIFICATION_RESERVE-fortification"),
        pytest.param(INTERCESSORS, True, id="FORTIFICATION_RESERVE-squad"),
    ],
)
def test_may_start_in_reserves(datasheet, allowed):
    assert may_start_in_reserves(unit("u", datasheet)) is allowed


@pytest.mark.parametrize(
    "profile, deadline",
    [
        pytest.param("core-10", None, id="STRATEGIC_RESERVES_CAP-core-end-of-battle"),
        pytest.param("matched-10", 3, id="RESERVES_UNITS_CAP-matched-end-of-round-3"),
        pytest.param("nine-10", 3, id="RESERVES_POWER_CAP-nine-end-of-round-3"),
    ],
)
def test_reserves_deadline_by_profile(profile, deadline):
    from armybuilder.rules import get_profile

    assert get_profile(profile).reserves_deadline_round() == deadline
