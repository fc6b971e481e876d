"""A roster as plain data for the renderers: what the PDF, xlsx and text exports print."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class UnitLine:
    position: int
    name: str
    models: int
    points: int
    enhancement: str | None = None
    warlord: bool = False
    stated_points: int | None = None
    # Upper-case keywords, for the official app's sections.
    keywords: frozenset[str] = frozenset()
    # Priced options and detachment upgrades taken, as (name, count); the points include them.
    extras: tuple[tuple[str, int], ...] = ()

    @property
    def extras_text(self) -> str:
        return ", ".join(name if count == 1 else f"{count}× {name}" for name, count in self.extras)

    # Per model type: (model type, models, ((option, count in all), ...)); empty where the
    # datasheet states no model types.
    wargear: tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...] = ()
    # Wargear lines of an imported list that could not be placed, as written.
    unread: tuple[str, ...] = ()


@dataclass(frozen=True)
class ViolationLine:
    code: str
    severity: str
    message: str
    # Positions (from 1) of the units the violation names.
    units: tuple[int, ...] = ()


@dataclass(frozen=True)
class DeclarationSection:
    """A battle-formations declaration in words, e.g. "Captain → Intercessor Squad"."""

    hover: tuple[str, ...] = ()
    attachments: tuple[str, ...] = ()
    # (transport, passengers)
    embarked: tuple[tuple[str, tuple[str, ...]], ...] = ()
    strategic_reserves: tuple[str, ...] = ()
    deep_strike: tuple[str, ...] = ()
    reserves: tuple[str, ...] = ()

    def is_empty(self) -> bool:
        return not any(
            (
                self.hover,
                self.attachments,
                self.embarked,
                self.strategic_reserves,
                self.deep_strike,
                self.reserves,
            )
        )


@dataclass(frozen=True)
class UnitCard:
    """A unit's datasheet facts for the table: stat lines, chosen weapons, names only."""

    position: int
    name: str
    models: int
    points: int
    enhancement: str | None = None
    warlord: bool = False
    # (model type, models, (M, T, Sv, invulnerable save, W, Ld, OC)).
    stats: tuple[tuple[str, int, tuple[str, ...]], ...] = ()
    # (carried, profile name, kind R|M, range, A, BS/WS, S, AP, D, keywords).
    weapons: tuple[tuple[int, str, str, str, str, str, str, str, str, str], ...] = ()
    abilities: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    # The bodyguard an attached leader prints with, by its position.
    leads: int | None = None


@dataclass(frozen=True)
class RosterSheet:
    name: str
    faction: str
    # Root first, e.g. ("Space Marines", "Space Wolves"); the last is the army's faction.
    faction_chain: tuple[str, ...]
    detachment: str | None
    battle_size: str
    battle_size_label: str
    points: int
    points_limit: int
    profile: str
    release: str
    player: str = ""
    units: tuple[UnitLine, ...] = ()
    violations: tuple[ViolationLine, ...] = ()
    legal: bool = True
    declaration: DeclarationSection | None = None
    meters: tuple[str, ...] = field(default=())
    # Datasheet cards, when asked for: groups printed together (leaders with a bodyguard).
    cards: tuple[tuple[UnitCard, ...], ...] = ()
