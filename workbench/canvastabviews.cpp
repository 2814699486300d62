#include <workbench/canvastabviews.h>

#include <array>

#include <QCoreApplication>
#include <QCursor>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPdfDocument>
#include <QPdfView>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QTemporaryFile>
#include <QTimer>
#include <QToolTip>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/dialects/widgetdocument.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>
#include <cards/transcript.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/common/proseview.h>
#include <widgets/kinds/codehighlighter.h>
#include <widgets/widgetdoc/widgetnodeimage.h>
#include <workbench/editorloader.h>
#include <workbench/logging.h>

namespace Tessera {

using json = nlohmann::json;

namespace {

constexpr qint64 kMaxLocalFileBytes = 64 * 1024 * 1024; // an image or PDF read from the working directory
constexpr int kRenderedFollowMs = 300; // a markdown tab's rendered side, after a pause in the typing
// The widget that holds a tab's card (widget, canvas, mcp_app): a headless render asks its cards to draw.
constexpr char kCardHolderName[] = "canvasCardHolder";

QWidget *errorView(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(QStringLiteral("canvasError"));
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    label->setMargin(12);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// A card (or the app block) at the top of a scrolled view: the holder a headless render finds.
QWidget *cardHolder()
{
    auto *holder = new QWidget;
    holder->setObjectName(QLatin1String(kCardHolderName));
    return holder;
}

QWidget *scrolled(QWidget *content, QWidget *parent)
{
    auto *area = new QScrollArea(parent);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidget(content);
    return area;
}

// The address of an image or pdf tab, read as bytes: data: decoded, a local path inside the working
// directory read (bounded). False with the reason; *remote is set for an https address (not read).
bool readAddress(const QString &address, const CanvasViewContext &context, QByteArray *bytes, bool *remote, QString *reason)
{
    *remote = false;
    switch (classifyCanvasAddress(address, reason)) {
    case CanvasAddressKind::Data: {
        const qsizetype comma = address.indexOf(QLatin1Char(','));
        if (comma < 0) {
            *reason = QObject::tr("the data: URI has no data");
            return false;
        }
        const QString header = address.left(comma);
        const QByteArray data = address.mid(comma + 1).toLatin1();
        *bytes = header.endsWith(QLatin1String(";base64"), Qt::CaseInsensitive) ? QByteArray::fromBase64(data)
                                                                                : QByteArray::fromPercentEncoding(data);
        return true;
    }
    case CanvasAddressKind::Https:
        *remote = true;
        return false;
    case CanvasAddressKind::Http:
        *reason = QObject::tr("http:// addresses are not fetched");
        return false;
    case CanvasAddressKind::Refused:
        return false;
    case CanvasAddressKind::LocalPath: {
        const QString path = canvasLocalPath(address, context.workingDir, reason);
        if (path.isEmpty())
            return false;
        QFile file(path);
        if (file.size() > kMaxLocalFileBytes) {
            *reason = QObject::tr("%1 is larger than %2 MB").arg(path).arg(kMaxLocalFileBytes / (1024 * 1024));
            return false;
        }
        if (!file.open(QIODevice::ReadOnly)) {
            *reason = QObject::tr("%1 cannot be read: %2").arg(path, file.errorString());
            return false;
        }
        *bytes = file.read(kMaxLocalFileBytes);
        return true;
    }
    }
    return false;
}

QWidget *openButtonView(const QString &address, const QString &note, const CanvasViewContext &context, QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    auto *label = new QLabel(note, box);
    label->setWordWrap(true);
    auto *shown = new QLabel(address, box);
    shown->setObjectName(QStringLiteral("canvasAddress"));
    shown->setWordWrap(true);
    shown->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *button = new QPushButton(QObject::tr("Open in Browser…"), box);
    button->setObjectName(QStringLiteral("canvasOpenLink"));
    button->setEnabled(bool(context.openLink));
    const auto open = context.openLink;
    QObject::connect(button, &QPushButton::clicked, box, [open, address] {
        if (open)
            open(address);
    });
    layout->addWidget(label);
    layout->addWidget(shown);
    layout->addWidget(button, 0, Qt::AlignLeft);
    layout->addStretch(1);
    return box;
}

// --- one view per type --------------------------------------------------------------------------

QWidget *widgetView(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent)
{
    const QByteArray envelope = "{\"kind\":\"dorkos_ui\",\"specVersion\":1,\"payload\":" + tab.contentJson + '}';
    const Card card = Card::fromEnvelopeText(envelope);
    QWidget *holder = cardHolder();
    auto *layout = new QVBoxLayout(holder);
    layout->addWidget(RendererRegistry::createCardWidget(card, context.render, holder));
    layout->addStretch(1);
    return scrolled(holder, parent);
}

QPlainTextEdit *editor(QWidget *parent)
{
    auto *edit = new QPlainTextEdit(parent);
    edit->setObjectName(QStringLiteral("canvasEditor"));
    return edit;
}

// A link clicked (or activated by keyboard) in a markdown tab's rendered side: as links in the chat, an
// https address goes to the window, which shows it whole and asks before the browser opens it; any other
// address (javascript:, file:, a relative path) is refused here and the reason shown where it was clicked.
void followRenderedLink(const QUrl &url, const std::function<void(const QString &)> &openLink, QWidget *from)
{
    const QString address = url.toString(QUrl::FullyEncoded);
    if (openLink && isHttpsUrl(address) && !url.host().isEmpty()) {
        openLink(address);
        return;
    }
    const QString why = openLink ? QObject::tr("Refused to open a link that is not https://: %1").arg(address.left(200))
                                 : QObject::tr("Links open from the Tessera window only.");
    qCInfo(lcWorkbench).noquote() << "markdown tab link not opened:" << address.left(200);
    QToolTip::showText(QCursor::pos(), why, from);
}

QWidget *markdownView(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent)
{
    const QString text = tab.contentText();
    auto *split = new QSplitter(Qt::Horizontal, parent);
    QPlainTextEdit *edit = editor(split);
    // The rendered side is the chat's chunked prose (ProseView): a long document is split off the GUI
    // thread and its pieces are laid out near the screen only, a frame's budget at a time.
    auto *rendered = new ProseView(text);
    rendered->setObjectName(QStringLiteral("canvasRendered"));
    QObject::connect(rendered, &ProseView::linkActivated, rendered,
                     [rendered, openLink = context.openLink](const QUrl &url) { followRenderedLink(url, openLink, rendered); });
    QWidget *area = scrolled(rendered, split);
    area->setObjectName(QStringLiteral("canvasRenderedArea"));
    // The rendered side follows the editor after a pause in the typing (not once per key: the
    // editor's text is read whole), and after a load (an agent's update).
    auto *follow = new QTimer(rendered);
    follow->setSingleShot(true);
    follow->setInterval(kRenderedFollowMs);
    QObject::connect(follow, &QTimer::timeout, rendered, [edit, rendered] {
        // A text with a line too long for the editor is shown there broken (EditorLoader): the rendered
        // side renders the text itself.
        const EditorLoader *loader = EditorLoader::of(edit);
        rendered->setMarkdown(loader->brokeLongLines() ? loader->originalText() : edit->toPlainText());
    });
    QObject::connect(edit, &QPlainTextEdit::textChanged, follow, [edit, follow] {
        if (!EditorLoader::isLoading(edit))
            follow->start();
    });
    EditorLoader *loader = EditorLoader::of(edit);
    QObject::connect(loader, &EditorLoader::loaded, follow, qOverload<>(&QTimer::start));
    loader->load(text);
    split->addWidget(edit);
    split->addWidget(area);
    if (!EditorLoader::hasLongLine(text))
        return split;
    // Read-only, and the note says why (a later update without such a line keeps the note: the tab is
    // built again only when its type changes).
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    auto *note = new QLabel(EditorLoader::longLineNote(), box);
    note->setObjectName(QStringLiteral("canvasNote"));
    note->setWordWrap(true);
    note->setMargin(4);
    layout->addWidget(note);
    split->setParent(box);
    layout->addWidget(split, 1);
    return box;
}

// Why a file is not highlighted, or "" when it is (a long line is formatted in one go, a large file
// takes a second of background slices per megabyte).
QString highlightRefusal(const QString &text)
{
    if (EditorLoader::hasLongLine(text))
        return EditorLoader::longLineNote(); // shown broken and read-only: not highlighted either
    for (qsizetype at = 0; at < text.size();) {
        qsizetype end = text.indexOf(u'\n', at);
        if (end < 0)
            end = text.size();
        if (end - at > kMaxHighlightedLine)
            return QObject::tr("Shown without highlighting: a line is longer than %1 characters.").arg(QLocale().toString(qlonglong(kMaxHighlightedLine)));
        at = end + 1;
    }
    if (text.size() > kMaxHighlightedChars)
        return QObject::tr("Shown without highlighting: the file is longer than %1 characters.").arg(QLocale().toString(qlonglong(kMaxHighlightedChars)));
    return {};
}

// A file tab's highlighter follows its editor's palette (a theme change): the colours at once, the lines
// in slices (EditorLoader::rehighlight), so a large file does not hold the GUI thread.
class HighlightFollower : public QObject
{
public:
    HighlightFollower(QPlainTextEdit *edit, CodeHighlighter *highlighter)
        : QObject(edit)
        , m_edit(edit)
        , m_highlighter(highlighter)
        , m_palette(edit->palette())
    {
        edit->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_edit && event->type() == QEvent::PaletteChange && m_highlighter && m_edit->palette() != m_palette) {
            m_palette = m_edit->palette();
            m_highlighter->setPalette(m_palette, CodeHighlighter::Rehighlight::ByCaller);
            EditorLoader::of(m_edit)->rehighlight();
        }
        return false;
    }

private:
    QPlainTextEdit *m_edit; // the parent
    QPointer<CodeHighlighter> m_highlighter;
    QPalette m_palette;
};

QWidget *fileView(const CanvasTab &tab, const CanvasViewContext &, QWidget *parent)
{
    const QString text = tab.contentText();
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    QPlainTextEdit *edit = editor(box);
    edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono(QStringLiteral("DejaVu Sans Mono"));
    mono.setStyleHint(QFont::Monospace);
    edit->setFont(mono);
    if (const QString refusal = highlightRefusal(text); !refusal.isEmpty()) {
        auto *note = new QLabel(refusal, box);
        note->setObjectName(QStringLiteral("canvasNote"));
        note->setWordWrap(true);
        note->setMargin(4);
        layout->addWidget(note);
    } else {
        // Made before the text goes in: each slice of the load formats only the lines it adds.
        const QString hint = !tab.language.isEmpty() ? tab.language : QFileInfo(tab.source).suffix();
        auto *highlighter = new CodeHighlighter(hint, edit->document());
        highlighter->setPalette(edit->palette());
        new HighlightFollower(edit, highlighter);
    }
    layout->addWidget(edit, 1);
    EditorLoader::of(edit)->load(text);
    return box;
}

QWidget *csvView(const CanvasTab &tab, const CanvasViewContext &, QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *table = new QTableView(box);
    table->setObjectName(QStringLiteral("canvasTable"));
    auto *model = new CsvTableModel(tab.contentText(), table);
    table->setModel(model);
    table->horizontalHeader()->setDefaultSectionSize(120);
    table->horizontalHeader()->setMaximumSectionSize(400);
    table->verticalHeader()->setDefaultSectionSize(24);
    if (!model->note().isEmpty()) {
        auto *note = new QLabel(model->note(), box);
        note->setObjectName(QStringLiteral("canvasNote"));
        layout->addWidget(note);
    }
    layout->addWidget(table, 1);
    return box;
}

QString scalarText(const json &value)
{
    if (value.is_string())
        return fromStdString(value.get_ref<const std::string &>());
    return fromStdString(value.dump(-1, ' ', false, json::error_handler_t::replace));
}

// Builds the tree breadth-first, at most kMaxJsonNodes items: the strict parser bounds the depth (100),
// the queue bounds the work.
void fillTree(QTreeWidget *tree, const json &root)
{
    struct Pending
    {
        const json *value;
        QTreeWidgetItem *item;
    };
    auto *top = new QTreeWidgetItem(tree, {QStringLiteral("(root)"), root.is_structured() ? QString() : scalarText(root)});
    QList<Pending> queue{{&root, top}};
    int built = 1;
    for (qsizetype at = 0; at < queue.size(); ++at) {
        const Pending pending = queue.at(at);
        if (!pending.value->is_structured())
            continue;
        // Counts as brackets, not words: no plural to translate ("[3]", "{2}").
        pending.item->setText(1, (pending.value->is_array() ? QStringLiteral("[%1]") : QStringLiteral("{%1}"))
                                         .arg(pending.value->size()));
        int index = 0;
        for (auto it = pending.value->begin(); it != pending.value->end(); ++it, ++index) {
            if (built >= kMaxJsonNodes) {
                new QTreeWidgetItem(pending.item, {QObject::tr("…"), QObject::tr("not shown: more than %1 values").arg(kMaxJsonNodes)});
                return;
            }
            const QString key = pending.value->is_array() ? QString::number(index) : fromStdString(it.key());
            auto *item = new QTreeWidgetItem(pending.item, {key, it->is_structured() ? QString() : scalarText(*it)});
            if (it->is_number())
                item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
            ++built;
            queue.append({&*it, item});
        }
    }
}

QWidget *jsonView(const CanvasTab &tab, const CanvasViewContext &, QWidget *parent)
{
    QByteArray text = tab.contentJson;
    if (text.startsWith('"'))
        text = tab.contentText().toUtf8(); // JSON text in a string: parsed as a document of its own
    const StrictJsonResult parsed = parseStrictJson(std::string_view(text.constData(), size_t(text.size())));
    if (!parsed.ok()) {
        QString where;
        if (!parsed.errorPointer.empty())
            where = QObject::tr(" at %1").arg(fromStdString(parsed.errorPointer));
        return errorView(QObject::tr("This JSON cannot be shown: %1%2").arg(fromStdString(parsed.error), where), parent);
    }
    auto *tree = new QTreeWidget(parent);
    tree->setObjectName(QStringLiteral("canvasJsonTree"));
    tree->setColumnCount(2);
    tree->setHeaderLabels({QObject::tr("Key"), QObject::tr("Value")});
    fillTree(tree, *parsed.value);
    tree->expandToDepth(1);
    tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    return tree;
}

QWidget *imageView(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent)
{
    const QString address = tab.contentText().trimmed();
    QByteArray bytes;
    bool remote = false;
    QString reason;
    if (!readAddress(address, context, &bytes, &remote, &reason)) {
        if (remote) // loaded only when the person clicks "Load image from HOST"
            return scrolled(new WidgetNodeImage(address, tab.title, WidgetNodeImage::Mode::Full, false), parent);
        return errorView(QObject::tr("This image is not shown: %1").arg(reason), parent);
    }
    QString error;
    const QImage image = WidgetNodeImage::decodeBytes(bytes, &error); // the header's size is checked first
    if (image.isNull())
        return errorView(QObject::tr("This image cannot be shown: %1").arg(error), parent);
    auto *label = new QLabel;
    label->setObjectName(QStringLiteral("canvasImage"));
    label->setPixmap(QPixmap::fromImage(image));
    label->setAlignment(Qt::AlignCenter);
    return scrolled(label, parent);
}

QWidget *pdfView(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent)
{
    const QString address = tab.contentText().trimmed();
    QByteArray bytes;
    bool remote = false;
    QString reason;
    if (!readAddress(address, context, &bytes, &remote, &reason)) {
        if (remote)
            return openButtonView(address, QObject::tr("This PDF is on the web; Tessera does not fetch it."), context, parent);
        return errorView(QObject::tr("This PDF is not shown: %1").arg(reason), parent);
    }
    // The document is the holder's first child and the view its second: children go in order, so the
    // document closes while its view still exists (the other way round QtPdf signals a dead view).
    auto *holder = new QWidget(parent);
    holder->setObjectName(QStringLiteral("canvasPdf"));
    auto *document = new QPdfDocument(holder);
    auto *file = new QTemporaryFile(holder);
    // Loaded from a file: QtPdf reads it at once and says what is wrong (a device loads later).
    QPdfDocument::Error error = QPdfDocument::Error::Unknown;
    if (file->open() && file->write(bytes) == bytes.size() && file->flush())
        error = document->load(file->fileName());
    if (error != QPdfDocument::Error::None || document->pageCount() < 1) {
        delete holder;
        const QString why = error == QPdfDocument::Error::InvalidFileFormat ? QObject::tr("it is not a PDF")
                            : error == QPdfDocument::Error::IncorrectPassword ? QObject::tr("it needs a password")
                            : error == QPdfDocument::Error::UnsupportedSecurityScheme ? QObject::tr("its encryption is not supported")
                                                                                       : QObject::tr("QtPdf could not read it");
        return errorView(QObject::tr("This PDF cannot be shown: %1.").arg(why), parent);
    }
    auto *view = new QPdfView(holder);
    view->setDocument(document);
    view->setPageMode(QPdfView::PageMode::MultiPage);
    view->setZoomMode(QPdfView::ZoomMode::FitToWidth);
    auto *layout = new QVBoxLayout(holder);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
    return holder;
}

QWidget *canvasView(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent)
{
    QByteArray payload = tab.contentJson;
    if (payload.startsWith('"'))
        payload = QByteArray::fromStdString(json{{"html", tab.contentText().toStdString()}}.dump());
    const QByteArray envelope = "{\"kind\":\"canvas\",\"specVersion\":1,\"payload\":" + payload + '}';
    const Card card = Card::fromEnvelopeText(envelope);
    QWidget *holder = cardHolder();
    auto *layout = new QVBoxLayout(holder);
    layout->addWidget(RendererRegistry::createCardWidget(card, context.render, holder));
    layout->addStretch(1);
    return scrolled(holder, parent);
}

// The stored result line the tab names, drawn by the conversation's own app block (tool line, the
// view in the canvas sandbox with its bridge, the consent strip). No pop-out from here: the tab is
// already beside the chat.
QWidget *mcpAppView(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent)
{
    if (tab.appLine.isEmpty())
        return errorView(QObject::tr("The app's tool result is not in this conversation."), parent);
    const Message message = parseTranscriptLine(tab.appLine, 0);
    RenderContext render = context.render;
    render.offerPopOut = false;
    QWidget *holder = cardHolder();
    QWidget *drawn = createToolAppWidget(message, render, holder);
    if (!drawn) {
        delete holder;
        return errorView(QObject::tr("MCP App views are not drawn here."), parent);
    }
    auto *layout = new QVBoxLayout(holder);
    layout->addWidget(drawn);
    layout->addStretch(1);
    return scrolled(holder, parent);
}

QWidget *addressView(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent)
{
    return openButtonView(tab.contentText().trimmed(),
                          QObject::tr("Tessera does not load web pages. Open this address in your browser?"), context, parent);
}

struct ViewRow
{
    CanvasContentType type;
    QWidget *(*create)(const CanvasTab &, const CanvasViewContext &, QWidget *);
};

constexpr std::array<ViewRow, 11> kViews{{
    {CanvasContentType::Widget, widgetView},
    {CanvasContentType::Markdown, markdownView},
    {CanvasContentType::File, fileView},
    {CanvasContentType::Csv, csvView},
    {CanvasContentType::Json, jsonView},
    {CanvasContentType::Image, imageView},
    {CanvasContentType::Pdf, pdfView},
    {CanvasContentType::Canvas, canvasView},
    {CanvasContentType::Url, addressView},
    {CanvasContentType::Browser, addressView},
    {CanvasContentType::McpApp, mcpAppView},
}};

// RFC 4180 records; a quoted field may hold commas, quotes ("") and line breaks. Stops reading past
// maxRows records (counting the rest only).
QList<QStringList> parseCsv(const QString &text, int maxRecords, int *totalRecords)
{
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    bool any = false;
    int total = 0;
    auto endRecord = [&] {
        record.append(field);
        field.clear();
        if (total < maxRecords)
            records.append(record);
        ++total;
        record = QStringList();
        any = false;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
            continue;
        }
        if (c == QLatin1Char('"') && field.isEmpty()) {
            quoted = true;
            any = true;
        } else if (c == QLatin1Char(',')) {
            if (total < maxRecords)
                record.append(field);
            field.clear();
            any = true;
        } else if (c == QLatin1Char('\n')) {
            endRecord();
        } else if (c != QLatin1Char('\r')) {
            field += c;
            any = true;
        }
    }
    if (any || !field.isEmpty() || !record.isEmpty())
        endRecord();
    *totalRecords = total;
    return records;
}

bool isNumber(const QString &cell)
{
    bool ok = false;
    cell.trimmed().toDouble(&ok);
    return ok;
}

} // namespace

