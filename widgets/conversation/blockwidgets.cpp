#include <widgets/conversation/blockwidgets.h>

#include <QLocale>
#include <QHBoxLayout>
#include <QHash>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPainter>
#include <QPointer>
#include <QToolButton>
#include <QToolTip>
#include <QCursor>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/jsonaccess.h>
#include <cards/conversationmodel.h>
#include <cards/dialects/widgetdocument.h>
#include <cards/tesseraassert.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/fallbackcard.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/logging.h>
#include <widgets/common/markdownview.h>
#include <widgets/common/proseview.h>
#include <widgets/common/wraptext.h>
#include <widgets/conversation/proseblock.h>

namespace Tessera {

UserBubble::UserBubble(const QString &text, QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("userBubble"));
    auto *label = new QLabel(this);
    label->setObjectName(QStringLiteral("userText"));
    setBreakableText(label, text); // a pasted hash or URL wraps instead of widening the bubble
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    auto *who = new QLabel(tr("You"), this);
    QFont font = who->font();
    font.setBold(true);
    who->setFont(font);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 10, 14, 10);
    layout->setSpacing(4);
    layout->addWidget(who);
    layout->addWidget(label);
    setAccessibleName(tr("You said"));
    setAccessibleDescription(text.left(500));
}

void UserBubble::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    QColor tint = palette().color(QPalette::Highlight);
    tint.setAlpha(38);
    painter.setPen(Qt::NoPen);
    painter.setBrush(tint);
    painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 10, 10);
}

ToolActivityLine::ToolActivityLine(const QString &text, QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("toolActivity"));
    auto *label = new QLabel(text, this);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setForegroundRole(QPalette::PlaceholderText);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    label->setFont(font);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 0, 14, 0);
    layout->addWidget(label);
    setAccessibleName(text);
}

ToolResultLine::ToolResultLine(const QString &summary, const QString &text, QWidget *parent)
    : QFrame(parent)
    , m_summary(new QLabel(summary, this))
    , m_toggle(new QToolButton(this))
    , m_text(new QLabel(this))
{
    setObjectName(QStringLiteral("toolResult"));
    QFont font = m_summary->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    for (QLabel *label : {m_summary, m_text}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setForegroundRole(QPalette::PlaceholderText);
        label->setFont(font);
    }
    QString shown = text;
    if (shown.size() > kMaxShownChars)
        shown = shown.left(kMaxShownChars) + tr("\n… (cut here; the whole result is in the stored conversation)");
    m_text->setText(shown.isEmpty() ? tr("(no text)") : shown);
    m_text->setObjectName(QStringLiteral("toolResultText"));
    m_text->hide();
    m_toggle->setObjectName(QStringLiteral("toolResultToggle"));
    m_toggle->setAutoRaise(true);
    m_toggle->setText(tr("Show result"));
    m_toggle->setFont(font);
    connect(m_toggle, &QToolButton::clicked, this, [this] { setExpanded(!isExpanded()); });
    auto *header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_summary, 1);
    header->addWidget(m_toggle, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 0, 14, 0);
    layout->setSpacing(2);
    layout->addLayout(header);
    layout->addWidget(m_text);
    setAccessibleName(summary);
}

void ToolResultLine::setCardNote(const QString &note)
{
    if (!m_note) {
        m_note = new QLabel(this);
        m_note->setObjectName(QStringLiteral("toolCardNote"));
        m_note->setTextFormat(Qt::PlainText);
        m_note->setWordWrap(true);
        m_note->setForegroundRole(QPalette::PlaceholderText);
        m_note->setFont(m_summary->font());
        static_cast<QVBoxLayout *>(layout())->insertWidget(1, m_note);
    }
    m_note->setText(tr("No card: the result does not fit its descriptor at %1").arg(note));
    setAccessibleDescription(m_note->text());
    updateGeometry();
}

QString ToolResultLine::cardNote() const
{
    return m_note ? m_note->text() : QString();
}

