"""Muster Armies: the list-building checks, each reading the shared Context."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator

from armybuilder.rules import codes
from armybuilder.rules.context import (
    BATTLELINE,
    CHARACTER,
    DEDICATED_TRANSPORT,
    EPIC_HERO,
    TITANIC,
    Context,
    all_keywords,
)
from armybuilder.rules.model import (
    Allowance,
    Army,
    BattleSize,
    Datasheet,
    Detachment,
    Enhancement,
    Severity,
    Unit,
    Violation,
    WarlordRule,
)

# At most this many enhancements in one army.
ENHANCEMENT_LIMIT = 3


def check_points_limit(ctx: Context) -> Iterator[Violation]:
    """Report a total over the battle size's points limit."""
    limit = ctx.army.points_limit
    if ctx.total > limit:
        message = codes.MSG_POINTS_LIMIT.format(
            points=ctx.total,
            limit=limit,
            over=ctx.total - limit,
            size=ctx.army.battle_size.label,
        )
        yield codes.violation(codes.POINTS_LIMIT, message)


def faction_standing(army: Army, sheet: Datasheet) -> tuple[str, Allowance | None]:
    """Say whether this army may include units of a datasheet, and under which allowance.

    Returns (refusal, allowance): a non-empty refusal is the FACTION_KEYWORD message for a
    datasheet the army may not field at all; otherwise allowance is the first Allowance
    whose keyword the datasheet carries when it lacks the army's Faction keyword (an ally),
    or None for the army's own units. Any of army.excluded_keywords shuts a datasheet out
    even when it has the faction keyword (another chapter's units).
    """
    excluded = army.excluded_keywords
    barred = (excluded & sheet.keywords) | (excluded & sheet.faction_keywords) if excluded else None
    if barred:
        refusal = codes.MSG_FACTION_EXCLUDED.format(
            unit=sheet.name, keywords=", ".join(sorted(barred))
        )
        return refusal, None
    faction = army.faction_keyword
    if faction in sheet.faction_keywords or faction in sheet.keywords:
        return "", None
    if army.kin_keywords & sheet.faction_keywords:
        return "", None
    for allowance in army.allies:
        keyword = allowance.keyword
        if keyword in sheet.faction_keywords or keyword in sheet.keywords:
            return "", allowance
    return codes.MSG_FACTION_MISSING.format(unit=sheet.name, keyword=faction), None


def datasheet_refusal(army: Army, sheet: Datasheet) -> str:
    """Say why this army may not add a unit of this datasheet at all, or return ''.

    Covers what no choice of models or wargear can fix: FACTION_KEYWORD (not the army's
    faction, no allowance covers it, or another chapter's unit) and a datasheet the chosen
    detachment forbids (DETACHMENT_UNIT_RULE). Limits on copies are datasheet_limit's.
    """
    refusal, _ = faction_standing(army, sheet)
    if refusal:
        return refusal
    detachment = army.detachment
    if detachment is not None and sheet.name in detachment.forbidden_datasheets:
        return codes.MSG_DETACHMENT_FORBIDS.format(detachment=detachment.name, datasheet=sheet.name)
    return ""


def allied_units(ctx: Context) -> dict[Allowance, list[Unit]]:
    """Group the army's allied units by the allowance that covers each."""
    found: dict[Allowance, list[Unit]] = {}
    for unit in ctx.units.values():
        refusal, allowance = faction_standing(ctx.army, unit.datasheet)
        if not refusal and allowance is not None:
            found.setdefault(allowance, []).append(unit)
    return found


def allied_points(army: Army) -> dict[Allowance, int]:
    """Return the points each of the army's allowances already spends, every one listed."""
    ctx = Context.build(army)
    spent = {allowance: 0 for allowance in army.allies}
    for allowance, members in allied_units(ctx).items():
        spent[allowance] = sum(ctx.points[unit.id] for unit in members)
    return spent


