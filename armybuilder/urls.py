from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic.base import RedirectView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("rosters.api.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    # Browsers ask for /favicon.ico on pages without an icon link (the admin, error pages).
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("", include("rosters.urls")),
    path("", include("rosters.formats.urls")),
]
