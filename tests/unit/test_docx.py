"""Word uploads (shared/documents/docx.py, convert.py). Every hostile kind
(shared/testing/hostile/docx.py) gets its documented refusal before anything converts it, in
well under the sandbox's time; what the real LibreOffice converts reads as the contract would be
signed: tracked changes accepted, comments left out, automatic numbering kept, and nothing outside
the file fetched. A conversion past its time or memory limit is an InputError with nothing left
running. No LibreOffice here skips the conversions, not the checks."""

from __future__ import annotations

import hashlib
import http.server
import io
import os
import random
import re
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from shared.core.errors import InputError, TooLarge
from shared.documents import convert, docx, pdf
from shared.testing.hostile.docx import (
    DECL, DOCX_KINDS, DOCX_MAKERS, EXPECTED, NS, OLE, REFUSED_BY_CLEAN, external_links, generate_docx, package, para,
    thousand_pages,
)

LIMITS = {"max_bytes": 25 * 1024 * 1024, "max_pages": 500}  # the edge's defaults (services/edge/settings.py)
CHECK_S = 5.0  # each check is far quicker; the sandbox gives a file a few seconds
SEEDS = range(6)
needs_soffice = pytest.mark.skipif(convert.version() is None, reason="LibreOffice (soffice) is not installed")
WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml"
DATE = 'w:author="Buyer" w:date="2024-05-01T00:00:00Z"'


def before_conversion(data: bytes) -> tuple[docx.DocxInfo, bytes]:
    """What an upload goes through before LibreOffice sees it: sniffed, checked, cleaned."""
    docx.refuse_other(docx.sniff(data))
    info = docx.inspect(data, **LIMITS)
    return info, docx.clean(data, info.main)


async def converted_text(data: bytes, **limits) -> str:
    _, cleaned = before_conversion(data)
    out = await convert.Converter(**limits).convert(cleaned)
    assert out.pdf.startswith(b"%PDF-") and pdf.check(out.pdf, max_bytes=LIMITS["max_bytes"], max_pages=10) >= 1
    return " ".join(" ".join(pdf.page_texts(out.pdf)).split())  # white space as one space


def part_names_and_bytes(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {name: z.read(name) for name in z.namelist()}


# --- the hostile kinds, refused before conversion ------------------------------------------------

def test_every_kind_is_made_and_a_seed_gives_the_same_files():
    def digests(seed: int, n: int) -> list[tuple[str, str]]:
        return [(kind, hashlib.sha256(data).hexdigest()) for kind, data in generate_docx(seed, n)]

    first = digests(7, 2 * len(DOCX_KINDS))
    assert first == digests(7, 2 * len(DOCX_KINDS))
    assert Counter(kind for kind, _ in first) == {kind: 2 for kind in DOCX_KINDS}
    assert digests(7, len(DOCX_KINDS)) == first[: len(DOCX_KINDS)], "file i depends only on (seed, i)"
    assert sum(a != b for a, b in zip(first, digests(8, 2 * len(DOCX_KINDS)))) > len(first) // 2, "another seed, other files"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", DOCX_KINDS)
def test_each_hostile_kind_gets_its_documented_outcome_quickly(kind, seed):
    data = DOCX_MAKERS[kind](random.Random(f"{kind}:{seed}"))
    assert len(data) < 400 * 1024, "nothing huge is made"
    started, stage = time.monotonic(), "inspect"
    try:
        docx.refuse_other(docx.sniff(data))
        info = docx.inspect(data, **LIMITS)
        stage = "clean"
        docx.clean(data, info.main)
    except InputError as exc:
        assert EXPECTED[kind] is not None, f"a valid file was refused: {exc.code}: {exc.message}"
        assert (exc.status, exc.code) in EXPECTED[kind], (stage, exc.status, exc.code, exc.message)
        assert stage == ("clean" if kind in REFUSED_BY_CLEAN else "inspect"), (stage, exc.message)
        assert exc.message
    else:
        assert EXPECTED[kind] is None, f"{kind} got past inspect and clean"
    assert time.monotonic() - started < CHECK_S


@pytest.mark.parametrize("kind", [k for k in DOCX_KINDS if EXPECTED[k] and len(EXPECTED[k]) > 1])
def test_every_documented_refusal_of_a_kind_is_made(kind):
    seen = set()
    for seed in SEEDS:
        with pytest.raises(InputError) as err:
            before_conversion(DOCX_MAKERS[kind](random.Random(f"{kind}:{seed}")))
        seen.add((err.value.status, err.value.code))
    assert seen == EXPECTED[kind]


def test_a_thousand_page_file_is_refused_before_conversion_and_one_at_the_limit_is_not():
    started = time.monotonic()
    with pytest.raises(TooLarge) as err:
        docx.inspect(thousand_pages(random.Random(1)), **LIMITS)
    assert (err.value.status, err.value.code) == (413, "too_large") and "pages" in err.value.message
    assert time.monotonic() - started < CHECK_S
    at_limit = package("".join(para(f"Page {i + 1}.") + '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' for i in range(499)))
    assert docx.inspect(at_limit, **LIMITS).page_breaks == 499


def test_a_header_text_past_libxml2s_limit_is_refused_by_clean():
    """10 MB of text in one header node: expat (inspect) takes it, libxml2 (clean) does not."""
    header = f'{DECL}<w:hdr {NS}><w:p><w:r><w:t>{random.Random(1).randbytes(5_100_000).hex()}</w:t></w:r></w:p></w:hdr>'
    data = package(para("The Term is two years."), extra={"word/header1.xml": header})
    with pytest.raises(InputError) as err:
        before_conversion(data)
    assert (err.value.status, err.value.code) == (422, "corrupt_docx") and "header1.xml" in err.value.message


@pytest.mark.parametrize(("data", "kind"), [
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "pdf"), (b"\r\n  %PDF-1.4", "pdf"), (package(para("x")), "zip"), (OLE + bytes(504), "ole"),
    (rb"{\rtf1\ansi hello\par}", "rtf"), (b"", "other"), (b"\xef\xbb\xbf%PDF-1.4", "other"), (b"PK\x05\x06" + bytes(18), "other"),
    (b"<html><body>contract</body></html>", "other"),
])
def test_sniff_names_what_an_upload_is(data, kind):
    assert docx.sniff(data) == kind