QString ToolResultLine::summary() const
{
    return m_summary->text();
}

bool ToolResultLine::isExpanded() const
{
    return !m_text->isHidden();
}

void ToolResultLine::setExpanded(bool expanded)
{
    m_text->setVisible(expanded);
    m_toggle->setText(expanded ? tr("Hide result") : tr("Show result"));
    updateGeometry(); // the conversation view re-measures the row (LayoutRequest)
}

QString ToolResultLine::shownText() const
{
    return m_text->text();
}

void ToolResultLine::setProgress(double progress, double total)
{
    if (!m_progress) {
        m_progress = new QProgressBar(this);
        m_progress->setObjectName(QStringLiteral("toolProgress"));
        m_progress->setTextVisible(false);
        m_progress->setMaximumHeight(6);
        static_cast<QVBoxLayout *>(layout())->insertWidget(1, m_progress);
        m_toggle->hide();
    }
    if (total > 0) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(qBound(0, qRound(progress / total * 1000), 1000));
    } else {
        m_progress->setRange(0, 0); // busy
    }
    updateGeometry();
}

namespace {
ToolAppFactory s_toolAppFactory = nullptr;
} // namespace

void setToolAppFactory(ToolAppFactory factory)
{
    s_toolAppFactory = factory;
}

bool carriesToolApp(const Message &message)
{
    return message.role == MessageRole::Tool && message.rawLine.contains("\"tessera_app\"");
}

namespace {

// A tool line's consent words are stored in English (backend/openaibackend.cpp writes them into the
// line) and shown in the interface language; words of another origin are shown as stored.
QString consentWords(const QString &stored)
{
    static const char *const kKnown[] = {
        QT_TRANSLATE_NOOP("Tessera::ToolResultLine", "allowed once by the user"),
        QT_TRANSLATE_NOOP("Tessera::ToolResultLine", "allowed for this conversation by the user"),
        QT_TRANSLATE_NOOP("Tessera::ToolResultLine", "allowed for this conversation"),
        QT_TRANSLATE_NOOP("Tessera::ToolResultLine", "allowed by the setting for read-only tools"),
        QT_TRANSLATE_NOOP("Tessera::ToolResultLine", "denied by the user"),
    };
    for (const char *known : kKnown) {
        if (stored == QLatin1String(known))
            return ToolResultLine::tr(known);
    }
    // tessera ask (app/askcommand.cpp): the --allow-tool pattern that allowed the call, or none did.
    static const char *const kAllowedByPattern = QT_TRANSLATE_NOOP("Tessera::ToolResultLine", "allowed by --allow-tool %1");
    static const char *const kDeniedNoPattern = QT_TRANSLATE_NOOP("Tessera::ToolResultLine", "denied: no --allow-tool names it");
    if (stored == QLatin1String(kDeniedNoPattern))
        return ToolResultLine::tr(kDeniedNoPattern);
    const QLatin1String patternPrefix("allowed by --allow-tool ");
    if (stored.startsWith(patternPrefix) && stored.size() > patternPrefix.size())
        return ToolResultLine::tr(kAllowedByPattern).arg(stored.mid(patternPrefix.size()));
    return stored;
}

} // namespace

QWidget *createToolAppWidget(const Message &message, const RenderContext &context, QWidget *parent)
{
    if (!s_toolAppFactory || !carriesToolApp(message))
        return nullptr;
    QString summary = toolResultSummary(message);
    if (summary.isEmpty())
        summary = QStringLiteral("\u2699 ") + message.toolName;
    return s_toolAppFactory(message, summary, context, parent);
}

