"""What both storage backends share: row mapping (``rows``), the read primitives of a write transaction
(``reads``) and the control plane's tables (``control_schema``), written once where the SQL is the same.

Each backend keeps its own SQL where the engines truly differ (placeholders, arrays, full text, vectors).
"""
