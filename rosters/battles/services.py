"""Battle services: record a battle, enter its score, share it, and score it.

Units are priced by rosters.services (the rules core's Result.unit_points), a pasted
opponent list is read by rosters.formats.services, and the result always comes from
armybuilder.rules.scoring. Nothing here prices a unit or decides a winner.
"""

from __future__ import annotations

import datetime
import re
import secrets
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from django.db import transaction
from django.db.models import Prefetch, QuerySet
from django.http import Http404
from django.utils.translation import gettext_lazy

from armybuilder.rules import scoring
from rosters import services as roster_services
from rosters.battles.models import CUSTOM, Battle, BattleSide, BattleSize, BattleUnit
from rosters.formats import services as format_services
from rosters.formats.text_import import UnreadableList
from rosters.models import Declaration, Roster

ERR_SHARED_LINK: Final = gettext_lazy(
    "No roster is shared at “{link}”. Paste the whole share link or its token."
)
ERR_UNRESOLVED_LINES: Final = gettext_lazy(
    "The pasted list has lines we could not place: {lines}. Fix or remove them."
)
ALL_BATTLES: Final = gettext_lazy("All battles")
ERR_NO_FACTION: Final = gettext_lazy("Give the opponent's faction, or paste a list that names it.")
ERR_CUSTOM_POINTS: Final = gettext_lazy(
    "A custom battle size needs its points (a whole number above zero)."
)
ERR_PROFILE: Final = gettext_lazy("There is no scoring profile called “{name}”.")
ERR_STATE: Final = gettext_lazy("“{state}” is not a unit state; use one of {states}.")
ERR_ROUND: Final = gettext_lazy("Round “{round}” is not a whole number.")
ERR_VP: Final = gettext_lazy("VP for round {round} must be a whole number.")
ERR_UNIT: Final = gettext_lazy("This battle has no unit with id {unit} on side {side}.")
ERR_SIDE: Final = gettext_lazy("A battle has sides 0 and 1, not {side}.")
ERR_NO_ROSTER: Final = gettext_lazy("You have no roster with id {value}.")
ERR_NO_OPPONENT: Final = gettext_lazy(
    "Name the opponent: one of your rosters, a share link, or a name."
)
ERR_NO_DECLARATION: Final = gettext_lazy("That roster has no declaration with id {value}.")

# Vehicles and monsters, and any single-model unit, may end the battle damaged.
DAMAGEABLE_KEYWORDS: Final = frozenset({"VEHICLE", "MONSTER"})
TOKEN_RE: Final = re.compile(r"(?:/shared/)?([A-Za-z0-9_-]{16,})/?\s*$")


class BattleError(ValueError):
    """A battle record that cannot be made or changed as asked; the message says why."""


@dataclass(frozen=True)
class UnitSnapshot:
    name: str
    points: int
    models: int
    can_be_damaged: bool


@dataclass(frozen=True)
class SideSnapshot:
    """One side's army as the battle records it: names, points and priced units."""

    name: str
    faction: str
    points: int
    units: tuple[UnitSnapshot, ...] = ()
    roster: Roster | None = None
    declaration: Declaration | None = None


def _can_be_damaged(keywords: Iterable[str], models: int) -> bool:
    return models == 1 or bool(DAMAGEABLE_KEYWORDS & set(keywords))


def roster_snapshot(*, roster: Roster, declaration: Declaration | None = None) -> SideSnapshot:
    """Describe a roster as a side, each unit at the points its roster's Result gives it."""
    loaded = roster_services.roster_load(roster_id=roster.pk)
    result = roster_services.roster_validate(roster=loaded)
    units = tuple(
        UnitSnapshot(
            name=unit.datasheet.name,
            points=result.unit_points.get(roster_services.roster_unit_key(unit=unit), 0),
            models=unit.models_count,
            can_be_damaged=_can_be_damaged(unit.datasheet.keywords, unit.models_count),
        )
        for unit in loaded.units.all()
    )
    return SideSnapshot(
        name=loaded.name,
        faction=loaded.faction.name,
        points=result.points,
        units=units,
        roster=loaded,
        declaration=declaration,
    )


def shared_roster_get(*, link: str) -> Roster:
    """Return the roster a share link (or bare token) points at."""
    match = TOKEN_RE.search(link.strip())
    roster = Roster.objects.filter(share_token=match.group(1)).first() if match else None
    if roster is None:
        raise BattleError(ERR_SHARED_LINK.format(link=link.strip()))
    return roster


