<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar">
<context>
    <name>QGuiApplication</name>
    <message>
        <source>QT_LAYOUT_DIRECTION</source>
        <translation>RTL</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Unreadable line %1</source>
        <translation>سطر غير مقروء %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (and %n more; see the terminal)</source>
        <translation>
            <numerusform>%1 (ولا مزيد؛ راجع الطرفية)</numerusform>
            <numerusform>%1 (وواحد آخر؛ راجع الطرفية)</numerusform>
            <numerusform>%1 (واثنان آخران؛ راجع الطرفية)</numerusform>
            <numerusform>%1 (و%Ln أخرى؛ راجع الطرفية)</numerusform>
            <numerusform>%1 (و%Ln أخرى؛ راجع الطرفية)</numerusform>
            <numerusform>%1 (و%Ln أخرى؛ راجع الطرفية)</numerusform>
        </translation>
    </message>
    <message>
        <source>the data: URI has no data</source>
        <translation>لا يحتوي عنوان data: URI على بيانات</translation>
    </message>
    <message>
        <source>http:// addresses are not fetched</source>
        <translation>لا تُجلب عناوين ⁦http://⁩</translation>
    </message>
    <message>
        <source>%1 is larger than %2 MB</source>
        <translation>⁦%1⁩ أكبر من %L2 ميغابايت</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>تعذّرت قراءة ⁦%1⁩: %2</translation>
    </message>
    <message>
        <source>Open in Browser…</source>
        <translation>فتح في المتصفح…</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>not shown: more than %1 values</source>
        <translation>غير معروض: أكثر من %L1 قيمة</translation>
    </message>
    <message>
        <source> at %1</source>
        <translation> عند ⁦%1⁩</translation>
    </message>
    <message>
        <source>This JSON cannot be shown: %1%2</source>
        <translation>تعذّر عرض JSON هذا: %1%2</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>المفتاح</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>القيمة</translation>
    </message>
    <message>
        <source>This image is not shown: %1</source>
        <translation>هذه الصورة غير معروضة: %1</translation>
    </message>
    <message>
        <source>This image cannot be shown: %1</source>
        <translation>تعذّر عرض هذه الصورة: %1</translation>
    </message>
    <message>
        <source>This PDF is on the web; Tessera does not fetch it.</source>
        <translation>ملف PDF هذا على الويب؛ ولا يجلبه Tessera.</translation>
    </message>
    <message>
        <source>This PDF is not shown: %1</source>
        <translation>ملف PDF هذا غير معروض: %1</translation>
    </message>
    <message>
        <source>it is not a PDF</source>
        <translation>ليس ملف PDF</translation>
    </message>
    <message>
        <source>it needs a password</source>
        <translation>يحتاج إلى كلمة مرور</translation>
    </message>
    <message>
        <source>its encryption is not supported</source>
        <translation>تشفيره غير مدعوم</translation>
    </message>
    <message>
        <source>QtPdf could not read it</source>
        <translation>تعذّر على QtPdf قراءته</translation>
    </message>
    <message>
        <source>This PDF cannot be shown: %1.</source>
        <translation>تعذّر عرض ملف PDF هذا: %1.</translation>
    </message>
    <message>
        <source>Tessera does not load web pages. Open this address in your browser?</source>
        <translation>لا يحمّل Tessera صفحات الويب. هل تريد فتح هذا العنوان في متصفحك؟</translation>
    </message>
    <message>
        <source>This tab&apos;s type cannot be shown.</source>
        <translation>لا يمكن عرض نوع علامة التبويب هذه.</translation>
    </message>
    <message>
        <source>no working directory is set, so no local file is shown</source>
        <translation>لم يُحدَّد مجلد عمل، لذا لا يُعرض أي ملف محلي</translation>
    </message>
    <message>
        <source>only file: URLs of this computer are shown</source>
        <translation>لا تُعرض إلا عناوين ⁦file:⁩ الخاصة بهذا الحاسوب</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>⁦%1⁩ غير موجود</translation>
    </message>
    <message>
        <source>%1 is outside the working directory %2, so it is not shown</source>
        <translation>⁦%1⁩ خارج مجلد العمل ⁦%2⁩، لذا لا يُعرض</translation>
    </message>
    <message>
        <source>Shown without highlighting: a line is longer than %1 characters.</source>
        <translation>معروض دون تلوين: سطرٌ أطول من %1 حرف.</translation>
    </message>
    <message>
        <source>Shown without highlighting: the file is longer than %1 characters.</source>
        <translation>معروض دون تلوين: الملف أطول من %1 حرف.</translation>
    </message>
    <message>
        <source>The app&apos;s tool result is not in this conversation.</source>
        <translation>نتيجة أداة التطبيق ليست في هذه المحادثة.</translation>
    </message>
    <message>
        <source>MCP App views are not drawn here.</source>
        <translation>لا تُرسم واجهات تطبيقات MCP هنا.</translation>
    </message>
    <message>
        <source>Refused to open a link that is not https://: %1</source>
        <translation>رُفض فتح رابط ليس https://‏: %1</translation>
    </message>
    <message>
        <source>Links open from the Tessera window only.</source>
        <translation>تُفتح الروابط من نافذة Tessera فقط.</translation>
    </message>
</context>
<context>
    <name>Tessera::AboutDialog</name>
    <message>
        <source>About Tessera</source>
        <translation>حول Tessera</translation>
    </message>
    <message>
        <source>Tessera %1</source>
        <translation>Tessera %1</translation>
    </message>
    <message>
        <source>A desktop client for agent conversations: cards drawn natively, conversations replayed offline.</source>
        <translation>عميل سطح مكتب لمحادثات الوكلاء: بطاقات مرسومة أصليًا، ومحادثات تُعاد دون اتصال.</translation>
    </message>
    <message>
        <source>Built with Qt %1, running on Qt %2.</source>
        <translation>بُني باستخدام Qt %1، ويعمل على Qt %2.</translation>
    </message>
    <message>
        <source>License: MIT. Copyright © The Tessera developers.</source>
        <translation>الترخيص: MIT. حقوق النشر © مطوّرو Tessera.</translation>
    </message>
    <message>
        <source>Data: %1</source>
        <translation>البيانات: %1</translation>
    </message>
    <message>
        <source>Settings: %1</source>
        <translation>الإعدادات: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::AlertCard</name>
    <message>
        <source>%1 alert</source>
        <translation>تنبيه (%1)</translation>
    </message>
    <message>
        <source>%1 alert: %2</source>
        <translation>تنبيه (%1): %2</translation>
    </message>
    <message>
        <source>Severity: %1. %2</source>
        <translation>الخطورة: %1. %2</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>نجاح</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>تحذير</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>خطأ</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>معلومة</translation>
    </message>
</context>
<context>
    <name>Tessera::Backend</name>
    <message>
        <source>the backend is not connected</source>
        <translation>خدمة الوكيل غير متصلة</translation>
    </message>
    <message>
        <source>the backend is not connected: %1</source>
        <translation>خدمة الوكيل غير متصلة: %1</translation>
    </message>
    <message>
        <source>unknown event type &quot;%1&quot; ignored</source>
        <translation>نوع حدث غير معروف «%1»، وقد تم تجاهله</translation>
    </message>
</context>
<context>
    <name>Tessera::BackendLogWindow</name>
    <message>
        <source>Backend Log</source>
        <translation>سجل الواجهة الخلفية</translation>
    </message>
    <message>
        <source>Find in the log</source>
        <translation>ابحث في السجل</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>السابق</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>التالي</translation>
    </message>
    <message>
        <source>Copy All</source>
        <translation>نسخ الكل</translation>
    </message>
    <message>
        <source>Backend log</source>
        <translation>سجل الواجهة الخلفية</translation>
    </message>
    <message>
        <source>Nothing is logged yet.</source>
        <translation>لم يُسجَّل شيء بعد.</translation>
    </message>
    <message>
        <source>[… earlier lines not shown]</source>
        <translation>[… أسطر سابقة غير معروضة]</translation>
    </message>
    <message>
        <source>[… the first %1 MB are not shown]</source>
        <translation>[… أول %1 ميغابايت غير معروضة]</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>لا نتائج</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 من %2</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>لا نتائج</numerusform>
            <numerusform>نتيجة واحدة</numerusform>
            <numerusform>نتيجتان</numerusform>
            <numerusform>%Ln نتائج</numerusform>
            <numerusform>%Ln نتيجة</numerusform>
            <numerusform>%Ln نتيجة</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Log:</source>
        <translation>ال&amp;سجل:</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>السجل</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>خدمة الوكيل</translation>
    </message>
</context>
<context>
    <name>Tessera::CanvasCard</name>
    <message>
        <source>Canvas</source>
        <translation>لوحة</translation>
    </message>
    <message>
        <source>the document did not finish loading within %1 s</source>
        <translation>لم يكتمل تحميل المستند خلال %1 ث</translation>
    </message>
    <message>
        <source>Canvas refused — %1: %2</source>
        <translation>رُفضت اللوحة — %1: %2</translation>
    </message>
    <message>
        <source>Canvas: %1</source>
        <translation>لوحة: %1</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>بلا عنوان</translation>
    </message>
    <message>
        <source>Drawing canvas…</source>
        <translation>جارٍ رسم اللوحة…</translation>
    </message>
    <message>
        <source>Canvas paused: it runs when scrolled into view.</source>
        <translation>اللوحة متوقفة مؤقتًا: تعمل عند تمريرها إلى مجال الرؤية.</translation>
    </message>
    <message>
        <source>the canvas process ended</source>
        <translation>انتهت عملية اللوحة</translation>
    </message>
    <message>
        <source>the canvas process crashed or was killed (exit code %1)</source>
        <translation>تعطّلت عملية اللوحة أو أُنهيت (رمز الخروج %1)</translation>
    </message>
    <message>
        <source>script error: %1</source>
        <translation>خطأ في البرنامج النصي: %1</translation>
    </message>
    <message>
        <source>the document could not be loaded</source>
        <translation>تعذّر تحميل المستند</translation>
    </message>
    <message>
        <source>the page stopped responding (a script ran for more than %1 s)</source>
        <translation>توقفت الصفحة عن الاستجابة (عمل برنامج نصي أكثر من %1 ث)</translation>
    </message>
    <message>
        <source>canvas stopped: %1</source>
        <translation>توقفت اللوحة: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::CanvasPlaceholderCard</name>
    <message>
        <source>Canvas</source>
        <translation>لوحة</translation>
    </message>
    <message>
        <source>Libraries requested: none</source>
        <translation>المكتبات المطلوبة: لا شيء</translation>
    </message>
    <message>
        <source>Libraries requested: %1</source>
        <translation>المكتبات المطلوبة: %1</translation>
    </message>
    <message>
        <source>Canvas placeholder: %1</source>
        <translation>عنصر نائب للوحة: %1</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>بلا عنوان</translation>
    </message>
    <message numerus="yes">
        <source>Interactive canvases are not drawn in this version. The canvas HTML (%Ln character(s)) is kept with the conversation.</source>
        <translation>
            <numerusform>لا تُرسم اللوحات التفاعلية في هذا الإصدار. يُحفظ HTML اللوحة (%Ln حرف) مع المحادثة.</numerusform>
            <numerusform>لا تُرسم اللوحات التفاعلية في هذا الإصدار. يُحفظ HTML اللوحة (حرف واحد) مع المحادثة.</numerusform>
            <numerusform>لا تُرسم اللوحات التفاعلية في هذا الإصدار. يُحفظ HTML اللوحة (حرفان) مع المحادثة.</numerusform>
            <numerusform>لا تُرسم اللوحات التفاعلية في هذا الإصدار. يُحفظ HTML اللوحة (%Ln أحرف) مع المحادثة.</numerusform>
            <numerusform>لا تُرسم اللوحات التفاعلية في هذا الإصدار. يُحفظ HTML اللوحة (%Ln حرفًا) مع المحادثة.</numerusform>
            <numerusform>لا تُرسم اللوحات التفاعلية في هذا الإصدار. يُحفظ HTML اللوحة (%Ln حرف) مع المحادثة.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::CanvasTabPage</name>
    <message>
        <source>Apply</source>
        <translation>تطبيق</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>تجاهل</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>انتهيت</translation>
    </message>
    <message>
        <source>The agent has an update to this document. Apply it (your changes are replaced) or discard it.</source>
        <translation>لدى الوكيل تحديث لهذا المستند. طبّقه (فتُستبدل تغييراتك) أو تجاهله.</translation>
    </message>
    <message>
        <source>You are editing this document; the agent&apos;s updates to it wait until you are done.</source>
        <translation>أنت تحرّر هذا المستند؛ وتنتظر تحديثات الوكيل له حتى تنتهي.</translation>
    </message>
</context>
<context>
    <name>Tessera::CardExport</name>
    <message>
        <source>Copy as &amp;Text</source>
        <translation>نسخ ك&amp;نص</translation>
    </message>
    <message>
        <source>Copy as &amp;JSON</source>
        <translation>نسخ بصيغة &amp;JSON</translation>
    </message>
    <message>
        <source>Copy as &amp;Image</source>
        <translation>نسخ ك&amp;صورة</translation>
    </message>
    <message>
        <source>Copy Card</source>
        <translation>نسخ البطاقة</translation>
    </message>
    <message>
        <source>This card cannot go to %1 as it is; nothing was copied.</source>
        <translation>لا يمكن نقل هذه البطاقة إلى %1 كما هي؛ لم يُنسخ شيء.</translation>
    </message>
    <message>
        <source>Copied for %1, without what %1 cannot show:</source>
        <translation>نُسخت لـ %1، دون ما لا يستطيع %1 عرضه:</translation>
    </message>
    <message>
        <source>Copy for %1</source>
        <translation>نسخ لـ %1</translation>
    </message>
</context>
<context>
    <name>Tessera::CardFrame</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>Tessera::CardKindName</name>
    <message>
        <source>Text</source>
        <translation>نص</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>شيفرة</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>تنبيه</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>تفاصيل</translation>
    </message>
    <message>
        <source>Item list</source>
        <translation>قائمة عناصر</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>جدول</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>مخطط</translation>
    </message>
    <message>
        <source>Suggested actions</source>
        <translation>إجراءات مقترحة</translation>
    </message>
    <message>
        <source>Canvas</source>
        <translation>لوحة</translation>
    </message>
    <message>
        <source>Interactive card</source>
        <translation>بطاقة تفاعلية</translation>
    </message>
    <message>
        <source>Widget</source>
        <translation>عنصر واجهة</translation>
    </message>
</context>
<context>
    <name>Tessera::CardStateBar</name>
    <message>
        <source>Decided: %1</source>
        <translation>القرار: %1</translation>
    </message>
    <message>
        <source>outcome</source>
        <translation>النتيجة</translation>
    </message>
    <message numerus="yes">
        <source>… %n more not shown (at most %1 lines)</source>
        <translation>
            <numerusform>… لا أسطر أخرى مخفية (الحد الأقصى %1 من الأسطر)</numerusform>
            <numerusform>… سطر آخر غير معروض (الحد الأقصى %1 من الأسطر)</numerusform>
            <numerusform>… سطران آخران غير معروضين (الحد الأقصى %1 من الأسطر)</numerusform>
            <numerusform>… %Ln أسطر أخرى غير معروضة (الحد الأقصى %1 من الأسطر)</numerusform>
            <numerusform>… %Ln سطرًا آخر غير معروض (الحد الأقصى %1 من الأسطر)</numerusform>
            <numerusform>… %Ln سطر آخر غير معروض (الحد الأقصى %1 من الأسطر)</numerusform>
        </translation>
    </message>
    <message>
        <source>Card state</source>
        <translation>حالة البطاقة</translation>
    </message>
