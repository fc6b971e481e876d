"""Scoring (SCORING.md): profiles, codes and the victory-level table, as tables of cases.

Case ids cite the SCORING.md code or the rule the case reads.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from armybuilder.rules.scoring import (
    SCORING_PROFILES,
    BattleRecord,
    BattleUnit,
    KillPoints4,
    Level,
    Mission9,
    ScoringProfile,
    Side,
    UnitState,
    codes,
    get_scoring_profile,
    score,
    table_row,
)

D, B, DMG, OK = UnitState.DESTROYED, UnitState.BELOW_HALF, UnitState.DAMAGED, UnitState.INTACT
INTERCESSORS = BattleUnit("a1", "Intercessor Squad", 80, models=5)
CAPTAIN = BattleUnit("a2", "Captain", 95, models=1, can_be_damaged=True)
RHINO = BattleUnit("a3", "Rhino", 75, models=1, can_be_damaged=True)
BOYZ = BattleUnit("b1", "Boyz", 85, models=10)
TRUKK = BattleUnit("b2", "Trukk", 65, models=1, can_be_damaged=True)


def side(
    name: str,
    rounds: dict[int, int] | None = None,
    *,
    units: tuple[BattleUnit, ...] = (),
    states: dict[str, UnitState] | None = None,
    secondaries: int = 0,
    painted: bool = False,
    destroyed: bool = False,
) -> Side:
    return Side(
        name=name,
        units=units,
        rounds=tuple((rounds or {}).items()),
        unit_states=tuple((states or {}).items()),
        secondaries=tuple(f"secondary {i}" for i in range(secondaries)),
        painted=painted,
        army_destroyed=destroyed,
    )


def battle(a: Side, b: Side, size: int = 2000) -> BattleRecord:
    return BattleRecord(battle_size=size, sides=(a, b))


def test_the_three_scoring_profiles_are_registered_by_name() -> None:
    assert sorted(SCORING_PROFILES) == ["kill-points-4", "mission-9", "only-war-10"]
    assert get_scoring_profile().name == "only-war-10"
    assert isinstance(get_scoring_profile("mission-9"), Mission9)
    assert isinstance(get_scoring_profile("kill-points-4"), KillPoints4)
    with pytest.raises(ValueError, match="only-war-11"):
        get_scoring_profile("only-war-11")


def test_a_profile_subclass_overrides_one_hook() -> None:
    class FivePerTurn(ScoringProfile):
        name = "five-per-turn"

        def turn_cap(self) -> int | None:
            return 5

    record = battle(side("A", {2: 5}), side("B", {2: 4}))
    assert score(record, FivePerTurn()).sides[0].vp == 5
    assert score(record).sides[0].vp == 3


def test_scoring_codes_are_kept_apart_from_the_rules_codes() -> None:
    from armybuilder.rules import codes as rules_codes

    assert not set(codes.ALL_CODES) & set(rules_codes.ALL_CODES)


@dataclass(frozen=True)
class VP:
    """One side's VP under a profile: counted, not counted, and the codes raised."""

    profile: str
    record: BattleRecord
    vp: tuple[int, int]
    not_counted: tuple[int, int]
    codes: tuple[str, ...] = ()
    winner: int | None = None


