"""Addresses of the API, mounted at /api/ by armybuilder/urls.py."""

from csp.constants import SELF, UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import path, re_path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from rosters.api.errors import api_not_found
from rosters.api.views import catalogue, declarations, formats, rosters, tokens, units, validation
from rosters.battles import api as battles

app_name = "api"

ROSTER = "rosters/<id:roster_id>/"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file, not inline.
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="api:schema", template_name="api/swagger_ui.html"
        ),
        name="docs",
    ),
    # Redoc writes its styles into <style> elements and renders in a blob: worker. It also
    # asks for its makers' logo from their site: the policy refuses it, so the page fetches
    # nothing from elsewhere, and Redoc drops the image when it does not load.
    path(
        "redoc/",
        csp_update(
            {
                "style-src": [SELF, UNSAFE_INLINE],
                "worker-src": [SELF, "blob:"],
            }
        )(SpectacularRedocView.as_view(url_name="api:schema", template_name="api/redoc.html")),
        name="redoc",
    ),
    path("tokens/", tokens.api_tokens, name="tokens"),
    # Catalogue
    path("factions/", catalogue.FactionListApi.as_view(), name="factions"),
    path("factions/<id:faction_id>/", catalogue.FactionDetailApi.as_view(), name="faction"),
    path("datasheets/", catalogue.DatasheetListApi.as_view(), name="datasheets"),
    path("datasheets/<id:datasheet_id>/", catalogue.DatasheetDetailApi.as_view(), name="datasheet"),
    path("detachments/", catalogue.DetachmentListApi.as_view(), name="detachments"),
    path(
        "detachments/<id:detachment_id>/",
        catalogue.DetachmentDetailApi.as_view(),
        name="detachment",
    ),
    path("enhancements/", catalogue.EnhancementListApi.as_view(), name="enhancements"),
    path(
        "enhancements/<id:enhancement_id>/",
        catalogue.EnhancementDetailApi.as_view(),
        name="enhancement",
    ),
    path("releases/", catalogue.ReleaseListApi.as_view(), name="releases"),
    path("releases/<id:release_id>/", catalogue.ReleaseDetailApi.as_view(), name="release"),
    # Validation and import
    path("validate/", validation.ValidateApi.as_view(), name="validate"),
    path("import/", formats.ListImportApi.as_view(), name="import"),
    # Rosters
    path("rosters/", rosters.RosterListApi.as_view(), name="rosters"),
    path(ROSTER, rosters.RosterDetailApi.as_view(), name="roster"),
    path(ROSTER + "duplicate/", rosters.RosterDuplicateApi.as_view(), name="roster-duplicate"),
    path(ROSTER + "warlord/", rosters.RosterWarlordApi.as_view(), name="roster-warlord"),
    path(ROSTER + "reprice/", rosters.RosterRepriceApi.as_view(), name="roster-reprice"),
    path(ROSTER + "share/", rosters.RosterShareApi.as_view(), name="roster-share"),
    path(ROSTER + "validation/", rosters.RosterValidationApi.as_view(), name="roster-validation"),
    path(ROSTER + "export/pdf/", formats.RosterExportPdfApi.as_view(), name="roster-pdf"),
    path(ROSTER + "export/xlsx/", formats.RosterExportXlsxApi.as_view(), name="roster-xlsx"),
    path(ROSTER + "export/text/", formats.RosterExportTextApi.as_view(), name="roster-text"),
    path(ROSTER + "units/", units.RosterUnitListApi.as_view(), name="units"),
    path(ROSTER + "units/<id:unit_id>/", units.RosterUnitDetailApi.as_view(), name="unit"),
    path(
        ROSTER + "units/<id:unit_id>/duplicate/",
        units.RosterUnitDuplicateApi.as_view(),
        name="unit-duplicate",
    ),
    path(ROSTER + "declarations/", declarations.DeclarationListApi.as_view(), name="declarations"),
    path(
        ROSTER + "declarations/<id:declaration_id>/",
        declarations.DeclarationDetailApi.as_view(),
        name="declaration",
    ),
    path("shared/<token:token>/", rosters.SharedRosterApi.as_view(), name="shared"),
    path(
        "shared/<token:token>/validation/",
        rosters.SharedRosterValidationApi.as_view(),
        name="shared-validation",
    ),
    # Battle records
    path("battles/", battles.BattleListApi.as_view(), name="battles"),
    path("battles/<int:battle_id>/", battles.BattleDetailApi.as_view(), name="battle"),
    path("battles/<int:battle_id>/share/", battles.BattleShareApi.as_view(), name="battle-share"),
    path("battles/<int:battle_id>/sheet/", battles.BattleSheetApi.as_view(), name="battle-sheet"),
    # Anything else under /api/ is a JSON 404, not the site's HTML page.
    re_path(r"^.*$", api_not_found),
]
