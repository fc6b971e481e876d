"""Forms of battle records: recording a battle, and reading the score entry posted."""

from __future__ import annotations

import datetime
from typing import Any, Final

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from armybuilder.rules.scoring import UnitState
from rosters.battles.models import SCORING_PROFILE_CHOICES, Battle, BattleSize
from rosters.battles.services import BattleError, SideEntry
from rosters.models import Declaration, Roster

OPPONENT_ROSTER: Final = "roster"
OPPONENT_SHARED: Final = "shared"
OPPONENT_TYPED: Final = "typed"
ERR_PICK_ROSTER: Final = _("Choose one of your rosters as the opponent.")
ERR_SHARED_LINK: Final = _("Paste the opponent's share link.")
ERR_OPPONENT_NAME: Final = _("Give the opponent's name.")
ERR_CUSTOM_POINTS: Final = _("A custom battle size needs its points.")
ERR_VP: Final = _("VP for {side}, round {round}, must be a whole number (“{value}”).")


class BattleCreateForm(forms.Form):
    opponent_kind = forms.ChoiceField(
        label=_("Opponent"),
        widget=forms.RadioSelect,
        choices=[
            (OPPONENT_ROSTER, _("Another of my rosters")),
            (OPPONENT_SHARED, _("A shared roster link")),
            (OPPONENT_TYPED, _("Typed in (name, faction, points; optional pasted list)")),
        ],
        initial=OPPONENT_TYPED,
    )
    opponent_roster = forms.ModelChoiceField(
        label=_("Opponent roster"), queryset=Roster.objects.none(), required=False
    )
    shared_link = forms.CharField(label=_("Share link or token"), required=False, max_length=300)
    opponent_name = forms.CharField(label=_("Opponent's name"), required=False, max_length=150)
    opponent_faction = forms.CharField(
        label=_("Opponent's faction"), required=False, max_length=150
    )
    opponent_points = forms.IntegerField(label=_("Opponent's points"), required=False, min_value=0)
    opponent_list = forms.CharField(
        label=_("Opponent's list (optional, pasted as exported)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
    )
    declaration = forms.ModelChoiceField(
        label=_("Declaration played (optional)"),
        queryset=Declaration.objects.none(),
        required=False,
    )
    battle_size = forms.ChoiceField(
        label=_("Battle size"), choices=BattleSize.choices, initial=BattleSize.STRIKE_FORCE
    )
    custom_points = forms.IntegerField(label=_("Custom points"), required=False, min_value=1)
    scoring_profile = forms.ChoiceField(
        label=_("Scoring profile"), choices=SCORING_PROFILE_CHOICES, initial="only-war-10"
    )
    victory_level = forms.BooleanField(label=_("Victory level (tournament points)"), required=False)
    played_on = forms.DateField(
        label=_("Date"),
        initial=datetime.date.today,
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )
    notes = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args: Any, roster: Roster, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only the player's own rosters and this roster's declarations are offered.
        opponent, declaration = self.fields["opponent_roster"], self.fields["declaration"]
        assert isinstance(opponent, forms.ModelChoiceField)  # declared so above
        assert isinstance(declaration, forms.ModelChoiceField)
        opponent.queryset = Roster.objects.filter(owner=roster.owner)
        declaration.queryset = roster.declarations.all()
        self.initial.setdefault("battle_size", roster.battle_size)

    def clean(self) -> dict[str, Any]:
        super().clean()  # Form.clean() returns cleaned_data itself
        data = self.cleaned_data
        kind = data.get("opponent_kind")
        if kind == OPPONENT_ROSTER and not data.get("opponent_roster"):
            self.add_error("opponent_roster", ERR_PICK_ROSTER)
        if kind == OPPONENT_SHARED and not data.get("shared_link", "").strip():
            self.add_error("shared_link", ERR_SHARED_LINK)
        if kind == OPPONENT_TYPED and not data.get("opponent_name", "").strip():
            self.add_error("opponent_name", ERR_OPPONENT_NAME)
        if data.get("battle_size") == BattleSize.CUSTOM and not data.get("custom_points"):
            self.add_error("custom_points", ERR_CUSTOM_POINTS)
        return data


def score_entries(*, post: QueryDict, battle: Battle, last_round: int) -> dict[int, SideEntry]:
    """Read the score form: s{side}_r{round}, s{side}_secondaries, s{side}_painted, ..."""
    states = {state.value for state in UnitState}
    entries: dict[int, SideEntry] = {}
    for side in battle.sides.all():
        prefix = f"s{side.index}_"
        rounds: dict[str, int] = {}
        for rnd in range(1, last_round + 1):
            raw = post.get(f"{prefix}r{rnd}", "").strip()
            if not raw:
                continue
            try:
                rounds[str(rnd)] = int(raw)
            except ValueError:
                raise BattleError(ERR_VP.format(side=side.name, round=rnd, value=raw)) from None
        unit_states = {
            unit.pk: state
            for unit in side.units.all()
            if (state := post.get(f"unit_{unit.pk}")) is not None and state in states
        }
        entries[side.index] = SideEntry(
            round_vp=rounds,
            secondaries=post.get(f"{prefix}secondaries", "").splitlines(),
            painted=post.get(f"{prefix}painted") == "on",
            army_destroyed=post.get(f"{prefix}destroyed") == "on",
            unit_states=unit_states,
        )
    return entries
