"""Generate precise13-held: ordinary sentences about credentials (must be stored) and credentials (must be refused).

Written for stop 43 (issue #28, precision of the secret scanner) BEFORE any tuning, without looking at which rules
fire. Deterministic (seeded); run `python make.py` in this folder to rewrite ordinary.jsonl and secrets.jsonl.
"""

import base64
import json
import random
import string
from pathlib import Path

R = random.Random(1343)
HERE = Path(__file__).parent


def rnd(alphabet: str, n: int) -> str:
    return "".join(R.choice(alphabet) for _ in range(n))


HEX = "0123456789abcdef"
B62 = string.ascii_letters + string.digits
B32 = "abcdefghijklmnopqrstuvwxyz234567"

MANAGERS = ["Bitwarden", "1Password", "KeePassXC", "LastPass", "Dashlane", "Proton Pass", "the Apple Passwords app"]
SERVICES = ["GitLab", "the staging cluster", "Jira", "the NAS", "the school portal", "our bank", "Grafana", "the VPN"]
PEOPLE = ["Maria", "Kenji", "Ahmed", "Priya", "Lukas", "Sofia", "Tomás", "Chloé", "Olu", "Anya"]
NUMS = [8, 10, 12, 14, 16, 20]


def sha() -> str:
    return rnd(HEX, 40)


