"""Writes cases.json: req49's tuning half (stop 46), same classes as ``req49-held`` (see its make_cases.py), a
different domain (a warehouse's inventory service, "stockyard") and wording; tuned on freely.
Run: python research/bench/data/req49-tune/make_cases.py
"""

import json
from pathlib import Path

OK = "Done."
FACTS = [
    (
        "tail",
        "en",
        [
            [
                "user",
                "can you bump the retry count in the importer, and while you're at it note that the staging DB now lives on db-stage-09",
            ],
            ["assistant", OK],
        ],
        [["staging", "db-stage-09"]],
    ),
    (
        "tail",
        "en",
        [
            [
                "user",
                "please fix the failing pallet test, and by the way the label printer service is now called zebra-gw",
            ],
            ["assistant", OK],
        ],
        [["label printer", "zebra-gw"]],
    ),
    (
        "tail",
        "en",
        [
            ["user", "update the README for the scanner CLI; also the nightly stock count runs at 02:00 now"],
            ["assistant", OK],
        ],
        [["stock count", "02:00"]],
    ),
    (
        "tail",
        "nl",
        [
            ["user", "pas de logging in de picker aan, en trouwens, de voorraaddatabase draait nu op mysql-wh-3"],
            ["assistant", OK],
        ],
        [["voorraaddatabase", "mysql-wh-3"]],
    ),
    (
        "tail",
        "it",
        [
            ["user", "aggiorna i test del magazzino e, già che ci sei, nota che il server FTP ora è ftp-wh-5"],
            ["assistant", OK],
        ],
        [["ftp", "ftp-wh-5"]],
    ),
    (
        "confirm",
        "en",
        [
            ["user", "the export moved"],
            ["assistant", "So the nightly export goes to the EU bucket stockyard-eu now?"],
            ["user", "yes, exactly"],
            ["assistant", "Noted."],
        ],
        [["export", "stockyard-eu"]],
    ),
    (
        "confirm",
        "en",
        [
            ["user", "about the deploys"],
            ["assistant", "So deploys to production need two approvals now?"],
            ["user", "correct"],
            ["assistant", "Got it."],
        ],
        [["deploys", "two approvals"]],
    ),
    (
        "confirm",
        "nl",
        [
            ["user", "de scanners"],
            ["assistant", "Dus de handscanners praten nu met de API via poort 8443?"],
            ["user", "ja, klopt"],
            ["assistant", "OK."],
        ],
        [["8443"]],
    ),
    (
        "confirm",
        "it",
        [
            ["user", "le spedizioni"],
            ["assistant", "Quindi le spedizioni partono ora con DHL e non più con GLS?"],
            ["user", "esatto"],
            ["assistant", "Ok."],
        ],
        [["spedizioni", "dhl"]],
    ),
    (
        "config",
        "en",
        [["user", "retention_days = 45  # legal asked for 45 since March"], ["assistant", "I see."]],
        [["retention", "45"]],
    ),
    (
        "config",
        "en",
        [
            ["user", "here's the line:\n\nmax_pallets_per_bay = 6  # the fire inspector capped bays at 6 pallets"],
            ["assistant", "OK."],
        ],
        [["pallets", "6"]],
    ),
    (
        "config",
        "nl",
        [["user", "pickronde_minuten = 45  # de vakbond wil maximaal 45 minuten per pickronde"], ["assistant", "OK."]],
        [["45"]],
    ),
    (
        "config",
        "it",
        [["user", "soglia_riordino = 12  # il fornitore accetta ordini solo sopra 12 colli"], ["assistant", "Ok."]],
        [["12"]],
    ),
    (
        "bare",
        "en",
        [
            ["user", "add a read replica"],
            ["assistant", "Which region should the replica use?"],
            ["user", "eu-west-3"],
            ["assistant", "OK."],
        ],
        [["replica", "eu-west-3"]],
    ),
    (
        "bare",
        "en",
        [
            ["user", "we need a queue"],
            ["assistant", "Which message broker do you run?"],
            ["user", "NATS"],
            ["assistant", "OK."],
        ],
        [["nats"]],
    ),
    (
        "bare",
        "nl",
        [
            ["user", "de logs moeten ergens heen"],
            ["assistant", "Welk logplatform gebruiken jullie?"],
            ["user", "Loki"],
            ["assistant", "Prima."],
        ],
        [["loki"]],
    ),
    (
        "bare",
        "it",
        [
            ["user", "serve un registro per le immagini"],
            ["assistant", "Quale registry di container usate?"],
            ["user", "Harbor"],
            ["assistant", "Bene."],
        ],
        [["harbor"]],
    ),
    (
        "lang",
        "nl",
        [["user", "we gebruiken Terraform voor alle infrastructuur van het magazijn"], ["assistant", OK]],
        [["terraform"]],
    ),
    ("lang", "nl", [["user", "de releases gaan sinds deze maand via Argo CD"], ["assistant", OK]], [["argo cd"]]),
    (
        "lang",
        "it",
        [["user", "il magazzino di Verona usa ancora il vecchio sistema WMS"], ["assistant", OK]],
        [["verona", "wms"]],
    ),
]
LOOKALIKES = [
    (
        "no-request",
        "en",
        [
            ["user", "can you bump the retry count in the importer, and while you're at it clean up the imports"],
            ["assistant", OK],
        ],
        ["retry"],
    ),
    (
        "no-request",
        "nl",
        [["user", "kun je de picker-tests fixen en trouwens ook de typefouten eruit halen"], ["assistant", OK]],
        ["typefouten"],
    ),
    (
        "no-request",
        "it",
        [["user", "sistema il parser delle etichette e già che ci sei aggiungi un test"], ["assistant", OK]],
        ["parser"],
    ),
    (
        "no-reject",
        "en",
        [
            ["user", "the export"],
            ["assistant", "So the nightly export goes to the US bucket now?"],
            ["user", "no"],
            ["assistant", "OK."],
        ],
        ["us bucket"],
    ),
    (
        "no-reject",
        "nl",
        [
            ["user", "de scanners"],
            ["assistant", "Dus de scanners gebruiken nu poort 9000?"],
            ["user", "nee, niet waar"],
            ["assistant", "OK."],
        ],
        ["9000"],
    ),
    (
        "no-reject",
        "it",
        [
            ["user", "le spedizioni"],
            ["assistant", "Quindi usate UPS adesso?"],
            ["user", "no, affatto"],
            ["assistant", "Ok."],
        ],
        ["ups"],
    ),
    ("no-config", "en", [["user", "retention_days = 45\nbatch = 10"], ["assistant", "OK."]], ["retention"]),
    ("no-config", "en", [["user", "threads = 4  # tweak later"], ["assistant", "OK."]], ["threads"]),
    ("no-config", "nl", [["user", "pickronde_minuten = 45  # nog checken"], ["assistant", "OK."]], ["pickronde"]),
    (
        "no-question",
        "en",
        [["user", "does the staging DB still live on db-stage-02?"], ["assistant", "Let me check."]],
        ["db-stage-02"],
    ),
    ("no-question", "nl", [["user", "welke regio gebruikt de replica?"], ["assistant", "Ik kijk."]], ["replica"]),
    (
        "no-question",
        "en",
        [
            ["user", "add a replica"],
            ["assistant", "Which region should the replica use?"],
            ["user", "what would you pick?"],
            ["assistant", "eu-west-1."],
        ],
        ["eu-west-1"],
    ),
]


def main() -> None:
    """Write cases.json beside this file."""
    cases = []
    for n, (cls, lang, turns, keep) in enumerate(FACTS):
        cases.append({"id": f"{cls}-{n}", "class": cls, "lang": lang, "sessions": [turns], "keep": keep, "ask": True})
    for n, (cls, lang, turns, drop) in enumerate(LOOKALIKES):
        case = {"id": f"{cls}-{n}", "class": cls, "lang": lang, "sessions": [turns], "drop": drop}
        cases.append({**case, "max_memories": 0, "ask": False})
    out = Path(__file__).resolve().parent / "cases.json"
    out.write_text(json.dumps({"cases": cases}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
