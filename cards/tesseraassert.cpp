#include <cards/tesseraassert.h>

#include <QLoggingCategory>

namespace Tessera {

Q_LOGGING_CATEGORY(lcAssert, "tessera.assert")

void writeAssertLocation(const char *condition, const char *file, int line)
{
    static const bool fatal = qEnvironmentVariableIntValue("TESSERA_FATAL_ASSERTS") == 1;
    if (fatal)
        qFatal("Tessera: assertion \"%s\" failed in %s:%d", condition, file, line);
    qCCritical(lcAssert, "assertion \"%s\" failed in %s:%d", condition, file, line);
}

} // namespace Tessera
