#pragma once

// Syntax highlighting for code cards, driven by GNU source-highlight's language definitions
// (/usr/share/source-highlight/*.lang, names mapped by lang.map) — no lexer of our own.
//
// Each block (line) is run through srchilite::SourceHighlighter; a recording formatter collects
// (start, length, element) spans, and element names (keyword, comment, string, number, type, …) map to
// palette-aware formats legible on light and dark Base colors. The highlighter's state after a line
// (e.g. inside a block comment) is carried to the next line through the block state.
//
// Language hints (seed 000, code.language: max 32 chars, "e.g. typescript, sql") go through a small
// alias table (ts/tsx/jsx -> javascript, py -> python, sh/bash/zsh -> sh, c++/hpp -> cpp, …) and then
// lang.map. An unknown or empty hint, or a definition source-highlight cannot load, means plain text;
// source-highlight exceptions never leave this class. GUI thread only: source-highlight's language
// definitions and lang.map are process-wide singletons (srchilite::Instances).
//
// Trojan Source: the code card displays invisible and bidi control characters as visible markers
// ("⟨U+202E⟩", see displayText()); this highlighter gives every marker a distinct warning format.

#include <memory>

#include <QPalette>
#include <QSyntaxHighlighter>

namespace Tessera {

class CodeHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    CodeHighlighter(const QString &language, QTextDocument *document);
    ~CodeHighlighter() override;

    // The source-highlight definition in use ("python.lang"), or "" for plain text.
    QString languageFile() const;
    // The definition file a hint maps to, or "" when there is none (plain text).
    static QString languageFileFor(const QString &hint);

    // Who re-highlights the lines after setPalette: this call, all at once, or the caller (a long
    // document, line by line in slices with rehighlightBlock: workbench/editorloader.h).
    enum class Rehighlight { Now, ByCaller };
    // Colors follow this palette (light or dark).
    void setPalette(const QPalette &palette, Rehighlight rehighlight = Rehighlight::Now);

    // True for characters that can hide or reorder code: bidi embeddings/overrides/isolates and marks,
    // zero-width and other invisible format characters, variation selectors, tag characters, line and
    // paragraph separators, and control characters other than tab and line feed.
    static bool isInvisibleOrControl(char32_t codePoint);
    // The code with each such character replaced by a visible marker "⟨U+XXXX⟩" and CR LF shown as LF.
    static QString displayText(const QString &code);

protected:
    void highlightBlock(const QString &text) override;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace Tessera
