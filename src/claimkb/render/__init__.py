"""Renderers: each turns findings or query results into one output format."""
