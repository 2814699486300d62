// The canvas kind: refusals, the document, every sandbox layer against a real loopback canary, frozen
// data, echarts offline, stopped pages, the live-view cap and the headless render.

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QVBoxLayout>
#include <QWebEngineDownloadRequest>
#include <QWebEngineProfile>
#include <QWebEngineView>
#include <QWheelEvent>

#include <signal.h>
#include <unistd.h>

#include <functional>
#include <memory>

#include <nlohmann/json.hpp>

#include "attackcorpus.h"
#include "canaryserver.h"
#include <canvas/canvascard.h>
#include <canvas/canvasdocument.h>
#include <canvas/canvaspage.h>
#include <canvas/canvaspool.h>
#include <canvas/canvasresolver.h>
#include <canvas/canvassandbox.h>
#include <cards/card.h>
#include <cards/conversationmodel.h>
#include <cards/transcript.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/theme.h>
#include <widgets/common/wheelpassthrough.h>
#include <widgets/conversation/conversationview.h>
#include <widgets/kinds/canvasplaceholdercard.h>
#include <tests/support/cardhelpers.h>
#include <workbench/canvascommand.h>
#include <workbench/canvaspanelstate.h>
#include <workbench/canvastabviews.h>

using namespace Tessera;

namespace {

Card canvasCard(const nlohmann::json &payload)
{
    return Card::fromEnvelopeText(TestSupport::jsonText(TestSupport::envelope("canvas", payload)));
}

Card htmlCard(const QString &html, const nlohmann::json &extra = nlohmann::json::object())
{
    nlohmann::json payload = extra;
    payload["html"] = html.toStdString();
    return canvasCard(payload);
}

// Pixels that differ clearly from white (the page background).
int inkPixels(const QImage &image)
{
    int count = 0;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y) {
        for (int x = 0; x < rgb.width(); ++x) {
            const QRgb p = rgb.pixel(x, y);
            if (qRed(p) < 235 || qGreen(p) < 235 || qBlue(p) < 235)
                ++count;
        }
    }
    return count;
}

// Waits in a real event loop: Qt WebEngine's message pump does not advance under QTest::qWait's
// processEvents-and-sleep polling (pages stall mid-load), so QTRY_* and qWaitFor are not used here.
bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    if (done())
        return true;
    QEventLoop loop;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    tick.start(20);
    loop.exec();
    return done();
}

void settle(int ms)
{
    waitFor([] { return false; }, ms);
}

// A never-mapped top-level window holding live cards.
struct Host
{
    QWidget widget;
    QVBoxLayout *layout;
    explicit Host(int height = 600)
        : layout(new QVBoxLayout(&widget))
    {
        widget.setAttribute(Qt::WA_DontShowOnScreen);
        widget.resize(700, height);
        widget.show();
    }
};

QString pageTitle(CanvasCard *card)
{
    return card->page() ? card->page()->title() : QString();
}

} // namespace

class TestCanvas : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void resolver_data();
    void resolver();
    void refusedCardShowsCodeAndReason();
    void registryRoutesCanvas();
    void documentPutsPolicyAndDataFirst();
    void stringLiteralEscapes();
    void libraryIsPinnedAndLocal();
    void engineNeverDisablesChromiumSandboxItself();

    void canaryCatchesAnUnsandboxedPage();
    void opaqueOrigin();
    void canvasTabIsSandboxed();
    void ethosDataIsDeepFrozen();
    void attackCorpus();
    void attackCorpusWithoutCsp();
    void echartsDrawsOffline();
    void stoppedPages_data();
    void stoppedPages();
    void scriptErrorOnADrawnPage();
    void liveCapWith50Canvases();
    void conversationWith300Canvases();
    void wheelOverAFittingCanvasScrollsTheConversation();
    void headlessRenderIncludesCanvas();
    void headlessRenderSurvivesRefusedFormPost();
    void panelTabDrawsHeadlessOrSaysWhy_data();
    void panelTabDrawsHeadlessOrSaysWhy();
    void documentTellsThePageItsTheme_data();
    void documentTellsThePageItsTheme();
    void pageScriptsSeeTheTheme();
    void darkThemeDrawsADarkCanvas();
    void themeSwitchReloadsAndSnapshotsFollow();

private:
    struct CorpusResult
    {
        int attacks = 0;
        QStringList notRan;
        QStringList leaks;
        QStringList canaryHits;
        int datagrams = 0;
        int escapes() const { return int(leaks.size() + canaryHits.size()) + datagrams; }
    };
    CorpusResult runCorpus(bool withCsp, const QStringList &ignoredLeaks);

    CanaryServer m_canary;
};

void TestCanvas::initTestCase()
{
    QVERIFY(m_canary.start());
    installCanvasRenderer();
    // The test environment sets this (tests/CMakeLists.txt): Chromium refuses to run as root without it.
    QVERIFY(qEnvironmentVariableIsSet("QTWEBENGINE_DISABLE_SANDBOX"));
}

void TestCanvas::init()
{
    CanvasCard::setHeadless(false);
    CanvasCard::setTimeoutMs(CanvasCard::kDefaultTimeoutMs);
    CanvasPool::setCap(4);
    m_canary.reset();
}

// ---- refusals (seed 000 "Refusals") ----

void TestCanvas::resolver_data()
{
    QTest::addColumn<QString>("setup"); // what the personality directory looks like
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("reasonPart");

    const QByteArray tmpl = R"({"template":"chart"})";
    QTest::newRow("template ok") << "ok" << tmpl << "" << "";
    QTest::newRow("no personality") << "none" << tmpl << "not_available" << "no personality";
    QTest::newRow("personality missing") << "gone" << tmpl << "not_available" << "cannot be resolved";
    QTest::newRow("missing file") << "empty-dir" << tmpl << "not_available" << "does not exist";
    QTest::newRow("empty file") << "empty-file" << tmpl << "not_available" << "is empty";
    QTest::newRow("symlink out") << "symlink-file" << tmpl << "not_available" << "outside";
    QTest::newRow("ui dir symlink out") << "symlink-dir" << tmpl << "not_available" << "outside";
    QTest::newRow("unreadable (directory)") << "directory" << tmpl << "execution_failed" << "could not be read";
    QTest::newRow("unreadable (mode 000)") << "mode000" << tmpl << "execution_failed" << "could not be read";
    QTest::newRow("template over cap") << "huge" << tmpl << "input_invalid" << "over 65536";
    QTest::newRow("both html and template") << "ok" << QByteArray(R"({"template":"chart","html":"<p>x</p>"})")
                                            << "input_invalid" << "not both";
    QTest::newRow("neither") << "ok" << QByteArray(R"({"title":"x"})") << "input_invalid" << "html or template";
    QTest::newRow("bad template name") << "ok" << QByteArray(R"({"template":"../chart"})") << "input_invalid"
                                       << "/payload/template";
    QTest::newRow("unknown library") << "ok" << QByteArray(R"({"html":"<p>x</p>","libraries":["jquery@3"]})")
                                     << "input_invalid" << "libraries";
    QTest::newRow("five libraries")
        << "ok" << QByteArray(R"({"html":"<p>x</p>","libraries":["echarts@1","echarts@1","echarts@1","echarts@1","echarts@1"]})")
        << "input_invalid" << "libraries";
    QTest::newRow("html over cap") << "ok"
                                   << QByteArray(R"({"html":")") + QByteArray(65537, 'x') + QByteArray(R"("})")
                                   << "input_invalid" << "/payload/html";
    QTest::newRow("data over cap") << "ok"
                                   << QByteArray(R"({"html":"<p>x</p>","data":")") + QByteArray(32800, 'x')
            + QByteArray(R"("})")
                                   << "input_invalid" << "/payload/data";
    QTest::newRow("inline html ok") << "none" << QByteArray(R"({"html":"<p>x</p>","libraries":["echarts@1"]})") << ""
                                    << "";
}

