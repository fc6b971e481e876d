"""The wargear checks over a whole army: WARGEAR_CHOICE for each unit whose stated wargear
its datasheet does not allow, WARGEAR_UNREAD for the lines an import could not place. The
per-unit reading they apply lives in ``wargear.py``, which needs no validation context."""

from __future__ import annotations

from collections.abc import Iterable

from armybuilder.rules import codes
from armybuilder.rules.context import Context
from armybuilder.rules.messages import Param, joined
from armybuilder.rules.model import UnreadGear, Violation
from armybuilder.rules.wargear import unit_wargear_problems


def check_wargear(ctx: Context) -> Iterable[Violation]:
    """Report every unit whose stated wargear its datasheet does not allow."""
    found: list[Violation] = []
    for unit in ctx.army.units:
        if unit.loadout:
            found.extend(unit_wargear_problems(unit))
    return found


def unread_text(gear: UnreadGear) -> Param:
    """One unread line in words: its line number, its text and the nearest names."""
    names = ", ".join(gear.nearest)
    if gear.line is None:
        if names:
            return codes.MSG_UNREAD_TEXT_NEAREST.format(text=gear.text, names=names)
        return f"“{gear.text}”"
    if names:
        return codes.MSG_UNREAD_LINE_NEAREST.format(line=gear.line, text=gear.text, names=names)
    return codes.MSG_UNREAD_LINE.format(line=gear.line, text=gear.text)


def check_wargear_unread(ctx: Context) -> Iterable[Violation]:
    """Warn, once per unit, of the wargear lines an import could not place (WARGEAR_UNREAD).

    Never an error: the unit keeps its stated models and the defaults stand where those
    lines would have set the wargear.
    """
    found: list[Violation] = []
    for unit in ctx.army.units:
        if unit.unread:
            texts = [unread_text(gear) for gear in unit.unread]
            message = codes.MSG_WARGEAR_UNREAD.format(
                unit=unit.name,
                count=len(texts),
                lines=texts[0] if len(texts) == 1 else joined(", ", texts),
            )
            found.append(codes.violation(codes.WARGEAR_UNREAD, message, (unit.id,)))
    return found
