"""The build step for claimkb's one compiled module; every other setting is in pyproject.toml.

``claimkb._yamlblock`` is the block YAML reader of ``claimkb.yamlblock`` in C. It is optional:
where it cannot be built (no C compiler, no Python headers) the install goes on without it and
``claimkb.yamlblock`` uses its pure-Python reader, which gives the same results.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("claimkb._yamlblock", sources=["src/claimkb/_yamlblock.c"], optional=True),
    ],
)
