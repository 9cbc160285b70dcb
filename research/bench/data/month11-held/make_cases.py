"""Writes cases.json (capture_held's format) and pairs.json (correction_pairs' format) of month11-held."""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
A = "Okay."


def junk(cid, cls, line, drop, lead=None):
    turns = []
    if lead:
        turns += [["user", lead], ["assistant", "Sure."]]
    turns += [["user", line], ["assistant", A]]
    return {"id": cid, "class": cls, "sessions": [turns], "drop": drop, "max_memories": 0}


def fact(cid, cls, line, keep, drop=(), noise=True):
    turns = [["user", line], ["assistant", "Noted."]]
    if noise:
        turns += [["user", "ok, back to the fermenter dashboard"], ["assistant", "Sure."]]
    case = {"id": cid, "class": cls, "sessions": [turns], "keep": keep}
    if drop:
        case["drop"] = list(drop)
    return case


def corr(cid, cls, old_line, new_line, keep, retired, drop=()):
    case = {
        "id": cid,
        "class": cls,
        "sessions": [
            [["user", old_line], ["assistant", "Noted."]],
            [
                ["user", "one thing before we start"],
                ["assistant", "Go ahead."],
                ["user", new_line],
                ["assistant", "Updated."],
            ],
        ],
        "keep": keep,
        "retired": retired,
    }
    if drop:
        case["drop"] = list(drop)
    return case