def check_faction_keyword(ctx: Context) -> Iterator[Violation]:
    """Report units outside the army's faction that no allied rule brings in.

    faction_standing decides each unit; an allowance's caps are ALLIED_UNITS.
    """
    army = ctx.army
    for unit in ctx.units.values():
        refusal, _ = faction_standing(army, unit.datasheet)
        if refusal:
            yield codes.violation(codes.FACTION_KEYWORD, refusal, (unit.id,))


def ally_cap_refusal(allowance: Allowance, used: int, units: str) -> str:
    """Say why allied units costing used points break the allowance's cap, or return ''.

    The builder asks with what the allies already spend plus a new unit's cheapest price,
    to leave out a datasheet that could only break the cap.
    """
    cap = allowance.points_cap
    if cap is None or used <= cap:
        return ""
    return codes.MSG_ALLY_CAP.format(keyword=allowance.keyword, units=units, used=used, cap=cap)


def check_detachment_required(ctx: Context) -> Iterator[Violation]:
    """Report anything but exactly one detachment of the army's own Faction keyword.

    Interpretation: the detachment's faction_keyword must equal army.faction_keyword;
    a detachment of an allied faction does not count.
    """
    detachments = ctx.army.detachments
    if not detachments:
        yield codes.violation(codes.DETACHMENT_REQUIRED, codes.MSG_DETACHMENT_NONE)
    elif len(detachments) > 1:
        message = codes.MSG_DETACHMENT_SEVERAL.format(
            count=len(detachments), names=", ".join(sorted(d.name for d in detachments))
        )
        yield codes.violation(codes.DETACHMENT_REQUIRED, message)
    elif detachments[0].faction_keyword != ctx.army.faction_keyword:
        message = codes.MSG_DETACHMENT_FACTION.format(
            detachment=detachments[0].name, keyword=ctx.army.faction_keyword
        )
        yield codes.violation(codes.DETACHMENT_REQUIRED, message)


def check_detachment_unknown(ctx: Context) -> Iterator[Violation]:
    """Warn of a detachment the catalogue has no data for (DETACHMENT_UNKNOWN).

    Never an error: an imported list may name a detachment published after the data; its
    unit rules and its enhancements' owner are then not judged (Detachment.known).
    """
    for detachment in ctx.army.detachments:
        if not detachment.known:
            message = codes.MSG_DETACHMENT_UNKNOWN.format(detachment=detachment.name)
            yield codes.violation(codes.DETACHMENT_UNKNOWN, message)


def check_detachment_units(ctx: Context) -> Iterator[Violation]:
    """Report datasheets the chosen detachment requires but lacks, or forbids but has."""
    detachment = ctx.detachment
    if detachment is None:
        return
    for name in sorted(detachment.required_datasheets - ctx.by_name.keys()):
        message = codes.MSG_DETACHMENT_REQUIRES.format(detachment=detachment.name, datasheet=name)
        yield codes.violation(codes.DETACHMENT_UNIT_RULE, message)
    for name in sorted(detachment.forbidden_datasheets & ctx.by_name.keys()):
        message = codes.MSG_DETACHMENT_FORBIDS.format(detachment=detachment.name, datasheet=name)
        yield codes.violation(
            codes.DETACHMENT_UNIT_RULE, message, (u.id for u in ctx.by_name[name])
        )


def check_unit_size(ctx: Context) -> Iterator[Violation]:
    """Report model counts outside min..max, or with no points bracket that holds them.

    Such a unit is still priced (see context.price): the smallest bracket that holds it,
    else the largest bracket, else 0, so the total stays meaningful while the list is fixed.
    """
    for unit in ctx.units.values():
        sheet = unit.datasheet
        models = unit.models
        if not sheet.min_models <= models <= sheet.max_models:
            allowed = (
                str(sheet.min_models)
                if sheet.min_models == sheet.max_models
                else f"{sheet.min_models}-{sheet.max_models}"
            )
            message = codes.MSG_UNIT_SIZE.format(unit=unit.name, models=models, allowed=allowed)
            yield codes.violation(codes.UNIT_SIZE, message, (unit.id,))
        elif unit.id in ctx.unbracketed:
            message = codes.MSG_UNIT_NO_BRACKET.format(unit=unit.name, models=models)
            yield codes.violation(codes.UNIT_SIZE, message, (unit.id,))