def uuid() -> str:
    h = rnd(HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def ssh_pub() -> str:
    body = base64.b64encode(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 " + bytes(R.randrange(256) for _ in range(32)))
    return "ssh-ed25519 " + body.decode()


EN = [
    "Remind me to rotate the {svc} password before the audit on Friday.",
    "We moved the team's shared logins from {m1} to {m2} last month.",
    "Should we migrate the family vault from {m1} to {m2}?",
    "The new policy says passwords must be at least {n} characters and can't reuse the last five.",
    "{p} forgot her {svc} password again and had to use the reset link.",
    "Password reset emails for {svc} go to the helpdesk alias now.",
    "Ask {p} whether the {svc} API key is still scoped to read-only.",
    "The API key for {svc} lives in the vault, not in the repo.",
    "Never paste tokens into Slack; use the secret-sharing link instead.",
    "Our 2FA backup codes are printed and kept in the office safe.",
    "{p} set up a hardware key for {svc} so we can drop SMS codes.",
    "The commit that fixed the login bug is {sha}.",
    "Deployed build {sha7} to production at 14:05.",
    "Ticket {uuid} tracks the password reset outage.",
    "The order id for the replacement YubiKey is {uuid}.",
    "My public SSH key is {ssh} and it's fine to share it.",
    "Add this public key to the deploy server's authorized_keys: {ssh}",
    "In the docs, the example access key is AKIAIOSFODNN7EXAMPLE; don't use it for real.",
    "The README uses `YOUR_API_KEY_HERE` as a placeholder in the curl example.",
    "Replace `<token>` in the config template with the value from the vault.",
    "The .env.example file has API_KEY=changeme as a placeholder.",
    "The SHA-256 of the release tarball is {sha256}.",
    "Kinetic energy is ½mv², so doubling speed quadruples it.",
    "The drag equation is F = ½ρv²C_dA; remember C_d depends on shape.",
    "E = mc² shows up in the physics quiz on Monday.",
    "Our carbon footprint last year was 4.2 tCO₂e per person.",
    "The Wi-Fi network at the cabin is called {p}Cabin and the password is on the fridge.",
    "The router's admin password is printed on the sticker underneath.",
    "The guest Wi-Fi password changes every Monday; ask reception.",
    "How long should a recovery passphrase be for a LUKS disk?",
    "Is it safe to store the PIN for the office alarm in {m1}?",
    "The bank says a PIN must be 4 to 6 digits and can't be a birthday.",
    "A TOTP code is six digits and changes every 30 seconds.",
    "A BIP39 mnemonic is 12 or 24 words from a fixed list of 2048.",
    "GitHub personal access tokens start with ghp_ followed by 36 characters.",
    "Stripe secret keys begin with sk_live_ and test keys with sk_test_.",
    "PEM private keys start with a BEGIN PRIVATE KEY header line.",
    "JWTs have three base64url parts separated by dots: header, payload, signature.",
    "The password field must accept unicode and emoji.",
    "We decided to hash passwords with Argon2id instead of bcrypt.",
    "bcrypt has a 72-byte input limit, so long passphrases are truncated.",
    "The security question for the old account was my first school; I changed it to something random.",
    "Kenji's gamertag is xX_Sn1per_2009_Xx, which is embarrassing now.",
    "The Docker image digest is sha256:{sha256}.",
    "Use `git rev-parse HEAD` to get the commit hash, e.g. {sha}.",
    "The conference room booking code is on the calendar invite.",
    "My library card number is on the back of the card, I keep forgetting it.",
    "The invoice number INV-2024-{n4} is the one the accountant needs.",
    "Flight confirmation code for the Lisbon trip is in the email from TAP.",
    "Order #{n4}{n4} shipped yesterday and arrives Thursday.",
    "The issue about token expiry is #{n3} on GitHub.",
    "We rotate the {svc} token every 90 days; the reminder is in the calendar.",
    "The SSH host key fingerprint is SHA256:{fp}, verify it on first connect.",
    "The PGP public key fingerprint for releases is {fp40}.",
    "The onion address of the mirror is {onion}.onion.",
    "Set the environment variable DATABASE_URL before running the migrations.",
    "The password hint is 'the dog's name', which is far too easy.",
    "{p} wants a password policy with no forced rotation, per NIST 800-63B.",
    "Lost my phone, so I used a recovery code to get back into {svc}.",
    "Don't forget: the secret key should never be committed; gitleaks runs in CI.",
    "The cipher suite is TLS_AES_256_GCM_SHA384.",
    "The HMAC is computed over the body with SHA-256 and sent in X-Signature.",
    "Sec-WebSocket-Key in the RFC example is dGhlIHNhbXBsZSBub25jZQ==, the sample nonce.",
    "The public Ethereum address for donations is 0x{eth}.",
    "Our Bitcoin donation address is public: bc1q{bc}.",
    "The test card number 4242 4242 4242 4242 works in Stripe test mode.",
    "The Wi-Fi password must be 8 to 63 characters for WPA2.",
    "Password managers like {m1} can generate passphrases of random words.",
    "My password expired while I was on holiday, so IT reset it.",
    "The default router password is admin on that model, change it on setup.",
    "The format is `password: <your password>` in the netrc example.",
    "Prefer `op read op://vault/item/password` to hard-coding secrets.",
    "The credentials are stored in AWS Secrets Manager under prod/db.",
    "What's the difference between an API key and an OAuth token?",
    "The Vault root token was revoked after initial setup, as recommended.",
    "The X.509 certificate serial is {hex16}; it expires in March.",
    "Git LFS object oid sha256:{sha256} is the large dataset.",
    "The IPFS CID of the paper is bafybei{cid}.",
    "The npm package integrity hash is sha512-{b64}.",
    "My {svc} username is {pl}_dev, the password is in {m1}.",
]
DE = [
    "Erinnere mich daran, das {svc}-Passwort vor dem Audit zu ändern.",
    "Wir sind von {m1} zu {m2} umgezogen, alle Passwörter sind importiert.",
    "Das Passwort muss mindestens {n} Zeichen lang sein.",
    "{p} hat ihr Passwort vergessen und den Link zum Zurücksetzen benutzt.",
    "Der API-Schlüssel liegt im Tresor, nicht im Repository.",
    "Die Backup-Codes für die Zwei-Faktor-Anmeldung liegen im Safe.",
    "Das WLAN heißt {p}-Gast, das Passwort steht auf dem Router.",
    "Mein Passwort ist während des Urlaubs abgelaufen.",
    "Sollen wir die Passwörter von {m1} nach {m2} verschieben?",
    "Die PIN der Bankkarte muss vierstellig sein.",
    "Der öffentliche Schlüssel ist {ssh}, den darf jeder sehen.",
    "Der Commit {sha7} hat den Anmeldefehler behoben.",
    "Im Beispiel der Doku steht API_KEY=<dein-schlüssel> als Platzhalter.",
    "Die Formel für die kinetische Energie ist ½mv².",
]
FR = [
    "Rappelle-moi de changer le mot de passe de {svc} avant l'audit.",
    "On a migré les mots de passe de {m1} vers {m2} le mois dernier.",
    "Le mot de passe doit contenir au moins {n} caractères.",
    "{p} a oublié son mot de passe et a dû le réinitialiser.",
    "La clé API est dans le coffre-fort, pas dans le dépôt.",
    "Les codes de secours pour la double authentification sont dans le tiroir.",
    "Le réseau Wi-Fi s'appelle {p}-Maison et le mot de passe est sous la box.",
    "Mon mot de passe a expiré pendant les vacances.",
    "Est-ce qu'on passe de {m1} à {m2} pour l'équipe ?",
    "Le code PIN de la carte doit avoir quatre chiffres.",
    "Ma clé publique SSH est {ssh}, on peut la partager.",
    "Le commit {sha7} corrige le bug de connexion.",
    "Dans la documentation, la clé d'exemple est AKIAIOSFODNN7EXAMPLE.",
    "Remplace <TON_TOKEN> par la vraie valeur dans le fichier de config.",
]
ES = [
    "Recuérdame cambiar la contraseña de {svc} antes de la auditoría.",
    "Pasamos las contraseñas del equipo de {m1} a {m2}.",
    "La contraseña debe tener al menos {n} caracteres.",
    "{p} olvidó su contraseña y tuvo que restablecerla.",
    "La clave API está en la bóveda, no en el repositorio.",
    "Los códigos de respaldo del 2FA están impresos en el cajón.",
    "La red Wi-Fi se llama {p}-Casa y la contraseña está en el router.",
    "Mi contraseña caducó durante las vacaciones.",
    "¿Migramos las contraseñas de {m1} a {m2}?",
    "El PIN de la tarjeta tiene que ser de cuatro dígitos.",
    "Mi clave pública es {ssh}, no pasa nada si la ves.",
    "El commit {sha7} arregla el error de inicio de sesión.",
    "En el ejemplo de la documentación la clave es TU_CLAVE_AQUI.",
]
IT = [
    "Ricordami di cambiare la password di {svc} prima dell'audit.",
    "Abbiamo spostato le password da {m1} a {m2}.",
    "La password deve avere almeno {n} caratteri.",
    "{p} ha dimenticato la password e l'ha reimpostata.",
    "La chiave API è nella cassaforte, non nel repository.",
    "I codici di backup per l'autenticazione a due fattori sono nel cassetto.",
    "La rete Wi-Fi si chiama {p}-Casa e la password è sul modem.",
    "La mia password è scaduta durante le ferie.",
    "La password predefinita del router è sull'etichetta, va cambiata.",
    "Il PIN del bancomat deve essere di cinque cifre.",
    "La mia chiave pubblica è {ssh}.",
    "Il commit {sha7} ha risolto il bug di login.",
]
PT = [
    "Lembra-me de trocar a senha do {svc} antes da auditoria.",
    "Migramos as senhas do {m1} para o {m2}.",
    "A senha precisa ter pelo menos {n} caracteres.",
    "{p} esqueceu a senha e teve de redefinir.",
    "A chave da API fica no cofre, não no repositório.",
    "Os códigos de recuperação estão guardados na gaveta.",
    "A rede Wi-Fi chama-se {p}-Casa e a senha está no roteador.",
    "Minha senha expirou durante as férias.",
    "O PIN do cartão tem quatro dígitos.",
    "Minha chave pública é {ssh}.",
]
NL = [
    "Herinner me eraan het wachtwoord van {svc} te wijzigen vóór de audit.",
    "We zijn van {m1} naar {m2} overgestapt voor de wachtwoorden.",
    "Het wachtwoord moet minstens {n} tekens lang zijn.",
    "{p} is haar wachtwoord vergeten en heeft het gereset.",
    "De API-sleutel staat in de kluis, niet in de repo.",
    "Het wifi-netwerk heet {p}-Thuis en het wachtwoord staat op de router.",
    "Mijn wachtwoord is verlopen tijdens de vakantie.",
    "De pincode van de pinpas moet vier cijfers hebben.",
]
PL = [
    "Przypomnij mi, żeby zmienić hasło do {svc} przed audytem.",
    "Przenieśliśmy hasła z {m1} do {m2}.",
    "Hasło musi mieć co najmniej {n} znaków.",
    "{p} zapomniała hasła i musiała je zresetować.",
    "Klucz API jest w sejfie, nie w repozytorium.",
    "Sieć Wi-Fi nazywa się {p}-Dom, a hasło jest na routerze.",
    "Moje hasło wygasło podczas urlopu.",
    "Kod PIN do karty ma cztery cyfry.",
]
RO = [
    "Amintește-mi să schimb parola de la {svc} înainte de audit.",
    "Am mutat parolele din {m1} în {m2}.",
    "Parola trebuie să aibă cel puțin {n} caractere.",
    "{p} și-a uitat parola și a resetat-o.",
    "Rețeaua Wi-Fi se numește {p}-Acasa, iar parola e pe router.",
    "Parola mea a expirat în concediu.",
    "Codul PIN al cardului are patru cifre.",
]
TR = [
    "{svc} şifresini denetimden önce değiştirmemi hatırlat.",
    "Şifreleri {m1} uygulamasından {m2} uygulamasına taşıdık.",
    "Şifre en az {n} karakter olmalı.",
    "{p} şifresini unuttu ve sıfırladı.",
    "API anahtarı kasada duruyor, depoda değil.",
    "Wi-Fi ağının adı {p}-Ev, şifresi modemin altında yazıyor.",
    "Şifrem tatildeyken süresi doldu.",
]
RU = [
    "Напомни сменить пароль от {svc} перед аудитом.",
    "Мы перенесли пароли из {m1} в {m2}.",
    "Пароль должен быть не короче {n} символов.",
    "{p} забыла пароль и сбросила его.",
    "API-ключ хранится в сейфе, а не в репозитории.",
    "Сеть Wi-Fi называется {p}-Dom, пароль написан на роутере.",
    "Мой пароль истёк, пока я был в отпуске.",
    "PIN-код карты состоит из четырёх цифр.",
]
JA = [
    "監査の前に{svc}のパスワードを変更するのを忘れないで。",
    "パスワードを{m1}から{m2}に移行しました。",
    "パスワードは{n}文字以上にしてください。",
    "{p}さんはパスワードを忘れてリセットしました。",
    "APIキーは金庫に保管していて、リポジトリには入れていません。",
    "Wi-Fiのネットワーク名は{p}-Homeで、パスワードはルーターに書いてあります。",
    "休暇中にパスワードの有効期限が切れました。",
    "暗証番号は4桁です。",
]
ZH = [
    "审计前记得修改{svc}的密码。",
    "我们把密码从{m1}迁移到了{m2}。",
    "密码至少需要{n}个字符。",
    "{p}忘记了密码，已经重置了。",
    "API密钥放在保险库里，不在代码仓库里。",
    "Wi-Fi网络叫{p}-Home，密码写在路由器背面。",
    "我的密码在休假期间过期了。",
    "银行卡的PIN码是四位数字。",
]
KO = [
    "감사 전에 {svc} 비밀번호를 바꾸라고 알려줘.",
    "비밀번호를 {m1}에서 {m2}로 옮겼어요.",
    "비밀번호는 {n}자 이상이어야 합니다.",
    "{p} 씨가 비밀번호를 잊어버려서 재설정했어요.",
    "API 키는 금고에 있고 저장소에는 없습니다.",
    "와이파이 이름은 {p}-Home이고 비밀번호는 공유기에 적혀 있어요.",
    "휴가 중에 비밀번호가 만료되었어요.",
]
SV = [
    "Påminn mig att byta lösenordet till {svc} före revisionen.",
    "Vi flyttade lösenorden från {m1} till {m2}.",
    "Lösenordet måste vara minst {n} tecken långt.",
    "{p} glömde sitt lösenord och återställde det.",
    "Wifi-nätverket heter {p}-Hem och lösenordet sitter på routern.",
]

ALL = [EN, DE, FR, ES, IT, PT, NL, PL, RO, TR, RU, JA, ZH, KO, SV]


def fill(t: str) -> str:
    m1, m2 = R.sample(MANAGERS, 2)
    return t.format(
        svc=R.choice(SERVICES),
        m1=m1,
        m2=m2,
        p=R.choice(PEOPLE),
        n=R.choice(NUMS),
        sha=sha(),
        sha7=sha()[:7],
        uuid=uuid(),
        ssh=ssh_pub(),
        sha256=rnd(HEX, 64),
        n4=R.randrange(1000, 9999),
        n3=R.randrange(100, 999),
        fp=rnd(B62 + "+/", 43),
        fp40=rnd("0123456789ABCDEF", 40),
        onion=rnd(B32, 56),
        eth=rnd(HEX, 40),
        bc=rnd("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 38),
        hex16=rnd(HEX, 16),
        cid=rnd(B32, 52),
        b64=base64.b64encode(bytes(R.randrange(256) for _ in range(64))).decode(),
        pl=R.choice(PEOPLE).lower(),
    )


def ordinary() -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    # every template once, then EN templates again with other fillers until >= 520
    for lang in ALL:
        for t in lang:
            s = fill(t)
            seen.add(s)
            out.append(s)
    while len(out) < 530:
        lang = R.choice(ALL)
        s = fill(R.choice(lang))
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


def secrets() -> list[dict]:
    rows = []
    for _ in range(6):
        rows.append({"text": f"my GitHub token is ghp_{rnd(B62, 36)}", "kind": "github_pat"})
        rows.append({"text": f"export OPENAI_API_KEY=sk-proj-{rnd(B62, 48)}", "kind": "openai"})
        rows.append(
            {
                "text": f"AWS creds: AKIA{rnd(string.ascii_uppercase + '234567', 16)} / {rnd(B62 + '/+', 40)}",
                "kind": "aws",
            }
        )
        rows.append(
            {
                "text": "slack bot token xoxb-"
                + f"{R.randrange(10**11, 10**12)}-{R.randrange(10**11, 10**12)}-{rnd(B62, 24)}",
                "kind": "slack",
            }
        )
        rows.append({"text": f"stripe live key sk_live_{rnd(B62, 24)}", "kind": "stripe"})
        pw = R.choice(
            [
                "Tr0ub4dor&3",
                "maple-river-quartz-77",
                "Summer2024!",
                "8841207",
                "correcthorsebatterystaple",
                "kV9#mQ2!pL",
                "hunter22",
                "ZebraLamp#19",
            ]
        )
        lang = R.choice(
            [
                "The {svc} password is {pw}",
                "Passwort für {svc}: {pw}",
                "le mot de passe de {svc} est {pw}",
                "la contraseña de {svc} es {pw}",
                "la password di {svc} è {pw}",
                "{svc}のパスワードは{pw}です",
                "{svc}的密码是{pw}",
                "{svc} 비밀번호는 {pw} 입니다",
                "пароль от {svc}: {pw}",
                "{svc} şifresi {pw}",
            ]
        )
        rows.append({"text": lang.format(svc=R.choice(SERVICES), pw=pw), "kind": "stated_password"})
        rows.append(
            {
                "text": "Wi-Fi password: "
                + f"{R.choice(['amber', 'cobalt', 'willow'])}-"
                + f"{R.choice(['otter', 'falcon', 'maple'])}-{R.randrange(10, 99)}",
                "kind": "wifi_words",
            }
        )
        rows.append({"text": f"The alarm PIN for the garage is {R.randrange(1000, 999999)}", "kind": "pin"})
        rows.append(
            {
                "text": "backup codes: "
                + ", ".join(
                    f"{rnd('abcdefghjkmnpqrstuvwxyz23456789', 4)}-{rnd('abcdefghjkmnpqrstuvwxyz23456789', 4)}"
                    for _ in range(4)
                ),
                "kind": "backup_codes",
            }
        )
        key = rnd(B62, 40)
        rows.append({"text": f"the ge\u200bt token is ghp_{key[:18]}\u200b{key[18:36]}", "kind": "zero_width"})
        rows.append(
            {
                "text": f"api key (base64): {base64.b64encode(('sk_live_' + rnd(B62, 24)).encode()).decode()}",
                "kind": "base64",
            }
        )
        rows.append({"text": f"postgres://app:{rnd(B62, 16)}@db.internal:5432/prod", "kind": "db_url"})
        rows.append(
            {
                "text": "-----BEGIN OPENSSH PRIVATE KEY-----\n"
                + f"{rnd(B62 + '+/', 70)}\n-----END OPENSSH PRIVATE KEY-----",
                "kind": "private_key",
            }
        )
        rows.append({"text": f"glpat-{rnd(B62 + '-_', 20)} is my gitlab token", "kind": "gitlab"})
    return rows


def main() -> None:
    with open(HERE / "ordinary.jsonl", "w", encoding="utf-8") as f:
        for s in ordinary():
            f.write(json.dumps({"text": s}, ensure_ascii=False) + "\n")
    with open(HERE / "secrets.jsonl", "w", encoding="utf-8") as f:
        for r in secrets():
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
