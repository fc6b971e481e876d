"""Catalogue rows into the rules core's facts: the one place the conversion is written.

rosters.services (saved rosters, the builder, exports) and the warm catalogue snapshot
(armybuilder.catalogue.snapshot: validate_list, /api/validate/, /api/import/, the import
page) both turn rows into core dataclasses through these functions, so a fact added here
reaches every face at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, Final

from django.core.exceptions import ObjectDoesNotExist

from armybuilder.catalogue.models import ArmyLimit, Datasheet, Detachment, Enhancement, Wargear
from armybuilder.rules import model as core
from armybuilder.rules import wording

# The army's faction keyword, keywords that shut other chapters' units out, allies, the
# ids of the faction and its ancestors, and the catalogue's army limits for that chain.
# The importer cuts a reason to what the column holds; read from the field, not from the
# importer, whose modules a cold check would otherwise import (about 50 ms).
REASON_LENGTH: Final = ArmyLimit._meta.get_field("reason").max_length or 0

FactionRules = tuple[
    str, frozenset[str], tuple[core.Allowance, ...], set[int], tuple[core.Limit, ...]
]


def alternatives(raw: list[list[str]]) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(alt) for alt in raw if alt)


# The datasheet and transport-pool columns the core reads: a caller holding plain values
# (the snapshot, which reads them with values()) passes them as mappings.
DATASHEET_FIELDS: tuple[str, ...] = (
    "name",
    "keywords",
    "faction_keywords",
    "min_models",
    "max_models",
    "limit",
    "extra_leaders",
    "joins_led_unit",
    "deep_strike",
    "hover",
    "power",
    "warlord",
    "legends",
)
# The owning faction's keyword in a datasheet's values row (own_faction_keyword).
OWNER_KEYWORD: Final = "faction__keyword"
POOL_FIELDS: tuple[str, ...] = ("capacity", "allowed", "forbidden", "space", "only_datasheets")


def transport_pool_facts(pool: Mapping[str, Any]) -> core.TransportPool:
    return core.TransportPool(
        capacity=pool["capacity"],
        allowed=alternatives(pool["allowed"]),
        forbidden=frozenset(pool["forbidden"]),
        space=tuple(sorted((k, int(v)) for k, v in pool["space"].items())),
        only_datasheets=frozenset(pool["only_datasheets"]),
    )


# The Wargear columns the core reads (weapons and abilities are for the datasheet cards).
WARGEAR_FIELDS: tuple[str, ...] = ("model_types", "fill")
NO_WARGEAR: Mapping[str, Any] = {"model_types": [], "fill": ""}


def _group(raw: Mapping[str, Any]) -> core.WargearGroup:
    options, minimum = tuple(raw["options"]), raw.get("min", 0)
    default = raw.get("default")
    if default is None and len(options) == 1 and minimum:
        # Stored implicitly: a lone option the minimum forces.
        default = {options[0]: minimum}
    return core.WargearGroup(
        name=raw["name"],
        options=options,
        minimum=minimum,
        maximum=raw.get("max", 1),
        default=tuple(sorted((default or {}).items())),
        unit_max=raw.get("unit_max"),
        ratio_per=raw.get("per", 0),
        ratio_step=raw.get("step", 0),
        cap=bool(raw.get("cap", False)),
        grants=tuple(
            sorted((str(k), frozenset(map(str, v))) for k, v in raw.get("grants", {}).items())
        ),
    )


def model_types_facts(raw: Iterable[Mapping[str, Any]]) -> tuple[core.ModelType, ...]:
    """Turn a Wargear row's model_types JSON into the core's model types."""
    return tuple(
        core.ModelType(
            name=kind["name"],
            minimum=kind.get("min", 0),
            maximum=kind.get("max", 1),
            groups=tuple(_group(group) for group in kind.get("groups", ())),
        )
        for kind in raw
    )


def wargear_prices(
    model_types: Iterable[core.ModelType], option_points: Mapping[str, int]
) -> tuple[tuple[str, int], ...]:
    """Price the wargear options the release prices (OptionPrice rows, by folded name)."""
    if not option_points:
        return ()
    found: dict[str, int] = {}
    for kind in model_types:
        for group in kind.groups:
            for option in group.options:
                points = option_points.get(option.casefold())
                if points:
                    found[option] = points
    return tuple(sorted(found.items()))


def loadout_facts(raw: Iterable[Mapping[str, Any]]) -> tuple[core.Loadout, ...]:
    """Turn a roster unit's stored wargear ([{model, models, wargear: {option: n}}])."""
    return tuple(
        core.Loadout(
            model=str(part["model"]),
            models=int(part["models"]),
            wargear=tuple(sorted((str(k), int(v)) for k, v in part.get("wargear", {}).items())),
        )
        for part in raw
    )


