"""Zip archives from strangers (shared/documents/archives.py): a plain archive of contracts is
listed and read back byte for byte; every hostile family (shared/testing/hostile/archives.py)
is refused with its own code before more than its declared bytes are inflated."""

from __future__ import annotations

import io
import random
import zipfile

import pytest

from shared.core.errors import InputError
from shared.documents import archives
from shared.testing.contracts import make_contract
from shared.testing.hostile.archives import ZIP_MAKERS


def plain_zip(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("contracts/"), b"")  # a folder entry: listed by zip tools, not a file
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


def test_a_plain_archive_of_contracts_is_listed_and_read_back():
    files = {"contracts/supply.pdf": make_contract(title="SUPPLY AGREEMENT").data, "contracts/licence.pdf": make_contract(title="LICENCE").data}
    data = plain_zip(files)
    listed = archives.members(data)
    assert [m.name for m in listed] == list(files)
    assert all(m.size == len(files[m.name]) for m in listed)
    assert all(archives.read(data, m.name) == files[m.name] for m in listed)


@pytest.mark.parametrize("kind", sorted(ZIP_MAKERS))
@pytest.mark.parametrize("seed", range(3))
def test_each_hostile_family_is_refused_with_its_code(kind, seed):
    data, code = ZIP_MAKERS[kind](random.Random(f"{kind}:{seed}"))
    with pytest.raises(InputError) as err:
        for m in archives.members(data):
            archives.read(data, m.name)
    assert err.value.code == code, (kind, err.value.code, err.value.message)
    assert 400 <= err.value.status < 500 and err.value.message


def test_a_bomb_is_refused_from_its_directory_without_inflating_it(monkeypatch):
    data, _ = ZIP_MAKERS["zip_bomb"](random.Random(1))

    def inflated(*a, **k):
        raise AssertionError("a member was inflated")

    monkeypatch.setattr(zipfile.ZipFile, "open", inflated)
    with pytest.raises(InputError, match="zip bomb"):
        archives.members(data)


def test_limits_are_settings_not_constants():
    data = plain_zip({f"c{i}.pdf": b"%PDF-1.4" for i in range(5)})
    assert len(archives.members(data, archives.ZipLimits(max_members=6))) == 5
    with pytest.raises(InputError) as err:
        archives.members(data, archives.ZipLimits(max_members=5))  # the folder entry counts
    assert err.value.code == "archive_too_many_entries" and err.value.status == 413
    nested = plain_zip({"a.pdf": b"%PDF-", "b.zip": plain_zip({"c.pdf": b"%PDF-"})})
    assert [m.name for m in archives.members(nested, archives.ZipLimits(nested=True))] == ["a.pdf", "b.zip"]
