#include <widgets/common/markdownview.h>

#include <algorithm>

#include <QCoreApplication>
#include <QEvent>
#include <QMimeData>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFragment>
#include <QTextFrame>
#include <QTextTable>
#include <QtMath>

namespace Tessera {

namespace {

// A document that never loads a resource (the base class would read files and qrc: names).
class SafeTextDocument : public QTextDocument
{
public:
    using QTextDocument::QTextDocument;

protected:
    QVariant loadResource(int, const QUrl &) override { return {}; }
};

constexpr auto kFeatures = QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub
                                                           | QTextDocument::MarkdownNoHTML);

QString imageText(const QString &alt)
{
    const QString trimmed = alt.trimmed();
    return trimmed.isEmpty()
        ? QCoreApplication::translate("Tessera::MarkdownView", "[image]")
        : QCoreApplication::translate("Tessera::MarkdownView", "[image: %1]").arg(trimmed);
}

struct ImageRun
{
    int position = 0;
    int length = 0;
    QTextCharFormat format;
};

// The image's character format without anything that makes it an image (keeps link and emphasis).
QTextCharFormat textFormatFor(const QTextCharFormat &image)
{
    QTextCharFormat plain;
    const QMap<int, QVariant> properties = image.properties();
    for (auto it = properties.cbegin(); it != properties.cend(); ++it) {
        const bool imageProperty = it.key() >= QTextFormat::ImageName && it.key() < 0x6000;
        if (!imageProperty && it.key() != QTextFormat::ObjectType)
            plain.setProperty(it.key(), it.value());
    }
    plain.setFontItalic(true);
    return plain;
}

void replaceImages(QTextDocument *document)
{
    QList<ImageRun> runs;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.isValid() && fragment.charFormat().isImageFormat())
                runs.append({fragment.position(), fragment.length(), fragment.charFormat()});
        }
    }
    // Back to front, so earlier positions stay valid.
    std::sort(runs.begin(), runs.end(), [](const ImageRun &a, const ImageRun &b) { return a.position > b.position; });
    for (const ImageRun &run : std::as_const(runs)) {
        const QTextImageFormat image = run.format.toImageFormat();
        const QString text = imageText(image.property(QTextFormat::ImageAltText).toString());
        QTextCursor cursor(document);
        cursor.setPosition(run.position);
        cursor.setPosition(run.position + run.length, QTextCursor::KeepAnchor);
        QString replacement;
        for (int i = 0; i < run.length; ++i)
            replacement += text;
        cursor.insertText(replacement, textFormatFor(run.format));
    }
}

// Thin collapsed grid lines in a gray that reads on light and dark Base colors.
void styleTables(QTextFrame *frame)
{
    for (QTextFrame *child : frame->childFrames()) {
        if (auto *table = qobject_cast<QTextTable *>(child)) {
            QTextTableFormat format = table->format();
            format.setBorderCollapse(true);
            format.setBorder(1);
            format.setBorderBrush(QColor(128, 128, 128, 150));
            format.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
            format.setCellSpacing(0);
            format.setCellPadding(4);
            table->setFormat(format);
        }
        styleTables(child);
    }
}

// Length of the run of c starting at i.
qsizetype runLength(const QString &s, qsizetype i, QChar c)
{
    qsizetype n = 0;
    while (i + n < s.size() && s.at(i + n) == c)
        ++n;
    return n;
}

QString sanitizeLine(const QString &line)
{
    static const QRegularExpression br(QStringLiteral("<br\\s*/?>"), QRegularExpression::CaseInsensitiveOption);
    QString out;
    out.reserve(line.size());
    qsizetype i = 0;
    while (i < line.size()) {
        const QChar c = line.at(i);
        if (c == u'`') {
            // A code span: copy through the closing run of the same length, if there is one.
            const qsizetype n = runLength(line, i, u'`');
            qsizetype j = i + n;
            qsizetype close = -1;
            while (j < line.size()) {
                if (line.at(j) == u'`') {
                    const qsizetype m = runLength(line, j, u'`');
                    if (m == n) {
                        close = j;
                        break;
                    }
                    j += m;
                } else {
                    ++j;
                }
            }
            const qsizetype end = close < 0 ? i + n : close + n;
            out += QStringView(line).mid(i, end - i);
            i = end;
            continue;
        }
        if (c == u'!' && QStringView(line).mid(i).startsWith(u"![](")) {
            // Qt drops an image with empty alt text without a trace; give it a blank alt.
            out += QStringLiteral("![ ](");
            i += 4;
            continue;
        }
        if (c == u'<') {
            const QRegularExpressionMatch match = br.match(line, i, QRegularExpression::NormalMatch,
                                                           QRegularExpression::AnchorAtOffsetMatchOption);
            if (match.hasMatch()) {
                out += QChar(QChar::LineSeparator);
                i += match.capturedLength();
                continue;
            }
        }
        out += c;
        ++i;
    }
    return out;
}

} // namespace

