"""Every link of a BSData directory must point at something that exists: a broken entry
link would silently drop, say, a unit's availability. Broken links fail the import unless
the caller allows them; then each one is reported."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .bsdata_integrity import IntegrityError, Lines
from .bsdata_xml import Index

ERROR_BROKEN: Final = (
    "{count} broken link(s); run with --allow-broken to import without them. First: {first}"
)
BROKEN_LINE: Final = "{file}, line {line}: {tag} '{name}' points at missing {target}"


@dataclass(frozen=True)
class BrokenLink:
    file: str
    line: int
    tag: str
    name: str
    target: str

    def __str__(self) -> str:
        return BROKEN_LINE.format(
            file=self.file, line=self.line, tag=self.tag, name=self.name, target=self.target
        )


def broken_links(index: Index) -> list[BrokenLink]:
    """Return every entry, category, info or catalogue link whose target is missing."""
    found: list[BrokenLink] = []
    for catalogue in index.files.values():
        lines = Lines(catalogue.path)
        for element in catalogue.root.iter():
            tag = element.tag
            target = element.get("targetId", "")
            if tag == "entryLink":
                missing = target not in index.entries
            elif tag == "categoryLink":
                missing = target not in index.categories
            elif tag == "infoLink":
                missing = target not in index.infos
            elif tag == "catalogueLink":
                missing = target not in index.by_catalogue_id
            else:
                continue
            if missing:
                link_id = element.get("id", "")
                line = lines.find(f'id="{link_id}"' if link_id else "", f'targetId="{target}"')
                found.append(
                    BrokenLink(catalogue.filename, line, tag, element.get("name", ""), target)
                )
    return found


def refuse_broken(links: list[BrokenLink]) -> None:
    """Raise naming the first broken link (and how many there are)."""
    if links:
        raise IntegrityError(ERROR_BROKEN.format(count=len(links), first=links[0]))
