"""Datasheets: names, keywords, flags and transport pools, from the entries each faction sees."""

from __future__ import annotations

from collections import defaultdict
from functools import partial
from typing import Any

from .bsdata_composition import Composition, pricing, unit_composition
from .bsdata_entries import model_entries
from .bsdata_facts import (
    NOTE_FACTION_FROM_CATALOGUE,
    NOTE_PASSENGER_RULE,
    DatasheetKey,
    ParsedDatasheet,
    ParsedPool,
    Unmapped,
)
from .bsdata_root_units import is_upgrade_unit
from .bsdata_state import ParseState, UnitView
from .bsdata_unit_rules import (
    Ability,
    conditional_abilities,
    datasheet_limit,
    has_everywhere,
    unit_abilities,
    warlord_rule,
)
from .bsdata_wargear import WARGEAR_ABILITY_KINDS, wargear_of
from .bsdata_xml import (
    Ctx,
    strip_legends,
)
from .leader_text import parse_extra_leaders, parse_leader_targets
from .transport_text import parse_transport_capacity


def build_datasheets(state: ParseState, needed: set[str]) -> dict[DatasheetKey, ParsedDatasheet]:
    """Build one ParsedDatasheet per (owner, entry id); ``needed`` limits it by owner."""
    owner_views: dict[tuple[str, str], UnitView] = {}
    for faction in sorted(state.factions.values(), key=lambda f: f.name):
        for view in faction.views:
            assert view.key is not None
            if view.key[0] not in needed:
                continue
            current = owner_views.get(view.key)
            # The owner's own view is the datasheet; another faction's only as a fallback.
            if current is None or (current.faction != view.key[0] and view.faction == view.key[0]):
                owner_views[view.key] = view
    sheets: dict[tuple[str, str], ParsedDatasheet] = {}
    used_names: dict[str, dict[str, str]] = defaultdict(dict)
    ordered = sorted(
        owner_views.items(),
        key=lambda item: (
            item[0][0],
            strip_legends(item[1].entry.get("name", ""))[1],
            item[1].entry.get("name", ""),
        ),
    )
    for key, view in ordered:
        owner = key[0]
        raw_name = view.entry.get("name", "").strip()
        name, legends = strip_legends(raw_name)
        taken = used_names[owner]
        if name.lower() in taken:
            # Keep the tag where a Legends entry shares its name with a current one.
            name = raw_name
        if name.lower() in taken:
            state.out.unmapped.append(
                Unmapped(
                    file=state.index.entry_file.get(key[1], ""),
                    entry_id=key[1],
                    kind="duplicate datasheet name",
                    name=raw_name,
                    detail=f"{owner} already has {name!r} ({taken[name.lower()]})",
                )
            )
            continue
        taken[name.lower()] = key[1]
        sheets[key] = datasheet(state, owner, name, legends, view)
    state.sheet_key = {key: sheet.key for key, sheet in sheets.items()}
    return sheets


