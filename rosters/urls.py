from django.urls import path

from rosters import views

app_name = "rosters"

urlpatterns = [
    path("", views.home, name="home"),
]
