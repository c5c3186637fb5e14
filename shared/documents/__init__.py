"""Reading contracts: PDF text (``pdf``), untrusted PDFs in worker processes (``sandbox``), OCR
of scanned pages (``ocr``), page furniture (``layout``), Chinese and Japanese text (``cjk``),
clause units (``splitter``), zips within limits (``archives``), and Word files checked and
cleaned (``docx``) and converted to PDF by LibreOffice (``convert``).

May import ``shared.core``. Knows nothing of Kafka, Redis, the clause model or the services.
"""
