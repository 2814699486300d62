#pragma once

// The MCP servers the MCP tests start (issue 16): npm's server-everything from the source tree's
// node_modules (`npm ci --ignore-scripts`; pinned in package-lock.json), and node for the test scripts
// under tests/tools/mcp. Header-only: TESSERA_SOURCE_DIR is every test's own compile definition.
// A test brings the names in with `using namespace Tessera::TestSupport::McpServers;`.

#include <QStandardPaths>
#include <QString>

#include <mcp/mcpconfig.h>

namespace Tessera::TestSupport::McpServers {

// A file of the source tree.
inline QString source(const QString &relative)
{
    return QStringLiteral(TESSERA_SOURCE_DIR "/") + relative;
}

// node on PATH; "node" when not found (the start then fails with "could not start node").
inline QString node()
{
    const QString found = QStandardPaths::findExecutable(QStringLiteral("node"));
    return found.isEmpty() ? QStringLiteral("node") : found;
}

inline QString everythingCommand()
{
    return source(QStringLiteral("node_modules/.bin/mcp-server-everything"));
}

// server-everything over stdio, named `name`.
inline McpServerConfig everything(const QString &name = QStringLiteral("everything"))
{
    McpServerConfig config;
    config.name = name;
    config.command = everythingCommand();
    config.args = {QStringLiteral("stdio")};
    return config;
}

// The MCP App fixture (tests/tools/mcpapp/appserver.mjs, the official ext-apps SDK), named "fixture".
inline McpServerConfig appFixture()
{
    McpServerConfig config;
    config.name = QStringLiteral("fixture");
    config.command = node();
    config.args = {source(QStringLiteral("tests/tools/mcpapp/appserver.mjs"))};
    return config;
}

} // namespace Tessera::TestSupport::McpServers