</context>
<context>
    <name>Tessera::CodeCard</name>
    <message>
        <source>Language: %1</source>
        <translation>اللغة: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>نسخ</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>نسخ الشيفرة</translation>
    </message>
    <message>
        <source>Copy the code exactly as received</source>
        <translation>نسخ الشيفرة كما وردت تمامًا</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>الشيفرة</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>لا أسطر</numerusform>
            <numerusform>سطر واحد</numerusform>
            <numerusform>سطران</numerusform>
            <numerusform>%Ln أسطر</numerusform>
            <numerusform>%Ln سطرًا</numerusform>
            <numerusform>%Ln سطر</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n line(s)</source>
        <translation>
            <numerusform>%1، لا أسطر</numerusform>
            <numerusform>%1، سطر واحد</numerusform>
            <numerusform>%1، سطران</numerusform>
            <numerusform>%1، %Ln أسطر</numerusform>
            <numerusform>%1، %Ln سطرًا</numerusform>
            <numerusform>%1، %Ln سطر</numerusform>
        </translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>نُسخ</translation>
    </message>
</context>
<context>
    <name>Tessera::CommandLine</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>لا رسائل</numerusform>
            <numerusform>رسالة واحدة</numerusform>
            <numerusform>رسالتان</numerusform>
            <numerusform>%Ln رسائل</numerusform>
            <numerusform>%Ln رسالة</numerusform>
            <numerusform>%Ln رسالة</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>لا بطاقات</numerusform>
            <numerusform>بطاقة واحدة</numerusform>
            <numerusform>بطاقتان</numerusform>
            <numerusform>%Ln بطاقات</numerusform>
            <numerusform>%Ln بطاقة</numerusform>
            <numerusform>%Ln بطاقة</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fallback(s)</source>
        <translation>
            <numerusform>لا بدائل</numerusform>
            <numerusform>بديل واحد</numerusform>
            <numerusform>بديلان</numerusform>
            <numerusform>%Ln بدائل</numerusform>
            <numerusform>%Ln بديلًا</numerusform>
            <numerusform>%Ln بديل</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::Composer</name>
    <message>
        <source>Message the agent (Ctrl+Enter to send)</source>
        <translation>راسل الوكيل (Ctrl+Enter للإرسال)</translation>
    </message>
    <message>
        <source>Composer</source>
        <translation>محرر الرسالة</translation>
    </message>
    <message>
        <source>Write a message; Ctrl+Enter sends it</source>
        <translation>اكتب رسالة؛ Ctrl+Enter يرسلها</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;إرسال</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>إرسال (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Editing — Esc to cancel</source>
        <translation>تحرير — Esc للإلغاء</translation>
    </message>
    <message>
        <source>&amp;Resend</source>
        <translation>&amp;إعادة الإرسال</translation>
    </message>
    <message>
        <source>Editing your last message; Enter resends it, Esc cancels</source>
        <translation>تحرير رسالتك الأخيرة؛ Enter يعيد إرسالها، وEsc يلغي</translation>
    </message>
    <message>
        <source>Remove the pasted text</source>
        <translation>إزالة النص الملصق</translation>
    </message>
    <message>
        <source>Pasted text: %1 — sent after what you write</source>
        <translation>نص ملصق: %1 — يُرسَل بعد ما تكتبه</translation>
    </message>
</context>
<context>
    <name>Tessera::ConnectDialog</name>
    <message>
        <source>Connect to an Agent</source>
        <translation>الاتصال بوكيل</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>ا&amp;ختبار الاتصال</translation>
    </message>
    <message>
        <source>Save &amp;Anyway</source>
        <translation>احفظ &amp;رغم ذلك</translation>
    </message>
    <message>
        <source>Save this backend although its test failed</source>
        <translation>احفظ خدمة الوكيل هذه رغم فشل اختبارها</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>ا&amp;تصال</translation>
    </message>
    <message>
        <source>&amp;Backends</source>
        <translation>&amp;خدمات الوكيل</translation>
    </message>
    <message>
        <source>A&amp;dd</source>
        <translation>إ&amp;ضافة</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;تحرير</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>إ&amp;زالة…</translation>
    </message>
    <message>
        <source>OpenAI-compatible endpoint</source>
        <translation>نقطة نهاية متوافقة مع OpenAI</translation>
    </message>
    <message>
        <source>WebSocket agent</source>
        <translation>وكيل WebSocket</translation>
    </message>
    <message>
        <source>Local program</source>
        <translation>برنامج محلي</translation>
    </message>
    <message>
        <source>A name for this backend</source>
        <translation>اسم لخدمة الوكيل هذه</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>ال&amp;نوع:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>الا&amp;سم:</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>مخصص</translation>
    </message>
    <message>
        <source>&amp;Load Models</source>
        <translation>تح&amp;ميل النماذج</translation>
    </message>
    <message>
        <source>Not needed by most local servers</source>
        <translation>لا تحتاجه معظم الخوادم المحلية</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>قال&amp;ب:</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>&amp;عنوان URL الأساسي:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>الن&amp;موذج:</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>م&amp;فتاح API:</translation>
    </message>
    <message>
        <source>Key from &amp;variable:</source>
        <translation>المفتاح من م&amp;تغير:</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;عنوان URL:</translation>
    </message>
    <message>
        <source>program --and arguments</source>
        <translation>البرنامج --والوسائط</translation>
    </message>
    <message>
        <source>Tessera&apos;s own</source>
        <translation>مجلد Tessera نفسه</translation>
    </message>
    <message>
        <source>B&amp;rowse…</source>
        <translation>ا&amp;ستعراض…</translation>
    </message>
    <message>
        <source>&amp;Command line:</source>
        <translation>سطر الأ&amp;وامر:</translation>
    </message>
    <message>
        <source>&amp;Working directory:</source>
        <translation>مجلد الع&amp;مل:</translation>
    </message>
    <message>
        <source>Kept in the keyring (type to replace)</source>
        <translation>محفوظ في سلسلة المفاتيح (اكتب للاستبدال)</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>محلي</translation>
    </message>
    <message>
        <source>Local %1</source>
        <translation>محلي %1</translation>
    </message>
    <message>
        <source>Remove Backend</source>
        <translation>إزالة خدمة الوكيل</translation>
    </message>
    <message>
        <source>Remove the backend “%1” and its API key? Conversations that used it keep their messages.</source>
        <translation>هل تريد إزالة خدمة الوكيل «%1» ومفتاح API الخاص بها؟ تحتفظ المحادثات التي استخدمتها برسائلها.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>إزالة</translation>
    </message>
    <message>
        <source>Removed “%1”.</source>
        <translation>تمت إزالة «%1».</translation>
    </message>
    <message>
        <source>Working Directory</source>
        <translation>مجلد العمل</translation>
    </message>
    <message>
        <source>Reading the API key from the keyring…</source>
        <translation>جارٍ قراءة مفتاح API من سلسلة المفاتيح…</translation>
    </message>
    <message>
        <source>Testing the connection…</source>
        <translation>جارٍ اختبار الاتصال…</translation>
    </message>
    <message>
        <source>Asking the server for its models…</source>
        <translation>جارٍ سؤال الخادم عن نماذجه…</translation>
    </message>
    <message>
        <source>Models loaded: %1</source>
        <translation>تم تحميل النماذج: %1</translation>
    </message>
    <message>
        <source>Works: %1</source>
        <translation>يعمل: %1</translation>
    </message>
    <message>
        <source>Storing the API key in the keyring…</source>
        <translation>جارٍ حفظ مفتاح API في سلسلة المفاتيح…</translation>
    </message>
    <message>
        <source>The API key was not stored: %1</source>
        <translation>لم يُحفظ مفتاح API: %1</translation>
    </message>
    <message>
        <source>The API key could not be read from the keyring: %1</source>
        <translation>تعذرت قراءة مفتاح API من سلسلة المفاتيح: %1</translation>
    </message>
    <message>
        <source>No keyring answered, so Tessera cannot keep the key (%1). Put the key in an environment variable, write its name below, and start Tessera from where it is set.</source>
        <translation>لم تستجب أي سلسلة مفاتيح، لذا لا يستطيع Tessera الاحتفاظ بالمفتاح (%1). ضع المفتاح في متغير بيئة، واكتب اسمه أدناه، وشغّل Tessera حيث يكون معرّفًا.</translation>
    </message>
    <message>
        <source>The backend was saved without its key.</source>
        <translation>حُفظت خدمة الوكيل بدون مفتاحها.</translation>
    </message>
</context>
<context>
    <name>Tessera::ConnectionTest</name>
    <message>
        <source>Cannot connect to %1: connection refused (is the server running?)</source>
        <translation>تعذّر الاتصال بـ ⁦%1⁩: رُفض الاتصال (هل الخادم يعمل؟)</translation>
    </message>
    <message>
        <source>Cannot connect: host %1 not found.</source>
        <translation>تعذّر الاتصال: لم يُعثر على المضيف ⁦%1⁩.</translation>
    </message>
    <message>
        <source>The TLS handshake with %1 failed: %2</source>
        <translation>فشلت مصافحة TLS مع ⁦%1⁩: %2</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s.</source>
        <translation>لم يُجب ⁦%1⁩ خلال %2 ث.</translation>
    </message>
    <message>
        <source>%1 closed the connection without answering.</source>
        <translation>أغلق ⁦%1⁩ الاتصال دون أن يُجيب.</translation>
    </message>
    <message>
        <source>The request to %1 failed: %2</source>
        <translation>فشل الطلب إلى ⁦%1⁩: %2</translation>
    </message>
    <message>
        <source>%1 refused the API key (401): check the key, or give one if the server needs it.</source>
        <translation>رفض ⁦%1⁩ مفتاح API ⁦(401)⁩: تحقّق من المفتاح، أو أدخل مفتاحًا إن كان الخادم يحتاج إليه.</translation>
    </message>
    <message>
        <source>%1 does not allow this API key (403): the key may not use this server or model.</source>
        <translation>لا يقبل ⁦%1⁩ مفتاح API هذا ⁦(403)⁩: ربما لا يحق للمفتاح استخدام هذا الخادم أو النموذج.</translation>
    </message>
    <message>
        <source>The server does not know the model %1%2</source>
        <translation>لا يعرف الخادم النموذج ⁦%1⁩%2</translation>
    </message>
    <message>
        <source>%1 answered 404 for %2: not an OpenAI-compatible path (a base URL usually ends in /v1)%3</source>
        <translation>أجاب ⁦%1⁩ بالرمز 404 عن ⁦%2⁩: ليس مسارًا متوافقًا مع OpenAI (ينتهي عنوان URL الأساسي عادةً بـ ⁦/v1⁩)%3</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2%3</source>
        <translation>أجاب ⁦%1⁩ بالرمز ⁦HTTP %2⁩%3</translation>
    </message>
    <message>
        <source>Cannot connect to %1: connection refused (is the agent running?)</source>
        <translation>تعذّر الاتصال بـ ⁦%1⁩: رُفض الاتصال (هل الوكيل يعمل؟)</translation>
    </message>
    <message>
        <source>%1 did not answer in time.</source>
        <translation>لم يُجب ⁦%1⁩ في الوقت المحدد.</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>تعذّر فتح ⁦%1⁩: %2</translation>
    </message>
    <message>
        <source>Only an OpenAI-compatible endpoint lists its models.</source>
        <translation>لا تسرد نماذجها إلا نقطة نهاية متوافقة مع OpenAI.</translation>
    </message>
    <message>
        <source>No backend is configured.</source>
        <translation>لم تُعدّ أي خدمة وكيل.</translation>
    </message>
    <message>
        <source>%1 answered, but not with a model list: is it an OpenAI-compatible server?</source>
        <translation>أجاب ⁦%1⁩، لكن ليس بقائمة نماذج: هل هو خادم متوافق مع OpenAI؟</translation>
    </message>
    <message>
        <source>The server does not list the model %1 (it lists: %2).</source>
        <translation>لا يسرد الخادم النموذج ⁦%1⁩ (يسرد: ⁦%2⁩).</translation>
    </message>
    <message>
        <source>The endpoint answered and lists 1 model.</source>
        <translation>أجابت نقطة النهاية وتسرد نموذجًا واحدًا.</translation>
    </message>
    <message>
        <source>The endpoint answered and lists %1 models.</source>
        <translation>أجابت نقطة النهاية، وعدد النماذج التي تسردها: %L1.</translation>
    </message>
    <message>
        <source>The endpoint answered with the model %1.</source>
        <translation>أجابت نقطة النهاية بالنموذج ⁦%1⁩.</translation>
    </message>
    <message>
        <source>%1 answered, but not with a chat completion: is it an OpenAI-compatible server?</source>
        <translation>أجاب ⁦%1⁩، لكن ليس بإكمال محادثة: هل هو خادم متوافق مع OpenAI؟</translation>
    </message>
    <message>
        <source>The agent at %1 accepted the connection.</source>
        <translation>قبل الوكيل على ⁦%1⁩ الاتصال.</translation>
    </message>
    <message>
        <source>The working directory %1 does not exist.</source>
        <translation>مجلد العمل ⁦%1⁩ غير موجود.</translation>
    </message>
    <message>
        <source>The program %1 is not found or not executable.</source>
        <translation>البرنامج ⁦%1⁩ غير موجود أو غير قابل للتنفيذ.</translation>
    </message>
    <message>
        <source>The program %1 is found (a test does not start it).</source>
        <translation>عُثر على البرنامج ⁦%1⁩ (لا يشغّله الاختبار).</translation>
    </message>
</context>
<context>
    <name>Tessera::ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation>البحث في المحادثات</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>المحادثات</translation>
    </message>
    <message>
        <source>Recently deleted: kept until you empty it.</source>
        <translation>المحذوفة مؤخرًا: تبقى محفوظة حتى تُفرغها.</translation>
    </message>
    <message>
        <source>Empty Recently deleted…</source>
        <translation>إفراغ المحذوفة مؤخرًا…</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>عنوان المحادثة</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>تراجع</translation>
    </message>
    <message>
        <source>deleted %1</source>
        <translation>حُذفت %1</translation>
    </message>
    <message>
        <source>last activity %1</source>
        <translation>آخر نشاط %1</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;فتح</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>إعادة ت&amp;سمية</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>ت&amp;صدير…</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;حذف…</translation>
    </message>
    <message>
        <source>Re&amp;store</source>
        <translation>ا&amp;ستعادة</translation>
    </message>
    <message>
        <source>Delete &amp;Forever…</source>
        <translation>حذف &amp;نهائي…</translation>
    </message>
    <message>
        <source>Undo Delete</source>
        <translation>التراجع عن الحذف</translation>
    </message>
    <message>
        <source>‹ Back to conversations</source>
        <translation>‹ العودة إلى المحادثات</translation>
    </message>
    <message>
        <source>Recently deleted (%1)</source>
        <translation>المحذوفة مؤخرًا (%1)</translation>
    </message>
    <message>
        <source>Could not rename the conversation: %1</source>
        <translation>تعذّرت إعادة تسمية المحادثة: %1</translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation>حذف المحادثة</translation>
    </message>
    <message>
        <source>Delete “%1”? It stays in Recently deleted until you empty it.</source>
        <translation>حذف «%1»؟ ستبقى في المحذوفة مؤخرًا حتى تُفرغها.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>حذف</translation>
    </message>
    <message>
        <source>Could not delete the conversation: %1</source>
        <translation>تعذّر حذف المحادثة: %1</translation>
    </message>
    <message>
        <source>Could not restore the conversation: %1</source>
        <translation>تعذّرت استعادة المحادثة: %1</translation>
    </message>
    <message>
        <source>Delete Forever</source>
        <translation>حذف نهائي</translation>
    </message>
    <message>
        <source>Delete “%1” forever? This cannot be undone.</source>
        <translation>حذف «%1» نهائيًا؟ لا يمكن التراجع عن ذلك.</translation>
    </message>
    <message>
        <source>Empty Recently deleted</source>
        <translation>إفراغ المحذوفة مؤخرًا</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n conversation(s) forever? This cannot be undone.</source>
        <translation>
            <numerusform>حذف %Ln محادثة نهائيًا؟ لا يمكن التراجع عن ذلك.</numerusform>
            <numerusform>حذف محادثة واحدة نهائيًا؟ لا يمكن التراجع عن ذلك.</numerusform>
            <numerusform>حذف محادثتين نهائيًا؟ لا يمكن التراجع عن ذلك.</numerusform>
            <numerusform>حذف %Ln محادثات نهائيًا؟ لا يمكن التراجع عن ذلك.</numerusform>
            <numerusform>حذف %Ln محادثة نهائيًا؟ لا يمكن التراجع عن ذلك.</numerusform>
            <numerusform>حذف %Ln محادثة نهائيًا؟ لا يمكن التراجع عن ذلك.</numerusform>
        </translation>
    </message>
    <message>
        <source>Empty</source>
        <translation>إفراغ</translation>
    </message>
    <message>
        <source>Could not empty Recently deleted: %1</source>
        <translation>تعذّر إفراغ المحذوفة مؤخرًا: %1</translation>
    </message>
    <message>
        <source>Deleted “%1”</source>
        <translation>حُذفت «%1»</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>لا رسائل</numerusform>
            <numerusform>رسالة واحدة</numerusform>
            <numerusform>رسالتان</numerusform>
            <numerusform>%Ln رسائل</numerusform>
            <numerusform>%Ln رسالة</numerusform>
            <numerusform>%Ln رسالة</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>لا بطاقات</numerusform>
            <numerusform>بطاقة واحدة</numerusform>
            <numerusform>بطاقتان</numerusform>
            <numerusform>%Ln بطاقات</numerusform>
            <numerusform>%Ln بطاقة</numerusform>
            <numerusform>%Ln بطاقة</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::ConversationModel</name>
    <message>
        <source>Tool result (%1): %2</source>
        <translation>نتيجة الأداة (%1): %2</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>بلا اسم</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <translation>استدعاء أداة: %1</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>استدعاء أداة</translation>
    </message>
    <message>
        <source>Unreadable line %1: %2</source>
        <translation>سطر غير مقروء %1: %2</translation>
    </message>
    <message>
        <source>This turn was cut off: Tessera stopped before it completed.</source>
        <translation>انقطع هذا الدور: توقف Tessera قبل أن يكتمل.</translation>
    </message>
</context>
<context>
    <name>Tessera::ConversationSession</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ملّي ثانية</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 ث</translation>
    </message>
    <message>
        <source>the backend did not start a turn within %1</source>
        <translation>لم تبدأ خدمة الوكيل دورًا خلال %1</translation>
    </message>
    <message>
        <source>No answer: the backend did not start a turn within %1.</source>
        <translation>لا إجابة: لم تبدأ خدمة الوكيل دورًا خلال %1.</translation>
    </message>
    <message>
        <source>the agent sent nothing for %1</source>
        <translation>لم يرسل الوكيل شيئًا طوال %1</translation>
    </message>
    <message>
        <source>This turn was cut off: the agent sent nothing for %1.</source>
        <translation>انقطع هذا الدور: لم يرسل الوكيل شيئًا طوال %1.</translation>
    </message>
    <message>
        <source>the backend was replaced</source>
        <translation>استُبدلت خدمة الوكيل</translation>
    </message>
    <message>
        <source>This turn was cut off: the backend was replaced.</source>
        <translation>انقطع هذا الدور: استُبدلت خدمة الوكيل.</translation>
    </message>
    <message>
        <source>The backend sent something unusable: %1</source>
        <translation>أرسلت خدمة الوكيل شيئًا غير قابل للاستخدام: %1</translation>
    </message>
    <message>
        <source>no agent backend is connected</source>
        <translation>لا توجد خدمة وكيل متصلة</translation>
    </message>
    <message>
        <source>the backend is not connected</source>
        <translation>خدمة الوكيل غير متصلة</translation>
    </message>
    <message>
        <source>the backend is not connected: %1</source>
        <translation>خدمة الوكيل غير متصلة: %1</translation>
    </message>
    <message>
        <source>the agent is busy with your last turn</source>
        <translation>الوكيل لا يزال مشغولًا بدورك الأخير</translation>
    </message>
    <message>
        <source>Conversation with %1</source>
        <translation>محادثة مع %1</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>محادثة</translation>
    </message>
    <message>
        <source>no such turn is in progress</source>
        <translation>هذا الدور ليس قيد التنفيذ</translation>
    </message>
    <message>
        <source>The backend sent an event of unknown type &quot;%1&quot;; it was ignored.</source>
        <translation>أرسلت خدمة الوكيل حدثًا من نوع غير معروف «%1»؛ وقد تم تجاهله.</translation>
    </message>
    <message>
        <source>(no turn)</source>
        <translation>(بلا دور)</translation>
    </message>
    <message>
        <source>Ignored %1 for turn %2: %3.</source>
        <translation>تم تجاهل %1 للدور %2: %3.</translation>
    </message>
    <message>
        <source>the turn has already started</source>
        <translation>بدأ الدور بالفعل</translation>
    </message>
    <message>
        <source>the turn has already ended</source>
        <translation>انتهى الدور بالفعل</translation>
    </message>
    <message>
        <source>the turn was stopped</source>
        <translation>أُوقف الدور</translation>
    </message>
    <message>
        <source>the backend started turn %1 before completing it</source>
        <translation>بدأت خدمة الوكيل الدور %1 قبل إكمال الدور الجاري</translation>
    </message>
    <message>
        <source>This turn was cut off: the backend started another turn.</source>
        <translation>انقطع هذا الدور: بدأت خدمة الوكيل دورًا آخر.</translation>
    </message>
    <message>
        <source>The agent sent an invalid %1 card (%2: %3); it is shown as raw data.</source>
        <translation>أرسل الوكيل بطاقة %1 غير صالحة (%2: %3)؛ وهي معروضة كبيانات خام.</translation>
    </message>
    <message>
        <source>envelope</source>
        <translation>الغلاف</translation>
    </message>
    <message>
        <source>The backend sent an unreadable message: %1</source>
        <translation>أرسلت خدمة الوكيل رسالة غير مقروءة: %1</translation>
    </message>
    <message>
        <source>no conversation has started yet</source>
        <translation>لم تبدأ أي محادثة بعد</translation>
    </message>
    <message>
        <source>the turn has already ended (error: %1)</source>
        <translation>انتهى الدور بالفعل (الخطأ: %1)</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>لم يُذكر سبب</translation>
    </message>
    <message>
        <source>the backend was stopped</source>
        <translation>أُوقفت خدمة الوكيل</translation>
    </message>
    <message>
        <source>the backend failed</source>
        <translation>تعطّلت خدمة الوكيل</translation>
    </message>
    <message>
        <source>This turn was cut off: %1</source>
        <translation>انقطع هذا الدور: %1</translation>
    </message>
    <message>
        <source>The agent sent no answer.</source>
        <translation>لم يرسل الوكيل أي إجابة.</translation>
    </message>
    <message>
        <source>not sent: %1</source>
        <translation>لم تُرسل: %1</translation>
    </message>
    <message>
        <source>Your message is kept in the conversation but was not sent: %1</source>
        <translation>رسالتك محفوظة في المحادثة لكنها لم تُرسل: %1</translation>
    </message>
    <message>
        <source>this card has already been decided</source>
        <translation>سبق اتخاذ قرار بشأن هذه البطاقة</translation>
    </message>
    <message>
        <source>the widget&apos;s values are not a JSON object</source>
        <translation>قيم عنصر الواجهة ليست كائن JSON</translation>
    </message>
    <message>
        <source>stopped by you</source>
        <translation>أوقفتَه أنت</translation>
    </message>
    <message>
        <source>You stopped this turn.</source>
        <translation>أوقفتَ هذا الدور.</translation>
    </message>
    <message>
        <source>The backend reported an error: %1</source>
        <translation>أبلغت خدمة الوكيل عن خطأ: %1</translation>
    </message>
    <message>
        <source>the backend reported an error: %1</source>
        <translation>أبلغت خدمة الوكيل عن خطأ: %1</translation>
    </message>
    <message>
        <source>the connection to the backend was lost mid-turn</source>
        <translation>انقطع الاتصال بخدمة الوكيل في منتصف الدور</translation>
    </message>
    <message>
        <source>a card id may have at most %1 characters and a state at most %2</source>
        <translation>يجوز أن يحتوي معرّف البطاقة على %1 حرفًا على الأكثر والحالة على %2 على الأكثر</translation>
    </message>
    <message>
        <source>it names no card of this conversation</source>
        <translation>لا يشير إلى أي بطاقة في هذه المحادثة</translation>
    </message>
    <message>
        <source>this backend keeps its own history: its answers cannot be asked again</source>
        <translation>تحتفظ خدمة الوكيل هذه بسجلها الخاص: لا يمكن طلب إجاباتها من جديد</translation>
    </message>
    <message>
        <source>the last turn has no typed message to ask again</source>
        <translation>لا يحتوي الدور الأخير على رسالة مكتوبة لطرحها من جديد</translation>
    </message>
    <message>
        <source>there is nothing to send</source>
        <translation>لا يوجد ما يُرسَل</translation>
    </message>
    <message>
        <source>this turn has no version %1</source>
        <translation>لا يوجد لهذا الدور إصدار %1</translation>
    </message>
    <message>
        <source>this conversation is not stored</source>
        <translation>هذه المحادثة غير محفوظة</translation>
    </message>
    <message>
        <source>The conversation&apos;s system prompt could not be read: %1</source>
        <translation>تعذّرت قراءة موجّه النظام لهذه المحادثة: %1</translation>
    </message>
    <message>
        <source>only the agent opens, updates and closes canvas tabs</source>
        <translation>لا يفتح علامات تبويب اللوحات ولا يحدّثها ولا يغلقها إلا الوكيل</translation>
    </message>
    <message>
        <source>the canvas command could not be stored</source>
        <translation>تعذّر حفظ أمر اللوحة</translation>
    </message>
    <message>
        <source>the conversation was left</source>
        <translation>تُركت المحادثة</translation>
    </message>
    <message>
        <source>the consent card could not be stored</source>
        <translation>تعذّر حفظ بطاقة الموافقة</translation>
    </message>
    <message>
        <source>this app&apos;s tool call is no longer waiting for a decision</source>
        <translation>لم يعد استدعاء أداة هذا التطبيق ينتظر قرارًا</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a decision on an app&apos;s tool call</source>
        <translation>«%1» ليس قرارًا بشأن استدعاء أداة من تطبيق</translation>
    </message>
    <message>
        <source>Sent without the tools of %1: not ready after %2 s</source>
        <translation>أُرسل دون أدوات %1: لم يكن جاهزًا بعد %2 ث</translation>
    </message>
    <message>
        <source>the backend started turn %1 again: that id belongs to an earlier turn of this conversation, so its answer is not shown</source>
        <translation>بدأت خدمة الوكيل الدور %1 مرة أخرى: هذا المعرّف يخص دورًا سابقًا في هذه المحادثة، لذا لا يُعرض جوابه</translation>
    </message>
    <message>
        <source>No answer shown: the backend reused the turn id %1 of an earlier turn.</source>
        <translation>لم يُعرض أي جواب: أعادت خدمة الوكيل استخدام معرّف الدور %1 لدور سابق.</translation>
    </message>
</context>
<context>
    <name>Tessera::ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation>المحادثة</translation>
    </message>
    <message>
        <source>… this block is %1 px tall; the image shows its first %2 px</source>
        <translation>… ارتفاع هذه الكتلة %1 بكسل؛ تعرض الصورة أول %2 بكسل منها</translation>
    </message>
    <message>
        <source>Copy &amp;Text</source>
        <translation>نسخ ال&amp;نص</translation>
    </message>
    <message>
        <source>Copy Answer as &amp;Markdown</source>
        <translation>نسخ الإجابة بتنسيق &amp;Markdown</translation>
    </message>
</context>
<context>
    <name>Tessera::CsvTableModel</name>
    <message>
        <source>the first %1 of %2 columns</source>
        <translation>أول %L1 من أصل %L2 من الأعمدة</translation>
    </message>
    <message>
        <source>the first %1 of %2 rows</source>
        <translation>أول %L1 من أصل %L2 من الصفوف</translation>
    </message>
    <message>
        <source>Showing %1.</source>
        <translation>يُعرض %1.</translation>
    </message>
    <message>
        <source> and </source>
        <translation> و</translation>
    </message>
</context>
<context>
    <name>Tessera::DataTableCard</name>
    <message>
        <source>Table</source>
        <translation>جدول</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>نسخ</translation>
    </message>
    <message>
        <source>Totals</source>
        <translation>المجاميع</translation>
    </message>
    <message>
        <source>No rows</source>
        <translation>لا صفوف</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>لا صفوف</numerusform>
            <numerusform>صف واحد</numerusform>
            <numerusform>صفّان</numerusform>
            <numerusform>%Ln صفوف</numerusform>
            <numerusform>%Ln صفًا</numerusform>
            <numerusform>%Ln صف</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n column(s)</source>
        <translation>
            <numerusform>لا أعمدة</numerusform>
            <numerusform>عمود واحد</numerusform>
            <numerusform>عمودان</numerusform>
            <numerusform>%Ln أعمدة</numerusform>
            <numerusform>%Ln عمودًا</numerusform>
            <numerusform>%Ln عمود</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::DataTableModel</name>
    <message>
        <source>No value</source>
        <translation>لا قيمة</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>المجموع</translation>
    </message>
</context>
<context>
    <name>Tessera::DecisionBar</name>
    <message>
        <source>Chosen</source>
        <translation>تم اختياره</translation>
    </message>
    <message>
        <source>This card has no id, so a decision could not be bound to it.</source>
        <translation>ليس لهذه البطاقة معرّف، لذا تعذّر ربط قرار بها.</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>جارٍ الإرسال…</translation>
    </message>
    <message>
        <source>Decision sent.</source>
        <translation>أُرسل القرار.</translation>
    </message>
    <message>
        <source>Not sent: try again.</source>
        <translation>لم يُرسل: حاول مرة أخرى.</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>لم يُرسل: %1</translation>
    </message>
    <message>
        <source>Expired: nothing waits for this decision any more.</source>
        <translation>انتهت الصلاحية: لم يعد شيء ينتظر هذا القرار.</translation>
    </message>
</context>
<context>
    <name>Tessera::DetailCard</name>
    <message>
        <source>Status: %1</source>
        <translation>الحالة: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>لا حقول</numerusform>
            <numerusform>حقل واحد</numerusform>
            <numerusform>حقلان</numerusform>
            <numerusform>%Ln حقول</numerusform>
            <numerusform>%Ln حقلًا</numerusform>
            <numerusform>%Ln حقل</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>Tessera::EditorLoader</name>
    <message>
        <source>Shown read-only, broken every %1 characters: a line is longer than %2 characters.</source>
        <translation>معروض للقراءة فقط، مقسّم كل %1 حرف: يوجد سطر أطول من %2 حرف.</translation>
    </message>
</context>
<context>
    <name>Tessera::FallbackCard</name>
    <message>
        <source>Invalid card</source>
        <translation>بطاقة غير صالحة</translation>
    </message>
    <message>
        <source>Unknown card kind &quot;%1&quot;</source>
        <translation>نوع بطاقة غير معروف «%1»</translation>
    </message>
    <message>
        <source>Invalid %1 card</source>
        <translation>بطاقة %1 غير صالحة</translation>
    </message>
    <message>
        <source>This card could not be drawn.</source>
        <translation>تعذّر رسم هذه البطاقة.</translation>
    </message>
    <message>
        <source>Unreadable data</source>
        <translation>بيانات غير مقروءة</translation>
    </message>
    <message>
        <source>This data could not be read.</source>
        <translation>تعذّرت قراءة هذه البيانات.</translation>
    </message>
    <message numerus="yes">
        <source>+%n more</source>
        <translation>
            <numerusform>+لا مزيد</numerusform>
            <numerusform>+واحد آخر</numerusform>
            <numerusform>+اثنان آخران</numerusform>
            <numerusform>+%Ln أخرى</numerusform>
            <numerusform>+%Ln أخرى</numerusform>
            <numerusform>+%Ln أخرى</numerusform>
        </translation>
    </message>
    <message>
        <source>Show raw JSON</source>
        <translation>إظهار JSON الخام</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%n more)</source>
        <translation>
            <numerusform>%1 (+لا مزيد)</numerusform>
            <numerusform>%1 (+واحد آخر)</numerusform>
            <numerusform>%1 (+اثنان آخران)</numerusform>
            <numerusform>%1 (+%Ln أخرى)</numerusform>
            <numerusform>%1 (+%Ln أخرى)</numerusform>
            <numerusform>%1 (+%Ln أخرى)</numerusform>
        </translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>JSON الخام</translation>
    </message>
    <message>
        <source>Hide raw JSON</source>
        <translation>إخفاء JSON الخام</translation>
    </message>
    <message>
        <source>Invalid dorkos-ui widget</source>
        <translation>عنصر واجهة dorkos-ui غير صالح</translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation>نسخ الكل</translation>
    </message>
    <message>
        <source>Put the whole raw text on the clipboard</source>
        <translation>وضع النص الخام كاملًا في الحافظة</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2.</source>
        <translation>يُعرض أول %1 من %2.</translation>
    </message>
