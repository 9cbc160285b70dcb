"""A held-out split of stated credentials joined to their noun by a verb or said before it, and ordinary sentences
that mention credentials in passing, ``held12s``: written by stated15 before stop 45's changes, scored once at the
end (on main and on the branch, same session).

Two groups, in 12 languages (English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Swedish,
Turkish, Russian, Japanese), 13 stated rows and 12 prose templates (four draws each) per language:

- ``stated``: an alarm code given by the verb that disarms or in answer to its own question, a password given by
  the verb that logs in, unlocks or sets, a door opened "with" a code, a security answer given by "answered", a
  word passphrase or password said before its noun, an account and password in shorthand, a password said
  mid-sentence with the clause going on, an inflected or compounded noun whose clause goes on after the value, and
  a code entered at a keypad. The voice is a community garden, a dental surgery, a choir and a ferry kiosk; values
  (word lists, answers, codes) no earlier split uses.
- ``prose``: ordinary sentences that use the same verbs and nouns with no secret: "log in with your email", "the
  door opens with the key card", "I set it to dark mode", "reset your password with the link", "the PIN pad is
  broken", product names, version strings, code identifiers and hyphenated ordinary words.

Rows are ``secret_rows.Row`` with ``half == "held12s"``. Run: ``python -m research secret_scanner --held12s
--corpus-only``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterator

from secret_rows import Row

HALF = "held12s"
SEED = 45_2026_12_07_12
DIGITS = string.digits

WORDS = [
    "lantern",
    "thistle",
    "cobalt",
    "walrus",
    "juniper",
    "saddle",
    "quarry",
    "mitten",
    "orchard",
    "tundra",
    "pylon",
    "gazebo",
    "radish",
    "bobbin",
    "trowel",
    "cinder",
    "hopper",
    "lagoon",
    "mackerel",
    "pewter",
    "sorrel",
    "tannin",
    "wicker",
    "yarrow",
]
ANSWERS = ("Pemberton", "Wexford", "Bramwell", "Quimper", "Abernathy", "Tarragona", "Fennimore", "Rosmalen")
PRODUCTS = ("Synology DS920+", "UniFi U6-Lite", "TP-Link Archer AX55", "Netgear Orbi RBK752", "Yale Linus", "Ring 4")
VERSIONS = ("v2.4.1", "3.11.7", "1.0.0-rc2", "7.2.3-beta", "12.0.4", "5.9.18")
IDENTS = ("password_hash", "reset_token_ttl", "pinAttemptsLeft", "ALARM_ARM_DELAY", "login_with_sso", "vault-path")
HYPHENS = ("state-of-the-art", "well-known", "up-to-date", "hands-on", "follow-up", "long-term")
PEOPLE = ("Marta", "Jonas", "Aiko", "Pieter", "Selin", "Olek", "Ines", "Bruno", "Greta", "Tomasz")


def _code(g: random.Random) -> str:
    digits = "".join(g.choice(DIGITS) for _ in range(g.choice((4, 4, 5, 6))))
    style = g.randrange(4)
    if style == 0:
        return "-".join(digits)
    if style == 1 and len(digits) >= 4:
        return digits[:2] + " " + digits[2:]
    return digits


def _password(g: random.Random) -> str:
    style = g.randrange(3)
    if style == 0:
        pool = string.ascii_letters + DIGITS
        return "".join(g.choice(pool) for _ in range(g.randint(9, 12))) + g.choice("!#%&*")
    if style == 1:
        return g.choice(WORDS).capitalize() + g.choice("&@$!") + g.choice(WORDS) + str(g.randint(10, 99))
    return g.choice(WORDS) + str(g.randint(1000, 9999)) + g.choice(("", "?", "!"))


def _words(g: random.Random) -> str:
    words = g.sample(WORDS, g.choice((3, 4)))
    joiner = g.choice(("-", "-", ".", " "))
    return joiner.join(words) + (f"-{g.randint(10, 99)}" if joiner == "-" and g.random() < 0.6 else "")


def _answer(g: random.Random) -> str:
    return g.choice(ANSWERS)


VALUE: dict[str, Callable[[random.Random], str]] = {"C": _code, "P": _password, "W": _words, "A": _answer}

# language -> (kind, value type, template); the value is {v}.
STATED: dict[str, tuple[tuple[str, str, str], ...]] = {
    "en": (
        ("alarm by verb", "C", "Garden shed alarm: you disarm it with {v} before the beeping stops"),
        ("alarm answer", "C", "the surgery's alarm code? {v}, same as last winter"),
        ("log in with", "P", "You log in to the choir's mailing account with {v} and then pick Send"),
        ("unlock using", "P", "Unlock the ferry kiosk laptop using {v} if the fingerprint fails"),
        ("set it to", "P", "The dentist's Wi-Fi router password was too weak so I set it to {v} this morning"),
        ("opens with", "C", "The allotment's tool locker opens with {v} now"),
        ("security answer", "A", "I answered {v} to the mother's maiden name question at the bank"),
        ("value before noun", "W", "{v} is the password for the choir's NAS"),
        ("pair shorthand", "P", "kiosk admin account admin, pass {v}"),
        ("mid-sentence", "P", "Changed the booking password to {v} yesterday and told only Dr Hale"),
        ("noun then clause", "P", "The root password on the garden's Pi is {v} and nobody else should know it"),
        ("before noun 2", "W", "We agreed on {v} as the passphrase for the shared vault"),
        ("keypad", "C", "At the side gate punch in {v} on the keypad to get in after hours"),
    ),
    "de": (
        ("alarm by verb", "C", "Alarm im Geräteschuppen: mit {v} entschärfen, bevor es piept"),
        ("alarm answer", "C", "Der Alarmcode der Praxis? {v}, wie letzten Winter"),
        ("log in with", "P", "Beim Chor-Mailkonto meldest du dich mit {v} an und klickst dann auf Senden"),
        ("unlock using", "P", "Den Kiosk-Laptop mit {v} entsperren, falls der Fingerabdruck nicht geht"),
        ("set it to", "P", "Das Routerpasswort der Praxis war zu schwach, ich habe es heute auf {v} gesetzt"),
        ("opens with", "C", "Der Werkzeugspind im Garten geht jetzt mit {v} auf"),
        ("security answer", "A", "Bei der Frage nach dem Geburtsnamen der Mutter habe ich {v} geantwortet"),
        ("value before noun", "W", "{v} ist das Passwort für das NAS vom Chor"),
        ("pair shorthand", "P", "Kiosk-Adminkonto admin, Passwort {v}"),
        ("mid-sentence", "P", "Habe gestern das Buchungspasswort auf {v} geändert und es nur Dr. Hale gesagt"),
        ("noun then clause", "P", "Das Rootpasswort vom Garten-Pi ist {v} und sonst soll es keiner wissen"),
        ("before noun 2", "W", "Wir haben uns auf {v} als Passphrase für den gemeinsamen Tresor geeinigt"),
        ("keypad", "C", "Am Seitentor {v} ins Tastenfeld tippen, dann kommt man auch abends rein"),
    ),
    "fr": (
        ("alarm by verb", "C", "Alarme de l'abri de jardin : on la désarme avec {v} avant les bips"),
        ("alarm answer", "C", "Le code de l'alarme du cabinet ? {v}, comme l'hiver dernier"),
        ("log in with", "P", "On se connecte au compte mail de la chorale avec {v} puis on clique sur Envoyer"),
        ("unlock using", "P", "Déverrouille l'ordinateur du kiosque avec {v} si l'empreinte ne marche pas"),
        ("set it to", "P", "Le mot de passe du routeur du cabinet était trop faible, je l'ai mis à {v} ce matin"),
        ("opens with", "C", "Le casier à outils du jardin s'ouvre maintenant avec {v}"),
        ("security answer", "A", "J'ai répondu {v} à la question du nom de jeune fille de la mère"),
        ("value before noun", "W", "{v} est le mot de passe du NAS de la chorale"),
        ("pair shorthand", "P", "compte admin du kiosque : admin, mdp {v}"),
        ("mid-sentence", "P", "J'ai changé hier le mot de passe des réservations en {v} et je l'ai dit au Dr Hale"),
        ("noun then clause", "P", "Le mot de passe root du Pi du jardin est {v} et personne d'autre ne doit le savoir"),
        ("before noun 2", "W", "On a choisi {v} comme phrase secrète pour le coffre partagé"),
        ("keypad", "C", "Au portail latéral, tape {v} sur le clavier pour entrer le soir"),
    ),
    "es": (
        ("alarm by verb", "C", "Alarma del cobertizo: se desactiva con {v} antes de que pite"),
        ("alarm answer", "C", "¿El código de la alarma de la clínica? {v}, igual que el invierno pasado"),
        ("log in with", "P", "Entras en la cuenta de correo del coro con {v} y luego pulsas Enviar"),
        ("unlock using", "P", "Desbloquea el portátil del quiosco con {v} si falla la huella"),
        ("set it to", "P", "La contraseña del router de la clínica era débil, así que la cambié a {v} esta mañana"),
        ("opens with", "C", "La taquilla de herramientas del huerto se abre ahora con {v}"),
        ("security answer", "A", "Respondí {v} a la pregunta del apellido de soltera de la madre"),
        ("value before noun", "W", "{v} es la contraseña del NAS del coro"),
        ("pair shorthand", "P", "cuenta admin del quiosco: admin, clave {v}"),
        ("mid-sentence", "P", "Ayer cambié la contraseña de reservas a {v} y solo se lo dije al Dr. Hale"),
        ("noun then clause", "P", "La contraseña de root de la Pi del huerto es {v} y nadie más debe saberla"),
        ("before noun 2", "W", "Quedamos en usar {v} como frase de contraseña del baúl compartido"),
        ("keypad", "C", "En la puerta lateral marca {v} en el teclado para entrar por la noche"),
    ),
    "it": (
        ("alarm by verb", "C", "Allarme del capanno: si disattiva con {v} prima che suoni"),
        ("alarm answer", "C", "Il codice dell'allarme dello studio? {v}, come l'inverno scorso"),
        ("log in with", "P", "Accedi all'account di posta del coro con {v} e poi premi Invia"),
        ("unlock using", "P", "Sblocca il portatile del chiosco con {v} se l'impronta non va"),
        ("set it to", "P", "La password del router dello studio era debole, stamattina l'ho impostata a {v}"),
        ("opens with", "C", "L'armadietto degli attrezzi dell'orto ora si apre con {v}"),
        ("security answer", "A", "Alla domanda sul cognome da nubile della madre ho risposto {v}"),
        ("value before noun", "W", "{v} è la password del NAS del coro"),
        ("pair shorthand", "P", "account admin del chiosco: admin, pw {v}"),
        ("mid-sentence", "P", "Ieri ho cambiato la password delle prenotazioni in {v} e l'ho detta solo a Hale"),
        ("noun then clause", "P", "La password di root del Pi dell'orto è {v} e nessun altro deve saperla"),
        ("before noun 2", "W", "Abbiamo scelto {v} come passphrase per la cassaforte condivisa"),
        ("keypad", "C", "Al cancello laterale digita {v} sul tastierino per entrare la sera"),
    ),
    "pt": (
        ("alarm by verb", "C", "Alarme do galpão: desarma com {v} antes de apitar"),
        ("alarm answer", "C", "O código do alarme do consultório? {v}, igual ao inverno passado"),
        ("log in with", "P", "Você entra na conta de e-mail do coral com {v} e depois clica em Enviar"),
        ("unlock using", "P", "Desbloqueie o notebook do quiosque com {v} se a digital falhar"),
        ("set it to", "P", "A senha do roteador do consultório era fraca, então mudei para {v} hoje cedo"),
        ("opens with", "C", "O armário de ferramentas da horta agora abre com {v}"),
        ("security answer", "A", "Respondi {v} na pergunta do nome de solteira da mãe"),
        ("value before noun", "W", "{v} é a senha do NAS do coral"),
        ("pair shorthand", "P", "conta admin do quiosque: admin, senha {v}"),
        ("mid-sentence", "P", "Ontem troquei a senha das reservas para {v} e só contei ao Dr. Hale"),
        ("noun then clause", "P", "A senha de root do Pi da horta é {v} e mais ninguém deve saber"),
        ("before noun 2", "W", "Combinamos {v} como frase-senha do cofre compartilhado"),
        ("keypad", "C", "No portão lateral digite {v} no teclado para entrar à noite"),
    ),
    "nl": (
        ("alarm by verb", "C", "Alarm van de tuinschuur: uitschakelen met {v} voordat het piept"),
        ("alarm answer", "C", "De alarmcode van de praktijk? {v}, net als vorige winter"),
        ("log in with", "P", "Je logt in op het mailaccount van het koor met {v} en klikt dan op Verzenden"),
        ("unlock using", "P", "Ontgrendel de kiosklaptop met {v} als de vingerafdruk faalt"),
        ("set it to", "P", "Het routerwachtwoord van de praktijk was te zwak, ik heb het vanochtend op {v} gezet"),
        ("opens with", "C", "Het gereedschapskastje van de moestuin gaat nu open met {v}"),
        ("security answer", "A", "Bij de vraag naar de meisjesnaam van moeder heb ik {v} geantwoord"),
        ("value before noun", "W", "{v} is het wachtwoord voor de NAS van het koor"),
        ("pair shorthand", "P", "kiosk beheerdersaccount admin, ww {v}"),
        ("mid-sentence", "P", "Gisteren het boekingswachtwoord veranderd in {v} en het alleen aan dokter Hale verteld"),
        ("noun then clause", "P", "Het rootwachtwoord van de tuin-Pi is {v} en verder hoeft niemand het te weten"),
        ("before noun 2", "W", "We hebben {v} gekozen als wachtzin voor de gedeelde kluis"),
        ("keypad", "C", "Bij het zijhek {v} intoetsen op het toetsenpaneel om 's avonds binnen te komen"),
    ),
    "pl": (
        ("alarm by verb", "C", "Alarm w szopie: rozbrajasz go kodem {v}, zanim zacznie piszczeć"),
        ("alarm answer", "C", "Kod alarmu w gabinecie? {v}, tak jak zeszłej zimy"),
        ("log in with", "P", "Do konta pocztowego chóru logujesz się hasłem {v} i klikasz Wyślij"),
        ("unlock using", "P", "Odblokuj laptopa w kiosku hasłem {v}, jeśli odcisk palca nie działa"),
        ("set it to", "P", "Hasło routera w gabinecie było za słabe, więc rano ustawiłem je na {v}"),
        ("opens with", "C", "Szafka na narzędzia w ogrodzie otwiera się teraz kodem {v}"),
        ("security answer", "A", "Na pytanie o nazwisko panieńskie matki odpowiedziałem {v}"),
        ("value before noun", "W", "{v} to hasło do NAS-a chóru"),
        ("pair shorthand", "P", "konto admina kiosku: admin, hasło {v}"),
        ("mid-sentence", "P", "Wczoraj zmieniłem hasło do rezerwacji na {v} i powiedziałem tylko doktorowi Hale"),
        ("noun then clause", "P", "Hasło roota na Pi w ogrodzie to {v} i nikt inny nie powinien go znać"),
        ("before noun 2", "W", "Ustaliliśmy {v} jako frazę hasła do wspólnego sejfu"),
        ("keypad", "C", "Przy bocznej bramie wpisz {v} na klawiaturze, żeby wejść wieczorem"),
    ),
    "sv": (
        ("alarm by verb", "C", "Larmet i redskapsboden: du larmar av med {v} innan det piper"),
        ("alarm answer", "C", "Larmkoden på mottagningen? {v}, samma som i vintras"),
        ("log in with", "P", "Du loggar in på körens mejlkonto med {v} och klickar sedan på Skicka"),
        ("unlock using", "P", "Lås upp kioskens laptop med {v} om fingeravtrycket krånglar"),
        ("set it to", "P", "Routerlösenordet på mottagningen var för svagt så jag satte det till {v} i morse"),
        ("opens with", "C", "Verktygsskåpet i odlingslotten öppnas nu med {v}"),
        ("security answer", "A", "På frågan om mammas flicknamn svarade jag {v}"),
        ("value before noun", "W", "{v} är lösenordet till körens NAS"),
        ("pair shorthand", "P", "kioskens adminkonto admin, lösen {v}"),
        ("mid-sentence", "P", "Bytte bokningslösenordet till {v} igår och sa det bara till doktor Hale"),
        ("noun then clause", "P", "Rootlösenordet på trädgårdens Pi är {v} och ingen annan ska känna till det"),
        ("before noun 2", "W", "Vi bestämde {v} som lösenfras för det delade valvet"),
        ("keypad", "C", "Vid sidogrinden slår du {v} på knappsatsen för att komma in på kvällen"),
    ),
    "tr": (
        ("alarm by verb", "C", "Bahçe kulübesinin alarmı: bip sesinden önce {v} ile devre dışı bırak"),
        ("alarm answer", "C", "Muayenehanenin alarm kodu mu? {v}, geçen kışki gibi"),
        ("log in with", "P", "Koronun e-posta hesabına {v} ile giriş yapıp Gönder'e basıyorsun"),
        ("unlock using", "P", "Parmak izi çalışmazsa büfe dizüstünün kilidini {v} ile aç"),
        ("set it to", "P", "Muayenehanenin modem şifresi zayıftı, bu sabah {v} olarak değiştirdim"),
        ("opens with", "C", "Bahçedeki alet dolabı artık {v} ile açılıyor"),
        ("security answer", "A", "Annenin kızlık soyadı sorusuna {v} diye cevap verdim"),
        ("value before noun", "W", "{v} koronun NAS şifresi"),
        ("pair shorthand", "P", "büfe yönetici hesabı admin, şifre {v}"),
        ("mid-sentence", "P", "Dün rezervasyon şifresini {v} yaptım ve sadece Dr. Hale'e söyledim"),
        ("noun then clause", "P", "Bahçedeki Pi'nin root şifresi {v} ve başka kimse bilmemeli"),
        ("before noun 2", "W", "Ortak kasa için parola cümlesi olarak {v} üzerinde anlaştık"),
        ("keypad", "C", "Yan kapıda akşamları girmek için tuş takımına {v} gir"),
    ),
    "ru": (
        ("alarm by verb", "C", "Сигнализация в сарае: снимаешь с охраны кодом {v}, пока не запищало"),
        ("alarm answer", "C", "Код сигнализации в кабинете? {v}, как прошлой зимой"),
        ("log in with", "P", "В почту хора входишь с паролем {v}, потом жмёшь Отправить"),
        ("unlock using", "P", "Разблокируй ноутбук в киоске паролем {v}, если отпечаток не срабатывает"),
        ("set it to", "P", "Пароль роутера в кабинете был слабый, утром я поменял его на {v}"),
        ("opens with", "C", "Шкафчик с инструментами на огороде теперь открывается кодом {v}"),
        ("security answer", "A", "На вопрос о девичьей фамилии матери я ответил {v}"),
        ("value before noun", "W", "{v} это пароль от NAS хора"),
        ("pair shorthand", "P", "админский аккаунт киоска admin, пасс {v}"),
        ("mid-sentence", "P", "Вчера сменил пароль от бронирований на {v} и сказал только доктору Хейлу"),
        ("noun then clause", "P", "Пароль рута на садовом Pi {v} и больше никто не должен его знать"),
        ("before noun 2", "W", "Договорились взять {v} как парольную фразу для общего хранилища"),
        ("keypad", "C", "У боковой калитки набери {v} на клавиатуре, чтобы войти вечером"),
    ),
    "ja": (
        ("alarm by verb", "C", "物置の警報は、鳴る前に{v}で解除してください"),
        ("alarm answer", "C", "医院の警報コード？{v}、去年の冬と同じです"),
        ("log in with", "P", "合唱団のメールアカウントには{v}でログインして、送信を押します"),
        ("unlock using", "P", "指紋がだめなら売店のノートPCは{v}でロック解除して"),
        ("set it to", "P", "医院のルーターのパスワードが弱かったので、今朝{v}に変えました"),
        ("opens with", "C", "菜園の道具ロッカーは今は{v}で開きます"),
        ("security answer", "A", "母親の旧姓の質問には{v}と答えました"),
        ("value before noun", "W", "{v} が合唱団のNASのパスワードです"),
        ("pair shorthand", "P", "売店の管理者アカウント admin、パス {v}"),
        ("mid-sentence", "P", "昨日予約用のパスワードを{v}に変更して、ヘイル先生にだけ伝えた"),
        ("noun then clause", "P", "菜園のPiのrootパスワードは{v}で、ほかの人には教えないこと"),
        ("before noun 2", "W", "共有金庫のパスフレーズは {v} にしようと決めました"),
        ("keypad", "C", "夜に通用門から入るときはキーパッドで{v}を押してください"),
    ),
}

# language -> ordinary templates: credentials mentioned in passing, no secret. Fields: {n} number, {s} product,
# {v} version, {i} identifier, {h} hyphenated word, {p} person.
PROSE: dict[str, tuple[str, ...]] = {
    "en": (
        "You log in with your email address and a code from the {s} app.",
        "Unlock it using the fingerprint reader; {p} set that up last week.",
        "I set it to dark mode and {n} minutes of auto-lock.",
        "The tool locker opens with the blue key card, ask {p} for one.",
        "Reset your password with the link in the email; it expires after {n} minutes.",
        "The PIN pad on the {s} is broken again, {p} called the installer.",
        "The password field must accept unicode and at least {n} characters.",
        "I answered the security question wrong {n} times and got locked out.",
        "Upgrade the {s} firmware to {v} before changing the alarm settings.",
        "Rename {i} in the config; the old name confused {p}.",
        "The alarm code is written in the {h} binder that {p} keeps.",
        "{p} is the password manager admin for the choir, ask her for access.",
    ),
    "de": (
        "Du meldest dich mit deiner E-Mail-Adresse und einem Code aus der {s}-App an.",
        "Entsperren geht mit dem Fingerabdruck; {p} hat das letzte Woche eingerichtet.",
        "Ich habe es auf den Dunkelmodus und {n} Minuten Sperre gesetzt.",
        "Der Spind geht mit der blauen Schlüsselkarte auf, frag {p} nach einer.",
        "Setz dein Passwort über den Link in der Mail zurück; er läuft nach {n} Minuten ab.",
        "Das PIN-Pad am {s} ist wieder kaputt, {p} hat den Techniker angerufen.",
        "Das Passwortfeld muss Unicode und mindestens {n} Zeichen annehmen.",
        "Ich habe die Sicherheitsfrage {n} Mal falsch beantwortet und wurde gesperrt.",
        "Aktualisiere die Firmware vom {s} auf {v}, bevor du die Alarmeinstellungen änderst.",
        "Benenne {i} in der Konfiguration um; der alte Name hat {p} verwirrt.",
        "Der Alarmcode steht im Ordner, den {p} verwahrt, nicht hier.",
        "Das Passwort für das NAS kennt nur {p}, sie gibt es dir persönlich.",
    ),
    "fr": (
        "On se connecte avec son adresse e-mail et un code de l'appli {s}.",
        "Déverrouille-le avec l'empreinte ; {p} l'a configurée la semaine dernière.",
        "Je l'ai mis en mode sombre avec verrouillage après {n} minutes.",
        "Le casier s'ouvre avec le badge bleu, demande-en un à {p}.",
        "Réinitialise ton mot de passe avec le lien du mail ; il expire après {n} minutes.",
        "Le clavier à code du {s} est encore cassé, {p} a appelé l'installateur.",
        "Le champ mot de passe doit accepter l'unicode et au moins {n} caractères.",
        "J'ai mal répondu {n} fois à la question secrète et le compte est bloqué.",
        "Mets à jour le firmware du {s} en {v} avant de toucher aux réglages de l'alarme.",
        "Renomme {i} dans la config ; l'ancien nom embrouillait {p}.",
        "Le code de l'alarme est dans le classeur de {p}, pas ici.",
        "Le mot de passe du NAS, seul {p} le connaît, il te le donnera en main propre.",
    ),
    "es": (
        "Entras con tu correo y un código de la app de {s}.",
        "Desbloquéalo con la huella; {p} lo configuró la semana pasada.",
        "Lo puse en modo oscuro y bloqueo a los {n} minutos.",
        "La taquilla se abre con la tarjeta azul, pídele una a {p}.",
        "Restablece tu contraseña con el enlace del correo; caduca a los {n} minutos.",
        "El teclado del PIN del {s} vuelve a estar roto, {p} llamó al instalador.",
        "El campo de contraseña debe aceptar unicode y al menos {n} caracteres.",
        "Respondí mal la pregunta de seguridad {n} veces y me bloquearon.",
        "Actualiza el firmware del {s} a {v} antes de cambiar la alarma.",
        "Renombra {i} en la configuración; el nombre viejo confundía a {p}.",
        "El código de la alarma está en la carpeta de {p}, no aquí.",
        "La contraseña del NAS solo la sabe {p}, te la da en persona.",
    ),
    "it": (
        "Accedi con la tua email e un codice dall'app {s}.",
        "Sbloccalo con l'impronta; {p} l'ha configurata la settimana scorsa.",
        "L'ho impostato in modalità scura con blocco dopo {n} minuti.",
        "L'armadietto si apre con il badge blu, chiedine uno a {p}.",
        "Reimposta la password con il link nella mail; scade dopo {n} minuti.",
        "Il tastierino del PIN del {s} è di nuovo rotto, {p} ha chiamato il tecnico.",
        "Il campo password deve accettare unicode e almeno {n} caratteri.",
        "Ho sbagliato la domanda di sicurezza {n} volte e mi hanno bloccato.",
        "Aggiorna il firmware del {s} alla {v} prima di cambiare l'allarme.",
        "Rinomina {i} nella configurazione; il vecchio nome confondeva {p}.",
        "Il codice dell'allarme è nel raccoglitore di {p}, non qui.",
        "La password del NAS la sa solo {p}, te la dice di persona.",
    ),
    "pt": (
        "Você entra com seu e-mail e um código do app {s}.",
        "Desbloqueie com a digital; {p} configurou isso semana passada.",
        "Deixei no modo escuro com bloqueio após {n} minutos.",
        "O armário abre com o cartão azul, peça um para {p}.",
        "Redefina sua senha pelo link do e-mail; ele expira em {n} minutos.",
        "O teclado do PIN do {s} quebrou de novo, {p} chamou o técnico.",
        "O campo de senha deve aceitar unicode e pelo menos {n} caracteres.",
        "Errei a pergunta de segurança {n} vezes e fui bloqueado.",
        "Atualize o firmware do {s} para {v} antes de mexer no alarme.",
        "Renomeie {i} na configuração; o nome antigo confundia {p}.",
        "O código do alarme está na pasta de {p}, não aqui.",
        "A senha do NAS só {p} sabe, ela passa pessoalmente.",
    ),
    "nl": (
        "Je logt in met je e-mailadres en een code uit de {s}-app.",
        "Ontgrendel hem met de vingerafdruk; {p} heeft dat vorige week ingesteld.",
        "Ik heb hem op donkere modus en {n} minuten vergrendeling gezet.",
        "Het kastje gaat open met de blauwe sleutelkaart, vraag {p} om een.",
        "Herstel je wachtwoord met de link in de mail; die verloopt na {n} minuten.",
        "Het pinpad van de {s} is weer stuk, {p} heeft de installateur gebeld.",
        "Het wachtwoordveld moet unicode en minstens {n} tekens accepteren.",
        "Ik heb de beveiligingsvraag {n} keer fout beantwoord en zit nu op slot.",
        "Werk de firmware van de {s} bij naar {v} voordat je het alarm aanpast.",
        "Hernoem {i} in de configuratie; de oude naam verwarde {p}.",
        "De alarmcode staat in de map van {p}, niet hier.",
        "Het wachtwoord van de NAS weet alleen {p}, ze geeft het je persoonlijk.",
    ),
    "pl": (
        "Logujesz się adresem e-mail i kodem z aplikacji {s}.",
        "Odblokuj go odciskiem palca; {p} ustawił to w zeszłym tygodniu.",
        "Ustawiłem tryb ciemny i blokadę po {n} minutach.",
        "Szafka otwiera się niebieską kartą, poproś {p} o jedną.",
        "Zresetuj hasło linkiem z maila; wygasa po {n} minutach.",
        "Klawiatura PIN przy {s} znowu jest zepsuta, {p} dzwonił do instalatora.",
        "Pole hasła musi przyjmować unicode i co najmniej {n} znaków.",
        "Źle odpowiedziałem na pytanie bezpieczeństwa {n} razy i konto zablokowano.",
        "Zaktualizuj firmware {s} do {v}, zanim zmienisz ustawienia alarmu.",
        "Zmień nazwę {i} w konfiguracji; stara nazwa myliła {p}.",
        "Kod alarmu jest w segregatorze {p}, nie tutaj.",
        "Hasło do NAS-a zna tylko {p}, poda ci je osobiście.",
    ),
    "sv": (
        "Du loggar in med din e-postadress och en kod från {s}-appen.",
        "Lås upp den med fingeravtrycket; {p} ställde in det förra veckan.",
        "Jag satte den till mörkt läge och låsning efter {n} minuter.",
        "Skåpet öppnas med det blå passerkortet, be {p} om ett.",
        "Återställ ditt lösenord med länken i mejlet; den går ut efter {n} minuter.",
        "Knappsatsen för pinkoden på {s} är trasig igen, {p} ringde installatören.",
        "Lösenordsfältet måste ta emot unicode och minst {n} tecken.",
        "Jag svarade fel på säkerhetsfrågan {n} gånger och blev utelåst.",
        "Uppdatera firmware på {s} till {v} innan du ändrar larmet.",
        "Byt namn på {i} i konfigurationen; det gamla namnet förvirrade {p}.",
        "Larmkoden står i {p}s pärm, inte här.",
        "Lösenordet till NAS:en vet bara {p}, hon ger dig det personligen.",
    ),
    "tr": (
        "E-posta adresin ve {s} uygulamasındaki kodla giriş yapıyorsun.",
        "Parmak iziyle kilidini aç; {p} geçen hafta ayarladı.",
        "Karanlık moda ve {n} dakikalık kilide ayarladım.",
        "Dolap mavi kartla açılıyor, {p}'den bir tane iste.",
        "Şifreni e-postadaki bağlantıyla sıfırla; {n} dakika sonra geçersiz oluyor.",
        "{s} üzerindeki PIN tuş takımı yine bozuk, {p} kurulumcuyu aradı.",
        "Şifre alanı unicode ve en az {n} karakter kabul etmeli.",
        "Güvenlik sorusunu {n} kez yanlış cevapladım ve hesap kilitlendi.",
        "Alarm ayarlarını değiştirmeden önce {s} yazılımını {v} sürümüne güncelle.",
        "Yapılandırmada {i} adını değiştir; eski ad {p}'i şaşırtıyordu.",
        "Alarm kodu {p}'in klasöründe yazıyor, burada değil.",
        "NAS şifresini sadece {p} biliyor, sana yüz yüze söyler.",
    ),
    "ru": (
        "Входишь по адресу почты и коду из приложения {s}.",
        "Разблокируй его отпечатком; {p} настроил это на прошлой неделе.",
        "Я поставил тёмную тему и блокировку через {n} минут.",
        "Шкафчик открывается синей картой, попроси одну у {p}.",
        "Сбрось пароль по ссылке из письма; она действует {n} минут.",
        "Клавиатура для ПИН-кода у {s} опять сломана, {p} вызвал мастера.",
        "Поле пароля должно принимать юникод и не меньше {n} символов.",
        "Я {n} раза неправильно ответил на контрольный вопрос, и аккаунт заблокировали.",
        "Обнови прошивку {s} до {v}, прежде чем менять настройки сигнализации.",
        "Переименуй {i} в конфиге; старое имя путало {p}.",
        "Код сигнализации записан в папке у {p}, не здесь.",
        "Пароль от NAS знает только {p}, скажет лично.",
    ),
    "ja": (
        "メールアドレスと{s}アプリのコードでログインします。",
        "指紋でロック解除できます。{p}さんが先週設定しました。",
        "ダークモードと{n}分の自動ロックに設定しました。",
        "ロッカーは青いカードキーで開きます。{p}さんにもらってください。",
        "メールのリンクからパスワードを再設定してください。{n}分で無効になります。",
        "{s}のPINパッドがまた壊れたので、{p}さんが業者に電話しました。",
        "パスワード欄はUnicodeと{n}文字以上を受け付ける必要があります。",
        "秘密の質問に{n}回間違えて答えてロックされました。",
        "警報の設定を変える前に{s}のファームウェアを{v}に更新してください。",
        "設定の{i}の名前を変えてください。古い名前で{p}さんが混乱しました。",
        "警報コードは{p}さんのファイルに書いてあります。ここにはありません。",
        "NASのパスワードは{p}さんしか知らないので、直接聞いてください。",
    ),
}


def _prose(g: random.Random) -> Iterator[Row]:
    """Each prose template with four draws of its fields (distinct texts only)."""
    seen: set[str] = set()
    for language, templates in PROSE.items():
        for template in templates:
            for _ in range(4):
                text = template.format(
                    n=g.choice((3, 5, 8, 10, 12, 15, 16, 20)),
                    s=g.choice(PRODUCTS),
                    v=g.choice(VERSIONS),
                    i=g.choice(IDENTS),
                    h=g.choice(HYPHENS),
                    p=g.choice(PEOPLE),
                )
                if text not in seen:
                    seen.add(text)
                    yield Row(HALF, "prose", f"ordinary sentence ({language})", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held12s split (deterministic for a seed): stated credentials, then ordinary sentences."""
    g = random.Random(seed)
    out: list[Row] = []
    for language, templates in STATED.items():
        for kind, value_type, template in templates:
            value = VALUE[value_type](g)
            out.append(Row(HALF, "stated", f"stated {kind} ({language})", template.format(v=value), value))
    return out + list(_prose(g))