cases = [
    # discourse openers: removed, never rewritten into the fact
    fact(
        "open-1",
        "opener",
        "for what it's worth, the keg tracker runs on the birch cluster",
        [["keg tracker", "birch"]],
        ["worth"],
    ),
    fact(
        "open-2",
        "opener",
        "Just so you know, the bottling line controller logs to /var/log/bottler.",
        [["bottling line", "/var/log/bottler"]],
        ["just so", "you know"],
    ),
    fact(
        "open-3",
        "opener",
        "to be clear, the recipe vault is backed up to the s3 bucket brew-recipes-bak",
        [["recipe vault", "brew-recipes-bak"]],
        ["to be clear", "clear"],
    ),
    fact(
        "open-4",
        "opener",
        "My bad: the cellar alarm pages through Opsgenie, not email.",
        [["cellar alarm", "Opsgenie"]],
        ["my bad", "the user's bad", "bad:"],
    ),
    fact(
        "open-5",
        "opener",
        "Correction on my side: the label printer queue is served from labelq.brew.lan.",
        [["label printer", "labelq.brew.lan"]],
        ["my side", "the user's side", "on the user"],
    ),
    fact(
        "open-6",
        "opener",
        "For the avoidance of doubt, the hop inventory syncs nightly at 02:00 UTC.",
        [["hop inventory", "02:00"]],
        ["avoidance", "doubt"],
    ),
    fact(
        "open-7",
        "opener",
        "fwiw the distributor portal is deployed on the alder nodes",
        [["distributor portal", "alder"]],
        ["fwiw"],
    ),
    fact(
        "open-8",
        "opener",
        "Error on my part: the lab sampler writes its readings to the pg table lab_readings.",
        [["lab sampler", "lab_readings"]],
        ["my part", "the user's part", "error on"],
    ),
    fact(
        "open-9",
        "opener",
        "for context, the tap-room POS bridge talks to Square over webhooks",
        [["POS bridge", "Square"]],
        ["for context", "context's"],
    ),
    fact(
        "open-10",
        "opener",
        "For reference, the fermenter monitor polls the probes every 30 seconds.",
        [["fermenter monitor", "30 seconds"]],
        ["reference's", "for reference"],
    ),
    fact(
        "open-11",
        "opener",
        "to set the record straight, the keg tracker's database is MariaDB",
        [["keg tracker", "MariaDB"]],
        ["record straight", "record's"],
    ),
    fact(
        "open-12",
        "opener",
        "Just for the record: the recipe vault's owner is Ines.",
        [["recipe vault", "Ines"]],
        ["for the record", "record's"],
    ),
    # relations said with verbs no rule knew
    fact(
        "rel-1",
        "relation",
        "the bottling line controller leans heavily on Modbus RTU for the fillers",
        [["bottling line", "Modbus RTU"]],
    ),
    fact(
        "rel-2",
        "relation",
        "The hop inventory pulls its prices from the BarthHaas feed.",
        [["hop inventory", "BarthHaas"]],
    ),
    fact(
        "rel-3",
        "relation",
        "the lab sampler stamps every reading in Europe/Berlin time",
        [["lab sampler", "Europe/Berlin"]],
    ),
    fact(
        "rel-4",
        "relation",
        "If the fermenter monitor misbehaves, the first thing to check is the probe-health dashboard.",
        [["fermenter monitor", "probe-health"]],
    ),
    fact(
        "rel-5",
        "relation",
        "the distributor portal relies on Keycloak for logins",
        [["distributor portal", "Keycloak"]],
    ),
    fact(
        "rel-6",
        "relation",
        "The cellar alarm draws its thresholds from cellar_limits.yaml.",
        [["cellar alarm", "cellar_limits.yaml"]],
    ),
    fact("rel-7", "relation", "the keg tracker records all its times in UTC", [["keg tracker", "UTC"]]),
    fact("rel-8", "relation", "the label printer queue hooks into CUPS on the print host", [["label printer", "CUPS"]]),
    fact(
        "rel-9",
        "relation",
        "The best place to start debugging the POS bridge is the pos-bridge Grafana board.",
        [["POS bridge", "pos-bridge"]],
    ),
    fact(
        "rel-10", "relation", "the recipe vault leans on libsodium to encrypt recipes", [["recipe vault", "libsodium"]]
    ),
    # look-alikes: must not be stored
    junk("lk-1", "lookalike", "for what it's worth, I think it's fine", ["worth", "fine"]),
    junk("lk-2", "lookalike", "Just so you know, I'll be offline tomorrow afternoon.", ["offline"]),
    junk("lk-3", "lookalike", "my bad, wrong window", ["wrong window"]),
    junk("lk-4", "lookalike", "To be clear, that was only a guess.", ["guess"]),
    junk("lk-5", "lookalike", "for the record, I never liked that dashboard", ["never liked"]),
    junk("lk-6", "lookalike", "It leans on that a lot.", ["leans on"]),
    junk("lk-7", "lookalike", "The first place to look is probably the logs, no idea really.", ["no idea"]),
    junk("lk-8", "lookalike", "Mistake on my part, ignore that last message.", ["ignore that", "last message"]),
    junk("lk-9", "lookalike", "correction on my side, I pasted the wrong thing", ["pasted the wrong"]),
    junk("lk-10", "lookalike", "It pulls in a lot of stuff.", ["lot of stuff"]),
    # corrections in a second session: new opening wordings
    corr(
        "cor-1",
        "amend",
        "The fermenter monitor stores its history in InfluxDB.",
        "Amend what I said about the fermenter monitor: it stores its history in TimescaleDB now, InfluxDB is gone.",
        [["fermenter monitor", "TimescaleDB"]],
        ["history in InfluxDB."],
        ["amend"],
    ),
    corr(
        "cor-2",
        "make-that",
        "The keg tracker's backups run at 01:00.",
        "Make that 03:30, not 01:00, for the keg tracker's backups.",
        [["keg tracker", "03:30"]],
        ["backups run at 01:00"],
        ["make that"],
    ),
    corr(
        "cor-3",
        "not-after-all",
        "The lab sampler exports CSV files.",
        "Not CSV after all — the lab sampler exports Parquet files.",
        [["lab sampler", "Parquet"]],
        ["exports CSV"],
        ["after all"],
    ),
    corr(
        "cor-4",
        "we-retired",
        "The cellar alarm's on-call rota is in PagerDuty.",
        "we retired PagerDuty; the cellar alarm's on-call rota lives in Opsgenie now",
        [["cellar alarm", "Opsgenie"]],
        ["rota is in PagerDuty"],
    ),
    corr(
        "cor-5",
        "amend",
        "The distributor portal's session timeout is 15 minutes.",
        "Let me amend what I told you about the distributor portal: the session timeout is 45 minutes.",
        [["distributor portal", "45 minutes"]],
        ["timeout is 15 minutes"],
        ["amend"],
    ),
    corr(
        "cor-6",
        "make-that",
        "The hop inventory's reorder threshold is 20 kg.",
        "Make it 35 kg, not 20 kg, for the hop inventory's reorder threshold.",
        [["hop inventory", "35 kg"]],
        ["threshold is 20 kg"],
        ["make it"],
    ),
    corr(
        "cor-7",
        "we-retired",
        "The label printer queue runs on printhost-1.",
        "We decommissioned printhost-1; the label printer queue runs on printhost-3 now.",
        [["label printer", "printhost-3"]],
        ["runs on printhost-1."],
    ),
    corr(
        "cor-8",
        "not-after-all",
        "The POS bridge retries failed webhooks 3 times.",
        "Not 3 after all: the POS bridge retries failed webhooks 5 times.",
        [["POS bridge", "5 times"]],
        ["webhooks 3 times"],
        ["after all"],
    ),
]

