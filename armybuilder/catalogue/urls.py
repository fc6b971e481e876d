from django.urls import path

from armybuilder.catalogue import views

app_name = "catalogue"
urlpatterns = [
    path("points/", views.release_list, name="releases"),
    path("points/<int:pk>/changes/", views.release_compare, name="release_compare"),
]
