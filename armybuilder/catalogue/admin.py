"""Admin for the catalogue, built around applying a points update.

Only staff holding catalogue.edit_points may change a release or a price; other staff
can read them.
"""

from __future__ import annotations

import base64
import datetime
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from armybuilder.catalogue import services
from armybuilder.catalogue.models import (
    AllyRule,
    Datasheet,
    Detachment,
    Enhancement,
    EnhancementPrice,
    Faction,
    ImportReport,
    OptionPrice,
    PointsRelease,
    TransportPool,
    UnitPrice,
)

EDIT_POINTS = "catalogue.edit_points"
SESSION_UPLOAD = "points_xlsx_upload_{pk}"
MSG_PUBLISHED = "{name} is now the current points release."
MSG_COPIED = "Created {name} as a copy of {source}. Edit its prices, then publish it."
MSG_IMPORTED = "Imported the workbook into {name}: {changed} changed, {added} added."
MSG_UPLOAD_EXPIRED = "The uploaded workbook is no longer in your session; upload it again."
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class PointsEditorMixin:
    """Let only points editors change; let staff read."""

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return request.user.has_perm(EDIT_POINTS)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.has_perm(EDIT_POINTS)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.has_perm(EDIT_POINTS)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_staff)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return bool(request.user.is_staff)


class CopyReleaseForm(forms.Form):
    name = forms.CharField(max_length=150)
    published = forms.DateField(
        initial=datetime.date.today,
        help_text="YYYY-MM-DD",
        # ISO both ways, whatever the site's locale would print (en-gb: 01/12/2026).
        input_formats=["%Y-%m-%d"],
        widget=forms.DateInput(format="%Y-%m-%d"),
    )

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if PointsRelease.objects.filter(name=name).exists():
            raise forms.ValidationError("A release with this name exists already.")
        return name


class UploadForm(forms.Form):
    workbook = forms.FileField(help_text="An xlsx file in the layout that 'Export xlsx' writes.")


@admin.register(PointsRelease)
class PointsReleaseAdmin(PointsEditorMixin, SimpleHistoryAdmin):
    list_display = ["name", "published", "is_current", "price_links", "tools"]
    readonly_fields = ["is_current", "created"]
    fields = ["name", "published", "notes", "is_current", "created"]
    search_fields = ["name"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[PointsRelease]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                n_units=Count("unit_prices", distinct=True),
                n_enhancements=Count("enhancement_prices", distinct=True),
                n_options=Count("option_prices", distinct=True),
            )
        )

    @admin.display(description="Prices")
    def price_links(self, obj: PointsRelease) -> str:
        links = [
            (reverse("admin:catalogue_unitprice_changelist"), getattr(obj, "n_units", 0), "units"),
            (
                reverse("admin:catalogue_enhancementprice_changelist"),
                getattr(obj, "n_enhancements", 0),
                "enhancements",
            ),
            (
                reverse("admin:catalogue_optionprice_changelist"),
                getattr(obj, "n_options", 0),
                "options",
            ),
        ]
        return format_html(
            " · ".join(['<a href="{}?release__id__exact={}">{} {}</a>'] * len(links)),
            *[part for url, n, label in links for part in (url, obj.pk, n, label)],
        )

    @admin.display(description="Tools")
    def tools(self, obj: PointsRelease) -> str:
        return format_html(
            '<a href="{}">Export xlsx</a> · <a href="{}">Import xlsx</a> · <a href="{}">Copy</a>{}',
            reverse("admin:catalogue_pointsrelease_export", args=[obj.pk]),
            reverse("admin:catalogue_pointsrelease_import", args=[obj.pk]),
            reverse("admin:catalogue_pointsrelease_copy", args=[obj.pk]),
            ""
            if obj.is_current
            else format_html(
                ' · <a href="{}">Publish</a>',
                reverse("admin:catalogue_pointsrelease_publish", args=[obj.pk]),
            ),
        )

    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view
        return [
            path("<int:pk>/copy/", view(self.copy_view), name="catalogue_pointsrelease_copy"),
            path(
                "<int:pk>/publish/", view(self.publish_view), name="catalogue_pointsrelease_publish"
            ),
            path("<int:pk>/export/", view(self.export_view), name="catalogue_pointsrelease_export"),
            path("<int:pk>/import/", view(self.import_view), name="catalogue_pointsrelease_import"),
            *super().get_urls(),
        ]

    def _context(self, request: HttpRequest, release: PointsRelease, title: str) -> dict[str, Any]:
        return {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "original": release,
            "release": release,
            "title": title,
        }

    def _deny_unless_editor(self, request: HttpRequest) -> None:
        if not request.user.has_perm(EDIT_POINTS):
            from django.core.exceptions import PermissionDenied

            raise PermissionDenied

    def copy_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        self._deny_unless_editor(request)
        source = get_object_or_404(PointsRelease, pk=pk)
        form = CopyReleaseForm(request.POST or None, initial={"name": f"{source.name} (copy)"})
        if request.method == "POST" and form.is_valid():
            release = services.release_copy(
                source=source,
                name=form.cleaned_data["name"],
                published=form.cleaned_data["published"],
                user=request.user,
            )
            self.message_user(request, MSG_COPIED.format(name=release.name, source=source.name))
            return HttpResponseRedirect(
                reverse("admin:catalogue_pointsrelease_change", args=[release.pk])
            )
        context = self._context(request, source, f"Copy {source.name}")
        context["form"] = form
        return render(request, "admin/catalogue/pointsrelease/copy.html", context)

    def publish_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        self._deny_unless_editor(request)
        release = get_object_or_404(PointsRelease, pk=pk)
        if request.method == "POST":
            services.release_publish(release=release)
            self.message_user(request, MSG_PUBLISHED.format(name=release.name))
            return HttpResponseRedirect(reverse("admin:catalogue_pointsrelease_changelist"))
        context = self._context(request, release, f"Publish {release.name}")
        context["current"] = PointsRelease.objects.filter(is_current=True).first()
        return render(request, "admin/catalogue/pointsrelease/publish.html", context)

    def export_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        release = get_object_or_404(PointsRelease, pk=pk)
        response = HttpResponse(
            services.release_export_xlsx(release=release), content_type=XLSX_TYPE
        )
        filename = f"points-{release.pk}-{release.published:%Y-%m-%d}.xlsx"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response

    def import_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        self._deny_unless_editor(request)
        release = get_object_or_404(PointsRelease, pk=pk)
        key = SESSION_UPLOAD.format(pk=release.pk)
        context = self._context(request, release, f"Import prices into {release.name}")
        if request.method == "POST" and "confirm" in request.POST:
            stored = request.session.get(key)
            if stored is None:
                self.message_user(request, MSG_UPLOAD_EXPIRED, level=messages.ERROR)
                return HttpResponseRedirect(request.path)
            preview = services.release_import_xlsx(
                release=release,
                data=base64.b64decode(stored["data"]),
                user=request.user,
                source=stored["name"],
            )
            if preview.ok:
                del request.session[key]
                self.message_user(
                    request,
                    MSG_IMPORTED.format(
                        name=release.name,
                        changed=len(preview.of_kind("changed")),
                        added=len(preview.of_kind("added")),
                    ),
                )
                return HttpResponseRedirect(
                    reverse("admin:catalogue_pointsrelease_change", args=[release.pk])
                )
            context.update(form=UploadForm(), preview=preview)
            return render(request, "admin/catalogue/pointsrelease/import.html", context)
        form = UploadForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["workbook"]
            data = upload.read()
            preview = services.release_import_preview(release=release, data=data)
            if preview.ok:
                # The confirm step re-reads these bytes, so what was previewed is what is saved.
                request.session[key] = {
                    "name": upload.name,
                    "data": base64.b64encode(data).decode("ascii"),
                }
            context["preview"] = preview
        context["form"] = form
        return render(request, "admin/catalogue/pointsrelease/import.html", context)


