"""Cleaning stored wargear against a datasheet's model types and options."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from armybuilder.catalogue import conversion
from armybuilder.catalogue.conversion import WARGEAR_FIELDS
from armybuilder.catalogue.models import (
    Datasheet,
    Wargear,
)
from armybuilder.rules import model as core
from rosters.services.errors import RosterError

ERR_WARGEAR_SHAPE = gettext_lazy(
    "Wargear must be a list of model types, each with models and wargear counts."
)
ERR_WARGEAR_MODEL = gettext_lazy("{datasheet} has no {model} models.")
ERR_WARGEAR_OPTION = gettext_lazy("{model} cannot take {option}.")
ERR_WARGEAR_COUNT = gettext_lazy("{what}: {count} is not a count from 0 to {limit}.")
# Wider than any unit (22 models, a few items each); beyond it is a slip or an attack.
MAX_WARGEAR_COUNT = 999


def wargear_facts(*, datasheet: Datasheet) -> core.Datasheet:
    """Return a datasheet's facts with its model types (one query for its wargear)."""
    row = Wargear.objects.filter(datasheet_id=datasheet.pk).values(*WARGEAR_FIELDS).first()
    return conversion.datasheet_facts(
        row={f: getattr(datasheet, f) for f in conversion.DATASHEET_FIELDS},
        brackets=(),
        leads=(),
        pools=(),
        wargear=row or conversion.NO_WARGEAR,
    )


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_WARGEAR_COUNT:
        raise RosterError(ERR_WARGEAR_COUNT.format(what=what, count=value, limit=MAX_WARGEAR_COUNT))
    return value


def wargear_clean(*, facts: core.Datasheet, raw: Any) -> list[dict[str, Any]]:
    """Check stored-wargear JSON against the datasheet's model types and options.

    Unknown model types, options and counts that are not whole numbers are refused with a
    RosterError; how many a group allows is the rules core's to judge (WARGEAR_CHOICE).
    """
    if not isinstance(raw, list) or not all(isinstance(p, dict) for p in raw):
        raise RosterError(str(ERR_WARGEAR_SHAPE))
    kinds = {kind.name: kind for kind in facts.model_types}
    cleaned: dict[str, dict[str, Any]] = {}
    for part in raw:
        model = part.get("model")
        kind = kinds.get(model) if isinstance(model, str) else None
        if kind is None:
            raise RosterError(ERR_WARGEAR_MODEL.format(datasheet=facts.name, model=model))
        models = _count(part.get("models"), model)
        gear = part.get("wargear", {})
        if not isinstance(gear, dict):
            raise RosterError(str(ERR_WARGEAR_SHAPE))
        offered = {option for group in kind.groups for option in group.options}
        counts: dict[str, int] = {}
        for option, count in gear.items():
            if option not in offered:
                raise RosterError(ERR_WARGEAR_OPTION.format(model=model, option=option))
            if _count(count, f"{model}: {option}"):
                counts[option] = count
        if models:
            cleaned[model] = {"model": model, "models": models, "wargear": counts}
    return [cleaned[kind.name] for kind in facts.model_types if kind.name in cleaned]
