from django.urls import path

from rosters.formats import event_views, views

app_name = "formats"

urlpatterns = [
    path("rosters/<id:pk>/export/pdf/", views.roster_export_pdf, name="export_pdf"),
    path("rosters/<id:pk>/export/xlsx/", views.roster_export_xlsx, name="export_xlsx"),
    path("rosters/<id:pk>/export/text/", views.roster_export_text, name="export_text"),
    path("rosters/import/", views.roster_import, name="import"),
    path("organisers/check/", event_views.event_check, name="event_check"),
]