def datasheet(
    state: ParseState, owner: str, name: str, legends: bool, view: UnitView
) -> ParsedDatasheet:
    faction = state.factions[owner]
    ctx = Ctx(state.factions[view.faction].file.id, detachment="")
    entry = view.entry
    sheet = ParsedDatasheet(
        faction=owner,
        name=name,
        source_id=entry.get("id", ""),
        source_file=state.index.entry_file.get(entry.get("id", ""), view.link_file),
        keywords=view.keywords,
        faction_keywords=view.faction_keywords,
        legends=legends,
    )
    notes: list[str] = []
    if not sheet.faction_keywords and is_upgrade_unit(entry, partial(model_entries, state)):
        # X-101 states no Faction category; the catalogue that offers it is its faction.
        sheet.faction_keywords = (faction.keyword,)
        notes.append(NOTE_FACTION_FROM_CATALOGUE)
    comp = unit_composition(state, view, ctx, notes)
    models = comp.models
    low, high, prices, options = pricing(state, view, comp, ctx, notes)
    sheet.min_models, sheet.max_models = max(low, 1), max(high, low, 1)
    sheet.prices = tuple(prices)
    sheet.options = tuple(options)
    if not prices:
        state.out.unmapped.append(
            Unmapped(sheet.source_file, sheet.source_id, "no points", entry.get("name", ""))
        )
    sheet.limit = datasheet_limit(state, view, sheet, ctx, faction)
    abilities = unit_abilities(state, view, models, ctx)
    sheet.deep_strike = has_everywhere(abilities, "deep strike", view, models)
    sheet.conditional_abilities = conditional_abilities(state, view, abilities, sheet, ctx)
    sheet.hover = any(a.name.lower() == "hover" for a in abilities)
    sheet.wargear = sheet_wargear(state, view, comp, abilities, sheet, ctx)
    sheet.warlord = warlord_rule(state, view, models, sheet.keywords, ctx, notes)
    leader_names: list[str] = []
    for ability in abilities:
        if ability.kind == "Abilities" and ability.name.strip().lower() == "leader":
            targets = parse_leader_targets(ability.text)
            leader_names.extend(targets.names)
            sheet.joins_led_unit = sheet.joins_led_unit or targets.joins_led_unit
        if ability.kind == "Abilities":
            sheet.extra_leaders = max(sheet.extra_leaders, parse_extra_leaders(ability.text))
    sheet.leader_names = tuple(dict.fromkeys(leader_names))
    sheet.is_transport = "TRANSPORT" in sheet.keywords
    # Most catalogues use a "Transport" profile type; some an ability named "Transport".
    capacity_texts = [a.text for a in abilities if a.kind == "Transport"] + [
        a.text
        for a in abilities
        if a.kind == "Abilities" and a.name.strip().lower() in ("transport", "capacity")
    ]
    if capacity_texts and sheet.is_transport:
        sheet.pools = transport_pools(state, capacity_texts[0], sheet)
        if not all(pool.complete for pool in sheet.pools) or not sheet.pools:
            notes.append("transport: " + (sheet.pools[0].note if sheet.pools else "no pools"))
    elif capacity_texts:
        notes.append(NOTE_PASSENGER_RULE)
    elif sheet.is_transport:
        notes.append("transport: no capacity stated")
        state.out.unmapped.append(
            Unmapped(sheet.source_file, sheet.source_id, "transport without capacity", name)
        )
    sheet.review_notes = tuple(notes)
    return sheet


def sheet_wargear(
    state: ParseState,
    view: UnitView,
    comp: Composition,
    abilities: list[Ability],
    sheet: ParsedDatasheet,
    ctx: Ctx,
) -> dict[str, Any]:
    bounds = {
        slot.key: (slot.minimum, slot.maximum if slot.maximum is not None else sheet.max_models)
        for slot in comp.slots
    }
    names = (a.name for a in abilities if a.kind in WARGEAR_ABILITY_KINDS)
    return wargear_of(
        index=state.index,
        ctx=ctx,
        unit=view.entry,
        models=comp.models,
        bounds=bounds,
        abilities=names,
        max_models=sheet.max_models,
    ).as_json()


def transport_pools(state: ParseState, text: str, sheet: ParsedDatasheet) -> tuple[ParsedPool, ...]:
    owner_keyword = state.factions[sheet.faction].keyword
    capacity = parse_transport_capacity(
        text, faction_keyword=owner_keyword, vocabulary=state.vocabulary
    )
    return tuple(
        ParsedPool(
            position=position,
            capacity=pool.capacity,
            allowed=pool.allowed,
            forbidden=pool.forbidden,
            space=pool.space,
            only_datasheets=pool.only_datasheets,
            complete=capacity.complete,
            note=capacity.note,
        )
        for position, pool in enumerate(capacity.pools)
    )
