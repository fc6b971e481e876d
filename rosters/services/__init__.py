"""Roster services: the one place that turns database rows into the rules core's dataclasses.

Every face (pages, API, exports, command line) asks roster_validate for a Result and
renders it; none of them checks a rule or prices a unit itself.

The package's modules, each importing only those before it:

- errors: RosterError, which every write raises for what the catalogue does not allow.
- loading: rosters and catalogue rows (prices, faction rules, datasheets), and the rows
  kept warm between requests under the catalogue's version.
- drafts: conversion to the rules core (Draft, the core's Army) and validation.
- wargear: cleaning stored wargear against a datasheet's model types.
- edits: the writes to rosters and their units, each under roster_lock.
- repricing: a roster's prices under a newer release, applied when asked.
"""

from __future__ import annotations

# Re-exported for callers that reach the catalogue's conversion through the services.
from armybuilder.catalogue.conversion import FactionRules, datasheet_to_core, detachment_to_core
from rosters.services.drafts import (
    Draft,
    DraftUnit,
    draft_to_core,
    draft_validate,
    enhancement_to_core,
    roster_to_core,
    roster_to_draft,
    roster_unit_key,
    roster_validate,
)
from rosters.services.edits import (
    ERR_BAD_MODEL_COUNT,
    ERR_DETACHMENT_FACTION,
    ERR_ENHANCEMENT_DETACHMENT,
    ERR_NO_OPTION,
    ERR_NOT_AVAILABLE,
    ERR_NOT_PRICED,
    ERR_OPTION_COUNT,
    ERR_UNIT_GONE,
    ERR_UPGRADE_COUNT,
    ERR_UPGRADE_DETACHMENT,
    MAX_UPGRADE_COUNT,
    NAME_MAX,
    datasheet_model_counts,
    name_copy,
    roster_create,
    roster_delete,
    roster_duplicate,
    roster_lock,
    roster_share_set,
    roster_unit_create,
    roster_unit_duplicate,
    roster_unit_options_set,
    roster_unit_remove,
    roster_unit_unread_forget,
    roster_unit_update,
    roster_unit_upgrades_set,
    roster_unit_wargear_set,
    roster_update,
    roster_warlord_set,
)
from rosters.services.errors import RosterError
from rosters.services.loading import (
    WARM_ROWS_KEPT,
    ReleasePrices,
    TakenUpgrade,
    army_faction_rules_load,
    army_faction_rules_warm,
    catalogue_warm,
    datasheets_load,
    detachment_upgrades_prefetch,
    faction_chain_load,
    faction_detachments_load,
    release_prices_load,
    release_prices_warm,
    roster_load,
    roster_unit_options_load,
    roster_unit_upgrades_load,
    upgrades_load,
)
from rosters.services.repricing import (
    ERR_RELEASE_NOT_NEWER,
    RepriceLine,
    RepricePreview,
    roster_reprice,
)
from rosters.services.wargear import (
    ERR_WARGEAR_COUNT,
    ERR_WARGEAR_MODEL,
    ERR_WARGEAR_OPTION,
    ERR_WARGEAR_SHAPE,
    MAX_WARGEAR_COUNT,
    wargear_clean,
    wargear_facts,
)

__all__ = [
    "ERR_BAD_MODEL_COUNT",
    "ERR_DETACHMENT_FACTION",
    "ERR_ENHANCEMENT_DETACHMENT",
    "ERR_NOT_AVAILABLE",
    "ERR_NOT_PRICED",
    "ERR_NO_OPTION",
    "ERR_OPTION_COUNT",
    "ERR_RELEASE_NOT_NEWER",
    "ERR_UNIT_GONE",
    "ERR_UPGRADE_COUNT",
    "ERR_UPGRADE_DETACHMENT",
    "ERR_WARGEAR_COUNT",
    "ERR_WARGEAR_MODEL",
    "ERR_WARGEAR_OPTION",
    "ERR_WARGEAR_SHAPE",
    "MAX_UPGRADE_COUNT",
    "MAX_WARGEAR_COUNT",
    "NAME_MAX",
    "WARM_ROWS_KEPT",
    "Draft",
    "DraftUnit",
    "FactionRules",
    "ReleasePrices",
    "RepriceLine",
    "RepricePreview",
    "RosterError",
    "TakenUpgrade",
    "army_faction_rules_load",
    "army_faction_rules_warm",
    "catalogue_warm",
    "datasheet_model_counts",
    "datasheet_to_core",
    "datasheets_load",
    "detachment_to_core",
    "detachment_upgrades_prefetch",
    "draft_to_core",
    "draft_validate",
    "enhancement_to_core",
    "faction_chain_load",
    "faction_detachments_load",
    "name_copy",
    "release_prices_load",
    "release_prices_warm",
    "roster_create",
    "roster_delete",
    "roster_duplicate",
    "roster_load",
    "roster_lock",
    "roster_reprice",
    "roster_share_set",
    "roster_to_core",
    "roster_to_draft",
    "roster_unit_create",
    "roster_unit_duplicate",
    "roster_unit_key",
    "roster_unit_options_load",
    "roster_unit_options_set",
    "roster_unit_remove",
    "roster_unit_unread_forget",
    "roster_unit_update",
    "roster_unit_upgrades_load",
    "roster_unit_upgrades_set",
    "roster_unit_wargear_set",
    "roster_update",
    "roster_validate",
    "roster_warlord_set",
    "upgrades_load",
    "wargear_clean",
    "wargear_facts",
]
