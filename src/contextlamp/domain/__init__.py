"""Domain layer: the values that cross layers (``models``), the interfaces of storage and models (``ports``,
``embedding``), and the memory rules that need no I/O (trust, folding, secret scanning)."""
