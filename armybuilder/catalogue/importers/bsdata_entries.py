"""Which factions there are, the roots each sees, their keywords and parents, and which faction
owns each datasheet.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping

from .bsdata_facts import (
    ALLIED_UNITS,
    FACTION_PREFIX,
    REFERENCE_CATEGORIES,
    UNIT_TYPES,
    faction_name,
    is_keyword_category,
)
from .bsdata_root_units import is_upgrade_unit
from .bsdata_state import FactionState, UnitView
from .bsdata_xml import (
    Ctx,
    Element,
    category_changes,
    children,
    maybe_visible,
)
from .leader_text import normalise_name


class EntriesMixin:
    # - factions and the roots they see

    def build_factions(self) -> None:
        for filename, catalogue in self.index.files.items():
            if catalogue.game_system or catalogue.library:
                continue
            name, alliance = faction_name(catalogue.name)
            self.factions[name] = FactionState(file=catalogue, name=name, grand_alliance=alliance)
            self.by_file[filename] = name

    def root_entries(
        self, filename: str, seen: set[str] | None = None
    ) -> Iterator[tuple[str, Element]]:
        """Yield (file, root link or entry) for a catalogue and what it imports, then the gst."""
        imported = seen is not None
        seen = set() if seen is None else seen
        if filename in seen:
            return
        seen.add(filename)
        root = self.index.files[filename].root
        for container in ("entryLinks", "selectionEntries"):
            for element in children(root, container):
                # import="false" keeps a root entry to its own catalogue: a library's or
                # Agents' "Detachment" list is not offered to the armies that import it.
                if imported and element.get("import") == "false":
                    continue
                yield filename, element
        for target, imports in self.index.catalogue_links(filename):
            if imports:
                yield from self.root_entries(target.filename, seen)

    def collect_views(self) -> None:
        game_systems = [f for f, c in self.index.files.items() if c.game_system]
        for faction in self.factions.values():
            ctx, base = faction.ctx, faction.base
            seen_entries: set[tuple[int, str]] = set()
            sources = list(self.root_entries(faction.file.filename))
            for gst in game_systems:
                sources.extend(self.root_entries(gst))
            for link_file, element in sources:
                entry = self.index.target(element)
                if entry is None:
                    continue
                if entry.get("type") not in UNIT_TYPES and not is_upgrade_unit(
                    entry, self.model_entries
                ):
                    continue
                link = element if element is not entry else None
                elements = (link, entry) if link is not None else (entry,)
                if not maybe_visible(self.index, elements, ctx):
                    continue
                marker = (id(element), entry.get("id", ""))
                if marker in seen_entries:
                    continue
                seen_entries.add(marker)
                view = self.make_view(faction, link, entry, link_file, base)
                if view is None:
                    continue
                faction.views.append(view)

    def make_view(
        self,
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
                    primary = self.index.category_names.get(category_id, "")
        if primary in REFERENCE_CATEGORIES:
            return None
        for model in self.model_entries(entry):
            for category_link in children(model, "categoryLinks"):
                category_ids.append(category_link.get("targetId", ""))
        ids = set(category_ids)
        for element in (entry, link):
            if element is None:
                continue
            added, removed, _ = category_changes(self.index, element, base)
            ids = (ids | added) - removed
        keywords, faction_keywords = self.keywords_of(ids)
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

    def keywords_of(self, category_ids: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        keywords: set[str] = set()
        faction_keywords: set[str] = set()
        for category_id in category_ids:
            name = self.index.category_names.get(category_id)
            if not name:
                continue
            if name.startswith(FACTION_PREFIX):
                faction_keywords.add(name[len(FACTION_PREFIX) :].strip().upper())
            elif is_keyword_category(name, self.index.categories.get(category_id)):
                keywords.add(name.strip().upper())
        return tuple(sorted(keywords)), tuple(sorted(faction_keywords))

    def model_entries(self, entry: Element) -> list[Element]:
        """Return the model-type entries nested in a unit (following links), cached by id."""
        entry_id = entry.get("id", "")
        cached = self.model_cache.get(entry_id)
        if cached is not None:
            return cached
        found: list[Element] = []
        self._walk_models(entry, found, depth=0)
        self.model_cache[entry_id] = found
        return found

    def _walk_models(self, element: Element, found: list[Element], depth: int) -> None:
        if depth > 6:
            return
        for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
            for child in children(element, container):
                target = self.index.target(child)
                if target is None:
                    continue
                if target.tag == "selectionEntryGroup":
                    self._walk_models(target, found, depth + 1)
                elif target.get("type") == "model":
                    found.append(target)
                elif target.get("type") == "unit":
                    self._walk_models(target, found, depth + 1)

    # - faction keywords and parents

    def assign_keywords(self) -> None:
        own_counts: dict[str, Counter[str]] = {}
        all_keywords: dict[str, Counter[str]] = {}
        for faction in self.factions.values():
            counts: Counter[str] = Counter()
            everything: Counter[str] = Counter()
            for view in faction.views:
                if self.is_allied_category(view):
                    continue
                everything.update(view.faction_keywords)
                if view.own:
                    counts.update(view.faction_keywords)
            own_counts[faction.name] = counts
            all_keywords[faction.name] = everything
        first_guess = {
            name: self._pick_keyword(name, own_counts[name], all_keywords[name], exclude=set())
            for name in self.factions
        }
        for faction in self.factions.values():
            own = set(own_counts[faction.name])
            for target, imports in self.index.catalogue_links(faction.file.filename):
                parent = self.by_file.get(target.filename)
                if imports and parent and parent != faction.name and first_guess[parent] in own:
                    faction.parent = parent
                    break
        for faction in self.factions.values():
            exclude = {first_guess[faction.parent]} if faction.parent else set()
            faction.keyword = self._pick_keyword(
                faction.name, own_counts[faction.name], all_keywords[faction.name], exclude
            )

    def _pick_keyword(
        self, name: str, own: Counter[str], everything: Counter[str], exclude: set[str]
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

    def is_allied_category(self, view: UnitView) -> bool:
        return any(self.index.category_names.get(c) == ALLIED_UNITS for c in view.category_ids)

    def chain(self, name: str) -> list[str]:
        out = []
        current: str | None = name
        while current is not None and current not in out:
            out.append(current)
            current = self.factions[current].parent
        return out

    # - who owns each datasheet

    def assign_owners(self) -> None:
        """Give each unit entry one owning faction, and each view its datasheet key."""
        # Entries in a faction's own catalogue belong to it. Library entries belong to the
        # faction whose keyword they carry (so Library - Titans splits into Adeptus Titanicus and
        # Titanicus Traitoris copies, and Heresy Legends into Space Marines and Chaos Space
        # Marines). A library entry carrying no faction's keyword (Unaligned Forces, Harlequins)
        # goes to the alphabetically first faction that links that library directly and sees it.
        seers: dict[str, set[str]] = defaultdict(set)
        for faction in self.factions.values():
            for view in faction.views:
                seers[view.entry.get("id", "")].add(faction.name)
        keyword_owner: dict[str, list[str]] = defaultdict(list)
        for faction in self.factions.values():
            keyword_owner[faction.keyword].append(faction.name)
        direct_links: dict[str, set[str]] = defaultdict(set)
        for faction in self.factions.values():
            for target, _ in self.index.catalogue_links(faction.file.filename):
                direct_links[target.filename].add(faction.name)
        for faction in self.factions.values():
            for view in faction.views:
                entry_id = view.entry.get("id", "")
                owner = self._owner(view, entry_id, seers, keyword_owner, direct_links)
                view.key = (owner, entry_id)

    def _owner(
        self,
        view: UnitView,
        entry_id: str,
        seers: Mapping[str, set[str]],
        keyword_owner: Mapping[str, list[str]],
        direct_links: Mapping[str, set[str]],
    ) -> str:
        entry_file = self.index.entry_file.get(entry_id, view.link_file)
        defining = self.by_file.get(entry_file)
        if defining is not None:
            return defining
        candidates = sorted(
            {
                name
                for keyword in view.faction_keywords
                for name in keyword_owner.get(keyword, ())
                if name in seers[entry_id]
            },
            key=lambda name: (name not in self.chain(view.faction), -len(self.chain(name)), name),
        )
        if candidates:
            return candidates[0]
        direct = sorted(seers[entry_id] & direct_links.get(entry_file, set()))
        return direct[0] if direct else sorted(seers[entry_id])[0]
