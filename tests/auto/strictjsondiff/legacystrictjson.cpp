// The strict parser as it was before issue 17 (nlohmann's SAX parser through a counting character
// iterator), kept only for the differential test beside it: it is the reference the simdjson reader in
// cards/strictjson.cpp must agree with, byte for byte. Not linked into any product target.

#include "legacystrictjson.h"

#include <deque>
#include <iterator>

#include <nlohmann/json.hpp>

namespace Tessera::Legacy {

using nlohmann::json;

std::string escapePointerToken(std::string_view token)
{
    std::string out;
    out.reserve(token.size());
    for (char c : token) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

namespace {

// An input iterator that publishes how far the lexer has read, so the SAX handler
// can tell the byte span of an object without a second scan.
struct CountingIterator
{
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char *;
    using reference = const char &;

    const char *position = nullptr;
    const char **sink = nullptr; // Not owned.

    reference operator*() const { return *position; }
    CountingIterator &operator++()
    {
        ++position;
        *sink = position;
        return *this;
    }
    CountingIterator operator++(int)
    {
        CountingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const CountingIterator &other) const { return position == other.position; }
    bool operator!=(const CountingIterator &other) const { return position != other.position; }
};

std::vector<std::string> splitPointer(const std::string &pointer)
{
    std::vector<std::string> tokens;
    if (pointer.empty())
        return tokens;
    std::size_t start = 1;
    while (start <= pointer.size()) {
        std::size_t slash = pointer.find('/', start);
        if (slash == std::string::npos)
            slash = pointer.size();
        std::string token = pointer.substr(start, slash - start);
        std::string unescaped;
        for (std::size_t i = 0; i < token.size(); ++i) {
            if (token[i] == '~' && i + 1 < token.size()) {
                unescaped += token[i + 1] == '1' ? '/' : '~';
                ++i;
            } else {
                unescaped += token[i];
            }
        }
        tokens.push_back(std::move(unescaped));
        start = slash + 1;
    }
    return tokens;
}

class StrictSax
{
public:
    StrictSax(StrictJsonResult &result, const char *begin, const char **cursor,
              std::vector<std::string> spanTokens)
        : m_result(result), m_begin(begin), m_cursor(cursor), m_spanTokens(std::move(spanTokens))
    {}

    json root;

    bool null() { return addValue(json(nullptr)); }
    bool boolean(bool v) { return addValue(json(v)); }
    bool number_integer(json::number_integer_t v) { return addValue(json(v)); }
    bool number_unsigned(json::number_unsigned_t v) { return addValue(json(v)); }
    bool number_float(json::number_float_t v, const std::string &lexeme)
    {
        json value(v);
        if (value.dump() != lexeme)
            m_result.numberLexemes.emplace_back(currentPointer(), lexeme);
        return addValue(std::move(value));
    }
    bool string(std::string &v)
    {
        if (!m_levels.empty() && m_levels.back().key == "kind" && !m_levels.back().isArray) {
            if (m_spanOpen && m_levels.size() == m_spanDepth)
                m_result.spanKind = v;
            if (m_levels.size() == 1 && m_result.rootKind.empty())
                m_result.rootKind = v;
        }
        return addValue(json(std::move(v)));
    }
    bool binary(json::binary_t &) { return fail("binary values are not JSON"); }

    bool start_object(std::size_t) { return startContainer(json::object(), false); }
    bool start_array(std::size_t) { return startContainer(json::array(), true); }

    bool key(std::string &k)
    {
        Level &level = m_levels.back();
        level.key = k;
        level.duplicate = level.container->contains(k);
        if (level.duplicate)
            m_result.duplicateKeys.push_back(currentPointer());
        return true;
    }

    bool end_object()
    {
        if (m_spanOpen && m_levels.size() == m_spanDepth) {
            m_result.spanEnd = static_cast<std::size_t>(*m_cursor - m_begin);
            m_spanOpen = false;
        }
        m_levels.pop_back();
        return true;
    }
    bool end_array()
    {
        m_levels.pop_back();
        return true;
    }

    bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &ex)
    {
        std::string message = ex.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." -> the part after ": "
        const std::size_t bracket = message.find("] ");
        if (bracket != std::string::npos)
            message.erase(0, bracket + 2);
        const std::size_t colon = message.find(": ");
        if (message.rfind("parse error", 0) == 0 && colon != std::string::npos)
            message.erase(0, colon + 2);
        dropLastRead(message);
        m_result.error = message;
        m_result.errorPointer = currentPointer();
        m_result.errorOffset = position > 0 ? position - 1 : 0;
        return false;
    }

    // "…; last read: '<bytes>'; expected …" -> "…; expected …". The quoted bytes reach back before the
    // value that failed (a card cut out of its line quoted the line's `"card":{`), so the same card
    // text got another message on its own, and a long bad string would be quoted whole. Found by
    // fuzzing (tests/data/fuzz-regressions/transcriptline/last-read-outside-card).
    static void dropLastRead(std::string &message)
    {
        const std::size_t begin = message.find("; last read: '");
        if (begin == std::string::npos)
            return;
        const std::size_t expected = message.rfind("'; expected ");
        const std::size_t end = expected != std::string::npos && expected > begin ? expected + 1 : message.size();
        message.erase(begin, end - begin);
    }

    // Pointer of the value being parsed now.
    std::string currentPointer() const
    {
        std::string pointer;
        for (std::size_t i = 0; i < m_levels.size(); ++i) {
            const Level &level = m_levels[i];
            pointer += '/';
            if (level.isArray) {
                const bool inner = i + 1 < m_levels.size();
                std::size_t index = level.container->size();
                if (inner && index > 0)
                    --index;
                pointer += std::to_string(index);
            } else {
                pointer += escapePointerToken(level.key);
            }
        }
        return pointer;
    }

private:
    struct Level
    {
        json *container = nullptr; // Not owned; lives in root or m_discarded.
        bool isArray = false;
        bool duplicate = false;    // the current key repeats an earlier one
        std::string key;
    };

    bool fail(const std::string &message)
    {
        m_result.error = message;
        m_result.errorPointer = currentPointer();
        m_result.errorOffset = static_cast<std::size_t>(*m_cursor - m_begin);
        return false;
    }

    json *place(json &&value)
    {
        if (m_levels.empty()) {
            root = std::move(value);
            return &root;
        }
        Level &level = m_levels.back();
        if (level.isArray) {
            level.container->push_back(std::move(value));
            return &level.container->back();
        }
        if (level.duplicate) {
            // Parse the repeated copy into a side slot: the first copy stays, the card is marked invalid.
            m_discarded.push_back(std::move(value));
            return &m_discarded.back();
        }
        json &slot = (*level.container)[level.key];
        slot = std::move(value);
        return &slot;
    }

    bool addValue(json &&value)
    {
        place(std::move(value));
        return true;
    }

    bool startContainer(json &&empty, bool isArray)
    {
        // Inside the span object (a line's card) the limit counts from that object, so a card may nest
        // as deep in its line as on its own (found by fuzzing: fuzz-regressions/transcriptline/card-depth).
        const std::size_t depth = m_spanOpen ? m_levels.size() - (m_spanDepth - 1) : m_levels.size();
        if (static_cast<int>(depth) >= kMaxJsonDepth)
            return fail("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        const bool spanHere = !isArray && !m_spanTokens.empty() && !m_spanSeen
                && m_levels.size() == m_spanTokens.size() && matchesSpanPath();
        json *container = place(std::move(empty));
        m_levels.push_back(Level{container, isArray, false, {}});
        if (spanHere) {
            m_spanSeen = true;
            m_spanOpen = true;
            m_spanDepth = m_levels.size();
            m_result.spanBegin = static_cast<std::size_t>(*m_cursor - m_begin) - 1;
        }
        return true;
    }

    bool matchesSpanPath() const
    {
        for (std::size_t i = 0; i < m_levels.size(); ++i) {
            const Level &level = m_levels[i];
            if (level.isArray) {
                if (std::to_string(level.container->size()) != m_spanTokens[i])
                    return false;
            } else if (level.key != m_spanTokens[i]) {
                return false;
            }
        }
        return true;
    }

    StrictJsonResult &m_result;
    const char *m_begin;
    const char **m_cursor; // Not owned.
    std::vector<std::string> m_spanTokens;
    std::vector<Level> m_levels;
    std::deque<json> m_discarded;
    bool m_spanSeen = false;
    bool m_spanOpen = false;
    std::size_t m_spanDepth = 0;
};

} // namespace

StrictJsonResult parseStrictJsonLegacy(std::string_view text, const StrictJsonOptions &options)
{
    StrictJsonResult result;
    const char *cursor = text.data();
    StrictSax sax(result, text.data(), &cursor, splitPointer(options.spanPointer));
    CountingIterator first{text.data(), &cursor};
    CountingIterator last{text.data() + text.size(), &cursor};
    bool ok = false;
    try {
        ok = json::sax_parse(first, last, &sax);
    } catch (const std::exception &e) {
        // sax_parse reports through parse_error; anything thrown here is an allocation failure or similar.
        result.error = e.what();
        ok = false;
    }
    if (!ok) {
        if (result.error.empty())
            result.error = "not valid JSON";
        return result;
    }
    result.value = std::make_shared<json>(std::move(sax.root));
    return result;
}

} // namespace Tessera::Legacy
