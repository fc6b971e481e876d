"""The builder's form field names, in one place: the markup writes them
(``rosters.builder_markup``), the template reads them (``{% builder_field %}`` from
``rosters.templatetags.builder_fields``) and the views parse the POST by them.

Names with ``{...}`` are per unit (and per model type, option or price); fill them with
``str.format``.
"""

from __future__ import annotations

# The warlord form's select and the picker's "Add" button.
WARLORD_FIELD = "unit"
PICKER_FIELD = "datasheet"

# A unit row's selects and option counts (rosters.views.unit_update reads them).
MODELS_FIELD = "models_{unit}"
ENHANCEMENT_FIELD = "enhancement_{unit}"
UPGRADE_FIELD = "upgrade_{unit}"
OPTION_FIELD = "option_{unit}_{price}"
# The row's select fields by the short name the markup uses for their ids.
ROW_SELECT_FIELDS = {
    "models": MODELS_FIELD,
    "enhancement": ENHANCEMENT_FIELD,
    "upgrade": UPGRADE_FIELD,
}

# Form fields of the wargear panel: a model type's count and an option's count, by index in
# the datasheet's model types and the type's options (rosters.views.unit_wargear reads them).
WARGEAR_MODELS_FIELD = "wg_{unit}_m_{kind}"
WARGEAR_OPTION_FIELD = "wg_{unit}_o_{kind}_{option}"
WARGEAR_RESET_FIELD = "wg_reset"
# Forget the wargear lines an import could not place (the warning goes with them).
WARGEAR_FORGET_FIELD = "wg_forget_unread"

# The names the template may ask for with {% builder_field "..." %}.
TEMPLATE_FIELDS = {
    "warlord": WARLORD_FIELD,
    "picker": PICKER_FIELD,
}
