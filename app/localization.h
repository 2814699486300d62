#pragma once

// UI language (issue 7): Tessera's own translations are compiled in as Qt resources
// (":/i18n/tessera_<lang>.qm", built from translations/*.ts by qt_add_translations); Qt's own
// strings (standard buttons, dialogs) come from the system's qtbase_<lang>.qm when installed.
// Right-to-left languages (Arabic) mirror the whole layout; left-to-right snippets in them (titles,
// flags, shortcuts) are isolated (cards/bidicontrols.h, app/bidistyle.h). Numbers follow QLocale:
// Arabic's translation writes its counts as %Ln, so they use the locale's digits like its dates.

#include <QString>
#include <QStringList>

namespace Tessera {

// Languages with a compiled-in translation besides the source language, English ("de", "ar").
QStringList availableLanguages();

// Loads the translation for `language` (a BCP 47 code like "de" or "ar_EG"; empty: the system
// locale), sets QLocale's default and the application's layout direction. Call once after the
// QGuiApplication exists. English, or a language with no translation, keeps the source strings;
// *note then says why for a language that was asked for explicitly. Returns the language used ("en"
// when untranslated).
QString installTranslations(const QString &language, QString *note = nullptr);

} // namespace Tessera