</context>
<context>
    <name>Tessera::FindBar</name>
    <message>
        <source>Find in conversation</source>
        <translation>البحث في المحادثة</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation>المطابقة السابقة (⁦Shift+F3⁩)</translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation>المطابقة التالية (F3)</translation>
    </message>
    <message>
        <source>Close the find bar (Esc)</source>
        <translation>إغلاق شريط البحث (Esc)</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>لا توجد مطابقات</translation>
    </message>
    <message>
        <source>%1+</source>
        <translation>⁦%1+⁩</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 من %2</translation>
    </message>
    <message>
        <source>Searching older messages…</source>
        <translation>جارٍ البحث في الرسائل الأقدم…</translation>
    </message>
    <message>
        <source>No matches in the newest %1 messages</source>
        <translation>لا نتائج في أحدث %1 رسالة</translation>
    </message>
    <message>
        <source>%1 of %2 in the newest %3 messages</source>
        <translation>%1 من %2 في أحدث %3 رسالة</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>جارٍ البحث…</translation>
    </message>
</context>
<context>
    <name>Tessera::HttpTransport</name>
    <message>
        <source>the server sent %1 over %2; it was refused</source>
        <translation>أرسل الخادم %1 يتجاوز %2؛ وقد رُفض</translation>
    </message>
    <message>
        <source>a reply</source>
        <translation>ردًّا</translation>
    </message>
    <message>
        <source>a line</source>
        <translation>سطرًا</translation>
    </message>
    <message>
        <source>an event</source>
        <translation>حدثًا</translation>
    </message>
    <message>
        <source>event %1 of %2 %3</source>
        <translation>الحدث %L1 من ⁦%2 %3⁩</translation>
    </message>
    <message>
        <source>the event stream ended before the answer and resuming it from event %1 failed: </source>
        <translation>انتهى تدفق الأحداث قبل الإجابة وفشل استئنافه من الحدث ⁦%1⁩: </translation>
    </message>
    <message>
        <source>the server ended the session (HTTP 404)</source>
        <translation>أنهى الخادم الجلسة ⁦(HTTP 404)⁩</translation>
    </message>
    <message>
        <source>HTTP %1 from %2%3</source>
        <translation>⁦HTTP %1⁩ من ⁦%2⁩%3</translation>
    </message>
    <message>
        <source>cannot reach %1: %2</source>
        <translation>تعذّر الوصول إلى ⁦%1⁩: %2</translation>
    </message>
    <message>
        <source>the connection to %1 broke: %2</source>
        <translation>انقطع الاتصال بـ ⁦%1⁩: %2</translation>
    </message>
    <message>
        <source>the server ended the event stream %1 times in a row without a new event or the answer</source>
        <translation>أنهى الخادم تدفق الأحداث مرات متتالية (%L1) دون حدث جديد أو إجابة</translation>
    </message>
    <message>
        <source>the server closed the event stream without answering</source>
        <translation>أغلق الخادم تدفق الأحداث دون أن يُجيب</translation>
    </message>
    <message>
        <source>the reply to POST %1</source>
        <translation>الرد على ⁦POST %1⁩</translation>
    </message>
    <message>
        <source>HTTP %1 from %2 with no answer</source>
        <translation>⁦HTTP %1⁩ من ⁦%2⁩ بلا إجابة</translation>
    </message>
    <message>
        <source>the server accepted the request but sent no answer (HTTP 202)</source>
        <translation>قبل الخادم الطلب لكنه لم يُرسل إجابة ⁦(HTTP 202)⁩</translation>
    </message>
