"""Edge: the ``contextlamp`` command line (click). Each command parses, calls one application method, prints."""
