"""secrets8's held-out set (stop 39, round 2), written before any product change and read only at the end.

Credential rows of the breaker-stop39 classes (TOTP seeds, "creds for X", PUK, codes by what they open, credential
keys in JSON/YAML, a credential column in a table or CSV, PINs in number words, a value after a long noun phrase,
a Wi-Fi key after an SSID, a guest pass, a lock combo) in wordings and languages invented here, none the breaker's;
and ordinary sentences that use the same nouns with no value. Every value is made up.

Run: ``python -m research.bench.secret_held_secrets8`` (prints stored credentials and refused ordinary rows as counts
and masked snippets).
"""

from __future__ import annotations

CREDENTIALS: tuple[str, ...] = (
    # TOTP / 2FA seeds
    "2FA secret for the billing console: KRUGS4ZANFZSAYLOMZUW4ZLSNBQWY3DP",
    "authenticator seed (ops root) -> NB2HI4DTHIXS6ZTPN5XGK3TBNVSS4Y3P",
    "OTP-Schlüssel für das VPN-Konto: MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U",
    "the google authenticator secret key is GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
    # creds for X: user / password
    "creds for the jenkins box: deploy / Tamarind-owl-31",
    "login for the printer admin page -> root / Vesper9!quail",
    "Zugangsdaten NAS: backupuser / Flint-Marmot-62",
    "credentials to the old wiki are editor / plum_Sparrow_804",
    # PUK
    "PUK code for my daughter's phone: 55230914",
    "the PUK of the data SIM is 71049362",
    "PUK da minha SIM: 39018827",
    # codes by what they open
    "the alarm installer code for the shop is 7390",
    "gate opener code: 2-6-0-4-8",
    "the disarm code for the house alarm is 6152",
    "Le code du portail est 4-8-2-7",
    "keypad code for the bike shed = 91735",
    "the code for the key safe at the cottage is 3308",
    # JSON / YAML credential keys
    '{"host": "db2.lan", "username": "svc", "passwd": "Orchid-Lathe-19"}',
    "{'login': 'ops', 'pass': 'Juniper_kite_54'}",
    "db:\n  user: app\n  pwd: Gravel-Heron-88",
    '{"user":"anna","passphrase":"copper wren teapot dune"}',
    # table / CSV column
    "| site | login | passwd |\n|---|---|---|\n| router | admin | Nettle-Loom-35 |",
    "| Service | Password |\n| --- | --- |\n| jira | Saffron#Dingo7 |",
    "system;username;pwd\nftp01;upload;Walrus-Fennel-26",
    "name,email,password\nbob,bob@example.org,Cactus!Ridge42",
    # number words
    "the front door PIN is six two eight one",
    "el PIN de la tarjeta es cinco nueve tres siete",
    "my bank card PIN: nine-four-zero-two",
    # long noun phrase
    "the password I use for all the family streaming accounts is: Rhubarb-Comet-73",
    "the master password of the shared team vault we set up last year is Osprey!Lantern26",
    # wifi key after SSID, guest pass, combo
    "network HomeNet-2G, key: amber-falcon-violin-33",
    "SSID Cottage_5G — passphrase is thistle-otter-quartz",
    "visitor wifi CafeGuest, pass: blue-kettle-nine",
    "the bike lock combo is 4-0-8-2",
    "combination for the gym locker: 19-33-07",
)