QString toolResultSummary(const Message &message)
{
    if (message.role != MessageRole::Tool || !message.rawLine.contains("\"tessera_tool\""))
        return {};
    const nlohmann::json line = message.json();
    const auto tool = line.is_object() ? line.find("tessera_tool") : line.end();
    if (!line.is_object() || tool == line.end() || !tool->is_object())
        return {};
    QStringList parts = {QStringLiteral("\u2699 ") + message.toolName};
    if (tool->contains("progress")) {
        const QStringView content = QStringView(message.content).trimmed(); // no copy of a long result
        parts.append(content.isEmpty() ? ToolResultLine::tr("running")
                                       : ToolResultLine::tr("running: %1").arg(content.left(200)));
        return parts.join(QStringLiteral(" \u00B7 "));
    }
    if (const auto ms = tool->find("duration_ms"); ms != tool->end() && ms->is_number() && ms->get<double>() > 0) {
        const double value = ms->get<double>();
        parts.append(value < 1000 ? ToolResultLine::tr("%1 ms").arg(qRound(value))
                                  : ToolResultLine::tr("%1 s").arg(QLocale().toString(value / 1000.0, 'f', 1)));
    }
    if (const QString consent = jsonString(*tool, "consent"); !consent.isEmpty())
        parts.append(consentWords(consent));
    if (const auto error = tool->find("is_error"); error != tool->end() && error->is_boolean() && error->get<bool>())
        parts.append(ToolResultLine::tr("error"));
    return parts.join(QStringLiteral(" \u00B7 "));
}

VersionSwitcherRow::VersionSwitcherRow(const QString &group, int version, int count, QWidget *parent)
    : QFrame(parent)
    , m_group(group)
    , m_version(version)
    , m_count(count)
    , m_previous(new QToolButton(this))
    , m_next(new QToolButton(this))
{
    setObjectName(QStringLiteral("versionSwitcher"));
    const bool rtl = layoutDirection() == Qt::RightToLeft;
    m_previous->setObjectName(QStringLiteral("previousVersion"));
    m_previous->setText(rtl ? QStringLiteral("\u203A") : QStringLiteral("\u2039"));
    m_previous->setAccessibleName(tr("Previous version"));
    m_previous->setToolTip(tr("Previous version"));
    m_previous->setEnabled(version > 1);
    m_previous->setAutoRaise(true);
    m_next->setObjectName(QStringLiteral("nextVersion"));
    m_next->setText(rtl ? QStringLiteral("\u2039") : QStringLiteral("\u203A"));
    m_next->setAccessibleName(tr("Next version"));
    m_next->setToolTip(tr("Next version"));
    m_next->setEnabled(version < count);
    m_next->setAutoRaise(true);
    for (QToolButton *button : {m_previous, m_next}) {
        button->setFocusPolicy(Qt::StrongFocus);
        button->installEventFilter(this);
    }
    const QLocale locale; // the locale's digits, as every number Tessera writes itself
    auto *label = new QLabel(QStringLiteral("%1/%2").arg(locale.toString(version), locale.toString(count)), this);
    label->setObjectName(QStringLiteral("versionLabel"));
    label->setForegroundRole(QPalette::PlaceholderText);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 0, 8, 0);
    layout->setSpacing(2);
    layout->addWidget(m_previous);
    layout->addWidget(label);
    layout->addWidget(m_next);
    layout->addStretch(1);
    setAccessibleName(tr("Version %1 of %2").arg(locale.toString(version), locale.toString(count)));
    connect(m_previous, &QToolButton::clicked, this, [this] { request(m_version - 1); });
    connect(m_next, &QToolButton::clicked, this, [this] { request(m_version + 1); });
}

bool VersionSwitcherRow::eventFilter(QObject *watched, QEvent *event)
{
    // Left and Right step through the versions from either arrow, as in a spin box (buttons would
    // otherwise move the focus with them).
    if (event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Left || key == Qt::Key_Right) {
            const bool forward = (key == Qt::Key_Right) != (layoutDirection() == Qt::RightToLeft);
            request(m_version + (forward ? 1 : -1));
            return true;
        }
    }
    return QFrame::eventFilter(watched, event);
}

void VersionSwitcherRow::request(int version)
{
    if (version >= 1 && version <= m_count && version != m_version)
        Q_EMIT versionRequested(m_group, version);
}

