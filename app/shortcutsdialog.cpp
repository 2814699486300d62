#include <app/shortcutsdialog.h>

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Tessera {

namespace {

void collect(const QList<QAction *> &actions, QList<QPair<QString, QString>> *rows)
{
    for (const QAction *action : actions) {
        if (action->menu()) {
            collect(action->menu()->actions(), rows);
            continue;
        }
        if (action->shortcut().isEmpty())
            continue;
        QString text = action->text();
        text.remove(QLatin1Char('&'));
        if (text.endsWith(QChar(0x2026)))
            text.chop(1);
        rows->append({action->shortcut().toString(QKeySequence::NativeText), text});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menuBar, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));

    QList<QPair<QString, QString>> rows;
    if (menuBar)
        collect(menuBar->actions(), &rows);
    rows += {
        {tr("Ctrl+Enter"), tr("Send the message in the composer")},
        {tr("Tab / Shift+Tab"), tr("Move between cards, pills, items, tables and buttons")},
        {tr("Enter / Space"), tr("Activate a pill or an item")},
        {tr("Arrow keys"), tr("Move between table cells")},
        {tr("Ctrl+C"), tr("Copy the selected table cells as TSV")},
        {tr("Menu key"), tr("Copy a card as text, JSON or image")},
        {tr("Page Up / Page Down"), tr("Scroll the conversation")},
        {tr("Enter / Shift+Enter, F3 / Shift+F3"), tr("Next and previous match in the find bar")},
        {tr("Esc"), tr("Close the find bar")},
    };

    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setColumnCount(2);
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("Action")});
    m_table->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        // Left-to-right marks keep "Ctrl+," reading as keys when the dialog is right to left.
        m_table->setItem(i, 0, new QTableWidgetItem(QChar(0x200E) + rows.at(i).first + QChar(0x200E)));
        m_table->setItem(i, 1, new QTableWidgetItem(rows.at(i).second));
    }
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAccessibleName(tr("Keyboard shortcuts"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    setMinimumSize(440, 360);
    resize(560, 460);
}

} // namespace Tessera