</context>
<context>
    <name>Tessera::ItemListCard</name>
    <message>
        <source>Status: %1</source>
        <translation>الحالة: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>لا عناصر</numerusform>
            <numerusform>عنصر واحد</numerusform>
            <numerusform>عنصران</numerusform>
            <numerusform>%Ln عناصر</numerusform>
            <numerusform>%Ln عنصرًا</numerusform>
            <numerusform>%Ln عنصر</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::JsonRenderCard</name>
    <message>
        <source>Sending…</source>
        <translation>جارٍ الإرسال…</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>صورة</translation>
    </message>
    <message>
        <source>Image: %1</source>
        <translation>صورة: %1</translation>
    </message>
    <message>
        <source>Not loaded: the address has no host.</source>
        <translation>لم تُحمّل: لا يحتوي العنوان على مضيف.</translation>
    </message>
    <message>
        <source>From %1, not loaded: Tessera loads no remote images.</source>
        <translation>من %1، لم تُحمّل: لا يحمّل Tessera الصور البعيدة.</translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>لا حقول</numerusform>
            <numerusform>حقل واحد</numerusform>
            <numerusform>حقلان</numerusform>
            <numerusform>%Ln حقول</numerusform>
            <numerusform>%Ln حقلًا</numerusform>
            <numerusform>%Ln حقل</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n button(s)</source>
        <translation>
            <numerusform>لا أزرار</numerusform>
            <numerusform>زر واحد</numerusform>
            <numerusform>زرّان</numerusform>
            <numerusform>%Ln أزرار</numerusform>
            <numerusform>%Ln زرًا</numerusform>
            <numerusform>%Ln زر</numerusform>
        </translation>
    </message>
    <message>
        <source>You</source>
        <translation>أنت</translation>
    </message>
    <message>
        <source>Table: %1</source>
        <translation>جدول: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>لا صفوف</numerusform>
            <numerusform>صف واحد</numerusform>
            <numerusform>صفّان</numerusform>
            <numerusform>%Ln صفوف</numerusform>
            <numerusform>%Ln صفًا</numerusform>
            <numerusform>%Ln صف</numerusform>
        </translation>
    </message>
    <message>
        <source>No rows</source>
        <translation>لا صفوف</translation>
    </message>
    <message>
        <source>Tells the agent you pressed it (action %1)</source>
        <translation>يُبلغ الوكيل بأنك ضغطته (الإجراء %1)</translation>
    </message>
    <message>
        <source>This card has no id, so a press cannot be sent.</source>
        <translation>ليس لهذه البطاقة معرّف، لذا لا يمكن إرسال الضغطة.</translation>
    </message>
    <message>
        <source>Opens %1 after you confirm</source>
        <translation>يفتح %1 بعد تأكيدك</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>تعذّر فتح %1: %2</translation>
    </message>
    <message>
        <source>Pressed: %1</source>
        <translation>تم الضغط: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>Tessera::MainWindow</name>
    <message>
        <source>Item %1</source>
        <translation>العنصر %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;ملف</translation>
    </message>
    <message>
        <source>&amp;Open Conversation…</source>
        <translation>&amp;فتح محادثة…</translation>
    </message>
    <message>
        <source>Open Conversation</source>
        <translation>فتح محادثة</translation>
    </message>
    <message>
        <source>Conversations (*.jsonl);;All files (*)</source>
        <translation>المحادثات (*.jsonl);;كل الملفات (*)</translation>
    </message>
    <message>
        <source>Open &amp;Demo</source>
        <translation>فتح المحادثة التج&amp;ريبية</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>الإ&amp;عدادات…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;إنهاء</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;تحرير</translation>
    </message>
    <message>
        <source>Copy Card as &amp;Text</source>
        <translation>نسخ البطاقة ك&amp;نص</translation>
    </message>
    <message>
        <source>Copy Card as &amp;JSON</source>
        <translation>نسخ البطاقة بصيغة &amp;JSON</translation>
    </message>
    <message>
        <source>Copy Card as &amp;Image</source>
        <translation>نسخ البطاقة ك&amp;صورة</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;عرض</translation>
    </message>
    <message>
        <source>Focus &amp;Composer</source>
        <translation>التركيز على م&amp;حرر الرسالة</translation>
    </message>
    <message>
        <source>Focus Con&amp;versation</source>
        <translation>التركيز على المحاد&amp;ثة</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;السمة</translation>
    </message>
    <message>
        <source>Follow &amp;System</source>
        <translation>&amp;اتباع النظام</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;فاتحة</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;داكنة</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>م&amp;ساعدة</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;اختصارات لوحة المفاتيح</translation>
    </message>
    <message>
        <source>&amp;About Tessera</source>
        <translation>&amp;حول Tessera</translation>
    </message>
    <message>
        <source>Cannot open conversation</source>
        <translation>تعذّر فتح المحادثة</translation>
    </message>
    <message>
        <source>Tessera could not read %1:
%2</source>
        <translation>تعذّر على Tessera قراءة %1:
