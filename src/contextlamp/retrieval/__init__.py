"""Retrieval: signal lists, weighted RRF fusion and query handling."""