class PriceAdmin(PointsEditorMixin, SimpleHistoryAdmin):
    list_editable = ["points"]
    list_per_page = 100
    list_select_related = True


@admin.register(UnitPrice)
class UnitPriceAdmin(PriceAdmin):
    list_display = ["datasheet", "faction", "models_count", "points", "release"]
    list_filter = ["release", "datasheet__faction"]
    search_fields = ["datasheet__name"]
    autocomplete_fields = ["datasheet"]
    list_select_related = ["datasheet__faction", "release"]

    @admin.display(ordering="datasheet__faction__name")
    def faction(self, obj: UnitPrice) -> str:
        return obj.datasheet.faction.name


@admin.register(EnhancementPrice)
class EnhancementPriceAdmin(PriceAdmin):
    list_display = ["enhancement", "detachment", "points", "release"]
    list_filter = ["release", "enhancement__detachment__faction"]
    search_fields = ["enhancement__name", "enhancement__detachment__name"]
    autocomplete_fields = ["enhancement"]
    list_select_related = ["enhancement__detachment", "release"]

    @admin.display(ordering="enhancement__detachment__name")
    def detachment(self, obj: EnhancementPrice) -> str:
        return obj.enhancement.detachment.name


@admin.register(OptionPrice)
class OptionPriceAdmin(PriceAdmin):
    list_display = ["datasheet", "name", "points", "max_count", "release"]
    list_filter = ["release", "datasheet__faction"]
    search_fields = ["datasheet__name", "name"]
    autocomplete_fields = ["datasheet"]
    list_select_related = ["datasheet", "release"]


class TransportPoolInline(admin.TabularInline):
    model = TransportPool
    extra = 0


class CatalogueAdmin(PointsEditorMixin, admin.ModelAdmin):
    """Game data is corrected by the same editors who keep the points."""


@admin.register(Faction)
class FactionAdmin(CatalogueAdmin):
    list_display = ["name", "keyword", "parent", "grand_alliance"]
    search_fields = ["name", "keyword"]
    prepopulated_fields = {"slug": ["name"]}
    exclude = ["datasheets"]


@admin.register(Datasheet)
class DatasheetAdmin(CatalogueAdmin):
    list_display = ["name", "faction", "min_models", "max_models", "legends", "needs_review"]
    list_filter = ["faction", "legends", "deep_strike", "hover"]
    search_fields = ["name"]
    autocomplete_fields = ["leads"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [TransportPoolInline]

    @admin.display(boolean=True, description="Needs review")
    def needs_review(self, obj: Datasheet) -> bool:
        return bool(obj.review_note)


@admin.register(Detachment)
class DetachmentAdmin(CatalogueAdmin):
    list_display = ["name", "faction"]
    list_filter = ["faction"]
    search_fields = ["name"]
    autocomplete_fields = ["required", "forbidden", "battleline"]


@admin.register(Enhancement)
class EnhancementAdmin(CatalogueAdmin):
    list_display = ["name", "detachment"]
    list_filter = ["detachment__faction"]
    search_fields = ["name", "detachment__name"]


@admin.register(AllyRule)
class AllyRuleAdmin(CatalogueAdmin):
    list_display = ["faction", "keyword", "points_cap"]


@admin.register(ImportReport)
class ImportReportAdmin(admin.ModelAdmin):
    list_display = ["__str__", "kind", "release", "source", "dry_run"]
    list_filter = ["kind"]
    readonly_fields = [f.name for f in ImportReport._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
