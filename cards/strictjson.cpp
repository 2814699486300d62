#include <cards/strictjson.h>

#include <cards/logging.h>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cerrno>
#include <clocale>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <optional>
#include <set>

#include <locale.h>

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <cards/jsontape.h>

// Two passes, one of them only for text that fails (docs/decisions.md, "Parsing speed (issue 17)"):
//  - the reader: simdjson On-Demand builds the nlohmann DOM and keeps every strict rule itself
//    (duplicates per object, the depth limit, number grammar and digits, the span, the kinds);
//  - the diagnosis: when the reader refuses the text for any reason, nlohmann's lexer reads it again
//    with a handler that builds nothing, only to name the first failure exactly as Tessera always has
//    (message, pointer, offset, and what was seen before it: span start, kinds, duplicates, lexemes).
// The reader recurses once per level and refuses the level past kMaxJsonDepth before descending, so its
// stack stays bounded; deeper text is named by nlohmann's parser, which is iterative.

namespace Tessera {

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

namespace od = simdjson::ondemand;

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

bool isJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trimEnd(std::string_view token)
{
    while (!token.empty() && isJsonSpace(token.back()))
        token.remove_suffix(1);
    return token;
}

// RFC 8259 number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?; `isFloat` when it has a fraction or exponent.
bool isJsonNumber(std::string_view t, bool *isFloat)
{
    std::size_t i = 0;
    const std::size_t n = t.size();
    auto digits = [&] {
        const std::size_t from = i;
        while (i < n && t[i] >= '0' && t[i] <= '9')
            ++i;
        return i > from;
    };
    if (i < n && t[i] == '-')
        ++i;
    if (i < n && t[i] == '0')
        ++i;
    else if (!digits())
        return false;
    *isFloat = false;
    if (i < n && t[i] == '.') {
        ++i;
        if (!digits())
            return false;
        *isFloat = true;
    }
    if (i < n && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < n && (t[i] == '+' || t[i] == '-'))
            ++i;
        if (!digits())
            return false;
        *isFloat = true;
    }
    return i == n;
}

// The double nearest to a grammatical number token, as strtod reads it in the C locale.
double toDouble(std::string_view token)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec == std::errc() && end == token.data() + token.size())
        return value;
    // Out of range: from_chars leaves the value alone, strtod gives ±HUGE_VAL or the underflowed value.
    static const locale_t cLocale = newlocale(LC_NUMERIC_MASK, "C", locale_t(nullptr));
    const std::string copy(token);
    return strtod_l(copy.c_str(), nullptr, cLocale);
}