pairs = []


def c(pid, cls, older, newer):
    pairs.append({"id": pid, "class": cls, "expect": "retire", "older": older, "newer": newer})


def k(pid, cls, older, newer):
    pairs.append({"id": pid, "class": cls, "expect": "keep", "older": older, "newer": newer})


W = "The water meter reader"
c(
    "c01",
    "amend",
    "The water meter reader uploads readings to the meter-raw bucket.",
    "Amend what I told you about the water meter reader: it uploads readings to the meter-clean bucket.",
)
c(
    "c02",
    "amend",
    "The tariff engine rounds bills to 2 decimals.",
    "Amend what I said about the tariff engine: it rounds bills to 4 decimals.",
)
c(
    "c03",
    "amend",
    "Leak alerts are sent by the sentinel service.",
    "Let me amend my note on leak alerts: they are sent by the watchdog service.",
)
c(
    "c04",
    "make_that",
    "The pump scheduler runs every 10 minutes.",
    "Make that 5 minutes, not 10 minutes, for the pump scheduler.",
)
c(
    "c05",
    "make_that",
    "The billing export is written to /srv/exports/billing.",
    "Make that /srv/exports/billing-v2, not /srv/exports/billing, for the billing export.",
)
c(
    "c06",
    "make_that",
    "The outage map is hosted on the cedar cluster.",
    "Make it the spruce cluster, not the cedar cluster, for the outage map.",
)
c(
    "c07",
    "make_that",
    "The valve controller firmware is 2.4.",
    "Make that 2.6 for the valve controller firmware, not 2.4.",
)
c(
    "c08",
    "not_after_all",
    "The reservoir dashboard is built in Kibana.",
    "Not Kibana after all — the reservoir dashboard is built in Grafana.",
)
c(
    "c09",
    "not_after_all",
    "The SCADA historian keeps data for 90 days.",
    "Not 90 days after all; the SCADA historian keeps data for 365 days.",
)
c(
    "c10",
    "not_after_all",
    "The customer portal uses Auth0 for logins.",
    "Not Auth0 after all: the customer portal uses Keycloak for logins.",
)
c(
    "c11",
    "we_retired",
    "The meter reader's alerts watch the meter_lag metric.",
    "we retired meter_lag; the meter reader's alerts watch upload_delay_seconds now",
)
c(
    "c12",
    "we_retired",
    "Field crews are dispatched through Dispatchr.",
    "We retired Dispatchr; field crews are dispatched through FieldHub now.",
)
c(
    "c13",
    "we_retired",
    "The tariff engine reads rates from the rates_2023 table.",
    "we've retired rates_2023, the tariff engine reads rates from rates_2025 now",
)
c(
    "c14",
    "we_retired",
    "Nightly reports are emailed from reports@aqualine.io.",
    "We decommissioned reports@aqualine.io; nightly reports come from noreply@aqualine.io now.",
)
c(
    "c15",
    "my_bad",
    "The pump scheduler is owned by Tomasz.",
    "My bad: the pump scheduler is owned by Aleksandra, not Tomasz.",
)
c(
    "c16",
    "mistake",
    "The outage map refreshes every 60 seconds.",
    "Mistake on my part: the outage map refreshes every 15 seconds.",
)
c(
    "c17",
    "correction_side",
    "The valve controller talks to the PLCs over Modbus TCP.",
    "Correction on my side: the valve controller talks to the PLCs over DNP3.",
)
c(
    "c18",
    "amend",
    "The sewer camera archive lives on nas-02.",
    "Amending what I told you earlier about the sewer camera archive: it lives on nas-05.",
)
c(
    "c19",
    "make_that",
    "The leak detector's sensitivity is 0.8.",
    "Make that 0.65, not 0.8, for the leak detector's sensitivity.",
)
c(
    "c20",
    "not_after_all",
    "The billing export runs on Sundays.",
    "Not Sundays after all — the billing export runs on Mondays.",
)
c(
    "c21",
    "to_be_clear",
    "The reservoir dashboard's owner is Dalia.",
    "To be clear, the reservoir dashboard's owner is Benedikt now, not Dalia.",
)

