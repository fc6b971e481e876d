"""Scoring codes from SCORING.md and their message templates.

Kept apart from armybuilder.rules.codes, which holds the RULES.md codes only.
"""

from __future__ import annotations

from typing import Final

from armybuilder.rules.messages import template

SCORE_ROUND: Final = "SCORE_ROUND"
SCORE_TURN_CAP: Final = "SCORE_TURN_CAP"
SCORE_CAP: Final = "SCORE_CAP"
UNIT_STATE: Final = "UNIT_STATE"

# SCORING.md order; violations are sorted by it.
ALL_CODES: Final[tuple[str, ...]] = (SCORE_ROUND, SCORE_TURN_CAP, SCORE_CAP, UNIT_STATE)

MSG_ROUND_NOT_SCORED: Final = template(
    "{side}: {vp} VP entered for round {round}, which {profile} does not score "
    "(rounds {first}–{last}); not counted."
)
MSG_ROUND_TWICE: Final = template(
    "{side}: round {round} is entered twice; only the first is counted."
)
MSG_NEGATIVE: Final = template("{side}: {vp} VP in round {round} is below zero; not counted.")
MSG_TURN_CAP: Final = template(
    "{side}: {vp} VP in round {round}, more than the {cap} VP one turn allows; "
    "{excess} not counted."
)
MSG_CAP: Final = template(
    "{side}: {vp} VP from objectives, more than the {cap} VP allowed; {excess} not counted."
)
MSG_NOT_DAMAGEABLE: Final = template(
    "{side}: {unit} cannot be damaged (only vehicles and single models can); "
    "its state is not counted."
)
MSG_UNKNOWN_UNIT: Final = template(
    "{side}: no unit {unit} on this side (a unit of the other side?); its state is not counted."
)
MSG_STATE_TWICE: Final = template("{side}: {unit} has two end states; only the first is counted.")
MSG_SIDE: Final = template("Side {number}")