%2</translation>
    </message>
    <message>
        <source>Demo conversation</source>
        <translation>محادثة تجريبية</translation>
    </message>
    <message>
        <source>%1 — Tessera</source>
        <translation>%1 — Tessera</translation>
    </message>
    <message>
        <source>No agent backend is connected: the message is in the conversation but was not sent.</source>
        <translation>لا توجد خدمة وكيل متصلة: الرسالة في المحادثة لكنها لم تُرسل.</translation>
    </message>
    <message>
        <source>Move the keyboard focus into a card to copy it.</source>
        <translation>انقل تركيز لوحة المفاتيح إلى بطاقة لنسخها.</translation>
    </message>
    <message>
        <source>Card copied.</source>
        <translation>نُسخت البطاقة.</translation>
    </message>
    <message>
        <source>&amp;Import Conversation…</source>
        <translation>&amp;استيراد محادثة…</translation>
    </message>
    <message>
        <source>Import Conversation</source>
        <translation>استيراد محادثة</translation>
    </message>
    <message>
        <source>&amp;Find Conversation</source>
        <translation>&amp;بحث عن محادثة</translation>
    </message>
    <message>
        <source>Opened from a file: use File → Import Conversation to keep it in Tessera.</source>
        <translation>فُتحت من ملف: استخدم ملف ← استيراد محادثة للاحتفاظ بها في Tessera.</translation>
    </message>
    <message>
        <source> It is saved.</source>
        <translation> وقد حُفظت.</translation>
    </message>
    <message>
        <source>Cannot import</source>
        <translation>تعذّر الاستيراد</translation>
    </message>
    <message>
        <source>Conversations are not being saved: %1</source>
        <translation>المحادثات لا تُحفظ: %1</translation>
    </message>
    <message>
        <source>&amp;New Conversation</source>
        <translation>&amp;محادثة جديدة</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>The agent is answering…</source>
        <translation>الوكيل يجيب…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>إيقاف</translation>
    </message>
    <message>
        <source>Stop this turn (Esc)</source>
        <translation>إيقاف هذا الدور (Esc)</translation>
    </message>
    <message>
        <source>no agent backend is connected</source>
        <translation>لا توجد خدمة وكيل متصلة</translation>
    </message>
    <message>
        <source>&amp;Backend</source>
        <translation>&amp;خدمة الوكيل</translation>
    </message>
    <message>
        <source>S&amp;top Turn</source>
        <translation>&amp;إيقاف الدور</translation>
    </message>
    <message>
        <source>&amp;Restart Backend</source>
        <translation>إعادة ت&amp;شغيل خدمة الوكيل</translation>
    </message>
    <message>
        <source>Open Backend &amp;Log</source>
        <translation>فتح &amp;سجل خدمة الوكيل</translation>
    </message>
    <message>
        <source>This backend has no log.</source>
        <translation>لا سجل لخدمة الوكيل هذه.</translation>
    </message>
    <message>
        <source>the agent is busy with your last turn</source>
        <translation>الوكيل لا يزال مشغولًا بدورك الأخير</translation>
    </message>
    <message>
        <source>your message is kept in the conversation, but %1</source>
        <translation>رسالتك محفوظة في المحادثة، لكن %1</translation>
    </message>
    <message>
        <source>The turn did not complete: %1</source>
        <translation>لم يكتمل الدور: %1</translation>
    </message>
    <message>
        <source>Cannot connect: %1</source>
        <translation>تعذّر الاتصال: %1</translation>
    </message>
    <message>
        <source>No agent backend</source>
        <translation>لا توجد خدمة وكيل</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>غير متصل</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>جارٍ الاتصال بـ %1…</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>متصل بـ %1</translation>
    </message>
    <message>
        <source>Reconnecting…</source>
        <translation>جارٍ إعادة الاتصال…</translation>
    </message>
    <message>
        <source>Reconnecting: %1</source>
        <translation>جارٍ إعادة الاتصال: %1</translation>
    </message>
    <message>
        <source>Backend stopped</source>
        <translation>توقفت خدمة الوكيل</translation>
    </message>
    <message>
        <source>Backend stopped: %1</source>
        <translation>توقفت خدمة الوكيل: %1</translation>
    </message>
    <message>
        <source>Could not send: %1. Try again in a moment.</source>
        <translation>تعذّر الإرسال: %1. حاول مرة أخرى بعد قليل.</translation>
    </message>
    <message>
        <source>Not sent</source>
        <translation>لم تُرسل</translation>
    </message>
    <message>
        <source>Refused to open a link that is not https://: %1</source>
        <translation>رُفض فتح رابط لا يستخدم https://: %1</translation>
    </message>
    <message>
        <source>Open Link</source>
        <translation>فتح الرابط</translation>
    </message>
    <message>
        <source>Open this address in your browser?</source>
        <translation>هل تريد فتح هذا العنوان في متصفحك؟</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>العنوان</translation>
    </message>
    <message>
        <source>No browser opened %1.</source>
        <translation>لم يفتح أي متصفح %1.</translation>
    </message>
    <message>
        <source>&amp;Export Conversation…</source>
        <translation>&amp;تصدير المحادثة…</translation>
    </message>
    <message>
        <source>Only a stored conversation can be exported: import it first.</source>
        <translation>لا يمكن تصدير إلا محادثة محفوظة: استوردها أولًا.</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Export Conversation</source>
        <translation>تصدير المحادثة</translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation>صُدّرت إلى %1.</translation>
    </message>
    <message>
        <source>Could not export: %1</source>
        <translation>تعذّر التصدير: %1</translation>
    </message>
    <message>
        <source>Read-only: %1 cannot be written. Stored conversations can be read; nothing new is saved.</source>
        <translation>للقراءة فقط: لا يمكن الكتابة في %1. يمكن قراءة المحادثات المحفوظة، ولا يُحفظ أي جديد.</translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <translation>&amp;المحادثة</translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation>إعادة ال&amp;توليد</translation>
    </message>
    <message>
        <source>&amp;Edit and Resend</source>
        <translation>تحرير وإعادة الإ&amp;رسال</translation>
    </message>
    <message>
        <source>Cannot show that version: %1</source>
        <translation>تعذّر عرض هذا الإصدار: %1</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>ا&amp;تصال…</translation>
    </message>
    <message>
        <source>Backend → Connect… sets up an agent to talk to.</source>
        <translation>خدمة الوكيل ← اتصال… تُعدّ وكيلًا للتحدث إليه.</translation>
    </message>
    <message>
        <source>No agent is connected.</source>
        <translation>لا يوجد وكيل متصل.</translation>
    </message>
    <message>
        <source>Connect…</source>
        <translation>اتصال…</translation>
    </message>
    <message>
        <source>The backend this conversation talks to; click to switch</source>
        <translation>خدمة الوكيل التي تتحدث إليها هذه المحادثة؛ انقر للتبديل</translation>
    </message>
    <message>
        <source>Backend: none</source>
        <translation>خدمة الوكيل: لا شيء</translation>
    </message>
    <message>
        <source>Backend: %1</source>
        <translation>خدمة الوكيل: %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>لا رسائل</numerusform>
            <numerusform>رسالة واحدة</numerusform>
            <numerusform>رسالتان</numerusform>
            <numerusform>%Ln رسائل</numerusform>
            <numerusform>%Ln رسالة</numerusform>
            <numerusform>%Ln رسالة</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>لا بطاقات</numerusform>
            <numerusform>بطاقة واحدة</numerusform>
            <numerusform>بطاقتان</numerusform>
            <numerusform>%Ln بطاقات</numerusform>
            <numerusform>%Ln بطاقة</numerusform>
            <numerusform>%Ln بطاقة</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n block(s) could not be drawn natively</source>
        <translation>
            <numerusform>لم تتعذّر أي كتلة</numerusform>
            <numerusform>تعذّر رسم كتلة واحدة أصليًا</numerusform>
            <numerusform>تعذّر رسم كتلتين أصليًا</numerusform>
            <numerusform>تعذّر رسم %Ln كتل أصليًا</numerusform>
            <numerusform>تعذّر رسم %Ln كتلة أصليًا</numerusform>
            <numerusform>تعذّر رسم %Ln كتلة أصليًا</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n turn(s) cut off when Tessera last stopped, marked incomplete.</source>
        <translation>
            <numerusform>لم ينقطع أي دور عند آخر توقف لـ Tessera.</numerusform>
            <numerusform>انقطع دور واحد عند آخر توقف لـ Tessera؛ وقد وُسم بأنه غير مكتمل.</numerusform>
            <numerusform>انقطع دوران عند آخر توقف لـ Tessera؛ وقد وُسما بأنهما غير مكتملين.</numerusform>
            <numerusform>انقطعت %Ln أدوار عند آخر توقف لـ Tessera؛ وقد وُسمت بأنها غير مكتملة.</numerusform>
            <numerusform>انقطع %Ln دورًا عند آخر توقف لـ Tessera؛ وقد وُسمت بأنها غير مكتملة.</numerusform>
            <numerusform>انقطع %Ln دور عند آخر توقف لـ Tessera؛ وقد وُسمت بأنها غير مكتملة.</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo is now saved as a conversation of yours.</source>
        <translation>حُفظ العرض التوضيحي الآن محادثةً خاصة بك.</translation>
    </message>
    <message>
        <source>Copy Card for %1</source>
        <translation>نسخ البطاقة لـ %1</translation>
    </message>
    <message>
        <source>&amp;Find in Conversation</source>
        <translation>&amp;بحث في المحادثة</translation>
    </message>
    <message>
        <source>No agent backend is connected: start Tessera with %1, %2 or %3.</source>
        <translation>لا توجد خدمة وكيل متصلة: شغّل Tessera مع %1 أو %2 أو %3.</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>two parts of a summary</comment>
        <translation>%1، %2</translation>
    </message>
    <message>
        <source>Conversations are not being saved: %1.</source>
        <translation>المحادثات لا تُحفظ: %1.</translation>
    </message>
    <message>
        <source>Nothing of the conversation on screen is saved.</source>
        <translation>لم يُحفظ شيء من المحادثة المعروضة.</translation>
    </message>
    <message numerus="yes">
        <source>Saved of “%1”: %n message(s); anything shown after them is on screen only.</source>
        <translation>
            <numerusform>حُفظ من «%1»: لا رسائل؛ وما يظهر بعد ذلك موجود على الشاشة فقط.</numerusform>
            <numerusform>حُفظ من «%1»: رسالة واحدة؛ وما يظهر بعد ذلك موجود على الشاشة فقط.</numerusform>
            <numerusform>حُفظ من «%1»: رسالتان؛ وما يظهر بعد ذلك موجود على الشاشة فقط.</numerusform>
            <numerusform>حُفظ من «%1»: %Ln رسائل؛ وما يظهر بعد ذلك موجود على الشاشة فقط.</numerusform>
            <numerusform>حُفظ من «%1»: %Ln رسالة؛ وما يظهر بعد ذلك موجود على الشاشة فقط.</numerusform>
            <numerusform>حُفظ من «%1»: %Ln رسالة؛ وما يظهر بعد ذلك موجود على الشاشة فقط.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not sent: %1 is read-only, so nothing new can be kept. Your text is still in the composer.</source>
        <translation>لم يُرسل: %1 للقراءة فقط، فلا يمكن حفظ شيء جديد. نصّك ما زال في محرر الرسالة.</translation>
    </message>
    <message>
        <source>Card copied for %1.</source>
        <translation>نُسخت البطاقة لـ %1.</translation>
    </message>
    <message>
        <source>The card cannot go to %1 as it is; see the issues.</source>
        <translation>لا يمكن نقل البطاقة إلى %1 كما هي؛ انظر المشكلات.</translation>
    </message>
    <message>
        <source>System &amp;Prompt…</source>
        <translation>&amp;موجّه النظام…</translation>
    </message>
    <message>
        <source>Connect an OpenAI-compatible backend to give this conversation a system prompt.</source>
        <translation>اتصل بخدمة وكيل متوافقة مع OpenAI لتعطي هذه المحادثة موجّه نظام.</translation>
    </message>
    <message>
        <source>This agent keeps its own instructions: a system prompt is for OpenAI-compatible backends only.</source>
        <translation>لهذا الوكيل تعليماته الخاصة: موجّه النظام لخدمات الوكيل المتوافقة مع OpenAI فقط.</translation>
    </message>
    <message>
        <source>The agent is answering: change the system prompt when the turn ends.</source>
        <translation>الوكيل يجيب: غيّر موجّه النظام عند انتهاء الدور.</translation>
    </message>
    <message>
        <source>Instructions for the model in this conversation, sent before Tessera&apos;s card rules</source>
        <translation>تعليمات للنموذج في هذه المحادثة، تُرسل قبل قواعد البطاقات في Tessera</translation>
    </message>
    <message>
        <source>The system prompt was not saved: %1</source>
        <translation>لم يُحفظ موجّه النظام: %1</translation>
    </message>
    <message>
        <source>This conversation has no system prompt from the next message on.</source>
        <translation>لن يكون لهذه المحادثة موجّه نظام بدءًا من الرسالة التالية.</translation>
    </message>
    <message>
        <source>The system prompt applies from the next message.</source>
        <translation>يسري موجّه النظام بدءًا من الرسالة التالية.</translation>
    </message>
    <message>
        <source>No agent is connected: Backend → Connect… (%1) sets one up.</source>
        <translation>لا يوجد وكيل متصل: خدمة الوكيل ← اتصال… (%1) تُعدّ واحدًا.</translation>
    </message>
    <message>
        <source>Canvas &amp;Panel</source>
        <translation>&amp;جزء اللوحات</translation>
    </message>
    <message>
        <source>Some MCP servers offer no tools: %1</source>
        <translation>بعض خوادم MCP لا تقدّم أدوات: %1</translation>
    </message>
    <message>
        <source>The canvas panel could not be read: %1</source>
        <translation>تعذّرت قراءة جزء اللوحات: %1</translation>
    </message>
    <message>
        <source>The canvas change was not kept: %1</source>
        <translation>لم يُحفظ تغيير اللوحة: %1</translation>
    </message>
    <message>
        <source>the agent is answering in the conversation on screen; try again when it is done</source>
        <translation>الوكيل يُجيب في المحادثة المعروضة؛ حاول مجددًا عندما ينتهي</translation>
    </message>
    <message>
        <source>the conversation it came from is not open any more</source>
        <translation>المحادثة التي جاء منها لم تعد مفتوحة</translation>
    </message>
    <message>
        <source>An app&apos;s tool call waits for your decision…</source>
        <translation>استدعاء أداة من تطبيق ينتظر قرارك…</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>خدمة الوكيل</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>خادم MCP ‏%1</translation>
    </message>
    <message>
        <source>Waiting for MCP servers…</source>
        <translation>في انتظار خوادم MCP…</translation>
    </message>
    <message>
        <source>Reading %1 (%2 MB)…</source>
        <translation>جارٍ قراءة %1 (%2 ميغابايت)…</translation>
    </message>
    <message>
        <source>Reading the conversation</source>
        <translation>جارٍ قراءة المحادثة</translation>
    </message>
    <message>
        <source>the conversation is still being read</source>
        <translation>لا تزال المحادثة قيد القراءة</translation>
    </message>
    <message>
        <source>The older lines could not be read: %1</source>
        <translation>تعذّرت قراءة الأسطر الأقدم: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s); counting the cards…</source>
        <translation>
            <numerusform>لا رسائل؛ جارٍ عدّ البطاقات…</numerusform>
            <numerusform>رسالة واحدة؛ جارٍ عدّ البطاقات…</numerusform>
            <numerusform>رسالتان؛ جارٍ عدّ البطاقات…</numerusform>
            <numerusform>%Ln رسائل؛ جارٍ عدّ البطاقات…</numerusform>
            <numerusform>%Ln رسالة؛ جارٍ عدّ البطاقات…</numerusform>
            <numerusform>%Ln رسالة؛ جارٍ عدّ البطاقات…</numerusform>
        </translation>
    </message>
    <message>
        <source>The conversation could not be counted: %1</source>
        <translation>تعذّر عدّ المحادثة: %1</translation>
    </message>
    <message>
        <source>%1 could not be read again: %2</source>
        <translation>تعذّرت قراءة %1 مرة أخرى: %2</translation>
    </message>
    <message>
        <source>It is not a regular file.</source>
        <translation>ليس ملفًا عاديًا.</translation>
    </message>
</context>
<context>
    <name>Tessera::MarkdownView</name>
    <message>
        <source>[image]</source>
        <translation>[صورة]</translation>
    </message>
    <message>
        <source>[image: %1]</source>
        <translation>[صورة: %1]</translation>
    </message>
</context>
<context>
    <name>Tessera::McpAppCard</name>
    <message>
        <source>app not drawn: %1</source>
        <translation>لم يُرسم التطبيق: %1</translation>
    </message>
    <message>
        <source>The app asked for network access to %1; refused: an app view reaches no network.</source>
        <translation>طلب التطبيق الوصول إلى ⁦%1⁩ عبر الشبكة؛ رُفض الطلب: لا تصل واجهة التطبيق إلى أي شبكة.</translation>
    </message>
    <message>
        <source>%1 is not connected: the app&apos;s tool calls are off.</source>
        <translation>⁦%1⁩ غير متصل: استدعاءات الأدوات من التطبيق معطّلة.</translation>
    </message>
    <message>
        <source>App %1 from %2</source>
        <translation>التطبيق ⁦%1⁩ من ⁦%2⁩</translation>
    </message>
    <message>
        <source>Open Link</source>
        <translation>فتح الرابط</translation>
    </message>
    <message>
        <source>An app asks to open this address in your browser:

%1</source>
        <translation>يطلب تطبيق فتح هذا العنوان في متصفحك:

%1</translation>
    </message>
    <message>
        <source>App %1</source>
        <translation>التطبيق ⁦%1⁩</translation>
    </message>
</context>
<context>
    <name>Tessera::McpAppConsent</name>
    <message>
        <source>the app&apos;s view was closed</source>
        <translation>أُغلق عرض التطبيق</translation>
    </message>
    <message>
        <source>no conversation can ask for consent</source>
        <translation>لا توجد محادثة يمكنها طلب الموافقة</translation>
    </message>