// Whether nlohmann's dump() of a finite double writes back a plain decimal token ("12.5", "0.004", "100.0"),
// when that can be told without running grisu2 (a sixth of reading a card, issue 17); nothing otherwise.
// dump() writes the shortest digits that read back as the double: with the point among them, or ".0" after
// up to 15 integer digits, or "0." and up to three zeros before them (an exponent otherwise), and never a
// trailing zero after the point but that one. A token of at most 15 significant digits is those shortest
// digits when it lies well inside the double's rounding interval: no other decimal that short reads back as
// the same double (DBL_DIG is 15), and grisu2 narrows the interval only by a 64-bit rounding, far less
// than the 1/64 of a unit in the last place kept clear of its edges here.
std::optional<bool> plainDecimalDumpsAs(double value, std::string_view token)
{
    const char *p = token.data();
    const char *const end = p + token.size();
    const bool negative = p < end && *p == '-';
    if (negative != std::signbit(value))
        return std::nullopt;
    p += negative ? 1 : 0;
    // The digits before the point, the point, the digits after it, and nothing else (an exponent: grisu2
    // decides), added up as one integer as they are read (leading zeros add nothing; past 15 significant
    // digits the sum is not used).
    const auto isDigit = [](char c) { return static_cast<unsigned char>(c - '0') < 10; };
    std::uint64_t digits = 0;
    const char *const whole = p;
    for (; p < end && isDigit(*p); ++p)
        digits = digits * 10 + std::uint64_t(*p - '0');
    const std::size_t wholeDigits = std::size_t(p - whole);
    if (p == end || *p != '.')
        return std::nullopt;
    const char *const fraction = ++p;
    for (; p < end && isDigit(*p); ++p)
        digits = digits * 10 + std::uint64_t(*p - '0');
    const std::size_t fractionDigits = std::size_t(end - fraction);
    if (p != end || wholeDigits == 0 || fractionDigits == 0 || (wholeDigits > 1 && *whole == '0'))
        return std::nullopt; // not a plain JSON decimal
    const char first = *whole;
    const char last = end[-1];
    // Zeros between "0." and the first significant digit.
    std::size_t zeros = 0;
    if (first == '0') {
        while (zeros < fractionDigits && fraction[zeros] == '0')
            ++zeros;
    }
    const std::size_t significant = first == '0' ? fractionDigits - zeros : wholeDigits + fractionDigits;
    if (significant > 15)
        return std::nullopt;
    const bool wholeIsZero = wholeDigits == 1 && first == '0';
    if (value == 0)
        return wholeIsZero && fractionDigits == 1; // dump() writes "0.0" (or "-0.0")
    if (last == '0') {
        if (fractionDigits > 1)
            return false; // dump()'s digits never end in a zero after the point
        // "X.0": dump() writes that when the double is the integer X, exact below 2^53.
        return double(digits / 10) == std::fabs(value) ? std::optional<bool>(true) : std::nullopt;
    }
    if (wholeIsZero && zeros > 3)
        return false; // dump() writes an exponent there
    // |token - value| against the unit in the last place, both scaled by 10^f * 2^shift to integers, where
    // value = m * 2^-shift with 2^52 <= m < 2^53; a value at least 1e-4 has shift <= 66: all fits in 128 bits.
    static constexpr std::uint64_t kPowersOf10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
        100000000, 1000000000, 10000000000, 100000000000, 1000000000000, 10000000000000, 100000000000000,
        1000000000000000, 10000000000000000, 100000000000000000, 1000000000000000000};
    if (fractionDigits >= std::size(kPowersOf10))
        return std::nullopt;
    const auto bits = std::bit_cast<std::uint64_t>(std::fabs(value));
    const int biased = int(bits >> 52);
    const std::uint64_t m = (bits & ((std::uint64_t(1) << 52) - 1)) | (std::uint64_t(1) << 52);
    const int shift = 1075 - biased;
    if (biased == 0 || m == (std::uint64_t(1) << 52) || shift <= 0 || shift > 70)
        return std::nullopt; // subnormal, a power of two (its interval is lopsided), or out of the range above
    using Wide = unsigned __int128;
    const Wide token2 = Wide(digits) << shift;
    const Wide value2 = Wide(m) * kPowersOf10[fractionDigits];
    const Wide distance = token2 > value2 ? token2 - value2 : value2 - token2;
    if (distance * 64 < Wide(kPowersOf10[fractionDigits]) * 31)
        return true;
    return std::nullopt;
}

// nlohmann's dump() of a finite double, without a string: "1.1", "100.0", "1e-07".
bool dumpsAs(double value, std::string_view lexeme)
{
    if (const std::optional<bool> known = plainDecimalDumpsAs(value, lexeme))
        return *known;
    std::array<char, 64> buffer{};
    const char *end = nlohmann::detail::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return std::string_view(buffer.data(), std::size_t(end - buffer.data())) == lexeme;
}

std::string_view rawToken(od::value &value) { return value.raw_json_token(); }
std::string_view rawToken(od::document &document)
{
    std::string_view token;
    return document.raw_json_token().get(token) ? std::string_view() : token;
}

// One reader per thread: simdjson keeps its buffers between documents, and needs the text padded.
struct ReaderBuffers
{
    od::parser parser;
    std::vector<char> padded;
};

// Documents above this size get buffers of their own, so one huge text does not stay resident.
constexpr std::size_t kKeptBufferBytes = std::size_t(4) << 20;

// The fast pass. Any refusal (syntax, UTF-8, depth, number, trailing bytes) returns false and leaves the
// naming of the failure to the diagnosis; only what a successful parse reports is collected here.
class Reader
{
public:
    Reader(StrictJsonResult &result, od::document &document, const char *begin, std::size_t size,
           std::size_t offsetBase, std::vector<std::string> spanTokens, bool skipSpan)
        : m_result(result), m_document(document), m_begin(begin), m_size(size), m_offsetBase(offsetBase),
          m_spanTokens(std::move(spanTokens)), m_skipSpan(skipSpan)
    {
        m_levels.reserve(16);
    }

