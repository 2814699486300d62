#include <widgets/kinds/codehighlighter.h>

#include <map>
#include <stack>
#include <string>
#include <vector>

#include <QColor>
#include <QHash>
#include <QRegularExpression>
#include <QTextCharFormat>
#include <QTextDocument>

#include <boost/make_shared.hpp>

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/instances.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/langmap.h>
#include <srchilite/settings.h>
#include <srchilite/sourcehighlighter.h>

#include <widgets/common/theme.h>

namespace Tessera {

namespace {

enum class Role { Keyword, Type, String, Comment, Number, Preproc, Function, Variable, Todo, Removed, Added, Heading, Marker };

struct Span
{
    int start = 0; // UTF-8 byte offset in the line
    int length = 0;
    Role role = Role::Keyword;
};

// The element names source-highlight's definitions use, and how each is drawn. Elements not listed
// (normal, symbol, cbracket, …) keep the default format.
const std::vector<std::pair<std::string, Role>> &elementRoles()
{
    static const std::vector<std::pair<std::string, Role>> roles{
        {"keyword", Role::Keyword},     {"atom", Role::Keyword},         {"label", Role::Keyword},
        {"type", Role::Type},           {"usertype", Role::Type},        {"classname", Role::Type},
        {"attribute", Role::Type},      {"property", Role::Type},        {"selector", Role::Keyword},
        {"string", Role::String},       {"regexp", Role::String},        {"specialchar", Role::String},
        {"value", Role::String},        {"url", Role::String},           {"comment", Role::Comment},
        {"number", Role::Number},       {"preproc", Role::Preproc},      {"function", Role::Function},
        {"predef_func", Role::Function}, {"variable", Role::Variable},   {"predef_var", Role::Variable},
        {"todo", Role::Todo},           {"oldfile", Role::Removed},      {"newfile", Role::Added},
        {"difflines", Role::Heading},   {"date", Role::Number},          {"time", Role::Number},
        {"ip", Role::Number},
    };
    return roles;
}

// Records what source-highlight asks to format; one instance per element name.
class RecordingFormatter : public srchilite::Formatter
{
public:
    RecordingFormatter(Role role, bool record, std::vector<Span> *spans, int *cursor)
        : m_role(role), m_record(record), m_spans(spans), m_cursor(cursor)
    {}

