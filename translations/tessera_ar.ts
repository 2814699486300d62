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
        <source>Interactive canvases are not drawn in this version. The canvas HTML (%1 characters) is kept with the conversation.</source>
        <translation>لا تُرسم اللوحات التفاعلية في هذا الإصدار. يُحفظ HTML اللوحة (%1 حرفًا) مع المحادثة.</translation>
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
</context>
<context>
    <name>Tessera::CardExport</name>
    <message>
        <source>Copy as &amp;Text</source>
        <translation>&amp;نسخ كنص</translation>
    </message>
    <message>
        <source>Copy as &amp;JSON</source>
        <translation>&amp;نسخ بصيغة JSON</translation>
    </message>
    <message>
        <source>Copy as &amp;Image</source>
        <translation>&amp;نسخ كصورة</translation>
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
            <numerusform>%n أسطر</numerusform>
            <numerusform>%n سطرًا</numerusform>
            <numerusform>%n سطر</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n line(s)</source>
        <translation>
            <numerusform>%1، لا أسطر</numerusform>
            <numerusform>%1، سطر واحد</numerusform>
            <numerusform>%1، سطران</numerusform>
            <numerusform>%1، %n أسطر</numerusform>
            <numerusform>%1، %n سطرًا</numerusform>
            <numerusform>%1، %n سطر</numerusform>
        </translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>نُسخ</translation>
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
        <source>1 message</source>
        <translation>رسالة واحدة</translation>
    </message>
    <message>
        <source>%1 messages</source>
        <translation>عدد الرسائل: %1</translation>
    </message>
    <message>
        <source>1 card</source>
        <translation>بطاقة واحدة</translation>
    </message>
    <message>
        <source>%1 cards</source>
        <translation>عدد البطاقات: %1</translation>
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
    <name>Tessera::ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation>المحادثة</translation>
    </message>
    <message>
        <source>… this block is %1 px tall; the image shows its first %2 px</source>
        <translation>… ارتفاع هذه الكتلة %1 بكسل؛ تعرض الصورة أول %2 بكسل منها</translation>
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
            <numerusform>%n صفوف</numerusform>
            <numerusform>%n صفًا</numerusform>
            <numerusform>%n صف</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n column(s)</source>
        <translation>
            <numerusform>لا أعمدة</numerusform>
            <numerusform>عمود واحد</numerusform>
            <numerusform>عمودان</numerusform>
            <numerusform>%n أعمدة</numerusform>
            <numerusform>%n عمودًا</numerusform>
            <numerusform>%n عمود</numerusform>
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
            <numerusform>%n حقول</numerusform>
            <numerusform>%n حقلًا</numerusform>
            <numerusform>%n حقل</numerusform>
        </translation>
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
            <numerusform>+%n أخرى</numerusform>
            <numerusform>+%n أخرى</numerusform>
            <numerusform>+%n أخرى</numerusform>
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
            <numerusform>%1 (+%n أخرى)</numerusform>
            <numerusform>%1 (+%n أخرى)</numerusform>
            <numerusform>%1 (+%n أخرى)</numerusform>
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
            <numerusform>%n عناصر</numerusform>
            <numerusform>%n عنصرًا</numerusform>
            <numerusform>%n عنصر</numerusform>
        </translation>
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
        <translation>&amp;فتح المحادثة التجريبية</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;الإعدادات…</translation>
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
        <translation>&amp;نسخ البطاقة كنص</translation>
    </message>
    <message>
        <source>Copy Card as &amp;JSON</source>
        <translation>&amp;نسخ البطاقة بصيغة JSON</translation>
    </message>
    <message>
        <source>Copy Card as &amp;Image</source>
        <translation>&amp;نسخ البطاقة كصورة</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;عرض</translation>
    </message>
    <message>
        <source>Focus &amp;Composer</source>
        <translation>&amp;التركيز على محرر الرسالة</translation>
    </message>
    <message>
        <source>Focus Con&amp;versation</source>
        <translation>&amp;التركيز على المحادثة</translation>
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
        <translation>&amp;مساعدة</translation>
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
        <source>1 message</source>
        <translation>رسالة واحدة</translation>
    </message>
    <message>
        <source>%1 messages</source>
        <translation>عدد الرسائل: %1</translation>
    </message>
    <message>
        <source>1 card</source>
        <translation>بطاقة واحدة</translation>
    </message>
    <message>
        <source>%1 cards</source>
        <translation>عدد البطاقات: %1</translation>
    </message>
    <message>
        <source>1 block could not be drawn natively</source>
        <translation>تعذّر رسم كتلة واحدة أصليًا</translation>
    </message>
    <message>
        <source>%1 blocks could not be drawn natively</source>
        <translation>تعذّر رسم كتل أصليًا، عددها: %1</translation>
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
        <source>1 turn was cut off when Tessera last stopped; it is marked incomplete.</source>
        <translation>انقطع دور واحد عند آخر توقف لـ Tessera؛ وقد وُسم بأنه غير مكتمل.</translation>
    </message>
    <message>
        <source>%1 turns were cut off when Tessera last stopped; they are marked incomplete.</source>
        <translation>انقطعت %1 أدوار عند آخر توقف لـ Tessera؛ وقد وُسمت بأنها غير مكتملة.</translation>
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
            <numerusform>%1، %n سلاسل</numerusform>
            <numerusform>%1، %n سلسلة</numerusform>
            <numerusform>%1، %n سلسلة</numerusform>
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
            <numerusform>%1: %n نقاط، من %2 إلى %3</numerusform>
            <numerusform>%1: %n نقطة، من %2 إلى %3</numerusform>
            <numerusform>%1: %n نقطة، من %2 إلى %3</numerusform>
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
            <numerusform>%n إجراءات مقترحة</numerusform>
            <numerusform>%n إجراءً مقترحًا</numerusform>
            <numerusform>%n إجراء مقترح</numerusform>
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
</TS>
