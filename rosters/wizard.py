"""Declare Battle Formations: a step-by-step wizard over one roster.

Each run has its own id in the URL and its own session key, so two tabs or two rosters
never share choices. What a step offers (eligible bodyguards, transports that can carry
a unit, Deep Strike, reserves) and every meter and violation come from the rules core.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from armybuilder import rules
from armybuilder.rules import codes
from armybuilder.rules import model as core
from rosters import services
from rosters.declarations import DeclarationData, declaration_validate
from rosters.language import meter_text, translated
from rosters.models import Declaration, Roster, RosterUnit

HOVER, LEADERS, TRANSPORTS, RESERVES, REVIEW = (
    "hover",
    "leaders",
    "transports",
    "reserves",
    "review",
)
STEP_TITLES = {
    HOVER: _("Hover"),
    LEADERS: _("Leaders"),
    TRANSPORTS: _("Transports"),
    RESERVES: _("Reserves"),
    REVIEW: _("Review"),
}
# Where a violation can be fixed; list-building codes are fixed in the builder instead.
CODE_STEPS = {
    codes.LEADER_NOT_ELIGIBLE: LEADERS,
    codes.LEADER_SLOTS: LEADERS,
    codes.LEADER_SPLIT: LEADERS,
    codes.TRANSPORT_NOT_TRANSPORT: TRANSPORTS,
    codes.TRANSPORT_CAPACITY: TRANSPORTS,
    codes.TRANSPORT_NOT_ALLOWED: TRANSPORTS,
    codes.DEDICATED_TRANSPORT_EMPTY: TRANSPORTS,
    codes.AIRCRAFT_MUST_RESERVE: RESERVES,
    codes.DEEP_STRIKE_INELIGIBLE: RESERVES,
    codes.FORTIFICATION_RESERVE: RESERVES,
    codes.STRATEGIC_RESERVES_CAP: RESERVES,
    codes.RESERVES_UNITS_CAP: RESERVES,
    codes.RESERVES_POINTS_CAP: RESERVES,
    codes.RESERVES_POWER_CAP: RESERVES,
    codes.EMBARKED_RESERVE_MISMATCH: RESERVES,
    codes.UNKNOWN_UNIT: LEADERS,
}


def formation_fixes(*, result: core.Result) -> list[tuple[core.Violation, str, str]]:
    """The declaration's violations, each with the step that fixes it and that step's title
    in the reader's language (the link reads "Fix in Reserves", never the step's address)."""
    return [
        (v, step, str(STEP_TITLES[step]))
        for v in result.violations
        if (step := CODE_STEPS.get(v.code))
    ]


PLACEMENT_LABELS = {
    core.Placement.BATTLEFIELD: _("On the battlefield"),
    core.Placement.STRATEGIC_RESERVES: _("Strategic Reserves"),
    core.Placement.DEEP_STRIKE: _("Deep Strike"),
    core.Placement.RESERVES: _("Reserves (aircraft must start here)"),
}
SESSION_KEY = "declare:{roster}:{run}"

# Notes where a step does not offer a choice; the reason itself is the rules core's.
NOTE_NO_DEEP_STRIKE = _("Deep Strike not offered: {reason}.")
NOTE_NO_RESERVES = _("Reserves not offered: {reason}.")
NOTE_CANNOT_LEAD = _(
    "{leader} has no unit to lead: its datasheet lists none of this roster's units."
)
NOTE_NO_TRANSPORT = _("{group} has no transport: none of this roster's transports can carry it.")
# Keywords that make a player expect Deep Strike; a note is worth its space only then.
DEEP_STRIKE_HINTS = frozenset({"JUMP PACK", "TERMINATOR", "FLY"})


@dataclass
class WizardState:
    """The choices of one run, kept in the session between steps."""

    # Named in the player's language when the run starts; saved as the player leaves it.
    name: str = field(default_factory=lambda: gettext("Battle formations"))
    declaration_id: int | None = None
    hover: list[int] = field(default_factory=list)
    attach: dict[int, int] = field(default_factory=dict)
    # Group key (bodyguard or lone unit id) -> transport id / placement value.
    embark: dict[int, int] = field(default_factory=dict)
    place: dict[int, str] = field(default_factory=dict)

    def dump(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "declaration_id": self.declaration_id,
            "hover": self.hover,
            "attach": {str(k): v for k, v in self.attach.items()},
            "embark": {str(k): v for k, v in self.embark.items()},
            "place": {str(k): v for k, v in self.place.items()},
        }

    @classmethod
    def load(cls, raw: dict[str, Any]) -> WizardState:
        return cls(
            name=raw["name"],
            declaration_id=raw["declaration_id"],
            hover=[int(i) for i in raw["hover"]],
            attach={int(k): int(v) for k, v in raw["attach"].items()},
            embark={int(k): int(v) for k, v in raw["embark"].items()},
            place={int(k): str(v) for k, v in raw["place"].items()},
        )

    @classmethod
    def of(cls, declaration: Declaration) -> WizardState:
        """Read a saved declaration back into per-group choices."""
        data = DeclarationData.of(declaration)
        attach = dict(data.attachments)
        bodyguard = {leader: bg for leader, bg in attach.items()}
        embark: dict[int, int] = {}
        for unit_id, transport_id in data.embarkations:
            embark[bodyguard.get(unit_id, unit_id)] = transport_id
        place: dict[int, str] = {}
        for unit_id, value in data.placements.items():
            place[bodyguard.get(unit_id, unit_id)] = value
        return cls(
            name=declaration.name,
            declaration_id=declaration.pk,
            hover=data.hover,
            attach=attach,
            embark=embark,
            place=place,
        )


def wizard_start(*, session: Any, roster: Roster, declaration: Declaration | None) -> str:
    """Open a new run over a roster (from a saved declaration, or empty); return its id."""
    run = secrets.token_urlsafe(8)
    state = WizardState.of(declaration) if declaration is not None else WizardState()
    session[SESSION_KEY.format(roster=roster.pk, run=run)] = state.dump()
    return run


def wizard_state(*, session: Any, roster: Roster, run: str) -> WizardState | None:
    raw = session.get(SESSION_KEY.format(roster=roster.pk, run=run))
    return WizardState.load(raw) if raw is not None else None


def wizard_store(*, session: Any, roster: Roster, run: str, state: WizardState) -> None:
    session[SESSION_KEY.format(roster=roster.pk, run=run)] = state.dump()


def wizard_finish(*, session: Any, roster: Roster, run: str) -> None:
    session.pop(SESSION_KEY.format(roster=roster.pk, run=run), None)


class Wizard:
    """One roster and one run's choices, with what each step offers."""

    def __init__(self, roster: Roster, state: WizardState) -> None:
        self.roster = roster
        self.state = state
        self.units: dict[int, RosterUnit] = {u.pk: u for u in roster.units.all()}
        self.army = services.roster_to_core(roster=roster)
        self.core: dict[int, core.Unit] = {int(u.id): u for u in self.army.units}
        self.labels = self._labels()
        # Drop choices naming units that are gone; stale_ids lists them for the page.
        self.stale_ids = self._prune()

    def _labels(self) -> dict[int, str]:
        totals = Counter(u.datasheet.name for u in self.units.values())
        seen: Counter[str] = Counter()
        labels = {}
        for pk, unit in self.units.items():
            name = unit.datasheet.name
            seen[name] += 1
            labels[pk] = f"{name} {seen[name]}" if totals[name] > 1 else name
        return labels

    def _prune(self) -> set[int]:
        state, present = self.state, set(self.units)
        named = set(state.hover) | set(state.embark) | set(state.embark.values()) | set(state.place)
        for leader, bodyguard in state.attach.items():
            named.update((leader, bodyguard))
        return named - present

    # Steps.

    def hover_capable(self) -> list[int]:
        return [
            pk for pk, u in self.core.items() if u.datasheet.hover and u.datasheet.has("AIRCRAFT")
        ]

    def steps(self) -> list[str]:
        return [
            s
            for s in (HOVER, LEADERS, TRANSPORTS, RESERVES, REVIEW)
            if s != HOVER or self.hover_capable()
        ]

    # Groups: a bodyguard with its leaders, or a lone unit.

    def leaders_of(self) -> dict[int, list[int]]:
        groups: dict[int, list[int]] = {}
        for leader, bodyguard in sorted(self.state.attach.items()):
            if leader in self.units and bodyguard in self.units:
                groups.setdefault(bodyguard, []).append(leader)
        return groups

    def groups(self) -> dict[int, list[int]]:
        """Return group key -> member ids, bodyguard first, in roster order."""
        led = self.leaders_of()
        attached = {leader for leaders in led.values() for leader in leaders}
        return {pk: [pk, *led.get(pk, [])] for pk in self.units if pk not in attached}

    def group_label(self, members: list[int]) -> str:
        head, *leaders = members
        if not leaders:
            return self.labels[head]
        return " + ".join([*(self.labels[m] for m in leaders), self.labels[head]])

    def attachment_lines(self) -> list[str]:
        """Say who leads whom, e.g. "Captain → Intercessor Squad"."""
        return [
            f"{' + '.join(self.labels[m] for m in members[1:])} → {self.labels[members[0]]}"
            for members in self.groups().values()
            if len(members) > 1
        ]

    def leaders_without_bodyguard(self) -> list[str]:
        """Say which Leaders the leaders step offers nothing, and why."""
        offered = self.leader_candidates()
        return [
            NOTE_CANNOT_LEAD.format(leader=self.labels[pk])
            for pk, unit in self.core.items()
            if unit.datasheet.leads and pk not in offered
        ]

    def leader_candidates(self) -> dict[int, list[int]]:
        """Return each Leader's eligible bodyguards, as the core's leader check judges them."""
        found: dict[int, list[int]] = {}
        for pk, unit in self.core.items():
            if not unit.datasheet.leads:
                continue
            options = [
                other
                for other, candidate in self.core.items()
                if rules.leader_refusal(unit, candidate) is None
            ]
            if options:
                found[pk] = options
        return found

    def transports(self) -> list[int]:
        return [
            pk
            for pk, u in self.core.items()
            if u.datasheet.has("TRANSPORT") and u.datasheet.transport
        ]

    def transport_choices(self, members: list[int]) -> list[int]:
        riders = [self.core[m] for m in members]
        return [
            t
            for t in self.transports()
            if t not in members and rules.can_carry(self.core[t], riders)
        ]

    def placement_note(self, members: list[int]) -> str:
        """Say which unit keeps a group from reserves or Deep Strike, where one expects them."""
        riders = [self.core[m] for m in members]
        for rider in riders:
            if not rules.may_start_in_reserves(rider):
                reason = codes.MSG_FORTIFICATION.format(
                    unit=rider.name, placement=codes.PLACEMENT_LABELS[core.Placement.RESERVES]
                )
                return NOTE_NO_RESERVES.format(reason=translated(reason))
        expected = any(
            r.datasheet.deep_strike or r.datasheet.keywords & DEEP_STRIKE_HINTS for r in riders
        )
        refusal = rules.deep_strike_refusal(riders)
        if expected and refusal and not any(r.datasheet.has("AIRCRAFT") for r in riders):
            return NOTE_NO_DEEP_STRIKE.format(reason=translated(refusal))
        return ""

    def placement_choices(self, members: list[int]) -> list[core.Placement]:
        riders = [self.core[m] for m in members]
        aircraft = [
            r for r in riders if r.datasheet.has("AIRCRAFT") and int(r.id) not in self.state.hover
        ]
        if aircraft:
            return [core.Placement.RESERVES]
        choices = [core.Placement.BATTLEFIELD]
        if all(rules.may_start_in_reserves(r) for r in riders):
            choices.append(core.Placement.STRATEGIC_RESERVES)
            if rules.can_deep_strike(riders):
                choices.append(core.Placement.DEEP_STRIKE)
        return choices

    # The declaration and the core's verdict.

    def data(self) -> DeclarationData:
        groups = self.groups()
        data = DeclarationData(hover=sorted(h for h in self.state.hover if h in self.units))
        data.attachments = [
            (leader, bg) for bg, leaders in self.leaders_of().items() for leader in leaders
        ]
        for key, transport in sorted(self.state.embark.items()):
            if key in groups and transport in self.units:
                data.embarkations += [(member, transport) for member in groups[key]]
        embarked = {key for key in self.state.embark if key in groups}
        for key, value in sorted(self.state.place.items()):
            if key in groups and key not in embarked and value != core.Placement.BATTLEFIELD:
                for member in groups[key]:
                    data.placements[member] = value
        for key, members in groups.items():
            # Aircraft start in reserves whether or not the player said so.
            if key not in embarked and self.placement_choices(members) == [core.Placement.RESERVES]:
                for member in members:
                    data.placements[member] = core.Placement.RESERVES.value
        return data

    def result(self) -> core.Result:
        """Validate the choices so far with the one declaration service saving uses too."""
        return declaration_validate(roster=self.roster, data=self.data())

    def capacity(self, result: core.Result) -> list[dict[str, Any]]:
        """Describe each transport's pools: what they take, and how full they are."""
        used: dict[tuple[str, str], int] = {}
        for load in result.loads:
            used[(load.transport_id, load.pool)] = load.used
        rows = []
        for pk in self.transports():
            sheet = self.core[pk].datasheet
            pools = []
            for pool in sheet.transport:
                label = codes.keywords_text(pool.allowed) if len(sheet.transport) > 1 else ""
                pools.append(
                    {
                        "used": used.get((str(pk), label), 0),
                        "capacity": pool.capacity,
                        "takes": translated(codes.keywords_text(pool.allowed))
                        or gettext("any models"),
                        "not": ", ".join(sorted(pool.forbidden)),
                        "space": ", ".join(
                            gettext("{keyword} takes {spaces}").format(keyword=k, spaces=v)
                            for k, v in pool.space
                        ),
                        "only": ", ".join(sorted(pool.only_datasheets)),
                    }
                )
            # What the importer could not turn into facts is shown, never guessed at.
            # Each note is one of the importer's fixed phrases, joined by "; ".
            partial = [
                "; ".join(gettext(part) for part in p.note.split("; "))
                for p in self.units[pk].datasheet.transport_pools.all()
                if not p.complete
            ]
            rows.append(
                {"id": pk, "label": self.labels[pk], "pools": pools, "partial": "; ".join(partial)}
            )
        return rows


