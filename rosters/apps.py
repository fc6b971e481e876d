from django.apps import AppConfig
from django.urls import register_converter
from django.utils.translation import gettext_lazy as _


class RostersConfig(AppConfig):
    name = "rosters"
    verbose_name = _("Rosters")

    def ready(self) -> None:
        from rosters import language  # noqa: F401  (connects the login signal)
        from rosters.converters import IdConverter, TokenConverter

        # Registered here, once, before any URLconf that uses <id:...> is read.
        register_converter(IdConverter, "id")
        register_converter(TokenConverter, "token")
