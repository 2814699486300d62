#include <workbench/canvaspanel.h>

#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <workbench/editorloader.h>
#include <workbench/logging.h>

namespace Tessera {

namespace {

QByteArray commandObject(const QString &tabId, const QString *content = nullptr)
{
    nlohmann::ordered_json object = {{"tabId", tabId.toStdString()}};
    if (content)
        object["content"] = content->toStdString();
    const std::string text = object.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    return QByteArray(text.data(), qsizetype(text.size()));
}

QWidget *bar(const QString &objectName, const QString &text, const QList<QPushButton *> &buttons, QWidget *parent)
{
    auto *frame = new QFrame(parent);
    frame->setObjectName(objectName);
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setAutoFillBackground(true);
    frame->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto *layout = new QHBoxLayout(frame);
    layout->setContentsMargins(8, 4, 8, 4);
    auto *label = new QLabel(text, frame);
    label->setWordWrap(true);
    layout->addWidget(label, 1);
    for (QPushButton *button : buttons) {
        button->setParent(frame);
        layout->addWidget(button);
    }
    frame->hide();
    return frame;
}

QString tabLabel(const CanvasTab &tab)
{
    // A held update shows on the tab strip too, so it is seen from another tab.
    return tab.hasHeld ? tab.title + QStringLiteral(" •") : tab.title;
}

} // namespace

// --- CanvasTabPage --------------------------------------------------------------------------------

CanvasTabPage::CanvasTabPage(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent)
    : QWidget(parent)
    , m_tab(tab)
    , m_editTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("canvasTabPage"));
    m_editTimer->setSingleShot(true);
    m_editTimer->setInterval(CanvasPanel::kEditPauseMs);
    connect(m_editTimer, &QTimer::timeout, this, &CanvasTabPage::flushEdit);

    m_apply = new QPushButton(tr("Apply"));
    m_apply->setObjectName(QStringLiteral("canvasApply"));
    m_discard = new QPushButton(tr("Discard"));
    m_discard->setObjectName(QStringLiteral("canvasDiscard"));
    m_done = new QPushButton(tr("Done"));
    m_done->setObjectName(QStringLiteral("canvasDone"));
    m_heldBar = bar(QStringLiteral("canvasHeldBar"),
                    tr("The agent has an update to this document. Apply it (your changes are replaced) or discard it."),
                    {m_apply, m_discard}, this);
    m_editBar = bar(QStringLiteral("canvasEditBar"),
                    tr("You are editing this document; the agent's updates to it wait until you are done."), {m_done}, this);
    connect(m_apply, &QPushButton::clicked, this, [this] { requestResolution(CanvasOp::Apply); });
    connect(m_discard, &QPushButton::clicked, this, [this] { requestResolution(CanvasOp::Discard); });
    connect(m_done, &QPushButton::clicked, this, [this] { requestResolution(CanvasOp::Done); });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_heldBar);
    layout->addWidget(m_editBar);
    rebuildView(context);
    updateBars();
}

void CanvasTabPage::rebuildView(const CanvasViewContext &context)
{
    if (m_view) {
        layout()->removeWidget(m_view);
        m_view->deleteLater();
    }
    m_view = createCanvasTabView(m_tab, context, this);
    static_cast<QVBoxLayout *>(layout())->addWidget(m_view, 1); // the bars above keep their own height
    if (QPlainTextEdit *edit = canvasTabEditor(m_view))
        connect(edit, &QPlainTextEdit::textChanged, this, &CanvasTabPage::onTextChanged);
}

void CanvasTabPage::setTab(const CanvasTab &tab, const CanvasViewContext &context)
{
    const bool changed = tab.revision != m_tab.revision || tab.type != m_tab.type || tab.language != m_tab.language;
    const bool sameLanguage = tab.language == m_tab.language;
    m_tab = tab;
    if (changed) {
        QPlainTextEdit *edit = canvasTabEditor(m_view);
        const bool keepsEditor = edit
            && (tab.type == CanvasContentType::Markdown || (tab.type == CanvasContentType::File && sameLanguage));
        if (keepsEditor) {
            // Keep the editor (and the cursor) when the content is the person's own typing coming back.
            // A new text goes in in slices (a long one would hold the GUI thread).
            const QString text = tab.contentText();
            if ((EditorLoader::isLoading(edit) || edit->toPlainText() != text) && !(tab.editing && hasPendingEdit()))
                EditorLoader::of(edit)->load(text);
        } else {
            rebuildView(context);
        }
    }
    updateBars();
}