QWidget *createCanvasTabView(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent)
{
    for (const ViewRow &row : kViews) {
        if (row.type == tab.type)
            return row.create(tab, context, parent);
    }
    qCWarning(lcWorkbench) << "no view for canvas type" << canvasContentTypeName(tab.type);
    return errorView(QObject::tr("This tab's type cannot be shown."), parent);
}

QList<CanvasContentType> canvasViewTypes()
{
    QList<CanvasContentType> types;
    for (const ViewRow &row : kViews)
        types.append(row.type);
    return types;
}

QPlainTextEdit *canvasTabEditor(QWidget *view)
{
    if (!view)
        return nullptr;
    if (auto *edit = qobject_cast<QPlainTextEdit *>(view); edit && edit->objectName() == QLatin1String("canvasEditor"))
        return edit;
    return view->findChild<QPlainTextEdit *>(QStringLiteral("canvasEditor"));
}

bool canvasTabLoading(QWidget *view)
{
    return EditorLoader::isLoading(canvasTabEditor(view));
}

void prepareCanvasTabViewHeadless(QWidget *view, int height)
{
    if (!view)
        return;
    // The scroll areas give the holders their widths first: a card is asked at the width it is shown at.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QList<QWidget *> holders = view->findChildren<QWidget *>(QLatin1String(kCardHolderName));
    if (view->objectName() == QLatin1String(kCardHolderName))
        holders.prepend(view);
    for (QWidget *holder : std::as_const(holders)) {
        QLayout *layout = holder->layout();
        for (int i = 0; layout && i < layout->count(); ++i) {
            // As the conversation's headless render asks its blocks (blockwidgets.h): a canvas card or an
            // app block loads and draws its frame here, bounded by its own timeouts.
            if (QWidget *card = layout->itemAt(i)->widget(); card && !card->isHidden())
                blockHeightForWidth(card, card->width());
        }
        if (layout)
            layout->invalidate(); // the drawn frame's height replaces the placeholder's
    }
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    // Long Markdown is built in slices near the screen; the render builds what the panel shows.
    for (ProseView *prose : view->findChildren<ProseView *>())
        prose->prepare(prose->width(), height);
}

