"""Rosters in and out: printable PDF, xlsx, the official app's text, and pasted-list import.

Nothing here is imported at Django start-up; reportlab and openpyxl load only when a PDF or
a workbook is made.
"""
