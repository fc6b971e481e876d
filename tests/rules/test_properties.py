"""Properties of the pure core, checked by hypothesis over generated armies and declarations."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from armybuilder.rules import PROFILES, codes, unit_points, validate
from armybuilder.rules.model import (
    Allowance,
    Army,
    BattleSize,
    Declaration,
    Placement,
    Severity,
)
from tests.rules.factories import (
    AGENTS,
    APOTHECARY,
    ARTIFICER_ARMOUR,
    ASSAULT_JP,
    BLOODLETTERS,
    CALGAR,
    CAPTAIN,
    CHAMPION,
    FIRE_DISCIPLINE,
    FIRESTORM,
    FORWARD_OPERATIVES,
    HAMMERFALL,
    HELLBLASTERS,
    HONOUR_VEHEMENT,
    INQUISITOR,
    INTERCESSORS,
    JUMP_CAPTAIN,
    KNIGHT,
    LAND_RAIDER,
    LIEUTENANT,
    REDEMPTOR,
    RHINO,
    STORMHAWK,
    STORMRAVEN,
    TERMINATOR_CAPTAIN,
    TERMINATORS,
    army,
    detachment,
    unit,
)

PALETTE = (
    INTERCESSORS,
    HELLBLASTERS,
    ASSAULT_JP,
    TERMINATORS,
    CAPTAIN,
    JUMP_CAPTAIN,
    TERMINATOR_CAPTAIN,
    LIEUTENANT,
    APOTHECARY,
    CALGAR,
    RHINO,
    LAND_RAIDER,
    STORMRAVEN,
    STORMHAWK,
    HAMMERFALL,
    REDEMPTOR,
    KNIGHT,
    INQUISITOR,
    BLOODLETTERS,
    replace(INTERCESSORS, name="Primaris Crusader Squad", power=None),
)
ENHANCEMENTS = (ARTIFICER_ARMOUR, HONOUR_VEHEMENT, FIRE_DISCIPLINE, CHAMPION, FORWARD_OPERATIVES)
DETACHMENTS = ((), (detachment(),), (detachment(FIRESTORM),), (detachment(), detachment(FIRESTORM)))


@st.composite
def armies(draw: st.DrawFn) -> Army:
    units = []
    for index in range(draw(st.integers(0, 16))):
        sheet = draw(st.sampled_from(PALETTE))
        models = draw(st.integers(max(0, sheet.min_models - 1), sheet.max_models + 1))
        taken = draw(st.lists(st.sampled_from(ENHANCEMENTS), max_size=2))
        options = draw(
            st.lists(st.tuples(st.just("Relic"), st.integers(0, 40), st.integers(1, 3)), max_size=1)
        )
        units.append(
            unit(f"u{index}", sheet, models, *taken, warlord=draw(st.booleans()), options=options)
        )
    return army(
        *units,
        size=draw(st.sampled_from(BattleSize)),
        detachments=draw(st.sampled_from(DETACHMENTS)),
        allies=draw(st.sampled_from(((), (Allowance(AGENTS, 100),)))),
    )


@st.composite
def declarations(draw: st.DrawFn, built: Army) -> Declaration:
    uid = st.sampled_from([u.id for u in built.units] + ["ghost"])
    pairs = st.lists(st.tuples(uid, uid), max_size=6)
    return Declaration(
        hover=frozenset(draw(st.lists(uid, max_size=3))),
        attachments=tuple(draw(pairs)),
        embarkations=tuple(draw(pairs)),
        placements=tuple(draw(st.lists(st.tuples(uid, st.sampled_from(Placement)), max_size=8))),
        final=draw(st.booleans()),
    )


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[Army, Declaration | None, str]:
    built = draw(armies())
    decl = draw(st.none() | declarations(built))
    return built, decl, draw(st.sampled_from(sorted(PROFILES)))


@given(scenarios())
@settings(max_examples=150, deadline=None)
def test_points_are_the_sum_of_unit_prices(scenario: tuple[Army, Declaration | None, str]) -> None:
    built, decl, profile = scenario
    result = validate(built, decl, profile)
    assert result.points == sum(result.unit_points.values())
    assert dict(result.unit_points) == {u.id: unit_points(u) for u in built.units}


@given(scenarios(), st.data())
@settings(max_examples=150, deadline=None)
def test_removing_a_unit_never_adds_a_points_limit_violation(
    scenario: tuple[Army, Declaration | None, str], data: st.DataObject
) -> None:
    built, decl, profile = scenario
    if not built.units:
        return
    index = data.draw(st.integers(0, len(built.units) - 1))
    smaller = replace(built, units=built.units[:index] + built.units[index + 1 :])
    before = validate(built, decl, profile)
    after = validate(smaller, decl, profile)
    assert after.points <= before.points
    if codes.POINTS_LIMIT not in before.codes():
        assert codes.POINTS_LIMIT not in after.codes()


@given(scenarios(), st.data())
@settings(max_examples=200, deadline=None)
def test_result_does_not_depend_on_unit_order(
    scenario: tuple[Army, Declaration | None, str], data: st.DataObject
) -> None:
    built, decl, profile = scenario
    shuffled = replace(built, units=tuple(data.draw(st.permutations(built.units))))
    first = validate(built, decl, profile)
    assert validate(built, decl, profile) == first
    assert validate(shuffled, decl, profile) == first
    assert list(validate(shuffled, decl, profile).unit_points) == list(first.unit_points)


@given(scenarios())
@settings(max_examples=150, deadline=None)
def test_violations_are_well_formed_and_sorted(
    scenario: tuple[Army, Declaration | None, str],
) -> None:
    built, decl, profile = scenario
    result = validate(built, decl, profile)
    order = [codes.CODE_ORDER[v.code] for v in result.violations]
    assert order == sorted(order)
    for found in result.violations:
        assert found.unit_ids == tuple(sorted(set(found.unit_ids)))
        assert found.message
        if found.severity is Severity.WARNING:
            assert found.code in {codes.DEDICATED_TRANSPORT_EMPTY, codes.RESERVES_POWER_CAP}
    if decl is None:
        assert result.meters == ()
    # Every meter over its cap (with something in it) is an error of its code, and only then.
    for meter in result.meters:
        reported = any(v.code == meter.code for v in result.errors)
        assert reported == (meter.over and meter.used > 0)
