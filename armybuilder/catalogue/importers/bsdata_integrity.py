"""What a BSData directory must satisfy before anything is imported from it.

Two checks, both on the raw files: every number the importer reads is a finite number of
a sane size (a cost of ``-1e400`` is refused, naming file and line), here, as each file is
read; and every link points at something that exists (``bsdata_broken_links.py``, once
the files are indexed).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Final

ERROR_NUMBER: Final = "{file}, line {line}: <{tag}> has {attribute}={value!r}, not a number"
ERROR_NUMBER_RANGE: Final = (
    "{file}, line {line}: <{tag}> has {attribute}={value!r}, outside -{bound}..{bound}"
)

# No points value, count or model number in the game comes near this.
NUMBER_BOUND: Final = 1_000_000
# Where each tag keeps its numbers.
NUMERIC: Final[dict[str, tuple[str, ...]]] = {
    "cost": ("value",),
    "constraint": ("value",),
    "condition": ("value",),
    "repeat": ("value", "repeats"),
}
ARITHMETIC_MODIFIERS: Final = frozenset({"increment", "decrement", "multiply", "divide"})
# A "set" modifier's value is a number only when it reads as one whole; '14"' is a Move.
_NUMBERISH = re.compile(
    r"^\s*[-+]?((\d+\.?\d*|\.\d+)(e[-+]?\d+)?|inf(inity)?|nan)\s*$", re.IGNORECASE
)


class IntegrityError(ValueError):
    """The data breaks one of the checks; the message says what and where."""


class Lines:
    """Finds the line of an element in its file's text, by its id or its attribute."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lines: list[str] | None = None

    def find(self, *needles: str) -> int:
        if self._lines is None:
            try:
                self._lines = self.path.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                self._lines = []
        for number, line in enumerate(self._lines, start=1):
            if all(needle in line for needle in needles if needle):
                return number
        return 0


def _bad_number(raw: str) -> str | None:
    """Return the error template a raw numeric attribute breaks, or None if it is fine."""
    try:
        number = float(raw)
    except ValueError:
        return ERROR_NUMBER
    if not math.isfinite(number):
        return ERROR_NUMBER
    if abs(number) > NUMBER_BOUND:
        return ERROR_NUMBER_RANGE
    return None


def check_numbers(path: Path, root: ET.Element) -> None:
    """Refuse a file holding a number the importer would read that is not a sane number."""
    lines = Lines(path)
    for element in root.iter():
        tag = element.tag
        attributes = NUMERIC.get(tag, ())
        if tag == "modifier":
            raw = element.get("value", "")
            kind = element.get("type", "")
            if kind in ARITHMETIC_MODIFIERS or (kind == "set" and _NUMBERISH.match(raw)):
                attributes = ("value",)
        for attribute in attributes:
            value = element.get(attribute)
            if value is None:
                continue
            template = _bad_number(value)
            if template is None:
                continue
            element_id = element.get("id")
            line = lines.find(f'id="{element_id}"' if element_id else "", f'{attribute}="{value}"')
            raise IntegrityError(
                template.format(
                    file=path.name,
                    line=line,
                    tag=tag,
                    attribute=attribute,
                    value=value,
                    bound=NUMBER_BOUND,
                )
            )
