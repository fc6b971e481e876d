"""Transport capacity: which passengers a transport's pools accept, and how full they are.

Each embarked attached unit (leader and bodyguard together, or a lone unit) goes whole into
one pool of the transport: every one of its models must be accepted by that pool. Pools
are filled greedily and deterministically: the most constrained group first (fewest pools
that accept it), then the largest, then by id; each into the first accepting pool with
room left, else into the first accepting pool, which then reports TRANSPORT_CAPACITY.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from armybuilder.rules import codes
from armybuilder.rules.context import Context, all_keywords, is_transport
from armybuilder.rules.model import Formation, Load, TransportPool, Unit, Violation


def accepts(pool: TransportPool, unit: Unit, keywords: frozenset[str]) -> bool:
    """Tell whether a pool takes this unit's models (keywords and any named datasheets)."""
    if pool.only_datasheets and unit.name not in pool.only_datasheets:
        return False
    if not pool.forbidden.isdisjoint(keywords):
        return False
    return not pool.allowed or any(alternative <= keywords for alternative in pool.allowed)


def can_carry(transport: Unit, members: Sequence[Unit]) -> bool:
    """Tell whether one pool of transport takes every model of this (attached) unit."""
    sheet = transport.datasheet
    if not is_transport(sheet) or any(is_transport(m.datasheet) for m in members):
        return False
    keywords = [all_keywords(m.datasheet) for m in members]
    return any(
        all(accepts(pool, m, k) for m, k in zip(members, keywords, strict=True))
        for pool in sheet.transport
    )


def spaces(pool: TransportPool, unit: Unit, keywords: frozenset[str]) -> int:
    """Count the spaces a unit takes in a pool: per model, its largest keyword space, else 1."""
    per_model = 1
    for keyword, space in pool.space:
        if keyword in keywords and space > per_model:
            per_model = space
    return per_model * unit.models


def check_transports(ctx: Context) -> Iterator[Violation]:
    """Report passengers a transport does not accept and pools filled over capacity."""
    return iter(load_transports(ctx)[1])


def transport_loads(ctx: Context) -> tuple[Load, ...]:
    """Return how full every loaded transport pool is."""
    return load_transports(ctx)[0]


def load_transports(ctx: Context) -> tuple[tuple[Load, ...], tuple[Violation, ...]]:
    """Fill every transport's pools once, keeping the loads and the violations on the context."""
    formation = ctx.formation
    if formation is None:
        return (), ()
    if formation.loads is None:
        loads: list[Load] = []
        found = list(_fill(ctx, formation, loads))
        formation.loads = (tuple(loads), tuple(found))
    return formation.loads


def _fill(ctx: Context, formation: Formation, loads: list[Load]) -> Iterator[Violation]:
    units = ctx.units
    for transport_id, passenger_ids in formation.passengers.items():
        transport = units[transport_id]
        pools = transport.datasheet.transport
        groups: dict[str, list[Unit]] = {}
        for pid in passenger_ids:
            key = formation.bodyguard_of.get(pid, pid)
            groups.setdefault(key, []).append(units[pid])
        # (candidate pools, group key, spaces per candidate pool)
        placed: list[tuple[list[int], str, list[int]]] = []
        for key, members in groups.items():
            keywords = [all_keywords(member.datasheet) for member in members]
            candidates: list[int] = []
            needs: list[int] = []
            for index, pool in enumerate(pools):
                need = 0
                for member, member_keywords in zip(members, keywords, strict=True):
                    if not accepts(pool, member, member_keywords):
                        break
                    need += spaces(pool, member, member_keywords)
                else:
                    candidates.append(index)
                    needs.append(need)
            if candidates:
                placed.append((candidates, key, needs))
                continue
            refused = [
                m
                for m, k in zip(members, keywords, strict=True)
                if not any(accepts(pool, m, k) for pool in pools)
            ] or members
            message = codes.MSG_NOT_ALLOWED.format(
                units=codes.names(refused), transport=transport.name
            )
            yield codes.violation(
                codes.TRANSPORT_NOT_ALLOWED, message, (transport_id, *(u.id for u in refused))
            )
        used = [0] * len(pools)
        riders: list[list[str]] = [[] for _ in pools]
        placed.sort(key=lambda entry: (len(entry[0]), -entry[2][0], entry[1]))
        for candidates, key, needs in placed:
            choice = 0
            for position, index in enumerate(candidates):
                if used[index] + needs[position] <= pools[index].capacity:
                    choice = position
                    break
            index = candidates[choice]
            used[index] += needs[choice]
            riders[index].extend(u.id for u in groups[key])
        for index, pool in enumerate(pools):
            if riders[index]:
                label = codes.keywords_text(pool.allowed) if len(pools) > 1 else ""
                loads.append(
                    Load(
                        transport_id,
                        used[index],
                        pool.capacity,
                        tuple(sorted(riders[index])),
                        label,
                    )
                )
            if used[index] <= pool.capacity:
                continue
            if len(pools) == 1:
                message = codes.MSG_TRANSPORT_CAPACITY.format(
                    transport=transport.name, used=used[index], capacity=pool.capacity
                )
            else:
                message = codes.MSG_TRANSPORT_POOL_CAPACITY.format(
                    transport=transport.name,
                    used=used[index],
                    capacity=pool.capacity,
                    pool=codes.keywords_text(pool.allowed) or codes.MSG_OTHER_MODELS.format(),
                )
            yield codes.violation(codes.TRANSPORT_CAPACITY, message, (transport_id, *riders[index]))
