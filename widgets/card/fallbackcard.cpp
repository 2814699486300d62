#include <widgets/card/fallbackcard.h>

#include <QClipboard>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>
#include <QtMath>

#include <cards/card.h>
#include <cards/cardkinds.h>
#include <widgets/common/theme.h>
#include <widgets/conversation/findhighlight.h>

namespace Tessera {

namespace {

QString issueLine(const ValidationIssue &issue)
{
    if (issue.pointer.isEmpty())
        return issue.message;
    return issue.pointer + QLatin1String(": ") + issue.message;
}

// The issue line as shown: a token too long to wrap (e.g. a pointer 100 levels deep, which has no
// line-break opportunity) keeps its start and end around an ellipsis. The full text stays in the
// tooltip, in issueText() and in the raw JSON.
QString shownIssue(const QString &text)
{
    constexpr qsizetype kMaxToken = 80;
    QStringList tokens = text.split(u' ');
    for (QString &token : tokens) {
        if (token.size() > kMaxToken)
            token = token.left(44) + QChar(0x2026) + token.right(30);
    }
    return tokens.join(u' ');
}

// Read-only monospace view of the raw text; wraps anywhere; as tall as its wrapped lines, up to
// FallbackCard::kMaxRawLines, then scrolls.
class RawView : public QPlainTextEdit
{
public:
    explicit RawView(const QString &text, QWidget *parent)
        : QPlainTextEdit(parent)
    {
        setReadOnly(true);
        setUndoRedoEnabled(false);
        setLineWrapMode(QPlainTextEdit::WidgetWidth);
        setWordWrapMode(QTextOption::WrapAnywhere);
        setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        setTabChangesFocus(true);
        QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        mono.setStyleHint(QFont::TypeWriter);
        setFont(mono);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        // Preferred, not Fixed: a Fixed item's minimum is its sizeHint, which is taller than heightForWidth.
        QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        policy.setHeightForWidth(true);
        setSizePolicy(policy);
        setPlainText(text);
        for (const QStringView line : QStringView(text).split(u'\n'))
            m_lineLengths.append(int(line.size()));
    }

    bool hasHeightForWidth() const override { return true; }

    int heightForWidth(int width) const override
    {
        const QFontMetricsF metrics(font());
        const qreal margin = document()->documentMargin();
        const QMargins frame = contentsMargins();
        const qreal usable = width - frame.left() - frame.right() - 2 * margin
            - style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
        const int perLine = qMax(1, int(usable / qMax<qreal>(1, metrics.horizontalAdvance(u'M'))));
        int lines = 0;
        for (const int length : m_lineLengths) {
            lines += qMax(1, (length + perLine - 1) / perLine);
            if (lines >= FallbackCard::kMaxRawLines)
                break;
        }
        lines = qMin(lines, FallbackCard::kMaxRawLines);
        return qCeil(lines * metrics.height() + 2 * margin) + frame.top() + frame.bottom() + 2;
    }

