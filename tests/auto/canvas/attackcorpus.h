#pragma once

// The canvas attack corpus (issue 3): canvases that each try one way out of the sandbox, at a loopback
// canary (canaryserver.h). Every page sets document.title to "ran <name>" once its script ran, and
// appends " leak:<what>" when it observed an escape from inside (a fetch that resolved, a readable
// file, a writable frozen object…). Canary requests carry the attack's name in their path.

#include <QList>
#include <QString>

namespace Tessera {

struct Attack
{
    QString name;
    QString html; // a complete canvas html payload (body markup + inline scripts)
};

// All attacks aimed at 127.0.0.1:port (HTTP, WebSocket, STUN over UDP on the same port).
QList<Attack> attackCorpus(quint16 port);

} // namespace Tessera
