"""Battle-formations declarations: rows to the core's Declaration, one validating service.

The wizard's review step, saving, the API and the printed sheet all call
declaration_validate; nothing else judges a declaration.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy

from armybuilder.rules import codes
from armybuilder.rules import model as core
from armybuilder.rules.messages import plural_template
from rosters import services
from rosters.language import translated
from rosters.models import Declaration, Roster

ERR_NAME_TAKEN = gettext_lazy("This roster already has a declaration named {name}.")
ERR_HAS_ERRORS = plural_template(
    "The declaration breaks {count} rule; fix it before saving.",
    "The declaration breaks {count} rules; fix them before saving.",
)
ERR_BAD_PLACEMENT = gettext_lazy("{value!r} is not a placement; use one of {choices}.")


class DeclarationInvalid(ValueError):
    """A declaration the rules core found errors in; carries the Result."""

    def __init__(self, message: str, result: core.Result) -> None:
        super().__init__(message)
        self.result = result


@dataclass
class DeclarationData:
    """The four written-down choices, by roster-unit id."""

    hover: list[int] = field(default_factory=list)
    attachments: list[tuple[int, int]] = field(default_factory=list)
    embarkations: list[tuple[int, int]] = field(default_factory=list)
    placements: dict[int, str] = field(default_factory=dict)

    @classmethod
    def of(cls, declaration: Declaration) -> DeclarationData:
        return cls(
            hover=[int(i) for i in declaration.hover],
            attachments=[(int(a), int(b)) for a, b in declaration.attachments],
            embarkations=[(int(a), int(b)) for a, b in declaration.embarkations],
            placements={int(k): str(v) for k, v in declaration.placements.items()},
        )

    def referenced_ids(self) -> set[int]:
        ids = set(self.hover) | set(self.placements)
        for a, b in [*self.attachments, *self.embarkations]:
            ids.update((a, b))
        return ids


def declaration_to_core(*, data: DeclarationData, final: bool = False) -> core.Declaration:
    """Turn the written-down choices into the core's Declaration."""
    placements = []
    for unit_id, value in sorted(data.placements.items()):
        try:
            placement = core.Placement(value)
        except ValueError:
            choices = ", ".join(p.value for p in core.Placement)
            raise ValueError(ERR_BAD_PLACEMENT.format(value=value, choices=choices)) from None
        placements.append((str(unit_id), placement))
    return core.Declaration(
        hover=frozenset(str(i) for i in data.hover),
        attachments=tuple((str(a), str(b)) for a, b in data.attachments),
        embarkations=tuple((str(a), str(b)) for a, b in data.embarkations),
        placements=tuple(placements),
        final=final,
    )


def declaration_validate(
    *, roster: Roster, data: DeclarationData, final: bool = False
) -> core.Result:
    """Validate a roster with a declaration under the roster's profile.

    Saved declarations are checked as work in progress (final=False): an empty Dedicated
    Transport is a warning the player may accept, as the wizard promises.
    """
    return services.roster_validate(
        roster=roster, declaration=declaration_to_core(data=data, final=final)
    )


def declaration_errors(*, result: core.Result) -> tuple[core.Violation, ...]:
    """Return the errors that belong to the declaration rather than to the list itself."""
    return tuple(v for v in result.errors if v.code in codes.FORMATION_CODES)


def declaration_stale_ids(*, roster: Roster, data: DeclarationData) -> set[int]:
    """Return the unit ids a declaration names that the roster no longer has."""
    present = {unit.pk for unit in roster.units.all()}
    return data.referenced_ids() - present


def declaration_save(
    *,
    roster: Roster,
    name: str,
    data: DeclarationData,
    declaration: Declaration | None = None,
) -> tuple[Declaration, core.Result]:
    """Save a declaration if the rules core finds no error in it; warnings are allowed.

    The roster is locked while it is checked and written, so a unit removed or a name taken
    by another request meanwhile is seen, never written past.
    """
    with transaction.atomic():
        services.roster_lock(roster_id=roster.pk)
        result = declaration_validate(roster=roster, data=data)
        blocking = declaration_errors(result=result)
        if blocking:
            raise DeclarationInvalid(translated(ERR_HAS_ERRORS.format(count=len(blocking))), result)
        clash = roster.declarations.filter(name=name)
        if declaration is not None:
            clash = clash.exclude(pk=declaration.pk)
        if clash.exists():
            raise ValueError(ERR_NAME_TAKEN.format(name=name))
        if declaration is None:
            declaration = Declaration(roster=roster)
        declaration.name = name
        declaration.hover = sorted(data.hover)
        declaration.attachments = [list(p) for p in data.attachments]
        declaration.embarkations = [list(p) for p in data.embarkations]
        declaration.placements = {str(k): v for k, v in sorted(data.placements.items())}
        try:
            # Where the database cannot lock a row (SQLite), the constraint still decides.
            with transaction.atomic():
                declaration.save()
        except IntegrityError:
            raise ValueError(ERR_NAME_TAKEN.format(name=name)) from None
    return declaration, result


def declaration_duplicate(*, declaration: Declaration, name: str | None = None) -> Declaration:
    """Copy a declaration under a new name, as it stands, without re-validating it."""
    base = name or services.name_copy(name=declaration.name)
    with transaction.atomic():
        services.roster_lock(roster_id=declaration.roster_id)
        taken = set(declaration.roster.declarations.values_list("name", flat=True))
        candidate, n = base, 2
        while candidate in taken:
            candidate, n = services.name_copy(name=base, suffix=f" {n}"), n + 1
        return Declaration.objects.create(
            roster=declaration.roster,
            name=candidate,
            hover=declaration.hover,
            attachments=declaration.attachments,
            embarkations=declaration.embarkations,
            placements=declaration.placements,
        )


def declaration_delete(*, declaration: Declaration) -> None:
    """Delete a saved declaration, after the roster's other edits (see roster_lock)."""
    with transaction.atomic():
        services.roster_lock(roster_id=declaration.roster_id)
        declaration.delete()
