"""Pages of the players' side: accounts, My rosters, and the builder.

Views parse input, call one service, and render. Mutating builder endpoints answer an
htmx request with the refreshed builder panel and a plain form post with a redirect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext_lazy, gettext_noop
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from armybuilder.catalogue.conversion import loadout_facts
from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    Enhancement,
    Faction,
    OptionPrice,
    PointsRelease,
)
from armybuilder.rules import codes
from armybuilder.rules import model as core
from armybuilder.rules.wargear import loadout_of
from rosters import listing, services
from rosters.builder import builder_page_load
from rosters.builder_fields import (
    ENHANCEMENT_FIELD,
    MODELS_FIELD,
    OPTION_FIELD,
    PICKER_FIELD,
    UPGRADE_FIELD,
    WARGEAR_FORGET_FIELD,
    WARGEAR_MODELS_FIELD,
    WARGEAR_OPTION_FIELD,
    WARGEAR_RESET_FIELD,
    WARLORD_FIELD,
)
from rosters.builder_markup import type_options
from rosters.converters import id_or_none
from rosters.forms import RosterCreateForm, RosterRenameForm, SignUpForm, faction_choices
from rosters.models import Roster, RosterUnit

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

MSG_CREATED = _("Created {name}. Add units from the list of datasheets.")
MSG_DELETED = _("Deleted {name}.")
MSG_DUPLICATED = _("Created {name} as a copy.")
MSG_RENAMED = _("Renamed to {name}.")
MSG_REPRICED = _("{name} is now priced under {release}.")
MSG_SHARE_ON = _("Anyone with the link can now read this roster.")
MSG_SHARE_OFF = _("The share link is off; the old link no longer works.")
ERR_BAD_NUMBER = _("Model count must be a whole number.")
ERR_BAD_OPTION_COUNT = gettext_noop("An option's count must be a whole number.")
ERR_BAD_ID = _("{field} must be an id (a whole number of at least 1).")
ERR_BAD_COUNT = gettext_lazy("Wargear counts must be whole numbers from 0 to 9999.")


def _id_or_404(raw: object, field: str) -> int:
    # "?faction=abc" names nothing: not found, never a failed database query.
    number = id_or_none(raw)
    if number is None:
        raise Http404(ERR_BAD_ID.format(field=field))
    return number


def home(request: HttpRequest) -> HttpResponse:
    """Show what the site is, or the player's rosters once logged in."""
    if request.user.is_authenticated:
        return redirect("rosters:list")
    factions = Faction.objects.offered().filter(parent__isnull=True)
    factions = factions.prefetch_related("children")
    release = PointsRelease.objects.filter(is_current=True).first()
    return render(request, "rosters/home.html", {"factions": factions, "release": release})


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Send /favicon.ico (asked for by pages without an icon link) to the static icon."""
    # Resolved per request: the production manifest exists only after collectstatic.
    return redirect(static("favicon.svg"), permanent=True)


def signup(request: HttpRequest) -> HttpResponse:
    """Create a player account and log it in."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("rosters:list")
    return render(request, "registration/signup.html", {"form": form})


def owner_or_404(request: HttpRequest, pk: int) -> None:
    # Someone else's roster is a 404, never a 403: ids reveal nothing.
    # Every caller is login_required: the first test only narrows the user's type.
    user = request.user
    if not user.is_authenticated or not Roster.objects.filter(pk=pk, owner=user).exists():
        raise Http404


def owned_roster(request: HttpRequest, pk: int) -> Roster:
    owner_or_404(request, pk)
    return services.roster_load(roster_id=pk)


def owned_unit(request: HttpRequest, pk: int, unit_pk: int) -> RosterUnit:
    return get_object_or_404(
        RosterUnit.objects.select_related("roster", "datasheet"),
        pk=unit_pk,
        roster_id=pk,
        roster__owner=request.user,
    )


@login_required
def roster_list(request: HttpRequest) -> HttpResponse:
    """List the player's rosters with points and a legal or illegal badge."""
    rows = listing.roster_list_rows(owner=request.user)
    return render(request, "rosters/roster_list.html", {"rows": rows})


