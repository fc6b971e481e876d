"""Admin for the catalogue, built around applying a points update.

Only staff holding catalogue.edit_points may change a release or a price; other staff
can read them.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from armybuilder.catalogue import points_xlsx, services
from armybuilder.catalogue.models import (
    AllyRule,
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    Enhancement,
    EnhancementPrice,
    Faction,
    ImportReport,
    OptionPrice,
    PointsRelease,
    TransportPool,
    UnitPrice,
)

if TYPE_CHECKING:
    # django-stubs makes the admin classes generic over their models; Django's own are not
    # subscriptable at run time (no django_stubs_ext.monkeypatch() outside the dev tools).
    _ModelAdmin = admin.ModelAdmin[Any]
    _TabularInline = admin.TabularInline[Any, Any]
else:
    _ModelAdmin = admin.ModelAdmin
    _TabularInline = admin.TabularInline

EDIT_POINTS = "catalogue.edit_points"
SESSION_UPLOAD = "points_xlsx_upload_{pk}"
MSG_PUBLISHED = _("{name} is now the current points release.")
MSG_COPIED = _("Created {name} as a copy of {source}. Edit its prices, then publish it.")
MSG_IMPORTED = _("Imported the workbook into {name}: {changed} changed, {added} added.")
MSG_UPLOAD_EXPIRED = _("The uploaded workbook is no longer in your session; upload it again.")
ERR_UPLOAD_TOO_BIG = _("The file is {size} bytes; a points workbook may be at most {limit} bytes.")
ERR_NO_PREVIOUS = _("{release} has no earlier release to compare with.")
ERR_RELEASE_EXISTS = _("A release with this name exists already.")
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _require_ids(*values: str) -> None:
    # The history URLs take any text; a row id is digits (the ORM would raise on others).
    if not all(v.isascii() and v.isdigit() and len(v) <= 18 for v in values):
        raise Http404


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

    def history_form_view(
        self,
        request: HttpRequest,
        object_id: str,
        version_id: str,
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        _require_ids(object_id, version_id)
        # django-simple-history lets anyone who may view a version POST it back; a
        # revert is a change, so it needs the editor's permission like any other.
        if request.method == "POST" and not self.has_change_permission(request):
            raise PermissionDenied
        return super().history_form_view(  # type: ignore[misc,no-any-return]
            request, object_id, version_id, extra_context
        )


class CopyReleaseForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=150)
    published = forms.DateField(
        label=_("Published"),
        initial=datetime.date.today,
        help_text=_("YYYY-MM-DD"),
        # ISO both ways, whatever the site's locale would print (en-gb: 01/12/2026).
        input_formats=["%Y-%m-%d"],
        widget=forms.DateInput(format="%Y-%m-%d"),
    )

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if PointsRelease.objects.filter(name=name).exists():
            raise forms.ValidationError(ERR_RELEASE_EXISTS)
        return name


class UploadForm(forms.Form):
    workbook = forms.FileField(
        label=_("Workbook"),
        help_text=_("An xlsx file in the layout that 'Export xlsx' writes."),
    )

    def clean_workbook(self) -> Any:
        upload = self.cleaned_data["workbook"]
        if upload.size > points_xlsx.MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                ERR_UPLOAD_TOO_BIG.format(size=upload.size, limit=points_xlsx.MAX_UPLOAD_BYTES)
            )
        return upload


class HistoryPageMixin:
    """History pages that read each related row once, not once per version listed."""

    def set_history_delta_changes(
        self, request: HttpRequest, historical_records: Any, foreign_keys_are_objs: bool = True
    ) -> None:
        super().set_history_delta_changes(  # type: ignore[misc]
            request, historical_records, foreign_keys_are_objs
        )
        records = list(historical_records)
        model = self.model  # type: ignore[attr-defined]
        related: dict[str, dict[Any, Any]] = {}
        for field in model._meta.concrete_fields:
            if field.is_relation:
                ids = {getattr(r, field.attname) for r in records} - {None}
                related[field.name] = field.related_model._default_manager.in_bulk(ids)
        for record in records:
            # The page prints each version as its object; history_object is built anew from
            # the version's columns on every access, so its relations would each be a query.
            instance = record.history_object
            for name, rows in related.items():
                field = model._meta.get_field(name)
                setattr(instance, name, rows.get(getattr(record, field.attname)))
            record.history_object = instance


def _count_of(model: Any) -> Coalesce:
    # One small subquery per table: joining the three price tables would multiply them.
    counted = (
        model.objects.filter(release=OuterRef("pk"))
        .order_by()
        .values("release")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


@admin.register(PointsRelease)
class PointsReleaseAdmin(
    HistoryPageMixin,
    PointsEditorMixin,
    SimpleHistoryAdmin,  # type: ignore[misc]  # simple_history ships no types: it is Any
):
    list_display = ["name", "published", "is_published", "is_current", "price_links", "tools"]
    readonly_fields = ["is_published", "is_current", "created"]
    fields = ["name", "published", "notes", "is_published", "is_current", "created"]
    search_fields = ["name"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[PointsRelease]:
        releases: QuerySet[PointsRelease] = super().get_queryset(request)
        return releases.annotate(
            n_units=_count_of(UnitPrice),
            n_enhancements=_count_of(EnhancementPrice),
            n_options=_count_of(OptionPrice),
            n_upgrades=_count_of(DetachmentUpgradePrice),
            previous_id=services.previous_release_subquery(published_only=False),
        )

    def save_model(self, request: HttpRequest, obj: PointsRelease, form: Any, change: bool) -> None:
        if not change:
            # A release made by hand starts as a draft, like a copy; Publish makes it public.
            obj.is_published = False
            obj.is_current = False
        super().save_model(request, obj, form, change)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Deleting the current release would leave the site without one.
        if obj is not None and obj.is_current:
            return False
        return super().has_delete_permission(request, obj)

    def history_form_view(
        self,
        request: HttpRequest,
        object_id: str,
        version_id: str,
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        _require_ids(object_id, version_id)
        if request.method == "POST" and self.has_change_permission(request):
            version = get_object_or_404(
                PointsRelease.history.model, id=unquote(object_id), history_id=version_id
            ).instance
            refusal = services.release_revert_refusal(version=version)
            if refusal:
                self.message_user(request, refusal, level=messages.ERROR)
                return HttpResponseRedirect(
                    reverse("admin:catalogue_pointsrelease_history", args=[version.pk])
                )
        return super().history_form_view(request, object_id, version_id, extra_context)

    @admin.display(description=_("Prices"))
    def price_links(self, obj: PointsRelease) -> str:
        links = [
            (
                reverse("admin:catalogue_unitprice_changelist"),
                getattr(obj, "n_units", 0),
                gettext("units"),
            ),
            (
                reverse("admin:catalogue_enhancementprice_changelist"),
                getattr(obj, "n_enhancements", 0),
                gettext("enhancements"),
            ),
            (
                reverse("admin:catalogue_optionprice_changelist"),
                getattr(obj, "n_options", 0),
                gettext("options"),
            ),
            (
                reverse("admin:catalogue_detachmentupgradeprice_changelist"),
                getattr(obj, "n_upgrades", 0),
                gettext("detachment upgrades"),
            ),
        ]
        return format_html(
            " · ".join(['<a href="{}?release__id__exact={}">{} {}</a>'] * len(links)),
            *[part for url, n, label in links for part in (url, obj.pk, n, label)],
        )

    @admin.display(description=_("Tools"))
    def tools(self, obj: PointsRelease) -> str:
        previous_id = getattr(obj, "previous_id", None)
        compare = (
            format_html(
                '<a href="{}?against={}">{}</a> · ',
                reverse("admin:catalogue_pointsrelease_compare", args=[obj.pk]),
                previous_id,
                gettext("Compare with previous"),
            )
            if previous_id is not None
            else ""
        )
        return format_html(
            '{}<a href="{}">{}</a> · <a href="{}">{}</a> · <a href="{}">{}</a>{}',
            compare,
            reverse("admin:catalogue_pointsrelease_export", args=[obj.pk]),
            gettext("Export xlsx"),
            reverse("admin:catalogue_pointsrelease_import", args=[obj.pk]),
            gettext("Import xlsx"),
            reverse("admin:catalogue_pointsrelease_copy", args=[obj.pk]),
            gettext("Copy"),
            ""
            if obj.is_current
            else format_html(
                ' · <a href="{}">{}</a>',
                reverse("admin:catalogue_pointsrelease_publish", args=[obj.pk]),
                gettext("Publish"),
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
            path(
                "<int:pk>/compare/", view(self.compare_view), name="catalogue_pointsrelease_compare"
            ),
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
            raise PermissionDenied

    def compare_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        release = get_object_or_404(PointsRelease, pk=pk)
        against_id = query_id(request, "against")
        if against_id is None:
            against = services.release_previous(release=release, published_only=False)
        else:
            against = get_object_or_404(PointsRelease, pk=against_id)
        if against is None:
            self.message_user(request, ERR_NO_PREVIOUS.format(release=release), messages.ERROR)
            return HttpResponseRedirect(reverse("admin:catalogue_pointsrelease_changelist"))
        return comparison_response(
            request,
            old=against,
            new=release,
            template="admin/catalogue/pointsrelease/compare.html",
            context=self._context(
                request,
                release,
                gettext("Compare {old} with {new}").format(old=against.name, new=release.name),
            ),
        )

    def copy_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        self._deny_unless_editor(request)
        source = get_object_or_404(PointsRelease, pk=pk)
        form = CopyReleaseForm(
            request.POST or None,
            initial={"name": gettext("{name} (copy)").format(name=source.name)},
        )
        if request.method == "POST" and form.is_valid():
            release = services.release_copy(
                source=source,
                name=form.cleaned_data["name"],
                published=form.cleaned_data["published"],
                user=request.user,
            )
            # Where an editor goes next: the copy's prices, what changed, and Publish.
            prices = reverse("admin:catalogue_unitprice_changelist")
            compare = reverse("admin:catalogue_pointsrelease_compare", args=[release.pk])
            publish = reverse("admin:catalogue_pointsrelease_publish", args=[release.pk])
            self.message_user(
                request,
                format_html(
                    '{} <a href="{}?release__id__exact={}">{}</a> · '
                    '<a href="{}?against={}">{}</a> · <a href="{}">{}</a>',
                    MSG_COPIED.format(name=release.name, source=source.name),
                    prices,
                    release.pk,
                    gettext("Its unit prices"),
                    compare,
                    source.pk,
                    gettext("Compare with {source}").format(source=source.name),
                    publish,
                    gettext("Publish"),
                ),
            )
            return HttpResponseRedirect(
                reverse("admin:catalogue_pointsrelease_change", args=[release.pk])
            )
        context = self._context(request, source, gettext("Copy {name}").format(name=source.name))
        context["form"] = form
        return render(request, "admin/catalogue/pointsrelease/copy.html", context)

    def publish_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        self._deny_unless_editor(request)
        release = get_object_or_404(PointsRelease, pk=pk)
        if request.method == "POST":
            services.release_publish(release=release)
            self.message_user(request, MSG_PUBLISHED.format(name=release.name))
            return HttpResponseRedirect(reverse("admin:catalogue_pointsrelease_changelist"))
        context = self._context(
            request, release, gettext("Publish {name}").format(name=release.name)
        )
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
        context = self._context(
            request, release, gettext("Import prices into {name}").format(name=release.name)
        )
        if request.method == "POST" and "confirm" in request.POST:
            stored = request.session.get(key)
            if stored is None:
                self.message_user(request, MSG_UPLOAD_EXPIRED, level=messages.ERROR)
                return HttpResponseRedirect(request.path)
            preview = services.release_import_rows(
                release=release,
                parsed=points_xlsx.rows_load(dumped=stored["rows"]),
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
            preview, parsed = services.release_import_parse(release=release, data=upload.read())
            if preview.ok:
                # The parsed rows, not the file, wait for the confirm step: what was
                # previewed is what is saved, and the session stays small.
                request.session[key] = {
                    "name": upload.name[:300],
                    "rows": points_xlsx.rows_dump(parsed=parsed),
                }
            context["preview"] = preview
        context["form"] = form
        return render(request, "admin/catalogue/pointsrelease/import.html", context)


def query_id(request: HttpRequest, name: str) -> int | None:
    """Read a row id from the query string; anything else (words, 40 digits) is None."""
    raw = request.GET.get(name, "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 18 else None


def comparison_response(
    request: HttpRequest,
    *,
    old: PointsRelease,
    new: PointsRelease,
    template: str,
    context: dict[str, Any],
) -> HttpResponse:
    """Render a release comparison as a page, or as xlsx when ?format=xlsx (admin and public)."""
    faction_id = query_id(request, "faction")
    comparison = services.release_compare(old=old, new=new, faction_id=faction_id)
    if request.GET.get("format") == "xlsx":
        response = HttpResponse(
            services.release_compare_xlsx(comparison=comparison), content_type=XLSX_TYPE
        )
        filename = f"points-changes-{old.pk}-to-{new.pk}.xlsx"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
    query = request.GET.copy()
    query["format"] = "xlsx"
    context.update(
        comparison=comparison,
        factions=Faction.objects.only("id", "name"),
        faction_id=faction_id,
        xlsx_query=query.urlencode(),
    )
    return render(request, template, context)


class PriceAdmin(
    HistoryPageMixin,
    PointsEditorMixin,
    SimpleHistoryAdmin,  # type: ignore[misc]  # simple_history ships no types: it is Any
):
    list_editable = ["points"]
    # Each row is an inline form; 50 keeps a faction's price list well under 300 ms.
    list_per_page = 50
    show_full_result_count = False
    list_select_related: bool | Sequence[str] = True


@admin.register(UnitPrice)
class UnitPriceAdmin(PriceAdmin):
    list_display = ["datasheet", "faction", "models_count", "points", "release"]
    list_filter = ["release", "datasheet__faction"]
    search_fields = ["datasheet__name"]
    autocomplete_fields = ["datasheet"]
    list_select_related = ["datasheet__faction", "release"]

    @admin.display(ordering="datasheet__faction__name", description=_("faction"))
    def faction(self, obj: UnitPrice) -> str:
        return obj.datasheet.faction.name


@admin.register(EnhancementPrice)
class EnhancementPriceAdmin(PriceAdmin):
    list_display = ["enhancement", "detachment", "points", "release"]
    list_filter = ["release", "enhancement__detachment__faction"]
    search_fields = ["enhancement__name", "enhancement__detachment__name"]
    autocomplete_fields = ["enhancement"]
    list_select_related = ["enhancement__detachment", "release"]

    @admin.display(ordering="enhancement__detachment__name", description=_("detachment"))
    def detachment(self, obj: EnhancementPrice) -> str:
        return obj.enhancement.detachment.name


@admin.register(OptionPrice)
class OptionPriceAdmin(PriceAdmin):
    list_display = ["datasheet", "name", "points", "max_count", "release"]
    list_filter = ["release", "datasheet__faction"]
    search_fields = ["datasheet__name", "name"]
    autocomplete_fields = ["datasheet"]
    list_select_related = ["datasheet", "release"]


@admin.register(DetachmentUpgradePrice)
class DetachmentUpgradePriceAdmin(PriceAdmin):
    list_display = ["upgrade", "detachment", "points", "release"]
    list_filter = ["release", "upgrade__detachment__faction"]
    search_fields = ["upgrade__name", "upgrade__detachment__name"]
    autocomplete_fields = ["upgrade"]
    list_select_related = ["upgrade__detachment", "release"]

    @admin.display(ordering="upgrade__detachment__name", description=_("detachment"))
    def detachment(self, obj: DetachmentUpgradePrice) -> str:
        return obj.upgrade.detachment.name


class TransportPoolInline(PointsEditorMixin, _TabularInline):
    model = TransportPool
    extra = 0


class CatalogueAdmin(PointsEditorMixin, _ModelAdmin):
    """Game data is corrected by the same editors who keep the points."""


@admin.register(Faction)
class FactionAdmin(CatalogueAdmin):
    list_display = ["name", "keyword", "parent", "grand_alliance"]
    # parent is nullable, which plain select_related() does not follow.
    list_select_related = ["parent"]
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

    @admin.display(boolean=True, description=_("Needs review"))
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


class DetachmentUpgradeUnitInline(PointsEditorMixin, _TabularInline):
    model = DetachmentUpgradeUnit
    extra = 0
    autocomplete_fields = ["datasheet"]


@admin.register(DetachmentUpgrade)
class DetachmentUpgradeAdmin(CatalogueAdmin):
    list_display = ["name", "detachment"]
    list_filter = ["detachment__faction"]
    search_fields = ["name", "detachment__name"]
    autocomplete_fields = ["detachment"]
    inlines = [DetachmentUpgradeUnitInline]


@admin.register(AllyRule)
class AllyRuleAdmin(CatalogueAdmin):
    list_display = ["faction", "keyword", "points_cap"]


@admin.register(ImportReport)
class ImportReportAdmin(_ModelAdmin):
    list_display = ["report", "kind", "release", "source", "dry_run"]
    list_select_related = ["release"]
    list_filter = ["kind"]
    readonly_fields = [f.name for f in ImportReport._meta.fields]

    @admin.display(description=_("import report"), ordering="created")
    def report(self, obj: ImportReport) -> str:
        return str(obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