def allowed_model_counts(min_models: int, max_models: int, priced: Collection[int]) -> list[int]:
    """The model counts a unit of a datasheet may be taken at (UNIT_SIZE): none while the
    release prices no bracket of it, else every count between its min and max."""
    if not priced:
        return []
    return list(range(min_models, max_models + 1))


def battleline_role(detachment: Detachment | None, sheet: Datasheet) -> bool:
    """Tell whether a datasheet is Battleline: by its keyword, or granted by the detachment."""
    if BATTLELINE in sheet.keywords:
        return True
    return detachment is not None and sheet.name in detachment.battleline


def is_battleline(detachment: Detachment | None, sheet: Datasheet) -> bool:
    """Tell whether a datasheet uses the higher limit: BATTLELINE (own or granted) or DT."""
    return DEDICATED_TRANSPORT in sheet.keywords or battleline_role(detachment, sheet)


def check_datasheet_limit(
    ctx: Context,
    defaults: tuple[int, int],
    limit_of: Callable[[Datasheet, bool], int],
) -> Iterator[Violation]:
    """Report each datasheet name fielded more often than its limit.

    defaults is the profile's (normal, battleline) limit; limit_of gives a datasheet's
    actual limit (a data limit overrides the default). An EPIC HERO over its data limit
    but within the default limit is left to EPIC_HERO_DUPLICATE, which already says why.
    A datasheet whose own limit the catalogue states with conditions (3 Armigers, 6 in one
    detachment) is CATALOGUE_LIMIT's: that limit replaces the Rule of Three for it.
    """
    stated = stated_limits(ctx.army)
    for name, members in ctx.by_name.items():
        if name in stated:
            continue
        count = len(members)
        first = members[0].datasheet
        if count == 1 and first.limit != 0:
            continue
        # Units of one name normally share one datasheet; price the limit once then.
        shared = all(u.datasheet is first for u in members)
        sheets = (first,) if shared else tuple(u.datasheet for u in members)
        battleline = False
        limit = count
        epic = False
        for sheet in sheets:
            flag = is_battleline(ctx.detachment, sheet)
            battleline = battleline or flag
            limit = min(limit, limit_of(sheet, flag))
            epic = epic or EPIC_HERO in sheet.keywords
        if count <= limit:
            continue
        if epic and count <= defaults[1 if battleline else 0]:
            continue
        message = codes.MSG_DATASHEET_LIMIT.format(count=count, name=name, limit=limit)
        yield codes.violation(codes.DATASHEET_LIMIT, message, (u.id for u in members))


def stated_limits(army: Army) -> frozenset[str]:
    """Names of the datasheets whose own limit a CATALOGUE_LIMIT of the army states: one
    that counts that datasheet alone (a limit shared by several leaves each its own)."""
    return frozenset(
        name
        for limit in army.limits
        if limit.code == codes.CATALOGUE_LIMIT
        and (limit.maximum is not None or bool(limit.steps))
        and len(limit.subject.datasheets) == 1
        and not limit.subject.keywords
        and not limit.subject.without
        and not limit.points
        for name in limit.subject.datasheets
    )


def check_epic_heroes(ctx: Context) -> Iterator[Violation]:
    """Report an EPIC HERO datasheet fielded more than once."""
    for name, members in ctx.by_name.items():
        if len(members) > 1 and any(EPIC_HERO in u.datasheet.keywords for u in members):
            message = codes.MSG_EPIC_HERO_DUPLICATE.format(count=len(members), name=name)
            yield codes.violation(codes.EPIC_HERO_DUPLICATE, message, (u.id for u in members))