    bool readRoot(json &out)
    {
        od::json_type type;
        if (m_document.type().get(type))
            return false;
        if (type != od::json_type::object && type != od::json_type::array) {
            // A scalar root is read in place (the iterator does not move past it): its token, which runs
            // to the next token, must run to the end.
            const std::string_view token = rawToken(m_document);
            if (token.data() + token.size() != m_begin + m_size)
                return false;
            return readValue(m_document, out);
        }
        if (!readValue(m_document, out))
            return false;
        // Only whitespace may follow the root value.
        const auto location = m_document.current_location();
        return location.error() == simdjson::OUT_OF_BOUNDS;
    }

private:
    struct Level
    {
        bool isArray = false;
        std::size_t index = 0; // arrays: the element being read
        std::string_view key;  // objects: the member being read (in simdjson's string buffer)
    };

    // Pointer of the value being read now.
    std::string currentPointer() const
    {
        std::string pointer;
        for (const Level &level : m_levels) {
            pointer += '/';
            if (level.isArray)
                pointer += std::to_string(level.index);
            else
                pointer += escapePointerToken(level.key);
        }
        return pointer;
    }

    std::size_t offsetOf(const char *p) const { return m_offsetBase + std::size_t(p - m_begin); }

    bool depthAllowed() const
    {
        // As before: inside the span object the limit counts from that object (fuzz-regressions/card-depth).
        const std::size_t depth = m_spanOpen ? m_levels.size() - (m_spanDepth - 1) : m_levels.size();
        return static_cast<int>(depth) < kMaxJsonDepth;
    }

    bool atSpanPath() const
    {
        if (m_spanTokens.empty() || m_spanSeen || m_levels.size() != m_spanTokens.size())
            return false;
        for (std::size_t i = 0; i < m_levels.size(); ++i) {
            const Level &level = m_levels[i];
            if (level.isArray ? std::to_string(level.index) != m_spanTokens[i] : level.key != m_spanTokens[i])
                return false;
        }
        return true;
    }

    template<typename Value>
    bool readValue(Value &value, json &out)
    {
        od::json_type type;
        if (value.type().get(type))
            return false;
        switch (type) {
        case od::json_type::object: {
            if (!depthAllowed())
                return false;
            const bool spanHere = atSpanPath();
            const char *start = spanHere ? rawToken(value).data() : nullptr;
            od::object object;
            if (value.get_object().get(object))
                return false;
            if (spanHere && m_skipSpan)
                return skipObject(object, start, out);
            return readObject(object, out, start);
        }
        case od::json_type::array: {
            if (!depthAllowed())
                return false;
            od::array array;
            if (value.get_array().get(array))
                return false;
            return readArray(array, out);
        }
        case od::json_type::string: {
            std::string_view text;
            if (value.get_string().get(text))
                return false;
            noteKind(text);
            out = std::string(text);
            return true;
        }
        case od::json_type::number:
            return readNumber(trimEnd(rawToken(value)), out);
        case od::json_type::boolean: {
            const std::string_view token = trimEnd(rawToken(value));
            if (token != "true" && token != "false")
                return false;
            out = token == "true";
            return true;
        }
        case od::json_type::null:
            if (trimEnd(rawToken(value)) != "null")
                return false;
            out = nullptr;
            return true;
        }
        return false;
    }

    bool readObject(od::object &object, json &out, const char *spanStart)
    {
        out = json::object();
        json::object_t &members = *out.get_ptr<json::object_t *>();
        m_levels.push_back(Level{});
        const std::size_t levelIndex = m_levels.size() - 1;
        if (spanStart) {
            m_spanSeen = true;
            m_spanOpen = true;
            m_spanDepth = m_levels.size();
            m_result.spanBegin = offsetOf(spanStart);
        }
        for (auto member : object) {
            if (member.error())
                return false;
            od::field field = std::move(member).value_unsafe();
            std::string_view key;
            if (field.unescaped_key().get(key))
                return false;
            m_levels[levelIndex].key = key;
            od::value value = field.value();
            const auto [slot, fresh] = members.try_emplace(std::string(key));
            if (fresh) {
                if (!readValue(value, slot->second))
                    return false;
            } else {
                // The first copy stays; the repeat is read (it must be valid JSON too) and dropped.
                m_result.duplicateKeys.push_back(currentPointer());
                json discarded;
                if (!readValue(value, discarded))
                    return false;
            }
        }
        if (m_spanOpen && m_levels.size() == m_spanDepth) {
            m_result.spanEnd = spanEndOffset();
            m_spanOpen = false;
        }
        m_levels.pop_back();
        return true;
    }

