"""Pages of battle records: record, score (live, with htmx), share, list, PDF.

Views parse input, call one service, and render. Another player's battle is a 404.
"""

from __future__ import annotations

from typing import Any, Final

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from armybuilder.rules.scoring import ScoreResult, UnitState, get_scoring_profile
from rosters.battles import forms, services
from rosters.battles.models import Battle
from rosters.battles.pdf import battle_sheet_pdf
from rosters.models import Roster

MSG_RECORDED: Final = _("Recorded the battle. Enter the VP by round and each unit's end state.")
MSG_SAVED: Final = _("Saved.")
MSG_DELETED: Final = _("Deleted the battle record.")
MSG_SHARE_ON: Final = _("Anyone with the link can now read this battle record.")
MSG_SHARE_OFF: Final = _("The share link is off; the old link no longer works.")


def owned_battle(request: HttpRequest, pk: int) -> Battle:
    # Someone else's battle is a 404, never a 403: ids reveal nothing.
    return services.battle_owned_get(owner=request.user, battle_id=pk)


@login_required
def battle_list(request: HttpRequest) -> HttpResponse:
    """My battles: every battle with its result, and the player's record."""
    record = services.player_record(owner=request.user)
    return render(request, "battles/battle_list.html", {"record": record})


@login_required
def battle_create(request: HttpRequest, pk: int) -> HttpResponse:
    """Record a battle played with this roster."""
    roster = get_object_or_404(Roster, pk=pk, owner=request.user)
    form = forms.BattleCreateForm(request.POST or None, roster=roster)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            opponent = _opponent(data)
            battle = services.battle_create(
                owner=request.user,
                side=services.roster_snapshot(roster=roster, declaration=data["declaration"]),
                opponent=opponent,
                battle_size=data["battle_size"],
                custom_points=data["custom_points"],
                scoring_profile=data["scoring_profile"],
                victory_level=data["victory_level"],
                played_on=data["played_on"],
                notes=data["notes"],
            )
        except services.BattleError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, MSG_RECORDED)
            return redirect("battles:battle", pk=battle.pk)
    return render(request, "battles/battle_create.html", {"form": form, "roster": roster})


def _opponent(data: dict[str, Any]) -> services.SideSnapshot:
    kind = data["opponent_kind"]
    if kind == forms.OPPONENT_ROSTER:
        return services.roster_snapshot(roster=data["opponent_roster"])
    if kind == forms.OPPONENT_SHARED:
        roster = services.shared_roster_get(link=data["shared_link"])
        return services.roster_snapshot(roster=roster)
    return services.typed_snapshot(
        name=data["opponent_name"].strip(),
        faction=data["opponent_faction"].strip(),
        points=data["opponent_points"],
        text=data["opponent_list"],
    )


def _page(battle: Battle, result: ScoreResult, **extra: Any) -> dict[str, Any]:
    profile = get_scoring_profile(battle.scoring_profile)
    rounds = range(1, profile.last_round() + 1)
    sides = []
    for side, score in zip(battle.sides.all(), result.sides, strict=True):
        counted = dict(score.rounds)
        sides.append(
            {
                "side": side,
                "score": score,
                "rounds": [
                    {
                        "round": rnd,
                        "value": side.round_vp.get(str(rnd), ""),
                        "counted": counted.get(rnd),
                    }
                    for rnd in rounds
                ],
                "units": side.units.all(),
                "secondaries_text": "\n".join(side.secondaries),
            }
        )
    return {
        "battle": battle,
        "result": result,
        "profile": profile,
        "rounds": rounds,
        "sides": sides,
        "states": list(UnitState),
        **extra,
    }


@login_required
def battle_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The score sheet; a post saves it and, from htmx, answers with the live result."""
    battle = owned_battle(request, pk)
    error = None
    if request.method == "POST":
        profile = get_scoring_profile(battle.scoring_profile)
        try:
            entries = forms.score_entries(
                post=request.POST, battle=battle, last_round=profile.last_round()
            )
            services.battle_score_update(
                battle=battle,
                sides=entries,
                notes=request.POST.get("notes"),
                victory_level=request.POST.get("victory_level") == "on",
            )
        except services.BattleError as exc:
            error = str(exc)
            # Nothing was saved; reload what is, not the half-applied rows in memory.
            battle = services.battle_load(battle_id=pk)
        else:
            if not request.headers.get("HX-Request"):
                messages.success(request, MSG_SAVED)
                return redirect("battles:battle", pk=pk)
    context = _page(battle, services.battle_score(battle=battle), editable=True, error=error)
    if request.headers.get("HX-Request"):
        return render(request, "battles/_result.html", context)
    return render(request, "battles/battle_detail.html", context)


def battle_shared(request: HttpRequest, token: str) -> HttpResponse:
    """A battle record read-only, for anyone holding its share token."""
    battle = services.battle_load(battle_id=get_object_or_404(Battle, share_token=token).pk)
    context = _page(battle, services.battle_score(battle=battle), editable=False)
    return render(request, "battles/battle_detail.html", context)


@login_required
def battle_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The one-page result sheet for both players to sign."""
    battle = owned_battle(request, pk)
    data = battle_sheet_pdf(battle=battle, result=services.battle_score(battle=battle))
    response = HttpResponse(data, content_type="application/pdf")
    name = slugify(f"battle-{battle.played_on}-{battle.pk}")
    response["Content-Disposition"] = f'attachment; filename="{name}.pdf"'
    return response


@login_required
@require_POST
def battle_share(request: HttpRequest, pk: int) -> HttpResponse:
    battle = owned_battle(request, pk)
    enabled = request.POST.get("enabled") == "1"
    services.battle_share(battle=battle, enabled=enabled)
    messages.success(request, MSG_SHARE_ON if enabled else MSG_SHARE_OFF)
    return redirect("battles:battle", pk=pk)


@login_required
@require_POST
def battle_delete(request: HttpRequest, pk: int) -> HttpResponse:
    services.battle_delete(battle=owned_battle(request, pk))
    messages.success(request, MSG_DELETED)
    return redirect("battles:list")
