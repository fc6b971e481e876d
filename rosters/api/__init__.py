"""The REST API (Django REST framework), on the same services the pages use.

Layout: urls.py (addresses), views/ (one module per resource; each view checks its input
with its own serializer and calls one service), serializers.py, selectors.py (reads;
ownership), services.py (writes, glue to rosters.services and rosters.declarations),
drafts.py (the hand-written roster of POST /api/validate/), formats.py (import and
export glue), errors.py (the JSON error envelope), caching.py (ETag), throttles.py,
pagination.py, schema.py (OpenAPI via drf-spectacular, served at /api/schema/).

Errors are always {"error": {"code", "message", "fields"}}; see errors.py.
"""
