#pragma once

// English plural forms (issue 18). Counted strings are written once, tr("%n message(s)", nullptr, n),
// and every language gives its forms in its translation, English too: translations/tessera_en.ts holds
// only the numerus messages (lupdate -pluralonly) with "1 message" / "%n messages", compiled in as
// ":/i18n/plurals/tessera_en.qm" (outside ":/i18n/tessera_*.qm", so it is not offered as a language).
// Without it English would read "1 message(s)".

namespace Tessera {

// Installs the English plural forms into the application once (later calls do nothing). Call after
// the QCoreApplication exists and before any other translation, which then wins where it has the
// message (Qt searches the translator installed last first). false when the file could not be loaded.
bool installEnglishPlurals();

} // namespace Tessera