VP_CASES = {
    # only-war-10: from round 2, at most 3 per turn, up to 5 rounds.
    "only-war-10-rounds-2-to-5": VP(
        "only-war-10",
        battle(side("A", {2: 3, 3: 3, 4: 2, 5: 1}), side("B", {2: 1})),
        (9, 1),
        (0, 0),
        winner=0,
    ),
    "SCORE_ROUND-only-war-10-round-1": VP(
        "only-war-10",
        battle(side("A", {1: 2, 2: 1}), side("B", {2: 2})),
        (1, 2),
        (2, 0),
        (codes.SCORE_ROUND,),
        winner=1,
    ),
    "SCORE_ROUND-beyond-the-last-round": VP(
        "only-war-10",
        battle(side("A", {6: 3}), side("B")),
        (0, 0),
        (3, 0),
        (codes.SCORE_ROUND,),
    ),
    "SCORE_ROUND-negative-vp": VP(
        "mission-9", battle(side("A", {2: -4}), side("B")), (0, 0), (0, 0), (codes.SCORE_ROUND,)
    ),
    "SCORE_TURN_CAP-only-war-10-4-in-a-turn": VP(
        "only-war-10",
        battle(side("A", {2: 4}), side("B", {2: 3})),
        (3, 3),
        (1, 0),
        (codes.SCORE_TURN_CAP,),
    ),
    "only-war-10-exactly-3-in-a-turn": VP(
        "only-war-10", battle(side("A", {2: 3}), side("B")), (3, 0), (0, 0), winner=0
    ),
    # mission-9: at most 90 VP from objectives, plus 10 painted: at most 100.
    "SCORE_CAP-mission-9-90-cap-without-painted": VP(
        "mission-9",
        battle(side("A", {1: 20, 2: 20, 3: 20, 4: 20, 5: 15}), side("B", {1: 40})),
        (90, 40),
        (5, 0),
        (codes.SCORE_CAP,),
        winner=0,
    ),
    "SCORE_CAP-mission-9-90-cap-with-painted": VP(
        "mission-9",
        battle(side("A", {1: 50, 2: 45}, painted=True), side("B", {1: 40}, painted=True)),
        (100, 50),
        (5, 0),
        (codes.SCORE_CAP,),
        winner=0,
    ),
    "mission-9-exactly-90-is-counted": VP(
        "mission-9", battle(side("A", {1: 90}), side("B", {1: 80})), (90, 80), (0, 0), winner=0
    ),
    "mission-9-painted-bonus-decides": VP(
        "mission-9",
        battle(side("A", {1: 30}, painted=True), side("B", {1: 35})),
        (40, 35),
        (0, 0),
        winner=0,
    ),
    "mission-9-round-1-is-scored-and-no-turn-cap": VP(
        "mission-9", battle(side("A", {1: 15}), side("B", {1: 15})), (15, 15), (0, 0)
    ),
    # kill-points-4: points of destroyed enemy units, half (rounded down) of hurt ones.
    "kill-points-4-destroyed-unit-full-points": VP(
        "kill-points-4",
        battle(side("A", units=(INTERCESSORS,)), side("B", units=(BOYZ,), states={"b1": D})),
        (85, 0),
        (0, 0),
        winner=0,
    ),
    "kill-points-4-below-half-rounded-down": VP(
        "kill-points-4",
        battle(side("A", units=(INTERCESSORS,)), side("B", units=(BOYZ,), states={"b1": B})),
        (42, 0),
        (0, 0),
        winner=0,
    ),
    "kill-points-4-damaged-rounded-down": VP(
        "kill-points-4",
        battle(side("A", units=(CAPTAIN,), states={"a2": DMG}), side("B", units=(TRUKK,))),
        (0, 47),
        (0, 0),
        winner=1,
    ),
    "kill-points-4-objectives-add-vp": VP(
        "kill-points-4",
        battle(
            side("A", {6: 100}, units=(RHINO,), states={"a3": D}),
            side(
                "B",
                units=(BOYZ, TRUKK),
                states={
                    "b1": D,
                    "b2": B,
                },
            ),
        ),
        (85 + 32 + 100, 75),
        (0, 0),
        winner=0,
    ),
    "kill-points-4-intact-scores-nothing": VP(
        "kill-points-4",
        battle(side("A", units=(INTERCESSORS,), states={"a1": OK}), side("B")),
        (0, 0),
        (0, 0),
    ),
    "UNIT_STATE-damaged-infantry": VP(
        "kill-points-4",
        battle(side("A"), side("B", units=(BOYZ,), states={"b1": DMG})),
        (0, 0),
        (0, 0),
        (codes.UNIT_STATE,),
    ),
    "UNIT_STATE-unit-of-the-other-side": VP(
        "kill-points-4",
        battle(side("A", units=(INTERCESSORS,), states={"b1": D}), side("B", units=(BOYZ,))),
        (0, 0),
        (0, 0),
        (codes.UNIT_STATE,),
    ),
    "UNIT_STATE-mission-9-does-not-score-states": VP(
        "mission-9",
        battle(side("A", units=(INTERCESSORS,)), side("B", units=(BOYZ,), states={"b1": D})),
        (0, 0),
        (0, 0),
    ),
}


