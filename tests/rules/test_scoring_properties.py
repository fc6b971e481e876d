"""Properties of scoring, checked by hypothesis over generated battle records."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from armybuilder.rules.scoring import (
    SCORING_PROFILES,
    BattleRecord,
    BattleUnit,
    ScoreResult,
    Side,
    UnitState,
    score,
)


@st.composite
def sides(draw: st.DrawFn, prefix: str) -> Side:
    units = tuple(
        BattleUnit(
            id=f"{prefix}{i}",
            name=f"Unit {i}",
            points=draw(st.integers(0, 400)),
            models=draw(st.integers(1, 20)),
            can_be_damaged=draw(st.booleans()),
        )
        for i in range(draw(st.integers(0, 5)))
    )
    # States may name units of either side, so UNIT_STATE is exercised too.
    ids = [u.id for u in units] + ["a0", "b0"]
    states = draw(
        st.lists(st.tuples(st.sampled_from(ids), st.sampled_from(list(UnitState))), max_size=6)
    )
    rounds = draw(st.dictionaries(st.integers(0, 8), st.integers(-2, 60), max_size=7))
    return Side(
        name=prefix,
        units=units,
        rounds=tuple(rounds.items()),
        unit_states=tuple(states),
        secondaries=tuple("s" for _ in range(draw(st.integers(0, 4)))),
        painted=draw(st.booleans()),
        army_destroyed=draw(st.booleans()),
    )


records = st.builds(
    lambda a, b, size: BattleRecord(battle_size=size, sides=(a, b)),
    sides("a"),
    sides("b"),
    st.sampled_from([500, 1000, 2000, 2500, 3000]),
)
profiles = st.sampled_from(sorted(SCORING_PROFILES))


def _swapped(result: ScoreResult) -> ScoreResult:
    """The result as it should read with the two sides exchanged."""
    level = result.victory_level
    if level is not None:
        level = replace(
            level,
            points=(level.points[1], level.points[0]),
            secondary_side=None if level.secondary_side is None else 1 - level.secondary_side,
        )
    return replace(
        result,
        sides=(result.sides[1], result.sides[0]),
        winner=None if result.winner is None else 1 - result.winner,
        victory_level=level,
    )


@settings(max_examples=150, deadline=None)
@given(records, profiles)
def test_tournament_points_always_sum_to_20(record: BattleRecord, profile: str) -> None:
    level = score(record, profile, victory_level=True).victory_level
    assert level is not None
    assert sum(level.points) == 20
    assert all(0 <= p <= 20 for p in level.points)


@settings(max_examples=150, deadline=None)
@given(records, profiles)
def test_swapping_the_sides_swaps_the_result(record: BattleRecord, profile: str) -> None:
    result = score(record, profile, victory_level=True)
    swapped = score(
        replace(record, sides=(record.sides[1], record.sides[0])), profile, victory_level=True
    )
    expected = _swapped(result)
    assert swapped.sides == expected.sides
    assert swapped.winner == expected.winner
    assert swapped.victory_level == expected.victory_level
    assert sorted(swapped.codes()) == sorted(result.codes())


@settings(max_examples=100, deadline=None)
@given(records, profiles)
def test_counted_vp_never_exceed_the_profile_caps(record: BattleRecord, profile: str) -> None:
    result = score(record, profile)
    scoring = SCORING_PROFILES[profile]
    for side_score in result.sides:
        cap = scoring.turn_cap()
        assert all(cap is None or vp <= cap for _, vp in side_score.rounds)
        total = scoring.objective_cap()
        assert total is None or side_score.objective_vp <= total
