"""Contract PDFs the tests make themselves (fpdf2): numbered clauses over several pages,
with known clauses on known pages, so the suite runs where no real contracts are at hand."""

from __future__ import annotations

import io
from dataclasses import dataclass

from fpdf import FPDF

FILLER = (
    "The Parties shall cooperate in good faith and keep each other informed of matters relevant to the "
    "performance of this Agreement. Each Party shall appoint a representative for day-to-day communication. "
    "Meetings shall be held at mutually agreed times and places, and minutes shall be kept by the Supplier."
)

CLAUSES: dict[int, list[tuple[str, str]]] = {
    1: [
        ("1. DEFINITIONS", "In this Master Services Agreement (the \"Agreement\"), made on March 3, 2025 between Acme Components Ltd (the \"Supplier\") and Borealis Retail Inc (the \"Customer\"), capitalised terms have the meanings given below. " + FILLER),
        ("2. SERVICES", "The Supplier shall provide the maintenance services described in Schedule 1 in a professional manner. " + FILLER),
    ],
    2: [
        ("3. FEES AND PAYMENT", "The Customer shall pay the Supplier a monthly fee of $12,500 within thirty (30) days of the date of each invoice. Late payments bear interest at 1.5% per month. " + FILLER),
        ("4. CONFIDENTIALITY", "Each Party shall keep the other Party's confidential information secret and use it only for this Agreement. " + FILLER),
    ],
    3: [
        ("5. LIMITATION OF LIABILITY", "In no event shall either Party be liable for any indirect, incidental or consequential damages. The total liability of the Supplier under this Agreement shall not exceed the fees paid in the twelve (12) months before the claim. " + FILLER),
        ("6. INDEMNIFICATION", "The Supplier shall indemnify the Customer against third party claims arising from the Supplier's gross negligence or willful misconduct. " + FILLER),
    ],
    4: [
        ("7. TERM AND TERMINATION", "This Agreement has an initial term of two (2) years. Either Party may terminate this Agreement for convenience on ninety (90) days' written notice to the other Party. " + FILLER),
        ("8. GOVERNING LAW", "This Agreement is governed by the laws of the State of New York. " + FILLER),
    ],
}
LIABILITY_PAGE = 3


def page_text(page: int) -> str:
    """The text of one page of the generated contract, headings and bodies, line by line."""
    return "\n".join(f"{heading}\n{body}" for heading, body in CLAUSES[page])


def page_texts() -> list[str]:
    """The texts of the clause pages, page 1 first."""
    return [page_text(p) for p in sorted(CLAUSES)]

TERMINATION_PAGE = 4


@dataclass(frozen=True)
class GeneratedContract:
    data: bytes
    page_count: int
    liability_page: int = LIABILITY_PAGE
    termination_page: int = TERMINATION_PAGE