@pytest.mark.parametrize(("kind", "code"), [("ole", "legacy_doc"), ("rtf", "unsupported_format")])
def test_legacy_word_and_rtf_are_refused_with_415(kind, code):
    with pytest.raises(InputError) as err:
        docx.refuse_other(kind)
    assert (err.value.status, err.value.code) == (415, code) and ".docx" in err.value.message
    for taken in ("pdf", "zip", "other"):
        docx.refuse_other(taken)


# --- what LibreOffice converts ---------------------------------------------------------------------

TRACKED = (
    '<w:p><w:r><w:t xml:space="preserve">Payment is due within </w:t></w:r>'
    f'<w:ins w:id="1" {DATE}><w:r><w:t>ninety (90) days</w:t></w:r></w:ins>'
    f'<w:del w:id="2" {DATE}><w:r><w:delText>thirty (30) days</w:delText></w:r></w:del>'
    '<w:r><w:t xml:space="preserve"> of the invoice date.</w:t></w:r></w:p>'
    f'<w:p><w:moveFromRangeStart w:id="3" {DATE} w:name="move1"/><w:moveFrom w:id="4" {DATE}>'
    '<w:r><w:t>Records are kept for seven years.</w:t></w:r></w:moveFrom><w:moveFromRangeEnd w:id="3"/></w:p>'
    + para("Each party bears its own costs.")
    + f'<w:p><w:moveToRangeStart w:id="5" {DATE} w:name="move1"/><w:moveTo w:id="6" {DATE}>'
    '<w:r><w:t>Records are kept for seven years.</w:t></w:r></w:moveTo><w:moveToRangeEnd w:id="5"/></w:p>'
)


@needs_soffice
async def test_tracked_changes_are_accepted_in_what_is_converted():
    data = package(TRACKED)
    assert docx.inspect(data, **LIMITS).tracked_changes == 4  # an insertion, a deletion, a move's two ends
    text = await converted_text(data)
    assert "Payment is due within ninety (90) days of the invoice date." in text
    assert "thirty" not in text
    assert text.count("Records are kept for seven years.") == 1
    assert text.index("Each party bears its own costs.") < text.index("Records are kept"), "the move's new place"


@needs_soffice
async def test_comments_are_counted_and_left_out():
    body = ('<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>The Term is two years.</w:t></w:r><w:commentRangeEnd w:id="0"/>'
            '<w:r><w:commentReference w:id="0"/></w:r></w:p>' + para("Notices are given in writing."))
    comments = (f'{DECL}<w:comments {NS}><w:comment w:id="0" w:author="Legal" w:initials="L">'
                '<w:p><w:r><w:t>INTERNAL NOTE DO NOT SHIP</w:t></w:r></w:p></w:comment></w:comments>')
    data = package(body, extra={"word/comments.xml": comments}, doc_rels=[("rIdC", "comments", "comments.xml", False)],
                   overrides={"word/comments.xml": f"{WORD}.comments+xml"})
    info, cleaned = before_conversion(data)
    assert info.comments == 1
    assert not any(b"INTERNAL NOTE" in body or "comments" in name for name, body in part_names_and_bytes(cleaned).items())
    text = await converted_text(data)
    assert "The Term is two years. Notices are given in writing." in text
    assert "INTERNAL NOTE" not in text


NUMBERING = (f'{DECL}<w:numbering {NS}><w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="multilevel"/>'
             '<w:lvl w:ilvl="0"><w:start w:val="12"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:lvlJc w:val="left"/></w:lvl>'
             '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/><w:lvlJc w:val="left"/></w:lvl>'
             '</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>')