</context>
<context>
    <name>Tessera::McpAppView</name>
    <message>
        <source>Starting the app…</source>
        <translation>جارٍ تشغيل التطبيق…</translation>
    </message>
    <message>
        <source>the web channel script of Qt WebChannel is missing</source>
        <translation>البرنامج النصي لقناة الويب من Qt WebChannel مفقود</translation>
    </message>
    <message>
        <source>the app&apos;s document could not be loaded</source>
        <translation>تعذّر تحميل مستند التطبيق</translation>
    </message>
    <message>
        <source>the app&apos;s process ended (exit code %1)</source>
        <translation>انتهت عملية التطبيق (رمز الخروج %1)</translation>
    </message>
    <message>
        <source>the app did not finish loading within %1 s</source>
        <translation>لم يكتمل تحميل التطبيق خلال %L1 ث</translation>
    </message>
    <message>
        <source>app stopped: %1</source>
        <translation>توقف التطبيق: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::McpClient</name>
    <message>
        <source>the connection to the server was closed</source>
        <translation>أُغلق الاتصال بالخادم</translation>
    </message>
    <message>
        <source>the server did not answer initialize within %1 s</source>
        <translation>لم يُجب الخادم عن ⁦initialize⁩ خلال %1 ث</translation>
    </message>
    <message>
        <source>initialize failed: %1</source>
        <translation>فشل ⁦initialize⁩: %1</translation>
    </message>
    <message>
        <source>the server speaks MCP version %1; Tessera supports %2</source>
        <translation>يتحدث الخادم إصدار MCP ⁦%1⁩؛ ويدعم Tessera ⁦%2⁩</translation>
    </message>
    <message>
        <source>(none given)</source>
        <translation>(لم يُحدَّد)</translation>
    </message>
    <message>
        <source>the server is not connected</source>
        <translation>الخادم غير متصل</translation>
    </message>
    <message>
        <source>%1 cancelled</source>
        <translation>أُلغي ⁦%1⁩</translation>
    </message>
    <message>
        <source>a request</source>
        <translation>طلب</translation>
    </message>
    <message>
        <source>%1 timed out after %2 s</source>
        <translation>انتهت مهلة ⁦%1⁩ بعد %2 ث</translation>
    </message>
    <message>
        <source>the server sent something that isn&apos;t JSON-RPC (%1: %2): %3</source>
        <translation>أرسل الخادم شيئًا ليس ⁦JSON-RPC⁩ (%1: %2): ⁦%3⁩</translation>
    </message>
    <message>
        <source>not JSON</source>
        <translation>ليس JSON</translation>
    </message>
    <message>
        <source>a batch, which MCP no longer has</source>
        <translation>دفعة، ولم تعد موجودة في MCP</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>ليس كائنًا</translation>
    </message>
    <message>
        <source>no &quot;jsonrpc&quot;: &quot;2.0&quot;</source>
        <translation>لا يوجد ⁦&quot;jsonrpc&quot;: &quot;2.0&quot;⁩</translation>
    </message>
    <message>
        <source>&quot;method&quot; is not a string</source>
        <translation>⁦&quot;method&quot;⁩ ليس سلسلة نصية</translation>
    </message>
    <message>
        <source>neither a request, a notification nor a response</source>
        <translation>ليس طلبًا ولا إشعارًا ولا ردًّا</translation>
    </message>
    <message>
        <source>the server answered %1 with error %2: %3</source>
        <translation>أجاب الخادم عن ⁦%1⁩ بالخطأ %2: %3</translation>
    </message>
    <message>
        <source>the server&apos;s answer to %1 is not an object</source>
        <translation>رد الخادم على ⁦%1⁩ ليس كائنًا</translation>
    </message>
</context>
<context>
    <name>Tessera::McpController</name>
    <message>
        <source>%1 asked for input that cannot be shown: %2</source>
        <translation>طلب ⁦%1⁩ إدخالًا لا يمكن عرضه: %2</translation>
    </message>
    <message>
        <source>the line is damaged</source>
        <translation>السطر تالف</translation>
    </message>
    <message>
        <source>the conversation is no longer live</source>
        <translation>لم تعد المحادثة حية</translation>
    </message>
</context>
<context>
    <name>Tessera::McpElicitationCard</name>
    <message>
        <source>%1 asks</source>
        <translation>يسأل %1</translation>
    </message>
    <message>
        <source>%1 *</source>
        <translation>%1 *</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>قبول</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>رفض</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(بلا اختيار)</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>لم يُرسل: %1</translation>
    </message>
    <message>
        <source>Accepted: sent to the server.</source>
        <translation>مقبول: أُرسل الرد إلى الخادم.</translation>
    </message>
    <message>
        <source>Declined: nothing was sent.</source>
        <translation>مرفوض: لم يُرسل شيء.</translation>
    </message>
    <message>
        <source>Cancelled: nothing was sent.</source>
        <translation>ملغى: لم يُرسل شيء.</translation>
    </message>
    <message>
        <source>Not answered: the turn ended first, and the server was told it was cancelled.</source>
        <translation>لم تتم الإجابة: انتهى الدور أولًا، وأُبلغ الخادم بإلغاء الطلب.</translation>
    </message>
</context>
<context>
    <name>Tessera::McpElicitationForm</name>
    <message>
        <source>must be at least %1</source>
        <translation>يجب ألا يقل عن %1</translation>
    </message>
    <message>
        <source>must be at most %1</source>
        <translation>يجب ألا يزيد على %1</translation>
    </message>
    <message>
        <source>must be text</source>
        <translation>يجب أن يكون نصًا</translation>
    </message>
    <message>
        <source>must be at least %1 characters</source>
        <translation>يجب ألا يقل عدد أحرفه عن %L1</translation>
    </message>
    <message>
        <source>must be at most %1 characters</source>
        <translation>يجب ألا يزيد عدد أحرفه على %L1</translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation>يجب أن يكون رقمًا</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>يجب أن يكون عددًا صحيحًا</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>يجب أن يكون صحيحًا أو خطأ</translation>
    </message>
    <message>
        <source>must be one of: %1</source>
        <translation>يجب أن يكون أحد الخيارات: %1</translation>
    </message>
    <message>
        <source>must be a list of: %1</source>
        <translation>يجب أن يكون قائمة من: %1</translation>
    </message>
    <message>
        <source>needs at least %1 chosen</source>
        <translation>يجب اختيار %L1 على الأقل</translation>
    </message>
    <message>
        <source>takes at most %1 chosen</source>
        <translation>يُسمح باختيار %L1 على الأكثر</translation>
    </message>
    <message>
        <source>is not a field of this form</source>
        <translation>ليس حقلًا في هذا النموذج</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>مطلوب</translation>
    </message>
</context>
<context>
    <name>Tessera::McpServerDialog</name>
    <message>
        <source>%1, line %2: write NAME%3value</source>
        <translation>%1، السطر %L2: اكتب ⁦NAME%3value⁩</translation>
    </message>
    <message>
        <source>&amp;Enabled</source>
        <translation>م&amp;فعّل</translation>
    </message>
    <message>
        <source>MCP Server</source>
        <translation>خادم MCP</translation>
    </message>
    <message>
        <source>files</source>
        <translation>ملفات</translation>
    </message>
    <message>
        <source>Command (stdio)</source>
        <translation>أمر (stdio)</translation>
    </message>
    <message>
        <source>URL (Streamable HTTP)</source>
        <translation>عنوان ⁦URL (Streamable HTTP)⁩</translation>
    </message>
    <message>
        <source>API_KEY=value, one a line</source>
        <translation>⁦API_KEY=…⁩، واحد في كل سطر</translation>
    </message>
    <message>
        <source>Authorization: Bearer …, one a line</source>
        <translation>⁦Authorization: Bearer …⁩، واحد في كل سطر</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>الا&amp;سم:</translation>
    </message>
    <message>
        <source>&amp;Connect by:</source>
        <translation>طريقة الا&amp;تصال:</translation>
    </message>
    <message>
        <source>Co&amp;mmand:</source>
        <translation>الأ&amp;مر:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>ال&amp;وسائط:</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>ال&amp;بيئة:</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;عنوان URL:</translation>
    </message>
    <message>
        <source>&amp;Headers:</source>
        <translation>الترو&amp;يسات:</translation>
    </message>
    <message>
        <source>Environment and header values are kept in the desktop&apos;s keyring, never in a file.</source>
        <translation>تُحفظ قيم البيئة والترويسات في سلسلة مفاتيح سطح المكتب، ولا تُحفظ في ملف أبدًا.</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>البيئة</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>الترويسات</translation>
    </message>
</context>
<context>
    <name>Tessera::McpServerSettings</name>
    <message>
        <source>has no command</source>
        <translation>بلا أمر</translation>
    </message>
    <message>
        <source>stored MCP server %1: %2</source>
        <translation>خادم MCP المحفوظ ⁦%1⁩: %2</translation>
    </message>
    <message>
        <source>the secrets of MCP server %1 did not read from the keyring: %2</source>
        <translation>تعذّرت قراءة أسرار خادم MCP ⁦%1⁩ من سلسلة المفاتيح: %2</translation>
    </message>
    <message>
        <source>the keyring&apos;s entry %1%2 is not what Tessera wrote</source>
        <translation>مُدخل سلسلة المفاتيح ⁦%1%2⁩ ليس ما كتبه Tessera</translation>
    </message>
    <message>
        <source>MCP server %1 was not saved: its env and header values go to the keyring, and %2</source>
        <translation>لم يُحفظ خادم MCP ⁦%1⁩: تُحفظ قيم البيئة والترويسات الخاصة به في سلسلة المفاتيح، و%2</translation>
    </message>
    <message>
        <source>MCP server %1 was not saved: the settings file %2 could not be written</source>
        <translation>لم يُحفظ خادم MCP ⁦%1⁩: تعذّرت كتابة ملف الإعدادات ⁦%2⁩</translation>
    </message>
    <message>
        <source>no MCP server named %1 is stored</source>
        <translation>لا يوجد خادم MCP محفوظ باسم ⁦%1⁩</translation>
    </message>
    <message>
        <source>MCP server %1 was removed, but its secrets stay in the keyring: %2</source>
        <translation>أُزيل خادم MCP ⁦%1⁩، لكن أسراره باقية في سلسلة المفاتيح: %2</translation>
    </message>
</context>
<context>
    <name>Tessera::McpServersPage</name>
    <message>
        <source>Name</source>
        <translation>الاسم</translation>
    </message>
    <message>
        <source>Command or URL</source>
        <translation>الأمر أو عنوان URL</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>مفعّل</translation>
    </message>
    <message>
        <source>State</source>
        <translation>الحالة</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>خوادم MCP</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>إ&amp;ضافة…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;تحرير…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>إ&amp;زالة</translation>
    </message>
    <message>
        <source>&amp;Paste Configuration…</source>
        <translation>&amp;لصق التهيئة…</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>&amp;فحص</translation>
    </message>
    <message>
        <source>Connect to each enabled server once and show how many tools it has</source>
        <translation>الاتصال بكل خادم مفعّل مرة واحدة وعرض عدد أدواته</translation>
    </message>
    <message>
        <source>&amp;Undo Remove</source>
        <translation>&amp;التراجع عن الإزالة</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>لم يُفحص</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>معطّل</translation>
    </message>
    <message>
        <source>/mcpServers: names no server</source>
        <translation>⁦/mcpServers⁩: لا يسمّي أي خادم</translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation>تمت إضافة %1.</translation>
    </message>
    <message>
        <source>Replaced %1.</source>
        <translation>تم استبدال %1.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>تم حفظ %1.</translation>
    </message>
    <message>
        <source>No MCP server named %1 is stored.</source>
        <translation>لا يوجد خادم MCP محفوظ باسم %1.</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>تمت إزالة %1.</translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation>لا شيء للتراجع عنه.</translation>
    </message>
    <message>
        <source>%1 is back.</source>
        <translation>عاد %1.</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>جارٍ الفحص…</translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>لا أدوات</numerusform>
            <numerusform>أداة واحدة</numerusform>
            <numerusform>أداتان</numerusform>
            <numerusform>%Ln أدوات</numerusform>
            <numerusform>%Ln أداة</numerusform>
            <numerusform>%Ln أداة</numerusform>
        </translation>
    </message>
    <message>
        <source>Paste MCP Configuration</source>
        <translation>لصق تهيئة MCP</translation>
    </message>
    <message>
        <source>Paste the {&quot;mcpServers&quot;: {…}} configuration another MCP client uses.</source>
        <translation>الصق تهيئة ⁦{&quot;mcpServers&quot;: {…}}⁩ التي يستخدمها عميل MCP آخر.</translation>
    </message>
    <message>
        <source>Not read: %1</source>
        <translation>لم تُقرأ: %1</translation>
    </message>
    <message>
        <source>MCP servers give the agent tools. Nothing runs without your consent; environment and header values are kept in the desktop&apos;s keyring. A change here reaches the open window after the answer in progress, if any.</source>
        <translation>تمنح خوادم MCP الوكيلَ أدوات. لا يعمل شيء دون موافقتك؛ وتُحفظ قيم البيئة والترويسات في سلسلة مفاتيح سطح المكتب. يصل أي تغيير هنا إلى النافذة المفتوحة بعد انتهاء الإجابة الجارية، إن وُجدت.</translation>
    </message>
    <message>
        <source>Run &amp;read-only tools without asking</source>
        <translation>تشغيل أدوات القراءة فقط دون &amp;سؤال</translation>
    </message>
    <message>
        <source>Tools their server marks as read-only run without a consent card; tools marked destructive always ask</source>
        <translation>الأدوات التي يصنّفها خادمها للقراءة فقط تعمل دون بطاقة موافقة؛ أما الأدوات المصنّفة مدمِّرة فتسأل دائمًا</translation>
    </message>
</context>
<context>
    <name>Tessera::McpToolHost</name>
    <message>
        <source>the server&apos;s result is not a tool result: %1</source>
        <translation>نتيجة الخادم ليست نتيجة أداة: %1</translation>
    </message>
    <message>
        <source>resources/read %1 failed: %2</source>
        <translation>فشل ⁦resources/read %1⁩: %2</translation>
    </message>
    <message>
        <source>the view %1 was not drawn: %2</source>
        <translation>لم تُرسم الواجهة ⁦%1⁩: %2</translation>
    </message>
    <message>
        <source>%1: tools/list failed: %2</source>
        <translation>⁦%1⁩: فشل ⁦tools/list⁩: %2</translation>
    </message>
    <message>
        <source>the arguments are not a JSON object</source>
        <translation>الوسائط ليست كائن JSON</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 و%2 غيرها</translation>
    </message>
    <message>
        <source>%1 of %2 MCP tools are not offered to the model (at most %3 tools and %4 KB of their schemas go with a request): %5</source>
        <translation>لا تُعرض %1 من %2 أداة MCP على النموذج (يُرسل مع الطلب %3 أداة على الأكثر و%4 ك.ب من مخططاتها): %5</translation>
    </message>
    <message>
        <source>%1 is for the model only: its server does not let an app call it</source>
        <translation>‏%1 مخصّص للنموذج فقط: لا يسمح خادمه لأي تطبيق باستدعائه</translation>
    </message>