namespace {

QHash<QString, NoticeBlockFactory> &noticeFactories()
{
    static QHash<QString, NoticeBlockFactory> factories;
    return factories;
}

// The installed factory's widget for a notice line, or nullptr.
QWidget *noticeBlock(const ConversationModel &model, const Message &m, const RenderContext &context, QWidget *parent)
{
    if (noticeFactories().isEmpty() || m.role != MessageRole::Tool || !m.rawLine.contains("\"tessera_notice\""))
        return nullptr;
    const nlohmann::json line = m.json();
    if (!line.is_object())
        return nullptr;
    const NoticeBlockFactory factory = noticeFactories().value(jsonString(line, "tessera_notice"));
    if (!factory)
        return nullptr;
    const auto structured = line.find("structured");
    const QString cardId = structured != line.end() && structured->is_object() ? jsonString(*structured, "cardId") : QString();
    const CardState state = model.cardState(cardId);
    RenderContext withState = context;
    if (!withState.state)
        withState.state = &state;
    return factory(m, withState, parent);
}

} // namespace

void followProseLink(const QUrl &url, CardActions *actions, QWidget *from)
{
    const QString address = url.toString(QUrl::FullyEncoded);
    if (actions && isHttpsUrl(address) && !url.host().isEmpty()) {
        actions->requestLink(address); // the window shows the whole address and asks
        return;
    }
    const QString why = actions ? ProseBlock::tr("Refused to open a link that is not https://: %1").arg(address.left(200))
                                : ProseBlock::tr("Links open from the Tessera window only.");
    qCInfo(lcWidgets).noquote() << "assistant prose link not opened:" << address.left(200);
    QToolTip::showText(QCursor::pos(), why, from);
}

void setNoticeBlockFactory(const QString &notice, NoticeBlockFactory factory)
{
    if (factory)
        noticeFactories().insert(notice, factory);
    else
        noticeFactories().remove(notice);
}

QWidget *createBlockWidget(const ConversationModel &model, int row, const RenderContext &context, QWidget *parent)
{
    switch (model.blockType(row)) {
    case BlockType::UserText:
        return new UserBubble(model.blockText(row), parent);
    case BlockType::AssistantProse: {
        // Seed 003: ```dorkos-ui fences are drawn in place as widgets (a skeleton while still streaming).
        const Message &m = model.message(row);
        if (m.role == MessageRole::Assistant && ProseBlock::hasWidgetFences(m)) {
            const bool streaming = context.streaming
                || model.data(model.index(row), ConversationModel::StreamingRole).toBool();
            const QString owner = m.id.isEmpty() ? QStringLiteral("line %1").arg(m.lineNumber) : m.id;
            auto *block = new ProseBlock(m.content, m.cards, owner, streaming, context, parent);
            QObject::connect(block, &ProseBlock::linkActivated, block,
                             [block, actions = QPointer<CardActions>(context.actions)](const QUrl &url) {
                                 followProseLink(url, actions.data(), block);
                             });
            return block;
        }
        // Any length: drawn in chunks built near the screen (issue 13).
        auto *view = new ProseView(model.blockText(row), parent);
        view->setObjectName(QStringLiteral("assistantProse"));
        QObject::connect(view, &ProseView::linkActivated, view,
                         [view, actions = QPointer<CardActions>(context.actions)](const QUrl &url) {
                             followProseLink(url, actions.data(), view);
                         });
        return view;
    }
    case BlockType::Card: {
        // The card's lifecycle state as the model computed it (seed 002), unless the caller gave one:
        // the view and the headless render both draw the last state.
        const Card *found = model.card(row);
        TESSERA_ASSERT(found, return new ToolActivityLine(ToolActivityLine::tr("This card could not be drawn."), parent));
        const Card &card = *found;
        const CardState state = model.cardState(card.cardId());
        RenderContext withState = context;
        if (!withState.state)
            withState.state = &state;
        return RendererRegistry::createCardWidget(card, withState, parent);
    }
    case BlockType::ToolActivity: {
        const Message &m = model.message(row);
        if (const QString summary = toolResultSummary(m); !summary.isEmpty()) {
            const nlohmann::json tool = m.json().value("tessera_tool", nlohmann::json::object());
            if (const auto progress = tool.find("progress"); progress != tool.end() && progress->is_number()) {
                auto *line = new ToolResultLine(summary, QString(), parent);
                const auto total = tool.find("total");
                line->setProgress(progress->get<double>(), total != tool.end() && total->is_number() ? total->get<double>() : 0.0);
                return line;
            }
            if (s_toolAppFactory && carriesToolApp(m))
                return s_toolAppFactory(m, summary, context, parent);
            auto *line = new ToolResultLine(summary, m.content, parent);
            if (const QString note = jsonString(tool, "card_note"); !note.isEmpty())
                line->setCardNote(note);
            return line;
        }
        if (QWidget *widget = noticeBlock(model, m, context, parent))
            return widget;
        return new ToolActivityLine(model.blockText(row), parent);
    }
    case BlockType::CutOff: {
        auto *line = new ToolActivityLine(QStringLiteral("\u26A0 ") + model.blockText(row), parent);
        line->setObjectName(QStringLiteral("cutOffNotice"));
        return line;
    }
    case BlockType::VersionSwitcher: {
        const QModelIndex index = model.index(row);
        return new VersionSwitcherRow(index.data(ConversationModel::VersionGroupRole).toString(),
                                      index.data(ConversationModel::VersionRole).toInt(),
                                      index.data(ConversationModel::VersionCountRole).toInt(), parent);
    }
    case BlockType::Unreadable: {
        const Message &m = model.message(row);
        return new FallbackCard(QObject::tr("Unreadable line %1").arg(m.lineNumber), m.readError, m.rawLine, parent);
    }
    }
    return new QLabel(parent);
}