@pytest.mark.parametrize("case", VP_CASES.values(), ids=VP_CASES.keys())
def test_victory_points_counted_and_not_counted(case: VP) -> None:
    result = score(case.record, case.profile)
    assert tuple(s.vp for s in result.sides) == case.vp
    assert tuple(s.not_counted for s in result.sides) == case.not_counted
    assert tuple(result.codes()) == case.codes
    assert result.winner == case.winner


def test_turn_cap_excess_is_listed_per_round() -> None:
    result = score(battle(side("A", {2: 5, 3: 4}), side("B")))
    assert [v.round for v in result.violations] == [2, 3]
    assert result.sides[0].rounds == ((2, 3), (3, 3))
    assert "2 not counted" in result.violations[0].message


WINNER_CASES = {
    "only-war-10-army-destroyed-loses-on-more-vp": (
        "only-war-10",
        battle(
            side("A", {2: 3, 3: 3}, units=(INTERCESSORS,), states={"a1": D}),
            side("B", {2: 1}, units=(BOYZ,)),
        ),
        1,
        "army_destroyed",
    ),
    "only-war-10-army-destroyed-flag-for-a-typed-side": (
        "only-war-10",
        battle(side("A", {2: 3}), side("B", destroyed=True)),
        0,
        "army_destroyed",
    ),
    "only-war-10-both-destroyed-most-vp-wins": (
        "only-war-10",
        battle(side("A", {2: 2}, destroyed=True), side("B", {2: 1}, destroyed=True)),
        0,
        "vp",
    ),
    "only-war-10-equal-vp-is-a-draw": (
        "only-war-10",
        battle(side("A", {2: 2}), side("B", {3: 2})),
        None,
        "draw",
    ),
    "kill-points-4-army-destroyed-does-not-decide": (
        "kill-points-4",
        battle(
            side("A", {1: 200}, units=(INTERCESSORS,), states={"a1": D}), side("B", units=(BOYZ,))
        ),
        0,
        "vp",
    ),
    "mission-9-most-vp-wins": (
        "mission-9",
        battle(side("A", {1: 10}), side("B", {1: 11})),
        1,
        "vp",
    ),
}


@pytest.mark.parametrize(
    ("profile", "record", "winner", "decided_by"), WINNER_CASES.values(), ids=WINNER_CASES.keys()
)
def test_who_wins(profile: str, record: BattleRecord, winner: int | None, decided_by: str) -> None:
    result = score(record, profile)
    assert result.winner == winner
    assert result.decided_by == decided_by


# The victory-level table: every row at 2500 points (the table's own column) with both
# ends of each row, and the 2000-point boundary SCORING.md spells out.
LEVEL_ROWS = {
    "row-1-0%": (2500, 0, 1, 10),
    "row-1-5%-125": (2500, 125, 1, 10),
    "row-2-126": (2500, 126, 2, 11),
    "row-2-10%-250": (2500, 250, 2, 11),
    "row-3-251": (2500, 251, 3, 12),
    "row-3-20%-500": (2500, 500, 3, 12),
    "row-4-501": (2500, 501, 4, 13),
    "row-4-30%-750": (2500, 750, 4, 13),
    "row-5-751": (2500, 751, 5, 14),
    "row-5-40%-1000": (2500, 1000, 5, 14),
    "row-6-1001": (2500, 1001, 6, 15),
    "row-6-50%-1250": (2500, 1250, 6, 15),
    "row-7-1251": (2500, 1251, 7, 16),
    "row-7-70%-1750": (2500, 1750, 7, 16),
    "row-8-1751": (2500, 1751, 8, 17),
    "row-8-far-over": (2500, 5000, 8, 17),
    "boundary-2000-100-is-10-10": (2000, 100, 1, 10),
    "boundary-2000-101-is-11-9": (2000, 101, 2, 11),
}


