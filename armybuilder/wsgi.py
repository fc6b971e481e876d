"""WSGI entry point for armybuilder."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")

application = get_wsgi_application()
