"""A correction said in another language than English retires the memory it corrects, also when that memory itself
named an older value (issue #27.2, ``domain/named_old.other_negation``): "nicht mehr um A", "plus depuis A", "ya no
a las A", "niet meer via A", "non più l'A", "já não pela A", "już nie przez A", "inte längre på A", "statt A", "au
lieu de A", "en vez de A", "zamiast A". Look-alikes in those languages still retire nothing: another place after a
preposition ("nach Bremen" / "nach Kiel"), an answer opening on "no" ("Nein, A ..."), English "plus" adding a value.
Cases written for this change (stale51's tuning cases), none from a held-out set."""

from __future__ import annotations

import time

import pytest

from contextlamp.domain.corrections import correction_kind, may_correct
from contextlamp.domain.named_old import names_old, negated_values


def _retires(older: str, newer: str) -> bool:
    return may_correct(newer) and correction_kind(newer, older) is not None


CORRECTIONS = [
    # taught, then corrected in the same language
    ("Der Wochenmarkt baut um 6:30 Uhr auf.", "Der Wochenmarkt baut jetzt um 7:15 Uhr auf, nicht mehr um 6:30."),
    ("Le blog est hébergé chez OVH.", "Le blog est maintenant hébergé chez Infomaniak, plus chez OVH."),
    ("El gimnasio abre a las 6:00.", "El gimnasio abre ahora a las 7:00, ya no a las 6:00."),
    ("De webshop verstuurt pakketten via PostNL.", "De webshop verstuurt pakketten nu via DHL, niet meer via PostNL."),
    ("Il negozio usa il gestionale Danea.", "Il negozio ora usa il gestionale Fatture in Cloud, non più il Danea."),
    # an elided article is no part of the old value ("non più l'Ecodrive")
    (
        "Il laboratorio sterilizza con l'autoclave Ecodrive.",
        "Il laboratorio ora usa l'autoclave Tuttnauer, non più l'Ecodrive.",
    ),
    ("A loja emite faturas pelo Moloni.", "A loja emite faturas agora pelo InvoiceXpress, já não pelo Moloni."),
    ("Sklep wysyła paczki przez InPost.", "Sklep wysyła paczki teraz przez DPD, już nie przez InPost."),
    ("Kontoret skriver ut på skrivaren Brother.", "Kontoret skriver ut på skrivaren Canon, inte längre på Brother."),
    ("Das Lager nutzt Xentral.", "Das Lager nutzt jetzt Plentymarkets statt Xentral."),
    ("La cantine commande chez Sysco.", "La cantine commande chez Transgourmet au lieu de Sysco."),
    ("La academia publica las notas en Moodle.", "La academia publica las notas en Canvas en vez de Moodle."),
    ("Magazyn liczy towar w Subiekcie.", "Magazyn liczy towar w Optimie zamiast w Subiekcie."),
    # over a memory that itself named an older value: the newer names the middle one as old
    (
        "Die Kantine öffnet jetzt um 11:30 Uhr, nicht mehr um 11:00.",
        "Die Kantine öffnet um 12:00 Uhr, nicht um 11:30.",
    ),
    (
        "Le site est maintenant déployé sur Netlify, plus sur Heroku.",
        "Je me suis trompé : le site est déployé sur Vercel, pas sur Netlify.",
    ),
    (
        "O treino começa agora às 18h30, não às 18h00.",
        "Enganei-me: o treino começa às 19h15, não às 18h30.",
    ),
    (
        "De nieuwsbrief gaat nu via Mailchimp, niet meer via Laposta.",
        "Nee sorry, de nieuwsbrief gaat via Brevo, niet via Mailchimp.",
    ),
]

LOOKALIKES = [
    # another place after a preposition: a label, whatever the language's function word
    ("Der Bus nach Bremen fährt um 9:10 Uhr.", "Der Bus nach Kiel fährt um 9:40 Uhr statt um 9:10."),
    ("Le train pour Lyon part à 8h10.", "Le train pour Nantes part à 8h40, pas à 8h10."),
    # an answer that opens on "no" names nothing as old
    ("Das Backup läuft auf nas-2.", "Nein, nas-2 bleibt, das Archiv läuft zusätzlich auf nas-5."),
    # history said first, with or without a comma ("Früher ...", "Vor Jahren ..."): the older still holds
    ("Das Büro druckt auf Kyocera.", "Früher druckte das Büro auf Ricoh statt Kyocera."),
    ("Das Büro scannt mit Fujitsu.", "Vor Jahren scannte das Büro mit Canon statt Fujitsu."),
    # English "plus" adds a value, it does not negate it
    ("The dashboard reads from Postgres.", "The dashboard now reads from ClickHouse plus Postgres."),
    # "plus de" is "more than"
    ("Le stockage garde les logs 30 jours.", "Le stockage garde les fichiers plus de 30 jours, sur S3."),
]


@pytest.mark.parametrize(("older", "newer"), CORRECTIONS)
def test_a_correction_in_another_language_retires_what_it_corrects(older: str, newer: str) -> None:
    assert _retires(older, newer)


@pytest.mark.parametrize(("older", "newer"), LOOKALIKES)
def test_a_lookalike_in_another_language_retires_nothing(older: str, newer: str) -> None:
    assert not _retires(older, newer)


@pytest.mark.parametrize(
    "hostile",
    [
        "nicht mehr um " * 15_000,
        "plus depuis " * 17_000,
        "l'A " * 50_000,
        "au lieu de " * 18_000,
        "n'est plus " * 18_000,
        "ya no a las " * 17_000,
    ],
)
def test_the_other_language_markers_stay_linear(hostile: str) -> None:
    """200 KB of each marker costs within 10x of prose of the same size (``names_old`` and ``negated_values`` read
    every token; the rule itself reads no text longer than twice ``FRESH_MAX_WORDS`` words)."""
    prose = ("Le port de la ville reçoit les cargos le matin. " * 4000)[: len(hostile)]

    def cost(text: str) -> float:
        start = time.perf_counter()
        names_old(text, {"a", "30"}, False)
        negated_values(text)
        return time.perf_counter() - start

    cost(prose)
    assert cost(hostile) < 10 * max(cost(prose), 0.005)
