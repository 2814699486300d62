#pragma once

// tessera backend add|list|remove|test (issue 12): named backends from the command line, so what the
// Connect dialog does can be scripted and tested. Profiles: backend/backendprofiles.h; keys:
// backend/secretstore.h (the keyring, never a file); the test: backend/connectiontest.h.
//
//   backend add NAME --openai URL --model M [--api-key-stdin | --api-key-env VAR]
//   backend add NAME --backend ws://HOST:PORT/PATH
//   backend add NAME --backend-cmd "PROGRAM ARGS" [--workdir DIR]
//       adds or replaces NAME. --api-key-stdin reads one line from stdin (not echoed on a terminal)
//       into the keyring; re-adding an OpenAI backend without a key option keeps its stored key.
//   backend list        one line per backend, tab-separated: name, kind, URL or command (and "in DIR"),
//                       model, where the key is ("key in the keyring", "key from $VAR", "no key").
//   backend remove NAME forgets it and deletes its key from the keyring.
//   backend test NAME [--timeout SEC]
//                       what ConnectionTest says: on stdout and exit 0 when the endpoint answered, on
//                       stderr and exit 1 otherwise.
// Exit codes: 0 done, 1 the keyring or the endpoint failed, 2 bad usage or no such backend.

#include <QString>
#include <QStringList>

#include <app/commandline.h>

namespace Tessera {

// The verb and its arguments after "backend"; c already holds the backend flags (c.backend).
CommandLine parseBackendCommand(CommandLine c, const QStringList &args);

int runBackendCommand(const CommandLine &commandLine);

// For ask and the window: a config that names a profile (--backend-name, or a conversation that
// remembers one) becomes that profile as it is now, and a key in the keyring is read into
// config->apiKey (waits in a local event loop, bounded). A remembered config whose profile was removed
// is kept as remembered. 0 ready; 2 no such backend; 1 the key could not be read (*error says why).
int completeBackendConfig(BackendConfig *config, QString *error);

} // namespace Tessera