void CanvasTabPage::updateBars()
{
    m_heldBar->setVisible(m_tab.hasHeld);
    m_editBar->setVisible(m_tab.editing && !m_tab.hasHeld);
}

bool CanvasTabPage::hasPendingEdit() const
{
    return m_editTimer->isActive();
}

void CanvasTabPage::onTextChanged()
{
    if (EditorLoader::isLoading(canvasTabEditor(m_view)))
        return; // the text going in, not the person's typing
    m_editTimer->start();
}

void CanvasTabPage::flushEdit()
{
    m_editTimer->stop();
    QPlainTextEdit *edit = canvasTabEditor(m_view);
    if (!edit || EditorLoader::isLoading(edit))
        return; // read-only while it fills: what it holds so far is not an edit
    const QString text = edit->toPlainText();
    if (text == m_tab.contentText())
        return;
    Q_EMIT commandRequested(CanvasOp::Edit, commandObject(m_tab.id, &text));
}

void CanvasTabPage::requestResolution(CanvasOp op)
{
    flushEdit(); // the person's last words are stored before they are kept or replaced
    Q_EMIT commandRequested(op, commandObject(m_tab.id));
}

// --- CanvasPanel ------------------------------------------------------------------------------------

CanvasPanel::CanvasPanel(QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
{
    setObjectName(QStringLiteral("canvasPanel"));
    m_tabs->setDocumentMode(true);
    m_tabs->setUsesScrollButtons(true);
    m_tabs->setElideMode(Qt::ElideRight);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (!m_syncing && index >= 0) {
            m_state.activate(index);
            Q_EMIT currentTabChanged(index);
        }
    });
}

void CanvasPanel::setContext(const CanvasViewContext &context)
{
    m_context = context;
}

CanvasTabPage *CanvasPanel::page(const QString &tabId) const
{
    return m_pages.value(tabId).data();
}

void CanvasPanel::setState(const CanvasPanelState &state)
{
    m_syncing = true;
    m_state = state;
    QSet<QString> ids;
    for (const CanvasTab &tab : state.tabs())
        ids.insert(tab.id);
    for (auto it = m_pages.begin(); it != m_pages.end();) {
        if (!ids.contains(it.key()) || !it.value()) {
            if (it.value()) {
                m_tabs->removeTab(m_tabs->indexOf(it.value()));
                it.value()->deleteLater();
            }
            it = m_pages.erase(it);
        } else {
            ++it;
        }
    }
    for (int i = 0; i < state.tabs().size(); ++i) {
        const CanvasTab &tab = state.tabs().at(i);
        CanvasTabPage *existing = page(tab.id);
        if (!existing) {
            existing = new CanvasTabPage(tab, m_context);
            connect(existing, &CanvasTabPage::commandRequested, this, &CanvasPanel::commandRequested);
            m_pages.insert(tab.id, existing);
            m_tabs->insertTab(i, existing, tabLabel(tab));
        } else {
            existing->setTab(tab, m_context);
            const int at = m_tabs->indexOf(existing);
            if (at != i) {
                m_tabs->removeTab(at);
                m_tabs->insertTab(i, existing, tabLabel(tab));
            }
            m_tabs->setTabText(i, tabLabel(tab));
        }
        m_tabs->setTabToolTip(i, tab.source.isEmpty() ? tab.title : tab.source.left(200));
    }
    if (state.activeIndex() >= 0)
        m_tabs->setCurrentIndex(state.activeIndex());
    m_syncing = false;
}

void CanvasPanel::flushEdits()
{
    for (const QPointer<CanvasTabPage> &p : std::as_const(m_pages)) {
        if (p && p->hasPendingEdit())
            p->flushEdit();
    }
}

QImage CanvasPanel::renderToImage(const CanvasPanelState &state, const CanvasViewContext &context, int width,
                                  int height, const QPalette &palette)
{
    CanvasPanel panel;
    panel.setPalette(palette);
    panel.setContext(context);
    panel.setState(state);
    panel.resize(width, height);
    panel.setAttribute(Qt::WA_DontShowOnScreen);
    panel.show();
    panel.layout()->activate();
    // The active tab draws what it holds first: a canvas or an app loads and keeps its frame, long
    // Markdown builds what the panel shows.
    if (auto *current = qobject_cast<CanvasTabPage *>(panel.m_tabs->currentWidget()))
        prepareCanvasTabViewHeadless(current->view(), height);
    panel.layout()->activate();
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(palette.color(QPalette::Window));
    QPainter painter(&image);
    panel.render(&painter);
    return image;
}

} // namespace Tessera
