"""mapref.core.digest: the digests hashlib gives, byte for byte (issue 34: without loading OpenSSL
at every start)."""

from __future__ import annotations

import hashlib
import os
import random

from mapref.core import digest
from mapref.io.atomic import Stamp


def test_the_digests_are_hashlibs():
    rng = random.Random(34)
    for n in (0, 1, 63, 64, 65, 1000, 100_000):
        data = bytes(rng.randrange(256) for _ in range(n))
        assert digest.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
        assert Stamp.of_bytes(data) == Stamp(n, hashlib.sha256(data).hexdigest())
        a, b = digest.blake2b(digest_size=20), hashlib.blake2b(digest_size=20)
        for part in (data[: n // 3], data[n // 3 :], os.fsencode("graph")):
            a.update(part)
            b.update(part)
        assert a.hexdigest() == b.hexdigest() and a.digest_size == 20