    void format(const std::string &s, const srchilite::FormatterParams *params) override
    {
        const int start = params && params->start >= 0 ? params->start : *m_cursor;
        const int length = int(s.size());
        if (m_record && length > 0)
            m_spans->push_back({start, length, m_role});
        *m_cursor = start + length;
    }

private:
    Role m_role;
    bool m_record;
    std::vector<Span> *m_spans; // Not owned.
    int *m_cursor;              // Not owned.
};

// Source-highlight state between lines: the current state and the stack of states to return to.
struct SavedState
{
    srchilite::HighlightStatePtr current;
    srchilite::HighlightStateStack stack;
};

std::vector<unsigned> stateKey(const srchilite::HighlightStatePtr &current, srchilite::HighlightStateStack stack)
{
    std::vector<unsigned> key{current ? current->getId() : 0u};
    while (!stack.empty()) {
        key.push_back(stack.top() ? stack.top()->getId() : 0u);
        stack.pop();
    }
    return key;
}

QString dataDir()
{
    try {
        const std::string dir = srchilite::Settings::retrieveDataDir();
        if (!dir.empty())
            return QString::fromStdString(dir);
    } catch (...) {
    }
    return QStringLiteral("/usr/share/source-highlight");
}

QString aliasFor(const QString &hint)
{
    static const QHash<QString, QString> aliases{
        {QStringLiteral("typescript"), QStringLiteral("javascript")},
        {QStringLiteral("ts"), QStringLiteral("javascript")},
        {QStringLiteral("tsx"), QStringLiteral("javascript")},
        {QStringLiteral("jsx"), QStringLiteral("javascript")},
        {QStringLiteral("mjs"), QStringLiteral("javascript")},
        {QStringLiteral("cjs"), QStringLiteral("javascript")},
        {QStringLiteral("node"), QStringLiteral("javascript")},
        {QStringLiteral("py"), QStringLiteral("python")},
        {QStringLiteral("python3"), QStringLiteral("python")},
        {QStringLiteral("sh"), QStringLiteral("sh")},
        {QStringLiteral("shell"), QStringLiteral("sh")},
        {QStringLiteral("bash"), QStringLiteral("sh")},
        {QStringLiteral("zsh"), QStringLiteral("sh")},
        {QStringLiteral("console"), QStringLiteral("sh")},
        {QStringLiteral("shellscript"), QStringLiteral("sh")},
        {QStringLiteral("c++"), QStringLiteral("cpp")},
        {QStringLiteral("cxx"), QStringLiteral("cpp")},
        {QStringLiteral("cc"), QStringLiteral("cpp")},
        {QStringLiteral("hpp"), QStringLiteral("cpp")},
        {QStringLiteral("hh"), QStringLiteral("cpp")},
        {QStringLiteral("hxx"), QStringLiteral("cpp")},
        {QStringLiteral("yml"), QStringLiteral("yaml")},
        {QStringLiteral("golang"), QStringLiteral("go")},
        {QStringLiteral("rs"), QStringLiteral("rust")},
        {QStringLiteral("rb"), QStringLiteral("ruby")},
        {QStringLiteral("cs"), QStringLiteral("csharp")},
        {QStringLiteral("c#"), QStringLiteral("csharp")},
        {QStringLiteral("kt"), QStringLiteral("kotlin")},
        {QStringLiteral("jsonc"), QStringLiteral("json")},
        {QStringLiteral("json5"), QStringLiteral("json")},
        {QStringLiteral("patch"), QStringLiteral("diff")},
        {QStringLiteral("postgres"), QStringLiteral("sql")},
        {QStringLiteral("postgresql"), QStringLiteral("sql")},
        {QStringLiteral("psql"), QStringLiteral("sql")},
        {QStringLiteral("mysql"), QStringLiteral("sql")},
        {QStringLiteral("sqlite"), QStringLiteral("sql")},
        {QStringLiteral("plsql"), QStringLiteral("sql")},
        {QStringLiteral("toml"), QStringLiteral("ini")},
        {QStringLiteral("htm"), QStringLiteral("html")},
    };
    return aliases.value(hint, hint);
}

// Text colors per role, chosen for at least 4.5:1 contrast on the theme's Base colors.
QColor roleColor(Role role, bool dark)
{
    switch (role) {
    case Role::Keyword:
        return dark ? QColor(0xc6, 0x78, 0xdd) : QColor(0x8a, 0x2b, 0x9c);
    case Role::Type:
        return dark ? QColor(0x56, 0xb6, 0xc2) : QColor(0x0b, 0x6e, 0x7f);
    case Role::String:
    case Role::Added:
        return dark ? QColor(0x98, 0xc3, 0x79) : QColor(0x2e, 0x7d, 0x32);
    case Role::Comment:
        return dark ? QColor(0x8b, 0x92, 0x9b) : QColor(0x5f, 0x67, 0x70);
    case Role::Number:
        return dark ? QColor(0xd1, 0x9a, 0x66) : QColor(0x98, 0x50, 0x00);
    case Role::Preproc:
    case Role::Function:
    case Role::Heading:
        return dark ? QColor(0x61, 0xaf, 0xef) : QColor(0x1f, 0x5f, 0xbf);
    case Role::Variable:
        return dark ? QColor(0xe5, 0xc0, 0x7b) : QColor(0x7a, 0x4d, 0x00);
    case Role::Removed:
        return dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xb3, 0x26, 0x1e);
    case Role::Todo:
    case Role::Marker:
        break;
    }
    return {};
}

} // namespace

struct CodeHighlighter::Private
{
    QString languageFile;
    bool dark = false;
    QPalette palette;

    // Source-highlight objects; all null when highlighting plain text.
    std::unique_ptr<srchilite::SourceHighlighter> highlighter;
    std::unique_ptr<srchilite::FormatterManager> formatters;
    srchilite::FormatterParams params;
    std::vector<Span> spans;
    int cursor = 0;

    std::vector<SavedState> states;                // index = block state
    std::map<std::vector<unsigned>, int> stateIds; // state key -> index

    QTextCharFormat formats[int(Role::Marker) + 1];

    void buildFormats();
    int remember(const srchilite::HighlightStatePtr &current, const srchilite::HighlightStateStack &stack);
};