def typed_snapshot(*, name: str, faction: str, points: int | None, text: str = "") -> SideSnapshot:
    """Describe a typed opponent; a pasted list is read by the list importer and priced."""
    if not text.strip():
        if not faction.strip():
            raise BattleError(str(ERR_NO_FACTION))
        return SideSnapshot(name=name, faction=faction, points=points or 0)
    try:
        check = format_services.list_import_check(text=text, name=name)
    except (UnreadableList, format_services.ListImportError) as exc:
        raise BattleError(str(exc)) from None
    if check.resolved.problems:
        lines = "; ".join(f"line {p.line} ({p.text})" for p in check.resolved.problems)
        raise BattleError(ERR_UNRESOLVED_LINES.format(lines=lines))
    if check.draft is None or check.result is None:
        raise BattleError(str(ERR_NO_FACTION))
    result = check.result
    units = tuple(
        UnitSnapshot(
            name=unit.datasheet.name,
            points=result.unit_points.get(unit.key, 0),
            models=unit.models,
            can_be_damaged=_can_be_damaged(unit.datasheet.keywords, unit.models),
        )
        for unit in check.draft.units
    )
    return SideSnapshot(
        name=name or check.draft.name,
        faction=faction or check.draft.faction.name,
        points=points or result.points,
        units=units,
    )


def battle_points(*, battle_size: str, custom_points: int | None) -> int:
    if battle_size == CUSTOM:
        if not custom_points or custom_points < 1:
            raise BattleError(str(ERR_CUSTOM_POINTS))
        return custom_points
    return Battle(battle_size=battle_size).points


def battle_create(
    *,
    owner: Any,
    side: SideSnapshot,
    opponent: SideSnapshot,
    battle_size: str = BattleSize.STRIKE_FORCE,
    custom_points: int | None = None,
    scoring_profile: str = scoring.DEFAULT_SCORING_PROFILE,
    victory_level: bool = False,
    played_on: datetime.date | None = None,
    notes: str = "",
) -> Battle:
    """Record a battle between two sides; their units are copied as priced now."""
    battle_points(battle_size=battle_size, custom_points=custom_points)
    if scoring_profile not in scoring.SCORING_PROFILES:
        raise BattleError(ERR_PROFILE.format(name=scoring_profile))
    with transaction.atomic():
        battle = Battle.objects.create(
            owner=owner,
            battle_size=battle_size,
            custom_points=custom_points if battle_size == CUSTOM else None,
            scoring_profile=scoring_profile,
            victory_level=victory_level,
            played_on=played_on or datetime.date.today(),
            notes=notes,
        )
        for index, snapshot in enumerate((side, opponent)):
            row = BattleSide.objects.create(
                battle=battle,
                index=index,
                name=snapshot.name,
                faction=snapshot.faction,
                points=snapshot.points,
                roster=snapshot.roster,
                declaration=snapshot.declaration,
            )
            BattleUnit.objects.bulk_create(
                BattleUnit(
                    side=row,
                    position=position,
                    name=unit.name,
                    points=unit.points,
                    models_count=unit.models,
                    can_be_damaged=unit.can_be_damaged,
                )
                for position, unit in enumerate(snapshot.units, start=1)
            )
    return battle


@dataclass
class SideEntry:
    """What a player enters for one side after the battle; None leaves a field as it is."""

    round_vp: Mapping[str, int] | None = None
    secondaries: Sequence[str] | None = None
    painted: bool | None = None
    army_destroyed: bool | None = None
    # Battle-unit id -> state value.
    unit_states: Mapping[int, str] = field(default_factory=dict)


def _clean_rounds(round_vp: Mapping[Any, Any]) -> dict[str, int]:
    rounds: dict[str, int] = {}
    for key, value in round_vp.items():
        try:
            rnd = int(key)
        except (TypeError, ValueError):
            raise BattleError(ERR_ROUND.format(round=key)) from None
        if value is None or value == "":
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise BattleError(ERR_VP.format(round=rnd))
        rounds[str(rnd)] = value
    return rounds


