#include <app/localization.h>
#include <app/bidistyle.h>
#include <app/plurals.h>

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QGuiApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace Tessera {

namespace {

// Read by QGuiApplication on a language change: an Arabic translation says "RTL" here.
[[maybe_unused]] const char *const kLayoutDirection = QT_TRANSLATE_NOOP("QGuiApplication", "QT_LAYOUT_DIRECTION");

} // namespace

QStringList availableLanguages()
{
    QStringList languages;
    const QStringList files = QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("tessera_*.qm")}, QDir::Files, QDir::Name);
    for (const QString &file : files)
        languages.append(file.mid(8, file.size() - 8 - 3));
    return languages;
}

QString installTranslations(const QString &language, QString *note)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    QGuiApplication::setLayoutDirection(locale.textDirection());
    // Menu shortcuts drawn left to right inside right-to-left menus (app/bidistyle.h); it only acts
    // on right-to-left options, so it is installed whatever the language (once).
    if (qobject_cast<QApplication *>(QCoreApplication::instance()) && !qobject_cast<BidiStyle *>(QApplication::style()))
        QApplication::setStyle(new BidiStyle);

    QCoreApplication *app = QCoreApplication::instance();
    installEnglishPlurals(); // first: a language's own forms, installed after it, win
    auto *own = new QTranslator(app); // Owned by the application.
    QString used = QStringLiteral("en");
    if (own->load(locale, QStringLiteral("tessera"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(own);
        used = own->language();
    } else {
        delete own;
        if (note && !language.isEmpty() && locale.language() != QLocale::English)
            *note = QStringLiteral("no translation for %1; the interface stays in English").arg(language);
    }
    auto *qt = new QTranslator(app); // Owned by the application.
    if (used != QLatin1String("en")
        && qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return used;
}

} // namespace Tessera