    // The span object stepped over (StrictJsonOptions::skipSpan): only where it begins and ends.
    bool skipObject(od::object &object, const char *start, json &out)
    {
        std::string_view raw;
        if (object.raw_json().get(raw) || raw.data() != start)
            return false;
        m_spanSeen = true;
        m_result.spanBegin = offsetOf(start);
        m_result.spanEnd = offsetOf(trimEnd(raw).data() + trimEnd(raw).size());
        out = nullptr;
        return true;
    }

    bool readArray(od::array &array, json &out)
    {
        out = json::array();
        json::array_t &elements = *out.get_ptr<json::array_t *>();
        m_levels.push_back(Level{true, 0, {}});
        const std::size_t levelIndex = m_levels.size() - 1;
        std::size_t index = 0;
        for (auto element : array) {
            if (element.error())
                return false;
            od::value value = std::move(element).value_unsafe();
            m_levels[levelIndex].index = index++;
            elements.emplace_back();
            if (!readValue(value, elements.back()))
                return false;
        }
        m_levels.pop_back();
        return true;
    }

    // Just past the '}' that closed the object: the next token (or the end) less the whitespace before it.
    std::size_t spanEndOffset()
    {
        const char *next = m_begin + m_size;
        const auto location = m_document.current_location();
        if (!location.error())
            next = location.value_unsafe();
        while (next > m_begin && isJsonSpace(next[-1]))
            --next;
        return offsetOf(next);
    }

    void noteKind(std::string_view text)
    {
        if (m_levels.empty() || m_levels.back().isArray || m_levels.back().key != "kind")
            return;
        if (m_spanOpen && m_levels.size() == m_spanDepth)
            m_result.spanKind = std::string(text);
        if (m_levels.size() == 1 && m_result.rootKind.empty())
            m_result.rootKind = std::string(text);
    }

    // nlohmann's rules: an integer that fits int64 (negative) or uint64 stays one, anything else is a double
    // (a non-finite one is refused), and a double's source text is kept when dump() would change it.
    bool readNumber(std::string_view token, json &out)
    {
        bool isFloat = false;
        if (!isJsonNumber(token, &isFloat))
            return false;
        const char *first = token.data();
        const char *last = token.data() + token.size();
        if (!isFloat) {
            if (token.front() == '-') {
                std::int64_t integer = 0;
                const auto [end, ec] = std::from_chars(first, last, integer);
                if (ec == std::errc() && end == last) {
                    out = json::number_integer_t(integer);
                    return true;
                }
            } else {
                std::uint64_t integer = 0;
                const auto [end, ec] = std::from_chars(first, last, integer);
                if (ec == std::errc() && end == last) {
                    out = json::number_unsigned_t(integer);
                    return true;
                }
            }
        }
        const double value = toDouble(token);
        if (!std::isfinite(value))
            return false;
        if (!dumpsAs(value, token))
            m_result.numberLexemes.emplace_back(currentPointer(), std::string(token));
        out = value;
        return true;
    }

    StrictJsonResult &m_result;
    od::document &m_document;
    const char *m_begin;      // Not owned: the padded copy being read.
    std::size_t m_size;
    std::size_t m_offsetBase; // bytes before m_begin in the caller's text (a BOM)
    std::vector<std::string> m_spanTokens;
    bool m_skipSpan;
    std::vector<Level> m_levels;
    bool m_spanSeen = false;
    bool m_spanOpen = false;
    std::size_t m_spanDepth = 0;
};

bool readFast(std::string_view text, const StrictJsonOptions &options, StrictJsonResult &result)
{
    std::size_t offsetBase = 0;
    if (text.size() >= 3 && std::memcmp(text.data(), "\xEF\xBB\xBF", 3) == 0)
        offsetBase = 3; // nlohmann skips a leading BOM; offsets still count it
    std::string_view body = text.substr(offsetBase);
    // nlohmann's lexer takes a NUL byte between tokens for the end of the input (one inside a token or a
    // string is an error there, and the cut text fails here too): read only what comes before it.
    if (const void *nul = body.empty() ? nullptr : std::memchr(body.data(), 0, body.size()))
        body = body.substr(0, std::size_t(static_cast<const char *>(nul) - body.data()));
    if (body.size() >= std::numeric_limits<std::uint32_t>::max() / 2)
        return false;

    thread_local ReaderBuffers kept;
    std::unique_ptr<ReaderBuffers> own;
    ReaderBuffers *buffers = &kept;
    if (body.size() > kKeptBufferBytes) {
        own = std::make_unique<ReaderBuffers>();
        buffers = own.get();
    }
    const std::size_t capacity = body.size() + simdjson::SIMDJSON_PADDING;
    if (buffers->padded.size() < capacity)
        buffers->padded.resize(capacity);
    if (!body.empty())
        std::memcpy(buffers->padded.data(), body.data(), body.size());
    std::memset(buffers->padded.data() + body.size(), 0, simdjson::SIMDJSON_PADDING);

    od::document document;
    if (buffers->parser.iterate(buffers->padded.data(), body.size(), capacity).get(document))
        return false;
    json root;
    Reader reader(result, document, buffers->padded.data(), body.size(), offsetBase,
                  splitPointer(options.spanPointer), options.skipSpan);
    if (!reader.readRoot(root))
        return false;
    result.value = std::make_shared<json>(std::move(root));
    return true;
}

