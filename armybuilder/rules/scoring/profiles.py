"""Scoring profiles: only-war-10 (base), mission-9 and kill-points-4.

Like the rules profiles, a scoring profile is parameters and hooks; each subclass
overrides only what its rules change. The scoring itself lives once, in score.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Final

from armybuilder.rules.messages import template
from armybuilder.rules.scoring.model import BattleUnit, UnitState


class ScoringProfile:
    """only-war-10: the 10th-edition core rules' battle (Only War).

    From round 2 a player scores up to 3 VP per turn for objectives it controls; up to 5
    battle rounds; a destroyed army loses whatever the score.
    """

    name: ClassVar[str] = "only-war-10"
    # What a player calls it: the name a form and a sheet show; the description says more.
    title: ClassVar[str] = template("10th edition core battle").text
    description: ClassVar[str] = template(
        "10th edition core battle: objective VP from round 2, at most 3 per turn, "
        "5 rounds; a destroyed army loses whatever the score."
    ).text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    def first_round(self) -> int:
        """Return the first battle round in which VP are scored."""
        return 2

    def last_round(self) -> int:
        return 5

    def turn_cap(self) -> int | None:
        """Return the most VP one player may score in one turn, or None for no cap."""
        return 3

    def objective_cap(self) -> int | None:
        """Return the most VP counted from objectives over the battle, or None."""
        return None

    def painted_bonus(self) -> int:
        """Return the VP a fully painted army adds."""
        return 0

    def kill_points(self, unit: BattleUnit, state: UnitState) -> int:
        """Return the VP the enemy scores for this unit's end state."""
        return 0

    def army_destroyed_loses(self) -> bool:
        """Return whether a destroyed army loses whatever the score."""
        return True

    def uses_unit_states(self) -> bool:
        """Return whether the units' end states change the result under this profile."""
        return True


OnlyWar10 = ScoringProfile


class Mission9(ScoringProfile):
    """mission-9: the 9th-edition mission pack: 90 VP of objectives plus 10 if painted."""

    name: ClassVar[str] = "mission-9"
    title: ClassVar[str] = template("9th edition mission pack").text
    description: ClassVar[str] = template(
        "9th edition mission pack: mission objectives per round, at most 90 VP, "
        "plus 10 VP for a painted army; most VP wins."
    ).text

    def first_round(self) -> int:
        return 1

    def turn_cap(self) -> int | None:
        return None

    def objective_cap(self) -> int | None:
        return 90

    def painted_bonus(self) -> int:
        return 10

    def army_destroyed_loses(self) -> bool:
        return False

    def uses_unit_states(self) -> bool:
        return False


class KillPoints4(ScoringProfile):
    """kill-points-4: the 4th-edition victory points from units destroyed or hurt."""

    name: ClassVar[str] = "kill-points-4"
    title: ClassVar[str] = template("4th edition kill points").text
    description: ClassVar[str] = template(
        "4th edition: each side scores the points of every enemy unit destroyed and half "
        "(rounded down) of every one below half strength or damaged; objectives may add VP."
    ).text

    def first_round(self) -> int:
        return 1

    def last_round(self) -> int:
        # The 4th-edition random game length ends at turn 7 at the latest.
        return 7

    def turn_cap(self) -> int | None:
        return None

    def kill_points(self, unit: BattleUnit, state: UnitState) -> int:
        if state is UnitState.DESTROYED:
            return unit.points
        if state in (UnitState.BELOW_HALF, UnitState.DAMAGED):
            return unit.points // 2
        return 0

    def army_destroyed_loses(self) -> bool:
        return False


DEFAULT_SCORING_PROFILE: Final = ScoringProfile.name

# Profiles hold no state: one shared instance of each serves every battle.
SCORING_PROFILES: Final[Mapping[str, ScoringProfile]] = MappingProxyType(
    {p.name: p for p in (OnlyWar10(), Mission9(), KillPoints4())}
)


def get_scoring_profile(profile: str | ScoringProfile = DEFAULT_SCORING_PROFILE) -> ScoringProfile:
    """Return the scoring profile with this name (or the profile itself); ValueError if unknown."""
    if isinstance(profile, ScoringProfile):
        return profile
    try:
        return SCORING_PROFILES[profile]
    except KeyError:
        known = ", ".join(SCORING_PROFILES)
        raise ValueError(f"unknown scoring profile {profile!r} (known: {known})") from None
