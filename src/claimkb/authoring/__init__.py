"""Writing a knowledge base without typing YAML: the library behind ``claimkb registry``,
``add``, ``alias``, ``draft``, ``status`` and ``resolve``.

Each operation reads the loaded KB, validates what it is asked to write against it, and
returns a :class:`~claimkb.authoring.writes.Change` (the files' old and new text) without
touching the disk; :func:`~claimkb.authoring.writes.commit` writes it atomically and
:func:`~claimkb.authoring.writes.diff` previews it. Modules, one concept each:

* ``registry``: the properties and entities, filtered (what ids exist, what they expect);
* ``records``, ``placement``: building and validating new records, and where they go;
* ``yamledit``, ``emit``, ``writes``: round-trip editing of one record, house style, safe writes;
* ``segments``, ``mentions``, ``candidates``, ``guessing``, ``drafting``, ``drafts``: proposing
  draft claims from a source's archived text, and the drafts file a person reviews;
* ``evidence``, ``settling``, ``resolving``: the statuses the evidence supports, status changes,
  and resolutions started from a finding.
"""