def check_titanic_characters(
    ctx: Context, limit: int | None, size: BattleSize
) -> Iterator[Violation]:
    """Report more TITANIC CHARACTER units than the profile allows at this battle size."""
    if limit is None:
        return
    titans = [u for u in ctx.tagged[TITANIC] if CHARACTER in u.datasheet.keywords]
    if len(titans) > limit:
        message = codes.MSG_TITANIC_CHARACTERS.format(
            count=len(titans), units=codes.names(titans), limit=limit, size=size.label
        )
        yield codes.violation(codes.TITANIC_CHARACTER_LIMIT, message, (u.id for u in titans))


def bearer_problems(
    unit: Unit, enhancement: Enhancement, detachment: Detachment | None
) -> Iterator[Violation]:
    """Report why this unit may not bear this enhancement, whatever else the army holds."""
    sheet = unit.datasheet
    if CHARACTER not in sheet.keywords:
        message = codes.MSG_ENHANCEMENT_NOT_CHARACTER.format(
            unit=unit.name, enhancement=enhancement.name
        )
        yield codes.violation(codes.ENHANCEMENT_NOT_CHARACTER, message, (unit.id,))
    if EPIC_HERO in sheet.keywords:
        message = codes.MSG_ENHANCEMENT_EPIC_HERO.format(
            unit=unit.name, enhancement=enhancement.name
        )
        yield codes.violation(codes.ENHANCEMENT_EPIC_HERO, message, (unit.id,))
    if (
        detachment is not None
        and detachment.enhancements_stated
        and detachment.known
        and enhancement.detachment != detachment.name
    ):
        message = codes.MSG_ENHANCEMENT_DETACHMENT.format(
            unit=unit.name,
            enhancement=enhancement.name,
            owner=enhancement.detachment,
            detachment=detachment.name,
        )
        yield codes.violation(codes.ENHANCEMENT_DETACHMENT, message, (unit.id,))
    required = enhancement.required_keywords
    keywords = all_keywords(sheet) | granted_keywords(unit) if required else frozenset()
    if required and not any(alternative <= keywords for alternative in required):
        message = codes.MSG_ENHANCEMENT_RESTRICTED.format(
            unit=unit.name,
            enhancement=enhancement.name,
            keywords=codes.keywords_text(required),
        )
        yield codes.violation(codes.ENHANCEMENT_RESTRICTED, message, (unit.id,))


def granted_keywords(unit: Unit) -> frozenset[str]:
    """The keywords a unit's wargear gives it (a Mark of Chaos): what its loadout takes, and
    for a model type the loadout does not state, the datasheet's defaults."""
    found: set[str] = set()
    stated = {part.model.casefold(): part for part in unit.loadout}
    for kind in unit.datasheet.model_types:
        grants = {option.casefold(): keywords for g in kind.groups for option, keywords in g.grants}
        if not grants:
            continue
        part = stated.get(kind.name.casefold())
        if part is not None:
            taken = [option for option, count in part.wargear if count > 0]
        else:
            taken = [option for g in kind.groups for option, count in g.default if count > 0]
        for option in taken:
            found |= grants.get(option.casefold(), frozenset())
    return frozenset(found)


def enhancement_refusal(unit: Unit) -> str:
    """Say why no enhancement at all can go on this unit, or return an empty string."""
    if CHARACTER not in unit.datasheet.keywords:
        return codes.MSG_REFUSE_NOT_CHARACTER.format()
    if EPIC_HERO in unit.datasheet.keywords:
        return codes.MSG_REFUSE_EPIC_HERO.format()
    return ""


