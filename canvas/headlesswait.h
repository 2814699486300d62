#pragma once

// A bounded wait for headless rendering (`tessera render`, tests): the canvas card and the MCP App view
// draw a frame only after their page has loaded and settled, which happens on the event loop. This runs a
// local loop until `done` holds, checking every 20 ms, or until `timeoutMs` passes. Never used in a live
// window, where the page's signals drive the card instead.

#include <functional>

namespace Tessera {

void waitHeadless(const std::function<bool()> &done, int timeoutMs);

} // namespace Tessera