int estimateBlockHeight(const ConversationModel &model, int row, int width)
{
    auto textHeight = [width](const QString &text) { return RendererRegistry::estimateTextHeight(text, width); };
    switch (model.blockType(row)) {
    case BlockType::UserText:
        return 38 + textHeight(model.blockText(row));
    case BlockType::AssistantProse: {
        // Each ```dorkos-ui fence is a widget, not its text (seed 003). Huge prose (issue 13) is estimated
        // from its first part, scaled to its length, so opening it costs no scan of it all.
        constexpr qsizetype kSample = 64 * 1024;
        const QString whole = model.blockText(row);
        const QString text = whole.size() <= kSample ? whole : whole.left(kSample);
        const qint64 scale = qMax(qsizetype(1), whole.size()) * 1024 / qMax(qsizetype(1), text.size());
        const int fences = ProseBlock::mentionsWidgets(text) ? int(text.count(QLatin1String("```dorkos-ui"))) : 0;
        const qint64 height = fences > 0 ? 8 + 220 * fences + textHeight(text) / 3 : textHeight(text);
        return 4 + int(qMin(qint64(1) << 30, height * scale / 1024));
    }
    case BlockType::ToolActivity:
        return s_toolAppFactory && carriesToolApp(model.message(row)) ? 22 + 250 : 22;
    case BlockType::CutOff:
    case BlockType::VersionSwitcher:
        return 22;
    case BlockType::Unreadable:
        return 90;
    case BlockType::Card:
        break;
    }
    const Card *card = model.card(row);
    TESSERA_ASSERT(card, return 90);
    return card->isValid() ? RendererRegistry::estimateHeight(*card, width) : 90;
}

int blockHeightForWidth(QWidget *widget, int width)
{
    if (widget->hasHeightForWidth()) {
        const int h = widget->heightForWidth(width);
        if (h > 0)
            return h;
    }
    if (QLayout *layout = widget->layout()) {
        layout->activate();
        if (layout->hasHeightForWidth())
            return layout->totalHeightForWidth(width);
    }
    return qMax(widget->sizeHint().height(), widget->minimumSizeHint().height());
}

} // namespace Tessera
