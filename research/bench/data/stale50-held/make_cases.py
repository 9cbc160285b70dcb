"""Writes ``cases.json``: stale50-held, correction sequences over several sessions (held out, stop 47, #27).

Each case is a run of sessions of one repository; a session has a ``client`` (whose native transcript its turns
are written in: ``claude-code``, ``gemini-cli``, ``codex``), ``turns`` (``[role, text]``) and ``saves`` (the
agent's own ``save_context`` calls, ``{"text", "client"}``, from a server in the repository). Correction cases
name the value that must rank first (``new``) and every value it replaced (``old``, a list: a fact corrected
twice names both); ``control`` cases name the ``keep`` groups that must all stay live (look-alikes a correction
must not retire). Run ``python research/bench/data/stale50-held/make_cases.py`` to rewrite the file.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from stale_cases import fix, keep, s, u, write_cases

TWICE = [
    fix(
        "t01",
        "twice",
        [
            s(u("The ski resort's snow report is published at 06:30 every morning.")),
            s(u("Correction: the ski resort's snow report now goes out at 07:05, not 06:30.")),
            s(u("Sorry, I got that wrong again: the snow report is published at 07:20, not 07:05.")),
        ],
        "when is the ski resort's snow report published",
        "07:20",
        ["06:30", "07:05"],
    ),
    fix(
        "t02",
        "twice",
        [
            s(u("The vineyard keeps its harvest logs in Airtable.")),
            s(u("The vineyard moved its harvest logs from Airtable to Notion.", "Got it.")),
            s(u("Scratch that, the harvest logs went to Coda, not Notion.", "Okay.")),
        ],
        "where are the vineyard harvest logs kept",
        "Coda",
        ["Airtable", "Notion"],
    ),
    fix(
        "t03",
        "twice",
        [
            s(u("Die Fähre nach Helgoland legt um 9:10 Uhr in Cuxhaven ab.", "Notiert.")),
            s(u("Korrektur: die Fähre nach Helgoland legt jetzt um 9:40 Uhr ab, nicht mehr um 9:10.", "Alles klar.")),
            s(u("Nein, doch nicht 9:40 — die Fähre nach Helgoland fährt ab sofort um 10:05 Uhr.", "Verstanden.")),
        ],
        "Wann legt die Fähre nach Helgoland ab",
        "10:05",
        ["9:10", "9:40"],
    ),
    fix(
        "t04",
        "twice",
        [
            s(u("Le studio de la radio diffuse le journal depuis le serveur ONAIR-2.", "C'est noté.")),
            s(u("En fait, le journal est maintenant diffusé depuis ONAIR-5, plus depuis ONAIR-2.", "D'accord.")),
            s(u("Correction : le journal part du serveur ONAIR-8, pas ONAIR-5.", "Compris.")),
        ],
        "depuis quel serveur le journal est diffusé",
        "ONAIR-8",
        ["ONAIR-2", "ONAIR-5"],
    ),
    fix(
        "t05",
        "twice",
        [
            s(u("La panadería de la calle Mayor cierra la caja a las 21:00.", "Anotado.")),
            s(u("Ahora la panadería de la calle Mayor cierra la caja a las 21:30, ya no a las 21:00.", "Vale.")),
            s(u("Me equivoqué: la caja de la panadería se cierra a las 22:15, no a las 21:30.", "Entendido.")),
        ],
        "a qué hora cierra la caja la panadería",
        "22:15",
        ["21:00", "21:30"],
    ),
    fix(
        "t06",
        "twice",
        [
            s(u("De klimhal gebruikt Mindbody voor de reserveringen.", "Genoteerd.")),
            s(u("Correctie: de klimhal reserveert nu via Glofox, niet meer via Mindbody.", "Oké.")),
            s(u("Nee sorry, het is uiteindelijk Zenplanner geworden, niet Glofox.", "Begrepen.")),
        ],
        "welk systeem gebruikt de klimhal voor reserveringen",
        "Zenplanner",
        ["Mindbody", "Glofox"],
    ),
    fix(
        "t07",
        "twice",
        [
            s(u("L'archivio cinematografico digitalizza le pellicole con lo scanner Arriscan.", "Annotato.")),
            s(u("Correzione: ora l'archivio usa lo scanner Scanity, non più l'Arriscan.", "Va bene.")),
            s(u("Anzi no, scusa: lo scanner dell'archivio è il Lasergraphics, non lo Scanity.", "Capito.")),
        ],
        "quale scanner usa l'archivio per le pellicole",
        "Lasergraphics",
        ["Arriscan", "Scanity"],
    ),
    fix(
        "t08",
        "twice",
        [
            s(u("O zoológico alimenta os pinguins às 14h20.", "Anotado.")),
            s(u("Correção: os pinguins do zoológico agora comem às 15h10, não às 14h20.", "Certo.")),
            s(u("Errei de novo: a alimentação dos pinguins é às 15h45, não às 15h10.", "Entendido.")),
        ],
        "a que horas o zoológico alimenta os pinguins",
        "15h45",
        ["14h20", "15h10"],
    ),
    fix(
        "t09",
        "twice",
        [
            s(u("Drukarnia wysyła pliki do druku przez serwer ftp-druk1.", "Zanotowane.")),
            s(u("Poprawka: drukarnia wysyła teraz pliki przez serwer ftp-druk3, nie przez ftp-druk1.", "Jasne.")),
            s(u("Nie, jednak przez ftp-druk4, a nie ftp-druk3.", "Rozumiem.")),
        ],
        "przez który serwer drukarnia wysyła pliki",
        "ftp-druk4",
        ["ftp-druk1", "ftp-druk3"],
    ),
    fix(
        "t10",
        "twice",
        [
            s(u("The lab's centrifuge booking sheet lives in Smartsheet.")),
            s(
                u("Can you tidy the booking notes?", "Done."),
                saves=("The lab's centrifuge bookings moved from Smartsheet to LabArchives.",),
            ),
            s(u("No wait, centrifuge bookings are in Quartzy now, not LabArchives.", "Thanks, noted.")),
        ],
        "where are centrifuge bookings kept",
        "Quartzy",
        ["Smartsheet", "LabArchives"],
    ),
    fix(
        "t11",
        "twice",
        [
            s(u("The hotel's night audit runs at 02:00.")),
            s(
                u("Update: the hotel's night audit runs at 03:00 now, not 02:00.", "Updated."),
                u("Hm, no, I misread the ticket: the night audit runs at 03:30, not 03:00 and not 02:00.", "Fixed."),
            ),
        ],
        "when does the hotel night audit run",
        "03:30",
        ["02:00", "03:00"],
    ),
    fix(
        "t12",
        "twice",
        [
            s(u("The tram network's timetable feed is exported as GTFS to bucket tram-feed-a.")),
            s(
                u(
                    "Korrektur: der GTFS-Export des Straßenbahnnetzes geht jetzt in den Bucket tram-feed-b, nicht mehr "
                    "tram-feed-a.",
                    "Alles klar.",
                )
            ),
            s(u("Actually the GTFS export goes to bucket tram-feed-c, not tram-feed-b.", "Noted.")),
        ],
        "which bucket does the GTFS timetable export go to",
        "tram-feed-c",
        ["tram-feed-a", "tram-feed-b"],
    ),
]

RESTATED = [
    fix(
        "r01",
        "restated",
        [
            s(u("The car rental's booking API runs on port 8443.")),
            s(
                u("Can you check the booking API health?", "Sure, I'll hit the booking API on port 8443."),
                u("No, the booking API moved to port 9443 last week, not 8443 any more.", "Thanks, updated."),
            ),
        ],
        "which port does the booking API run on",
        "9443",
        ["8443"],
    ),
    fix(
        "r02",
        "restated",
        [
            s(u("The recycling plant's weighbridge exports go to the share wb01-exports.")),
            s(
                u("Please check yesterday's weighbridge export.", "Done."),
                saves=("The recycling plant's weighbridge exports are written to the share wb01-exports.",),
            ),
            s(u("Correction: weighbridge exports go to wb02-exports now, not wb01-exports.", "Updated.")),
        ],
        "where do the weighbridge exports go",
        "wb02-exports",
        ["wb01-exports"],
    ),
    fix(
        "r03",
        "restated",
        [
            s(u("Das Museum nutzt Axiell für die Inventarisierung der Sammlung.", "Notiert.")),
            s(
                u("Kannst du den Export der Sammlung anstoßen?", "Klar, ich starte den Export aus Axiell."),
                u("Nein, wir sind inzwischen auf MuseumPlus umgestiegen, nicht mehr Axiell.", "Verstanden."),
            ),
        ],
        "Womit inventarisiert das Museum die Sammlung",
        "MuseumPlus",
        ["Axiell"],
    ),
    fix(
        "r04",
        "restated",
        [
            s(u("Le food truck commande ses fournitures chez Metro.", "Noté.")),
            s(
                u(
                    "Tu peux préparer la commande de la semaine ?",
                    "D'accord, j'envoie la commande chez Metro comme d'habitude.",
                ),
                u("Non, le food truck commande maintenant chez Promocash, plus chez Metro.", "Compris."),
            ),
        ],
        "chez quel fournisseur le food truck commande",
        "Promocash",
        ["Metro"],
    ),
    fix(
        "r05",
        "restated",
        [
            s(u("El hotel envía las facturas desde la cuenta facturas@hotelmar.es.", "Anotado.")),
            s(
                u("¿Puedes reenviar la factura de ayer?", "Claro, la reenvío desde facturas@hotelmar.es."),
                u("No, ahora las facturas salen de billing@hotelmar.es, ya no de facturas@hotelmar.es.", "Entendido."),
            ),
        ],
        "desde qué cuenta envía el hotel las facturas",
        "billing@hotelmar.es",
        ["facturas@hotelmar.es"],
    ),
    fix(
        "r06",
        "restated",
        [
            s(u("Het trambedrijf draait de dienstregelingsplanner op server plan-07.", "Genoteerd.")),
            s(
                u("Kun je de planner herstarten?", "Prima, ik herstart de planner op plan-07."),
                u("Nee, de planner draait sinds vorige week op plan-11, niet meer op plan-07.", "Oké, aangepast."),
            ),
        ],
        "op welke server draait de dienstregelingsplanner",
        "plan-11",
        ["plan-07"],
    ),
    fix(
        "r07",
        "restated",
        [
            s(u("La stalla munge le vacche con il robot Lely Astronaut.", "Annotato.")),
            s(
                u("Mi controlli i dati di mungitura?", "Certo, leggo i dati dal Lely Astronaut."),
                u("No, abbiamo sostituito il Lely con il DeLaval VMS, il Lely non c'è più.", "Capito."),
            ),
        ],
        "con quale robot si mungono le vacche",
        "DeLaval",
        ["Lely"],
    ),
    fix(
        "r08",
        "restated",
        [
            s(u("O cinema vende os bilhetes online pela Ingresso.com.", "Anotado.")),
            s(
                u("Podes ver as vendas de ontem?", "Claro, vou buscar as vendas à Ingresso.com."),
                u("Não, agora vendemos pela Sympla, já não pela Ingresso.com.", "Certo."),
            ),
        ],
        "por onde o cinema vende bilhetes online",
        "Sympla",
        ["Ingresso.com"],
    ),
    fix(
        "r09",
        "restated",
        [
            s(u("Straż pożarna wysyła alarmy do ratowników przez system Fireapp.", "Zanotowane.")),
            s(
                u("Sprawdzisz wczorajsze alarmy?", "Jasne, pobiorę alarmy z Fireapp."),
                u("Nie, od miesiąca alarmy idą przez eRemiza, już nie przez Fireapp.", "Rozumiem."),
            ),
        ],
        "przez jaki system straż wysyła alarmy",
        "eRemiza",
        ["Fireapp"],
    ),
    fix(
        "r10",
        "restated",
        [
            s(u("The dairy's milk tank readings are logged every 15 minutes to InfluxDB.")),
            s(u("Plot the tank readings for me.", "Sure: the tank readings are in InfluxDB, logged every 15 minutes.")),
            s(u("Heads up, the tank readings now go to TimescaleDB, not InfluxDB.", "Thanks.")),
        ],
        "where are the milk tank readings logged",
        "TimescaleDB",
        ["InfluxDB"],
    ),
    fix(
        "r11",
        "restated",
        [
            s(
                u("The climbing gym's waiver form is hosted on Smartwaiver."),
                saves=("The climbing gym's waiver form is hosted on Smartwaiver.",),
            ),
            s(
                u(
                    "Switch of provider: the climbing gym's waiver form is on WaiverForever now, not Smartwaiver.",
                    "Got it.",
                )
            ),
        ],
        "where is the waiver form hosted",
        "WaiverForever",
        ["Smartwaiver"],
    ),
    fix(
        "r12",
        "restated",
        [
            s(
                u(
                    "Which printer does the print shop use for banners?",
                    "Your notes say the banner printer is the Roland VG2 — is that still right?",
                ),
                u("yes", "Great."),
            ),
            s(u("The print shop replaced the Roland VG2 with a Mimaki JV330 for banners.", "Noted.")),
        ],
        "which printer prints banners",
        "Mimaki",
        ["Roland"],
    ),
]

CLIENT = [
    fix(
        "c01",
        "client",
        [
            s(u("The bike courier app sends push notifications through OneSignal.")),
            s(
                u("Push notifications for the courier app now go through Firebase, not OneSignal.", "Okay."),
                client="gemini-cli",
            ),
        ],
        "which service sends the courier app's push notifications",
        "Firebase",
        ["OneSignal"],
    ),
    fix(
        "c02",
        "client",
        [
            s(u("The observatory's telescope logs are rotated every 7 days.")),
            s(
                u("Correction: telescope logs are rotated every 3 days now, not every 7 days.", "Updated."),
                client="codex",
            ),
        ],
        "how often are the telescope logs rotated",
        "3 days",
        ["7 days"],
    ),
    fix(
        "c03",
        "client",
        [
            s(u("The cooperative's member newsletter is sent with Mailchimp."), client="gemini-cli"),
            s(u("We dropped Mailchimp: the member newsletter goes out with Buttondown now.", "Got it.")),
        ],
        "what sends the member newsletter",
        "Buttondown",
        ["Mailchimp"],
    ),
    fix(
        "c04",
        "client",
        [
            s(u("The kennel's feeding schedule is printed from the sheet kennel-feed-v2."), client="codex"),
            s(
                u("The feeding schedule is printed from kennel-feed-v3 now, not kennel-feed-v2.", "Okay."),
                client="gemini-cli",
            ),
        ],
        "which sheet is the feeding schedule printed from",
        "kennel-feed-v3",
        ["kennel-feed-v2"],
    ),
    fix(
        "c05",
        "client",
        [
            s(
                u("Set up the staging deploy please.", "Done."),
                saves=("The planetarium's staging site is deployed to Netlify.",),
                by="codex",
            ),
            s(u("The planetarium's staging site moved from Netlify to Cloudflare Pages.", "Noted.")),
        ],
        "where is the planetarium staging site deployed",
        "Cloudflare Pages",
        ["Netlify"],
    ),
    fix(
        "c06",
        "client",
        [
            s(u("The rowing club books the boathouse through Teamup.")),
            s(
                u("Note the booking change.", "Saved."),
                saves=("The rowing club now books the boathouse through Clubspark, not Teamup.",),
                by="gemini-cli",
            ),
        ],
        "how does the rowing club book the boathouse",
        "Clubspark",
        ["Teamup"],
    ),
    fix(
        "c07",
        "client",
        [
            s(u("The orchard's irrigation controller is reachable at 10.40.2.15."), client="gemini-cli"),
            s(
                u("The orchard's irrigation controller got a new address: 10.40.2.61, not 10.40.2.15.", "Thanks."),
                client="codex",
            ),
        ],
        "what is the irrigation controller's address",
        "10.40.2.61",
        ["10.40.2.15"],
    ),
    fix(
        "c08",
        "client",
        [
            s(u("The water plant's SCADA historian keeps data for 18 months."), client="codex"),
            s(
                u(
                    "Korrektur: der SCADA-Historian des Wasserwerks hält die Daten jetzt 36 Monate, nicht 18.",
                    "Verstanden.",
                )
            ),
        ],
        "how long does the SCADA historian keep data",
        "36",
        ["18 months"],
    ),
    fix(
        "c09",
        "client",
        [
            s(u("The stadium's turnstile counts are uploaded to the bucket gate-counts-old.")),
            s(
                u("Can you check the counts?", "The counts are uploaded to gate-counts-old, I'll look there."),
                u("No, they go to gate-counts-2027 now, not gate-counts-old.", "Okay."),
                client="gemini-cli",
            ),
        ],
        "where are the turnstile counts uploaded",
        "gate-counts-2027",
        ["gate-counts-old"],
    ),
    fix(
        "c10",
        "client",
        [
            s(u("The newspaper's paywall is run by Piano.")),
            s(u("The paywall moved from Piano to Zephr.", "Okay."), client="codex"),
            s(u("No, not Zephr: the paywall runs on Poool now.", "Got it."), client="gemini-cli"),
        ],
        "what runs the newspaper's paywall",
        "Poool",
        ["Piano", "Zephr"],
    ),
]

LANG = [
    fix(
        "l01",
        "lang",
        [
            s(u("The bakery chain's loyalty cards are managed in Stamp Me.")),
            s(
                u(
                    "Die Kundenkarten der Bäckereikette laufen jetzt über Loyverse, nicht mehr über Stamp Me.",
                    "Notiert.",
                )
            ),
        ],
        "where are loyalty cards managed",
        "Loyverse",
        ["Stamp Me"],
    ),
    fix(
        "l02",
        "lang",
        [
            s(u("The museum's ticket scanners sync with the server tix-lyon-1.")),
            s(
                u(
                    "Correction : les scanners de billets du musée se synchronisent maintenant avec tix-lyon-4, plus avec "
                    "tix-lyon-1.",
                    "D'accord.",
                )
            ),
        ],
        "which server do the ticket scanners sync with",
        "tix-lyon-4",
        ["tix-lyon-1"],
    ),
    fix(
        "l03",
        "lang",
        [
            s(u("The ferry line's crew roster is published on Fridays.")),
            s(u("Corrección: el turno de la tripulación del ferry se publica los miércoles, no los viernes.", "Vale.")),
        ],
        "when is the ferry crew roster published",
        "miércoles",
        ["Fridays"],
    ),
    fix(
        "l04",
        "lang",
        [
            s(u("De kas stuurt de klimaatdata naar het dashboard Priva Office.", "Genoteerd.")),
            s(u("The greenhouse climate data now goes to Grafana instead of Priva Office.", "Noted.")),
        ],
        "where does the greenhouse climate data go",
        "Grafana",
        ["Priva Office"],
    ),
    fix(
        "l05",
        "lang",
        [
            s(u("La scuola di sci prenota le lezioni con Skischool Pro.", "Annotato.")),
            s(u("The ski school books its lessons with Bookinglayer now, no longer Skischool Pro.", "Okay.")),
        ],
        "what does the ski school book lessons with",
        "Bookinglayer",
        ["Skischool Pro"],
    ),
    fix(
        "l06",
        "lang",
        [
            s(u("A padaria faz a contabilidade no Primavera.", "Anotado.")),
            s(u("Correção: a contabilidade da padaria passou para o Moloni, já não é no Primavera.", "Certo.")),
        ],
        "onde a padaria faz a contabilidade",
        "Moloni",
        ["Primavera"],
    ),
    fix(
        "l07",
        "lang",
        [
            s(u("Schronisko prowadzi ewidencję zwierząt w programie Azyl.", "Zanotowane.")),
            s(u("Poprawka: ewidencja zwierząt w schronisku jest teraz w programie Shelterluv, nie w Azyl.", "Jasne.")),
        ],
        "w jakim programie schronisko prowadzi ewidencję",
        "Shelterluv",
        ["Azyl"],
    ),
    fix(
        "l08",
        "lang",
        [
            s(u("Le cinéma règle la climatisation de la salle 2 à 21 degrés.", "Noté.")),
            s(
                u(
                    "Korrektur: die Klimaanlage von Saal 2 im Kino ist jetzt auf 19 Grad eingestellt, nicht 21.",
                    "Alles klar.",
                )
            ),
        ],
        "what temperature is hall 2 set to",
        "19",
        ["21 degrés"],
    ),
    fix(
        "l09",
        "lang",
        [
            s(u("Brandstationen larmar ut via Rakel-gruppen RG-12.", "Noterat.")),
            s(u("Rättelse: brandstationen larmar nu ut via RG-19, inte RG-12.", "Uppfattat.")),
        ],
        "vilken Rakel-grupp larmar brandstationen ut via",
        "RG-19",
        ["RG-12"],
    ),
    fix(
        "l10",
        "lang",
        [
            s(u("El zoo guarda las fichas veterinarias en ZIMS.", "Anotado.")),
            s(
                u("Actually, the zoo's vet records are kept in VetRecord Cloud now, not ZIMS.", "Noted."),
                client="codex",
            ),
        ],
        "where are the zoo's vet records kept",
        "VetRecord Cloud",
        ["ZIMS"],
    ),
]

CONTROL = [
    keep(
        "k01",
        [
            s(u("The car wash's card terminal settles at 23:00.")),
            s(
                u("When does the terminal settle?", "The card terminal settles at 23:00, as noted."),
                u("Yes, exactly.", "Good."),
            ),
        ],
        [["card terminal", "23:00"]],
        "when does the card terminal settle",
    ),
    keep(
        "k02",
        [
            s(u("The north chairlift opens at 08:30.")),
            s(u("The south chairlift opens at 09:00.", "Noted.")),
        ],
        [["north chairlift", "08:30"], ["south chairlift", "09:00"]],
        "when does the north chairlift open",
    ),
    keep(
        "k03",
        [
            s(u("La pastelería cierra la caja a las 21:00.", "Anotado.")),
            s(u("Solo este sábado, la pastelería cierra la caja a las 18:00.", "Vale.")),
        ],
        [["21:00"]],
        "a qué hora cierra la caja la pastelería",
    ),
    keep(
        "k04",
        [
            s(u("The scooter rental's booking API runs on port 7443.")),
            s(u("We also run a staging copy of the scooter booking API on port 7543.", "Okay."), client="codex"),
        ],
        [["7443"], ["7543"]],
        "which port does the scooter booking API run on",
    ),
    keep(
        "k05",
        [
            s(u("The bowling alley's lane scores are stored in Postgres.")),
            s(u("Correction: lane scores are stored in MySQL now, not Postgres.", "Updated.")),
            s(u("The bowling alley's shoe rentals are stored in Postgres.", "Noted.")),
        ],
        [["lane scores", "MySQL"], ["shoe rentals", "Postgres"]],
        "where are lane scores stored",
    ),
    keep(
        "k06",
        [
            s(u("Die Fähre nach Sylt legt um 8:15 Uhr ab.", "Notiert.")),
            s(u("Die Fähre nach Amrum legt um 9:30 Uhr ab.", "Notiert.")),
        ],
        [["Sylt", "8:15"], ["Amrum", "9:30"]],
        "Wann legt die Fähre nach Sylt ab",
    ),
    keep(
        "k07",
        [
            s(u("La salle d'escalade gère les abonnements avec Resawod.", "Noté.")),
            s(u("On va peut-être passer à Glofox l'année prochaine, rien n'est décidé.", "D'accord.")),
        ],
        [["Resawod"]],
        "avec quoi la salle gère les abonnements",
    ),
    keep(
        "k08",
        [
            s(u("The film archive's vault is kept at 4 degrees.")),
            s(u("The film archive's reading room is kept at 20 degrees.", "Noted.")),
        ],
        [["vault", "4 degrees"], ["reading room", "20 degrees"]],
        "what temperature is the film vault",
    ),
    keep(
        "k09",
        [
            s(u("Het zwembad opent op zondag om 10:00.", "Genoteerd.")),
            s(
                u(
                    "Hoe laat opent het zwembad zondag?",
                    "Volgens de notities opent het zwembad zondag om 10:00, klopt dat?",
                ),
                u("Ja, dat klopt.", "Top."),
            ),
        ],
        [["10:00"]],
        "hoe laat opent het zwembad op zondag",
    ),
    keep(
        "k10",
        [
            s(u("The weather station's snow report is published at 06:45.")),
            s(u("Last night the snow report went out at 08:10 because of a power cut.", "Noted.")),
        ],
        [["06:45"]],
        "when is the snow report published",
    ),
    keep(
        "k11",
        [
            s(u("Il laboratorio di Roma usa lo scanner Arriscan.", "Annotato.")),
            s(u("Il laboratorio di Milano usa lo scanner Scanity.", "Annotato.")),
        ],
        [["Roma", "Arriscan"], ["Milano", "Scanity"]],
        "quale scanner usa il laboratorio di Roma",
    ),
    keep(
        "k12",
        [
            s(u("La heladería cierra a las 23:00.", "Anotado.")),
            s(u("En invierno, la heladería cierra a las 20:00.", "Vale.")),
        ],
        [["23:00"], ["20:00"]],
        "a qué hora cierra la heladería",
    ),
    keep(
        "k13",
        [
            s(u("Drukarnia w Krakowie wysyła pliki przez serwer ftp-krk2.", "Zanotowane.")),
            s(u("Drukarnia w Gdańsku wysyła pliki przez serwer ftp-gda5.", "Zanotowane.")),
        ],
        [["ftp-krk2"], ["ftp-gda5"]],
        "przez który serwer drukarnia w Krakowie wysyła pliki",
    ),
    keep(
        "k14",
        [
            s(u("The hostel's check-in desk API runs on port 5050.")),
            s(
                u("Ping the check-in API?", "Pinging the check-in desk API on port 5050 now."),
                u("Yes, and it also needs the X-Desk header.", "Okay, adding it."),
            ),
        ],
        [["5050"]],
        "which port does the check-in desk API run on",
    ),
    keep(
        "k15",
        [
            s(u("The marina's fuel pumps are billed through Square.")),
            s(u("The marina's fuel pumps moved from Square to Stripe.", "Noted."), client="gemini-cli"),
            s(u("The marina's boat storage is billed through Square.", "Noted."), client="codex"),
        ],
        [["fuel pumps", "Stripe"], ["boat storage", "Square"]],
        "how are the fuel pumps billed",
    ),
    keep(
        "k16",
        [
            s(u("O teatro guarda os cenários no armazém de Alcântara.", "Anotado.")),
            s(u("Durante a obra, o teatro guarda os figurinos no armazém de Odivelas.", "Certo.")),
        ],
        [["Alcântara"], ["Odivelas"]],
        "onde o teatro guarda os cenários",
    ),
]

CASES = [*TWICE, *RESTATED, *CLIENT, *LANG, *CONTROL]


if __name__ == "__main__":
    write_cases(CASES, Path(__file__).resolve().parent)
