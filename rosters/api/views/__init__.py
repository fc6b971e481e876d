"""API views, one module per resource; each view checks its input and calls one service."""