void CodeHighlighter::Private::buildFormats()
{
    for (int i = 0; i <= int(Role::Marker); ++i) {
        const auto role = Role(i);
        QTextCharFormat format;
        const QColor color = roleColor(role, dark);
        if (color.isValid())
            format.setForeground(color);
        switch (role) {
        case Role::Keyword:
        case Role::Heading:
            format.setFontWeight(QFont::Bold);
            break;
        case Role::Comment:
            format.setFontItalic(true);
            break;
        case Role::Todo:
            format.setForeground(toneColor(StatusTone::Warn, palette));
            format.setFontWeight(QFont::Bold);
            format.setFontItalic(true);
            break;
        case Role::Marker: {
            // Distinct from every syntax role: warning color on a warning tint, framed.
            const QColor tone = toneColor(StatusTone::Warn, palette);
            QColor tint = tone;
            tint.setAlpha(dark ? 70 : 45);
            format.setForeground(dark ? tone.lighter(115) : tone.darker(130));
            format.setBackground(tint);
            format.setFontWeight(QFont::Bold);
            format.setFontItalic(false);
            format.setUnderlineStyle(QTextCharFormat::DotLine);
            format.setUnderlineColor(tone);
            break;
        }
        default:
            break;
        }
        formats[i] = format;
    }
}

int CodeHighlighter::Private::remember(const srchilite::HighlightStatePtr &current,
                                       const srchilite::HighlightStateStack &stack)
{
    const std::vector<unsigned> key = stateKey(current, stack);
    const auto found = stateIds.find(key);
    if (found != stateIds.end())
        return found->second;
    const int id = int(states.size());
    states.push_back({current, stack});
    stateIds.emplace(key, id);
    return id;
}

CodeHighlighter::CodeHighlighter(const QString &language, QTextDocument *document)
    : QSyntaxHighlighter(document)
    , d(std::make_unique<Private>())
{
    d->palette = QPalette();
    d->dark = isDarkPalette(d->palette);
    d->buildFormats();
    const QString file = languageFileFor(language);
    if (file.isEmpty())
        return;
    try {
        srchilite::LangDefManager *manager = srchilite::Instances::getLangDefManager();
        srchilite::HighlightStatePtr mainState =
            manager->getHighlightState(dataDir().toStdString(), file.toStdString());
        if (!mainState)
            return;
        auto defaultFormatter = boost::shared_ptr<srchilite::Formatter>(
            new RecordingFormatter(Role::Keyword, false, &d->spans, &d->cursor));
        d->formatters = std::make_unique<srchilite::FormatterManager>(defaultFormatter);
        for (const auto &[element, role] : elementRoles()) {
            d->formatters->addFormatter(element, boost::shared_ptr<srchilite::Formatter>(
                                                     new RecordingFormatter(role, true, &d->spans, &d->cursor)));
        }
        d->highlighter = std::make_unique<srchilite::SourceHighlighter>(mainState);
        d->highlighter->setFormatterManager(d->formatters.get());
        d->highlighter->setOptimize(false); // one format() call per element, so positions stay exact
        d->highlighter->setFormatterParams(&d->params);
        d->remember(mainState, srchilite::HighlightStateStack());
        d->languageFile = file;
    } catch (...) {
        // A definition source-highlight cannot load: plain text.
        d->highlighter.reset();
        d->formatters.reset();
        d->languageFile.clear();
    }
}

CodeHighlighter::~CodeHighlighter() = default;

QString CodeHighlighter::languageFile() const
{
    return d->languageFile;
}

QString CodeHighlighter::languageFileFor(const QString &hint)
{
    const QString name = aliasFor(hint.trimmed().toLower());
    if (name.isEmpty() || name.size() > 32)
        return {};
    for (const QChar c : name) {
        // Names in lang.map are short words; anything path-like is not a language.
        if (!(c.isLetterOrNumber() || c == u'_' || c == u'-' || c == u'+' || c == u'#'))
            return {};
    }
    try {
        srchilite::LangMap *map = srchilite::Instances::getLangMap();
        if (!map)
            return {};
        return QString::fromStdString(map->getMappedFileName(name.toStdString()));
    } catch (...) {
        return {};
    }
}

void CodeHighlighter::setPalette(const QPalette &palette, Rehighlight rehighlight)
{
    d->palette = palette;
    d->dark = isDarkPalette(palette);
    d->buildFormats();
    if (rehighlight == Rehighlight::Now)
        QSyntaxHighlighter::rehighlight();
}