void TestCanvas::resolver()
{
    QFETCH(QString, setup);
    QFETCH(QByteArray, payload);
    QFETCH(QString, code);
    QFETCH(QString, reasonPart);

    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QString personality = temp.filePath(QStringLiteral("personality"));
    const QString outside = temp.filePath(QStringLiteral("outside"));
    QVERIFY(QDir().mkpath(personality + QStringLiteral("/ui")));
    QVERIFY(QDir().mkpath(outside));
    auto write = [](const QString &path, const QByteArray &bytes) {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
    };
    QVERIFY(write(outside + QStringLiteral("/chart.html"), "<p>secret outside</p>"));
    const QString templatePath = personality + QStringLiteral("/ui/chart.html");
    QString dir = personality;
    if (setup == QLatin1String("ok")) {
        QVERIFY(write(templatePath, "<p>from the template</p>"));
    } else if (setup == QLatin1String("none")) {
        dir.clear();
    } else if (setup == QLatin1String("gone")) {
        dir = temp.filePath(QStringLiteral("nowhere"));
    } else if (setup == QLatin1String("empty-file")) {
        QVERIFY(write(templatePath, ""));
    } else if (setup == QLatin1String("symlink-file")) {
        QVERIFY(QFile::link(outside + QStringLiteral("/chart.html"), templatePath));
    } else if (setup == QLatin1String("symlink-dir")) {
        QVERIFY(QDir(personality + QStringLiteral("/ui")).removeRecursively());
        QVERIFY(QFile::link(outside, personality + QStringLiteral("/ui")));
    } else if (setup == QLatin1String("directory")) {
        QVERIFY(QDir().mkpath(templatePath));
    } else if (setup == QLatin1String("mode000")) {
        if (::geteuid() == 0)
            QSKIP("root reads a mode-000 file; the directory row covers execution_failed");
        QVERIFY(write(templatePath, "<p>x</p>"));
        QVERIFY(QFile::setPermissions(templatePath, QFileDevice::Permissions()));
    } else if (setup == QLatin1String("huge")) {
        QVERIFY(write(templatePath, QByteArray(70000, 'x')));
    }

    const QByteArray envelope = R"({"kind":"canvas","specVersion":1,"payload":)" + payload + "}";
    const Card card = Card::fromEnvelopeText(envelope);
    const CanvasSource source = resolveCanvas(card, dir);
    QCOMPARE(canvasRefusalCode(source.refusal), code);
    if (code.isEmpty()) {
        QVERIFY(source.reason.isEmpty());
        QVERIFY(!source.html.isEmpty());
        if (setup == QLatin1String("ok") && payload.contains("template"))
            QCOMPARE(source.html, QStringLiteral("<p>from the template</p>"));
    } else {
        QVERIFY2(source.reason.contains(reasonPart), qPrintable(source.reason));
        QVERIFY(!source.html.contains(QLatin1String("secret outside")));
    }
}

void TestCanvas::refusedCardShowsCodeAndReason()
{
    const Card card = canvasCard({{"template", "nope"}, {"title", "Flows"}});
    CanvasCard widget(card, QString());
    QCOMPARE(widget.state(), CanvasCard::State::Refused);
    QCOMPARE(widget.refusalCode(), QStringLiteral("not_available"));
    QVERIFY(widget.messageText().contains(QLatin1String("not_available")));
    QVERIFY(widget.messageText().contains(QLatin1String("no personality")));
    QVERIFY(widget.titleLabel());
    QCOMPARE(widget.titleLabel()->text(), QStringLiteral("Flows"));
    QVERIFY(widget.heightForWidth(500) > 40); // a labeled block, never blank
    QVERIFY(!widget.view());
}

void TestCanvas::registryRoutesCanvas()
{
    const Card card = htmlCard(QStringLiteral("<p>x</p>"));
    QVERIFY(card.isValid());
    RenderContext context;
    const RendererRegistry::Factory saved = RendererRegistry::pluggedFactory(CardKind::Canvas);
    RendererRegistry::setPluggedFactory(CardKind::Canvas, nullptr);
    std::unique_ptr<QWidget> placeholder(RendererRegistry::createCardWidget(card, context, nullptr));
    QVERIFY(qobject_cast<CanvasPlaceholderCard *>(placeholder.get()));
    RendererRegistry::setPluggedFactory(CardKind::Canvas, saved);
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, context, nullptr));
    QVERIFY(qobject_cast<CanvasCard *>(widget.get()));
}

void TestCanvas::documentPutsPolicyAndDataFirst()
{
    const Card card = htmlCard(QStringLiteral("<script>document.title='x'</script>"),
                               {{"data", {{"k", "</script><script>alert(1)</script>"}}}, {"libraries", {"echarts@1"}}});
    const CanvasSource source = resolveCanvas(card, QString());
    QVERIFY(!source.isRefused());
    const QByteArray doc = buildCanvasDocument(source);
    const qsizetype csp = doc.indexOf("Content-Security-Policy");
    const qsizetype firstScript = doc.indexOf("<script");
    const qsizetype data = doc.indexOf("ethosData");
    const qsizetype library = doc.indexOf("<script src=\"tessera-lib:echarts@1\">");
    const qsizetype body = doc.indexOf("<body>");
    QVERIFY(csp > 0);
    QVERIFY(csp < firstScript);
    QVERIFY(firstScript < data && data < library && library < body);
    const QString policy = canvasContentSecurityPolicy();
    for (const char *directive : {"default-src 'none'", "connect-src 'none'", "frame-src 'none'", "worker-src 'none'",
                                  "form-action 'none'", "base-uri 'none'", "img-src data: blob:",
                                  "font-src data: blob:", "script-src 'unsafe-inline' tessera-lib:"})
        QVERIFY2(policy.contains(QLatin1String(directive)), directive);
    QVERIFY(!policy.contains(QLatin1String("unsafe-eval")));
    // The data cannot close the script element it travels in.
    QCOMPARE(doc.count("</script>"), qsizetype(3)); // data script, library, the card's own
}

