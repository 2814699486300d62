#include <widgets/card/cardexport.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QImage>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPixmap>
#include <QWidget>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <widgets/card/popout.h>
#include <widgets/card/rendererregistry.h>

namespace Tessera {

using json = nlohmann::json;

static QString flatten(const Card &card);

QString cardPlainText(const Card &card)
{
    try {
        return flatten(card);
    } catch (const std::exception &) {
        // A payload shaped unlike its kind: the raw text is still something to paste.
        return QString::fromUtf8(card.rawText());
    }
}

static QString flatten(const Card &card)
{
    QStringList lines;
    if (!card.isValid()) {
        const ValidationIssue &issue = card.issues().first();
        lines.append(QStringLiteral("%1 (invalid): %2%3")
                         .arg(card.kindName().isEmpty() ? QStringLiteral("card") : card.kindName(),
                              issue.pointer.isEmpty() ? QString() : issue.pointer + QLatin1String(": "), issue.message));
        lines.append(QString::fromUtf8(card.rawText()));
        return lines.join(QLatin1Char('\n'));
    }
    return RendererRegistry::copyText(card);
}

QString cardJsonText(const Card &card)
{
    if (card.source() == CardSource::ToolResult || card.source() == CardSource::Wire)
        return QString::fromUtf8(card.rawText());
    const json envelope = card.envelope();
    return envelope.is_null() ? QString::fromUtf8(card.rawText()) : QString::fromStdString(envelope.dump());
}

QImage cardImage(QWidget *cardWidget)
{
    return cardWidget ? cardWidget->grab().toImage() : QImage();
}

void copyCard(const Card &card, QWidget *cardWidget, CardCopyFormat format)
{
    QClipboard *clipboard = QGuiApplication::clipboard();
    switch (format) {
    case CardCopyFormat::Text:
        clipboard->setText(cardPlainText(card));
        break;
    case CardCopyFormat::Json: {
        auto *mime = new QMimeData; // Owned by the clipboard.
        const QString text = cardJsonText(card);
        mime->setText(text);
        mime->setData(QStringLiteral("application/json"), text.toUtf8());
        clipboard->setMimeData(mime);
        break;
    }
    case CardCopyFormat::Image:
        clipboard->setImage(cardImage(cardWidget));
        break;
    }
}

QList<ExportSurface> copySurfaces()
{
    return {ExportSurface::Slack, ExportSurface::Teams, ExportSurface::WhatsApp, ExportSurface::Telegram};
}

static void showExportDialog(QWidget *parent, QMessageBox::Icon icon, const QString &objectName, const QString &text,
                             const QStringList &lines)
{
    auto *box = new QMessageBox(icon, QApplication::translate("Tessera::CardExport", "Copy Card"), text, QMessageBox::Ok, parent);
    box->setObjectName(objectName);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(lines.join(QLatin1Char('\n')));
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open();
}

ExportResult copyCardFor(const Card &card, ExportSurface surface, QWidget *dialogParent)
{
    const ExportResult result = exportCard(card, surface);
    const QString name = QString::fromLatin1(exportSurfaceInfo(surface).displayName);
    if (!result.ok()) {
        QStringList lines;
        for (const ExportIssue &issue : result.issues)
            lines.append(issue.line());
        if (dialogParent) {
            showExportDialog(dialogParent, QMessageBox::Warning, QStringLiteral("cardExportIssues"),
                             QApplication::translate("Tessera::CardExport", "This card cannot go to %1 as it is; nothing was copied.")
                                 .arg(name),
                             lines);
        }
        return result;
    }
    auto *mime = new QMimeData; // Owned by the clipboard.
    const QString text = result.text();
    mime->setText(text);
    if (surface != ExportSurface::Markdown)
        mime->setData(QStringLiteral("application/json"), text.toUtf8());
    QGuiApplication::clipboard()->setMimeData(mime);
    if (dialogParent && !result.notes.isEmpty()) {
        showExportDialog(dialogParent, QMessageBox::Information, QStringLiteral("cardExportNotes"),
                         QApplication::translate("Tessera::CardExport", "Copied for %1, without what %1 cannot show:").arg(name),
                         result.notes);
    }
    return result;
}

void installCardContextMenu(QWidget *cardWidget, const Card &card)
{
    if (!cardWidget)
        return;
    cardWidget->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(cardWidget, &QWidget::customContextMenuRequested, cardWidget, [cardWidget, card](const QPoint &pos) {
        QMenu menu(cardWidget);
        menu.addAction(QApplication::translate("Tessera::CardExport", "Copy as &Text"), cardWidget,
                       [&] { copyCard(card, cardWidget, CardCopyFormat::Text); });
        menu.addAction(QApplication::translate("Tessera::CardExport", "Copy as &JSON"), cardWidget,
                       [&] { copyCard(card, cardWidget, CardCopyFormat::Json); });
        menu.addAction(QApplication::translate("Tessera::CardExport", "Copy as &Image"), cardWidget,
                       [&] { copyCard(card, cardWidget, CardCopyFormat::Image); });
        menu.addSeparator();
        for (const ExportSurface surface : copySurfaces()) {
            const QString name = QString::fromLatin1(exportSurfaceInfo(surface).displayName);
            menu.addAction(QApplication::translate("Tessera::CardExport", "Copy for %1").arg(name), cardWidget,
                           [&, surface] { copyCardFor(card, surface, cardWidget->window()); });
        }
        // Issue 15: an interactive widget or a canvas can also be popped out into a window of its own.
        if (QAction *popOut = popOutAction(cardWidget)) {
            menu.addSeparator();
            menu.addAction(popOut);
        }
        menu.exec(cardWidget->mapToGlobal(pos));
    });
}

} // namespace Tessera
