"""SHA-256 and BLAKE2b, the digests :mod:`hashlib` gives, from Python's own implementations when it
has them (it does unless built without them), else from :mod:`hashlib`.

mapref takes both on every start (a file's :class:`~mapref.io.atomic.Stamp`, the key of a map's
graph kept on disk: :func:`mapref.core.graph.graph_key`); importing :mod:`hashlib` loads OpenSSL's
library first, for a tenth of what ``mapref referee GAME --json`` costs above Python's own start on
the Hitler's War map (issue 34).  The digests are the same bytes (tests/core/test_digest.py).
"""

from __future__ import annotations

import importlib


def _builtin(names: tuple[str, ...], attr: str):
    for name in names:
        try:
            return getattr(importlib.import_module(name), attr)
        except (ImportError, AttributeError):
            continue
    import hashlib

    return getattr(hashlib, attr)


sha256 = _builtin(("_sha2", "_sha256"), "sha256")  # _sha2: Python 3.12 on; _sha256: 3.11
blake2b = _builtin(("_blake2",), "blake2b")

__all__ = ["blake2b", "sha256"]