class HoverForm(forms.Form):
    def __init__(self, *args: Any, wizard: Wizard, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["hover"] = forms.TypedMultipleChoiceField(
            coerce=int,
            required=False,
            choices=[(pk, wizard.labels[pk]) for pk in wizard.hover_capable()],
            widget=forms.CheckboxSelectMultiple,
            initial=[h for h in wizard.state.hover if h in wizard.units],
            label=_("Aircraft using hover mode"),
        )

    def apply(self, state: WizardState) -> None:
        state.hover = sorted(self.cleaned_data["hover"])


class LeadersForm(forms.Form):
    def __init__(self, *args: Any, wizard: Wizard, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows: list[tuple[int, str]] = []
        self.notes = wizard.leaders_without_bodyguard()
        taken: dict[int, list[int]] = {}
        for leader, bodyguard in wizard.state.attach.items():
            taken.setdefault(bodyguard, []).append(leader)
        for leader, options in wizard.leader_candidates().items():
            choices: list[tuple[str, str]] = [("", gettext("Not attached"))]
            for bg in options:
                others = [lid for lid in taken.get(bg, []) if lid != leader]
                label = wizard.labels[bg]
                if others:
                    slots = rules.leader_slots(
                        wizard.core[bg], [wizard.core[o] for o in [*others, leader]]
                    )
                    if len(others) >= slots:
                        names = ", ".join(wizard.labels[o] for o in others)
                        label += gettext(" (taken by {names})").format(names=names)
                choices.append((str(bg), label))
            name = f"leader_{leader}"
            self.fields[name] = forms.ChoiceField(
                choices=choices,
                required=False,
                label=wizard.labels[leader],
                initial=str(wizard.state.attach.get(leader, "")),
            )
            self.rows.append((leader, name))

    def apply(self, state: WizardState) -> None:
        for leader, name in self.rows:
            value = self.cleaned_data.get(name)
            if value:
                state.attach[leader] = int(value)
            else:
                state.attach.pop(leader, None)


class TransportsForm(forms.Form):
    def __init__(self, *args: Any, wizard: Wizard, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows: list[tuple[int, str]] = []
        self.notes: list[str] = []
        transports = set(wizard.transports())
        for key, members in wizard.groups().items():
            if key in transports:
                continue
            options = wizard.transport_choices(members)
            if not options:
                if transports:
                    self.notes.append(NOTE_NO_TRANSPORT.format(group=wizard.group_label(members)))
                continue
            name = f"group_{key}"
            self.fields[name] = forms.ChoiceField(
                choices=[
                    ("", gettext("Not embarked")),
                    *((str(t), wizard.labels[t]) for t in options),
                ],
                required=False,
                label=wizard.group_label(members),
                initial=str(wizard.state.embark.get(key, "")),
            )
            self.rows.append((key, name))

    def apply(self, state: WizardState) -> None:
        for key, name in self.rows:
            value = self.cleaned_data.get(name)
            if value:
                state.embark[key] = int(value)
            else:
                state.embark.pop(key, None)


class ReservesForm(forms.Form):
    def __init__(self, *args: Any, wizard: Wizard, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows: list[tuple[int, str]] = []
        self.riding: list[tuple[str, str]] = []
        for key, members in wizard.groups().items():
            transport = wizard.state.embark.get(key)
            if transport in wizard.units:
                self.riding.append((wizard.group_label(members), wizard.labels[transport]))
                continue
            options = wizard.placement_choices(members)
            name = f"place_{key}"
            initial = wizard.state.place.get(key, options[0].value)
            self.fields[name] = forms.ChoiceField(
                choices=[(p.value, PLACEMENT_LABELS[p]) for p in options],
                label=wizard.group_label(members),
                initial=initial if initial in {p.value for p in options} else options[0].value,
                widget=forms.Select,
                help_text=wizard.placement_note(members),
            )
            self.rows.append((key, name))

    def apply(self, state: WizardState) -> None:
        for key, name in self.rows:
            state.place[key] = self.cleaned_data[name]


class ReviewForm(forms.Form):
    name = forms.CharField(max_length=150, label=_("Name this declaration"))

    def __init__(self, *args: Any, wizard: Wizard, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"name": wizard.state.name})
        super().__init__(*args, **kwargs)

    def apply(self, state: WizardState) -> None:
        state.name = self.cleaned_data["name"]


FORMS: dict[str, type[forms.Form]] = {
    HOVER: HoverForm,
    LEADERS: LeadersForm,
    TRANSPORTS: TransportsForm,
    RESERVES: ReservesForm,
    REVIEW: ReviewForm,
}


def declaration_sheet(*, roster: Roster, declaration: Declaration) -> Any:
    """Describe a saved declaration, with the rules core's counts, for the printed sheet."""
    from rosters.formats.declaration_pdf import DeclarationSheet, TransportLine
    from rosters.formats.services import roster_sheet

    wiz = Wizard(roster, WizardState.of(declaration))
    result = wiz.result()
    data = wiz.data()
    groups = wiz.groups()
    riding: dict[int, list[int]] = {}
    transports = []
    for load in result.loads:
        transport = int(load.transport_id)
        keys = [int(p) for p in load.passenger_ids if int(p) in groups]
        riding.setdefault(transport, []).extend(keys)
        transports.append(
            TransportLine(
                transport=wiz.labels[transport] + (f" ({load.pool})" if load.pool else ""),
                used=load.used,
                capacity=load.capacity,
                passengers=tuple(wiz.group_label(groups[k]) for k in keys),
            )
        )
    embarked = {p for p, _ in data.embarkations}

    def placed(where: core.Placement) -> list[int]:
        return [k for k in groups if k not in embarked and data.placements.get(k) == where]

    def points(key: int) -> int:
        # A transport's line carries its passengers' points: they count toward the cap too.
        members = [*groups[key], *(m for r in riding.get(key, []) for m in groups[r])]
        return sum(result.unit_points[str(m)] for m in members)

    def label(key: int) -> str:
        carried = [wiz.group_label(groups[r]) for r in riding.get(key, [])]
        text = wiz.group_label(groups[key])
        return f"{text} (carrying {', '.join(carried)})" if carried else text

    return DeclarationSheet(
        roster=roster_sheet(roster_id=roster.pk),
        name=declaration.name,
        hover=tuple(wiz.labels[h] for h in data.hover),
        attachments=tuple(wiz.attachment_lines()),
        transports=tuple(transports),
        strategic_reserves=tuple(
            (label(k), points(k)) for k in placed(core.Placement.STRATEGIC_RESERVES)
        ),
        deep_strike=tuple(label(k) for k in placed(core.Placement.DEEP_STRIKE)),
        aircraft=tuple(label(k) for k in placed(core.Placement.RESERVES)),
        meters=tuple(meter_text(m) for m in result.meters),
        problems=tuple(translated(v.message) for v in result.violations if v.code in CODE_STEPS),
        arrival=rules.get_profile(roster.profile).arrival(),
        stale=tuple(
            gettext("unit #{number} is no longer in the roster").format(number=i)
            for i in sorted(wiz.stale_ids)
        ),
    )