bool CodeHighlighter::isInvisibleOrControl(char32_t c)
{
    if (c == U'\t' || c == U'\n')
        return false;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
        return true; // C0 (except tab, LF), DEL, C1
    switch (c) {
    case 0x00ad: // soft hyphen
    case 0x034f: // combining grapheme joiner
    case 0x061c: // Arabic letter mark
    case 0x115f:
    case 0x1160: // Hangul fillers
    case 0x17b4:
    case 0x17b5: // Khmer inherent vowels
    case 0x2028:
    case 0x2029: // line / paragraph separator
    case 0x3164: // Hangul filler
    case 0xfeff: // zero-width no-break space / BOM
    case 0xffa0: // halfwidth Hangul filler
        return true;
    default:
        break;
    }
    return (c >= 0x180b && c <= 0x180f)     // Mongolian variation selectors, vowel separator
        || (c >= 0x200b && c <= 0x200f)     // zero-width space/joiners, LRM, RLM
        || (c >= 0x202a && c <= 0x202e)     // bidi embeddings and overrides
        || (c >= 0x2060 && c <= 0x206f)     // word joiner, invisible operators, bidi isolates, deprecated
        || (c >= 0xfe00 && c <= 0xfe0f)     // variation selectors
        || (c >= 0xfff9 && c <= 0xfffb)     // interlinear annotation
        || (c >= 0x1d173 && c <= 0x1d17a)   // musical formatting
        || (c >= 0xe0000 && c <= 0xe007f)   // tags
        || (c >= 0xe0100 && c <= 0xe01ef);  // variation selectors supplement
}

QString CodeHighlighter::displayText(const QString &code)
{
    QString out;
    out.reserve(code.size());
    const QList<uint> points = code.toUcs4();
    for (qsizetype i = 0; i < points.size(); ++i) {
        const char32_t c = points.at(i);
        if (c == U'\r' && i + 1 < points.size() && points.at(i + 1) == U'\n')
            continue; // CR LF line ends display as LF
        if (isInvisibleOrControl(c)) {
            out += QChar(0x27e8);
            out += QStringLiteral("U+%1").arg(uint(c), 4, 16, QLatin1Char('0')).toUpper();
            out += QChar(0x27e9);
        } else {
            out += QString::fromUcs4(&c, 1);
        }
    }
    return out;
}

void CodeHighlighter::highlightBlock(const QString &text)
{
    int nextState = -1;
    if (d->highlighter) {
        int stateIndex = previousBlockState();
        if (stateIndex < 0 || stateIndex >= int(d->states.size()))
            stateIndex = 0;
        const SavedState &saved = d->states.at(size_t(stateIndex));
        try {
            d->highlighter->setCurrentState(saved.current);
            d->highlighter->setStateStack(boost::make_shared<srchilite::HighlightStateStack>(saved.stack));
            d->spans.clear();
            d->cursor = 0;
            const QByteArray utf8 = text.toUtf8();
            d->highlighter->highlightParagraph(std::string(utf8.constData(), size_t(utf8.size())) + '\n');

            // UTF-8 byte offset -> UTF-16 index of the line.
            std::vector<int> index(size_t(utf8.size()) + 2, int(text.size()));
            int u16 = 0;
            for (int b = 0; b < utf8.size();) {
                const auto lead = uchar(utf8.at(b));
                const int bytes = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
                for (int k = 0; k < bytes && b + k < utf8.size(); ++k)
                    index[size_t(b + k)] = u16;
                u16 += bytes == 4 ? 2 : 1;
                b += bytes;
            }
            for (const Span &span : d->spans) {
                if (span.start < 0 || span.start >= utf8.size())
                    continue;
                const int from = index[size_t(span.start)];
                const int to = index[size_t(qMin(span.start + span.length, int(utf8.size())))];
                if (to > from)
                    setFormat(from, to - from, d->formats[int(span.role)]);
            }
            nextState = d->remember(d->highlighter->getCurrentState(), *d->highlighter->getStateStack());
        } catch (...) {
            nextState = 0; // source-highlight gave up on this line: plain text, start fresh
        }
    }
    setCurrentBlockState(nextState);

    // Markers for invisible characters go on top of everything else.
    static const QRegularExpression marker(QStringLiteral("\u27e8U\\+[0-9A-F]{4,6}\u27e9"));
    for (auto it = marker.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        setFormat(int(m.capturedStart()), int(m.capturedLength()), d->formats[int(Role::Marker)]);
    }
}

} // namespace Tessera
