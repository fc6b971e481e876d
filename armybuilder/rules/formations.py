"""Declare Battle Formations: resolve a declaration, then check hover, leaders and placements.

resolve() turns the declaration's lists into who leads whom, who rides in what and where
every unit starts. Entries that cannot be applied are reported while resolving (and left
out, never applied to another unit); the check_* functions read the resolved Formation.

Interpretations where RULES.md is silent:

* An attached unit is one unit: when only the leader or only the bodyguard states a
  transport or a placement, the other inherits it. When both state different ones
  (LEADER_SPLIT), each keeps what it stated.
* A leader named with two different bodyguards, a non-CHARACTER leader, a leader of
  itself, and a unit both leading and being led are LEADER_NOT_ELIGIBLE; such an entry is
  not applied. A repeated identical entry is harmless and counted once.
* Embarking in a unit that is not a TRANSPORT (or in itself) is TRANSPORT_NOT_TRANSPORT.
  A TRANSPORT embarking in another, and a unit embarked in two transports, are
  TRANSPORT_NOT_ALLOWED; those entries are not applied.
* Passengers start where their transport starts, whatever the declaration lists for
  them; a different explicit placement is EMBARKED_RESERVE_MISMATCH.
* A unit listed in placements twice takes its last entry (placements read as a mapping).
* Hover mode only applies to a datasheet that can hover; an AIRCRAFT listed but unable
  to hover still must start in Reserves. Unlisted AIRCRAFT default to Reserves.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from armybuilder.rules import codes
from armybuilder.rules.context import (
    AIRCRAFT,
    CHARACTER,
    DEDICATED_TRANSPORT,
    FORTIFICATION,
    Context,
    is_transport,
)
from armybuilder.rules.messages import Template, joined
from armybuilder.rules.model import (
    Declaration,
    Formation,
    Placement,
    Severity,
    Unit,
    Violation,
)

BATTLEFIELD = Placement.BATTLEFIELD
RESERVES = Placement.RESERVES


def resolve(ctx: Context, declaration: Declaration) -> Formation:
    """Apply a declaration to the army, reporting entries that cannot be applied."""
    return _Resolver(ctx).resolve(declaration)


def leader_refusal(leader: Unit, bodyguard: Unit) -> Template | None:
    """Return the message template saying why leader cannot join bodyguard, or None."""
    if leader.id == bodyguard.id:
        return codes.MSG_LEADER_ITSELF
    if CHARACTER not in leader.datasheet.keywords:
        return codes.MSG_LEADER_NOT_CHARACTER
    if bodyguard.name not in leader.datasheet.leads:
        return codes.MSG_LEADER_NOT_LISTED
    return None


def leader_slots(bodyguard: Unit, leaders: Iterable[Unit]) -> int:
    """Return how many Leaders this bodyguard may have alongside these ones."""
    allowed = 1 + bodyguard.datasheet.extra_leaders
    if any(leader.datasheet.joins_led_unit for leader in leaders):
        allowed = max(allowed, 2)
    return allowed


def can_deep_strike(members: Iterable[Unit]) -> bool:
    """Tell whether a unit (with any attached leaders) may be set up by Deep Strike."""
    return all(member.datasheet.deep_strike for member in members)


def deep_strike_refusal(members: Sequence[Unit]) -> str:
    """Say which member keeps a unit (with its attached leaders) from Deep Strike, or ''."""
    lacking = [member for member in members if not member.datasheet.deep_strike]
    if not lacking:
        return ""
    if len(members) == 1:
        return codes.MSG_DEEP_STRIKE.format(unit=lacking[0].name)
    return codes.MSG_DEEP_STRIKE_ATTACHED.format(
        units=codes.names(members), lacking=codes.names(lacking)
    )


def may_start_in_reserves(unit: Unit) -> bool:
    """Tell whether a unit may start in any kind of reserves (FORTIFICATIONS may not)."""
    return FORTIFICATION not in unit.datasheet.keywords


class _Resolver:
    """One resolution of one declaration; collects the entries it cannot apply."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.units = ctx.units
        self.issues: list[Violation] = []
        self.unknown: set[str] = set()

    def known(self, uid: str) -> bool:
        """Tell whether the army has this unit, remembering the id when it does not."""
        if uid in self.units:
            return True
        self.unknown.add(uid)
        return False

    def report(self, code: str, message: str, unit_ids: Iterable[str]) -> None:
        """Record an entry that cannot be applied."""
        self.issues.append(codes.violation(code, message, unit_ids))

    def resolve(self, declaration: Declaration) -> Formation:
        """Resolve hover, attachments, embarkations and placements, in declaration order."""
        units = self.units
        hover: set[str] = set()
        refused: set[str] = set()
        for uid in declaration.hover:
            if self.known(uid):
                (hover if units[uid].datasheet.hover else refused).add(uid)
        must_reserve = frozenset(u.id for u in self.ctx.tagged[AIRCRAFT] if u.id not in hover)

        bodyguard_of, leaders = self.attach(declaration)
        transport_of = self.embark(declaration, bodyguard_of, leaders)
        passengers: dict[str, list[str]] = {}
        for passenger, transport in sorted(transport_of.items()):
            passengers.setdefault(transport, []).append(passenger)

        explicit: dict[str, Placement] = {}
        for uid, where in declaration.placements:
            if self.known(uid):
                # A plain string from a form or JSON becomes the enum the checks compare by.
                explicit[uid] = Placement(where)
        placement = self.place(explicit, must_reserve, leaders, transport_of)

        reserves: list[str] = []
        strategic: list[str] = []
        for uid, where in placement.items():
            if where is not BATTLEFIELD:
                reserves.append(uid)
                if where is Placement.STRATEGIC_RESERVES and uid not in must_reserve:
                    strategic.append(uid)

        for uid in sorted(self.unknown):
            message = codes.MSG_UNKNOWN_UNIT.format(unit_id=uid)
            self.report(codes.UNKNOWN_UNIT, message, (uid,))
        return Formation(
            must_reserve=must_reserve,
            hover_refused=frozenset(refused),
            bodyguard_of=bodyguard_of,
            leaders=leaders,
            transport_of=transport_of,
            passengers=passengers,
            explicit=explicit,
            placement=placement,
            reserves=reserves,
            strategic=strategic,
            issues=self.issues,
        )

    def attach(self, declaration: Declaration) -> tuple[dict[str, str], dict[str, list[str]]]:
        """Resolve attachments into leader -> bodyguard and bodyguard -> sorted leaders."""
        units = self.units
        chosen: dict[str, list[str]] = {}
        for leader_id, bodyguard_id in dict.fromkeys(declaration.attachments):
            if self.known(leader_id) & self.known(bodyguard_id):
                chosen.setdefault(leader_id, []).append(bodyguard_id)
        candidate: dict[str, str] = {}
        for leader_id, targets in chosen.items():
            leader = units[leader_id]
            if len(targets) > 1:
                message = codes.MSG_LEADER_TWICE.format(
                    leader=leader.name,
                    count=len(targets),
                    units=codes.names(units[t] for t in targets),
                )
                self.report(codes.LEADER_NOT_ELIGIBLE, message, (leader_id, *targets))
                continue
            bodyguard = units[targets[0]]
            refusal = leader_refusal(leader, bodyguard)
            if refusal is None:
                candidate[leader_id] = bodyguard.id
                continue
            message = refusal.format(leader=leader.name, bodyguard=bodyguard.name)
            self.report(codes.LEADER_NOT_ELIGIBLE, message, (leader_id, bodyguard.id))
        bodyguard_of: dict[str, str] = {}
        leaders: dict[str, list[str]] = {}
        for leader_id, bodyguard_id in candidate.items():
            led = candidate.get(bodyguard_id)
            if led is not None:
                # Chains are not attached units: the bodyguard is busy leading someone else.
                message = codes.MSG_LEADER_IS_LED.format(
                    bodyguard=units[bodyguard_id].name,
                    led=units[led].name,
                    leader=units[leader_id].name,
                )
                self.report(codes.LEADER_NOT_ELIGIBLE, message, (leader_id, bodyguard_id))
                continue
            bodyguard_of[leader_id] = bodyguard_id
            leaders.setdefault(bodyguard_id, []).append(leader_id)
        for group in leaders.values():
            group.sort()
        return bodyguard_of, leaders

    def embark(
        self,
        declaration: Declaration,
        bodyguard_of: dict[str, str],
        leaders: dict[str, list[str]],
    ) -> dict[str, str]:
        """Resolve embarkations into passenger -> transport, whole attached units at once."""
        units = self.units
        stated: dict[str, list[str]] = {}
        for passenger_id, transport_id in dict.fromkeys(declaration.embarkations):
            if not self.known(passenger_id) & self.known(transport_id):
                continue
            passenger = units[passenger_id]
            transport = units[transport_id]
            if passenger_id == transport_id:
                message = codes.MSG_EMBARK_ITSELF.format(unit=passenger.name)
                self.report(codes.TRANSPORT_NOT_TRANSPORT, message, (passenger_id,))
            elif not is_transport(transport.datasheet):
                message = codes.MSG_NOT_TRANSPORT.format(unit=passenger.name, target=transport.name)
                self.report(codes.TRANSPORT_NOT_TRANSPORT, message, (passenger_id, transport_id))
            elif is_transport(passenger.datasheet):
                message = codes.MSG_NESTED_TRANSPORT.format(
                    unit=passenger.name, transport=transport.name
                )
                self.report(codes.TRANSPORT_NOT_ALLOWED, message, (passenger_id, transport_id))
            else:
                stated.setdefault(passenger_id, []).append(transport_id)
        own: dict[str, str] = {}
        for passenger_id, targets in stated.items():
            if len(targets) > 1:
                message = codes.MSG_EMBARKED_TWICE.format(
                    unit=units[passenger_id].name,
                    count=len(targets),
                    transports=codes.names(units[t] for t in targets),
                )
                self.report(codes.TRANSPORT_NOT_ALLOWED, message, (passenger_id, *targets))
            else:
                own[passenger_id] = targets[0]
        transport_of: dict[str, str] = {}
        for passenger_id, transport_id in own.items():
            if bodyguard_of.get(passenger_id, passenger_id) not in leaders:
                transport_of[passenger_id] = transport_id
        for key, group_leaders in leaders.items():
            members = (key, *group_leaders)
            chosen = {own[m] for m in members if m in own}
            if len(chosen) > 1:
                message = codes.MSG_SPLIT_TRANSPORTS.format(
                    units=codes.names(units[m] for m in members),
                    transports=codes.names(units[t] for t in chosen),
                )
                self.report(codes.LEADER_SPLIT, message, members)
                for member in members:
                    if member in own:
                        transport_of[member] = own[member]
            elif chosen:
                transport_id = chosen.pop()
                for member in members:
                    # A transport never rides inside another, even as part of a group.
                    if not is_transport(units[member].datasheet):
                        transport_of[member] = transport_id
        return transport_of

    def place(
        self,
        explicit: dict[str, Placement],
        must_reserve: frozenset[str],
        leaders: dict[str, list[str]],
        transport_of: dict[str, str],
    ) -> dict[str, Placement]:
        """Decide where every unit starts: passengers with their transport, groups as one."""
        placement = {
            uid: explicit.get(uid, RESERVES if uid in must_reserve else BATTLEFIELD)
            for uid in self.units
        }
        for key, group_leaders in leaders.items():
            # Embarked members follow their transport; EMBARKED_RESERVE_MISMATCH covers them.
            free = [m for m in (key, *group_leaders) if m not in transport_of]
            stated = {explicit[m] for m in free if m in explicit}
            if len(stated) > 1:
                message = codes.MSG_SPLIT_PLACEMENTS.format(
                    units=codes.names(self.units[m] for m in free),
                    placements=joined(", ", sorted(codes.PLACEMENT_LABELS[p] for p in stated)),
                )
                self.report(codes.LEADER_SPLIT, message, free)
                continue
            if stated:
                where = stated.pop()
            else:
                where = RESERVES if any(m in must_reserve for m in free) else BATTLEFIELD
            for member in free:
                placement[member] = where
        for passenger, transport in transport_of.items():
            placement[passenger] = placement[transport]
        return placement