void TestCanvas::stringLiteralEscapes()
{
    QCOMPARE(javaScriptStringLiteral("a\"b\\c</script>\n\x01"),
             QByteArray("\"a\\\"b\\\\c\\u003c/script\\u003e\\n\\u0001\""));
    QCOMPARE(javaScriptStringLiteral("\xE2\x80\xA8x"), QByteArray("\"\\u2028x\""));
}

void TestCanvas::libraryIsPinnedAndLocal()
{
    QFile lock(QStringLiteral(TESSERA_SOURCE_DIR "/package-lock.json"));
    QVERIFY(lock.open(QIODevice::ReadOnly));
    const nlohmann::json parsed = nlohmann::json::parse(lock.readAll().toStdString());
    const std::string version = parsed["packages"]["node_modules/echarts"]["version"].get<std::string>();
    QVERIFY(!version.empty());
    QVERIFY(parsed["packages"]["node_modules/echarts"].contains("integrity"));
    QFile manifest(QStringLiteral(TESSERA_SOURCE_DIR "/package.json"));
    QVERIFY(manifest.open(QIODevice::ReadOnly));
    const nlohmann::json pkg = nlohmann::json::parse(manifest.readAll().toStdString());
    QCOMPARE(pkg["dependencies"]["echarts"].get<std::string>(), version); // exact pin, no range
    QVERIFY(!CanvasSandbox::libraryPath(QStringLiteral("echarts@1")).isEmpty());
    QVERIFY(CanvasSandbox::libraryScript(QStringLiteral("echarts@1")).size() > 100000);
    QVERIFY(CanvasSandbox::libraryScript(QStringLiteral("jquery@3")).isEmpty());
    QVERIFY(CanvasSandbox::libraryScript(QStringLiteral("../../etc/passwd")).isEmpty());
}

