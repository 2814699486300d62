// scriptedbackend SCRIPT.jsonl — a fake agent backend for tests: plays a conversation script over
// stdio in wire protocol v1 (PRODUCT.md §4). Built by CMake as the target `scriptedbackend`; tests get
// its path from $<TARGET_FILE:scriptedbackend>, e.g. `--backend-cmd "PATH/scriptedbackend script.jsonl"`.
//
// The script is JSON Lines, one action per line, played in order. Blank lines and lines starting with
// '#' are skipped. Actions:
//   {"expect":"user.message"}           read the next non-blank line from stdin; its "type" must be this
//   {"expect":"user.message","contains":"hello"}
//                                       ... and the line must contain this text (exact bytes)
//   {"send":{…event…}}                  write the object exactly as written in the script (same bytes,
//                                       same key order) and '\n'
//   {"sendRaw":"bytes"}                 write the string as it is, no '\n' added (JSON escapes apply:
//                                       "{\"type\":\n" is a broken event; "abc" with no "\n" is half a line)
//   {"sleep":250}                       wait this many milliseconds
//   {"flood":{"count":10000,"turnId":"t1"}}
//                                       message.delta events of turn turnId (default "t1") as fast as
//                                       possible; delta i has the text "<i> " (0-based), so order can be checked
//   {"bigLine":52428800}                one line of exactly this many bytes before its '\n': a message.delta
//                                       of turn "t1" whose text is 'x's (written in pieces, never held whole)
//   {"bigLine":52428800,"newline":false}  the same without the '\n' (then e.g. exit in the middle of it)
//   {"stderr":"text"}                   write the text and '\n' to stderr
//   {"exit":3}                          flush and exit with this code
//   {"hang":true}                       stop responding: sleep until killed
//   {"kill":9}                          die by this signal (a crash: QProcess::CrashExit)
//   {"pidFile":"PATH"}                  write this process's id and '\n' to PATH (a test checks it dies)
// When the script ends, the program reads stdin until it closes, then exits 0 (like a backend that
// stays up until the client goes away).
//
// Faults of the script itself: a line on stderr and exit 2 (unreadable script) or 3 (an expectation not
// met, or stdin closed while expecting).

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cards/strictjson.h>

namespace {

using nlohmann::json;

struct Action
{
    int line = 0;
    json value;
    std::string sendBytes; // "send": the object's exact bytes from the script
};

[[noreturn]] void die(int code, const std::string &message)
{
    std::fflush(stdout);
    std::fprintf(stderr, "scriptedbackend: %s\n", message.c_str());
    std::fflush(stderr);
    std::exit(code);
}

void writeOut(const std::string &bytes)
{
    if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size())
        die(4, "cannot write to stdout");
}

std::vector<Action> readScript(const char *path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        die(2, std::string("cannot read the script ") + path);
    std::vector<Action> actions;
    std::string text;
    int lineNumber = 0;
    while (std::getline(file, text)) {
        ++lineNumber;
        while (!text.empty() && (text.back() == '\r' || text.back() == ' ' || text.back() == '\t'))
            text.pop_back();
        const std::size_t first = text.find_first_not_of(" \t");
        if (first == std::string::npos || text[first] == '#')
            continue;
        Tessera::StrictJsonOptions options;
        options.spanPointer = "/send";
        const Tessera::StrictJsonResult result = Tessera::parseStrictJson(text, options);
        const std::string where = "script line " + std::to_string(lineNumber) + ": ";
        if (!result.ok())
            die(2, where + "not JSON: " + result.error);
        if (!result.value->is_object() || result.value->empty())
            die(2, where + "an action is a JSON object such as {\"send\":{…}}");
        Action action;
        action.line = lineNumber;
        action.value = *result.value;
        if (action.value.contains("send")) {
            if (result.spanBegin == std::string::npos || result.spanEnd == std::string::npos)
                die(2, where + "\"send\" takes a JSON object (an event)");
            action.sendBytes = text.substr(result.spanBegin, result.spanEnd - result.spanBegin);
        }
        actions.push_back(std::move(action));
    }
    return actions;
}

void expect(const Action &action)
{
    const json &type = action.value["expect"];
    if (!type.is_string())
        die(2, "script line " + std::to_string(action.line) + ": \"expect\" takes an event type");
    std::string line;
    for (;;) {
        if (!std::getline(std::cin, line))
            die(3, "stdin closed while expecting " + type.get<std::string>());
        if (line.find_first_not_of(" \t\r") != std::string::npos)
            break;
    }
    const Tessera::StrictJsonResult result = Tessera::parseStrictJson(line);
    const json *received = result.ok() && result.value->is_object() ? &*result.value : nullptr;
    const auto receivedType = received ? received->find("type") : json::const_iterator();
    if (!received || receivedType == received->end() || *receivedType != type)
        die(3, "expected " + type.get<std::string>() + ", got: " + line);
    if (auto contains = action.value.find("contains"); contains != action.value.end() && contains->is_string()
        && line.find(contains->get<std::string>()) == std::string::npos)
        die(3, "expected " + type.get<std::string>() + " containing " + contains->get<std::string>() + ", got: " + line);
}

