"""Writes ``cases.json``: stale51-held, correction sequences over several sessions (held out, stop 48, #27).

Written before any product change of stop 48 and read once at the end. Same shape as stale50-held (its
``make_cases.py`` says it): a case is a run of sessions of one repository; a session has a ``client``, ``turns``
(``[role, text]``) and ``saves`` (the agent's ``save_context`` calls). Correction cases name the value that must
rank first (``new``) and every value it replaced (``old``); ``control`` cases name ``keep`` groups that must all
stay live. New domains and wordings, none shared with stale50-held, named48-held or the month banks. Classes:

- ``first`` (14): a correction said as a session's first turn over a memory that itself named an older value
  ("X is B now, not A" then, in a later session, "X is C, not B");
- ``lang`` (12): corrections said in another language than English (de/fr/es/nl/it/pt/pl/sv), some taught in one
  language and corrected in another;
- ``replied`` (12): the agent said the old value back (in its reply, or in its own save) before the user corrected it;
- ``twice`` (12): a fact corrected twice (A -> B -> C), in one session or across sessions and clients;
- ``control`` (22): look-alikes that must retire nothing: two things with similar names, a past value said as
  history, a value for another group or place, a one-off, an addition.

Run ``python research/bench/data/stale51-held/make_cases.py`` to rewrite the file.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from stale_cases import fix, keep, s, u, write_cases

FIRST = [
    fix(
        "f01",
        "first",
        [
            s(u("The observatory's dome camera uploads frames to bucket skycam-raw.")),
            s(u("The dome camera uploads to skycam-archive now, not skycam-raw.", "Okay.")),
            s(u("Wrong again on my side: the dome camera uploads to skycam-lts, not skycam-archive.", "Got it.")),
        ],
        "where does the dome camera upload frames",
        "skycam-lts",
        ["skycam-raw", "skycam-archive"],
    ),
    fix(
        "f02",
        "first",
        [
            s(u("The brewery's fermentation tanks are cleaned every 14 days, not every 10 days as before.")),
            s(u("Sorry, the fermentation tanks are cleaned every 12 days, not 14.", "Updated.")),
        ],
        "how often are the fermentation tanks cleaned",
        "12 days",
        ["14 days", "10 days"],
    ),
    fix(
        "f03",
        "first",
        [
            s(u("The dental clinic's X-ray images now go to the PACS on host pacs-07, no longer pacs-03.")),
            s(u("Correction: the X-ray images go to pacs-11, not pacs-07.", "Thanks."), client="codex"),
        ],
        "which host stores the dental clinic X-ray images",
        "pacs-11",
        ["pacs-07", "pacs-03"],
    ),
    fix(
        "f04",
        "first",
        [
            s(u("The marina's fuel dock opens at 07:15 since spring, instead of 06:45.")),
            s(u("Actually the fuel dock opens at 07:45, not 07:15.", "Noted.")),
        ],
        "when does the marina fuel dock open",
        "07:45",
        ["07:15", "06:45"],
    ),
    fix(
        "f05",
        "first",
        [
            s(u("The theatre's ticket scanner app is Tixly now; we dropped Eventim.")),
            s(u("Scratch that: the ticket scanners run Ticketsolve, not Tixly.", "Okay."), client="gemini-cli"),
        ],
        "which app do the theatre ticket scanners run",
        "Ticketsolve",
        ["Tixly", "Eventim"],
    ),
    fix(
        "f06",
        "first",
        [
            s(u("The library's overdue reminders are sent by Mailjet, not Sendinblue any more.")),
            s(u("My mistake earlier: overdue reminders are sent by Postmark, not Mailjet.", "Got it.")),
        ],
        "which service sends the library overdue reminders",
        "Postmark",
        ["Mailjet", "Sendinblue"],
    ),
    fix(
        "f07",
        "first",
        [
            s(u("Die Sternwarte speichert ihre Messdaten jetzt auf nas-ost statt auf nas-west.", "Notiert.")),
            s(u("Falsch von mir: die Messdaten der Sternwarte liegen auf nas-nord, nicht auf nas-ost.", "Okay.")),
        ],
        "wo speichert die Sternwarte ihre Messdaten",
        "nas-nord",
        ["nas-ost", "nas-west"],
    ),
    fix(
        "f08",
        "first",
        [
            s(u("Le zoo nourrit les manchots à 15h30 désormais, plus à 14h00.", "Noté.")),
            s(u("Je me suis trompé : le repas des manchots est à 16h15, pas à 15h30.", "D'accord.")),
        ],
        "à quelle heure le zoo nourrit les manchots",
        "16h15",
        ["15h30", "14h00"],
    ),
    fix(
        "f09",
        "first",
        [
            s(u("La estación de bomberos revisa los equipos de respiración cada 30 días, ya no cada 45.", "Anotado.")),
            s(u("Perdona, los equipos de respiración se revisan cada 21 días, no cada 30.", "Vale.")),
        ],
        "cada cuántos días se revisan los equipos de respiración",
        "21 días",
        ["30 días", "45"],
    ),
    fix(
        "f10",
        "first",
        [
            s(u("Het orkest repeteert sinds september in zaal Amstel in plaats van zaal Vecht.", "Genoteerd.")),
            s(u("Klopt niet wat ik zei: het orkest repeteert in zaal IJssel, niet in zaal Amstel.", "Oké.")),
        ],
        "in welke zaal repeteert het orkest",
        "IJssel",
        ["Amstel", "Vecht"],
    ),
    fix(
        "f11",
        "first",
        [
            s(u("La tipografia stampa i volantini su carta da 170 g, non più da 135 g.", "Annotato.")),
            s(u("Errore mio: i volantini si stampano su carta da 200 g, non da 170 g.", "Capito.")),
        ],
        "su che carta stampa i volantini la tipografia",
        "200 g",
        ["170 g", "135 g"],
    ),
    fix(
        "f12",
        "first",
        [
            s(u("The bike couriers' dispatch board is Onfleet now, we moved off Tookan.")),
            s(
                u("One fix before we start: dispatch runs on Circuit, not Onfleet.", "Understood."),
                u("Now, can you draft the rota for next week?", "Sure, here is a draft."),
            ),
        ],
        "which dispatch board do the bike couriers use",
        "Circuit",
        ["Onfleet", "Tookan"],
    ),
    fix(
        "f13",
        "first",
        [
            s(u("The greenhouse misting runs every 40 minutes now instead of every 25 minutes.")),
            s(
                u("Hmm, I misremembered: the misting runs every 55 minutes, not every 40 minutes.", "Thanks."),
                client="gemini-cli",
            ),
        ],
        "how often does the greenhouse misting run",
        "55 minutes",
        ["40 minutes", "25 minutes"],
    ),
    fix(
        "f14",
        "first",
        [
            s(u("A clínica veterinária usa agora o ProVet para as fichas, não o Vetup.", "Anotado.")),
            s(u("Enganei-me: as fichas da clínica veterinária estão no Ezyvet, não no ProVet.", "Certo.")),
        ],
        "que sistema usa a clínica veterinária para as fichas",
        "Ezyvet",
        ["ProVet", "Vetup"],
    ),
]

LANG = [
    fix(
        "l01",
        "lang",
        [
            s(u("The podcast studio records to the Zoom F8 recorder.")),
            s(
                u(
                    "Korrektur: das Podcast-Studio nimmt jetzt mit dem Sound Devices MixPre auf, nicht mehr mit dem Zoom F8.",
                    "Alles klar.",
                )
            ),
        ],
        "what does the podcast studio record to",
        "MixPre",
        ["Zoom F8"],
    ),
    fix(
        "l02",
        "lang",
        [
            s(u("The warehouse's forklift batteries are charged in bay C4.")),
            s(
                u(
                    "Correction : les batteries des chariots se rechargent maintenant dans la baie D2, plus dans la C4.",
                    "Compris.",
                )
            ),
        ],
        "where are the forklift batteries charged",
        "D2",
        ["C4"],
    ),
    fix(
        "l03",
        "lang",
        [
            s(u("La escuela de baile cobra las cuotas el día 5 de cada mes.", "Anotado.")),
            s(u("Corrijo: la escuela de baile cobra las cuotas el día 10, ya no el día 5.", "Vale.")),
        ],
        "qué día cobra las cuotas la escuela de baile",
        "día 10",
        ["día 5"],
    ),
    fix(
        "l04",
        "lang",
        [
            s(u("De vismarkt ontvangt de vis om 04:30 op de kade.", "Genoteerd.")),
            s(u("Sorry, the fish market takes delivery at 05:10 now, not 04:30.", "Okay.")),
        ],
        "hoe laat ontvangt de vismarkt de vis",
        "05:10",
        ["04:30"],
    ),
    fix(
        "l05",
        "lang",
        [
            s(u("Il planetario proietta lo spettacolo serale con il proiettore Digistar 6.", "Annotato.")),
            s(u("Correzione: il planetario ora usa il proiettore Zeiss Velvet, non più il Digistar 6.", "Va bene.")),
        ],
        "quale proiettore usa il planetario",
        "Zeiss Velvet",
        ["Digistar 6"],
    ),
    fix(
        "l06",
        "lang",
        [
            s(u("O escape room guarda as reservas no Bookeo.", "Anotado.")),
            s(u("Correção: as reservas do escape room passaram para o Resova, já não usamos o Bookeo.", "Certo.")),
        ],
        "onde o escape room guarda as reservas",
        "Resova",
        ["Bookeo"],
    ),
    fix(
        "l07",
        "lang",
        [
            s(u("Ogród społeczny podlewa grządki o 6:00 rano.", "Zanotowane.")),
            s(u("Poprawka: ogród społeczny podlewa grządki teraz o 5:30, nie o 6:00.", "Dobrze.")),
        ],
        "o której ogród podlewa grządki",
        "5:30",
        ["6:00"],
    ),
    fix(
        "l08",
        "lang",
        [
            s(u("Biografen skickar biljettrapporten till ekonomi@bio-norr.se.", "Noterat.")),
            s(
                u(
                    "Rättelse: biljettrapporten går numera till kassa@bio-norr.se, inte till ekonomi@bio-norr.se.",
                    "Okej.",
                )
            ),
        ],
        "vart skickar biografen biljettrapporten",
        "kassa@bio-norr.se",
        ["ekonomi@bio-norr.se"],
    ),
    fix(
        "l09",
        "lang",
        [
            s(u("Das Busdepot tankt die Busse an Zapfsäule 3.", "Notiert."), client="gemini-cli"),
            s(u("Nee, the bus depot fuels at pump 7 now, pump 3 was taken out.", "Got it.")),
        ],
        "an welcher Zapfsäule tankt das Busdepot",
        "pump 7",
        ["Zapfsäule 3", "pump 3"],
    ),
    fix(
        "l10",
        "lang",
        [
            s(u("The laundromat's card readers report to the Nayax dashboard.")),
            s(
                u(
                    "En realidad los lectores de tarjetas de la lavandería reportan a Cantaloupe, no a Nayax.",
                    "Entendido.",
                ),
                client="codex",
            ),
        ],
        "which dashboard do the laundromat card readers report to",
        "Cantaloupe",
        ["Nayax"],
    ),
    fix(
        "l11",
        "lang",
        [
            s(u("La pharmacie reçoit les commandes du grossiste à 11h00.", "Noté.")),
            s(u("Non, pardon, la livraison du grossiste arrive à 13h30 maintenant, pas à 11h00.", "D'accord.")),
        ],
        "à quelle heure la pharmacie reçoit le grossiste",
        "13h30",
        ["11h00"],
    ),
    fix(
        "l12",
        "lang",
        [
            s(u("Il coro prova il giovedì nella chiesa di San Rocco.", "Annotato.")),
            s(u("Mi correggo, il coro prova ora nella chiesa di Santa Chiara, non più a San Rocco.", "Capito.")),
        ],
        "dove prova il coro",
        "Santa Chiara",
        ["San Rocco"],
    ),
]

REPLIED = [
    fix(
        "r01",
        "replied",
        [
            s(u("The rowing club's boat log is kept in Google Sheets.")),
            s(
                u("Add today's outing to the boat log.", "I'll add it to the boat log in Google Sheets."),
                u("No, the boat log moved to Airtable last month, not Sheets any more.", "Thanks, noted."),
            ),
        ],
        "where is the rowing club boat log kept",
        "Airtable",
        ["Google Sheets"],
    ),
    fix(
        "r02",
        "replied",
        [
            s(u("The ice rink resurfaces the ice at 16:00.")),
            s(
                u("When is the next resurfacing?", "The ice rink resurfaces the ice at 16:00."),
                u("That's outdated, the ice rink resurfaces at 16:40 now.", "Updated."),
            ),
        ],
        "when does the ice rink resurface the ice",
        "16:40",
        ["16:00"],
    ),
    fix(
        "r03",
        "replied",
        [
            s(u("The kindergarten's parent newsletter is sent through Brevo.")),
            s(
                u("Send the newsletter draft.", "I'll send the draft through Brevo."),
                u("Oops, no, the kindergarten newsletter goes out through Klaviyo now, not Brevo.", "Okay."),
            ),
        ],
        "which tool sends the kindergarten newsletter",
        "Klaviyo",
        ["Brevo"],
    ),
    fix(
        "r04",
        "replied",
        [
            s(u("The mountain hut's water tank sensor reports to MQTT topic hut/tank1.")),
            s(
                u("Why is the tank graph empty?", "The tank sensor reports to hut/tank1; nothing arrived there today."),
                u("Right, hut/tank1 is the old topic, the sensor publishes to hut/water/level now.", "I see."),
            ),
        ],
        "which MQTT topic does the water tank sensor publish to",
        "hut/water/level",
        ["hut/tank1"],
    ),
    fix(
        "r05",
        "replied",
        [
            s(u("The wind farm's SCADA export runs at 02:00 every night.")),
            s(
                u(
                    "Check the SCADA export.",
                    "Done.",
                ),
                saves=("The wind farm SCADA export runs nightly at 02:00.",),
            ),
            s(u("Correction: the SCADA export runs at 03:30 now, not 02:00.", "Updated."), client="codex"),
        ],
        "when does the wind farm SCADA export run",
        "03:30",
        ["02:00"],
    ),
    fix(
        "r06",
        "replied",
        [
            s(u("Die Käserei lagert den Bergkäse im Keller B.", "Notiert.")),
            s(
                u("Wo liegt der Bergkäse gerade?", "Der Bergkäse lagert im Keller B."),
                u("Nein, der Bergkäse liegt seit März im Keller D, nicht mehr in B.", "Verstanden."),
            ),
        ],
        "wo lagert die Käserei den Bergkäse",
        "Keller D",
        ["Keller B"],
    ),
    fix(
        "r07",
        "replied",
        [
            s(u("L'atelier de poterie cuit les pièces au four à 1240 degrés.", "Noté.")),
            s(
                u("Tu peux préparer la fiche de cuisson ?", "Bien sûr, cuisson à 1240 degrés comme prévu."),
                u("Non, c'est dépassé : le four de l'atelier cuit à 1280 degrés maintenant.", "D'accord."),
            ),
        ],
        "à quelle température l'atelier cuit les pièces",
        "1280",
        ["1240"],
    ),
    fix(
        "r08",
        "replied",
        [
            s(u("El acuario controla la temperatura de los tanques con el sistema Apex.", "Anotado.")),
            s(
                u("Revisa la temperatura del tanque grande.", "La reviso en Apex ahora mismo."),
                u("No, el acuario ya no usa Apex, ahora es GHL ProfiLux.", "Entendido."),
            ),
        ],
        "con qué sistema controla el acuario la temperatura",
        "ProfiLux",
        ["Apex"],
    ),
    fix(
        "r09",
        "replied",
        [
            s(u("The hostel's door codes are rotated every Monday.")),
            s(
                u("When do the door codes change?", "The hostel rotates the door codes every Monday."),
                u("Not anymore, they rotate every Thursday now.", "Noted."),
            ),
        ],
        "when does the hostel rotate the door codes",
        "Thursday",
        ["Monday"],
    ),
    fix(
        "r10",
        "replied",
        [
            s(u("De zeilschool huurt de rubberboten bij Nautic Rent.", "Genoteerd.")),
            s(
                u("Regel jij de boten voor zaterdag?", "Ik reserveer de rubberboten bij Nautic Rent."),
                u("Nee, dat is verouderd, we huren ze nu bij Watersport Hoorn.", "Oké."),
            ),
        ],
        "waar huurt de zeilschool de rubberboten",
        "Watersport Hoorn",
        ["Nautic Rent"],
    ),
    fix(
        "r11",
        "replied",
        [
            s(u("The tattoo studio sterilises its tools in the Statim 5000 autoclave.")),
            s(
                u("Log today's sterilisation cycle.", "Logged for the Statim 5000."),
                u("Oh wait, we replaced the Statim 5000, it's the Melag Vacuklav now.", "Thanks."),
            ),
        ],
        "which autoclave does the tattoo studio use",
        "Melag Vacuklav",
        ["Statim 5000"],
    ),
    fix(
        "r12",
        "replied",
        [
            s(u("A escola de vela guarda os coletes no contentor 2.", "Anotado."), client="gemini-cli"),
            s(
                u("Onde estão os coletes?", "Os coletes estão no contentor 2."),
                u("Não, os coletes passaram para o contentor 5, o 2 já não se usa.", "Certo."),
            ),
        ],
        "onde a escola de vela guarda os coletes",
        "contentor 5",
        ["contentor 2"],
    ),
]

TWICE = [
    fix(
        "t01",
        "twice",
        [
            s(u("The aquarium's seawater delivery comes on Tuesdays.")),
            s(
                u("Correction: seawater delivery is on Wednesdays now, not Tuesdays.", "Okay."),
                u("Ugh, no, it's Fridays, not Wednesdays.", "Got it."),
            ),
        ],
        "which day is the aquarium seawater delivery",
        "Friday",
        ["Tuesday", "Wednesday"],
    ),
    fix(
        "t02",
        "twice",
        [
            s(u("The cinema's projector lamp is replaced every 1500 hours.")),
            s(u("The projector lamp is replaced every 2000 hours now, not 1500.", "Noted."), client="gemini-cli"),
            s(u("Correction again: projector lamp every 2500 hours, not 2000 and not 1500.", "Okay."), client="codex"),
        ],
        "how often is the cinema projector lamp replaced",
        "2500 hours",
        ["1500", "2000"],
    ),
    fix(
        "t03",
        "twice",
        [
            s(u("The beekeepers inspect the hives on Saturday mornings.")),
            s(u("We moved hive inspections to Sunday mornings.", "Okay.")),
            s(u("Scratch that as well, hive inspections are on Wednesday evenings.", "Fine.")),
        ],
        "when do the beekeepers inspect the hives",
        "Wednesday",
        ["Saturday", "Sunday"],
    ),
    fix(
        "t04",
        "twice",
        [
            s(u("Die Tanzschule rechnet über SumUp ab.", "Notiert.")),
            s(u("Die Tanzschule rechnet jetzt über Zettle ab, nicht mehr über SumUp.", "Okay.")),
            s(u("Doch wieder anders: die Tanzschule rechnet über Stripe ab, nicht über Zettle.", "Verstanden.")),
        ],
        "worüber rechnet die Tanzschule ab",
        "Stripe",
        ["SumUp", "Zettle"],
    ),
    fix(
        "t05",
        "twice",
        [
            s(u("La fromagerie affine le comté pendant 12 mois.", "Noté.")),
            s(
                u("Correction : le comté est affiné 18 mois, pas 12.", "D'accord."),
                u("Ah non, pardon, c'est 24 mois, pas 18.", "Compris."),
            ),
        ],
        "combien de temps la fromagerie affine le comté",
        "24 mois",
        ["12 mois", "18 mois"],
    ),
    fix(
        "t06",
        "twice",
        [
            s(u("El albergue hace el check-in a partir de las 14:00.", "Anotado.")),
            s(u("El check-in del albergue es desde las 15:00 ahora, ya no desde las 14:00.", "Vale.")),
            s(
                u("Otra vez cambió: el check-in del albergue empieza a las 13:00, no a las 15:00.", "Entendido."),
                client="gemini-cli",
            ),
        ],
        "a qué hora empieza el check-in del albergue",
        "13:00",
        ["14:00", "15:00"],
    ),
    fix(
        "t07",
        "twice",
        [
            s(u("De bibliotheek draait de catalogus op Koha.", "Genoteerd.")),
            s(u("De catalogus van de bibliotheek draait nu op Alma, niet meer op Koha.", "Oké.")),
            s(u("Toch niet: de catalogus draait op Wise, niet op Alma.", "Begrepen.")),
        ],
        "waar draait de catalogus van de bibliotheek op",
        "Wise",
        ["Koha", "Alma"],
    ),
    fix(
        "t08",
        "twice",
        [
            s(u("The food bank's freezer alarm texts the number ending 4471.")),
            s(u("The freezer alarm now texts the number ending 8820, not 4471.", "Okay.")),
            s(
                u("Quick fix: the freezer alarm texts the number ending 3905.", "Noted."),
                u("Yes, 3905, not 8820.", "Thanks."),
            ),
        ],
        "which number does the freezer alarm text",
        "3905",
        ["4471", "8820"],
    ),
    fix(
        "t09",
        "twice",
        [
            s(u("Il canile porta i cani al parco alle 8:00.", "Annotato.")),
            s(u("Correzione: il canile ora porta i cani al parco alle 9:00, non alle 8:00.", "Va bene.")),
            s(u("No, scusa, di nuovo: l'uscita al parco è alle 7:30, non alle 9:00.", "Capito.")),
        ],
        "a che ora il canile porta i cani al parco",
        "7:30",
        ["8:00", "9:00"],
    ),
    fix(
        "t10",
        "twice",
        [
            s(u("The print shop's large-format printer is the Epson P9500.")),
            s(
                u("Noted for later.", "Sure."),
                saves=("The print shop's large-format printer is now the Canon PRO-6100, replacing the Epson P9500.",),
            ),
            s(
                u("Correction: the large-format printer is the HP Z9+, not the Canon PRO-6100.", "Okay."),
                client="codex",
            ),
        ],
        "which large-format printer does the print shop use",
        "HP Z9+",
        ["Epson P9500", "Canon PRO-6100"],
    ),
    fix(
        "t11",
        "twice",
        [
            s(u("Schronisko górskie wydaje obiady od 12:00.", "Zanotowane.")),
            s(u("Poprawka: obiady w schronisku są od 12:30, nie od 12:00.", "Dobrze.")),
            s(u("Jeszcze raz poprawka: obiady od 13:00, nie od 12:30.", "Jasne.")),
        ],
        "od której schronisko wydaje obiady",
        "13:00",
        ["12:00", "12:30"],
    ),
    fix(
        "t12",
        "twice",
        [
            s(u("Fyrmuseet öppnar klockan 10:00.", "Noterat.")),
            s(u("Fyrmuseet öppnar nu klockan 11:00, inte 10:00.", "Okej.")),
            s(u("Fel igen: fyrmuseet öppnar klockan 09:30, inte 11:00.", "Uppfattat.")),
        ],
        "när öppnar fyrmuseet",
        "09:30",
        ["10:00", "11:00"],
    ),
]

CONTROL = [
    keep(
        "k01",
        [
            s(u("The observatory's north telescope is calibrated on Mondays.")),
            s(u("The observatory's north-east telescope is calibrated on Thursdays.", "Noted.")),
        ],
        [["north telescope", "Monday"], ["north-east telescope", "Thursday"]],
        "when is the north telescope calibrated",
    ),
    keep(
        "k02",
        [
            s(u("The brewery's IPA is bottled at 5.8 percent.")),
            s(u("The brewery's session IPA is bottled at 4.2 percent.", "Okay.")),
        ],
        [["5.8"], ["4.2"]],
        "at what strength is the IPA bottled",
    ),
    keep(
        "k03",
        [
            s(u("The dental clinic's X-ray images go to pacs-21.")),
            s(u("Back in 2022 the X-ray images went to pacs-02.", "Noted.")),
        ],
        [["pacs-21"]],
        "where do the X-ray images go",
    ),
    keep(
        "k04",
        [
            s(u("The marina's fuel dock in Harwich opens at 07:00.")),
            s(u("The marina's fuel dock in Ipswich opens at 08:00.", "Okay.")),
        ],
        [["Harwich", "07:00"], ["Ipswich", "08:00"]],
        "when does the Harwich fuel dock open",
    ),
    keep(
        "k05",
        [
            s(u("Members pay 40 euros a month at the climbing gym.")),
            s(u("For students, the climbing gym costs 28 euros a month.", "Noted.")),
        ],
        [["40 euros"], ["28 euros"]],
        "how much does the climbing gym cost a month",
    ),
    keep(
        "k06",
        [
            s(u("Das Orchester probt im Saal Elbe.", "Notiert.")),
            s(u("Der Jugendchor probt im Saal Havel.", "Okay.")),
        ],
        [["Elbe"], ["Havel"]],
        "wo probt das Orchester",
    ),
    keep(
        "k07",
        [
            s(u("Le zoo nourrit les girafes à 10h00.", "Noté.")),
            s(u("Le zoo nourrit les zèbres à 11h30.", "D'accord.")),
        ],
        [["girafes", "10h00"], ["zèbres", "11h30"]],
        "à quelle heure le zoo nourrit les girafes",
    ),
    keep(
        "k08",
        [
            s(u("La tienda de Valencia cierra a las 20:00.", "Anotado.")),
            s(u("La tienda de Sevilla cierra a las 21:00, no a las 20:00 como la de Valencia.", "Vale.")),
        ],
        [["Valencia", "20:00"], ["Sevilla", "21:00"]],
        "a qué hora cierra la tienda de Valencia",
    ),
    keep(
        "k09",
        [
            s(u("Het depot gebruikt Exact Online voor de boekhouding.", "Genoteerd.")),
            s(u("Vroeger gebruikte het depot Twinfield, maar dat is al jaren geleden.", "Oké.")),
        ],
        [["Exact Online"]],
        "welke boekhouding gebruikt het depot",
    ),
    keep(
        "k10",
        [
            s(u("The theatre's main stage uses the grandMA3 lighting desk.")),
            s(u("The theatre's studio stage uses the ETC Eos lighting desk.", "Noted.")),
        ],
        [["main stage", "grandMA3"], ["studio stage", "ETC Eos"]],
        "which lighting desk does the main stage use",
    ),
    keep(
        "k11",
        [
            s(u("The library's overdue reminders are sent by Postmark.")),
            s(u("Just for this week's migration test, reminders go through Mailgun.", "Okay.")),
        ],
        [["Postmark"]],
        "which service sends overdue reminders",
    ),
    keep(
        "k12",
        [
            s(u("La tipografia stampa i biglietti da visita su carta da 350 g.", "Annotato.")),
            s(u("La tipografia stampa i volantini su carta da 130 g.", "Capito.")),
        ],
        [["biglietti", "350 g"], ["volantini", "130 g"]],
        "su che carta si stampano i biglietti da visita",
    ),
    keep(
        "k13",
        [
            s(u("The greenhouse in bay 1 is heated to 22 degrees.")),
            s(u("The greenhouse in bay 2 is heated to 18 degrees, since it holds the cacti.", "Noted.")),
        ],
        [["bay 1", "22"], ["bay 2", "18"]],
        "what temperature is bay 1 heated to",
    ),
    keep(
        "k14",
        [
            s(u("A clínica veterinária de Braga abre às 9:00.", "Anotado.")),
            s(u("A clínica veterinária de Braga também abre aos sábados às 10:00.", "Certo.")),
        ],
        [["9:00"], ["10:00"]],
        "a que horas abre a clínica veterinária",
    ),
    keep(
        "k15",
        [
            s(u("The bike couriers' cargo bikes are serviced at Pedal Works.")),
            s(u("The bike couriers' e-scooters are serviced at Volt Garage.", "Okay."), client="codex"),
        ],
        [["cargo bikes", "Pedal Works"], ["e-scooters", "Volt Garage"]],
        "where are the cargo bikes serviced",
    ),
    keep(
        "k16",
        [
            s(u("Kolej do Zakopanego odjeżdża o 7:40.", "Zanotowane.")),
            s(u("Kolej do Krynicy odjeżdża o 8:15.", "Dobrze.")),
        ],
        [["Zakopanego", "7:40"], ["Krynicy", "8:15"]],
        "o której odjeżdża kolej do Zakopanego",
    ),
    keep(
        "k17",
        [
            s(u("The ice rink's Zamboni was serviced in May.")),
            s(
                u("When was the Zamboni serviced?", "The Zamboni was serviced in May."),
                u("Yes, that's right.", "Good."),
            ),
        ],
        [["Zamboni", "May"]],
        "when was the Zamboni serviced",
    ),
    keep(
        "k18",
        [
            s(u("Biografen i Umeå visar matinéer klockan 13:00.", "Noterat.")),
            s(u("Biografen i Luleå visar matinéer klockan 14:30.", "Okej.")),
        ],
        [["Umeå", "13:00"], ["Luleå", "14:30"]],
        "när visar biografen i Umeå matinéer",
    ),
    keep(
        "k19",
        [
            s(u("The pharmacy's night shift starts at 22:00.")),
            s(u("The pharmacy's day shift starts at 08:00.", "Noted.")),
        ],
        [["night shift", "22:00"], ["day shift", "08:00"]],
        "when does the night shift start",
    ),
    keep(
        "k20",
        [
            s(u("Das Busdepot Nord tankt an Zapfsäule 4.", "Notiert.")),
            s(u("Das Busdepot Süd tankt an Zapfsäule 9.", "Okay.")),
        ],
        [["Nord", "4"], ["Süd", "9"]],
        "an welcher Zapfsäule tankt das Busdepot Nord",
    ),
    keep(
        "k21",
        [
            s(u("The hostel's breakfast is served from 07:30.")),
            s(u("Before the renovation, breakfast used to start at 07:00; that was in 2021.", "Noted.")),
        ],
        [["07:30"]],
        "when is breakfast served at the hostel",
    ),
    keep(
        "k22",
        [
            s(u("El coro ensaya los martes en la parroquia.", "Anotado.")),
            s(u("Además, el coro ensaya los jueves en el auditorio antes de los conciertos.", "Vale.")),
        ],
        [["martes"], ["jueves"]],
        "cuándo ensaya el coro",
    ),
]

CASES = [*FIRST, *LANG, *REPLIED, *TWICE, *CONTROL]


if __name__ == "__main__":
    write_cases(CASES, Path(__file__).resolve().parent)