QString MarkdownView::preprocess(const QString &markdown)
{
    if (!markdown.contains(QLatin1String("<br"), Qt::CaseInsensitive) && !markdown.contains(QLatin1String("![](")))
        return markdown;
    const QStringList lines = markdown.split(u'\n');
    QStringList out;
    out.reserve(lines.size());
    QChar fenceChar;
    qsizetype fenceLength = 0;
    for (const QString &line : lines) {
        qsizetype indent = 0;
        while (indent < line.size() && line.at(indent) == u' ')
            ++indent;
        const QChar first = indent < line.size() ? line.at(indent) : QChar();
        if (indent < 4 && (first == u'`' || first == u'~')) {
            const qsizetype n = runLength(line, indent, first);
            if (n >= 3) {
                if (fenceLength == 0) {
                    fenceChar = first;
                    fenceLength = n;
                } else if (first == fenceChar && n >= fenceLength) {
                    fenceLength = 0;
                }
                out.append(line);
                continue;
            }
        }
        const bool indentedCode = indent >= 4 || line.startsWith(u'\t');
        out.append(fenceLength > 0 || indentedCode ? line : sanitizeLine(line));
    }
    return out.join(u'\n');
}

void MarkdownView::renderInto(QTextDocument *document, const QString &markdown)
{
    document->setMarkdown(preprocess(markdown), kFeatures);
    replaceImages(document);
    styleTables(document->rootFrame());
}

void MarkdownView::breakLongRuns(QTextDocument *document)
{
    const QChar zwsp(0x200B);
    QList<int> positions;
    auto breaks = [](QChar c) { return c.isSpace() || c == QChar(0x200B); };
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        const QString text = block.text();
        qsizetype start = 0;
        for (qsizetype i = 0; i <= text.size(); ++i) {
            if (i < text.size() && !breaks(text.at(i)))
                continue;
            // The run [start, i): long ones get a break every kBreakStep characters, so lines fill up.
            if (i - start > kBreakEvery) {
                for (qsizetype at = start + kBreakStep; at < i; ++at) {
                    // Never between a surrogate pair, or around a combining mark or joiner.
                    const QChar a = text.at(at - 1);
                    const QChar b = text.at(at);
                    if (a.isHighSurrogate() || b.isMark() || a == QChar(0x200D) || b == QChar(0x200D))
                        continue;
                    positions.append(block.position() + int(at));
                    at += kBreakStep - 1;
                }
            }
            start = i + 1;
        }
    }
    if (positions.isEmpty())
        return;
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    // Back to front, so earlier positions stay valid; each keeps the format before it (links, bold).
    for (auto it = positions.crbegin(); it != positions.crend(); ++it) {
        cursor.setPosition(*it);
        cursor.insertText(QString(zwsp));
    }
    cursor.endEditBlock();
}

void MarkdownView::applyJoins(QTextDocument *document) const
{
    if (!m_joins)
        return;
    QTextFrameFormat frame = document->rootFrame()->frameFormat();
    QTextCursor cursor(document);
    if (m_joins & JoinsAbove) {
        frame.setTopMargin(0);
        QTextBlockFormat first = document->begin().blockFormat();
        first.setTopMargin(0);
        cursor.setPosition(0);
        cursor.setBlockFormat(first);
    }
    if (m_joins & JoinsBelow) {
        frame.setBottomMargin(0);
        QTextBlockFormat last = document->lastBlock().blockFormat();
        last.setBottomMargin(0);
        cursor.setPosition(document->lastBlock().position());
        cursor.setBlockFormat(last);
    }
    document->rootFrame()->setFrameFormat(frame);
    if (m_joins & HidesTableHeader) {
        const QList<QTextFrame *> frames = document->rootFrame()->childFrames();
        auto *table = frames.isEmpty() ? nullptr : qobject_cast<QTextTable *>(frames.first());
        if (table && table->rows() > 1)
            table->removeRows(0, 1);
    }
}