    QSize sizeHint() const override
    {
        const int width = qMax(400, this->width());
        return {width, heightForWidth(width)};
    }
    // One line: a taller minimum would override heightForWidth() in the card's layout.
    QSize minimumSizeHint() const override
    {
        const QMargins frame = contentsMargins();
        return {80, qCeil(QFontMetricsF(font()).height() + 2 * document()->documentMargin()) + frame.top() + frame.bottom()};
    }

private:
    QList<int> m_lineLengths;
};

} // namespace

QString FallbackCard::labelFor(const Card &card)
{
    const QString kind = card.kindName();
    if (kind.isEmpty())
        return tr("Invalid card");
    if (card.kind() == CardKind::Unknown) {
        const QString shown = kind.size() > 60 ? kind.left(59) + QChar(0x2026) : kind;
        return tr("Unknown card kind \"%1\"").arg(shown);
    }
    if (card.kind() == CardKind::WidgetDocument)
        return tr("Invalid dorkos-ui widget"); // seed 003: the widget's error card
    return tr("Invalid %1 card").arg(kind);
}

FallbackCard::FallbackCard(const Card &card, QWidget *parent)
    : CardFrame(card.kindName(), labelFor(card), parent)
    , m_label(labelFor(card))
    , m_raw(card.rawText())
{
    const QList<ValidationIssue> &issues = card.issues();
    if (issues.isEmpty()) {
        m_issue = tr("This card could not be drawn.");
    } else {
        m_issue = issueLine(issues.first());
        m_moreIssues = int(issues.size()) - 1;
    }
    build();
}

FallbackCard::FallbackCard(const QString &label, const QString &reason, const QByteArray &rawText, QWidget *parent)
    : CardFrame(QString(), label.isEmpty() ? tr("Unreadable data") : label, parent)
    , m_label(label.isEmpty() ? tr("Unreadable data") : label)
    , m_issue(reason.isEmpty() ? tr("This data could not be read.") : reason)
    , m_raw(rawText)
{
    build();
}

void FallbackCard::build()
{
    setAccentTone(StatusTone::Warn);
    setObjectName(QStringLiteral("fallbackCard"));
    layout()->setContentsMargins(20, 12, 14, 12); // clear of the accent bar

    const QString shown = shownIssue(m_issue);
    auto *issue = new QLabel(shown, this);
    if (shown != m_issue)
        issue->setToolTip(m_issue);
    issue->setObjectName(QStringLiteral("issueText"));
    issue->setTextFormat(Qt::PlainText);
    issue->setWordWrap(true);
    issue->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    bodyLayout()->addWidget(issue);

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    if (m_moreIssues > 0) {
        auto *more = new QLabel(tr("+%n more", nullptr, m_moreIssues), this);
        more->setObjectName(QStringLiteral("moreIssues"));
        more->setForegroundRole(QPalette::PlaceholderText);
        row->addWidget(more);
    }
    row->addStretch(1);
    m_toggle = new QPushButton(tr("Show raw JSON"), this);
    m_toggle->setObjectName(QStringLiteral("rawToggle"));
    m_toggle->setCheckable(true);
    m_toggle->setAutoDefault(false);
    m_toggle->setEnabled(!m_raw.isEmpty());
    connect(m_toggle, &QPushButton::toggled, this, &FallbackCard::setRawShown);
    row->addWidget(m_toggle);
    bodyLayout()->addLayout(row);

    setAccessibleName(m_label);
    setAccessibleDescription(m_moreIssues > 0 ? tr("%1 (+%n more)", nullptr, m_moreIssues).arg(m_issue) : m_issue);
}

bool FallbackCard::isRawShown() const
{
    return m_rawView && m_rawView->isVisibleTo(this);
}

void FallbackCard::setRawShown(bool shown)
{
    if (m_toggle->isChecked() != shown)
        m_toggle->setChecked(shown); // re-enters through toggled()
    if (shown && !m_rawView) {
        // Built on first use, and no more of it than lays out within a frame or so: raw text can be large.
        qsizetype shownBytes = m_raw.size();
        if (shownBytes > kMaxRawShownBytes) {
            shownBytes = kMaxRawShownBytes;
            while (shownBytes > 0 && (uchar(m_raw.at(shownBytes)) & 0xc0) == 0x80)
                --shownBytes; // not inside a character
        }
        m_rawView = new RawView(QString::fromUtf8(m_raw.constData(), shownBytes), this);
        m_rawView->setObjectName(QStringLiteral("rawView"));
        m_rawView->setAccessibleName(tr("Raw JSON"));
        bodyLayout()->addWidget(m_rawView);
        if (shownBytes < m_raw.size()) {
            m_rawCut = new QWidget(this);
            m_rawCut->setObjectName(QStringLiteral("rawCut"));
            excludeFromFind(m_rawCut); // the app's words, not the conversation's
            auto *row = new QHBoxLayout(m_rawCut);
            row->setContentsMargins(0, 0, 0, 0);
            const QLocale locale;
            auto *note = new QLabel(tr("Showing the first %1 of %2.")
                                        .arg(locale.formattedDataSize(kMaxRawShownBytes, 0),
                                             locale.formattedDataSize(m_raw.size(), 1)),
                                    m_rawCut);
            note->setObjectName(QStringLiteral("rawCutNote"));
            note->setForegroundRole(QPalette::PlaceholderText);
            row->addWidget(note, 1);
            auto *copy = new QPushButton(tr("Copy all"), m_rawCut);
            copy->setObjectName(QStringLiteral("rawCopyAll"));
            copy->setAutoDefault(false);
            copy->setToolTip(tr("Put the whole raw text on the clipboard"));
            connect(copy, &QPushButton::clicked, this,
                    [this] { QGuiApplication::clipboard()->setText(QString::fromUtf8(m_raw)); });
            row->addWidget(copy);
            bodyLayout()->addWidget(m_rawCut);
        }
    }
    if (m_rawView)
        m_rawView->setVisible(shown);
    if (m_rawCut)
        m_rawCut->setVisible(shown);
    m_toggle->setText(shown ? tr("Hide raw JSON") : tr("Show raw JSON"));
    // Drop cached heights now, so heightForWidth() answers for the new state at once.
    bodyLayout()->invalidate();
    layout()->invalidate();
    updateGeometry();
}


} // namespace Tessera