def check_declaration_entries(ctx: Context) -> Iterator[Violation]:
    """Report the declaration entries resolve() could not apply."""
    formation = ctx.formation
    if formation is not None:
        yield from formation.issues


def check_leader_slots(ctx: Context) -> Iterator[Violation]:
    """Report a bodyguard with more Leaders than its data allows.

    One Leader; 1 + extra_leaders when the bodyguard datasheet grants more; two when one of
    the Leaders may join an already-led unit.
    """
    formation = ctx.formation
    if formation is None:
        return
    units = ctx.units
    for bodyguard_id, group_leaders in formation.leaders.items():
        count = len(group_leaders)
        if count == 1:
            continue
        allowed = leader_slots(units[bodyguard_id], [units[lid] for lid in group_leaders])
        if count > allowed:
            message = codes.MSG_LEADER_SLOTS.format(
                bodyguard=units[bodyguard_id].name,
                count=count,
                leaders=codes.names(units[lid] for lid in group_leaders),
                allowed=allowed,
            )
            yield codes.violation(codes.LEADER_SLOTS, message, (bodyguard_id, *group_leaders))


def check_dedicated_transports(ctx: Context) -> Iterator[Violation]:
    """Report an empty DEDICATED TRANSPORT: a warning, an error in a final declaration."""
    formation = ctx.formation
    if formation is None or ctx.declaration is None:
        return
    severity = Severity.ERROR if ctx.declaration.final else Severity.WARNING
    for unit in ctx.tagged[DEDICATED_TRANSPORT]:
        if unit.id not in formation.passengers:
            message = codes.MSG_DEDICATED_EMPTY.format(transport=unit.name)
            yield codes.violation(
                codes.DEDICATED_TRANSPORT_EMPTY, message, (unit.id,), severity=severity
            )