def numbered(text: str, level: int) -> str:
    return para(text, f'<w:pPr><w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="1"/></w:numPr></w:pPr>')


@needs_soffice
async def test_automatic_list_numbering_survives():
    body = (numbered("TERMINATION", 0) + numbered("Termination for breach", 1) + numbered("Termination on insolvency", 1)
            + numbered("Termination for convenience", 1) + para("Either party may end this Agreement on notice."))
    data = package(body, extra={"word/numbering.xml": NUMBERING}, doc_rels=[("rIdN", "numbering", "numbering.xml", False)],
                   overrides={"word/numbering.xml": f"{WORD}.numbering+xml"})
    text = await converted_text(data)
    assert re.search(r"\b12\. ?TERMINATION\b", text), text
    assert re.search(r"\b12\.1 ?Termination for breach\b", text), text
    assert re.search(r"\b12\.3 ?Termination for convenience\b", text), text


@pytest.fixture
def web():
    """A web server on a free port of 127.0.0.1 that counts what is asked of it."""
    asked: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the name http.server calls
            asked.append(f"{self.command} {self.path}")
            self.send_error(404)

        do_HEAD = do_POST = do_PROPFIND = do_OPTIONS = do_GET

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    with pytest.raises(urllib.error.HTTPError):  # the count works: one request seen
        urllib.request.urlopen(f"{url}/probe", timeout=5)
    assert asked == ["GET /probe"]
    asked.clear()
    yield url, asked
    server.shutdown()
    server.server_close()


@needs_soffice
@pytest.mark.parametrize("network_namespace", [True, False], ids=["unshare", "no-namespace"])
async def test_external_references_are_never_fetched(web, monkeypatch, network_namespace):
    """Without a network namespace, LibreOffice fetches an image linked by r:link as it opens
    the file (the profile's "never update links" does not stop it): ``clean`` is what does."""
    url, asked = web
    data = external_links(random.Random(1), url=url)
    if not network_namespace:
        monkeypatch.setattr(convert, "_can_unshare", lambda: False)
        await convert.Converter().convert(data)  # the file as sent, not cleaned: the server sees the fetch
        assert asked, "the uncleaned file was expected to fetch its linked image"
        asked.clear()
    info, cleaned = before_conversion(data)
    assert info.external_links == 2  # the linked image, the attached template (the hyperlink is not counted)
    parts = part_names_and_bytes(cleaned)
    assert b"INCLUDEPICTURE" not in parts["word/document.xml"] and b"INCLUDETEXT" not in parts["word/document.xml"]
    external = [rel for name, body in parts.items() if name.endswith(".rels") for rel in re.findall(rb"<Relationship [^>]*>", body)
                if b'TargetMode="External"' in rel]
    assert len(external) == 1 and b"/hyperlink" in external[0], external  # a hyperlink is kept: never fetched to convert
    text = await converted_text(data)
    assert "the terms online" in text
    assert asked == []


def running(marker: str) -> list[str]:
    """The command lines of the processes that mention ``marker``."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            cmd = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if proc.name.isdigit() and int(proc.name) != os.getpid() and marker in cmd:
            found.append(cmd)
    return found


def left_running(folder: Path, wait_s: float = 3.0) -> list[str]:
    deadline = time.monotonic() + wait_s
    while (found := running(str(folder))) and time.monotonic() < deadline:
        time.sleep(0.1)
    return found


@needs_soffice
@pytest.mark.parametrize(("limits", "code"), [({"timeout_s": 0.5}, "docx_too_slow"), ({"memory_mb": 64}, "corrupt_docx")],
                         ids=["time", "memory"])
async def test_a_conversion_past_its_limit_is_an_input_error_with_nothing_left_running(tmp_path, monkeypatch, limits, code):
    """A 3,000-row table (a 45 KB file) takes LibreOffice seconds to lay out: the error must come
    at the limit, not once LibreOffice has finished."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # this conversion's folder, told apart from any other's
    cell = '<w:tc><w:tcPr><w:tcW w:w="1800" w:type="dxa"/></w:tcPr>{}</w:tc>'.format
    rows = "".join("<w:tr>" + "".join(cell(para(f"Item {r}.{c}")) for c in range(5)) + "</w:tr>" for r in range(3_000))
    grid = '<w:tblPr><w:tblW w:w="9000" w:type="dxa"/></w:tblPr><w:tblGrid>' + '<w:gridCol w:w="1800"/>' * 5 + "</w:tblGrid>"
    _, cleaned = before_conversion(package(f"<w:tbl>{grid}{rows}</w:tbl>" + para("Signed by the parties.")))
    started = time.monotonic()
    with pytest.raises(InputError) as err:
        await convert.Converter(**limits).convert(cleaned)
    assert err.value.code == code and 400 <= err.value.status < 500 and err.value.message
    assert time.monotonic() - started < limits.get("timeout_s", 0) + 2.5
    assert left_running(tmp_path) == []
    assert list(tmp_path.iterdir()) == [], "the conversion's folder is deleted"
