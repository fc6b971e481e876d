from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from rosters.forms import PlayerPasswordResetForm

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("rosters.api.urls")),
    # The project's own reset mail (subject and text), in the player's language.
    path(
        "accounts/password_reset/",
        auth_views.PasswordResetView.as_view(
            form_class=PlayerPasswordResetForm,
            subject_template_name="registration/password_reset_subject.txt",
            email_template_name="registration/password_reset_email.txt",
        ),
        name="password_reset",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("armybuilder.catalogue.urls")),
    path("", include("rosters.urls")),
    path("", include("rosters.formats.urls")),
    path("", include("rosters.battles.urls")),
]
