"""Issue #28, stop 46: a one-time code (2FA, SMS, verification) stated in another language is refused like the
English "your verification code is 482913", and a sentence about such codes without one stays storable. Found by
the fresh blind month banks, where "mi è arrivato il codice 2FA 482913" (Italian) reached the data files."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()

CODES = {
    "it": "mi è arrivato il codice 2FA 482913, lo inserisco io nel pannello",
    "it copula": "il codice di verifica è 551902",
    "pt": "o código de verificação é 551902",
    "nl": "de verificatiecode is 551902",
    "pl": "Twój kod weryfikacyjny: 551902",
    "tr": "doğrulama kodu 551902",
    "ru": "код подтверждения 551902",
    "ja": "認証コードは551902です",
    "zh": "验证码是551902",
    "ko": "인증번호는 551902입니다",
    "de hyphen": "Ich habe den 2FA-Code 482913 bekommen",
}

ABOUT_CODES = {
    "it": "il codice di verifica arriva per SMS entro un minuto",
    "pt": "o código de verificação expira em 10 minutos",
    "nl": "de verificatiecode is 6 cijfers lang",
    "pl": "kod weryfikacyjny ważny jest 5 minut",
    "tr": "doğrulama kodu 5 dakika geçerli",
    "ru": "код подтверждения приходит по смс",
    "ja": "認証コードは6桁です",
    "zh": "验证码有效期为5分钟",
    "ko": "인증번호는 3분 동안 유효합니다",
    "en": "the SMS-code step is flaky since v2.3",
}


@pytest.mark.parametrize("text", CODES.values(), ids=CODES.keys())
def test_a_one_time_code_in_another_language_is_refused(text: str) -> None:
    assert "One-Time Code" in SCANNER.kinds(text)


@pytest.mark.parametrize("text", ABOUT_CODES.values(), ids=ABOUT_CODES.keys())
def test_a_sentence_about_one_time_codes_stays_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []
