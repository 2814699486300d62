#pragma once

// The body of every libFuzzer harness (fuzz/README.md), one function per parser Tessera has. The
// harness executables (fuzz/fuzzmain.cpp) and tst_fuzzregressions call the same functions, so a file in
// tests/data/fuzz-regressions/<harness>/ is replayed through exactly the code that found it.
//
// Each entry takes any bytes, writes no files, and aborts (a finding) only when a parser breaks a rule
// its own header states; the message names the rule. Sanitizer reports and crashes are findings too.

#include <cstddef>
#include <cstdint>
#include <span>

namespace Tessera::Fuzz {

using Entry = void (*)(const std::uint8_t *data, std::size_t size);

struct Harness
{
    const char *name; // the executable is fuzz_<name>; corpus, dictionary and regressions use the name
    Entry entry;
};

// transcriptline  parseTranscriptLine (cards/transcript.h), then the cards of its card tool calls
// transcriptfile  TranscriptFile (cards/transcriptfile.h) over the bytes as a file in memory: pages and
//                 counts against fromJsonLines; bytes 0 to 3 pick piece, page, threads and run sizes
// cardenvelope    Card::fromEnvelopeText, and the same bytes as emit_card / render_ui arguments
// jsonrenderspec  a json-render spec (seed 001) as a json_render payload and as send_card's spec
// widgetdocument  a widget document (seed 003) and the normalisation its renderer draws from
// widgetfence     findWidgetFences / widgetFenceCards over Markdown (UTF-8)
// ssestream       OpenAiSseParser: byte 0 picks feed sizes; split feeds must give the whole feed's events
// wireevent       parseWireEvent, then a message event's transcript line
// jsonrpc         McpClient reading a server's messages (byte 0 picks the client's state), and the
//                 tools/list and tools/call result readers over every "result"
// mcpconfig       parseMcpConfig over an {"mcpServers": …} configuration
std::span<const Harness> harnesses();
// The row named name, or nullptr.
const Harness *findHarness(const char *name);

// Quiets Qt's log output (each input would print its warnings) and makes a failed TESSERA_ASSERT abort:
// an input that reaches an "unexpected state" is a finding. Call once, before the first input.
void setUpFuzzing();

} // namespace Tessera::Fuzz
