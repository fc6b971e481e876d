from django.apps import AppConfig
from django.urls import register_converter


class RostersConfig(AppConfig):
    name = "rosters"
    verbose_name = "Rosters"

    def ready(self) -> None:
        from rosters.converters import IdConverter

        # Registered here, once, before any URLconf that uses <id:...> is read.
        register_converter(IdConverter, "id")