void TestCanvas::engineNeverDisablesChromiumSandboxItself()
{
    const QByteArray saved = qgetenv("QTWEBENGINE_DISABLE_SANDBOX");
    QVERIFY(CanvasSandbox::engineCanStart(nullptr)); // the test environment's switch
    qunsetenv("QTWEBENGINE_DISABLE_SANDBOX");
    QString why;
    const bool canStart = CanvasSandbox::engineCanStart(&why);
    qputenv("QTWEBENGINE_DISABLE_SANDBOX", saved);
    if (::geteuid() == 0 && !qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS").contains(QLatin1String("--no-sandbox"))) {
        QVERIFY(!canStart); // as root: a labeled "canvas stopped" block, never a crashed app
        QVERIFY(why.contains(QLatin1String("root")));
    } else {
        QVERIFY(canStart);
    }
    // registerCanvasSchemes() (called by main) must not have switched it on either.
    QVERIFY(!qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS").contains(QLatin1String("--no-sandbox")));
}

// ---- the sandbox, against the canary ----

void TestCanvas::canaryCatchesAnUnsandboxedPage()
{
    // Positive control: an ordinary page in an ordinary profile does reach the canary, so a zero in
    // the corpus means the sandbox stopped it, not that the canary is deaf.
    QWebEngineProfile profile;
    QWebEnginePage page(&profile);
    QSignalSpy loaded(&page, &QWebEnginePage::loadFinished);
    const QString base = QStringLiteral("http://127.0.0.1:%1/").arg(m_canary.port());
    page.setHtml(QStringLiteral("<img src='%1control-img'><script>fetch('%1control-fetch');</script>").arg(base),
                 QUrl(base));
    QVERIFY(waitFor([&] { return m_canary.connectionCount() > 0; }, 10000));
    QVERIFY(waitFor([&] { return !m_canary.requestLines().isEmpty(); }, 5000));
    QVERIFY(m_canary.requestLines().join(QLatin1Char(' ')).contains(QLatin1String("/control-")));
}

void TestCanvas::opaqueOrigin()
{
    Host host;
    auto *card = new CanvasCard(
        htmlCard(QStringLiteral(
            "<script>var r=[self.origin,location.protocol,String(window.isSecureContext)];"
            "try{localStorage.length;r.push('storage');}catch(e){r.push('no-storage');}"
            "try{document.cookie='a=1';r.push(document.cookie?'cookie':'no-cookie');}catch(e){r.push('no-cookie');}"
            "r.push(typeof RTCPeerConnection);r.push(typeof navigator.mediaDevices);"
            "document.title=r.join('|');</script>")),
        QString(), &host.widget);
    host.layout->addWidget(card);
    QVERIFY(card->waitForLoaded(15000));
    waitFor([&] { return pageTitle(card) == QStringLiteral("null|tessera-canvas:|false|no-storage|no-cookie|undefined|undefined"); }, 5000);
    QCOMPARE(pageTitle(card), QStringLiteral("null|tessera-canvas:|false|no-storage|no-cookie|undefined|undefined"));
}

// The canvas panel's canvas tab (issue 15) is held to the same rules (PRODUCT.md §5: "in the canvas
// panel"): its page has an opaque origin and nothing it asks for reaches the loopback canary.
void TestCanvas::canvasTabIsSandboxed()
{
    const QString base = QStringLiteral("http://127.0.0.1:%1/").arg(m_canary.port());
    const QString html = QStringLiteral(
        "<img src='%1tab-img'><link rel='stylesheet' href='%1tab-css'>"
        "<script>fetch('%1tab-fetch').catch(function(){});"
        "try{new WebSocket('ws://127.0.0.1:%2/tab-ws');}catch(e){}"
        "var r=[self.origin,location.protocol];"
        "try{localStorage.length;r.push('storage');}catch(e){r.push('no-storage');}"
        "document.title=r.join('|');</script>").arg(base).arg(m_canary.port());
    CanvasCommand command;
    QList<CanvasIssue> issues;
    const QByteArray open = QByteArray::fromStdString(
        nlohmann::json({{"tab", {{"type", "canvas"}, {"title", "Probe"}, {"content", html.toStdString()}}}}).dump());
    QVERIFY2(parseCanvasCommandText(CanvasOp::Open, open, &command, &issues), qPrintable(canvasIssuesText(issues)));
    CanvasPanelState panel;
    QVERIFY(panel.apply(command).ok);
    Host host;
    QWidget *view = createCanvasTabView(panel.tabs().value(0), CanvasViewContext(), &host.widget);
    host.layout->addWidget(view);
    auto *card = view->findChild<CanvasCard *>();
    QVERIFY(card);
    QVERIFY(card->waitForLoaded(15000));
    const QString expected = QStringLiteral("null|tessera-canvas:|no-storage");
    waitFor([&] { return pageTitle(card) == expected; }, 5000);
    QCOMPARE(pageTitle(card), expected);
    settle(1500); // time for anything that got out to arrive
    QCOMPARE(m_canary.connectionCount(), 0);
    QCOMPARE(m_canary.requestLines(), QStringList());
}

void TestCanvas::ethosDataIsDeepFrozen()
{
    nlohmann::json data = {{"a", {{"b", nlohmann::json::array({1, {{"c", 2}}})}}},
                           {"s", "</script><b>x"},
                           {"__proto__", {{"p", 1}}}};
    Host host;
    auto *card = new CanvasCard(
        htmlCard(QStringLiteral(
                     "<script>var d=window.ethosData,r=[];"
                     "function deep(o){if(o===null||typeof o!=='object')return true;if(!Object.isFrozen(o))return false;"
                     "return Object.getOwnPropertyNames(o).every(function(k){return deep(o[k]);});}"
                     "r.push(deep(d));try{d.a.b[1].c=3;}catch(e){}r.push(d.a.b[1].c);"
                     "try{d.a.b.push(5);}catch(e){}r.push(d.a.b.length);"
                     "try{window.ethosData=1;}catch(e){}r.push(window.ethosData===d);"
                     "try{delete window.ethosData;}catch(e){}r.push(typeof window.ethosData);"
                     "try{Object.defineProperty(window,'ethosData',{value:2});r.push('redefined');}catch(e){r.push('redefine-refused');}"
                     "r.push(d.s);r.push(Object.getPrototypeOf(d)===Object.prototype);r.push(d['__proto__'].p);"
                     "document.title=r.join('|');</script>"),
                 {{"data", data}}),
        QString(), &host.widget);
    host.layout->addWidget(card);
    QVERIFY(card->waitForLoaded(15000));
    waitFor([&] { return pageTitle(card) == QStringLiteral("true|2|2|true|object|redefine-refused|</script><b>x|true|1"); }, 5000);
    QCOMPARE(pageTitle(card), QStringLiteral("true|2|2|true|object|redefine-refused|</script><b>x|true|1"));
}

TestCanvas::CorpusResult TestCanvas::runCorpus(bool withCsp, const QStringList &ignoredLeaks)
{
    CorpusResult result;
    const QList<Attack> attacks = Tessera::attackCorpus(m_canary.port());
    result.attacks = int(attacks.size());
    CanvasPool::setCap(1000);
    // Eight pages load at once: on a busy two-core machine one may take longer than the default timeout,
    // and a page stopped for that would read as an attack that did not run. None of them hangs.
    CanvasCard::setTimeoutMs(20000);
    constexpr int kBatch = 8;
    for (int start = 0; start < attacks.size(); start += kBatch) {
        Host host(kBatch * 320); // every card on screen: only those go live
        QList<QPointer<CanvasCard>> cards;
        QStringList names;
        QStringList titles; // last title each page set
        auto track = [&](qsizetype index, QWebEnginePage *page) {
            connect(page, &QWebEnginePage::titleChanged, &host.widget,
                    [&titles, index](const QString &title) { titles[index] = title; });
            // On a busy machine the page can load and report between the view's creation and the poll
            // that sees it: the title it set then is taken as it is now.
            if (page->title().startsWith(QLatin1String("ran ")))
                titles[index] = page->title();
        };
        for (int i = start; i < qMin<int>(start + kBatch, int(attacks.size())); ++i) {
            const Attack &attack = attacks.at(i);
            names.append(attack.name);
            titles.append(QString());
            if (withCsp) {
                // The real path: a card, its resolver, its document, its page.
                auto *card = new CanvasCard(htmlCard(attack.html), QString(), &host.widget);
                host.layout->addWidget(card);
                card->show();
                cards.append(card);
                waitFor([card] { return card->view() != nullptr; }, 15000);
                if (card->page())
                    track(titles.size() - 1, card->page());
            } else {
                // Every layer but the CSP: same scheme, profile, interceptor and page, a bare document.
                const QByteArray doc = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>"
                    + attack.html.toUtf8() + "</body></html>";
                const QUrl url = CanvasSandbox::instance()->registerDocument(doc);
                auto *view = new QWebEngineView(&host.widget);
                view->setPage(new CanvasPage(url, view));
                view->setFixedHeight(120);
                host.layout->addWidget(view);
                track(titles.size() - 1, view->page());
                view->page()->setUrl(url);
                cards.append(nullptr);
            }
        }
        auto allReported = [&] {
            for (const QString &title : titles) {
                if (!title.startsWith(QLatin1String("ran ")))
                    return false;
            }
            return true;
        };
        waitFor(allReported, 30000);
        settle(1000); // let asynchronous attempts (promises, timers, workers) play out
        for (int i = 0; i < titles.size(); ++i) {
            const QString &title = titles.at(i);
            if (!title.startsWith(QLatin1String("ran ") + names.at(i))) {
                QString why = QStringLiteral(" (title: ") + title + QLatin1Char(')');
                if (cards.at(i) && cards.at(i)->state() == CanvasCard::State::Stopped)
                    why += QStringLiteral(" stopped: ") + cards.at(i)->reason();
                result.notRan.append(names.at(i) + why);
            }
            if (const qsizetype at = title.indexOf(QLatin1String(" leak:")); at >= 0) {
                const QStringList what = title.mid(at + 6).split(QLatin1Char(','));
                for (const QString &w : what) {
                    if (!ignoredLeaks.contains(w))
                        result.leaks.append(names.at(i) + QLatin1Char(':') + w);
                }
            }
        }
    }
    settle(500);
    result.canaryHits = m_canary.requestLines();
    for (int i = int(result.canaryHits.size()); i < m_canary.connectionCount(); ++i)
        result.canaryHits.append(QStringLiteral("(a connection that sent no request line)"));
    result.datagrams = m_canary.datagramCount();
    CanvasPool::setCap(4);
    return result;
}

void TestCanvas::attackCorpus()
{
    QList<QWebEngineDownloadRequest::DownloadState> downloads;
    const auto connection = connect(CanvasSandbox::instance()->profile(), &QWebEngineProfile::downloadRequested, this,
                                    [&](QWebEngineDownloadRequest *download) { downloads.append(download->state()); });
    const int blockedBefore = CanvasSandbox::instance()->blockedRequestCount();
    const CorpusResult result = runCorpus(true, {});
    disconnect(connection);
    for (const QString &hit : result.canaryHits)
        qWarning("canary hit: %s", qPrintable(hit));
    for (const QString &leak : result.leaks)
        qWarning("leak seen by the page: %s", qPrintable(leak));
    qInfo("%d attacks, %d escapes (interceptor blocked %d requests the CSP let through)", result.attacks,
          result.escapes(), CanvasSandbox::instance()->blockedRequestCount() - blockedBefore);
    QVERIFY(result.attacks >= 30);
    for (const QString &line : result.notRan)
        qWarning("did not report: %s", qPrintable(line));
    QCOMPARE(result.notRan, QStringList());
    QCOMPARE(result.canaryHits, QStringList());
    QCOMPARE(result.datagrams, 0);
    QCOMPARE(result.leaks, QStringList());
    QCOMPARE(m_canary.connectionCount(), 0);
    for (QWebEngineDownloadRequest::DownloadState state : downloads)
        QCOMPARE(state, QWebEngineDownloadRequest::DownloadCancelled);
}

void TestCanvas::attackCorpusWithoutCsp()
{
    // Defence in depth: with the CSP gone, the other layers alone (opaque origin, profile, interceptor,
    // page policy, removed APIs) still let nothing reach the canary. eval works without the CSP.
    const int blockedBefore = CanvasSandbox::instance()->blockedRequestCount();
    const CorpusResult result = runCorpus(false, {QStringLiteral("eval"), QStringLiteral("function")});
    for (const QString &hit : result.canaryHits)
        qWarning("canary hit without CSP: %s", qPrintable(hit));
    for (const QString &leak : result.leaks)
        qWarning("leak seen by the page without CSP: %s", qPrintable(leak));
    const int blocked = CanvasSandbox::instance()->blockedRequestCount() - blockedBefore;
    qInfo("without CSP: %d attacks, %d escapes, interceptor blocked %d requests", result.attacks, result.escapes(),
          blocked);
    for (const QString &line : result.notRan)
        qWarning("did not report without CSP: %s", qPrintable(line));
    QVERIFY(blocked > 0); // the interceptor is what stopped them here
    QCOMPARE(result.notRan, QStringList());
    QCOMPARE(result.canaryHits, QStringList());
    QCOMPARE(result.datagrams, 0);
    QCOMPARE(result.leaks, QStringList());
}

void TestCanvas::echartsDrawsOffline()
{
    const QString html = QStringLiteral(
        "<div id=c style='width:460px;height:300px'></div><script>"
        "var ch=echarts.init(document.getElementById('c'),null,{renderer:'canvas'});"
        "ch.setOption({animation:false,xAxis:{type:'category',data:['Mon','Tue','Wed','Thu']},yAxis:{type:'value'},"
        "series:[{type:'bar',data:[412,220,300,150]}]});</script>");
    CanvasCard::setHeadless(true);
    CanvasCard chart(htmlCard(html, {{"libraries", {"echarts@1"}}}), QString());
    QVERIFY(chart.renderNow(500));
    QCOMPARE(chart.state(), CanvasCard::State::Drawn);
    const int ink = inkPixels(chart.frame().toImage());
    // Control: the same page without the library draws nothing (and reports the error).
    CanvasCard bare(htmlCard(html), QString());
    QVERIFY(bare.renderNow(500));
    const int bareInk = inkPixels(bare.frame().toImage());
    CanvasCard::setHeadless(false);
    qInfo("echarts frame: %d ink pixels; without the library: %d", ink, bareInk);
    QVERIFY2(ink > 5000, qPrintable(QString::number(ink)));
    QVERIFY2(bareInk < 200, qPrintable(QString::number(bareInk)));
    QVERIFY(bare.scriptErrors().join(QLatin1Char(' ')).contains(QLatin1String("echarts")));
    QCOMPARE(m_canary.connectionCount(), 0);
    chart.frame().save(QDir::temp().filePath(QStringLiteral("tessera-canvas-echarts.png")));
}

void TestCanvas::stoppedPages_data()
{
    QTest::addColumn<QString>("html");
    QTest::addColumn<QString>("reasonPart");
    QTest::addColumn<bool>("hangs"); // the page's renderer is stuck until the timeout
    // Only the page that never loads gets the short timeout. The others must load first, which on a busy
    // two-core machine can take longer than 2 s and would then read as "did not finish loading".
    QTest::addColumn<int>("timeoutMs");
    QTest::newRow("loops while loading") << "<script>for(;;){}</script>" << "did not finish loading" << true << 2000;
    QTest::newRow("loops after loading") << "<p>x</p><script>setTimeout(function(){for(;;){}},200)</script>"
                                         << "stopped responding" << true << int(CanvasCard::kDefaultTimeoutMs);
    QTest::newRow("throws, draws nothing") << "<script>throw new Error('boom-xyz')</script>" << "boom-xyz" << false
                                           << int(CanvasCard::kDefaultTimeoutMs);
}

void TestCanvas::stoppedPages()
{
    QFETCH(QString, html);
    QFETCH(QString, reasonPart);
    QFETCH(bool, hangs);
    QFETCH(int, timeoutMs);
    CanvasCard::setTimeoutMs(timeoutMs);
    Host host;
    auto *card = new CanvasCard(htmlCard(html), QString(), &host.widget);
    host.layout->addWidget(card);
    int ticks = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, this, [&] { ++ticks; });
    ticker.start(50);
    qint64 rendererPid = 0;
    if (hangs) {
        waitFor([&] { return card->page() && card->page()->renderProcessPid() > 0; }, 10000);
        rendererPid = card->page() ? card->page()->renderProcessPid() : 0;
        QVERIFY(rendererPid > 0);
    }
    waitFor([&] { return card->state() == CanvasCard::State::Stopped; }, 15000);
    QCOMPARE(card->state(), CanvasCard::State::Stopped);
    QVERIFY2(card->reason().contains(reasonPart), qPrintable(card->reason()));
    QVERIFY(card->messageText().startsWith(QLatin1String("canvas stopped: ")));
    QVERIFY(!card->view());
    if (hangs) {
        QVERIFY(ticks > 0); // the GUI thread kept running while the page was stuck
        // The stuck renderer process is gone, not left spinning a core.
        QVERIFY(waitFor([&] { return ::kill(pid_t(rendererPid), 0) != 0; }, 10000));
    }
    // The app and the other canvases keep working.
    CanvasCard::setTimeoutMs(CanvasCard::kDefaultTimeoutMs);
    auto *next = new CanvasCard(htmlCard(QStringLiteral("<script>document.title='fine'</script><p>ok</p>")), QString(),
                                &host.widget);
    host.layout->addWidget(next);
    QVERIFY(next->waitForLoaded(15000));
    waitFor([&] { return pageTitle(next) == QStringLiteral("fine"); }, 5000);
    QCOMPARE(pageTitle(next), QStringLiteral("fine"));
}