MarkdownView::MarkdownView(const QString &markdown, QWidget *parent)
    : MarkdownView(markdown, NoJoin, parent)
{
}

MarkdownView::MarkdownView(const QString &markdown, Joins joins, QWidget *parent)
    : QTextBrowser(parent)
    , m_markdown(markdown)
    , m_joins(joins)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setReadOnly(true);
    setUndoRedoEnabled(false);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setAutoFillBackground(false);
    viewport()->setAutoFillBackground(false);
    setTextInteractionFlags(Qt::TextBrowserInteraction | Qt::TextSelectableByKeyboard);
    setContextMenuPolicy(Qt::NoContextMenu); // its menu offers "Copy Link Location" only; selection copy stays on Ctrl+C
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    connect(this, &QTextBrowser::anchorClicked, this, &MarkdownView::linkActivated);
    rebuild();
}

void MarkdownView::rebuild()
{
    // Parse into fresh documents that have no layout yet; images are gone before anything lays them out.
    auto *shown = new SafeTextDocument(this);
    shown->setDefaultFont(font());
    renderInto(shown, m_markdown);
    breakLongRuns(shown);
    applyJoins(shown);
    QTextDocument *previous = m_shown;
    setDocument(shown); // the view's own initial document is deleted by its text control
    m_shown = shown;
    if (previous)
        previous->deleteLater();

    if (m_measure)
        m_measure->deleteLater();
    m_measure = nullptr; // built when a width other than the shown one is asked for
    m_heightCache.clear();
    updateGeometry();
}

QVariant MarkdownView::loadResource(int, const QUrl &)
{
    return {};
}

int MarkdownView::heightForWidth(int width) const
{
    if (width <= 0)
        return -1;
    const auto cached = m_heightCache.constFind(width);
    if (cached != m_heightCache.cend())
        return *cached;
    const QMargins margins = contentsMargins() + viewportMargins();
    const int textWidth = qMax(1, width - margins.left() - margins.right());
    // The shown document once the view laid it out at this width (one parse and one layout per
    // chunk, issue 13); else a second document, so the shown one is not laid out at every width asked.
    QTextDocument *document = m_shown;
    if (m_shown->pageSize().width() != qreal(textWidth)) {
        if (!m_measure) {
            auto *self = const_cast<MarkdownView *>(this);
            m_measure = new SafeTextDocument(self);
            m_measure->setDefaultFont(font());
            m_measure->setDocumentMargin(m_shown->documentMargin());
            renderInto(m_measure, m_markdown);
            breakLongRuns(m_measure);
            applyJoins(m_measure);
        }
        m_measure->setTextWidth(textWidth);
        document = m_measure;
    }
    const int height = qCeil(document->size().height()) + margins.top() + margins.bottom();
    m_heightCache.insert(width, height);
    return height;
}

QSize MarkdownView::sizeHint() const
{
    const int width = this->width() > 50 ? this->width() : 480;
    return {width, heightForWidth(width)};
}

QSize MarkdownView::minimumSizeHint() const
{
    return {40, fontMetrics().height()};
}

QMimeData *MarkdownView::createMimeDataFromSelection() const
{
    // The reader copies the text, never the break opportunities added for layout.
    QMimeData *source = QTextBrowser::createMimeDataFromSelection();
    auto *copied = new QMimeData;
    const QString zwsp(QChar(0x200B));
    if (source->hasHtml())
        copied->setHtml(source->html().remove(zwsp));
    if (source->hasText())
        copied->setText(source->text().remove(zwsp));
    delete source;
    return copied;
}

void MarkdownView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::FontChange && m_shown) {
        document()->setDefaultFont(font());
        if (m_measure)
            m_measure->setDefaultFont(font());
        m_heightCache.clear();
        updateGeometry();
    } else if (event->type() == QEvent::PaletteChange && m_shown) {
        // Qt's Markdown importer bakes palette colors (links, code spans) into the document.
        rebuild();
    }
}

} // namespace Tessera
