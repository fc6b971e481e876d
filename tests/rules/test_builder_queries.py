"""The questions the builder page asks the core, answered by the same checks validate runs."""

from __future__ import annotations

import pytest

from armybuilder.rules import (
    can_be_warlord,
    codes,
    datasheet_limit,
    enhancement_problems,
    enhancement_refusal,
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
    RHINO,
    army,
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
            INTERCESSORS, codes.MSG_REFUSE_NOT_CHARACTER, id="ENHANCEMENT_NOT_CHARACTER-refused"
        ),
        pytest.param(CALGAR, codes.MSG_REFUSE_EPIC_HERO, id="ENHANCEMENT_EPIC_HERO-refused"),
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
