"""Which factions there are, the roots each sees, their keywords and parents, and which faction
owns each datasheet.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from functools import partial

from .bsdata_facts import (
    ALLIED_UNITS,
    FACTION_PREFIX,
    REFERENCE_CATEGORIES,
    UNIT_TYPES,
    faction_name,
    is_keyword_category,
)
from .bsdata_root_units import is_upgrade_unit
from .bsdata_state import FactionState, ParseState, UnitView
from .bsdata_xml import (
    Ctx,
    Element,
    category_changes,
    children,
    maybe_visible,
)
from .leader_text import normalise_name

# - factions and the roots they see


def build_factions(state: ParseState) -> None:
    for filename, catalogue in state.index.files.items():
        if catalogue.game_system or catalogue.library:
            continue
        name, alliance = faction_name(catalogue.name)
        state.factions[name] = FactionState(file=catalogue, name=name, grand_alliance=alliance)
        state.by_file[filename] = name


def root_entries(
    state: ParseState, filename: str, seen: set[str] | None = None
) -> Iterator[tuple[str, Element]]:
    """Yield (file, root link or entry) for a catalogue and what it imports, then the gst."""
    imported = seen is not None
    seen = set() if seen is None else seen
    if filename in seen:
        return
    seen.add(filename)
    root = state.index.files[filename].root
    for container in ("entryLinks", "selectionEntries"):
        for element in children(root, container):
            # import="false" keeps a root entry to its own catalogue: a library's or
            # Agents' "Detachment" list is not offered to the armies that import it.
            if imported and element.get("import") == "false":
                continue
            yield filename, element
    for target, imports in state.index.catalogue_links(filename):
        if imports:
            yield from root_entries(state, target.filename, seen)


def collect_views(state: ParseState) -> None:
    game_systems = [f for f, c in state.index.files.items() if c.game_system]
    for faction in state.factions.values():
        ctx, base = faction.ctx, faction.base
        seen_entries: set[tuple[int, str]] = set()
        sources = list(root_entries(state, faction.file.filename))
        for gst in game_systems:
            sources.extend(root_entries(state, gst))
        for link_file, element in sources:
            entry = state.index.target(element)
            if entry is None:
                continue
            if entry.get("type") not in UNIT_TYPES and not is_upgrade_unit(
                entry, partial(model_entries, state)
            ):
                continue
            link = element if element is not entry else None
            elements = (link, entry) if link is not None else (entry,)
            if not maybe_visible(state.index, elements, ctx):
                continue
            marker = (id(element), entry.get("id", ""))
            if marker in seen_entries:
                continue
            seen_entries.add(marker)
            view = make_view(state, faction, link, entry, link_file, base)
            if view is None:
                continue
            faction.views.append(view)


def make_view(
    state: ParseState,
    faction: FactionState,
    link: Element | None,
    entry: Element,
    link_file: str,
    base: Ctx,
) -> UnitView | None:
    category_ids: list[str] = []
    primary: str | None = None
    for element in (entry, link):
        if element is None:
            continue
        for category_link in children(element, "categoryLinks"):
            category_id = category_link.get("targetId", "")
            category_ids.append(category_id)
            if category_link.get("primary") == "true":
                primary = state.index.category_names.get(category_id, "")
    if primary in REFERENCE_CATEGORIES:
        return None
    for model in model_entries(state, entry):
        for category_link in children(model, "categoryLinks"):
            category_ids.append(category_link.get("targetId", ""))
    ids = set(category_ids)
    for element in (entry, link):
        if element is None:
            continue
        added, removed, _ = category_changes(state.index, element, base)
        ids = (ids | added) - removed
    keywords, faction_keywords = keywords_of(state, ids)
    return UnitView(
        faction=faction.name,
        link=link,
        entry=entry,
        link_file=link_file,
        category_ids=ids,
        keywords=keywords,
        faction_keywords=faction_keywords,
        own=link_file == faction.file.filename,
    )


def keywords_of(
    state: ParseState, category_ids: Iterable[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    keywords: set[str] = set()
    faction_keywords: set[str] = set()
    for category_id in category_ids:
        name = state.index.category_names.get(category_id)
        if not name:
            continue
        if name.startswith(FACTION_PREFIX):
            faction_keywords.add(name[len(FACTION_PREFIX) :].strip().upper())
        elif is_keyword_category(name, state.index.categories.get(category_id)):
            keywords.add(name.strip().upper())
    return tuple(sorted(keywords)), tuple(sorted(faction_keywords))


def model_entries(state: ParseState, entry: Element) -> list[Element]:
    """Return the model-type entries nested in a unit (following links), cached by id."""
    entry_id = entry.get("id", "")
    cached = state.model_cache.get(entry_id)
    if cached is not None:
        return cached
    found: list[Element] = []
    _walk_models(state, entry, found, depth=0)
    state.model_cache[entry_id] = found
    return found


def _walk_models(state: ParseState, element: Element, found: list[Element], depth: int) -> None:
    if depth > 6:
        return
    for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
        for child in children(element, container):
            target = state.index.target(child)
            if target is None:
                continue
            if target.tag == "selectionEntryGroup":
                _walk_models(state, target, found, depth + 1)
            elif target.get("type") == "model":
                found.append(target)
            elif target.get("type") == "unit":
                _walk_models(state, target, found, depth + 1)


# - faction keywords and parents


def assign_keywords(state: ParseState) -> None:
    own_counts: dict[str, Counter[str]] = {}
    all_keywords: dict[str, Counter[str]] = {}
    for faction in state.factions.values():
        counts: Counter[str] = Counter()
        everything: Counter[str] = Counter()
        for view in faction.views:
            if is_allied_category(state, view):
                continue
            everything.update(view.faction_keywords)
            if view.own:
                counts.update(view.faction_keywords)
        own_counts[faction.name] = counts
        all_keywords[faction.name] = everything
    first_guess = {
        name: _pick_keyword(state, name, own_counts[name], all_keywords[name], exclude=set())
        for name in state.factions
    }
    for faction in state.factions.values():
        own = set(own_counts[faction.name])
        for target, imports in state.index.catalogue_links(faction.file.filename):
            parent = state.by_file.get(target.filename)
            if imports and parent and parent != faction.name and first_guess[parent] in own:
                faction.parent = parent
                break
    for faction in state.factions.values():
        exclude = {first_guess[faction.parent]} if faction.parent else set()
        faction.keyword = _pick_keyword(
            state, faction.name, own_counts[faction.name], all_keywords[faction.name], exclude
        )


def _pick_keyword(
    state: ParseState, name: str, own: Counter[str], everything: Counter[str], exclude: set[str]
) -> str:
    wanted = normalise_name(name)
    for keyword in sorted(set(own) | set(everything)):
        if normalise_name(keyword) == wanted:
            return keyword
    for counts in (own, everything):
        ranked = sorted(
            ((count, keyword) for keyword, count in counts.items() if keyword not in exclude),
            key=lambda item: (-item[0], item[1]),
        )
        if ranked:
            return ranked[0][1]
    return name.upper()


def is_allied_category(state: ParseState, view: UnitView) -> bool:
    return any(state.index.category_names.get(c) == ALLIED_UNITS for c in view.category_ids)


def faction_chain(state: ParseState, name: str) -> list[str]:
    out = []
    current: str | None = name
    while current is not None and current not in out:
        out.append(current)
        current = state.factions[current].parent
    return out


# - who owns each datasheet


def assign_owners(state: ParseState) -> None:
    """Give each unit entry one owning faction, and each view its datasheet key."""
    # Entries in a faction's own catalogue belong to it. Library entries belong to the
    # faction whose keyword they carry (so Library - Titans splits into Adeptus Titanicus and
    # Titanicus Traitoris copies, and Heresy Legends into Space Marines and Chaos Space
    # Marines). A library entry carrying no faction's keyword (Unaligned Forces, Harlequins)
    # goes to the alphabetically first faction that links that library directly and sees it.
    seers: dict[str, set[str]] = defaultdict(set)
    for faction in state.factions.values():
        for view in faction.views:
            seers[view.entry.get("id", "")].add(faction.name)
    keyword_owner: dict[str, list[str]] = defaultdict(list)
    for faction in state.factions.values():
        keyword_owner[faction.keyword].append(faction.name)
    direct_links: dict[str, set[str]] = defaultdict(set)
    for faction in state.factions.values():
        for target, _ in state.index.catalogue_links(faction.file.filename):
            direct_links[target.filename].add(faction.name)
    for faction in state.factions.values():
        for view in faction.views:
            entry_id = view.entry.get("id", "")
            owner = _owner(state, view, entry_id, seers, keyword_owner, direct_links)
            view.key = (owner, entry_id)


def _owner(
    state: ParseState,
    view: UnitView,
    entry_id: str,
    seers: Mapping[str, set[str]],
    keyword_owner: Mapping[str, list[str]],
    direct_links: Mapping[str, set[str]],
) -> str:
    entry_file = state.index.entry_file.get(entry_id, view.link_file)
    defining = state.by_file.get(entry_file)
    if defining is not None:
        return defining
    candidates = sorted(
        {
            name
            for keyword in view.faction_keywords
            for name in keyword_owner.get(keyword, ())
            if name in seers[entry_id]
        },
        key=lambda name: (
            name not in faction_chain(state, view.faction),
            -len(faction_chain(state, name)),
            name,
        ),
    )
    if candidates:
        return candidates[0]
    direct = sorted(seers[entry_id] & direct_links.get(entry_file, set()))
    return direct[0] if direct else sorted(seers[entry_id])[0]