def battle_score_update(
    *,
    battle: Battle,
    sides: Mapping[int, SideEntry],
    notes: str | None = None,
    victory_level: bool | None = None,
) -> Battle:
    """Save VP, secondaries, painted, end states (and notes); all of it or nothing.

    The loaded sides and units of ``battle`` are changed in place, so it can be scored
    straight after; after a BattleError they may be half-changed and must be reloaded.
    """
    states = {state.value for state in scoring.UnitState}
    rows = {side.index: side for side in battle.sides.all()}
    with transaction.atomic():
        for index, entry in sides.items():
            row = rows.get(index)
            if row is None:
                raise BattleError(ERR_SIDE.format(side=index))
            if entry.round_vp is not None:
                row.round_vp = _clean_rounds(entry.round_vp)
            if entry.secondaries is not None:
                row.secondaries = [s.strip() for s in entry.secondaries if s.strip()]
            if entry.painted is not None:
                row.painted = entry.painted
            if entry.army_destroyed is not None:
                row.army_destroyed = entry.army_destroyed
            row.save()
            units = {u.pk: u for u in row.units.all()}
            # One UPDATE per new state, of the units that changed: a CASE per unit is slow.
            changed: dict[str, list[int]] = defaultdict(list)
            for unit_id, state in entry.unit_states.items():
                if state not in states:
                    raise BattleError(
                        ERR_STATE.format(state=state, states=", ".join(sorted(states)))
                    )
                if unit_id not in units:
                    raise BattleError(ERR_UNIT.format(unit=unit_id, side=index))
                if units[unit_id].state != state:
                    units[unit_id].state = state
                    changed[state].append(unit_id)
            for state, ids in changed.items():
                BattleUnit.objects.filter(pk__in=ids).update(state=state)
        if notes is not None:
            battle.notes = notes
        if victory_level is not None:
            battle.victory_level = victory_level
        battle.save()
    return battle


def battles_queryset(*, owner: Any) -> QuerySet[Battle]:
    """The owner's battles with sides and units loaded in a fixed number of queries."""
    return Battle.objects.filter(owner=owner).prefetch_related(
        Prefetch("sides", queryset=BattleSide.objects.prefetch_related("units"))
    )


def battle_load(*, battle_id: int) -> Battle:
    return Battle.objects.prefetch_related(
        Prefetch("sides", queryset=BattleSide.objects.prefetch_related("units"))
    ).get(pk=battle_id)


def unit_key(unit: BattleUnit) -> str:
    return str(unit.pk)


def battle_to_core(*, battle: Battle) -> scoring.BattleRecord:
    """Turn a loaded battle into the scoring core's BattleRecord."""
    sides = []
    for row in battle.sides.all():
        units = list(row.units.all())
        sides.append(
            scoring.Side(
                name=row.name,
                faction=row.faction,
                points=row.points,
                units=tuple(
                    scoring.BattleUnit(
                        id=unit_key(u),
                        name=u.name,
                        points=u.points,
                        models=u.models_count,
                        can_be_damaged=u.can_be_damaged,
                    )
                    for u in units
                ),
                rounds=tuple(sorted((int(k), int(v)) for k, v in row.round_vp.items())),
                unit_states=tuple(
                    (unit_key(u), scoring.UnitState(u.state))
                    for u in units
                    if u.state != scoring.UnitState.INTACT
                ),
                secondaries=tuple(row.secondaries),
                painted=row.painted,
                army_destroyed=row.army_destroyed,
            )
        )
    return scoring.BattleRecord(battle_size=battle.points, sides=(sides[0], sides[1]))


def battle_score(*, battle: Battle) -> scoring.ScoreResult:
    """Score a loaded battle under its profile (and victory level, when on)."""
    return scoring.score(
        battle_to_core(battle=battle), battle.scoring_profile, victory_level=battle.victory_level
    )


def battle_share(*, battle: Battle, enabled: bool) -> Battle:
    """Turn the read-only share link on (a fresh unguessable token) or off."""
    battle.share_token = secrets.token_urlsafe(24) if enabled else None
    battle.save(update_fields=["share_token"])
    return battle


def battle_delete(*, battle: Battle) -> None:
    battle.delete()


@dataclass
class Tally:
    """Wins, draws and losses (and tournament points) against one key."""

    label: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    tournament_points: int = 0
    tournament_games: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass
class PlayerRecord:
    total: Tally
    by_roster: list[Tally]
    by_faction: list[Tally]
    # (battle, its result), newest first.
    battles: list[tuple[Battle, scoring.ScoreResult]]


def player_record(*, owner: Any) -> PlayerRecord:
    """Score every battle of a player once and tally them per roster and opponent faction."""
    total = Tally(str(ALL_BATTLES))
    by_roster: dict[str, Tally] = {}
    by_faction: dict[str, Tally] = defaultdict(lambda: Tally(""))
    battles = []
    for battle in battles_queryset(owner=owner):
        result = battle_score(battle=battle)
        battles.append((battle, result))
        own, opponent = battle.sides.all()[0], battle.sides.all()[1]
        roster_tally = by_roster.setdefault(own.name, Tally(own.name))
        faction_tally = by_faction[opponent.faction or "—"]
        faction_tally.label = opponent.faction or "—"
        for tally in (total, roster_tally, faction_tally):
            if result.winner is None:
                tally.draws += 1
            elif result.winner == 0:
                tally.wins += 1
            else:
                tally.losses += 1
            if result.victory_level is not None:
                tally.tournament_points += result.victory_level.points[0]
                tally.tournament_games += 1
    return PlayerRecord(
        total=total,
        by_roster=sorted(by_roster.values(), key=lambda t: t.label.casefold()),
        by_faction=sorted(by_faction.values(), key=lambda t: t.label.casefold()),
        battles=battles,
    )


