"""The organisers' page: upload an event's lists as a zip, download a report of every list.

Open to staff and to members of the Organisers group (made by a data migration). The zip
is checked while the request lasts and the workbook is the response; nothing is kept, not
the zip, not the lists, not the report. Sizes are limited as validate_list's are
(rosters.formats.batch): the zip by MAX_ZIP_BYTES, its members by count and inflated size.
"""

from __future__ import annotations

from typing import Any, Final

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from rosters.formats import batch, services
from rosters.models import Profile

ORGANISERS_GROUP: Final = "Organisers"
XLSX_TYPE: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
REPORT_NAME: Final = "event-report.xlsx"
ERR_ZIP_SIZE: Final = _("The zip is {size:,} bytes; an event's zip may be {limit:,} bytes at most.")
# Shown on the 403 page: why, and who can let the player in.
ERR_NOT_ORGANISER: Final = _(
    "Checking a whole event's lists is for organisers: the site's admin can add you to the "
    "Organisers group."
)
ERR_NOT_ZIP: Final = _("Upload the lists as one .zip file.")


def is_organiser(user: Any) -> bool:
    """Staff and members of the Organisers group may check an event's lists."""
    return bool(
        user.is_authenticated
        and (user.is_staff or user.groups.filter(name=ORGANISERS_GROUP).exists())
    )


class EventCheckForm(forms.Form):
    lists = forms.FileField(
        label=_("The event's lists, as a .zip of text files"),
        help_text=format_lazy(
            _("Up to {size} MB, {lists} lists of {each} KB each at most."),
            size=batch.MAX_ZIP_BYTES // (1024 * 1024),
            lists=f"{batch.MAX_ZIP_MEMBERS:,}",
            each=f"{batch.MAX_LIST_BYTES // 1000:,}",
        ),
    )
    profile = forms.ChoiceField(
        label=_("Rules profile"), choices=Profile.choices, initial="core-10"
    )
    # Last month's event is judged at last month's points, not today's.
    points_as_of = forms.DateField(
        label=_("Points as of"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_(
            "The event's date: each list is priced and judged by the points release in force "
            "that day. Leave it empty for the current release."
        ),
    )

    def clean_lists(self) -> Any:
        upload = self.cleaned_data["lists"]
        if not upload.name.casefold().endswith(".zip"):
            raise forms.ValidationError(ERR_NOT_ZIP)
        if upload.size > batch.MAX_ZIP_BYTES:
            raise forms.ValidationError(
                ERR_ZIP_SIZE.format(size=upload.size, limit=batch.MAX_ZIP_BYTES)
            )
        return upload


@login_required
@require_http_methods(["GET", "POST"])
def event_check(request: HttpRequest) -> HttpResponse:
    """Check every list in an uploaded zip; answer with the xlsx report, keeping nothing."""
    if not is_organiser(request.user):
        raise PermissionDenied(ERR_NOT_ORGANISER)
    form = EventCheckForm(request.POST or None, request.FILES or None)
    context: dict[str, Any] = {"form": form, "sheets": (batch.LISTS_SHEET, batch.VIOLATIONS_SHEET)}
    if request.method != "POST" or not form.is_valid():
        status = 400 if request.method == "POST" else 200
        return render(request, "rosters/formats/event_check.html", context, status=status)
    upload = form.cleaned_data["lists"]
    try:
        snapshot = services.list_snapshot(as_of=form.cleaned_data["points_as_of"])
    except services.ListImportError as exc:
        form.add_error("points_as_of", str(exc))
        return render(request, "rosters/formats/event_check.html", context, status=400)
    try:
        sources = batch.zip_sources(data=upload, name=upload.name)
    except batch.BatchError as exc:
        form.add_error("lists", str(exc))
        return render(request, "rosters/formats/event_check.html", context, status=400)
    # One process: forking a web worker is not safe, and 200 lists take about a second.
    outcomes = batch.lists_check(
        sources=sources, snapshot=snapshot, profile=form.cleaned_data["profile"], jobs=1
    )
    rows = batch.summary_rows(outcomes)
    response = HttpResponse(batch.summary_xlsx(rows), content_type=XLSX_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{REPORT_NAME}"'
    response["Cache-Control"] = "no-store"
    response["X-Lists-Checked"] = str(len(rows))
    response["X-Lists-Exit"] = str(batch.batch_exit(outcomes))
    return response
