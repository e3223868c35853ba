"""A long game night of reloads must not grow the TI4 data cache without end."""

from __future__ import annotations

from companion.games.ti4 import data
from tests.ti4.conftest import load_ti4


def test_reloading_the_catalog_many_times_keeps_only_a_few_validated_copies() -> None:
    catalogs = [load_ti4() for _ in range(20)]
    for catalog in catalogs:
        data.ti4_data(catalog)
    assert len(data._CACHE) <= data._CACHE_SIZE
    # The newest catalog is still served from the cache, the same object each time.
    assert data.ti4_data(catalogs[-1]) is data.ti4_data(catalogs[-1])
