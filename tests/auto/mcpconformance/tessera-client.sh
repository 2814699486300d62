#!/bin/sh
# The client that the MCP conformance tool (npm @modelcontextprotocol/conformance, `client` mode) runs for
# a scenario: the tool starts its test server, then runs this script with the server's URL as the last
# argument and the scenario's name in MCP_CONFORMANCE_SCENARIO. Each scenario is played with Tessera's own
# commands, as a person checking a server would type them (issue 16); $TESSERA is the tessera binary.
# What the commands print goes to the tool, which keeps it (stdout.txt, stderr.txt) beside its checks.
set -u
url=${1:?the conformance tool gives the server URL as the last argument}
tessera=${TESSERA:?TESSERA must name the tessera binary}

case ${MCP_CONFORMANCE_SCENARIO:-} in
initialize)
    # initialize (version, clientInfo, capabilities), notifications/initialized, tools/list.
    exec "$tessera" mcp tools --url "$url"
    ;;
tools_call)
    # The tool list first, as a person would look before calling.
    "$tessera" mcp tools --url "$url" || exit
    exec "$tessera" mcp call --url "$url" add_numbers '{"a": 2, "b": 3}'
    ;;
sse-retry)
    # The server ends the call's event stream before answering; the answer comes on the resumed stream.
    exec "$tessera" mcp call --url "$url" test_reconnection
    ;;
elicitation-sep1034-client-defaults)
    # The tool asks for a form whose every field has a default; "accept" sends the defaults.
    exec "$tessera" mcp call --url "$url" test_client_elicitation_defaults --elicitation accept
    ;;
*)
    echo "tessera-client.sh: no Tessera command plays the scenario '${MCP_CONFORMANCE_SCENARIO:-}'" >&2
    exit 2
    ;;
esac