def unread_facts(raw: Iterable[Mapping[str, Any]]) -> tuple[core.UnreadGear, ...]:
    """Turn a roster unit's stored unread wargear lines ([{text, line, nearest}])."""
    return tuple(
        core.UnreadGear(
            text=str(item["text"]),
            line=int(item["line"]) if item.get("line") is not None else None,
            nearest=tuple(str(name) for name in item.get("nearest", ())),
        )
        for item in raw
    )


def unread_json(unread: Iterable[core.UnreadGear]) -> list[dict[str, Any]]:
    """Turn unread wargear lines into the JSON a roster unit stores (see unread_facts)."""
    return [{"text": u.text, "line": u.line, "nearest": list(u.nearest)} for u in unread]


def loadout_json(loadout: Iterable[core.Loadout]) -> list[dict[str, Any]]:
    """Turn a loadout into the JSON a roster unit stores (the inverse of loadout_facts)."""
    return [
        {"model": part.model, "models": part.models, "wargear": dict(part.wargear)}
        for part in loadout
    ]


def datasheet_facts(
    *,
    row: Mapping[str, Any],
    brackets: tuple[core.Bracket, ...],
    leads: Iterable[str],
    pools: Iterable[Mapping[str, Any]],
    wargear: Mapping[str, Any] = NO_WARGEAR,
    option_points: Mapping[str, int] | None = None,
) -> core.Datasheet:
    """Turn a datasheet's DATASHEET_FIELDS, the names it leads, its pools and its wargear
    (WARGEAR_FIELDS, priced by ``option_points``: folded option name -> points) into facts."""
    model_types = model_types_facts(wargear["model_types"])
    return core.Datasheet(
        name=row["name"],
        keywords=frozenset(row["keywords"]),
        faction_keywords=frozenset(row["faction_keywords"] or own_faction_keyword(row)),
        brackets=brackets,
        min_models=row["min_models"],
        max_models=row["max_models"],
        limit=row["limit"],
        leads=frozenset(leads),
        extra_leaders=row["extra_leaders"],
        joins_led_unit=row["joins_led_unit"],
        transport=tuple(transport_pool_facts(pool) for pool in pools),
        deep_strike=row["deep_strike"],
        hover=row["hover"],
        power=row["power"],
        warlord=core.WarlordRule(row["warlord"]),
        legends=row["legends"],
        model_types=model_types,
        fill=wargear["fill"],
        wargear_points=wargear_prices(model_types, option_points or {}),
    )


def own_faction_keyword(row: Mapping[str, Any]) -> tuple[str, ...]:
    """The keyword of the faction whose catalogue holds a datasheet the data gives no
    faction keyword at all (Fabius Bile, Drop Pod, Vendetta Gunship): the data omits it,
    the game's datasheet has it, and without it no army could field the unit."""
    keyword = row.get(OWNER_KEYWORD)
    return (keyword,) if keyword else ()


def wargear_row(datasheet: Datasheet) -> Wargear | None:
    """Return a datasheet's loaded Wargear row; None where it has none or it was not loaded."""
    if not Datasheet.wargear.is_cached(datasheet):
        return None
    try:
        return datasheet.wargear
    except ObjectDoesNotExist:
        return None


def datasheet_to_core(
    *,
    datasheet: Datasheet,
    brackets: tuple[core.Bracket, ...],
    size: tuple[int, int] | None = None,
    option_points: Mapping[str, int] | None = None,
) -> core.Datasheet:
    """Turn a datasheet row, with its prefetched pools, leads and wargear, into facts.

    ``size`` is the (min, max) models a dated release allows, where it records one.
    Wargear is read only where the caller loaded it (select_related or prefetch of
    ``wargear``): the picker converts hundreds of datasheets and needs none.
    """
    row = {f: getattr(datasheet, f) for f in DATASHEET_FIELDS}
    if not datasheet.faction_keywords:
        row[OWNER_KEYWORD] = datasheet.faction.keyword
    if size is not None:
        row["min_models"], row["max_models"] = size
    wargear = wargear_row(datasheet)
    return datasheet_facts(
        row=row,
        brackets=brackets,
        leads=(d.name for d in datasheet.leads.all()),
        pools=(
            {f: getattr(pool, f) for f in POOL_FIELDS} for pool in datasheet.transport_pools.all()
        ),
        wargear=NO_WARGEAR if wargear is None else {f: getattr(wargear, f) for f in WARGEAR_FIELDS},
        option_points=option_points,
    )