@login_required
def roster_create(request: HttpRequest) -> HttpResponse:
    """Create a roster: faction, detachment, battle size and profile."""
    # The home page links each faction here as ?faction=<id>, to start a roster of it.
    asked = _int_or_none(request.GET.get("faction"))
    chosen = Faction.objects.filter(pk=asked).first() if asked is not None else None
    initial = {"faction": chosen.pk} if chosen is not None else {}
    form = RosterCreateForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        roster = services.roster_create(
            owner=request.user,
            name=data["name"],
            faction=data["faction"],
            detachment=data["detachment"],
            battle_size=data["battle_size"],
            profile=data["profile"],
        )
        messages.success(request, MSG_CREATED.format(name=roster.name))
        return redirect("rosters:roster", pk=roster.pk)
    detachments = Detachment.objects.select_related("faction").order_by("faction__name", "name")
    if chosen is not None and request.method != "POST":
        detachments = detachments.filter(faction__in=services.faction_chain_load(faction=chosen))
    context = {"form": form, "detachments": detachments, "faction_groups": faction_choices()}
    return render(request, "rosters/roster_create.html", context)


def _int_or_none(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() else None


@login_required
@require_GET
def detachment_options(request: HttpRequest) -> HttpResponse:
    """Return the detachment options of one faction, for the create form."""
    faction = get_object_or_404(Faction, pk=_id_or_404(request.GET.get("faction"), "faction"))
    return render(
        request,
        "rosters/_detachment_options.html",
        {"detachments": services.faction_detachments_load(faction=faction)},
    )


@login_required
def roster_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Show the builder: units, points, violations and the datasheet picker."""
    # After a plain form post to a unit's wargear, its panel stays open.
    open_unit = id_or_none(request.GET.get("open"))
    owner_or_404(request, pk)
    page = builder_page_load(roster_id=pk, open_unit=open_unit)
    return render(request, "rosters/roster_detail.html", {"page": page, "editable": True})


def roster_shared(request: HttpRequest, token: str) -> HttpResponse:
    """Show a roster read-only to anyone holding its share token."""
    roster = get_object_or_404(Roster, share_token=token)
    page = builder_page_load(roster_id=roster.pk, with_picker=False, editable=False)
    return render(request, "rosters/roster_detail.html", {"page": page, "editable": False})


def _builder_response(
    request: HttpRequest, pk: int, *, open_unit: int | None = None, notice: str = ""
) -> HttpResponse:
    if request.headers.get("HX-Request"):
        page = builder_page_load(roster_id=pk, open_unit=open_unit)
        context = {"page": page, "editable": True, "notice": notice}
        return render(request, "rosters/_builder.html", context)
    if notice:
        messages.warning(request, notice)
    url = reverse("rosters:roster", args=[pk])
    return redirect(f"{url}?open={open_unit}#wg-{open_unit}" if open_unit else url)


def _dropped_notice(unit: RosterUnit) -> str:
    """Say what a model-count change could not keep, in the rules core's words."""
    return " ".join(
        codes.MSG_WARGEAR_DROPPED.format(model=model, option=option, count=count)
        for model, option, count in unit.wargear_dropped
    )


def _error(request: HttpRequest, pk: int, message: _StrOrPromise) -> HttpResponse:
    messages.error(request, message)
    if request.headers.get("HX-Request"):
        page = builder_page_load(roster_id=pk)
        response = render(
            request, "rosters/_builder.html", {"page": page, "editable": True, "error": message}
        )
        return response
    return redirect("rosters:roster", pk=pk)


@login_required
@require_POST
def unit_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a unit of the chosen datasheet at its smallest size."""
    roster = owned_roster(request, pk)
    datasheet = get_object_or_404(
        Datasheet, pk=_id_or_404(request.POST.get(PICKER_FIELD), "datasheet")
    )
    try:
        services.roster_unit_create(roster=roster, datasheet=datasheet)
    except services.RosterError as exc:
        return _error(request, pk, str(exc))
    return _builder_response(request, pk)


@login_required
@require_POST
def unit_update(request: HttpRequest, pk: int, unit_pk: int) -> HttpResponse:
    """Change a unit's model count or enhancement."""
    unit = owned_unit(request, pk, unit_pk)
    # The builder's one form names each row's fields after the unit; an API-like post may not.
    raw_models = request.POST.get(MODELS_FIELD.format(unit=unit_pk), request.POST.get("models"))
    raw_enhancement = request.POST.get(
        ENHANCEMENT_FIELD.format(unit=unit_pk), request.POST.get("enhancement")
    )
    models: int | None = None
    if raw_models is not None:
        # The datasheet's own counts are checked by the service; this keeps int() cheap.
        if len(raw_models) > 6 or not raw_models.strip().isdigit():
            return _error(request, pk, ERR_BAD_NUMBER)
        models = int(raw_models)
    enhancement: Enhancement | str | None = "keep"
    if raw_enhancement is not None:
        enhancement = (
            get_object_or_404(Enhancement, pk=_id_or_404(raw_enhancement, "enhancement"))
            if raw_enhancement
            else None
        )
    try:
        # One post changes the row as a whole or not at all.
        with transaction.atomic():
            services.roster_unit_update(unit=unit, models=models, enhancement=enhancement)  # type: ignore[arg-type]
            _unit_extras_update(request, unit)
    except services.RosterError as exc:
        return _error(request, pk, str(exc))
    return _builder_response(request, pk, notice=_dropped_notice(unit))


def _count(raw: str | None) -> int | None:
    if raw is None:
        return None
    raw = raw.strip()
    if len(raw) > 4 or not raw.isdigit():
        raise ValueError(raw)
    return int(raw)


@login_required
@require_POST
def unit_wargear(request: HttpRequest, pk: int, unit_pk: int) -> HttpResponse:
    """Change a unit's wargear from the builder's panel, or go back to the defaults."""
    unit = owned_unit(request, pk, unit_pk)
    if request.POST.get(WARGEAR_FORGET_FIELD):
        services.roster_unit_unread_forget(unit=unit)
        return _builder_response(request, pk, open_unit=unit_pk)
    wargear: list[dict[str, object]] = []
    if not request.POST.get(WARGEAR_RESET_FIELD):
        facts = services.wargear_facts(datasheet=unit.datasheet)
        current = {
            part.model: part
            for part in loadout_of(
                core.Unit(
                    id=str(unit.pk),
                    datasheet=facts,
                    models=unit.models_count,
                    loadout=loadout_facts(unit.wargear),
                )
            )
        }
        try:
            for ti, kind in enumerate(facts.model_types):
                part = current.get(kind.name)
                models = _count(
                    request.POST.get(WARGEAR_MODELS_FIELD.format(unit=unit_pk, kind=ti))
                )
                if models is None:
                    models = part.models if part is not None else 0
                gear = dict(part.wargear) if part is not None else {}
                for oi, option in enumerate(type_options(kind)):
                    field = WARGEAR_OPTION_FIELD.format(unit=unit_pk, kind=ti, option=oi)
                    value = _count(request.POST.get(field))
                    if value is not None:
                        gear[option] = value
                wargear.append({"model": kind.name, "models": models, "wargear": gear})
        except ValueError:
            return _error(request, pk, str(ERR_BAD_COUNT))
    try:
        services.roster_unit_wargear_set(unit=unit, wargear=wargear)
    except services.RosterError as exc:
        return _error(request, pk, str(exc))
    return _builder_response(request, pk, open_unit=unit_pk)


def _unit_extras_update(request: HttpRequest, unit: RosterUnit) -> None:
    """Apply the row's upgrade select ("upgrade_<unit>") and option counts
    ("option_<unit>_<option price>"), where the post carries them."""
    raw_upgrade = request.POST.get(UPGRADE_FIELD.format(unit=unit.pk))
    if raw_upgrade is not None:
        detachment_id = unit.roster.detachment_id
        # Every upgrade has a detachment: a roster with none is offered none.
        offered = (
            DetachmentUpgrade.objects.filter(
                detachment_id=detachment_id, units__datasheet_id=unit.datasheet_id
            )
            if detachment_id is not None
            else DetachmentUpgrade.objects.none()
        )
        chosen = (
            get_object_or_404(DetachmentUpgrade, pk=_id_or_404(raw_upgrade, "upgrade"))
            if raw_upgrade
            else None
        )
        # One select picks one upgrade: the others offered to this unit are dropped.
        counts = {upgrade: 0 for upgrade in offered}
        counts.update(
            dict.fromkeys(
                DetachmentUpgrade.objects.filter(pk__in=unit.upgrades.values("upgrade_id")), 0
            )
        )
        if chosen is not None:
            counts[chosen] = 1
        services.roster_unit_upgrades_set(unit=unit, upgrades=counts)
    prefix = OPTION_FIELD.format(unit=unit.pk, price="")
    counts_by_name: dict[str, int] = {}
    for key, raw in request.POST.items():
        if not key.startswith(prefix):
            continue
        price = get_object_or_404(
            OptionPrice,
            pk=_id_or_404(key.removeprefix(prefix), "option"),
            datasheet_id=unit.datasheet_id,
        )
        if not isinstance(raw, str) or len(raw) > 3 or not raw.strip().isdigit():
            raise services.RosterError(_(ERR_BAD_OPTION_COUNT))
        counts_by_name[price.name] = int(raw)
    if counts_by_name:
        services.roster_unit_options_set(unit=unit, options=counts_by_name)


@login_required
@require_POST
def unit_duplicate(request: HttpRequest, pk: int, unit_pk: int) -> HttpResponse:
    """Add a copy of a unit."""
    services.roster_unit_duplicate(unit=owned_unit(request, pk, unit_pk))
    return _builder_response(request, pk)


@login_required
@require_POST
def unit_remove(request: HttpRequest, pk: int, unit_pk: int) -> HttpResponse:
    """Remove a unit."""
    services.roster_unit_remove(unit=owned_unit(request, pk, unit_pk))
    return _builder_response(request, pk)


@login_required
@require_POST
def warlord_set(request: HttpRequest, pk: int) -> HttpResponse:
    """Choose the Warlord among the roster's units, or clear it."""
    roster = owned_roster(request, pk)
    raw = request.POST.get(WARLORD_FIELD)
    unit = get_object_or_404(RosterUnit, pk=_id_or_404(raw, "unit"), roster=roster) if raw else None
    services.roster_warlord_set(roster=roster, unit=unit)
    return _builder_response(request, pk)


@login_required
def roster_rename(request: HttpRequest, pk: int) -> HttpResponse:
    """Rename a roster."""
    roster = owned_roster(request, pk)
    form = RosterRenameForm(request.POST or None, initial={"name": roster.name})
    if request.method == "POST" and form.is_valid():
        services.roster_update(roster=roster, name=form.cleaned_data["name"])
        messages.success(request, MSG_RENAMED.format(name=roster.name))
        return redirect("rosters:roster", pk=pk)
    return render(request, "rosters/roster_rename.html", {"form": form, "roster": roster})


@login_required
@require_POST
def roster_duplicate(request: HttpRequest, pk: int) -> HttpResponse:
    """Copy a roster with its units."""
    copy = services.roster_duplicate(roster=owned_roster(request, pk))
    messages.success(request, MSG_DUPLICATED.format(name=copy.name))
    return redirect("rosters:roster", pk=copy.pk)


@login_required
def roster_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Ask for confirmation, then delete a roster."""
    roster = owned_roster(request, pk)
    if request.method == "POST":
        name = roster.name
        services.roster_delete(roster=roster)
        messages.success(request, MSG_DELETED.format(name=name))
        return redirect("rosters:list")
    return render(request, "rosters/roster_delete.html", {"roster": roster})


@login_required
@require_POST
def roster_share(request: HttpRequest, pk: int) -> HttpResponse:
    """Turn the read-only share link on or off."""
    enabled = request.POST.get("enabled") == "1"
    services.roster_share_set(roster=owned_roster(request, pk), enabled=enabled)
    messages.success(request, MSG_SHARE_ON if enabled else MSG_SHARE_OFF)
    return redirect("rosters:roster", pk=pk)


@login_required
def roster_reprice(request: HttpRequest, pk: int) -> HttpResponse:
    """Show old and new prices under the current release; apply them on confirmation."""
    roster = owned_roster(request, pk)
    current = PointsRelease.objects.current()
    if current.pk == roster.release_id:
        return redirect("rosters:roster", pk=pk)
    apply = request.method == "POST"
    preview = services.roster_reprice(roster=roster, release=current, apply=apply)
    if apply:
        messages.success(request, MSG_REPRICED.format(name=roster.name, release=current.name))
        return redirect("rosters:roster", pk=pk)
    return render(request, "rosters/roster_reprice.html", {"roster": roster, "preview": preview})
