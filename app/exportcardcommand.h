#pragma once

// tessera export-card SOURCE --card N|ID --to slack|teams|whatsapp|telegram|markdown [-o FILE]
// (issue 14; export/cardexporter.h says what each surface gets).
//  - SOURCE: a conversation file or a stored conversation id, as `render` takes (readConversationArgument).
//  - --card: N counts every card from 1 in conversation order (the file's lines in order, each line's
//    cards in order, prose widget fences included); anything that is not a number in range is a card id
//    (Card::cardId), matched exactly.
//  - The message (JSON, or Markdown for markdown) goes to FILE, or to stdout with no -o or with -o -.
//  - Exit 0: written (notes about what the surface left out on stderr as "note: POINTER: …");
//    1: the card cannot go there: one issue per line on stderr ("POINTER: message"), no output file;
//    2: SOURCE unreadable, no such card, or FILE cannot be written.

namespace Tessera {

struct CommandLine;

int runExportCard(const CommandLine &commandLine);

} // namespace Tessera
