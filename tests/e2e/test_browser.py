"""The review page in a real browser: Debian's chromium, headless, driven by Playwright, against
the real stack. A person's path through it: upload a real contract, watch the DRAFT box appear
with its pages, then the final replace it; click a citation and see the PDF move to its page;
ask about a clause; reopen the review from a link; cancel a review; lose the connection in the
middle and get every event once; send a Word file and read it as the PDF it became, told what the
conversion did to it. Screenshots land in var/test-artifacts/browser/ (or
$CLAUSEFLOW_TEST_ARTIFACTS/browser/).

The connection is cut by a relay between the browser and the edge (shared/testing/link.py, a
stand-in for a dropped network), not by stopping the edge."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import httpx
import pytest
from playwright.async_api import Page, async_playwright, expect

from bench import cuad
from local.stack import ROOT
from shared.clauses import catalogue
from shared.documents import layout, pdf
from shared.testing.contracts import make_contract
from shared.testing.link import FlakyLink

from .conftest import events
from .test_docx import WORD, _macro_enabled, contract

pytestmark = [
    pytest.mark.stack,
    pytest.mark.skipif(shutil.which("chromium") is None, reason="Debian's chromium is not installed (make test installs it)"),
]
ARTIFACTS = Path(os.environ.get("CLAUSEFLOW_TEST_ARTIFACTS", ROOT / "var" / "test-artifacts")) / "browser"
FINAL_S = 300  # the local model on two cores, with other tests' reviews in flight
WANTED = {"Cap On Liability", "Termination For Convenience"}


def real_contract() -> tuple[str, bytes]:
    """A real dev contract with liability and termination clauses (the smallest that has both),
    or, where CUAD is not at hand, the generated one; ``CLAUSEFLOW_REVIEW_PDF`` names another PDF
    to read the review of (its screenshots are the ones a reviewer reads), ``CLAUSEFLOW_REVIEW_QUESTION``
    another question to ask of it."""
    if other := os.environ.get("CLAUSEFLOW_REVIEW_PDF"):
        return Path(other).name, Path(other).read_bytes()
    if cuad.available():
        rows = [r for r in cuad.labels("dev") if WANTED <= {c["category"] for c in r["clauses"] if c["pages"]} and r["page_count"] >= 4]
        row = min(rows, key=lambda r: (r["page_count"], r["file"]))
        return row["file"], cuad.dev_pdf(row["file"]).read_bytes()
    return "generated-services-agreement.pdf", make_contract(extra_pages=2).data


@pytest.fixture(scope="module")
def link(stack):
    with FlakyLink(int(stack.base_url.rsplit(":", 1)[1])) as relay:
        yield relay


@pytest.fixture(scope="module")
async def browser():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    async with async_playwright() as pw:
        b = await pw.chromium.launch(executable_path=shutil.which("chromium"), headless=True)
        yield b
        await b.close()


@pytest.fixture
async def page(browser, link, stack):
    """The review page with the dev key picked up from the link `make run` prints; fails the
    test on any script error or dialog (an injected script would open one)."""
    context = await browser.new_context(viewport={"width": 1500, "height": 1000})
    pg = await context.new_page()
    problems: list[str] = []
    pg.on("pageerror", lambda exc: problems.append(f"script error: {exc}"))
    pg.on("dialog", lambda d: problems.append(f"dialog: {d.message}"))
    await pg.goto(f"{link.url}/#key={stack.api_key}")
    yield pg
    await context.close()
    assert not problems, problems


async def upload(pg: Page, name: str, data: bytes, question: str, media: str = "application/pdf") -> str:
    await pg.set_input_files("#file", files=[{"name": name, "mimeType": media, "buffer": data}])
    await pg.fill("#question", question)
    await pg.click("#submit")
    await expect(pg.locator("#rid")).to_contain_text("review ")
    return (await pg.inner_text("#rid")).split()[-1]


async def rendered(pg: Page) -> list[dict]:
    return await pg.evaluate("window.clauseflow.rendered")


def server_events(stack, rid: str) -> list[dict]:
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=30) as c:
        return events(c, rid)


async def test_a_review_shows_its_draft_then_its_final_beside_the_pdf(page, stack, link, browser):
    name, data = real_contract()
    question = os.environ.get("CLAUSEFLOW_REVIEW_QUESTION") if os.environ.get("CLAUSEFLOW_REVIEW_PDF") else None  # another question, for a review only
    rid = await upload(page, name, data, question or "Mark every liability and termination clause and explain the risk")
    await expect(page.locator("#rfile")).to_have_text(name)

    draft = page.locator("#draft .draft")
    await expect(draft).to_be_visible(timeout=60_000)
    await expect(draft.locator(".mark")).to_have_text("DRAFT")
    assert await draft.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 251, 224)"  # pale yellow
    pages_linked = {int(p) for p in await draft.locator("a.cite").evaluate_all("as => as.map(a => a.dataset.page)")}
    assert pages_linked and all(1 <= p for p in pages_linked)
    await expect(page.locator("#stage-summarize .note")).to_have_text("done")
    await page.screenshot(path=ARTIFACTS / "draft.png")

    await expect(page.locator("#final .final")).to_be_visible(timeout=FINAL_S * 1000)
    await expect(page.locator("#draft .draft")).to_have_count(0)  # the final replaced the draft
    await expect(page.locator("#rstatus")).to_have_text("done")
    final = server_events(stack, rid)[-1]
    assert final["type"] == "final"
    findings = final["data"]["findings"]
    if os.environ.get("CLAUSEFLOW_REVIEW_PDF") and not findings:  # a review of a contract with no card: the page as it is
        await page.locator("#final .final").screenshot(path=ARTIFACTS / "final-cards.png")
        pytest.skip("CLAUSEFLOW_REVIEW_PDF: no card; the screenshot is taken")
    assert findings, "a contract with liability and termination clauses has findings"
    await expect(page.locator("#final .finding")).to_have_count(len(findings))
    # each card says how likely it is the clause, in words and as a share, not as a raw score
    first_card = findings[0]
    await expect(page.locator("#final .finding .sure")).to_have_count(len(findings))
    await expect(page.locator("#final .finding .sure").first).to_contain_text(f"({round(first_card['confidence'] * 100)}%)")
    await page.locator("#final .final").screenshot(path=ARTIFACTS / "final-cards.png")  # the summary and every card, as a reader goes down them
    if os.environ.get("CLAUSEFLOW_REVIEW_PDF"):
        pytest.skip("CLAUSEFLOW_REVIEW_PDF: the screenshots are taken; the checks below are the test contract's")
    await expect(page.locator("#cost tbody tr")).not_to_have_count(0)
    # The playbook first: how many deviations, against which version, each in words with an icon.
    pb = final["data"]["playbook"]
    await expect(page.locator("#final .playbook h3")).to_have_text(f"Against the playbook: {len(pb['deviations'])} deviation{'' if len(pb['deviations']) == 1 else 's'}")
    await expect(page.locator("#final .playbook .note")).to_contain_text(f"version {pb['version']}")
    checked = [f for f in findings if f.get("position")]
    await expect(page.locator("#final .finding .position")).to_have_count(len(checked))
    # a card's position that is another of its categories' (a cap that is also an uncapped liability) names that category
    other = [f for f in checked if f["position"].get("category") not in (None, f["category"])]
    await expect(page.locator("#final .finding .position b").filter(has_text=re.compile(r"^[A-Z][\w /-]+: (meets|deviates|not decided)"))).to_have_count(len(other))
    # The summary on top: a row per asked category, deviations first, each status in words.
    summary = final["data"]["summary"]
    await expect(page.locator("#final .summary tbody tr")).to_have_count(len(summary))
    await expect(page.locator("#final .summary tbody tr").first.locator("td").first).to_have_text(summary[0]["category"])
    assert pb["deviations"], "the contract deviates from the default playbook (a one-sided right to terminate)"
    await expect(page.locator("#final .playbook li").first).to_contain_text("deviates from the playbook")
    await expect(page.locator("#final .summary tbody tr.deviates, #final .summary tbody tr.missing").first).to_be_visible()
    # The report to hand on: alone in print, with the contract, the playbook's version and every finding.
    await page.locator("#final #report").click()
    report = page.locator("#printable")
    await expect(report).to_be_visible()
    await expect(report.locator("h1")).to_have_text(f"Contract review: {name}")
    await expect(report).to_contain_text(f"version {pb['version']}")
    await expect(report.locator(".finding")).to_have_count(len(findings))
    await page.emulate_media(media="print")
    await expect(page.locator("main")).to_be_hidden()
    await expect(report).to_be_visible()
    await page.screenshot(path=ARTIFACTS / "report.png", full_page=True)
    await page.emulate_media(media="screen")
    await report.get_by_role("button", name="Close").click()
    await expect(report).to_be_hidden()
    cost = final["data"]["cost"]
    if cost.get("saving_usd") is not None:  # the whole-document comparison, as the server computed it
        await expect(page.locator("#cost")).to_contain_text(f"${abs(cost['saving_usd']):.6f}")
        await expect(page.locator("#cost")).to_contain_text("the whole document through the same model")

    # A citation link jumps the viewer to its page, with the quote marked on it.
    last = page.locator("#final .finding a.cite").last
    target = int(await last.get_attribute("data-page"))
    await last.click()
    await expect(page.locator("#viewer")).to_have_attribute("data-page", str(target))
    shown = page.locator(f"#pdf-page-{target}")
    await expect(shown).to_have_class("pdfpage current")
    await expect(shown).to_be_in_viewport()
    await expect(shown.locator("span.hl").first).to_be_visible()
    await page.screenshot(path=ARTIFACTS / "final.png")

    # A follow-up on the first finding streams its answer under it.
    first = page.locator("#final .finding").first
    await first.locator(".followup input").fill("What does this clause mean for us?")
    await first.locator(".followup button").click()
    await expect(first.locator(".fu")).to_contain_text("Q: What does this clause mean for us?")
    await expect(first.locator(".fu .streaming")).to_have_count(0, timeout=FINAL_S * 1000)  # the follow-up's final replaced the stream
    assert await first.locator(".fu .error").count() == 0

    ids = [e["id"] for e in await rendered(page)]
    assert len(ids) == len(set(ids))

    # The link reopens the review in a browser that never saw it (it asks the edge for a stream token).
    context = await browser.new_context(viewport={"width": 1500, "height": 1000})
    other = await context.new_page()
    await other.goto(f"{link.url}/?review={rid}#key={stack.api_key}")
    await expect(other.locator("#final .finding")).to_have_count(len(findings), timeout=30_000)
    await expect(other.locator(f'#history tr[data-id="{rid}"]')).to_have_count(1)
    await context.close()


async def test_cancel_shows_cancelled(page, stack):
    rid = await upload(page, "cancel-me.pdf", make_contract(title="CANCELLED SUPPLY AGREEMENT", extra_pages=4).data, "Which clauses limit liability?")
    await page.click("#cancel")
    await expect(page.locator("#rstatus")).to_have_text("cancelled", timeout=30_000)
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=30) as c:
        assert c.get(f"/v1/reviews/{rid}").json()["status"] == "cancelled"


async def test_a_dropped_connection_resumes_without_duplicates(page, stack, link):
    rid = await upload(page, "reconnect.pdf", make_contract(title="RECONNECTED SERVICES AGREEMENT", extra_pages=3).data, "Explain the termination and liability clauses")
    await expect(page.locator("#draft .draft")).to_be_visible(timeout=60_000)
    before = len(await rendered(page))
    assert link.cut(down_s=3) >= 1  # the event stream (at least) was open
    await expect(page.locator("#rstatus")).to_have_text("reconnecting…", timeout=10_000)
    await expect(page.locator("#final .final")).to_be_visible(timeout=FINAL_S * 1000)

    seen = await rendered(page)
    sent = server_events(stack, rid)
    assert [e["id"] for e in seen] == [e["id"] for e in sent], "every event shown once, in order, none lost"
    assert len(seen) > before
    await expect(page.locator("#draft .draft")).to_have_count(0)
    await expect(page.locator("#final .final")).to_have_count(1)
    await expect(page.locator("#final .finding")).to_have_count(len(sent[-1]["data"]["findings"]))


async def test_contract_text_and_questions_are_shown_as_text(page, stack, link):
    name = "<script>window.__injected=1</script><img src=x onerror='window.__injected=2'>.pdf"  # (a browser sends '"' as %22)
    question = '<img src=x onerror="window.__injected=3"> What about </textarea><b>liability</b>?'
    rid = await upload(page, name, make_contract(title="<SCRIPT>ALERT(1)</SCRIPT> AGREEMENT").data, question)
    await expect(page.locator("#rfile")).to_have_text(name)
    await expect(page.locator("#rquestion")).to_have_text(question)
    await expect(page.locator("#draft .draft")).to_be_visible(timeout=60_000)
    await page.click("#cancel")
    await expect(page.locator(f'#history tr[data-id="{rid}"] td').nth(2)).to_have_text(name)
    assert await page.evaluate("window.__injected") is None
    assert await page.locator("#review script, #review img, #history img").count() == 0

    r = httpx.get(f"{link.url}/")
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert httpx.get(f"{link.url}/static/app/app.js").headers["content-security-policy"] == csp


# What the viewer and the pages line said, as they changed (a Word file converts in a second or two).
RECORD_SHOWN = """() => {
  window.__shown = [];
  const note = () => window.__shown.push([document.querySelector('#viewer .viewermsg')?.textContent || '', document.querySelector('#rpages').textContent]);
  new MutationObserver(note).observe(document.querySelector('#review'), { childList: true, subtree: true, characterData: true });
  new MutationObserver(note).observe(document.querySelector('#viewer'), { childList: true, subtree: true });
}"""


async def test_a_word_file_is_read_as_the_pdf_it_became(page, stack, link):
    data = contract()
    await page.evaluate(RECORD_SHOWN)
    rid = await upload(page, "distribution.docx", data, "Mark every liability and termination clause and explain the risk", WORD)
    await expect(page.locator("#rfile")).to_have_text("distribution.docx")

    # Converted: the viewer shows the converted PDF's three pages, and above it what was done to the file.
    await expect(page.locator("#viewer .pdfpage")).to_have_count(3, timeout=60_000)
    await expect(page.locator("#rpages")).to_have_text("3 pages, converted from Word ·")
    await expect(page.locator("#stage-convert")).to_be_visible()
    await expect(page.locator("#stage-convert .note")).to_contain_text("done")
    shown = await page.evaluate("window.__shown")
    assert ["Converting from Word…", "Converting from Word… ·"] in shown, "while converting, the viewer and the pages line say so"
    notice = page.locator("#conversion")
    await expect(notice).to_be_visible()
    await expect(notice).to_have_class(re.compile(r"\btracked\b"))
    await expect(notice.locator(".warn")).to_have_text(
        "⚠ 2 tracked changes accepted: the text reviewed reads as if every change were accepted. Open the original in Word to see what was changed.")
    await expect(notice).to_contain_text("Converted from Word by LibreOffice")
    await expect(notice).to_contain_text("page numbers are the converted PDF's")
    await expect(notice).to_contain_text("1 comment left out")

    await expect(page.locator("#final .final")).to_be_visible(timeout=FINAL_S * 1000)
    await expect(page.locator("#rstatus")).to_have_text("done")
    final = server_events(stack, rid)[-1]
    assert final["type"] == "final", final
    findings = final["data"]["findings"]
    await expect(page.locator("#final .finding")).to_have_count(len(findings))

    # The termination clause, as amended under tracked changes, opens page 3 of the converted PDF, quote marked.
    i = next(k for k, f in enumerate(findings) if f["page"] == 3 and "ninety (90) days" in " ".join(f["quote"].split()))
    await page.locator(f'#final .finding[data-index="{i}"] a.cite').first.click()
    await expect(page.locator("#viewer")).to_have_attribute("data-page", "3")
    third = page.locator("#pdf-page-3")
    await expect(third).to_have_class("pdfpage current")
    await expect(third).to_be_in_viewport()
    await expect(third.locator("span.hl").first).to_be_visible()
    await expect(third.locator(".textLayer")).to_contain_text("ninety (90) days")
    await expect(third.locator(".textLayer")).not_to_contain_text("thirty (30)")
    await page.mouse.move(0, 0)
    await page.evaluate("window.scrollTo(0, 0)")  # the file, its pages line and the summary beside the page shown
    await page.screenshot(path=ARTIFACTS / "docx-review.png")

    # The report to hand on says it too.
    await page.locator("#final #report").click()
    await expect(page.locator("#printable .conversion")).to_contain_text("2 tracked changes accepted: the text reviewed reads as if every change were accepted.")
    await page.locator("#printable").get_by_role("button", name="Close").click()

    # The original, as uploaded, with its name: fetched with the key, saved from a blob.
    async with page.expect_download() as info:
        await notice.get_by_role("link", name="Download the original (.docx)").click()
    download = await info.value
    assert download.suggested_filename == "distribution.docx"
    assert Path(await download.path()).read_bytes() == data

    # Reopened from its link, the state's conversion says the same without waiting for an event.
    await page.goto(f"{link.url}/?review={rid}")
    await expect(page.locator("#viewer .pdfpage")).to_have_count(3, timeout=30_000)
    await expect(page.locator("#conversion .warn")).to_contain_text("2 tracked changes accepted")
    await expect(page.locator("#final .finding")).to_have_count(len(findings), timeout=30_000)


async def test_a_word_file_without_tracked_changes_says_so_and_nothing_else(page):
    import io

    import docx as python_docx

    d = python_docx.Document()
    d.add_paragraph("This Agreement is governed by the laws of the State of New York.")
    out = io.BytesIO()
    d.save(out)
    await upload(page, "plain.docx", out.getvalue(), "What is the governing law?", WORD)
    notice = page.locator("#conversion")
    await expect(notice).to_contain_text("No tracked changes.", timeout=60_000)
    await expect(notice.locator(".warn")).to_have_count(0)
    text = await notice.inner_text()
    assert text.startswith("Converted from Word by LibreOffice") and "null" not in text and "undefined" not in text, text


async def test_a_file_not_taken_says_what_to_send_instead(page):
    word = re.compile(re.escape(WORD))
    await expect(page.locator("#file")).to_have_attribute("accept", word)
    await expect(page.locator("#file")).to_have_attribute("accept", re.compile(r"\.docx"))
    await expect(page.locator("#bfiles")).to_have_attribute("accept", re.compile(r"\.docx"))
    await expect(page.locator("#dropmsg")).to_contain_text("a contract PDF or Word .docx")
    cases = {
        "contract.docm": (_macro_enabled(contract()), "A macro-enabled Word file (.docm) is not taken"),
        "contract.doc": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 4000, "A legacy Word .doc"),
    }
    for name, (data, says) in cases.items():
        await page.set_input_files("#file", files=[{"name": name, "mimeType": "application/octet-stream", "buffer": data}])
        await page.click("#submit")
        error = page.locator("#notice .error")
        await expect(error).to_contain_text(f"{name} was not accepted. {says}")
        await expect(error).to_contain_text("save it as a Word document (.docx) or a PDF")
        await expect(page.locator("#review")).to_be_hidden()
    await expect(page.locator("#right")).to_be_hidden()  # no empty viewer beside a page with no review
    await page.screenshot(path=ARTIFACTS / "not-taken.png")


@pytest.mark.skipif(not cuad.available(), reason="CUAD data not at hand")
async def test_an_absence_to_check_is_marked_in_the_summary_and_the_list(page, stack):
    """A real dev contract (an endorsement to a life insurance policy) whose expiry clause the
    clause model misses: the presence model says such contracts usually have one, and the page
    says to check it, in the summary table and in the list of what was not found; the other
    absence is said plainly."""
    row = next(r for r in cuad.labels("dev") if r["file"].startswith("MOVADOGROUPINC_04_30_2003"))
    rid = await upload(page, "endorsement.pdf", cuad.dev_pdf(row["file"]).read_bytes(),
                       "When does this agreement expire, can it be renewed, and is there a cap on liability?")
    await expect(page.locator(".final")).to_be_visible(timeout=FINAL_S * 1000)
    final = next(e for e in server_events(stack, rid) if e["type"] == "final")["data"]
    likely = {a["category"] for a in final["absent"] if a["likely"]}
    plain = {a["category"] for a in final["absent"] if not a["likely"]}
    assert likely, f"no absence to check on this contract any more ({final['absent']}): pick another example"
    for item in await page.locator(".final li.absent").all_inner_texts():
        category = item.removeprefix("No ").split(" clause found")[0]
        assert category in likely | plain, item
        assert ("Check this one" in item) == (category in likely), item
    for tr in await page.locator(".final .summary tbody tr").all():
        cells = await tr.locator("td").all_inner_texts()
        assert ("(check)" in cells[1]) == (cells[0] in likely), cells
    await page.screenshot(path=str(ARTIFACTS / "absence-to-check.png"), full_page=True)


@pytest.mark.skipif(not cuad.available(), reason="CUAD data not at hand")
async def test_an_absence_the_contract_states_is_quoted_with_its_page(page, stack):
    """A real dev contract (an outsourcing agreement) that says "No third party is intended to be ...
    a third party beneficiary of this Agreement": asked who outside the parties gets rights, the page
    says there is no such clause because the contract says so, quotes it with its page, and asks no
    check; the quote is on the page it names."""
    row = next(r for r in cuad.labels("dev") if r["file"].startswith("BNLFINANCIALCORP_03_30_2007"))
    rid = await upload(page, "outsourcing.pdf", cuad.dev_pdf(row["file"]).read_bytes(), "Does anyone outside the two parties get rights under this contract?")
    await expect(page.locator(".final")).to_be_visible(timeout=FINAL_S * 1000)
    final = next(e for e in server_events(stack, rid) if e["type"] == "final")["data"]
    (gone,) = [a for a in final["absent"] if a["category"] == "Third Party Beneficiary"]
    said = gone["disclaimed"]
    assert not gone["likely"] and "no third party" in said["quote"].lower() and said["page"] >= 1
    pdf_page = layout.strip(pdf.page_texts(cuad.dev_pdf(row["file"])))[said["page"] - 1]
    assert catalogue.quote_on_page(said["quote"], pdf_page)
    item = await page.locator(".final li.absent").inner_text()
    assert "The contract says there is none" in item and said["quote"][:60] in item and "Check this one" not in item, item
    cells = [await tr.locator("td").all_inner_texts() for tr in await page.locator(".final .summary tbody tr").all()]
    assert any(c[0] == "Third Party Beneficiary" and "the contract says so" in c[1] for c in cells), cells
    await page.screenshot(path=str(ARTIFACTS / "absence-stated.png"), full_page=True)


@pytest.mark.skipif(not cuad.available(), reason="CUAD data not at hand")
@pytest.mark.parametrize(("prefix", "question", "category", "what", "tag", "word"), [
    ("GpaqAcquisitionHoldingsInc_20200123", "Mark every liability and termination clause and explain the risk", "Termination For Convenience",
     "rights to terminate for cause", "for cause only", "terminate"),
    ("MTITECHNOLOGYCORP_11_16_2004", "Is the reseller appointment exclusive?", "Exclusivity", "non-exclusive rights", "non-exclusive only", "exclusive"),
])
async def test_an_absent_clause_quotes_what_the_contract_gives_instead(page, stack, prefix, question, category, what, tag, word):
    """Real dev contracts: a sponsorship agreement with no right to terminate for convenience but rights to
    terminate for a default, asked for every termination clause; a reseller addendum whose appointment and
    licence are non-exclusive, asked whether the appointment is exclusive. The page says no such clause was
    found and quotes, with their pages, what the contract gives instead; each quote is on the page it names."""
    row = next(r for r in cuad.labels("dev") if r["file"].startswith(prefix))
    rid = await upload(page, "contract.pdf", cuad.dev_pdf(row["file"]).read_bytes(), question)
    await expect(page.locator(".final")).to_be_visible(timeout=FINAL_S * 1000)
    final = next(e for e in server_events(stack, rid) if e["type"] == "final")["data"]
    (gone,) = [a for a in final["absent"] if a["category"] == category]
    assert gone["instead"] and (gone["instead_what"], gone["instead_tag"]) == (what, tag), gone
    pages = layout.strip(pdf.page_texts(cuad.dev_pdf(row["file"])))
    for cited in gone["instead"]:
        assert word in cited["quote"].lower() and catalogue.quote_on_page(cited["quote"], pages[cited["page"] - 1]), cited
    assert f"{category}: not found in" in final["answer"] and f"{what} instead (p" in final["answer"]
    items = [t for t in await page.locator(".final li.absent").all_inner_texts() if category in t]
    assert len(items) == 1 and f"It gives {what} instead" in items[0] and gone["instead"][0]["quote"][:60] in items[0], items
    rows = [await tr.locator("td").all_inner_texts() for tr in await page.locator(".final .summary tbody tr").all()]
    (cells,) = [c for c in rows if c[0] == category]  # the summary's row says so, with the pages it cites
    assert cells[1].removesuffix(" (check)") == f"absent ({tag})" and cells[2] == ", ".join(map(str, sorted({c["page"] for c in gone["instead"]}))), cells
    await page.screenshot(path=str(ARTIFACTS / f"absence-instead-{category.split()[0].lower()}.png"), full_page=True)


@pytest.mark.skipif(not cuad.available(), reason="CUAD data not at hand")
async def test_a_cards_position_of_another_of_its_categories_names_that_category(page, stack):
    """A real dev contract (a two-page sponsorship agreement) whose liability clause is a Cap On Liability card that is also an
    Uncapped Liability: the card stood under "Cap On Liability" and said "Deviates from the playbook. Rule: Always flagged
    (liability without a ceiling)", the uncapped rule's, while the summary said the cap meets. The card names whose position it is."""
    row = next(r for r in cuad.labels("dev") if r["file"].startswith("TICKETSCOMINC_06_22_1999"))
    rid = await upload(page, "sponsorship.pdf", cuad.dev_pdf(row["file"]).read_bytes(), "Is liability capped, and what is left uncapped?")
    await expect(page.locator(".final")).to_be_visible(timeout=FINAL_S * 1000)
    final = next(e for e in server_events(stack, rid) if e["type"] == "final")["data"]
    other = [f for f in final["findings"] if (f.get("position") or {}).get("category") not in (None, f["category"])]
    assert other, [(f["category"], f.get("position")) for f in final["findings"]]
    for f in other:
        words = f"{f['position']['category']}: {'deviates from' if f['position']['status'] == 'deviates' else f['position']['status']}"
        await expect(page.locator("#final .finding .position b").filter(has_text=words)).not_to_have_count(0)


async def test_a_part_of_the_question_no_category_answers_is_listed_and_can_be_asked_alone(page, stack):
    """A several-part question whose last part no clause category answers: the final lists it as not checked
    (shared/clauses/routing_parts.py), and its button puts it in the question box to ask alone."""
    rid = await upload(page, "contract.pdf", make_contract().data, "What is the governing law, and who pays if a customer sues us?")
    await expect(page.locator(".final")).to_be_visible(timeout=FINAL_S * 1000)
    final = next(e for e in server_events(stack, rid) if e["type"] == "final")["data"]
    assert final["unasked"] == [{"part": "who pays if a customer sues us", "suggest": []}]
    item = page.locator(".final li.unasked")
    await expect(item).to_have_count(1)
    await expect(item.locator("q")).to_have_text("who pays if a customer sues us")  # the browser sets its quotation marks
    await expect(item).to_contain_text("who pays if a customer sues us: it matched no clause category this review checks")
    await item.locator("button.ask-part").click()
    await expect(page.locator("#question")).to_have_value("who pays if a customer sues us?")
