"""Battle records: a played battle between a roster and an opponent, scored by the rules core.

Data flows one way: rosters are priced by rosters.services (the rules core's Result), the
priced units are copied into the record, the record becomes the scoring core's
BattleRecord (services.battle_to_core), and armybuilder.rules.scoring gives the result every
face shows (pages, PDF sheet, API, score_battle).
"""