ORDINARY: tuple[str, ...] = (
    "the PIN pad at the front desk is an Ingenico Move 5000",
    "Pumpkin seeds: 3 tbsp, toasted",
    "the PUK is printed on the card the SIM came in",
    "| account | password policy |\n|---|---|\n| staff | 14 characters, rotated yearly |",
    "| field | type |\n|---|---|\n| password | string |",
    "name,email,password_hash\nSee the export spec for the columns.",
    "the seed for the random generator is fixed in tests",
    "set the random seed with --seed so runs are reproducible",
    "the 2FA secret is shown once as a QR code when you enroll",
    "the TOTP seed must be stored encrypted at rest",
    "creds for the staging box are in 1Password under Staging",
    "login for the printer admin page is on the wiki",
    "the alarm installer code is needed to change zones, ask the security firm",
    "the garage door opener needs new batteries",
    "the gate code changes every month, the office sends it by SMS",
    "the disarm code is whatever you set in the app",
    "keypad code entry is disabled after five wrong tries",
    '{"type": "password", "minLength": 12}',
    '{"password": null}',
    "passwd: the file /etc/passwd lists users, not passwords",
    "Use `pwd` to see which directory you are in",
    "the pwd key in the JSON is optional when SSO is on",
    "db:\n  user: app\n  pwd: ${DB_PASSWORD}",
    "the password column in the users table is bcrypt-hashed",
    "the CSV has columns host, user and password; the password cells are empty",
    "| Step | Owner |\n|---|---|\n| reset password | IT desk |",
    "the PIN is four digits long",
    "I told her the PIN was four numbers, nothing more",
    "the password I use for all the family streaming accounts is in the notebook",
    "the master password of the shared team vault is held by Dana and Ravi",
    "network HomeNet-2G is on channel 6",
    "SSID Cottage_5G is the faster one, use it for calls",
    "the guest wifi pass is on the fridge",
    "boarding pass: seat 14C, gate B22",
    "the bike lock combo is on a sticky note in the shed",
    "combination therapy with the two drugs worked better",
    "a combo of rice and beans is cheap and filling",
    "The key is to start early and keep going",
    "the key for the meeting room is at reception",
    "WPA2 key length must be at least 8 characters",
    "seed round closed at 2.5 million",
    "Chia seeds: soak for 10 minutes before use",
    "the PUK code is blocked after ten wrong attempts",
    "PIN 7 on the header is ground",
    "your PIN should not be your birthday",
    "credentials are rotated every 90 days by Vault",
    "the login page moved to /auth/login",
    "user / password authentication is deprecated in favour of SSO",
    "Der PUK steht auf der Rückseite der SIM-Karte",
    "La contraseña debe tener al menos doce caracteres",
    "Le code du portail a changé hier",
    "el PIN de la tarjeta llega por correo aparte",
    "the installer code should be changed from the factory default",
    "the alarm panel beeps when the door opens",
    "the opener code is learned by pressing the button on the motor",
    "passphrase strength is measured with zxcvbn",
    "the passphrase field accepts spaces",
    "my password for everything used to be the same, now I use a manager",
    "the secret ingredient is smoked paprika",
    "The secret to good bread is time",
    "we keep secrets in Vault and inject them at deploy",
    "the token expires after one hour",
    "seeds of doubt were planted early in the project",
    "| Name | PIN required |\n|---|---|\n| kiosk | yes |",
    "username,role\nalice,admin\nbob,viewer",
    "the combo box lists every region",
    "the lock combination was reset by the landlord",
    "guest pass holders may use the pool until 8pm",
    "the wifi key is printed under the router",
    "the SSID is hidden, ask Karl to add your laptop",
)


def main() -> None:
    """Print how many credentials are stored and how many ordinary rows are refused by SecretScanner.kinds."""
    from contextlamp.domain.secret_scan import SecretScanner

    scanner = SecretScanner()
    stored = [row for row in CREDENTIALS if not scanner.kinds(row)]
    refused = [(row, scanner.kinds(row)) for row in ORDINARY if scanner.kinds(row)]
    print(f"credentials stored: {len(stored)} of {len(CREDENTIALS)}")
    for row in stored:
        print("  stored:", row[:12].replace("\n", " "), "...")
    print(f"ordinary refused: {len(refused)} of {len(ORDINARY)}")
    for row, kinds in refused:
        print("  refused:", kinds, row[:60].replace("\n", " "))


if __name__ == "__main__":
    main()
