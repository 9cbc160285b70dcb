"""The declarative cue sets: Chinese, Japanese, Korean, Russian and Arabic, Greek, and ``GENERIC`` for every
other language.

A declarative set is small (a few words per kind) and keeps any user statement with enough words that is not
noise as a fact, since no short word list covers how facts are stated there. All of them share the noise of
the whole world: greetings, thanks and acknowledgements of many languages (``WORLD_CHATTER``) and a greeting in front of a statement (``LEADING_GREETING``), which every entry is
given, so a language's entry holds only its own patterns. ``GENERIC`` has no cue of its own but "todo", so a
language without a cue list keeps its durable statements instead of dropping everything.

Data only, applied by offline._classify; every pattern is an alternation of literals with no nested quantifier
(``WORLD_CHATTER``: atomic and possessive, cue_set.acks), so matching is linear in the sentence.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from contextlamp.distill.cue_set import ANY, Cues, acks, cue, cue_set, word_alternation

# greetings, thanks, acknowledgements and farewells of many languages (any of them, in any session)
WORLD_ACKS = (
    "hi hello hey thanks thank_you thx ok okay yes no yep nope bye cheers great cool nice perfect got_it",
    "ciao grazie grazie_mille prego salve buongiorno va_bene perfetto sì certo arrivederci",
    "olá oi obrigado obrigada muito_obrigado tchau tudo_bem beleza certo sim não",
    "hola gracias adiós vale sí claro merci bonjour salut d'accord oui non danke hallo tschüss ja nein",
    "hej tack tak dziękuję cześć dobrze dank_je dank_je_wel top super bedankt hoi doei prima merhaba teşekkürler tamam evet hayır",
    "γεια γεια_σας ευχαριστώ ναι όχι εντάξει שלום תודה כן לא בסדר नमस्ते धन्यवाद हाँ ठीक_है",
    "xin_chào cảm_ơn vâng salam terima_kasih baik สวัสดี ขอบคุณ ครับ ค่ะ",
    # Chinese
    "你好 您好 大家好 嗨 哈喽 谢谢 谢谢你 谢谢您 多谢 感谢 非常感谢 好的 好 嗯 嗯嗯 哦 噢 行 可以 没问题 明白 明白了",
    "知道了 收到 了解 不客气 再见 拜拜 早上好 晚上好 晚安 对 对的 是的 没错 太好了 完美 辛苦了 了 啊 呀 吧 啦 嘛",
    # Japanese
    "こんにちは こんばんは おはよう おはようございます ありがとう ありがとうございます ありがとうございました どうも",
    "よろしく よろしくお願いします よろしくお願いいたします はい いいえ ええ うん 了解 了解です 了解しました",
    "わかりました 分かりました 承知しました かしこまりました さようなら またね お疲れ様です お疲れ様でした すみません",
    "大丈夫 大丈夫です なるほど いいですね いいね 完璧 完璧です 素晴らしい 助かります 助かりました オッケー",
    # Korean
    "안녕하세요 안녕 감사합니다 감사해요 고맙습니다 고마워요 고마워 네 예 아니요 아뇨 좋아요 좋습니다 알겠습니다",
    "알겠어요 알았어 그래요 수고하셨습니다 수고하세요 천만에요 잘_가요 또_봐요 완벽해요 최고 오케이 넵 괜찮아요",
    # Russian
    "привет здравствуй здравствуйте добрый_день добрый_вечер доброе_утро спасибо спасибо_большое большое_спасибо",
    "благодарю пожалуйста пока до_свидания хорошо ладно да нет ок окей понятно понял поняла ясно отлично супер",
    "класс круто договорились согласен согласна конечно угу ага всё_понятно я_понял я_поняла",
    # Arabic
    "مرحبا مرحباً أهلا أهلاً اهلا السلام_عليكم وعليكم_السلام شكرا شكراً شكرا_جزيلا شكراً_جزيلاً مع_السلامة",
    "إلى_اللقاء حسنا حسناً نعم لا تمام ممتاز رائع صباح_الخير مساء_الخير عفوا عفواً فهمت واضح طيب أكيد بالتأكيد",
)

WORLD_CHATTER = acks(word_alternation(*WORLD_ACKS))
LEADING_GREETING = cue(  # "你好，…", "Привет, …": a greeting in front of a statement
    r"^(?:hi|hello|hey|你好|您好|嗨|こんにちは|こんばんは|おはようございます|안녕하세요|привет|здравствуйте|"
    r"مرحبا|مرحباً|أهلا|السلام عليكم)[\s,，、!！.。:：]+"
)


# A declarative entry: the world's chatter and leading greetings are its noise, and any statement
# of ``min_words`` words or more that is not noise is a fact; the entry gives only the language's own cues.
_declarative = partial(
    cue_set,
    chatter=WORLD_CHATTER,
    fact=ANY,
    filler=LEADING_GREETING,
    declarative=True,
)

# any other language: greetings, thanks and acknowledgements of many languages are the noise
GENERIC = _declarative(task=r"\btodo\b")

DECLARATIVE_CUES: dict[str, Cues] = {
    "zh": _declarative(
        offer=r"^(?:需要我|要不要我|我可以(?:帮你|再|也)|如果你需要|如果需要|希望(?:这|对你)|以下是|这是|我已经|我来)",
        request=(
            r"^(?!.*(?:总是|始终|一定要|务必|永远|每次))(?:.*(?:请你?|麻烦你?)(?:帮|给|写|告诉|解释|检查|看|生成|翻译|列出|推荐)"
            r"|帮我|给我|你能|你可以|能不能|可不可以|能帮|可以帮)"
        ),
        dangling=r"^(?:它|它们|他们|她们|他|她|这是|那是|这就是|这些是|那些是)",  # not "这个项目": that names it
        task=(
            r"^任务[:：]|待办|提醒我|记得要|别忘了|截止|最后期限|todo|之前(?:完成|做完|提交|修复|上线)|"
            r"(?:我|我们)(?:还)?(?:需要|得|要)(?:在|把|去|先)"
        ),
        decision=(
            r"决定|定了|选择了|选用|改用|换成|切换到|迁移到|从现在起|以后(?:都|一律)|今后|不再用|放弃|采用|而不是|代替|取代"
        ),
        instruction=r"总是|始终|一定要|必须|务必|永远不要|不要|别再|禁止|规定|规则|约定",
        preference=r"喜欢|偏好|宁愿|宁可|讨厌|倾向于|最爱",
        event=(
            r"[0-9０-９一二三四五六七八九十]+月|星期[一二三四五六日天]|周[一二三四五六日]|昨天|上周|下周|明年|去年|上线|发布|推出|启动|20\d\d年"
        ),
        task_label="任务",
        question=r"(?:吗|呢|么)[\s。.!！]*$",
    ),
    "ja": _declarative(
        offer=(
            r"^(?:何か他に|他に何か|必要であれば|ご希望であれば|以下(?:は|が)|こちらが|更新しました|追加しました|修正しました)"
        ),
        request=(
            r"^(?!.*(?:必ず|常に|いつも|絶対|決して|しないでください))"
            r".*(?:てください|て下さい|てくれ|てもらえ|ていただけ|教えて|見せて|書いて|確認して|直して|お願いできますか)"
        ),
        dangling=r"^(?:それ|これ|あれ|彼|彼女|彼ら)(?:は|が|も|を)",  # not "この…" / "その…": those name it
        task=(
            r"todo|やること|タスク|締め切り|締切|期限|までに|リマインド|忘れずに|しなければ|しないといけない|する必要があ"
        ),
        decision=(
            r"決めました|決定|決まりました|にしました|に決め|に変更|に切り替え|に移行|採用|の代わりに|ではなく|今後は|これからは|やめました"
        ),
        instruction=r"必ず|常に|いつも|絶対に|決して|しないでください|禁止|ルール|規約",
        preference=r"好き|好みます|好む|嫌い|苦手|のほうがいい|の方がいい|派です",
        event=(
            r"[0-9０-９]+月|[0-9０-９]+日|月曜|火曜|水曜|木曜|金曜|土曜|日曜|昨日|先週|来週|来月|去年|来年|リリース|公開|開始"
        ),
        task_label="タスク",
        question=r"(?:ですか|ますか|でしょうか|かな|か)[\s。.!！]*$",
    ),
    "ko": _declarative(
        offer=r"^(?:더 필요하신|필요하시면|원하시면|다음은|여기 있습니다|업데이트했습니다|추가했습니다|수정했습니다)",
        request=(
            r"^(?!.*(?:항상|반드시|절대|꼭))"
            r".*(?:해 주세요|해주세요|주세요|줄래|줄 수 있|알려줘|알려 주세요|보여줘|써 줘|써줘|도와줘|도와주세요|부탁)"
        ),
        dangling=r"^(?:그것|이것|그건|이건|그게|이게|그는|그녀는|그들은)",
        task=r"^작업\s*:|할 일|todo|마감|까지|해야 합니다|해야 해요|해야 한다|해야 돼|잊지 말고|리마인드",
        decision=(
            r"결정|정했|하기로 했|로 바꿨|으로 바꿨|로 변경|으로 변경|로 전환|으로 전환|로 이전|대신|앞으로는|이제부터|채택"
        ),
        instruction=r"항상|반드시|절대|꼭|하지 마세요|하지 마|금지|규칙|규약",
        preference=r"좋아합니다|좋아해요|좋아해|선호|싫어|더 좋|편해요",
        event=(
            r"\d+월|\d+일|월요일|화요일|수요일|목요일|금요일|토요일|일요일|어제|지난주|다음 주|다음주|내년|작년|출시|릴리스"
        ),
        task_label="할 일",
        min_words=3,  # Korean words carry their particles ("데이터베이스는"): fewer, longer words
    ),
    "ru": _declarative(
        offer=(
            r"^(?:хотите|хочешь|могу также|если нужно|вот (?:код|пример|обновл)|я (?:обновил|добавил|изменил|исправил))"
        ),
        request=(
            r"^(?:можешь|можете|могли бы|помоги|помогите|подскажи|подскажите|напиши|напишите|покажи|покажите|"
            r"объясни|объясните|проверь|проверьте|сделай|сделайте)\b"
        ),
        dangling=r"^(?:это|он|она|оно|они)\b",
        task=(
            r"\b(?:нужно|надо|необходимо|не забыть|напомни|до (?:понедельника|вторника|среды|четверга|пятницы|завтра)|"
            r"дедлайн|задача)\b"
        ),
        decision=(
            r"\b(?:решили|решение|решено|выбрали|перешли на|переходим на|переехали на|вместо|отныне|с этого момента|"
            r"отказались от)\b"
        ),
        instruction=r"\b(?:всегда|никогда|обязательно|должен|должна|должны|нельзя|правило|соглашение)\b",
        preference=r"\b(?:предпочитаю|предпочитаем|люблю|нравится|ненавижу|больше нравится)\b",
        event=(
            r"\b(?:январ|феврал|март|апрел|ма[йя]|июн|июл|август|сентябр|октябр|ноябр|декабр|понедельник|вторник|"
            r"сред[ау]|четверг|пятниц|суббот|воскресень)\w*|\b(?:вчера|на прошлой неделе|на следующей неделе|"
            r"20\d\d|релиз|выпустили|запустили)\b"
        ),
        task_label="Задача",
    ),
    "ar": _declarative(
        offer=r"^(?:هل تريد|هل تود|يمكنني أيضا|إذا احتجت|إليك|هذا هو|لقد (?:قمت|أضفت|حدثت))",
        request=r"^(?:هل يمكنك|هل تستطيع|من فضلك|ساعدني|اكتب لي|أرني|اشرح|أعطني|ممكن)",
        dangling=r"^(?:هو|هي|هذا|هذه|ذلك|تلك|هم)\b",
        task=r"علي أن|علينا أن|أحتاج إلى|نحتاج إلى|ذكرني|الموعد النهائي|قبل يوم|بحلول|مهمة",
        decision=r"قررنا|قررت|القرار|اخترنا|انتقلنا إلى|سننتقل إلى|بدلا من|بدلاً من|من الآن فصاعدا|اعتمدنا|تخلينا عن",
        instruction=r"دائما|دائماً|أبدا|أبداً|يجب|لا تستخدم|ممنوع",  # not "قاعدة": a rule, but also "قاعدة بيانات"
        preference=r"أفضل|أحب|لا أحب|أكره|يعجبني|لا يعجبني",
        event=(
            r"يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر|اثنين|ثلاثاء|أربعاء|"
            r"خميس|جمعة|سبت|الأحد|أمس|الأسبوع الماضي|الأسبوع القادم|20\d\d|أطلقنا|إطلاق"
        ),
        task_label="مهمة",
        min_words=3,  # Arabic attaches articles and prepositions to the word ("لقاعدة")
    ),
    "el": replace(GENERIC, question=cue(r"[;\u037e]\s*$")),  # Greek writes its question mark as ";"
}