def check_enhancements(ctx: Context) -> Iterator[Violation]:
    """Report every enhancement problem: bearer, count, duplicates, detachment, keywords.

    ENHANCEMENT_DETACHMENT needs one chosen detachment; without one DETACHMENT_REQUIRED
    already explains the list, so enhancements are not also blamed.
    """
    detachment = ctx.detachment
    bearers: dict[str, list[Unit]] = {}
    total = 0
    for unit in ctx.enhanced:
        # An item taken from a detachment the catalogue lacks may not be an enhancement at
        # all: no enhancement rule judges it (DETACHMENT_UNKNOWN says so).
        taken = tuple(e for e in unit.enhancements if e.known)
        total += len(taken)
        if len(taken) > 1:
            message = codes.MSG_ENHANCEMENT_PER_UNIT.format(
                unit=unit.name, count=len(taken), names=", ".join(sorted(e.name for e in taken))
            )
            yield codes.violation(codes.ENHANCEMENT_PER_UNIT, message, (unit.id,))
        for enhancement in taken:
            bearers.setdefault(enhancement.name, []).append(unit)
            yield from bearer_problems(unit, enhancement, detachment)
    if total > ENHANCEMENT_LIMIT:
        message = codes.MSG_ENHANCEMENT_LIMIT.format(count=total, limit=ENHANCEMENT_LIMIT)
        yield codes.violation(codes.ENHANCEMENT_LIMIT, message, (u.id for u in ctx.enhanced))
    for name, units in bearers.items():
        if len(units) > 1:
            message = codes.MSG_ENHANCEMENT_DUPLICATE.format(
                enhancement=name, count=len(units), units=codes.names(units)
            )
            yield codes.violation(codes.ENHANCEMENT_DUPLICATE, message, (u.id for u in units))


def can_be_warlord(unit: Unit) -> bool:
    """Tell whether a unit may be chosen as Warlord: a CHARACTER whose data does not forbid it."""
    sheet = unit.datasheet
    return CHARACTER in sheet.keywords and sheet.warlord is not WarlordRule.CANNOT


def check_character_required(ctx: Context) -> Iterator[Violation]:
    """Report an army with no CHARACTER able to be Warlord."""
    if not any(can_be_warlord(unit) for unit in ctx.tagged[CHARACTER]):
        yield codes.violation(codes.CHARACTER_REQUIRED, codes.MSG_CHARACTER_REQUIRED)


def check_warlord(ctx: Context) -> Iterator[Violation]:
    """Report a missing, extra or ineligible Warlord, and a must-be-Warlord left out.

    A missing Warlord is not reported when no unit could be Warlord: CHARACTER_REQUIRED
    says so already. "Must" only binds a unit that can be Warlord ("cannot" wins). A list
    that marks no Warlord while exactly one unit must be it has that unit as its Warlord:
    the data leaves nothing to choose, so nothing is missing.
    """
    warlords = ctx.warlords
    musts = [
        u
        for u in ctx.tagged[CHARACTER]
        if u.datasheet.warlord is WarlordRule.MUST and not u.warlord
    ]
    for unit in warlords:
        sheet = unit.datasheet
        if CHARACTER not in sheet.keywords:
            message = codes.MSG_WARLORD_NOT_CHARACTER.format(unit=unit.name)
            yield codes.violation(codes.WARLORD, message, (unit.id,))
        elif sheet.warlord is WarlordRule.CANNOT:
            message = codes.MSG_WARLORD_CANNOT.format(unit=unit.name)
            yield codes.violation(codes.WARLORD, message, (unit.id,))
    if len(warlords) > 1:
        message = codes.MSG_WARLORD_SEVERAL.format(count=len(warlords), units=codes.names(warlords))
        yield codes.violation(codes.WARLORD, message, (u.id for u in warlords))
    if not warlords:
        if len(musts) == 1:
            return
        if musts:
            message = codes.MSG_WARLORD_NONE_MUST.format(units=codes.names(musts))
            yield codes.violation(codes.WARLORD, message, (u.id for u in musts))
        elif ctx.army.warlord_open:
            # The list as written leaves the Warlord out (an export that marks none):
            # nothing it states breaks the rule, but one must still be chosen.
            if any(can_be_warlord(unit) for unit in ctx.tagged[CHARACTER]):
                yield codes.violation(
                    codes.WARLORD, codes.MSG_WARLORD_OPEN, severity=Severity.WARNING
                )
        elif any(can_be_warlord(unit) for unit in ctx.tagged[CHARACTER]):
            yield codes.violation(codes.WARLORD, codes.MSG_WARLORD_NONE)
    else:
        for unit in musts:
            message = codes.MSG_WARLORD_MUST.format(unit=unit.name)
            yield codes.violation(codes.WARLORD, message, (unit.id,))
