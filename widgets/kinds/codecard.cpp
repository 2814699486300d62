#include <widgets/kinds/codecard.h>

#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QStyle>
#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextLayout>
#include <QTimer>
#include <QVBoxLayout>
#include <QtMath>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/jsonaccess.h>
#include <widgets/kinds/codehighlighter.h>

namespace Tessera {

namespace {

// The code viewer: sized by its line count (up to CodeCard::kMaxVisibleLines), plus room for the
// horizontal scroll bar when the longest line is wider than the given width.
class CodeView : public QPlainTextEdit
{
public:
    explicit CodeView(QWidget *parent)
        : QPlainTextEdit(parent)
    {
        // Preferred, not Fixed: a Fixed item's minimum is its sizeHint, which may count a scroll bar.
        QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        policy.setHeightForWidth(true);
        setSizePolicy(policy);
    }

    bool hasHeightForWidth() const override { return true; }

    int heightForWidth(int width) const override
    {
        int height = contentHeight();
        if (needsHorizontalScrollBar(width))
            height += style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
        return height;
    }

    // Scroll bars follow from the line count and the widest line, not from the scroll area's own
    // (possibly stale, when laid out hidden for an offscreen render) ranges.
    void updateScrollBarPolicies(int width)
    {
        const bool tall = document()->blockCount() > CodeCard::kMaxVisibleLines;
        setVerticalScrollBarPolicy(tall ? Qt::ScrollBarAlwaysOn : Qt::ScrollBarAlwaysOff);
        setHorizontalScrollBarPolicy(needsHorizontalScrollBar(width) ? Qt::ScrollBarAlwaysOn : Qt::ScrollBarAlwaysOff);
    }

    QSize sizeHint() const override
    {
        return {qMax(200, this->width()), contentHeight()};
    }

    QSize minimumSizeHint() const override { return {80, contentHeight()}; }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        updateScrollBarPolicies(event->size().width());
        QPlainTextEdit::resizeEvent(event);
    }

    void changeEvent(QEvent *event) override
    {
        QPlainTextEdit::changeEvent(event);
        if (event->type() == QEvent::FontChange) {
            m_maxLineWidth = -1;
            updateGeometry();
        }
    }

private:
    bool needsHorizontalScrollBar(int width) const
    {
        const QMargins frame = contentsMargins();
        int available = width - frame.left() - frame.right();
        if (document()->blockCount() > CodeCard::kMaxVisibleLines)
            available -= style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
        return maxLineWidth() + 2 * document()->documentMargin() + cursorWidth() + 1 > available;
    }

    // Frame, margins and the first kMaxVisibleLines lines, as the plain-text layout sizes them.
    int contentHeight() const
    {
        const int shown = qMin(qMax(1, document()->blockCount()), CodeCard::kMaxVisibleLines);
        const qreal lineHeight = QFontMetricsF(font()).lineSpacing();
        const QMargins frame = contentsMargins();
        return qCeil(shown * lineHeight + 2 * document()->documentMargin()) + frame.top() + frame.bottom() + 4;
    }

    // The widest line as laid out (with the highlighter's bold runs and any fallback-font glyphs,
    // such as the invisible-character markers), so the scroll bar decision matches what is drawn.
    qreal maxLineWidth() const
    {
        if (m_maxLineWidth < 0) {
            qreal widest = 0;
            QAbstractTextDocumentLayout *layout = document()->documentLayout();
            for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
                layout->blockBoundingRect(block); // lays the block out if it is not yet
                const QTextLayout *lines = block.layout();
                for (int i = 0; lines && i < lines->lineCount(); ++i)
                    widest = qMax(widest, lines->lineAt(i).naturalTextWidth());
            }
            m_maxLineWidth = widest;
        }
        return m_maxLineWidth;
    }

    mutable qreal m_maxLineWidth = -1;
};

} // namespace

CodeCard::CodeCard(const Card &card, QWidget *parent)
    : CardFrame(card, parent)
{
    const nlohmann::json payload = card.payload();
    m_code = jsonString(payload, "code");
    m_language = jsonString(payload, "language");
    auto *header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->setSpacing(8);
    if (!m_language.isEmpty()) {
        auto *tag = new QLabel(m_language, this);
        tag->setObjectName(QStringLiteral("languageTag"));
        tag->setTextFormat(Qt::PlainText);
        tag->setForegroundRole(QPalette::PlaceholderText);
        QFont font = tag->font();
        font.setPointSizeF(font.pointSizeF() * 0.9);
        tag->setFont(font);
        tag->setAccessibleName(tr("Language: %1").arg(m_language));
        header->addWidget(tag);
    }
    header->addStretch(1);
    m_copy = new QPushButton(tr("Copy"), this);
    m_copy->setObjectName(QStringLiteral("copyButton"));
    m_copy->setAccessibleName(tr("Copy code"));
    m_copy->setToolTip(tr("Copy the code exactly as received"));
    m_copy->setAutoDefault(false);
    connect(m_copy, &QPushButton::clicked, this, &CodeCard::copyCode);
    header->addWidget(m_copy);
    bodyLayout()->addLayout(header);

    m_view = new CodeView(this);
    m_view->setObjectName(QStringLiteral("codeView"));
    m_view->setReadOnly(true);
    m_view->setUndoRedoEnabled(false);
    m_view->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_view->setWordWrapMode(QTextOption::NoWrap);
    m_view->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_view->setTabChangesFocus(true);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setStyleHint(QFont::TypeWriter); // if the family is missing, still a monospace one
    m_view->setFont(mono);
    m_view->setTabStopDistance(4 * QFontMetricsF(mono).horizontalAdvance(u' '));
    m_highlighter = new CodeHighlighter(m_language, m_view->document());
    // The colors before the text: the lines are highlighted once, as they are set (issue 17, scrolling).
    m_highlighter->setPalette(palette(), CodeHighlighter::Rehighlight::ByCaller);
    m_view->setPlainText(CodeHighlighter::displayText(m_code));
    static_cast<CodeView *>(m_view)->updateScrollBarPolicies(m_view->width());
    const int lines = m_view->document()->blockCount();
    m_view->setAccessibleName(tr("Code"));
    m_view->setAccessibleDescription(m_language.isEmpty() ? tr("%n line(s)", nullptr, lines)
                                                          : tr("%1, %n line(s)", nullptr, lines).arg(m_language));
    bodyLayout()->addWidget(m_view);

    QPalette viewPalette = m_view->palette();
    viewPalette.setColor(QPalette::Base, palette().color(QPalette::AlternateBase));
    m_view->setPalette(viewPalette);
    setAccessibleDescription(m_view->accessibleDescription()); // language and line count (issue 7)
}

QString CodeCard::displayText() const
{
    return m_view->toPlainText();
}

void CodeCard::copyCode()
{
    if (QClipboard *clipboard = QGuiApplication::clipboard())
        clipboard->setText(m_code);
    m_copy->setText(tr("Copied"));
    QTimer::singleShot(1500, this, [this] { m_copy->setText(tr("Copy")); });
}

void CodeCard::changeEvent(QEvent *event)
{
    CardFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_view) {
        QPalette viewPalette = palette();
        viewPalette.setColor(QPalette::Base, palette().color(QPalette::AlternateBase));
        m_view->setPalette(viewPalette);
        m_highlighter->setPalette(palette());
    }
}

} // namespace Tessera