@pytest.mark.parametrize(
    ("size", "diff", "row", "points"), LEVEL_ROWS.values(), ids=LEVEL_ROWS.keys()
)
def test_victory_level_table_row(size: int, diff: int, row: int, points: int) -> None:
    assert table_row(diff, size) == (row, points)
    # Through score(): the winner gets the row's points and the loser the rest of 20.
    result = score(
        battle(side("A", {1: diff}), side("B"), size), "kill-points-4", victory_level=True
    )
    level = result.victory_level
    assert level is not None
    assert level.row == row
    expected = (points, 20 - points) if diff else (10, 10)
    assert level.points == expected


SECONDARY_CASES = {
    # (VP A, VP B, secondaries A, secondaries B) -> tournament points
    "secondary-+3-to-the-winner": (150, 0, 2, 1, (14, 6)),
    "secondary-+3-to-the-loser": (150, 0, 0, 1, (8, 12)),
    "secondary-equal-numbers-nobody": (150, 0, 2, 2, (11, 9)),
    "secondary-in-a-draw": (50, 50, 1, 0, (13, 7)),
    "secondary-scale-top-is-20-0": (2000, 0, 3, 0, (20, 0)),
    "secondary-scale-bottom-is-0-20": (2000, 0, 0, 3, (14, 6)),
}


@pytest.mark.parametrize(
    ("a", "b", "sa", "sb", "points"), SECONDARY_CASES.values(), ids=SECONDARY_CASES.keys()
)
def test_secondary_objectives_move_3_points(
    a: int, b: int, sa: int, sb: int, points: tuple[int, int]
) -> None:
    record = battle(side("A", {1: a}, secondaries=sa), side("B", {1: b}, secondaries=sb))
    level = score(record, "kill-points-4", victory_level=True).victory_level
    assert level is not None
    assert level.points == points
    assert sum(level.points) == 20


SIMPLE_CASES = {
    # 2000 points: 10% is 200, 50% is 1000; a secondary adds 20% (400).
    "simple-199-is-a-draw": (199, 0, 0, 0, Level.DRAW),
    "simple-200-is-a-win": (200, 0, 0, 0, Level.WIN),
    "simple-1000-is-a-win": (1000, 0, 0, 0, Level.WIN),
    "simple-1001-is-a-massacre": (1001, 0, 0, 0, Level.MASSACRE),
    "simple-secondary-adds-20%": (0, 0, 1, 0, Level.WIN),
    "simple-both-secondaries-cancel": (100, 0, 1, 1, Level.DRAW),
}


@pytest.mark.parametrize(
    ("a", "b", "sa", "sb", "level"), SIMPLE_CASES.values(), ids=SIMPLE_CASES.keys()
)
def test_the_simplified_reading(a: int, b: int, sa: int, sb: int, level: Level) -> None:
    record = battle(side("A", {1: a}, secondaries=sa), side("B", {1: b}, secondaries=sb))
    result = score(record, "kill-points-4", victory_level=True)
    assert result.victory_level is not None
    assert result.victory_level.level is level


def test_no_victory_level_unless_asked() -> None:
    assert score(battle(side("A"), side("B"))).victory_level is None


def test_army_destroyed_winner_behind_on_vp_takes_the_first_row() -> None:
    record = battle(side("A", {2: 3}, destroyed=True), side("B", {2: 1}))
    level = score(record, victory_level=True).victory_level
    assert level is not None
    assert (level.difference, level.points) == (0, (10, 10))


def test_unit_states_are_what_the_profile_uses() -> None:
    assert get_scoring_profile("only-war-10").uses_unit_states()
    assert get_scoring_profile("kill-points-4").uses_unit_states()
    assert not get_scoring_profile("mission-9").uses_unit_states()


def test_result_lists_destroyed_units() -> None:
    record = battle(side("A", units=(INTERCESSORS, CAPTAIN), states={"a1": D, "a2": B}), side("B"))
    first = score(record).sides[0]
    assert first.destroyed_unit_ids == ("a1",)
    assert not first.army_destroyed
