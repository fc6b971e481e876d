"""What the builder's picker offers: datasheet_refusal, faction_standing, allied_points.

The picker must refuse exactly what FACTION_KEYWORD and DETACHMENT_UNIT_RULE would flag,
so each case also adds the datasheet to the army and checks that validate agrees.
"""

from __future__ import annotations

import pytest

from armybuilder.rules import (
    allied_points,
    codes,
    datasheet_refusal,
    faction_standing,
    get_profile,
    validate,
)
from armybuilder.rules.model import Allowance, Datasheet
from tests.rules.factories import (
    AGENTS,
    BLOODLETTERS,
    CAPTAIN,
    INQUISITOR,
    INTERCESSORS,
    LAND_RAIDER,
    WOLF_GUARD,
    army,
    detachment,
    unit,
)

AGENTS_ALLOWED = (Allowance(AGENTS, points_cap=110),)
NO_LAND_RAIDERS = (detachment(forbidden_datasheets={"Land Raider"}),)


@pytest.mark.parametrize(
    ("sheet", "allies", "excluded", "detachments", "refused", "ally", "code"),
    [
        pytest.param(INTERCESSORS, (), (), None, False, None, None, id="own faction offered"),
        pytest.param(
            BLOODLETTERS,
            (),
            (),
            None,
            True,
            None,
            codes.FACTION_KEYWORD,
            id="FACTION_KEYWORD: no allowance covers Bloodletters",
        ),
        pytest.param(
            INQUISITOR,
            AGENTS_ALLOWED,
            (),
            None,
            False,
            AGENTS_ALLOWED[0],
            None,
            id="FACTION_KEYWORD: an Inquisitor comes in as an AGENTS ally",
        ),
        pytest.param(
            INQUISITOR,
            (),
            (),
            None,
            True,
            None,
            codes.FACTION_KEYWORD,
            id="FACTION_KEYWORD: boundary, the same Inquisitor without the allowance",
        ),
        pytest.param(
            WOLF_GUARD,
            (),
            {"SPACE WOLVES"},
            None,
            True,
            None,
            codes.FACTION_KEYWORD,
            id="FACTION_KEYWORD: another chapter's unit is refused",
        ),
        pytest.param(
            LAND_RAIDER,
            (),
            (),
            NO_LAND_RAIDERS,
            True,
            None,
            codes.DETACHMENT_UNIT_RULE,
            id="DETACHMENT_UNIT_RULE: a datasheet the detachment forbids",
        ),
    ],
)
def test_picker_refuses_what_validate_would_flag(
    sheet: Datasheet,
    allies: tuple[Allowance, ...],
    excluded: set[str],
    detachments: tuple[object, ...] | None,
    refused: bool,
    ally: Allowance | None,
    code: str | None,
) -> None:
    base = army(
        unit("c1", CAPTAIN, warlord=True),
        allies=allies,
        excluded=excluded,
        detachments=detachments,  # type: ignore[arg-type]
    )
    assert bool(datasheet_refusal(base, sheet)) is refused
    assert faction_standing(base, sheet)[1] == ally
    with_it = army(
        unit("c1", CAPTAIN, warlord=True),
        unit("x1", sheet),
        allies=allies,
        excluded=excluded,
        detachments=detachments,  # type: ignore[arg-type]
    )
    flagged = {v.code for v in validate(with_it).violations if "x1" in v.unit_ids}
    assert (code in flagged) if code else not flagged & {codes.FACTION_KEYWORD}


def test_allied_points_lists_every_allowance_with_what_it_spends() -> None:
    unused = Allowance("LEGIONES DAEMONICA", points_cap=500)
    built = army(
        unit("c1", CAPTAIN, warlord=True),
        unit("q1", INQUISITOR),
        allies=(*AGENTS_ALLOWED, unused),
    )
    assert allied_points(built) == {AGENTS_ALLOWED[0]: 55, unused: 0}


@pytest.mark.parametrize(
    ("profile", "allowed"),
    [
        pytest.param("core-10", True, id="core-10 lists Legends"),
        pytest.param("matched-10", False, id="LEGENDS: matched-10 does not"),
        pytest.param("nine-10", True, id="nine-10 follows core-10"),
    ],
)
def test_legends_allowed_per_profile(profile: str, allowed: bool) -> None:
    assert get_profile(profile).legends_allowed() is allowed


@pytest.mark.parametrize(
    ("used", "refused"),
    [
        pytest.param(110, False, id="FACTION_KEYWORD: allies at exactly their 110 pts cap"),
        pytest.param(111, True, id="FACTION_KEYWORD: one point over the cap"),
    ],
)
def test_ally_cap_refusal_is_the_cap_check_itself(used: int, refused: bool) -> None:
    from armybuilder.rules import ally_cap_refusal

    assert bool(ally_cap_refusal(AGENTS_ALLOWED[0], used, "Inquisitor")) is refused
    assert ally_cap_refusal(Allowance(AGENTS), 10_000, "Inquisitor") == ""
