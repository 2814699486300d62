#pragma once

// `tessera validate` (PRODUCT.md §3) as its own library (issue 17): the program people start
// (frontmain.cpp, /usr/bin/tessera) runs it for a file with Qt Core, the cards and the consent card kinds
// only (backend/consentkinds.cpp, store/datadir.cpp: the files it uses name nothing of the store's SQL or
// the backends' network), without the window's libraries (Qt Widgets, QtWebEngine, Charts, Pdf), whose
// loading was most of a short validate's time; the window's program runs it too, for the forms the front
// hands over (a stored conversation's id among them).
// runValidate, loadCardPlugins, printOut and printErr are declared in commandline.h.

#include <QStringList>

#include <app/commandline.h>

namespace Tessera {

// `arguments` (argv, the program's name first) as the front runs them itself: "validate", then FILE,
// --json, --expect SPEC (repeatable), --data-dir DIR and --plugins DIR (each at most once), values not
// starting with "-". Anything else, errors included, is false: the window's program reads it then, with
// parseCommandLine, so every message stays the one parseCommandLine gives. True fills `out` as
// parseCommandLine would.
bool parseFrontValidate(const QStringList &arguments, CommandLine *out);

} // namespace Tessera
