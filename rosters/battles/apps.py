from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BattlesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rosters.battles"
    label = "battles"
    verbose_name = _("Battle records")