def check_aircraft(ctx: Context) -> Iterator[Violation]:
    """Report an AIRCRAFT not in hover mode that the declaration deploys on the battlefield."""
    formation = ctx.formation
    if formation is None:
        return
    for uid in formation.must_reserve:
        if formation.placement[uid] is BATTLEFIELD:
            refused = uid in formation.hover_refused
            template = codes.MSG_AIRCRAFT_NO_HOVER if refused else codes.MSG_AIRCRAFT
            message = template.format(unit=ctx.units[uid].name)
            yield codes.violation(codes.AIRCRAFT_MUST_RESERVE, message, (uid,))


def check_deep_strike(ctx: Context) -> Iterator[Violation]:
    """Report a unit set up by Deep Strike that has a model without Deep Strike.

    For an attached unit every member must have Deep Strike; the ids are those lacking it.
    Passengers ride in their transport, so only the transport needs it.
    """
    formation = ctx.formation
    if formation is None:
        return
    units = ctx.units
    placement = formation.placement
    transport_of = formation.transport_of
    done: set[str] = set()
    for uid, where in placement.items():
        if where is not Placement.DEEP_STRIKE or uid in transport_of or uid in done:
            continue
        members = [
            m
            for m in formation.members(uid)
            if placement[m] is Placement.DEEP_STRIKE and m not in transport_of
        ]
        done.update(members)
        group = [units[m] for m in members]
        message = deep_strike_refusal(group)
        if message:
            lacking = (u.id for u in group if not u.datasheet.deep_strike)
            yield codes.violation(codes.DEEP_STRIKE_INELIGIBLE, message, lacking)


