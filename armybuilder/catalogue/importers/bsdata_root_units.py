"""Root entries that are units though BSData types them ``upgrade``.

A handful of datasheets (Hand of the Archon, X-101) are coded as a root ``upgrade`` entry
rather than a ``unit`` or ``model``. They are units all the same: they carry models (or,
for a single-model unit, a "Unit" profile of their own) and categories like any unit.
Detachment lists, battle sizes and other list-building roots have neither.
"""

from __future__ import annotations

from collections.abc import Callable

from .bsdata_xml import Element, children

UNIT_PROFILE = "Unit"


def has_unit_profile(entry: Element) -> bool:
    """Tell whether the entry states a unit profile (M, T, SV, ...) of its own."""
    return any(profile.get("typeName") == UNIT_PROFILE for profile in children(entry, "profiles"))


def is_upgrade_unit(entry: Element, model_entries: Callable[[Element], list[Element]]) -> bool:
    """Tell whether a root ``upgrade`` entry is really a unit: it holds models or is one."""
    if entry.get("type") != "upgrade":
        return False
    return bool(model_entries(entry)) or has_unit_profile(entry)


def is_single_model(entry: Element, model_entries: Callable[[Element], list[Element]]) -> bool:
    """Tell whether an entry is itself the unit's one model: a model, or an upgrade-coded
    unit with a unit profile and no models inside."""
    if entry.get("type") == "model":
        return True
    return entry.get("type") == "upgrade" and has_unit_profile(entry) and not model_entries(entry)