@dataclass(frozen=True)
class OpponentInput:
    """Who the opponent was: one of the owner's rosters, a share link, or typed in."""

    roster_id: int | None = None
    shared_link: str = ""
    name: str = ""
    faction: str = ""
    points: int | None = None
    list_text: str = ""


def battle_owned_get(*, owner: Any, battle_id: int) -> Battle:
    """Return one of the owner's battles, loaded, or raise Http404 (ids reveal nothing)."""
    if not Battle.objects.filter(pk=battle_id, owner=owner).exists():
        raise Http404
    return battle_load(battle_id=battle_id)


def _owned_roster(owner: Any, roster_id: int) -> Roster:
    roster = Roster.objects.filter(pk=roster_id, owner=owner).first()
    if roster is None:
        raise BattleError(ERR_NO_ROSTER.format(value=roster_id))
    return roster


def opponent_snapshot(*, owner: Any, opponent: OpponentInput) -> SideSnapshot:
    """Describe the opponent as a side, whichever way it was named."""
    if opponent.roster_id is not None:
        return roster_snapshot(roster=_owned_roster(owner, opponent.roster_id))
    if opponent.shared_link.strip():
        return roster_snapshot(roster=shared_roster_get(link=opponent.shared_link))
    if opponent.name.strip():
        return typed_snapshot(
            name=opponent.name.strip(),
            faction=opponent.faction.strip(),
            points=opponent.points,
            text=opponent.list_text,
        )
    raise BattleError(str(ERR_NO_OPPONENT))


def battle_record(
    *,
    owner: Any,
    roster_id: int,
    opponent: OpponentInput,
    declaration_id: int | None = None,
    battle_size: str = BattleSize.STRIKE_FORCE,
    custom_points: int | None = None,
    scoring_profile: str = scoring.DEFAULT_SCORING_PROFILE,
    victory_level: bool = False,
    played_on: datetime.date | None = None,
    notes: str = "",
) -> Battle:
    """Record a battle of one of the owner's rosters against an opponent named any way."""
    roster = _owned_roster(owner, roster_id)
    declaration = None
    if declaration_id is not None:
        declaration = roster.declarations.filter(pk=declaration_id).first()
        if declaration is None:
            raise BattleError(ERR_NO_DECLARATION.format(value=declaration_id))
    return battle_create(
        owner=owner,
        side=roster_snapshot(roster=roster, declaration=declaration),
        opponent=opponent_snapshot(owner=owner, opponent=opponent),
        battle_size=battle_size,
        custom_points=custom_points,
        scoring_profile=scoring_profile,
        victory_level=victory_level,
        played_on=played_on,
        notes=notes,
    )


@dataclass(frozen=True)
class ScoredBattle:
    battle: Battle
    result: scoring.ScoreResult


def battle_scored(*, owner: Any, battle_id: int) -> ScoredBattle:
    """One of the owner's battles, loaded and scored (Http404 for anyone else's)."""
    battle = battle_owned_get(owner=owner, battle_id=battle_id)
    return ScoredBattle(battle=battle, result=battle_score(battle=battle))


def battle_score_enter(
    *,
    owner: Any,
    battle_id: int,
    sides: Mapping[int, SideEntry],
    notes: str | None = None,
    victory_level: bool | None = None,
) -> ScoredBattle:
    """Save the score of one of the owner's battles and return it scored anew."""
    battle = battle_owned_get(owner=owner, battle_id=battle_id)
    # battle_score_update changes the loaded rows in place, so the result reads them as saved.
    battle_score_update(battle=battle, sides=sides, notes=notes, victory_level=victory_level)
    return ScoredBattle(battle=battle, result=battle_score(battle=battle))


def battle_owned_delete(*, owner: Any, battle_id: int) -> None:
    battle_delete(battle=battle_owned_get(owner=owner, battle_id=battle_id))


def battle_owned_share(*, owner: Any, battle_id: int, enabled: bool) -> Battle:
    return battle_share(battle=battle_owned_get(owner=owner, battle_id=battle_id), enabled=enabled)


def battle_owned_sheet(*, owner: Any, battle_id: int) -> bytes:
    """The one-page result sheet (PDF) of one of the owner's battles."""
    from rosters.battles.pdf import battle_sheet_pdf

    scored = battle_scored(owner=owner, battle_id=battle_id)
    return battle_sheet_pdf(battle=scored.battle, result=scored.result)
