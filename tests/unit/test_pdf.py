import pytest

from shared.core.errors import CorruptPdf, EncryptedPdf, NotAPdf, TooLarge
from shared.documents import pdf
from shared.testing.contracts import encrypted, make_contract

LIMITS = {"max_bytes": 1_000_000, "max_pages": 20}


@pytest.fixture(scope="module")
def contract():
    return make_contract(extra_pages=1)


def test_good_pdf_counts_pages(contract):
    assert pdf.check(contract.data, **LIMITS) == contract.page_count == 5


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (b"", NotAPdf),
        (b"hello, this is plain text and not a PDF at all", NotAPdf),
        (b"\x89PNG\r\n\x1a\n" + b"0" * 100, NotAPdf),
    ],
)
def test_not_a_pdf(data, error):
    with pytest.raises(error):
        pdf.check(data, **LIMITS)


def test_truncated(contract):
    with pytest.raises(CorruptPdf):
        pdf.check(contract.data[: len(contract.data) // 2], **LIMITS)


def test_garbage_after_header():
    with pytest.raises(CorruptPdf):
        pdf.check(b"%PDF-1.7\n" + b"\x00garbage" * 100 + b"\n%%EOF\n", **LIMITS)


def test_encrypted(contract):
    with pytest.raises(EncryptedPdf) as info:
        pdf.check(encrypted(contract.data), **LIMITS)
    assert info.value.status == 422


def test_too_many_pages(contract):
    with pytest.raises(TooLarge):
        pdf.check(contract.data, max_bytes=1_000_000, max_pages=3)


def test_too_many_bytes(contract):
    with pytest.raises(TooLarge):
        pdf.check(contract.data, max_bytes=1024, max_pages=20)


def test_page_texts_in_order(contract, tmp_path):
    path = tmp_path / "c.pdf"
    path.write_bytes(contract.data)
    texts = pdf.page_texts(contract.data)
    assert texts == pdf.page_texts(path)
    assert len(texts) == 5
    assert "LIMITATION OF LIABILITY" in texts[contract.liability_page - 1]
    assert "TERM AND TERMINATION" in texts[contract.termination_page - 1]


def test_a_page_in_two_columns_is_read_column_by_column():
    from shared.testing.contracts import TWO_COLUMNS, two_column_page

    (text,) = pdf.page_texts(two_column_page())
    lines = [line.strip() for line in text.splitlines()]
    assert lines == ["MASTER AGREEMENT", *TWO_COLUMNS[0], *TWO_COLUMNS[1]], "the title, then the left column, then the right"


def test_a_table_of_contents_is_not_taken_for_two_columns():
    from shared.testing.contracts import contents_page

    (text,) = pdf.page_texts(contents_page())
    assert text.splitlines()[:4] == ["ARTICLE I DEFINITIONS", "1", "ARTICLE II PAYMENT", "2"], "in PDFium's order: each title, then its page"


def test_no_break_spaces_read_as_spaces():
    """Many contracts' text layers glue every two words with a no-break space (U+00A0): read as a
    plain space, so the splitter's patterns and the clause model see the words."""
    from bench import cuad

    if not cuad.available():
        pytest.skip("CUAD data not found")
    glued = next(p for p in sorted((cuad.cuad_dir() / "dev" / "pdf").iterdir()) if p.name.startswith("ADAMSGOLFINC"))
    texts = pdf.page_texts(glued)
    assert not any(ch in t for t in texts for ch in "\u00a0\u2007\u202f")
    assert "This Agreement is entered into on January 13, 2005" in texts[1]


def _dev_contract_texts(prefix: str) -> list[str]:
    """The page texts of the CUAD dev contract whose file name starts with ``prefix``."""
    from bench import cuad

    if not cuad.available():
        pytest.skip("CUAD data not found")
    return pdf.page_texts(next(p for p in sorted((cuad.cuad_dir() / "dev" / "pdf").iterdir()) if p.name.startswith(prefix)))


def test_the_greek_question_mark_reads_as_the_semicolon_it_is():
    """The text layers of most CUAD dev contracts give U+037E for every ";" (Unicode's canonical
    equivalent): read as ";", a clause's items split as they do in the contract's own words, and
    a notice period is read from its own item ("upon 90 days' advance written notice to the
    other parties hereto; or (b) ... within ten days" had been read as ten days)."""
    from shared.clauses import terms

    texts = _dev_contract_texts("TALCOTTRESOLUTION")
    assert not any("\u037e" in t for t in texts)
    clause = " ".join(next(t for t in texts if "at the option of any party" in t).split())
    clause = clause[clause.index("This Agreement shall terminate (a)") :].split(" to the breaching party.")[0]
    assert "hereto; or (b)" in clause
    (notice,) = terms.terms("Termination For Convenience", clause)
    assert notice["value"] == 90.0 and notice["text"].startswith("upon 90 days")


def test_the_hyphen_pdfium_gives_as_u_fffe_reads_as_a_hyphen():
    """MSCI (CUAD dev): "a non-exclusive, perpetual, irrevocable, world-wide, royalty-free
    license" came as "world\\ufffewide", and no territory was read."""
    from shared.clauses import risk

    texts = _dev_contract_texts("MSCIINC")
    assert not any("\ufffe" in t for t in texts)
    grant = " ".join(next(t for t in texts if "MS hereby grants" in t).split())
    grant = grant[grant.index("MS hereby grants") :].split("Licensed Materials.")[0]
    assert "world-wide" in grant and "world-wide" in [f["text"] for f in risk.facts("License Grant", grant)]