k(
    "k01",
    "second_attribute",
    "The water meter reader uploads readings to the meter-raw bucket.",
    "Amend the water meter reader's README to mention the upload retries.",
)
k(
    "k02",
    "make_request",
    "The pump scheduler runs every 10 minutes.",
    "Make that change to the pump scheduler's log format before Friday.",
)
k(
    "k03",
    "make_request",
    "The billing export is written to /srv/exports/billing.",
    "Make sure the billing export also writes a checksum file.",
)
k(
    "k04",
    "not_after_all_other",
    "The reservoir dashboard is built in Kibana.",
    "Not a priority after all — the reservoir dashboard redesign can wait.",
)
k(
    "k05",
    "retired_other",
    "The meter reader's alerts watch the meter_lag metric.",
    "We retired the old pager rota; the meter reader's alerts still watch meter_lag.",
)
k(
    "k06",
    "retired_other",
    "Field crews are dispatched through Dispatchr.",
    "We retired the paper timesheets; field crews log hours in Dispatchr too.",
)
k(
    "k07",
    "history",
    "The tariff engine reads rates from the rates_2023 table.",
    "Before 2023 we retired a lot of tables; the tariff engine's old rates were in a spreadsheet.",
)
k(
    "k08",
    "my_bad_other",
    "The pump scheduler is owned by Tomasz.",
    "My bad, I forgot to tell you: Tomasz is on holiday next week.",
)
k(
    "k09",
    "mistake_other",
    "The outage map refreshes every 60 seconds.",
    "Mistake on my part: I pushed the outage map branch without tests.",
)
k(
    "k10",
    "correction_other_subject",
    "The valve controller talks to the PLCs over Modbus TCP.",
    "Correction on my side: the pump scheduler talks to its PLCs over DNP3.",
)
k(
    "k11",
    "amend_other_attribute",
    "The sewer camera archive lives on nas-02.",
    "Amend what I told you about the sewer camera archive: it keeps footage for 180 days.",
)
k(
    "k12",
    "make_that_other_subject",
    "The leak detector's sensitivity is 0.8.",
    "Make that 0.65 for the pressure monitor's sensitivity, the leak detector stays as is.",
)
k(
    "k13",
    "hypothetical",
    "The billing export runs on Sundays.",
    "If finance agrees, we might move the billing export to Mondays.",
)
k(
    "k14",
    "question",
    "The customer portal uses Auth0 for logins.",
    "Should we retire Auth0 for the customer portal and use Keycloak?",
)
k(
    "k15",
    "addition",
    "The outage map is hosted on the cedar cluster.",
    "To be clear, the outage map's staging copy is hosted on the spruce cluster.",
)
k(
    "k16",
    "shared_value",
    "The valve controller firmware is 2.4.",
    "Not to be confused with it: the pressure monitor firmware is 2.6.",
)
k(
    "k17",
    "amend_other_subject",
    "Leak alerts are sent by the sentinel service.",
    "Amend what I told you about outage alerts: they are sent by the watchdog service.",
)
k(
    "k18",
    "not_after_all_other",
    "The SCADA historian keeps data for 90 days.",
    "Not so urgent after all: the SCADA historian migration moves to Q3.",
)
k(
    "k19",
    "we_retired_same_value",
    "The customer portal uses Auth0 for logins.",
    "We retired Okta last year; the customer portal still uses Auth0 for logins.",
)
k(
    "k20",
    "to_be_clear_same",
    "The reservoir dashboard's owner is Dalia.",
    "To be clear, Dalia owns the reservoir dashboard and its alerts.",
)
k(
    "k21",
    "make_that_coffee",
    "The pump scheduler runs every 10 minutes.",
    "Make that two coffees, not one, for the standup tomorrow.",
)

(HERE / "cases.json").write_text(json.dumps({"cases": cases}, indent=1) + "\n")
(HERE / "pairs.json").write_text(json.dumps({"pairs": pairs}, indent=1) + "\n")
print(
    len(cases),
    "cases,",
    sum(p["expect"] == "retire" for p in pairs),
    "corrections,",
    sum(p["expect"] == "keep" for p in pairs),
    "keeps",
)