void TestCanvas::scriptErrorOnADrawnPage()
{
    Host host;
    auto *card = new CanvasCard(htmlCard(QStringLiteral("<p style='height:50px'>drawn</p><script>throw new Error('late-err')</script>")),
                                QString(), &host.widget);
    host.layout->addWidget(card);
    QVERIFY(card->waitForLoaded(15000));
    QVERIFY(waitFor([&] { return !card->scriptErrors().isEmpty(); }, 5000));
    QVERIFY(card->scriptErrors().constFirst().contains(QLatin1String("late-err")));
    QVERIFY(waitFor([&] { return card->contentHeight() >= 50; }, 5000));
    QCOMPARE(card->state(), CanvasCard::State::Live);
    auto *status = card->findChild<QLabel *>(QStringLiteral("canvasStatus"));
    QVERIFY(status && status->isVisible());
    QVERIFY(status->text().contains(QLatin1String("late-err")));
}

void TestCanvas::liveCapWith50Canvases()
{
    CanvasPool::clearSnapshots();
    QScrollArea area;
    area.setAttribute(Qt::WA_DontShowOnScreen);
    area.setWidgetResizable(true);
    auto *inner = new QWidget;
    auto *layout = new QVBoxLayout(inner);
    QList<CanvasCard *> cards;
    for (int i = 0; i < 50; ++i) {
        auto *card = new CanvasCard(
            htmlCard(QStringLiteral("<div style='height:120px;background:#39c;color:#fff'>canvas %1</div>").arg(i),
                     {{"title", QStringLiteral("Canvas %1").arg(i).toStdString()}}),
            QString(), inner);
        layout->addWidget(card);
        cards.append(card);
    }
    area.setWidget(inner);
    area.resize(600, 420);
    area.show();
    CanvasPool::resetPeak();
    auto onScreenLive = [&] {
        int n = 0;
        for (CanvasCard *card : cards) {
            if (card->isOnScreen() && card->state() == CanvasCard::State::Live)
                ++n;
        }
        return n;
    };
    QVERIFY(waitFor([&] { return onScreenLive() >= 2; }, 20000));
    QVERIFY(CanvasPool::liveCount() <= 4);
    QVERIFY(cards.first()->state() == CanvasCard::State::Live);
    settle(1500); // the first snapshot is taken a moment after load
    for (int step = 1; step <= 6; ++step) {
        area.verticalScrollBar()->setValue(area.verticalScrollBar()->maximum() * step / 6);
        QVERIFY(waitFor([&] { return onScreenLive() >= 1; }, 20000));
        QVERIFY2(CanvasPool::liveCount() <= 4, qPrintable(QString::number(CanvasPool::liveCount())));
    }
    QVERIFY(CanvasPool::peakLiveCount() <= 4);
    // The first card scrolled far away: it is a snapshot of its last frame, not a live view.
    QCOMPARE(cards.first()->state(), CanvasCard::State::Suspended);
    QVERIFY(!cards.first()->view());
    QVERIFY(!cards.first()->frame().isNull());
    // Back at the top it runs again.
    area.verticalScrollBar()->setValue(0);
    waitFor([&] { return cards.first()->state() == CanvasCard::State::Live; }, 20000);
    QCOMPARE(cards.first()->state(), CanvasCard::State::Live);
    QVERIFY(CanvasPool::liveCount() <= 4);
    QVERIFY(CanvasPool::peakLiveCount() <= 4);
    // A rebuilt widget for the same card shows the cached snapshot at once.
    auto *again = new CanvasCard(htmlCard(QStringLiteral("<div style='height:120px;background:#39c;color:#fff'>canvas 0</div>"),
                                          {{"title", "Canvas 0"}}),
                                 QString());
    QVERIFY(!again->frame().isNull());
    delete again;
}

