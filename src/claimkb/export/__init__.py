"""Exports of a knowledge base for the tools people already use: schema.org ClaimReview
JSON-LD for publishing verdicts, CSV for spreadsheets, SQLite for SQL clients and Datasette."""
