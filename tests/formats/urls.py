"""A URLconf for the format pages alone, with a stand-in for the builder's roster page."""

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def roster_page(request: HttpRequest, pk: int) -> HttpResponse:
    return HttpResponse(f"roster {pk}")


rosters_patterns = ([path("rosters/<int:pk>/", roster_page, name="roster")], "rosters")

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include(rosters_patterns)),
    path("", include("rosters.formats.urls")),
]
