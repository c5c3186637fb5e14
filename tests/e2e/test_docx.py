"""Word files through the real stack: a .docx is accepted, converted by LibreOffice after the 202,
reviewed to its draft and final, and every citation is on its page of the converted PDF (the
PDF the page shows); tracked changes are accepted and comments left out; the original stays
downloadable; what is not taken (.docm, .doc) gets its 415 at once."""

from __future__ import annotations

import copy
import io
import time
import zipfile

import docx as python_docx
import httpx
import pytest
from docx.oxml.ns import qn

from shared.clauses import catalogue
from shared.documents import pdf

from .conftest import events

pytestmark = pytest.mark.stack
WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
CAP = ("IN NO EVENT SHALL SUPPLIER'S AGGREGATE LIABILITY ARISING OUT OF THIS AGREEMENT EXCEED THE AMOUNTS PAID BY "
       "DISTRIBUTOR TO SUPPLIER UNDER THIS AGREEMENT IN THE TWELVE (12) MONTHS PRECEDING THE CLAIM.")
TERMINATION = "Either party may terminate this Agreement for any reason by giving the other party {notice} written notice."
FILLER = ("The Distributor shall market the Products in the Territory in accordance with the marketing plan agreed by the "
          "parties, and shall keep accurate records of its sales, which the Supplier may inspect on reasonable notice. ")


def _tracked(paragraph, kept: str, dropped: str) -> None:
    """Append a tracked insertion of ``kept`` and a tracked deletion of ``dropped`` to the paragraph."""
    base = paragraph.runs[-1]._r
    ins, dele = paragraph._p.makeelement(qn("w:ins")), paragraph._p.makeelement(qn("w:del"))
    for el, author in ((ins, "Counsel"), (dele, "Counsel")):
        el.set(qn("w:id"), str(id(el) % 10_000)), el.set(qn("w:author"), author), el.set(qn("w:date"), "2026-11-01T00:00:00Z")
    r_ins, r_del = copy.deepcopy(base), copy.deepcopy(base)
    r_ins.find(qn("w:t")).text = kept
    t = r_del.find(qn("w:t"))
    t.tag = qn("w:delText")
    t.text = dropped
    ins.append(r_ins), dele.append(r_del)
    paragraph._p.append(dele), paragraph._p.append(ins)


def contract() -> bytes:
    """Three pages: recitals, then the liability cap (page 2), then termination (page 3), whose
    notice period was changed under tracked changes (30 days struck, 90 days inserted); a
    comment on the cap that is not contract text."""
    d = python_docx.Document()
    d.add_heading("DISTRIBUTION AGREEMENT", 0)
    d.add_paragraph("This Distribution Agreement is made between Acme Supply Inc. (\"Supplier\") and Beta Trading Ltd. (\"Distributor\").")
    for _ in range(4):
        d.add_paragraph(FILLER)
    d.add_page_break()
    d.add_heading("9. LIMITATION OF LIABILITY", 1)
    cap = d.add_paragraph(CAP)
    d.add_comment(cap.runs, text="INTERNAL NOTE: push for a higher cap", author="Reviewer", initials="RV")
    d.add_paragraph(FILLER)
    d.add_page_break()
    d.add_heading("12. TERMINATION", 1)
    term = d.add_paragraph(TERMINATION.format(notice="").replace(" written notice.", ""))
    _tracked(term, " ninety (90) days' written notice.", " thirty (30) days' written notice.")
    d.add_paragraph(FILLER)
    out = io.BytesIO()
    d.save(out)
    return out.getvalue()


def _upload(client: httpx.Client, data: bytes, name: str, question: str, media: str = WORD) -> httpx.Response:
    return client.post("/v1/reviews", files={"file": (name, data, media)}, data={"question": question})