</context>
<context>
    <name>Tessera::MetricChartCard</name>
    <message>
        <source>Bar chart</source>
        <translation>مخطط أعمدة</translation>
    </message>
    <message>
        <source>Area chart</source>
        <translation>مخطط مساحي</translation>
    </message>
    <message>
        <source>Scatter chart</source>
        <translation>مخطط انتشار</translation>
    </message>
    <message>
        <source>Line chart</source>
        <translation>مخطط خطي</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n series</source>
        <translation>
            <numerusform>%1، لا سلاسل</numerusform>
            <numerusform>%1، سلسلة واحدة</numerusform>
            <numerusform>%1، سلسلتان</numerusform>
            <numerusform>%1، %Ln سلاسل</numerusform>
            <numerusform>%1، %Ln سلسلة</numerusform>
            <numerusform>%1، %Ln سلسلة</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: no points</source>
        <translation>%1: لا نقاط</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n points, from %2 to %3</source>
        <translation>
            <numerusform>%1: لا نقاط، من %2 إلى %3</numerusform>
            <numerusform>%1: نقطة واحدة، من %2 إلى %3</numerusform>
            <numerusform>%1: نقطتان، من %2 إلى %3</numerusform>
            <numerusform>%1: %Ln نقاط، من %2 إلى %3</numerusform>
            <numerusform>%1: %Ln نقطة، من %2 إلى %3</numerusform>
            <numerusform>%1: %Ln نقطة، من %2 إلى %3</numerusform>
        </translation>
    </message>
    <message>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <source> (UTC)</source>
        <translation> (UTC)</translation>
    </message>
</context>
<context>
    <name>Tessera::OpenAiBackend</name>
    <message>
        <source>%1 is not an http:// or https:// address</source>
        <translation>⁦%1⁩ ليس عنوان ⁦http://⁩ أو ⁦https://⁩</translation>
    </message>
    <message>
        <source>not a client event: %1</source>
        <translation>ليس حدث عميل: %1</translation>
    </message>
    <message>
        <source>an OpenAI-compatible endpoint takes no %1 events</source>
        <translation>لا تقبل نقطة النهاية المتوافقة مع OpenAI أحداث ⁦%1⁩</translation>
    </message>
    <message>
        <source>the model is still answering</source>
        <translation>لا يزال النموذج يُجيب</translation>
    </message>
    <message>
        <source>there is nothing to send</source>
        <translation>لا يوجد ما يُرسل</translation>
    </message>
    <message>
        <source>this request for input is no longer waiting for an answer</source>
        <translation>طلب الإدخال هذا لم يعد ينتظر إجابة</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an answer to a request for input</source>
        <translation>«%1» ليس إجابة عن طلب إدخال</translation>
    </message>
    <message>
        <source>this tool call is no longer waiting for consent</source>
        <translation>استدعاء الأداة هذا لم يعد ينتظر الموافقة</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a consent decision</source>
        <translation>«%1» ليس قرار موافقة</translation>
    </message>
    <message>
        <source>%1 is marked destructive: it can be allowed once or denied, not allowed for this conversation</source>
        <translation>⁦%1⁩ مصنّفة مدمِّرة: يمكن السماح بها مرة واحدة أو رفضها، لا السماح بها لهذه المحادثة</translation>
    </message>
</context>
<context>
    <name>Tessera::PopOut</name>
    <message>
        <source>Pop &amp;Out</source>
        <translation>&amp;فصل في نافذة</translation>
    </message>
    <message>
        <source>Show this in a small window of its own; the conversation keeps it too</source>
        <translation>اعرض هذا في نافذة صغيرة مستقلة؛ وتحتفظ به المحادثة أيضًا</translation>
    </message>
    <message>
        <source>Pop out</source>
        <translation>فصل في نافذة</translation>
    </message>
    <message>
        <source>Pop out %1</source>
        <translation>فصل «%1» في نافذة</translation>
    </message>
</context>
<context>
    <name>Tessera::PopOutController</name>
    <message>
        <source>the conversation is not shown any more</source>
        <translation>لم تعد المحادثة معروضة</translation>
    </message>
    <message>
        <source>The prompt was not put into the composer: %1</source>
        <translation>لم يوضع الطلب في محرر الرسالة: %1</translation>
    </message>
    <message>
        <source>Could not send: %1</source>
        <translation>تعذّر الإرسال: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::PopOutWindow</name>
    <message>
        <source>From the conversation</source>
        <translation>من المحادثة</translation>
    </message>
    <message>
        <source>From “%1”</source>
        <translation>من «%1»</translation>
    </message>
    <message>
        <source>%1 · follows the newest board</source>
        <translation>%1 · يتبع أحدث رقعة لعب</translation>
    </message>
    <message>
        <source>Widget</source>
        <translation>عنصر واجهة</translation>
    </message>
    <message>
        <source>%1 — Tessera</source>
        <translation>%1 — Tessera</translation>
    </message>
    <message>
        <source>Popped out: %1</source>
        <translation>في نافذة مستقلة: %1</translation>
    </message>
    <message>
        <source>This app cannot be shown here.</source>
        <translation>لا يمكن عرض هذا التطبيق هنا.</translation>
    </message>
    <message>
        <source>App %1</source>
        <translation>التطبيق ⁦%1⁩</translation>
    </message>
</context>
<context>
    <name>Tessera::ProseBlock</name>
    <message>
        <source>Assistant</source>
        <translation>المساعد</translation>
    </message>
    <message>
        <source>Refused to open a link that is not https://: %1</source>
        <translation>رُفض فتح رابط ليس https://‏: %1</translation>
    </message>
    <message>
        <source>Links open from the Tessera window only.</source>
        <translation>تُفتح الروابط من نافذة Tessera فقط.</translation>
    </message>
</context>
<context>
    <name>Tessera::ProseSkeleton</name>
    <message>
        <source>Widget loading</source>
        <translation>جارٍ تحميل عنصر الواجهة</translation>
    </message>
    <message>
        <source>The agent is still writing this widget.</source>
        <translation>لا يزال الوكيل يكتب عنصر الواجهة هذا.</translation>
    </message>
    <message>
        <source>Building a widget…</source>
        <translation>جارٍ بناء عنصر واجهة…</translation>
    </message>
</context>
<context>
    <name>Tessera::RecommendActionsCard</name>
    <message>
        <source>Puts this prompt into the composer: %1</source>
        <translation>يضع هذا الطلب في محرر الرسالة: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n suggested action(s)</source>
        <translation>
            <numerusform>لا إجراءات مقترحة</numerusform>
            <numerusform>إجراء مقترح واحد</numerusform>
            <numerusform>إجراءان مقترحان</numerusform>
            <numerusform>%Ln إجراءات مقترحة</numerusform>
            <numerusform>%Ln إجراءً مقترحًا</numerusform>
            <numerusform>%Ln إجراء مقترح</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>الإعدادات</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>اتباع النظام</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>فاتحة</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>داكنة</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>افتراضي النظام</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> نقطة</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;السمة:</translation>
    </message>
    <message>
        <source>&amp;Font size:</source>
        <translation>&amp;حجم الخط:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;اللغة:</translation>
    </message>
    <message>
        <source>A new language is used from the next start.</source>
        <translation>تُستخدم اللغة الجديدة من التشغيل التالي.</translation>
    </message>
    <message>
        <source>&amp;Reduce motion in widgets</source>
        <translation>&amp;تقليل الحركة في عناصر الواجهة</translation>
    </message>
    <message>
        <source>Load &amp;images from the web in widgets without asking</source>
        <translation>تحميل &amp;صور الويب في عناصر الواجهة دون سؤال</translation>
    </message>
    <message>
        <source>&amp;Name on button presses:</source>
        <translation>اسمك عند &amp;ضغط الأزرار:</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>&amp;عام</translation>
    </message>
    <message>
        <source>T&amp;ools</source>
        <translation>الأ&amp;دوات</translation>
    </message>
</context>
<context>
    <name>Tessera::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>اختصارات لوحة المفاتيح</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Ctrl+Enter</translation>
    </message>
    <message>
        <source>Send the message in the composer</source>
        <translation>إرسال الرسالة الموجودة في محرر الرسالة</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>Move between cards, pills, items, tables and buttons</source>
        <translation>التنقل بين البطاقات والاقتراحات والعناصر والجداول والأزرار</translation>
    </message>
    <message>
        <source>Enter / Space</source>
        <translation>Enter / مسافة</translation>
    </message>
    <message>
        <source>Activate a pill or an item</source>
        <translation>تفعيل اقتراح أو عنصر</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>مفاتيح الأسهم</translation>
    </message>
    <message>
        <source>Move between table cells</source>
        <translation>التنقل بين خلايا الجدول</translation>
    </message>
    <message>
        <source>Ctrl+C</source>
        <translation>Ctrl+C</translation>
    </message>
    <message>
        <source>Copy the selected table cells as TSV</source>
        <translation>نسخ خلايا الجدول المحددة بصيغة TSV</translation>
    </message>
    <message>
        <source>Menu key</source>
        <translation>مفتاح القائمة</translation>
    </message>
    <message>
        <source>Copy a card as text, JSON or image</source>
        <translation>نسخ بطاقة كنص أو JSON أو صورة</translation>
    </message>
    <message>
        <source>Page Up / Page Down</source>
        <translation>Page Up / Page Down</translation>
    </message>
    <message>
        <source>Scroll the conversation</source>
        <translation>تمرير المحادثة</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>المفاتيح</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>الإجراء</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>اختصارات لوحة المفاتيح</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter, F3 / Shift+F3</source>
        <translation>Enter / Shift+Enter, F3 / Shift+F3</translation>
    </message>
    <message>
        <source>Next and previous match in the find bar</source>
        <translation>المطابقة التالية والسابقة في شريط البحث</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Close the find bar</source>
        <translation>إغلاق شريط البحث</translation>
    </message>
</context>
<context>
    <name>Tessera::StdioBackend</name>
    <message>
        <source>event over %1 MiB skipped</source>
        <translation>تم تخطي حدث يتجاوز %L1 ميبيبايت</translation>
    </message>
    <message>
        <source>the backend command is empty</source>
        <translation>أمر خدمة الوكيل فارغ</translation>
    </message>
    <message>
        <source>the event is not valid JSON and was not sent</source>
        <translation>الحدث ليس JSON صالحًا ولم يُرسل</translation>
    </message>
    <message>
        <source>the event contains a line break and was not sent</source>
        <translation>يحتوي الحدث على فاصل أسطر ولم يُرسل</translation>
    </message>
    <message>
        <source>the backend is not running</source>
        <translation>خدمة الوكيل لا تعمل</translation>
    </message>
    <message>
        <source>could not write to the backend: %1</source>
        <translation>تعذّرت الكتابة إلى خدمة الوكيل: %1</translation>
    </message>
    <message>
        <source>line %1: </source>
        <translation>السطر %L1: </translation>
    </message>
    <message>
        <source>could not start %1: %2</source>
        <translation>تعذّر تشغيل ⁦%1⁩: %2</translation>
    </message>
    <message>
        <source>line %1: the backend closed in the middle of an event</source>
        <translation>السطر %L1: أُغلقت خدمة الوكيل في منتصف حدث</translation>
    </message>
    <message>
        <source>the backend crashed</source>
        <translation>تعطّلت خدمة الوكيل</translation>
    </message>
    <message>
        <source>the backend exited with code %1</source>
        <translation>خرجت خدمة الوكيل بالرمز %1</translation>
    </message>
</context>
<context>
    <name>Tessera::StdioTransport</name>
    <message>
        <source>the server is not running</source>
        <translation>الخادم لا يعمل</translation>
    </message>
    <message>
        <source>line %1: the server sent a message over %2; it was refused</source>
        <translation>السطر %L1: أرسل الخادم رسالة تتجاوز %2؛ وقد رُفضت</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>السطر %L1</translation>
    </message>
    <message>
        <source>could not start %1: %2</source>
        <translation>تعذّر تشغيل ⁦%1⁩: %2</translation>
    </message>
    <message>
        <source>the server crashed</source>
        <translation>تعطّل الخادم</translation>
    </message>
    <message>
        <source>the server exited with code %1</source>
        <translation>خرج الخادم بالرمز %1</translation>
    </message>
    <message>
        <source> in the middle of a message</source>
        <translation> في منتصف رسالة</translation>
    </message>
</context>
<context>
    <name>Tessera::StoreCommands</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>لا رسائل</numerusform>
            <numerusform>رسالة واحدة</numerusform>
            <numerusform>رسالتان</numerusform>
            <numerusform>%Ln رسائل</numerusform>
            <numerusform>%Ln رسالة</numerusform>
            <numerusform>%Ln رسالة</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>لا بطاقات</numerusform>
            <numerusform>بطاقة واحدة</numerusform>
            <numerusform>بطاقتان</numerusform>
            <numerusform>%Ln بطاقات</numerusform>
            <numerusform>%Ln بطاقة</numerusform>
            <numerusform>%Ln بطاقة</numerusform>
        </translation>
    </message>
    <message>
        <source>imported %1 from %2 as &quot;%3&quot; into %4</source>
        <translation>استُورد %1 من %2 باسم «%3» إلى %4</translation>
    </message>
    <message>
        <source>wrote %1 (%2, %3)</source>
        <translation>كُتب %1 (%2، %3)</translation>
    </message>
</context>
<context>
    <name>Tessera::SystemPromptDialog</name>
    <message>
        <source>System Prompt</source>
        <translation>موجّه النظام</translation>
    </message>
    <message>
        <source>&amp;Instructions for the model in this conversation:</source>
        <translation>&amp;تعليمات للنموذج في هذه المحادثة:</translation>
    </message>
    <message>
        <source>&amp;Instructions for the model in “%1”:</source>
        <translation>&amp;تعليمات للنموذج في «%1»:</translation>
    </message>
    <message>
        <source>Sent before each of your messages from the next one on, followed by Tessera&apos;s own rules for drawing cards. Only this conversation uses it; leave it empty for none.</source>
        <translation>يُرسل قبل كل رسالة من رسائلك بدءًا من الرسالة التالية، وتتبعه قواعد Tessera الخاصة برسم البطاقات. تستخدمه هذه المحادثة وحدها؛ اتركه فارغًا إن لم ترد موجّهًا.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>موجّه النظام</translation>
    </message>
    <message>
        <source>For example: Answer in French. Keep answers short.</source>
        <translation>مثلًا: أجب بالفرنسية. اجعل الإجابات قصيرة.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s): at most %1 can be kept.</source>
        <translation>
            <numerusform>%Ln حرف: يمكن حفظ %1 على الأكثر.</numerusform>
            <numerusform>حرف واحد: يمكن حفظ %1 على الأكثر.</numerusform>
            <numerusform>حرفان: يمكن حفظ %1 على الأكثر.</numerusform>
            <numerusform>%Ln أحرف: يمكن حفظ %1 على الأكثر.</numerusform>
            <numerusform>%Ln حرفًا: يمكن حفظ %1 على الأكثر.</numerusform>
            <numerusform>%Ln حرف: يمكن حفظ %1 على الأكثر.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s)</source>
        <translation>
            <numerusform>%Ln حرف</numerusform>
            <numerusform>حرف واحد</numerusform>
            <numerusform>حرفان</numerusform>
            <numerusform>%Ln أحرف</numerusform>
            <numerusform>%Ln حرفًا</numerusform>
            <numerusform>%Ln حرف</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::Theme</name>
    <message>
        <source>ok</source>
        <translation>سليم</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>تحذير</translation>
    </message>
    <message>
        <source>error</source>
        <translation>خطأ</translation>
    </message>
    <message>
        <source>info</source>
        <translation>معلومة</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>محايد</translation>
    </message>