void TestCanvas::conversationWith300Canvases()
{
    // The real view: it builds widgets near the viewport only; the pool keeps at most 4 live web views.
    QByteArray lines;
    for (int i = 0; i < 300; ++i) {
        const nlohmann::json payload = {
            {"title", "Canvas " + std::to_string(i)},
            {"html", "<div style='height:90px;background:#393'>" + std::to_string(i) + "</div>"}};
        const nlohmann::json line = {
            {"role", "tool"},
            {"tool_call_id", "c" + std::to_string(i)},
            {"name", "render_ui"},
            {"content", "rendered: canvas"},
            {"structured", {{"card", {{"kind", "canvas"}, {"specVersion", 1}, {"payload", payload}}}}}};
        lines += QByteArray::fromStdString(line.dump()) + '\n';
    }
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(lines));
    QCOMPARE(model.rowCount(), 300);
    ConversationView view;
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(700, 500);
    view.setModel(&model);
    view.show();
    CanvasPool::resetPeak();
    auto liveOnScreen = [&] {
        for (CanvasCard *card : CanvasPool::liveCards()) {
            if (card->isOnScreen() && card->state() == CanvasCard::State::Live)
                return true;
        }
        return false;
    };
    int maxCards = 0;
    for (int row : {0, 40, 120, 299, 150, 0}) {
        view.scrollToRow(row);
        QVERIFY2(waitFor(liveOnScreen, 20000), qPrintable(QStringLiteral("row %1").arg(row)));
        maxCards = qMax(maxCards, int(view.findChildren<CanvasCard *>().size()));
        QVERIFY(CanvasPool::liveCount() <= 4);
    }
    qInfo("300 canvases: at most %d card widgets built, at most %d live views", maxCards,
          CanvasPool::peakLiveCount());
    QVERIFY(CanvasPool::peakLiveCount() <= 4);
    QVERIFY2(maxCards < 60, qPrintable(QString::number(maxCards))); // widgets near the viewport only
    settle(100); // released views are deleted later
    QVERIFY(view.findChildren<QWebEngineView *>().size() <= 4);
}

