"""Writes cases.json: aside50's tuning half (stop 47): note46's named misses and a few more wordings of each
class of ``../aside50-held`` (read during tuning). Domain: a greenhouse grower's ERP, no held case's value.
Run: python research/bench/data/aside50-tune/make_cases.py
"""

import importlib.util
import json
from pathlib import Path

_spec = importlib.util.spec_from_file_location("held", Path(__file__).parents[1] / "aside50-held" / "make_cases.py")
held = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(held)
fact, noise = held.fact, held.noise

CASES = [
    fact("now", "nl", "De oogstplanner draait nu op kas-app-5.", [["kas-app-5"]]),
    fact("now", "nl", "Facturen gaan nu via Exact Online in plaats van Twinfield.", [["exact online"]]),
    fact("now", "it", "Il gestionale delle serre è adesso su serre-db-2.", [["serre-db-2"]]),
    fact("now", "it", "Le etichette ora le stampa il servizio label-svc-3.", [["label-svc-3"]]),
    fact("now", "de", "Die Klimadaten landen jetzt in influx-gh-2.", [["influx-gh-2"]]),
    fact("now", "fr", "Les commandes passent maintenant par l'API order-gw-4.", [["order-gw-4"]]),
    fact("now", "es", "Las facturas ahora se generan con facturador-v3.", [["facturador-v3"]]),
    fact("now", "pl", "Kopie zapasowe robi teraz skrypt backup-szklarnia.sh.", [["backup-szklarnia.sh"]]),
    noise("no-now", "nl", "de build draait nu, nog 5 minuten", ["build"]),
    noise("no-now", "it", "adesso provo a rilanciare i test", ["test"]),
    noise("no-now", "de", "ich schaue mir jetzt den Stacktrace an", ["stacktrace"]),
    noise("no-question", "nl", "Welk logplatform gebruiken we voor de kasregelaars?", ["logplatform"]),
    noise("no-question", "nl", "welke versie van Python draait op de scanner", ["python"]),
    noise("no-question", "de", "welche Queue nutzt der Etikettendruck", ["queue"]),
    noise("no-question", "pl", "jaki port ma baza klimatu", ["port"]),
    fact("answer", "nl", "Graylog", [["graylog"]], "Welk logplatform gebruiken jullie voor de kassen?"),
    fact("answer", "sv", "kas-db-3", [["kas-db-3"]], "Vilken databas använder skördeplanen?"),
    noise("no-aside", "de", "kannst du den Export reparieren und übrigens auch die Tests aufräumen?", ["export"]),
    noise("no-aside", "fr", "peux-tu relancer le build et au fait ajouter un test pour les étiquettes ?", ["build"]),
    noise("no-aside", "nl", "kun je de tests fixen, trouwens ook even de lint draaien", ["lint"]),
    noise("no-aside", "it", "sistema il CSS del pannello, e già che ci sei aggiorna le dipendenze", ["css"]),
    fact(
        "aside", "de", "kannst du das Dashboard fixen? übrigens läuft der MQTT-Broker auf mqtt-kas-1", [["mqtt-kas-1"]]
    ),
    noise(
        "no-negation",
        "nl",
        "Nee, dat klopt niet",
        ["kas-7"],
        "Dus de sensoren schrijven naar kas-7?",
        "waar schrijven de sensoren naar?",
    ),
    noise(
        "no-negation",
        "en",
        "no, not really",
        ["gh-db-2"],
        "So the planner reads gh-db-2?",
        "what does the planner read?",
    ),
    noise("no-negation", "de", "Nein, falsch.", ["04:00"], "Der Export läuft also um 04:00?", "wann läuft der Export?"),
    fact("short", "pl", "Anna Nowak odpowiada za moduł płatności.", [["anna nowak"]]),
    fact("short", "pl", "Serwer testowy stoi na porcie 9092.", [["9092"]]),
    fact("short", "pl", "Baza produkcyjna to pg-prod-waw.", [["pg-prod-waw"]]),
    fact("short", "sv", "Skördeplanen ligger på kas-app-2.", [["kas-app-2"]]),
    fact("short", "tr", "Sera veritabanı sera-db-1.", [["sera-db-1"]]),
]

if __name__ == "__main__":
    for n, case in enumerate(CASES):
        case["id"] = f"{case['class']}-{case['lang']}-{n}"
    out = Path(__file__).with_name("cases.json")
    out.write_text(json.dumps({"cases": CASES}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(len(CASES), "cases ->", out)
