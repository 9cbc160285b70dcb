"""``python -m contextlamp`` runs the CLI."""

from contextlamp.cli.main import main

if __name__ == "__main__":
    main()
