from django.urls import path

from rosters.battles import views

app_name = "battles"

urlpatterns = [
    path("battles/", views.battle_list, name="list"),
    path("rosters/<int:pk>/battles/new/", views.battle_create, name="create"),
    path("battles/<int:pk>/", views.battle_detail, name="battle"),
    path("battles/<int:pk>/sheet.pdf", views.battle_pdf, name="pdf"),
    path("battles/<int:pk>/share/", views.battle_share, name="share"),
    path("battles/<int:pk>/delete/", views.battle_delete, name="delete"),
    path("battles/shared/<token:token>/", views.battle_shared, name="shared"),
]