def detachment_core(
    *,
    name: str,
    faction_keyword: str,
    required: Iterable[str],
    forbidden: Iterable[str],
    battleline: Iterable[str],
    required_upgrades: Iterable[tuple[str, str]] = (),
    enhancements_stated: bool = True,
) -> core.Detachment:
    """Turn a detachment's name, keyword and datasheet lists (by name) into facts;
    ``required_upgrades`` pairs a datasheet name with an upgrade it must take;
    ``enhancements_stated`` is False where the release prices none of its enhancements."""
    return core.Detachment(
        name=name,
        faction_keyword=faction_keyword,
        required_datasheets=frozenset(required),
        forbidden_datasheets=frozenset(forbidden),
        battleline=frozenset(battleline),
        required_upgrades=frozenset(required_upgrades),
        enhancements_stated=enhancements_stated,
    )


def detachment_facts(*, detachment: Detachment) -> core.Detachment:
    """Turn a detachment row (its lists and upgrades prefetched) into facts under its own
    faction keyword."""
    return detachment_core(
        name=detachment.name,
        faction_keyword=detachment.faction.keyword,
        required=(d.name for d in detachment.required.all()),
        forbidden=(d.name for d in detachment.forbidden.all()),
        battleline=(d.name for d in detachment.battleline.all()),
        required_upgrades=(
            (slot.datasheet.name, upgrade.name)
            for upgrade in detachment.upgrades.all()
            for slot in upgrade.units.all()
            if slot.minimum > 0
        ),
    )


def upgrades_facts(
    *,
    upgrades: Iterable[tuple[int, str, str]],
    units: Iterable[tuple[int, str, int]],
    points: Mapping[int, int],
) -> dict[int, core.Upgrade]:
    """Turn detachment upgrades (id, name, detachment name), the datasheets that may take
    them (upgrade id, datasheet name, most per unit) and their prices into Upgrades by id."""
    allowed: dict[int, list[tuple[str, int]]] = {}
    for upgrade_id, datasheet, most in units:
        allowed.setdefault(upgrade_id, []).append((datasheet, most))
    return {
        pk: core.Upgrade(
            name=name,
            points=points.get(pk, 0),
            detachment=detachment,
            allowed=tuple(sorted(allowed.get(pk, ()))),
        )
        for pk, name, detachment in upgrades
    }


def detachment_for_army(
    *, facts: core.Detachment, faction_id: int, army_keyword: str, chain_ids: Iterable[int]
) -> core.Detachment:
    """Give a detachment of the army's own faction chain the army's keyword."""
    if faction_id in set(chain_ids) and facts.faction_keyword != army_keyword:
        return replace(facts, faction_keyword=army_keyword)
    return facts


def detachment_to_core(
    *, detachment: Detachment, army_keyword: str, chain_ids: set[int]
) -> core.Detachment:
    """Turn a detachment row into the core's facts, relative to the army's faction."""
    return detachment_for_army(
        facts=detachment_facts(detachment=detachment),
        faction_id=detachment.faction_id,
        army_keyword=army_keyword,
        chain_ids=chain_ids,
    )


def enhancement_to_core(*, enhancement: Enhancement, points: int) -> core.Enhancement:
    """Turn an enhancement row (its detachment loaded) and its price into the core's facts."""
    return core.Enhancement(
        name=enhancement.name,
        points=points,
        detachment=enhancement.detachment.name,
        required_keywords=alternatives(enhancement.required_keywords),
    )