</context>
<context>
    <name>Tessera::ToolActivityLine</name>
    <message>
        <source>This card could not be drawn.</source>
        <translation>تعذّر رسم هذه البطاقة.</translation>
    </message>
</context>
<context>
    <name>Tessera::ToolResultLine</name>
    <message>
        <source>
… (cut here; the whole result is in the stored conversation)</source>
        <translation>
… (قُطع هنا؛ النتيجة كاملة في المحادثة المحفوظة)</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>(بلا نص)</translation>
    </message>
    <message>
        <source>Show result</source>
        <translation>إظهار النتيجة</translation>
    </message>
    <message>
        <source>Hide result</source>
        <translation>إخفاء النتيجة</translation>
    </message>
    <message>
        <source>running</source>
        <translation>قيد التنفيذ</translation>
    </message>
    <message>
        <source>running: %1</source>
        <translation>قيد التنفيذ: %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%L1 ملّي ثانية</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 ث</translation>
    </message>
    <message>
        <source>error</source>
        <translation>خطأ</translation>
    </message>
    <message>
        <source>No card: the result does not fit its descriptor at %1</source>
        <translation>لا بطاقة: لا تطابق النتيجة واصفها عند ⁦%1⁩</translation>
    </message>
    <message>
        <source>allowed once by the user</source>
        <translation>سمح به المستخدم مرة واحدة</translation>
    </message>
    <message>
        <source>allowed for this conversation by the user</source>
        <translation>سمح به المستخدم لهذه المحادثة</translation>
    </message>
    <message>
        <source>allowed for this conversation</source>
        <translation>مسموح به لهذه المحادثة</translation>
    </message>
    <message>
        <source>allowed by the setting for read-only tools</source>
        <translation>مسموح به بإعداد أدوات القراءة فقط</translation>
    </message>
    <message>
        <source>denied by the user</source>
        <translation>رفضه المستخدم</translation>
    </message>
    <message>
        <source>allowed by --allow-tool %1</source>
        <translation>مسموح به عبر --allow-tool %1</translation>
    </message>
    <message>
        <source>denied: no --allow-tool names it</source>
        <translation>مرفوض: لا يسمّيه أي --allow-tool</translation>
    </message>
</context>
<context>
    <name>Tessera::UserBubble</name>
    <message>
        <source>You</source>
        <translation>أنت</translation>
    </message>
    <message>
        <source>You said</source>
        <translation>قلتَ</translation>
    </message>
</context>
<context>
    <name>Tessera::VersionSwitcherRow</name>
    <message>
        <source>Previous version</source>
        <translation>الإصدار السابق</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>الإصدار التالي</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>الإصدار %1 من %2</translation>
    </message>
</context>
<context>
    <name>Tessera::WebSocketBackend</name>
    <message>
        <source>no answer from the server within %1 s</source>
        <translation>لا إجابة من الخادم خلال %1 ث</translation>
    </message>
    <message>
        <source>%1 is not a WebSocket address (ws:// or wss://)</source>
        <translation>⁦%1⁩ ليس عنوان WebSocket (⁦ws://⁩ أو ⁦wss://⁩)</translation>
    </message>
    <message>
        <source>wss:// needs TLS, which this Qt has no backend for</source>
        <translation>يحتاج ⁦wss://⁩ إلى TLS، ولا يدعمه إصدار Qt هذا</translation>
    </message>
    <message>
        <source>connecting to %1</source>
        <translation>جارٍ الاتصال بـ ⁦%1⁩</translation>
    </message>
    <message>
        <source>stopped retrying: %1</source>
        <translation>توقفت إعادة المحاولة: %1</translation>
    </message>
    <message>
        <source>frame %1: event over %2 MiB refused; the connection was closed</source>
        <translation>الإطار %L1: رُفض حدث يتجاوز %L2 ميبيبايت؛ وأُغلق الاتصال</translation>
    </message>
    <message>
        <source>retrying in %1 s: %2</source>
        <translation>إعادة المحاولة خلال %1 ث: %2</translation>
    </message>
    <message>
        <source>the connection closed</source>
        <translation>أُغلق الاتصال</translation>
    </message>
    <message>
        <source>the server closed the connection (%1: %2)</source>
        <translation>أغلق الخادم الاتصال (%1: %2)</translation>
    </message>
    <message>
        <source>the server closed the connection (code %1)</source>
        <translation>أغلق الخادم الاتصال (الرمز %1)</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>أغلق الخادم الاتصال</translation>
    </message>
    <message>
        <source>the event is not valid JSON and was not sent</source>
        <translation>الحدث ليس JSON صالحًا ولم يُرسل</translation>
    </message>
    <message>
        <source>the backend is not connected</source>
        <translation>خدمة الوكيل غير متصلة</translation>
    </message>
    <message>
        <source>could not send to the backend: %1</source>
        <translation>تعذّر الإرسال إلى خدمة الوكيل: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetDocumentCard</name>
    <message>
        <source>Widget</source>
        <translation>عنصر واجهة</translation>
    </message>
    <message>
        <source>Widget: %1</source>
        <translation>عنصر واجهة: %1</translation>
    </message>
    <message>
        <source>This widget is not connected to a live session, so it cannot send &quot;%1&quot; to the agent.</source>
        <translation>عنصر الواجهة هذا غير متصل بجلسة حية، لذا لا يمكنه إرسال «%1» إلى الوكيل.</translation>
    </message>
    <message>
        <source>Links open only in the Tessera window: %1</source>
        <translation>لا تُفتح الروابط إلا في نافذة Tessera: %1</translation>
    </message>
    <message>
        <source>This control has no action Tessera can run.</source>
        <translation>ليس لعنصر التحكم هذا إجراء يمكن لـ Tessera تنفيذه.</translation>
    </message>
    <message>
        <source>Celebrate!</source>
        <translation>لنحتفل!</translation>
    </message>
    <message>
        <source>Celebrate! (no confetti: reduced motion is on)</source>
        <translation>لنحتفل! (بلا قصاصات ملونة: تقليل الحركة مفعّل)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a DorkOS window command; Tessera has nothing to run for it.</source>
        <translation>«%1» أمر نوافذ في DorkOS؛ ليس لدى Tessera ما ينفّذه له.</translation>
    </message>
    <message>
        <source>(this part of the widget cannot be shown)</source>
        <translation>(لا يمكن عرض هذا الجزء من عنصر الواجهة)</translation>
    </message>
    <message>
        <source>up</source>
        <translation>ارتفاع</translation>
    </message>
    <message>
        <source>down</source>
        <translation>انخفاض</translation>
    </message>
    <message>
        <source>flat</source>
        <translation>ثبات</translation>
    </message>
    <message numerus="yes">
        <source>%n entries</source>
        <translation>
            <numerusform>لا إدخالات</numerusform>
            <numerusform>إدخال واحد</numerusform>
            <numerusform>إدخالان</numerusform>
            <numerusform>%Ln إدخالات</numerusform>
            <numerusform>%Ln إدخالًا</numerusform>
            <numerusform>%Ln إدخال</numerusform>
        </translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>التقدّم</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>جدول</translation>
    </message>
    <message numerus="yes">
        <source>%n rows</source>
        <translation>
            <numerusform>لا صفوف</numerusform>
            <numerusform>صف واحد</numerusform>
            <numerusform>صفّان</numerusform>
            <numerusform>%Ln صفوف</numerusform>
            <numerusform>%Ln صفًا</numerusform>
            <numerusform>%Ln صف</numerusform>
        </translation>
    </message>
    <message>
        <source>Open</source>
        <translation>فتح</translation>
    </message>
    <message numerus="yes">
        <source>list of %n items</source>
        <translation>
            <numerusform>قائمة بلا عناصر</numerusform>
            <numerusform>قائمة من عنصر واحد</numerusform>
            <numerusform>قائمة من عنصرين</numerusform>
            <numerusform>قائمة من %Ln عناصر</numerusform>
            <numerusform>قائمة من %Ln عنصرًا</numerusform>
            <numerusform>قائمة من %Ln عنصر</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>timeline of %n stops</source>
        <translation>
            <numerusform>خط زمني بلا محطات</numerusform>
            <numerusform>خط زمني من محطة واحدة</numerusform>
            <numerusform>خط زمني من محطتين</numerusform>
            <numerusform>خط زمني من %Ln محطات</numerusform>
            <numerusform>خط زمني من %Ln محطة</numerusform>
            <numerusform>خط زمني من %Ln محطة</numerusform>
        </translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>إرسال</translation>
    </message>
    <message numerus="yes">
        <source>checklist of %n items</source>
        <translation>
            <numerusform>قائمة تحقق بلا بنود</numerusform>
            <numerusform>قائمة تحقق من بند واحد</numerusform>
            <numerusform>قائمة تحقق من بندين</numerusform>
            <numerusform>قائمة تحقق من %Ln بنود</numerusform>
            <numerusform>قائمة تحقق من %Ln بندًا</numerusform>
            <numerusform>قائمة تحقق من %Ln بند</numerusform>
        </translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>موصى به</translation>
    </message>
    <message numerus="yes">
        <source>comparison of %n options</source>
        <translation>
            <numerusform>مقارنة بلا خيارات</numerusform>
            <numerusform>مقارنة لخيار واحد</numerusform>
            <numerusform>مقارنة بين خيارين</numerusform>
            <numerusform>مقارنة بين %Ln خيارات</numerusform>
            <numerusform>مقارنة بين %Ln خيارًا</numerusform>
            <numerusform>مقارنة بين %Ln خيار</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of 5 stars</source>
        <translation>%1 من 5 نجوم</translation>
    </message>
    <message>
        <source>board</source>
        <translation>رقعة لعب</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>النتيجة: %1</translation>
    </message>
    <message>
        <source>image: %1</source>
        <translation>صورة: %1</translation>
    </message>
    <message>
        <source>form</source>
        <translation>نموذج</translation>
    </message>
    <message>
        <source>(unsupported widget &quot;%1&quot;)</source>
        <translation>(عنصر واجهة غير مدعوم «%1»)</translation>
    </message>
    <message numerus="yes">
        <source>(%1 review(s))</source>
        <translation>
            <numerusform>(%1 مراجعة)</numerusform>
            <numerusform>(%1 مراجعة)</numerusform>
            <numerusform>(%1 مراجعتان)</numerusform>
            <numerusform>(%1 مراجعات)</numerusform>
            <numerusform>(%1 مراجعة)</numerusform>
            <numerusform>(%1 مراجعة)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 review(s)</source>
        <translation>
            <numerusform>%1 مراجعة</numerusform>
            <numerusform>%1 مراجعة</numerusform>
            <numerusform>%1 مراجعتان</numerusform>
            <numerusform>%1 مراجعات</numerusform>
            <numerusform>%1 مراجعة</numerusform>
            <numerusform>%1 مراجعة</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeBoard</name>
    <message>
        <source>empty</source>
        <translation>خانة فارغة</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeButton</name>
    <message>
        <source>Sending</source>
        <translation>جارٍ الإرسال</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeChart</name>
    <message>
        <source>Pie chart</source>
        <translation>مخطط دائري</translation>
    </message>
    <message>
        <source>Bar chart</source>
        <translation>مخطط أعمدة</translation>
    </message>
    <message>
        <source>Area chart</source>
        <translation>مخطط مساحي</translation>
    </message>
    <message>
        <source>Line chart</source>
        <translation>مخطط خطي</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeImage</name>
    <message>
        <source>Image</source>
        <translation>صورة</translation>
    </message>
    <message>
        <source>Image could not be shown (%1): %2</source>
        <translation>تعذّر عرض الصورة (%1): %2</translation>
    </message>
    <message>
        <source>Image not shown: only https:// and data: images are allowed. %1</source>
        <translation>لم تُعرض الصورة: لا يُسمح إلا بصور https:// و data:. %1</translation>
    </message>
    <message>
        <source>an unknown host</source>
        <translation>مضيف غير معروف</translation>
    </message>
    <message>
        <source>%1 (image from %2, not loaded)</source>
        <translation>%1 (صورة من %2، لم تُحمّل)</translation>
    </message>
    <message>
        <source>Image: %1 (from %2, not loaded: Tessera loads remote images only when you ask)</source>
        <translation>صورة: %1 (من %2، لم تُحمّل: لا يحمّل Tessera الصور البعيدة إلا عندما تطلب ذلك)</translation>
    </message>
    <message>
        <source>Load image from %1</source>
        <translation>تحميل الصورة من %1</translation>
    </message>
    <message>
        <source>larger than %1 px</source>
        <translation>أكبر من %1 بكسل</translation>
    </message>
    <message>
        <source>not a data URI</source>
        <translation>ليس عنوان data: URI</translation>
    </message>
    <message>
        <source>bad base64</source>
        <translation>ترميز base64 غير صالح</translation>
    </message>
    <message>
        <source>Loading image from %1…</source>
        <translation>جارٍ تحميل الصورة من %1…</translation>
    </message>
    <message>
        <source>larger than %1 MB</source>
        <translation>أكبر من %1 ميغابايت</translation>
    </message>
    <message>
        <source>Could not load the image from %1: %2</source>
        <translation>تعذّر تحميل الصورة من %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>longer than %Ln character(s)</source>
        <translation>
            <numerusform>أطول من %Ln حرف</numerusform>
            <numerusform>أطول من حرف واحد</numerusform>
            <numerusform>أطول من حرفين</numerusform>
            <numerusform>أطول من %Ln أحرف</numerusform>
            <numerusform>أطول من %Ln حرفًا</numerusform>
            <numerusform>أطول من %Ln حرف</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeMood</name>
    <message>
        <source>Mood: %1</source>
        <translation>المزاج: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeSparkline</name>
    <message>
        <source>Trend</source>
        <translation>الاتجاه</translation>
    </message>
    <message numerus="yes">
        <source>%n points, from %1 to %2</source>
        <translation>
            <numerusform>لا نقاط، من %1 إلى %2</numerusform>
            <numerusform>نقطة واحدة، من %1 إلى %2</numerusform>
            <numerusform>نقطتان، من %1 إلى %2</numerusform>
            <numerusform>%Ln نقاط، من %1 إلى %2</numerusform>
            <numerusform>%Ln نقطة، من %1 إلى %2</numerusform>
            <numerusform>%Ln نقطة، من %1 إلى %2</numerusform>
        </translation>
    </message>
    <message>
        <source> (low %1, high %2)</source>
        <translation> (الأدنى %1، الأعلى %2)</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeStars</name>
    <message>
        <source>%1 of 5 stars</source>
        <translation>%1 من 5 نجوم</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeTimeline</name>
    <message>
        <source>now</source>
        <translation>الآن</translation>
    </message>
    <message>
        <source>done</source>
        <translation>منجز</translation>
    </message>
    <message>
        <source>upcoming</source>
        <translation>قادم</translation>
    </message>
</context>
</TS>