// --- the diagnosis: nlohmann's lexer over text the reader refused ------------------------------------

// An input iterator that publishes how far the lexer has read, so the handler knows byte offsets.
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

// Follows the document as the lexer reads it, counting elements and remembering keys instead of building
// values, and records what a failed parse reports.
class DiagnosisSax
{
public:
    DiagnosisSax(StrictJsonResult &result, const char *begin, const char **cursor, std::vector<std::string> spanTokens)
        : m_result(result), m_begin(begin), m_cursor(cursor), m_spanTokens(std::move(spanTokens))
    {}

    bool null() { return place(); }
    bool boolean(bool) { return place(); }
    bool number_integer(json::number_integer_t) { return place(); }
    bool number_unsigned(json::number_unsigned_t) { return place(); }
    bool number_float(json::number_float_t v, const std::string &lexeme)
    {
        if (json(v).dump() != lexeme)
            m_result.numberLexemes.emplace_back(currentPointer(), lexeme);
        return place();
    }
    bool string(std::string &v)
    {
        if (!m_levels.empty() && m_levels.back().key == "kind" && !m_levels.back().isArray) {
            if (m_spanOpen && m_levels.size() == m_spanDepth)
                m_result.spanKind = v;
            if (m_levels.size() == 1 && m_result.rootKind.empty())
                m_result.rootKind = v;
        }
        return place();
    }
    bool binary(json::binary_t &) { return fail("binary values are not JSON"); }

    bool start_object(std::size_t) { return startContainer(false); }
    bool start_array(std::size_t) { return startContainer(true); }