def test_a_word_file_is_converted_reviewed_and_cited_on_the_pages_of_its_pdf(client):
    data = contract()
    r = _upload(client, data, "distribution.docx", "Mark every liability and termination clause and explain the risk")
    assert r.status_code == 202, r.text
    body = r.json()
    assert body["format"] == "docx" and body["page_count"] is None
    rid = body["request_id"]
    evs = events(client, rid)
    types = [e["type"] for e in evs]
    assert types[0] == "accepted" and evs[0]["data"]["format"] == "docx" and evs[0]["data"]["page_count"] is None
    assert "converted" in types and types.index("converted") < types.index("draft") < types.index("final"), types
    conv = next(e["data"] for e in evs if e["type"] == "converted")
    assert conv["page_count"] == 3 and conv["converter"].startswith("LibreOffice") and conv["tracked_changes"] == 2 and conv["comments"] == 1, conv
    assert evs[-1]["type"] == "final", evs[-1]
    final = evs[-1]["data"]

    converted = client.get(f"/v1/reviews/{rid}/pdf")
    assert converted.status_code == 200 and converted.content.startswith(b"%PDF-")
    texts = pdf.page_texts(converted.content)
    assert len(texts) == 3
    flat = " ".join(" ".join(t.split()) for t in texts)
    assert "ninety (90) days" in flat and "thirty (30)" not in flat, "tracked changes are accepted"
    assert "INTERNAL NOTE" not in flat, "comments are not contract text"
    # Every citation and finding is on its page of the converted PDF, the one the page shows.
    for c in final["citations"]:
        assert catalogue.quote_on_page(c["quote"], texts[c["page"] - 1]), c
    by_cat = {f["category"]: f for f in final["findings"]}
    assert by_cat.get("Cap On Liability", {}).get("page") == 2, final["findings"]
    assert any(f["page"] == 3 and "ninety (90) days" in " ".join(f["quote"].split()) for f in final["findings"]), final["findings"]
    draft = next(e["data"] for e in evs if e["type"] == "draft")
    for e in draft["evidence"]:
        assert catalogue.quote_on_page(e["quote"], texts[e["page"] - 1]), e

    state = client.get(f"/v1/reviews/{rid}").json()
    assert state["format"] == "docx" and state["page_count"] == 3 and state["conversion"]["tracked_changes"] == 2
    assert state["original_sha256"] != state["doc_sha256"]
    original = client.get(f"/v1/reviews/{rid}/original")
    assert original.status_code == 200 and original.content == data
    assert original.headers["content-type"] == WORD and "distribution.docx" in original.headers["content-disposition"]


def test_the_same_word_file_again_is_converted_once(client):
    data = contract()
    rids = []
    for _ in range(2):
        r = _upload(client, data, "again.docx", "What is the notice period for termination?")
        assert r.status_code == 202, r.text
        rids.append(r.json()["request_id"])
        assert events(client, rids[-1])[-1]["type"] == "final"
    first, second = (client.get(f"/v1/reviews/{rid}").json() for rid in rids)
    assert second["conversion"]["cached"] and second["doc_sha256"] == first["doc_sha256"]


def _macro_enabled(data: bytes) -> bytes:
    """The same package, its main part declared macro-enabled (a .docm)."""
    src, out = zipfile.ZipFile(io.BytesIO(data)), io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "[Content_Types].xml":
                body = body.replace(b"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
                                    b"application/vnd.ms-word.document.macroEnabled.main+xml")
            z.writestr(info, body)
    return out.getvalue()


def test_what_is_not_taken_gets_415_with_what_to_send_instead(client):
    cases = {
        "contract.docm": (_macro_enabled(contract()), "macro_enabled"),
        "contract.doc": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 4000, "legacy_doc"),
        "contract.rtf": (b"{\\rtf1\\ansi Contract}", "unsupported_format"),
    }
    for name, (data, code) in cases.items():
        t0 = time.perf_counter()
        r = _upload(client, data, name, "anything")
        assert r.status_code == 415 and r.json()["error"]["code"] == code, (name, r.text)
        assert ".docx" in r.json()["error"]["message"] and time.perf_counter() - t0 < 10


def test_a_batch_takes_word_files_beside_pdfs(client):
    from shared.testing.contracts import cross_page_contract

    r = client.post("/v1/batches", files=[("files", ("a.docx", contract(), WORD)), ("files", ("b.pdf", cross_page_contract(), "application/pdf")),
                                          ("files", ("c.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "application/msword"))],
                    data={"categories": "Cap On Liability,Termination For Convenience"})
    assert r.status_code == 202, r.text
    bid = r.json()["batch_id"]
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        state = client.get(f"/v1/batches/{bid}").json()
        if state["status"] != "running":
            break
        time.sleep(1)
    cells = {c["filename"]: c for c in state["contracts"]}
    assert cells["a.docx"]["status"] == "done" and cells["b.pdf"]["status"] == "done", cells
    assert cells["c.doc"]["status"] == "failed" and cells["c.doc"]["error"]["code"] == "legacy_doc", cells
    review = client.get(f"/v1/reviews/{cells['a.docx']['request_id']}").json()
    assert review["format"] == "docx" and review["page_count"] == 3 and review["final"]["mode"] == "batch"
    cap = review["final"]["findings"]
    assert any(f["category"] == "Cap On Liability" and f["page"] == 2 for f in cap), cap