void TestCanvas::wheelOverAFittingCanvasScrollsTheConversation()
{
    // Issue 18: canvases that fit their view (90 px documents) between prose; a wheel turn over the live
    // web view scrolls the conversation, a turn over a canvas taller than its view stays inside it.
    QByteArray lines;
    for (int i = 0; i < 40; ++i) {
        const bool tall = i == 21;
        const nlohmann::json payload = {
            {"title", "Canvas " + std::to_string(i)},
            {"html", std::string("<div style='height:") + (tall ? "2000" : "90") + "px;background:#393'>" + std::to_string(i) + "</div>"}};
        const nlohmann::json line = {
            {"role", "tool"},
            {"tool_call_id", "c" + std::to_string(i)},
            {"name", "render_ui"},
            {"content", "rendered: canvas"},
            {"structured", {{"card", {{"kind", "canvas"}, {"specVersion", 1}, {"payload", payload}}}}}};
        lines += QByteArray::fromStdString(line.dump()) + '\n';
    }
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(lines));
    ConversationView view;
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(700, 500);
    view.setModel(&model);
    view.show();
    auto liveCard = [&](int row) -> CanvasCard * {
        auto *card = qobject_cast<CanvasCard *>(view.widgetForRow(row));
        return card && card->state() == CanvasCard::State::Live && card->contentHeight() > 0 ? card : nullptr;
    };
    auto wheelOver = [](QWidget *target) {
        const QPointF at(target->width() / 2.0, qMin(40, target->height() / 2));
        QWheelEvent wheel(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(target, &wheel);
    };
    for (const int row : {20, 21}) {
        view.scrollToRow(row);
        QVERIFY2(waitFor([&] { return liveCard(row) != nullptr; }, 20000), qPrintable(QStringLiteral("row %1").arg(row)));
        CanvasCard *card = liveCard(row);
        QVERIFY(hasWheelPassThrough(card->view()));
        // The web view draws in a child of its own: the event goes where the pointer's events go.
        QWidget *target = card->view()->focusProxy() ? card->view()->focusProxy() : card->view();
        const int before = view.verticalScrollBar()->value();
        wheelOver(target);
        const int after = view.verticalScrollBar()->value();
        if (row == 20)
            QVERIFY2(after > before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
        else
            QCOMPARE(after, before); // the tall document scrolls inside its view
    }
}

void TestCanvas::headlessRenderIncludesCanvas()
{
    nlohmann::json payload = {{"title", "Bars"},
                              {"html", "<div style='height:200px;background:#c33'></div>"}};
    const nlohmann::json line = {{"role", "tool"},
                                 {"tool_call_id", "call_1"},
                                 {"name", "render_ui"},
                                 {"content", "rendered: canvas"},
                                 {"structured", {{"card", {{"kind", "canvas"}, {"specVersion", 1}, {"payload", payload}}}}}};
    const Transcript transcript = Transcript::fromJsonLines(QByteArray::fromStdString(line.dump()) + '\n');
    ConversationModel model;
    model.setTranscript(transcript);
    QVERIFY(model.rowCount() >= 1);
    CanvasCard::setHeadless(true);
    const QImage image = ConversationView::renderToImage(&model, 700, QApplication::palette(), 32000, nullptr);
    CanvasCard::setHeadless(false);
    QVERIFY(!image.isNull());
    int red = 0;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y) {
        for (int x = 0; x < rgb.width(); ++x) {
            const QRgb p = rgb.pixel(x, y);
            if (qRed(p) > 180 && qGreen(p) < 80 && qBlue(p) < 80)
                ++red;
        }
    }
    image.save(QDir::temp().filePath(QStringLiteral("tessera-canvas-render.png")));
    QVERIFY2(red > 200 * 300, qPrintable(QString::number(red))); // the 200 px red block, drawn
}

void TestCanvas::headlessRenderSurvivesRefusedFormPost()
{
    // A POST form submitted while loading ends the load inside the page's own signal; deleting the
    // page there crashed the next loadingChanged (found by hand: SIGSEGV on every render).
    nlohmann::json payload = {{"title", "Post"},
                              {"html", "<form action='http://127.0.0.1:9/x' method=post><input name=q value=1></form>"
                                       "<script>document.forms[0].submit()</script>"}};
    const nlohmann::json line = {{"role", "tool"}, {"tool_call_id", "p"}, {"name", "render_ui"}, {"content", "rendered"},
                                 {"structured", {{"card", {{"kind", "canvas"}, {"specVersion", 1}, {"payload", payload}}}}}};
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(QByteArray::fromStdString(line.dump()) + '\n'));
    CanvasCard::setHeadless(true);
    int drawn = 0;
    const QImage image = ConversationView::renderToImage(&model, 700, QApplication::palette(), 32000, &drawn);
    CanvasCard::setHeadless(false);
    QCOMPARE(drawn, 1);
    QVERIFY(!image.isNull());
}

// The canvas panel's headless render (issue 15, `tessera render`): the active canvas tab's card is asked
// to draw as the conversation's blocks are, and keeps the page's frame; a page that never finishes
// loading is stopped within the timeout and says so in its place.
void TestCanvas::panelTabDrawsHeadlessOrSaysWhy_data()
{
    QTest::addColumn<QString>("html");
    QTest::addColumn<bool>("draws");
    QTest::newRow("draws") << "<style>body{margin:0}</style><div style='height:300px;background:#00c853'></div>" << true;
    QTest::newRow("never loads") << "<div style='height:300px;background:#00c853'></div><script>for(;;){}</script>" << false;
}

void TestCanvas::panelTabDrawsHeadlessOrSaysWhy()
{
    QFETCH(QString, html);
    QFETCH(bool, draws);
    CanvasCard::setHeadless(true);
    CanvasCard::setTimeoutMs(draws ? CanvasCard::kDefaultTimeoutMs : 2000); // short only where it must stop
    CanvasCommand command;
    QList<CanvasIssue> issues;
    const QByteArray open = QByteArray::fromStdString(
        nlohmann::json({{"tab", {{"type", "canvas"}, {"title", "Board"}, {"content", html.toStdString()}}}}).dump());
    QVERIFY2(parseCanvasCommandText(CanvasOp::Open, open, &command, &issues), qPrintable(canvasIssuesText(issues)));
    CanvasPanelState panel;
    QVERIFY(panel.apply(command).ok);
    Host host;
    QWidget *view = createCanvasTabView(panel.tabs().value(0), CanvasViewContext(), &host.widget);
    host.layout->addWidget(view);
    view->show(); // shown and laid out, as the panel's render has it
    host.layout->activate();
    auto *card = view->findChild<CanvasCard *>();
    QVERIFY(card);
    QCOMPARE(card->state(), CanvasCard::State::Suspended); // "Drawing canvas…" until asked
    QElapsedTimer clock;
    clock.start();
    prepareCanvasTabViewHeadless(view, 600);
    QVERIFY2(clock.elapsed() < 15000, qPrintable(QString::number(clock.elapsed())));
    if (draws) {
        QCOMPARE(card->state(), CanvasCard::State::Drawn);
        const QImage frame = card->frame().toImage();
        QCOMPARE(qRound(frame.height() / frame.devicePixelRatio()), 300);
        QCOMPARE(QColor(frame.pixel(frame.width() / 2, frame.height() / 2)), QColor(0x00, 0xc8, 0x53));
        QVERIFY(card->width() > 600); // drawn at the width it is shown at
        QCOMPARE(qRound(frame.width() / frame.devicePixelRatio()), card->findChild<QLabel *>(QStringLiteral("canvasFrame"))->width());
    } else {
        QCOMPARE(card->state(), CanvasCard::State::Stopped);
        QCOMPARE(card->messageText(), QStringLiteral("canvas stopped: the document did not finish loading within 2 s"));
    }
    CanvasCard::setHeadless(false);
}

// ---- the app's theme (issue 18) ----

namespace {

// The mean lightness (0-255) of the frame's middle row: the page's background where the page draws none.
int frameLightness(const QPixmap &frame)
{
    const QImage image = frame.toImage().convertToFormat(QImage::Format_RGB32);
    if (image.isNull())
        return -1;
    qint64 sum = 0;
    const int y = image.height() / 2;
    for (int x = 0; x < image.width(); ++x)
        sum += QColor(image.pixel(x, y)).lightness();
    return int(sum / qMax(1, image.width()));
}

// Reads, from a page script in the body, what the page was told before it ran.
const char kThemeProbe[] =
    "<div style='height:80px'></div><script>var s=getComputedStyle(document.documentElement);"
    "document.title=[s.getPropertyValue('--tessera-theme').trim(),s.getPropertyValue('--tessera-background').trim(),"
    "s.backgroundColor,s.colorScheme].join('|');</script>";

} // namespace

