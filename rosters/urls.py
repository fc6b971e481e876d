from django.urls import path

from rosters import language, views, wizard_views

app_name = "rosters"

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("language/", language.language_set, name="language"),
    path("accounts/signup/", views.signup, name="signup"),
    path("rosters/", views.roster_list, name="list"),
    path("rosters/new/", views.roster_create, name="create"),
    path("rosters/new/detachments/", views.detachment_options, name="detachment_options"),
    path("rosters/<id:pk>/", views.roster_detail, name="roster"),
    path("rosters/<id:pk>/rename/", views.roster_rename, name="rename"),
    path("rosters/<id:pk>/duplicate/", views.roster_duplicate, name="duplicate"),
    path("rosters/<id:pk>/delete/", views.roster_delete, name="delete"),
    path("rosters/<id:pk>/share/", views.roster_share, name="share"),
    path("rosters/<id:pk>/reprice/", views.roster_reprice, name="reprice"),
    path("rosters/<id:pk>/warlord/", views.warlord_set, name="warlord"),
    path("rosters/<id:pk>/units/add/", views.unit_add, name="unit_add"),
    path("rosters/<id:pk>/units/<id:unit_pk>/", views.unit_update, name="unit_update"),
    path(
        "rosters/<id:pk>/units/<id:unit_pk>/duplicate/",
        views.unit_duplicate,
        name="unit_duplicate",
    ),
    path("rosters/<id:pk>/units/<id:unit_pk>/remove/", views.unit_remove, name="unit_remove"),
    path("rosters/<id:pk>/units/<id:unit_pk>/wargear/", views.unit_wargear, name="unit_wargear"),
    path("shared/<token:token>/", views.roster_shared, name="shared"),
    path("rosters/<id:pk>/declarations/", wizard_views.declaration_list, name="declarations"),
    path("rosters/<id:pk>/declare/", wizard_views.wizard_start, name="wizard_start"),
    path(
        "rosters/<id:pk>/declarations/<id:decl_pk>/edit/",
        wizard_views.wizard_start,
        name="declaration_edit",
    ),
    path(
        "rosters/<id:pk>/declarations/<id:decl_pk>/duplicate/",
        wizard_views.declaration_duplicate,
        name="declaration_duplicate",
    ),
    path(
        "rosters/<id:pk>/declarations/<id:decl_pk>/delete/",
        wizard_views.declaration_delete,
        name="declaration_delete",
    ),
    path(
        "rosters/<id:pk>/declarations/<id:decl_pk>/sheet.pdf",
        wizard_views.declaration_pdf,
        name="declaration_pdf",
    ),
    path("rosters/<id:pk>/declare/<str:run>/<str:step>/", wizard_views.wizard_step, name="wizard"),
    path(
        "rosters/<id:pk>/declare/<str:run>/<str:step>/meter/",
        wizard_views.wizard_meter,
        name="wizard_meter",
    ),
]
