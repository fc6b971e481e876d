"""Read a BSData directory into plain dataclasses: the facts the catalogue models hold.

No database here. ``parse_bsdata(directory)`` returns a ``ParsedCatalogue`` that the writer
in ``bsdata.py`` loads. Conventions (which faction owns a datasheet, when a unit is an ally,
how brackets are derived) are documented where they are decided.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from django.utils.text import slugify

from .bsdata_allies import availability
from .bsdata_broken_links import broken_links, refuse_broken
from .bsdata_datasheets import build_datasheets
from .bsdata_detachments import (
    build_detachments,
    collect_detachments,
    detachment_owners,
    enhancement_candidates,
)
from .bsdata_entries import (
    assign_keywords,
    assign_owners,
    build_factions,
    collect_views,
    faction_chain,
)
from .bsdata_facts import (
    DatasheetKey,
    ParsedAllyRule,
    ParsedAvailability,
    ParsedCatalogue,
    ParsedDatasheet,
    ParsedDetachment,
    ParsedEnhancement,
    ParsedFaction,
    ParsedLimit,
    ParsedOption,
    ParsedPool,
    Unmapped,
    faction_name,
)
from .bsdata_integrity import IntegrityError
from .bsdata_leaders import keyword_phrase, resolve_leaders
from .bsdata_limits import LimitReader
from .bsdata_state import ParseState
from .bsdata_upgrades import read_upgrades
from .bsdata_xml import (
    BsdataError,
    load_index,
)

# The limits reader and tests import the parsed facts from here, as before the split.
__all__ = [
    "DatasheetKey",
    "ParsedAllyRule",
    "ParsedAvailability",
    "ParsedCatalogue",
    "ParsedDatasheet",
    "ParsedDetachment",
    "ParsedEnhancement",
    "ParsedFaction",
    "ParsedOption",
    "ParsedPool",
    "Unmapped",
    "faction_name",
    "keyword_phrase",
    "parse_bsdata",
]


def parse_bsdata(
    directory: Path, factions: Collection[str] | None = None, *, allow_broken: bool = False
) -> ParsedCatalogue:
    """Parse a BSData directory; with ``factions``, build only what those factions need.

    A link to a missing target raises BsdataError unless ``allow_broken``; then each broken
    link is listed among the unmapped items.
    """
    index = load_index(directory)
    broken = broken_links(index)
    if not allow_broken:
        try:
            refuse_broken(broken)
        except IntegrityError as exc:
            raise BsdataError(str(exc)) from exc
    state = ParseState(index)
    state.out.unmapped.extend(
        Unmapped(link.file, link.target, "broken link", link.name, str(link)) for link in broken
    )
    build_factions(state)
    collect_detachments(state)
    collect_views(state)
    assign_keywords(state)
    assign_owners(state)
    scope = _scope(state, factions)
    enhancement_candidates(state)
    needed = set(scope)
    for name in scope:
        for view in state.factions[name].views:
            assert view.key is not None
            needed.add(view.key[0])
    for name in list(needed):
        needed.update(faction_chain(state, name))
    sheets = build_datasheets(state, needed)
    availability(state, scope)
    by_key = {sheet.key: sheet for sheet in sheets.values()}
    resolve_leaders(state, by_key)
    build_detachments(state, detachment_owners(state, scope))
    state.out.upgrades = read_upgrades(
        state, {d.source_id: (d.faction, d.name) for d in state.out.detachments}
    )
    _read_limits(state, scope)
    out = state.out
    if state.warlord_conditional:
        out.notes.append(
            f"{state.warlord_conditional} warlord options change with roster choices "
            "(base rule recorded)"
        )
    out.scope = frozenset(scope)
    out.factions = [
        ParsedFaction(
            name=f.name,
            slug=slugify(f.name),
            keyword=f.keyword,
            parent=f.parent,
            grand_alliance=f.grand_alliance,
            source_file=f.file.filename,
            catalogue_id=f.file.id,
        )
        for f in sorted(state.factions.values(), key=lambda f: f.name)
        if f.name in needed
    ]
    out.datasheets = sorted(by_key.values(), key=lambda s: s.key)
    return out


def _read_limits(state: ParseState, scope: Collection[str]) -> None:
    """Add each faction's army-scope limits, leaving out what an ancestor already states."""
    reader = LimitReader(state)
    found: dict[str, list[ParsedLimit]] = {}
    for name in sorted(scope):
        chain_keywords = {state.factions[n].keyword for n in faction_chain(state, name)}
        limits, failed = reader.read(state.factions[name], chain_keywords)
        found[name] = limits
        if failed:
            state.out.unmapped.append(
                Unmapped(
                    state.factions[name].file.filename,
                    "",
                    "army limit not expressed",
                    name,
                    f"{failed} army-scope limit(s) whose modifiers or conditions the limit "
                    "model cannot state",
                )
            )
    for name in sorted(scope):
        inherited = {
            _limit_fact(limit)
            for ancestor in faction_chain(state, name)[1:]
            for limit in found.get(ancestor, ())
        }
        state.out.limits.extend(x for x in found[name] if _limit_fact(x) not in inherited)


def _limit_fact(limit: ParsedLimit) -> str:
    return repr((limit.code, limit.source_id, limit.subject, limit.maximum, limit.steps))


def _scope(state: ParseState, factions: Collection[str] | None) -> list[str]:
    if not factions:
        return sorted(state.factions)
    wanted: list[str] = []
    lookup: dict[str, str] = {}
    for name, faction in state.factions.items():
        lookup[name.lower()] = name
        lookup[slugify(name)] = name
        lookup[faction.file.filename.lower()] = name
    for requested in factions:
        found = lookup.get(requested.lower()) or lookup.get(slugify(requested))
        if found is None:
            raise KeyError(requested)
        wanted.append(found)
    chained = {n for name in wanted for n in faction_chain(state, name)}
    return sorted(chained)
