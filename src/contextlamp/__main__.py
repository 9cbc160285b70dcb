"""``python -m contextlamp`` runs the CLI."""

from contextlamp.cli import main

if __name__ == "__main__":
    main()