CsvTableModel::CsvTableModel(const QString &text, QObject *parent)
    : QAbstractTableModel(parent)
{
    int records = 0;
    QList<QStringList> rows = parseCsv(text, kMaxRows + 1, &records);
    for (const QStringList &row : std::as_const(rows))
        m_totalColumns = qMax(m_totalColumns, int(row.size()));
    if (!rows.isEmpty())
        m_header = rows.takeFirst();
    m_totalRows = qMax(0, records - 1);
    for (QStringList &row : rows) {
        if (row.size() > kMaxColumns)
            row = row.mid(0, kMaxColumns);
    }
    m_rows = rows;
    if (m_header.size() > kMaxColumns)
        m_header = m_header.mid(0, kMaxColumns);
}

int CsvTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CsvTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : qMin(m_totalColumns, kMaxColumns);
}

QVariant CsvTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const QStringList &row = m_rows.at(index.row());
    const QString cell = index.column() < row.size() ? row.at(index.column()) : QString();
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        return cell;
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::Alignment((isNumber(cell) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    return {};
}

QVariant CsvTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    return section < m_header.size() ? m_header.at(section) : QString();
}

QString CsvTableModel::note() const
{
    QStringList parts;
    if (m_totalColumns > kMaxColumns)
        parts.append(tr("the first %1 of %2 columns").arg(kMaxColumns).arg(m_totalColumns));
    if (m_totalRows > kMaxRows)
        parts.append(tr("the first %1 of %2 rows").arg(kMaxRows).arg(m_totalRows));
    return parts.isEmpty() ? QString() : tr("Showing %1.").arg(parts.join(tr(" and ")));
}

} // namespace Tessera