def check_fortifications(ctx: Context) -> Iterator[Violation]:
    """Report a FORTIFICATION placed in any kind of reserves."""
    formation = ctx.formation
    if formation is None:
        return
    for unit in ctx.tagged[FORTIFICATION]:
        where = formation.placement[unit.id]
        if where is not BATTLEFIELD:
            message = codes.MSG_FORTIFICATION.format(
                unit=unit.name, placement=codes.PLACEMENT_LABELS[where]
            )
            yield codes.violation(codes.FORTIFICATION_RESERVE, message, (unit.id,))


def check_embarked_placement(ctx: Context) -> Iterator[Violation]:
    """Report a passenger explicitly placed somewhere other than its transport."""
    formation = ctx.formation
    if formation is None:
        return
    labels = codes.PLACEMENT_LABELS
    for passenger, transport in formation.transport_of.items():
        stated = formation.explicit.get(passenger)
        where = formation.placement[transport]
        if stated is not None and stated is not where:
            message = codes.MSG_EMBARKED_MISMATCH.format(
                unit=ctx.units[passenger].name,
                placement=labels[stated],
                transport=ctx.units[transport].name,
                transport_placement=labels[where],
            )
            yield codes.violation(codes.EMBARKED_RESERVE_MISMATCH, message, (passenger, transport))