    bool key(std::string &k)
    {
        Level &level = m_levels.back();
        level.key = k;
        level.duplicate = level.keys.count(k) > 0;
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

private:
    struct Level
    {
        bool isArray = false;
        bool duplicate = false;      // the current key repeats an earlier one
        std::size_t count = 0;       // arrays: elements begun so far
        std::string key;
        std::set<std::string> keys;  // objects: the keys kept so far
    };

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

    // Pointer of the value being parsed now: an array's index is its element count, less the one being
    // built when a deeper level is open.
    std::string currentPointer() const
    {
        std::string pointer;
        for (std::size_t i = 0; i < m_levels.size(); ++i) {
            const Level &level = m_levels[i];
            pointer += '/';
            if (level.isArray) {
                std::size_t index = level.count;
                if (i + 1 < m_levels.size() && index > 0)
                    --index;
                pointer += std::to_string(index);
            } else {
                pointer += escapePointerToken(level.key);
            }
        }
        return pointer;
    }

    bool fail(const std::string &message)
    {
        m_result.error = message;
        m_result.errorPointer = currentPointer();
        m_result.errorOffset = static_cast<std::size_t>(*m_cursor - m_begin);
        return false;
    }

    bool place()
    {
        if (m_levels.empty())
            return true;
        Level &level = m_levels.back();
        if (level.isArray)
            ++level.count;
        else if (!level.duplicate)
            level.keys.insert(level.key);
        return true;
    }

    bool startContainer(bool isArray)
    {
        const std::size_t depth = m_spanOpen ? m_levels.size() - (m_spanDepth - 1) : m_levels.size();
        if (static_cast<int>(depth) >= kMaxJsonDepth)
            return fail("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        const bool spanHere = !isArray && !m_spanTokens.empty() && !m_spanSeen
                && m_levels.size() == m_spanTokens.size() && matchesSpanPath();
        place();
        m_levels.push_back(Level{isArray, false, 0, {}, {}});
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
                if (std::to_string(level.count) != m_spanTokens[i])
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
    bool m_spanSeen = false;
    bool m_spanOpen = false;
    std::size_t m_spanDepth = 0;
};

void diagnose(std::string_view text, const StrictJsonOptions &options, StrictJsonResult &result)
{
    const char *cursor = text.data();
    DiagnosisSax sax(result, text.data(), &cursor, splitPointer(options.spanPointer));
    CountingIterator first{text.data(), &cursor};
    CountingIterator last{text.data() + text.size(), &cursor};
    bool accepted = false;
    try {
        accepted = json::sax_parse(first, last, &sax);
    } catch (const std::exception &e) {
        // sax_parse reports through parse_error; anything thrown here is an allocation failure or similar.
        result.error = e.what();
        accepted = false;
    }
    if (accepted) {
        // The reader refused what nlohmann accepts: a gap between the two passes (the differential test,
        // tests/auto/strictjsondiff, keeps it empty). Refuse, and say so.
        qCWarning(lcCards, "strict JSON: the reader refused a text the diagnosis accepts (%zu bytes)", text.size());
        result = StrictJsonResult();
        result.error = "not valid JSON";
        return;
    }
    if (result.error.empty())
        result.error = "not valid JSON";
}

// --- the clean tape: simdjson's DOM, checked for what the DOM parser does not refuse ------------------

// Just past the quote that closes a string whose first byte (after its opening quote) is at p; `end` when
// it does not close. By memchr from quote to quote, an escaped quote told by the backslashes before it.
const char *pastStringBody(const char *p, const char *end)
{
    while (p < end) {
        const auto *quote = static_cast<const char *>(std::memchr(p, '"', std::size_t(end - p)));
        if (!quote)
            return end;
        const char *back = quote;
        while (back > p && back[-1] == '\\')
            --back;
        if ((quote - back) % 2 == 0)
            return quote + 1;
        p = quote + 1;
    }
    return end;
}

// The rules simdjson's DOM parser does not keep, over its tape: the depth limit as the reader counts it,
// no repeated key, and a finite value for every double.
class TapeCheck
{
public:
    bool check(simdjson::dom::element value, std::size_t depth)
    {
        using simdjson::dom::element_type;
        switch (value.type()) {
        case element_type::ARRAY: {
            if (static_cast<int>(depth) >= kMaxJsonDepth)
                return false;
            for (simdjson::dom::element child : tapeValue<simdjson::dom::array>(value)) {
                if (!checkChild(child, depth + 1))
                    return false;
            }
            return true;
        }
        case element_type::OBJECT: {
            if (static_cast<int>(depth) >= kMaxJsonDepth)
                return false;
            const std::size_t keysFrom = m_keys.size();
            for (simdjson::dom::key_value_pair member : tapeValue<simdjson::dom::object>(value)) {
                m_keys.push_back(member.key);
                if (!checkChild(member.value, depth + 1))
                    return false;
            }
            const bool unique = keysUnique(keysFrom);
            m_keys.resize(keysFrom);
            return unique;
        }
        case element_type::DOUBLE:
            return std::isfinite(tapeValue<double>(value));
        default:
            return true;
        }
    }

private:
    // A string, a number, true, false or null (most of a card) without a call of check() of its own.
    bool checkChild(simdjson::dom::element value, std::size_t depth)
    {
        using simdjson::dom::element_type;
        switch (value.type()) {
        case element_type::ARRAY:
        case element_type::OBJECT:
        case element_type::DOUBLE:
            return check(value, depth);
        default:
            return true;
        }
    }

    bool keysUnique(std::size_t from)
    {
        const std::size_t count = m_keys.size() - from;
        if (count <= 16) {
            for (std::size_t i = from + 1; i < m_keys.size(); ++i) {
                for (std::size_t j = from; j < i; ++j) {
                    if (sameKey(m_keys[j], m_keys[i]))
                        return false;
                }
            }
            return true;
        }
        m_sorted.assign(m_keys.begin() + std::ptrdiff_t(from), m_keys.end());
        std::sort(m_sorted.begin(), m_sorted.end());
        return std::adjacent_find(m_sorted.begin(), m_sorted.end()) == m_sorted.end();
    }

    std::vector<std::string_view> m_keys;
    std::vector<std::string_view> m_sorted;
};

} // namespace

StrictJsonResult parseStrictJson(std::string_view text, const StrictJsonOptions &options)
{
    StrictJsonResult result;
    if (readFast(text, options, result))
        return result;
    result = StrictJsonResult();
    diagnose(text, options, result);
    return result;
}

bool takeSpanResult(StrictJsonResult &text, const std::string &spanPointer, StrictJsonResult *span)
{
    if (!text.ok() || spanPointer.empty() || text.spanBegin == std::string::npos || text.spanEnd == std::string::npos)
        return false;
    const std::string inside = spanPointer + '/';
    for (const std::string &pointer : text.duplicateKeys) {
        // A repeat on the path: the span may be a dropped copy. A repeated "kind" in it: the span's own
        // parse names the first string copy, which the value may not hold.
        if (pointer == spanPointer || inside.starts_with(pointer + '/') || pointer == inside + "kind")
            return false;
    }
    // Every level keeps its first copy, which comes first in the text: with no repeat on the path, the
    // value's member at the path is the first object there, the one the span was taken from.
    json *node = text.value.get();
    for (const std::string &token : splitPointer(spanPointer)) {
        if (!node->is_object())
            return false;
        const auto it = node->find(token);
        if (it == node->end())
            return false;
        node = &*it;
    }
    if (!node->is_object())
        return false;

    StrictJsonResult out;
    for (const std::string &pointer : text.duplicateKeys) {
        if (pointer.starts_with(inside))
            out.duplicateKeys.push_back(pointer.substr(spanPointer.size()));
    }
    for (const auto &[pointer, lexeme] : text.numberLexemes) {
        if (pointer.starts_with(inside))
            out.numberLexemes.emplace_back(pointer.substr(spanPointer.size()), lexeme);
    }
    if (const auto kind = node->find("kind"); kind != node->end() && kind->is_string())
        out.rootKind = kind->get<std::string>();
    out.value = std::make_shared<json>(std::move(*node));
    *node = nullptr;
    *span = std::move(out);
    return true;
}

namespace {

std::size_t pastSpace(std::string_view text, std::size_t at)
{
    while (at < text.size() && isJsonSpace(text[at]))
        ++at;
    return at;
}

// Just past the string whose opening quote is at `at`; the text's size when it does not close.
std::size_t pastString(std::string_view text, std::size_t at)
{
    return std::size_t(pastStringBody(text.data() + at + 1, text.data() + text.size()) - text.data());
}

// Just past the value that starts at `at`; npos when a container runs off the end. Valid JSON is assumed:
// other text gets some answer, never a read past its end.
std::size_t pastValue(std::string_view text, std::size_t at)
{
    if (at >= text.size())
        return std::string_view::npos;
    if (text[at] == '"')
        return pastString(text, at);
    if (text[at] != '{' && text[at] != '[') {
        while (at < text.size() && !isJsonSpace(text[at]) && text[at] != ',' && text[at] != '}' && text[at] != ']')
            ++at;
        return at;
    }
    static constexpr std::array<bool, 256> kQuoteOrBracket = [] {
        std::array<bool, 256> table{};
        for (const unsigned char c : {'"', '{', '}', '[', ']'})
            table[c] = true;
        return table;
    }();
    std::size_t depth = 0;
    while (at < text.size()) {
        const char c = text[at];
        if (!kQuoteOrBracket[static_cast<unsigned char>(c)]) {
            ++at;
            continue;
        }
        if (c == '"') {
            at = pastString(text, at);
            continue;
        }
        if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0)
                return at + 1;
        }
        ++at;
    }
    return std::string_view::npos;
}

} // namespace

