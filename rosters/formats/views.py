"""Pages to export a roster (PDF, xlsx, text) and to import a pasted or uploaded list."""

from __future__ import annotations

from typing import Any, Final

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from rosters.converters import id_or_none
from rosters.declarations import DeclarationData, declaration_to_core
from rosters.formats import services
from rosters.formats.text_import import UnreadableList, supported_formats_text
from rosters.formats.text_import.common import decode_text
from rosters.formats.text_import.resolved import Problem
from rosters.formats.text_import.resolver import DETACHMENT, FACTION
from rosters.models import Declaration, Roster
from rosters.presentation import profile_choices

MAX_UPLOAD_BYTES: Final = 256 * 1024
DROP: Final = "__drop__"
ERR_NO_TEXT: Final = _("Paste a list or choose a file.")
ERR_TOO_BIG: Final = _("That file is too large for an army list (256 KB at most).")
XLSX_TYPE: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _owned_roster(request: HttpRequest, pk: int) -> Roster:
    # Another player's roster is a 404, never a 403: its existence is not theirs to know.
    return get_object_or_404(Roster.objects.only("id", "name"), pk=pk, owner=request.user)


def _filename(roster: Roster, ext: str) -> str:
    return f"{slugify(roster.name) or 'roster'}.{ext}"


@login_required
@require_GET
def roster_export_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """Download a roster as a printable PDF; ``?cards=1`` adds a datasheet per unit, and
    ``&declaration=<id>`` (one of the roster's) prints attached leaders with their units."""
    roster = _owned_roster(request, pk)
    cards = request.GET.get("cards") == "1"
    declaration = None
    declaration_id = id_or_none(request.GET.get("declaration"))
    if cards and declaration_id is not None:
        row = get_object_or_404(Declaration, pk=declaration_id, roster=roster)
        declaration = declaration_to_core(data=DeclarationData.of(row))
    pdf = services.roster_export_pdf(roster_id=roster.pk, cards=cards, declaration=declaration)
    response = HttpResponse(pdf, "application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{_filename(roster, "pdf")}"'
    return response


@login_required
@require_GET
def roster_export_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    """Download a roster and its violations as an xlsx workbook."""
    roster = _owned_roster(request, pk)
    response = HttpResponse(services.roster_export_xlsx(roster_id=roster.pk), XLSX_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{_filename(roster, "xlsx")}"'
    return response


@login_required
@require_GET
def roster_export_text(request: HttpRequest, pk: int) -> HttpResponse:
    """Show a roster in the official app's text layout, ready to copy."""
    roster = _owned_roster(request, pk)
    response = HttpResponse(
        services.roster_export_text(roster_id=roster.pk), "text/plain; charset=utf-8"
    )
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="{_filename(roster, "txt")}"'
    return response


class ListImportForm(forms.Form):
    text = forms.CharField(
        label=_("Paste your list"),
        required=False,
        max_length=services.MAX_LIST_CHARS,
        widget=forms.Textarea(attrs={"rows": 16, "cols": 80, "spellcheck": "false"}),
    )
    upload = forms.FileField(label=_("…or upload a text file"), required=False)
    name = forms.CharField(label=_("Roster name"), required=False, max_length=150)
    profile = forms.ChoiceField(label=_("Rules"), choices=profile_choices, initial="core-10")
    as_of = forms.DateField(
        label=_("Points as of"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("The release in force that day; empty for the current one."),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()  # Form.clean() returns cleaned_data itself
        data = self.cleaned_data
        upload = data.get("upload")
        if upload:
            if upload.size > MAX_UPLOAD_BYTES:
                raise forms.ValidationError(ERR_TOO_BIG)
            data["text"] = decode_text(upload.read())
        if not (data.get("text") or "").strip():
            raise forms.ValidationError(ERR_NO_TEXT)
        return data


def _resolutions(post: Any) -> dict[str, str | None]:
    """Read the player's choices: fix-<key> is a name, or DROP to leave the line out."""
    choices: dict[str, str | None] = {}
    for field, value in post.items():
        if not field.startswith("fix-") or not value:
            continue
        typed = post.get("fixtext-" + field[4:], "").strip()
        choices[field[4:]] = None if value == DROP else (typed or value)
    for field, value in post.items():
        if field.startswith("fixtext-") and value.strip() and field[8:] not in choices:
            choices[field[8:]] = value.strip()
    return choices


def _options(problem: Problem, check: services.ListCheck) -> list[str]:
    """Offer the nearest names, and for a faction or detachment every possible one."""
    names = list(problem.suggestions)
    index = services.list_snapshot().index
    if problem.kind == FACTION:
        names += sorted(index.faction_names.values())
    elif problem.kind == DETACHMENT and check.resolved.faction_id is not None:
        names += index.detachments(check.resolved.faction_id, check.release.id).names()
    return list(dict.fromkeys(names))


@login_required
@require_http_methods(["GET", "POST"])
def roster_import(request: HttpRequest) -> HttpResponse:
    """Read a pasted list, show what was understood, and save it once every line is settled."""
    form = ListImportForm(request.POST or None, request.FILES or None)
    context: dict[str, Any] = {"form": form, "supported": supported_formats_text(), "DROP": DROP}
    if request.method != "POST" or not form.is_valid():
        return render(request, "rosters/formats/import.html", context)
    if request.FILES:
        # Show an uploaded file's text in the box, so the next round needs no upload.
        # (A valid form was bound to request.POST: or None left it non-empty.)
        data = request.POST.copy()
        data["text"] = form.cleaned_data["text"]
        form.data = data
    resolutions = _resolutions(request.POST)
    try:
        snapshot = services.list_snapshot(as_of=form.cleaned_data.get("as_of"))
        check = services.list_import_check(
            snapshot=snapshot,
            text=form.cleaned_data["text"],
            profile=form.cleaned_data["profile"],
            resolutions=resolutions,
            name=form.cleaned_data["name"],
        )
    except (UnreadableList, services.ListImportError) as exc:
        form.add_error(None, str(exc))
        return render(request, "rosters/formats/import.html", context)
    if request.POST.get("action") == "save" and check.resolved.complete:
        roster = services.roster_import_save(
            owner=request.user,
            resolved=check.resolved,
            release=check.release,
            name=form.cleaned_data["name"],
            profile=form.cleaned_data["profile"],
        )
        return redirect(reverse("rosters:roster", args=[roster.pk]))
    open_keys = {p.key for p in (*check.resolved.problems, *check.resolved.unread_wargear)}
    rows = []
    points = check.result.unit_points if check.result is not None else {}
    for unit in check.resolved.units:
        ours = points.get(unit.key)
        rows.append(
            {
                "unit": unit,
                "ours": ours,
                "differs": ours is not None
                and unit.stated_points is not None
                and ours != unit.stated_points,
            }
        )
    context.update(
        check=check,
        rows=rows,
        problems=[(p, _options(p, check)) for p in check.resolved.problems],
        # Wargear lines not placed: offered for renaming, but the list saves without them.
        unread_wargear=[(p, _options(p, check)) for p in check.resolved.unread_wargear],
        # Choices already made ride along, so settling one line never unsettles another.
        carried=[
            (key, DROP if value is None else value)
            for key, value in resolutions.items()
            if key not in open_keys
        ],
        saving_blocked=request.POST.get("action") == "save",
    )
    return render(request, "rosters/formats/import.html", context)
