"""Each faction offers exactly the detachments BSData allows it (against ../shared).

The expected table is read straight from the XML with a walker written for this test alone:
a faction sees the "Detachment" roots of its own catalogue and of the catalogues it imports,
less roots marked import="false" in an imported catalogue, and less the options the data
hides for its primary catalogue (or for a standard "Army Roster" force, as against Boarding
Actions or Crusade forces). The importer's table is what a roster of that faction is
offered: its own detachments and its ancestors', less those hidden for it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from xml.etree.ElementTree import Element

import pytest

from armybuilder.catalogue.importers.bsdata_parse import ParsedCatalogue, parse_bsdata
from tests.conftest import BSDATA_DIR, require_shared

NS = "{http://www.battlescribe.net/schema/catalogueSchema}"
ROOT_NAME = re.compile(r"^detachments?\b", re.IGNORECASE)

pytestmark = pytest.mark.shared


class _Xml:
    def __init__(self, directory: Path) -> None:
        self.files: dict[str, Element] = {}
        self.ids: dict[str, Element] = {}
        # The kind of force every roster here is: BSData's "Army Roster" force entry.
        self.forces: dict[str, bool] = {}
        for path in directory.glob("*.gst"):
            for force in ET.parse(path).getroot().iter():
                if force.tag.endswith("}forceEntry"):  # the .gst has a namespace of its own
                    self.forces[force.get("id", "")] = force.get("name") == "Army Roster"
        for path in sorted(directory.glob("*.cat")):
            root = ET.parse(path).getroot()
            self.files[root.get("id", "")] = root
            for element in root.iter():
                if element.tag in (f"{NS}selectionEntry", f"{NS}selectionEntryGroup"):
                    self.ids.setdefault(element.get("id", ""), element)

    def roots(self, catalogue_id: str, seen: set[str]) -> Iterator[Element]:
        imported = bool(seen)
        seen.add(catalogue_id)
        root = self.files[catalogue_id]
        for container in ("entryLinks", "selectionEntries"):
            for element in root.findall(f"{NS}{container}/*"):
                if imported and element.get("import") == "false":
                    continue
                target = (
                    self.ids.get(element.get("targetId", "")) if "Link" in element.tag else element
                )
                if target is not None and ROOT_NAME.match(target.get("name", "")):
                    yield target
        for link in root.findall(f"{NS}catalogueLinks/{NS}catalogueLink"):
            target_id = link.get("targetId", "")
            imports = link.get("importRootEntries") == "true"
            if imports and target_id not in seen and target_id in self.files:
                yield from self.roots(target_id, seen)

    def options(self, element: Element, via: tuple[Element, ...]) -> Iterator[tuple[Element, ...]]:
        for entry in element.findall(f"{NS}selectionEntries/{NS}selectionEntry"):
            yield (*via, entry)
        for group in element.findall(f"{NS}selectionEntryGroups/{NS}selectionEntryGroup"):
            yield from self.options(group, (*via, group))
        for link in element.findall(f"{NS}entryLinks/{NS}entryLink"):
            target = self.ids.get(link.get("targetId", ""))
            if target is None:
                continue
            if target.tag == f"{NS}selectionEntryGroup":
                yield from self.options(target, (*via, link, target))
            else:
                yield (*via, link, target)

    def hidden(self, path: tuple[Element, ...], catalogue_id: str) -> bool:
        for element in path:
            if element.get("hidden") == "true":
                return True
            for modifier in element.findall(f"{NS}modifiers/{NS}modifier"):
                hides = modifier.get("field") == "hidden" and modifier.get("value") == "true"
                if hides and _holds(modifier, catalogue_id, self.forces):
                    return True
        return False

    def table(self) -> dict[str, set[str]]:
        table: dict[str, set[str]] = {}
        for catalogue_id, root in self.files.items():
            if root.get("library") == "true":
                continue
            names: set[str] = set()
            for detachment_root in self.roots(catalogue_id, set()):
                for path in self.options(detachment_root, (detachment_root,)):
                    if not self.hidden(path, catalogue_id):
                        names.add(path[-1].get("name", "").strip())
            table[root.get("name", "")] = names
        return table


def _holds(holder: Element, catalogue_id: str, forces: dict[str, bool]) -> bool:
    """Whether a hide holds for this primary catalogue in an Army Roster force; any other
    condition counts as not holding."""
    results = []
    for condition in holder.findall(f"{NS}conditions/{NS}condition"):
        child = condition.get("childId", "")
        if condition.get("scope") == "primary-catalogue":
            same = child == catalogue_id
        elif child in forces:
            same = forces[child]
        else:
            results.append(False)
            continue
        results.append(same if condition.get("type") == "instanceOf" else not same)
    for group in holder.findall(f"{NS}conditionGroups/{NS}conditionGroup"):
        results.append(_holds_group(group, catalogue_id, forces))
    return bool(results) and all(results)


def _holds_group(group: Element, catalogue_id: str, forces: dict[str, bool]) -> bool:
    parts = [
        _holds(_single(condition), catalogue_id, forces)
        for condition in group.findall(f"{NS}conditions/{NS}condition")
    ] + [_holds_group(g, catalogue_id, forces) for g in group.findall(f"{NS}conditionGroups/*")]
    return any(parts) if group.get("type") == "or" else bool(parts) and all(parts)


def _single(condition: Element) -> Element:
    holder = ET.Element("holder")
    box = ET.SubElement(holder, f"{NS}conditions")
    box.append(condition)
    return holder


@pytest.fixture(scope="module")
def parsed() -> ParsedCatalogue:
    return parse_bsdata(require_shared(BSDATA_DIR))


@pytest.fixture(scope="module")
def expected() -> dict[str, set[str]]:
    return _Xml(require_shared(BSDATA_DIR)).table()


def _offered(parsed: ParsedCatalogue) -> dict[str, list[str]]:
    parents = {f.name: f.parent for f in parsed.factions}
    offered: dict[str, list[str]] = {}
    for faction in parsed.factions:
        chain, name = [], faction.name
        while name is not None:
            chain.append(name)
            name = parents.get(name)
        offered[faction.source_file] = sorted(
            d.name
            for d in parsed.detachments
            if d.faction in chain and faction.name not in d.hidden_for
        )
    return offered


def test_every_faction_offers_exactly_the_detachments_bsdata_allows(
    parsed: ParsedCatalogue, expected: dict[str, set[str]]
) -> None:
    by_catalogue = {f.source_file: f for f in parsed.factions}
    names = {
        path.name: ET.parse(path).getroot().get("name", "") for path in BSDATA_DIR.glob("*.cat")
    }
    offered = _offered(parsed)
    differences = {
        names[source]: (
            sorted(set(got) - expected[names[source]]),
            sorted(expected[names[source]] - set(got)),
        )
        for source, got in offered.items()
        if set(got) != expected[names[source]]
    }
    assert differences == {}
    duplicated = {source: got for source, got in offered.items() if len(got) != len(set(got))}
    assert duplicated == {}
    assert len(by_catalogue) == 36


def test_the_reported_cases(parsed: ParsedCatalogue) -> None:
    offered = {f"{source}": got for source, got in _offered(parsed).items()}
    templars = offered["Imperium - Black Templars.cat"]
    assert "1st Company Task Force" not in templars
    assert "Librarius Conclave" not in templars
    assert "Gladius Task Force" in templars
    assert "1st Company Task Force" in offered["Imperium - Blood Angels.cat"]
    agents = {d.name for d in parsed.detachments if d.faction == "Agents of the Imperium"}
    assert len(agents) == 5
    assert not agents & set(offered["Imperium - Adepta Sororitas.cat"])
    daemons = {d.name for d in parsed.detachments if d.faction == "Chaos Daemons"}
    assert len(daemons) == 6
    for source in ("Chaos - Chaos Space Marines.cat", "Chaos - Chaos Knights.cat"):
        assert not daemons & set(offered[source])


def test_no_enhancement_is_stored_twice(parsed: ParsedCatalogue) -> None:
    counts = Counter(e.source_id for e in parsed.enhancements)
    assert [source for source, n in counts.items() if n > 1] == []
    assert len(parsed.enhancements) == 802
