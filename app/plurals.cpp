#include <app/plurals.h>

#include <QCoreApplication>
#include <QPointer>
#include <QTranslator>

namespace Tessera {

bool installEnglishPlurals()
{
    static QPointer<QTranslator> installed; // dies with the application that owns it
    QCoreApplication *app = QCoreApplication::instance();
    if (!app)
        return false;
    if (installed)
        return true;
    auto *translator = new QTranslator(app); // Owned by the application.
    if (!translator->load(QStringLiteral(":/i18n/plurals/tessera_en.qm"))) {
        delete translator;
        return false;
    }
    QCoreApplication::installTranslator(translator);
    installed = translator;
    return true;
}

} // namespace Tessera