std::optional<std::pair<std::size_t, std::size_t>> cleanMemberSpan(std::string_view text,
                                                                   std::initializer_list<std::string_view> path,
                                                                   SpanEnd spanEnd, std::string_view after)
{
    constexpr std::size_t npos = std::string_view::npos;
    std::size_t at = pastSpace(text, 0);
    for (const std::string_view name : path) {
        if (at >= text.size() || text[at] != '{')
            return std::nullopt;
        at = pastSpace(text, at + 1);
        for (;;) {
            if (at >= text.size() || text[at] != '"')
                return std::nullopt; // the object ended without the member
            const std::size_t keyEnd = pastString(text, at);
            const std::string_view key = text.substr(at + 1, keyEnd - at - 2);
            if (key.find('\\') != npos)
                return std::nullopt; // an escaped name might spell the one sought: the exact way decides
            at = pastSpace(text, keyEnd);
            if (at >= text.size() || text[at] != ':')
                return std::nullopt;
            at = pastSpace(text, at + 1);
            if (key == name)
                break;
            at = pastValue(text, at);
            if (at == npos)
                return std::nullopt;
            at = pastSpace(text, at);
            if (at >= text.size() || text[at] != ',')
                return std::nullopt;
            at = pastSpace(text, at + 1);
        }
    }
    if (spanEnd == SpanEnd::BeforeClosingBraces) {
        // Only whitespace and the path's closing braces follow the value: it ends where they begin.
        std::size_t end = text.size();
        for (std::size_t closing = 0; closing <= path.size(); ++closing) {
            while (end > at && isJsonSpace(text[end - 1]))
                --end;
            if (closing == path.size())
                break;
            if (end <= at || text[end - 1] != '}')
                return std::nullopt;
            --end;
            if (closing == 0 && !after.empty()) {
                // The root's members after the path's first one, exactly as the caller wrote them.
                while (end > at && isJsonSpace(text[end - 1]))
                    --end;
                if (end - at < after.size() || text.substr(end - after.size(), after.size()) != after)
                    return std::nullopt;
                end -= after.size();
            }
        }
        if (end <= at || text[at] != '{' || text[end - 1] != '}')
            return std::nullopt;
        return std::pair{at, end};
    }
    const std::size_t end = pastValue(text, at);
    if (end == npos)
        return std::nullopt;
    return std::pair{at, end};
}