def make_contract(extra_pages: int = 0, title: str = "MASTER SERVICES AGREEMENT", last_page: str = "") -> GeneratedContract:
    """A PDF with the clauses above, one page each, then ``extra_pages`` of filler, then
    ``last_page`` (if given) as one more page."""
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto=False)
    for page in sorted(CLAUSES):
        pdf.add_page()
        pdf.set_font("helvetica", "B", 14)
        if page == 1:
            pdf.multi_cell(0, 8, title, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(4)
        for heading, body in CLAUSES[page]:
            pdf.set_font("helvetica", "B", 11)
            pdf.multi_cell(0, 6, heading, new_x="LMARGIN", new_y="NEXT")
            pdf.set_font("helvetica", "", 10)
            pdf.multi_cell(0, 5, body, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
    for i in range(extra_pages):
        pdf.add_page()
        pdf.set_font("helvetica", "", 10)
        pdf.multi_cell(0, 5, f"SCHEDULE {i + 1}. " + FILLER, new_x="LMARGIN", new_y="NEXT")
    if last_page:
        pdf.add_page()
        pdf.set_font("helvetica", "", 10)
        pdf.multi_cell(0, 5, last_page, new_x="LMARGIN", new_y="NEXT")
    buf = io.BytesIO()
    pdf.output(buf)
    return GeneratedContract(buf.getvalue(), len(CLAUSES) + extra_pages + bool(last_page))


def encrypted(data: bytes, password: str = "secret") -> bytes:
    """The same PDF, password protected (pypdf)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=password, owner_password=password, algorithm="RC4-128")
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def scanned(pages: int = 3) -> bytes:
    """A PDF with no text layer (drawn boxes only), like a scan before OCR."""
    pdf = FPDF(format="A4")
    for i in range(pages):
        pdf.add_page()
        for j in range(5 + i):
            pdf.rect(20, 20 + 30 * j, 170, 20, style="F")
    buf = io.BytesIO()
    pdf.output(buf)
    return buf.getvalue()


# A Chinese contract (simplified): numbered articles (第X条), Chinese numerals in its figures,
# clauses long enough to wrap, and one English line, as mixed contracts have.
CN_FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"  # Debian's fonts-wqy-microhei
CN_CLAUSES: dict[int, list[tuple[str, str]]] = {
    1: [
        ("第一条 合同双方", "甲方：上海星河贸易有限公司（以下简称“甲方”）。乙方：北京远航科技有限公司（以下简称“乙方”）。本合同于二〇二五年三月三日在上海签订。"),
        ("第二条 服务内容", "乙方应按照附件一的要求向甲方提供设备维护服务，并保证服务质量符合国家标准。Service levels are set out in Schedule 1."),
    ],
    2: [
        ("第三条 费用与支付", "甲方应于每月十日前向乙方支付服务费人民币伍万元整（¥50,000），逾期付款的，每日按应付金额的万分之五支付违约金。"),
        ("第四条 责任限制", "除因故意或重大过失造成的损失外，乙方在本合同项下的累计赔偿责任不超过甲方在索赔前十二个月内已支付的服务费总额，且任何一方均不对间接损失承担责任。"),
    ],
    3: [
        ("第五条 合同终止", "任何一方可以提前三十日书面通知对方解除本合同；一方严重违约且在收到书面通知后十五日内未予纠正的，守约方有权立即解除本合同。"),
        ("第六条 争议解决", "本合同适用中华人民共和国法律。因本合同引起的争议，双方应协商解决；协商不成的，提交上海国际仲裁中心仲裁。"),
    ],
}
CN_LIABILITY_PAGE, CN_TERMINATION_PAGE = 2, 3


def cn_page_text(page: int) -> str:
    return "\n".join(f"{heading}\n{body}" for heading, body in CN_CLAUSES[page])


def make_chinese_contract(title: str = "设备维护服务合同") -> GeneratedContract:
    """The clauses above, one page each, in a CJK font (wrapped lines, as a real PDF has)."""
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto=False)
    pdf.add_font("wqy", "", CN_FONT, collection_font_number=0)
    for page in sorted(CN_CLAUSES):
        pdf.add_page()
        if page == 1:
            pdf.set_font("wqy", "", 16)
            pdf.multi_cell(0, 9, title, new_x="LMARGIN", new_y="NEXT", align="C")
            pdf.ln(4)
        for heading, body in CN_CLAUSES[page]:
            pdf.set_font("wqy", "", 12)
            pdf.multi_cell(0, 7, heading, new_x="LMARGIN", new_y="NEXT")
            pdf.set_font("wqy", "", 10.5)
            pdf.multi_cell(120, 6, body, new_x="LMARGIN", new_y="NEXT")  # narrow: every clause wraps
            pdf.ln(3)
    buf = io.BytesIO()
    pdf.output(buf)
    return GeneratedContract(buf.getvalue(), len(CN_CLAUSES), liability_page=CN_LIABILITY_PAGE, termination_page=CN_TERMINATION_PAGE)


TWO_COLUMNS = (
    ["1. PAYMENT. The Customer shall pay", "each invoice within thirty (30) days", "of its date by bank transfer to the", "account the Supplier names in it."],
    ["2. TERMINATION. Either party may", "terminate this Agreement on ninety", "(90) days' written notice to the", "other party, without any penalty."],
)


def two_column_page(title: str = "MASTER AGREEMENT") -> bytes:
    """A page set in two columns whose text is written line by line across both (as some
    generators write it), under a title that spans the page."""
    pdf = FPDF(format="A4")
    pdf.add_page()
    pdf.set_font("helvetica", "B", 12)
    pdf.text(20, 20, title)
    pdf.set_font("helvetica", "", 10)
    for i, (left, right) in enumerate(zip(*TWO_COLUMNS)):
        pdf.text(20, 40 + 6 * i, left)
        pdf.text(110, 40 + 6 * i, right)
    return bytes(pdf.output())


def contents_page() -> bytes:
    """A table of contents: titles on the left, page numbers on the right (one column)."""
    pdf = FPDF(format="A4")
    pdf.add_page()
    pdf.set_font("helvetica", "", 10)
    for i, title in enumerate(["ARTICLE I DEFINITIONS", "ARTICLE II PAYMENT", "ARTICLE III TERM", "ARTICLE IV LIABILITY", "ARTICLE V GENERAL"]):
        pdf.text(20, 30 + 6 * i, title)
        pdf.text(180, 30 + 6 * i, str(i + 1))
    return bytes(pdf.output())


# A limitation of liability clause that runs over a page break (page 2 ends mid-sentence).
CROSS_PAGE = (
    "The total liability of the Supplier under this Agreement for all claims arising out of or relating to it shall",
    "not exceed the fees paid by the Customer in the twelve (12) months before the claim.",
)


def cross_page_contract() -> bytes:
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto=False)
    pages = [
        [("SUPPLY AGREEMENT", ""), ("1. DEFINITIONS", CLAUSES[1][0][1])],
        [("4. CONFIDENTIALITY", CLAUSES[2][1][1]), ("5. LIMITATION OF LIABILITY", "In no event shall either Party be liable for any indirect or consequential damages. " + CROSS_PAGE[0])],
        [("", CROSS_PAGE[1] + " " + FILLER), ("6. GOVERNING LAW", "This Agreement is governed by the laws of the State of New York.")],
    ]
    for blocks in pages:
        pdf.add_page()
        for heading, body in blocks:
            if heading:
                pdf.set_font("helvetica", "B", 11)
                pdf.multi_cell(0, 6, heading, new_x="LMARGIN", new_y="NEXT")
            if body:
                pdf.set_font("helvetica", "", 10)
                pdf.multi_cell(0, 5, body, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
    return bytes(pdf.output())
