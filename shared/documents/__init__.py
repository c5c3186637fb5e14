"""Reading contracts: PDF text (``pdf``), untrusted PDFs in worker processes (``sandbox``), OCR
of scanned pages (``ocr``), page furniture (``layout``), Chinese and Japanese text (``cjk``) and
clause units (``splitter``).

May import ``shared.core``. Knows nothing of Kafka, Redis, the clause model or the services.
"""