std::optional<std::string> plainMembersAfter(simdjson::dom::element object, std::string_view key)
{
    const auto plain = [](std::string_view text) {
        return std::none_of(text.begin(), text.end(),
                            [](char c) { return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20; });
    };
    if (object.type() != simdjson::dom::element_type::OBJECT)
        return std::nullopt;
    std::string out;
    bool seen = false;
    for (simdjson::dom::key_value_pair member : tapeValue<simdjson::dom::object>(object)) {
        if (!seen) {
            seen = sameKey(member.key, key);
            continue;
        }
        std::string_view value;
        if (member.value.type() != simdjson::dom::element_type::STRING || member.value.get(value) != simdjson::SUCCESS
            || !plain(member.key) || !plain(value))
            return std::nullopt;
        out.append(",\"").append(member.key).append("\":\"").append(value).append("\"");
    }
    if (!seen)
        return std::nullopt;
    return out;
}

std::optional<std::pair<std::size_t, std::size_t>> cleanResultCardSpan(std::string_view text,
                                                                       simdjson::dom::element root)
{
    const auto structured = memberOf(root, "structured");
    if (!structured || !isObject(*structured))
        return std::nullopt;
    std::string_view lastInStructured;
    for (simdjson::dom::key_value_pair member : tapeValue<simdjson::dom::object>(*structured))
        lastInStructured = member.key;
    // Where "card" ends "structured" and only plain strings follow "structured" in the line (the usual
    // shapes of a tool result), the card's end is found from the line's end instead of by scanning the
    // card; those strings written otherwise (spaces, escapes) scan it after all.
    if (sameKey(lastInStructured, "card")) {
        if (const std::optional<std::string> after = plainMembersAfter(root, "structured")) {
            if (auto span = cleanMemberSpan(text, {"structured", "card"}, SpanEnd::BeforeClosingBraces, *after))
                return span;
        }
    }
    return cleanMemberSpan(text, {"structured", "card"});
}

bool readCleanTape(std::string_view text, simdjson::dom::element *root)
{
    // The reader's limit; a byte order mark or a NUL byte (which the reader treats specially) is refused by
    // the DOM parser, so that text goes the exact way.
    if (text.size() >= std::numeric_limits<std::uint32_t>::max() / 2)
        return false;
    struct TapeBuffers
    {
        simdjson::dom::parser parser;
        std::vector<char> padded;
    };
    thread_local TapeBuffers kept;
    // simdjson's DOM parser keeps about 14 bytes per byte of its largest text; a larger card (a full
    // canvas is about 100 KB) takes the exact way, whose buffers of its own are freed after it.
    constexpr std::size_t kTapeKeptBytes = std::size_t(256) << 10;
    if (text.size() > kTapeKeptBytes)
        return false;
    const std::size_t capacity = text.size() + simdjson::SIMDJSON_PADDING;
    if (kept.padded.size() < capacity)
        kept.padded.resize(capacity);
    if (!text.empty())
        std::memcpy(kept.padded.data(), text.data(), text.size());
    std::memset(kept.padded.data() + text.size(), 0, simdjson::SIMDJSON_PADDING);
    simdjson::dom::element value;
    if (kept.parser.parse(kept.padded.data(), text.size(), false).get(value))
        return false;
    TapeCheck check;
    if (!check.check(value, 0))
        return false;
    *root = value;
    return true;
}

} // namespace Tessera