void TestCanvas::documentTellsThePageItsTheme_data()
{
    QTest::addColumn<bool>("dark");
    QTest::addColumn<QString>("scheme");
    QTest::addColumn<QString>("background");
    QTest::addColumn<QString>("foreground");
    const QPalette light = themePalette(ThemeMode::Light);
    const QPalette dark = themePalette(ThemeMode::Dark);
    QTest::newRow("light") << false << "light" << light.color(QPalette::Base).name() << light.color(QPalette::Text).name();
    QTest::newRow("dark") << true << "dark" << dark.color(QPalette::Base).name() << dark.color(QPalette::Text).name();
}

void TestCanvas::documentTellsThePageItsTheme()
{
    QFETCH(bool, dark);
    QFETCH(QString, scheme);
    QFETCH(QString, background);
    QFETCH(QString, foreground);
    QCOMPARE(dark ? QStringLiteral("#26292e") : QStringLiteral("#ffffff"), background); // the palettes as theme.cpp sets them
    const CanvasTheme theme = canvasThemeFor(themePalette(dark ? ThemeMode::Dark : ThemeMode::Light));
    QCOMPARE(theme.dark, dark);
    const CanvasSource source = resolveCanvas(htmlCard(QStringLiteral("<script>document.title='x'</script>"),
                                                       {{"libraries", {"echarts@1"}}}),
                                              QString());
    const QByteArray doc = buildCanvasDocument(source, theme);
    const QByteArray head = canvasThemeHead(theme);
    QCOMPARE(head, QByteArray("<meta name=\"color-scheme\" content=\"" + scheme.toLatin1() + "\"><style>:where(:root){color-scheme:"
                              + scheme.toLatin1() + ";--tessera-theme:" + scheme.toLatin1() + ";--tessera-background:"
                              + background.toLatin1() + ";--tessera-foreground:" + foreground.toLatin1()
                              + ";background-color:" + background.toLatin1() + ";color:" + foreground.toLatin1()
                              + "}</style>"));
    // After the policy (which covers it), before every script and the card's own html.
    const qsizetype at = doc.indexOf(head);
    QVERIFY(at > doc.indexOf("Content-Security-Policy"));
    QVERIFY(at < doc.indexOf("<script"));
    QVERIFY(at < doc.indexOf("<body>"));
    QCOMPARE(doc.count("<style>"), qsizetype(1));
}

void TestCanvas::pageScriptsSeeTheTheme()
{
    Host host;
    host.widget.setPalette(themePalette(ThemeMode::Dark));
    auto *card = new CanvasCard(htmlCard(QString::fromLatin1(kThemeProbe)), QString(), &host.widget);
    host.layout->addWidget(card);
    QVERIFY(card->isDarkTheme());
    QVERIFY(card->waitForLoaded(15000));
    waitFor([&] { return !pageTitle(card).isEmpty() && pageTitle(card) != card->page()->url().toString(); }, 5000);
    QCOMPARE(pageTitle(card), QStringLiteral("dark|#26292e|rgb(38, 41, 46)|dark"));
}

void TestCanvas::darkThemeDrawsADarkCanvas()
{
    // A page that sets no colours: drawn on the card's Base colour in either theme (headless, as
    // `tessera render --theme dark` draws it).
    CanvasCard::setHeadless(true);
    const Card card = htmlCard(QStringLiteral("<p style='height:120px;margin:0'>plain text</p>"));
    CanvasCard dark(card, QString());
    dark.setPalette(themePalette(ThemeMode::Dark));
    QVERIFY(dark.renderNow(400));
    CanvasCard light(card, QString());
    light.setPalette(themePalette(ThemeMode::Light));
    QVERIFY(light.renderNow(400));
    CanvasCard::setHeadless(false);
    const int darkLightness = frameLightness(dark.frame());
    const int lightLightness = frameLightness(light.frame());
    qInfo("canvas background lightness: dark theme %d, light theme %d", darkLightness, lightLightness);
    QVERIFY2(darkLightness >= 0 && darkLightness < 60, qPrintable(QString::number(darkLightness)));
    QVERIFY2(lightLightness > 230, qPrintable(QString::number(lightLightness)));
    dark.frame().save(QDir::temp().filePath(QStringLiteral("tessera-canvas-dark.png")));
}

void TestCanvas::themeSwitchReloadsAndSnapshotsFollow()
{
    CanvasPool::clearSnapshots();
    Host host;
    host.widget.setPalette(themePalette(ThemeMode::Light));
    auto *card = new CanvasCard(htmlCard(QString::fromLatin1(kThemeProbe)), QString(), &host.widget);
    host.layout->addWidget(card);
    QVERIFY(card->waitForLoaded(15000));
    QVERIFY(waitFor([&] { return pageTitle(card).startsWith(QLatin1String("light|")); }, 5000));
    card->suspend();
    QCOMPARE(card->state(), CanvasCard::State::Suspended);
    const int lightSnapshot = frameLightness(card->frame());
    QVERIFY2(lightSnapshot > 230, qPrintable(QString::number(lightSnapshot)));

    // Switched to dark: the light snapshot is not shown; the page loads again and is told "dark".
    host.widget.setPalette(themePalette(ThemeMode::Dark));
    QVERIFY(card->isDarkTheme());
    QVERIFY(card->frame().isNull());
    QVERIFY(waitFor([&] { return card->state() == CanvasCard::State::Live; }, 15000));
    QVERIFY(waitFor([&] { return pageTitle(card).startsWith(QLatin1String("dark|")); }, 5000));
    QCOMPARE(pageTitle(card), QStringLiteral("dark|#26292e|rgb(38, 41, 46)|dark"));
    settle(300);
    card->suspend();
    const int darkSnapshot = frameLightness(card->frame());
    QVERIFY2(darkSnapshot >= 0 && darkSnapshot < 60, qPrintable(QString::number(darkSnapshot)));

    // Back to light while suspended: the snapshot taken in the light theme, at once.
    CanvasCard::setHeadless(true); // keeps it from going live again, so the frame shown is the cached one
    host.widget.setPalette(themePalette(ThemeMode::Light));
    CanvasCard::setHeadless(false);
    QVERIFY(!card->isDarkTheme());
    QCOMPARE(frameLightness(card->frame()), lightSnapshot);
}

int main(int argc, char *argv[])
{
    registerCanvasSchemes();
    QApplication app(argc, argv);
    TestCanvas test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_canvas.moc"