def faction_rules(
    *,
    faction_id: int,
    parents: Mapping[int, int | None],
    keywords: Mapping[int, str],
    allies: Mapping[int, tuple[core.Allowance, ...]],
    limits: Mapping[int, tuple[core.Limit, ...]],
) -> FactionRules:
    """Work out an army's faction rules from the whole faction tree, held in memory."""
    chain = [faction_id]
    while (parent := parents.get(chain[-1])) is not None:
        chain.append(parent)
    chain_ids = set(chain)
    root = chain[-1]
    children: dict[int, list[int]] = {}
    for pk, parent_id in parents.items():
        if parent_id is not None:
            children.setdefault(parent_id, []).append(pk)
    # Another chapter's units carry the root keyword too; their own keyword shuts them out.
    excluded: set[str] = set()
    frontier = [root]
    while frontier:
        below = [pk for f in frontier for pk in children.get(f, [])]
        excluded.update(keywords[pk] for pk in below if pk not in chain_ids)
        frontier = below
    allowances = tuple(a for f in chain for a in allies.get(f, ()))
    # Nearest faction first, as the chain is walked.
    army_limits = tuple(limit for f in chain for limit in limits.get(f, ()))
    return (
        keywords[root],
        frozenset(excluded - {keywords[root]}),
        allowances,
        chain_ids,
        army_limits,
    )


def kin_keywords(
    *,
    faction_id: int,
    parents: Mapping[int, int | None],
    carried: Mapping[int, Iterable[str]],
    taken: Iterable[str],
) -> frozenset[str]:
    """The faction keywords the datasheets of the faction and its ancestors carry that are
    ``taken`` by no faction and no allied rule (the core's Army.kin_keywords)."""
    found: set[str] = set()
    pk: int | None = faction_id
    while pk is not None:
        found.update(carried.get(pk, ()))
        pk = parents.get(pk)
    return frozenset(found - set(taken))


# The ArmyLimit columns the core reads (see ArmyLimit for the JSON shapes).
LIMIT_FIELDS: tuple[str, ...] = (
    "faction_id",
    "code",
    "label",
    "subject",
    "maximum",
    "minimum",
    "points",
    "steps",
    "reason",
)


def _selector(raw: Mapping[str, Any] | None) -> core.Selector | None:
    if raw is None:
        return None
    return core.Selector(
        datasheets=frozenset(raw.get("datasheets", ())),
        keywords=frozenset(raw.get("keywords", ())),
        without=frozenset(raw.get("without", ())),
    )


def _condition(raw: Mapping[str, Any]) -> core.Condition:
    return core.Condition(
        units=_selector(raw.get("units")),
        at_least=raw.get("at_least"),
        at_most=raw.get("at_most"),
        detachments=frozenset(raw.get("detachments", ())),
        battle_sizes=frozenset(core.BattleSize(size) for size in raw.get("battle_sizes", ())),
        matched_play=raw.get("matched_play"),
    )


def _step_reason(step: Mapping[str, Any]) -> str:
    """A step's reason as words a face can translate, when it is the one the importer wrote.

    The importer says a step's clauses in words (rules/wording.py) and stores the English;
    that text is said again from the clauses, so it reads in the reader's language. A
    reason an editor typed in the admin is kept as it is.
    """
    stored: str = step.get("reason", "")
    clauses = step.get("clauses")
    if stored and clauses:
        said = wording.describe(clauses)
        if isinstance(said, str) and stored in (said, said[:REASON_LENGTH]):
            return said
    return stored


def limit_facts(*, row: Mapping[str, Any]) -> core.Limit:
    """Turn an army limit's LIMIT_FIELDS (plain JSON facts) into the core's Limit."""
    return core.Limit(
        code=row["code"],
        label=row["label"],
        subject=_selector(row["subject"]) or core.Selector(),
        maximum=row["maximum"],
        minimum=row["minimum"],
        points=row["points"],
        steps=tuple(
            core.Step(
                value=step.get("value"),
                clauses=tuple(
                    tuple(_condition(c) for c in clause) for clause in step.get("clauses", ())
                ),
                reason=_step_reason(step),
            )
            for step in row["steps"]
        ),
        reason=row["reason"],
    )


def limits_by_faction(rows: Iterable[Mapping[str, Any]]) -> dict[int, tuple[core.Limit, ...]]:
    """Group army limits (LIMIT_FIELDS rows, in a stable order) by their faction id."""
    grouped: dict[int, list[core.Limit]] = {}
    for row in rows:
        grouped.setdefault(row["faction_id"], []).append(limit_facts(row=row))
    return {pk: tuple(v) for pk, v in grouped.items()}
