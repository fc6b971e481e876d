from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("rosters.api.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("rosters.urls")),
    path("", include("rosters.formats.urls")),
]
