"""The package version (one place: the cache key, SARIF, JUnit and the site name it)."""

__version__ = "0.1.0"