void flood(const json &options)
{
    const long long count = options.value("count", 0LL);
    const std::string turnId = options.value("turnId", std::string("t1"));
    const std::string head = "{\"type\":\"message.delta\",\"turnId\":" + json(turnId).dump() + ",\"text\":\"";
    std::string out;
    for (long long i = 0; i < count; ++i) {
        out += head;
        out += std::to_string(i);
        out += " \"}\n";
        if (out.size() > 64 * 1024) {
            writeOut(out);
            out.clear();
        }
    }
    writeOut(out);
    std::fflush(stdout);
}

void bigLine(long long bytes, bool newline)
{
    const std::string head = "{\"type\":\"message.delta\",\"turnId\":\"t1\",\"text\":\"";
    const std::string tail = "\"}";
    long long fill = bytes - (long long)(head.size() + tail.size());
    if (fill < 0) {
        writeOut(std::string(std::size_t(bytes > 0 ? bytes : 0), 'x'));
    } else {
        writeOut(head);
        const std::string piece(1024 * 1024, 'x');
        while (fill > 0) {
            const long long n = fill < (long long)piece.size() ? fill : (long long)piece.size();
            writeOut(piece.substr(0, std::size_t(n)));
            fill -= n;
        }
        writeOut(tail);
    }
    if (newline)
        writeOut("\n");
    std::fflush(stdout);
}

void play(const Action &action)
{
    const json &v = action.value;
    const std::string where = "script line " + std::to_string(action.line) + ": ";
    if (v.contains("expect")) {
        expect(action);
    } else if (v.contains("send")) {
        writeOut(action.sendBytes + "\n");
        std::fflush(stdout);
    } else if (v.contains("sendRaw")) {
        if (!v["sendRaw"].is_string())
            die(2, where + "\"sendRaw\" takes a string");
        writeOut(v["sendRaw"].get<std::string>());
        std::fflush(stdout);
    } else if (v.contains("sleep")) {
        if (!v["sleep"].is_number())
            die(2, where + "\"sleep\" takes milliseconds");
        std::fflush(stdout);
        std::this_thread::sleep_for(std::chrono::milliseconds(v["sleep"].get<long long>()));
    } else if (v.contains("flood")) {
        flood(v["flood"].is_object() ? v["flood"] : json::object());
    } else if (v.contains("bigLine")) {
        if (!v["bigLine"].is_number_integer())
            die(2, where + "\"bigLine\" takes a byte count");
        bigLine(v["bigLine"].get<long long>(), v.value("newline", true));
    } else if (v.contains("stderr")) {
        std::fflush(stdout);
        const std::string text = v["stderr"].is_string() ? v["stderr"].get<std::string>() : v["stderr"].dump();
        std::fprintf(stderr, "%s\n", text.c_str());
        std::fflush(stderr);
    } else if (v.contains("exit")) {
        std::fflush(stdout);
        std::fflush(stderr);
        std::exit(v["exit"].is_number_integer() ? v["exit"].get<int>() : 0);
    } else if (v.contains("kill")) {
        std::fflush(stdout);
        std::fflush(stderr);
        std::raise(v["kill"].is_number_integer() ? v["kill"].get<int>() : SIGKILL);
        die(2, where + "the signal did not end the program");
    } else if (v.contains("pidFile")) {
        if (!v["pidFile"].is_string())
            die(2, where + "\"pidFile\" takes a path");
        std::ofstream out(v["pidFile"].get<std::string>());
        out << ::getpid() << '\n';
        if (!out.flush())
            die(2, where + "cannot write the pid file");
    } else if (v.contains("hang")) {
        std::fflush(stdout);
        for (;;)
            std::this_thread::sleep_for(std::chrono::hours(1));
    } else {
        die(2, where + "unknown action " + v.dump());
    }
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: scriptedbackend SCRIPT.jsonl\n");
        return 2;
    }
    std::ios::sync_with_stdio(true);
    try {
        const std::vector<Action> actions = readScript(argv[1]);
        for (const Action &action : actions)
            play(action);
    } catch (const std::exception &e) {
        die(2, std::string("bad script: ") + e.what());
    }
    std::fflush(stdout);
    std::string line;
    while (std::getline(std::cin, line)) {
    }
    return 0;
}
